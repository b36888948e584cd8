"""A power's conquest of barbarian land (seed 002 L2356-2362), PIRATI (L1394-1404) and the variant
ATTIVAZIONE BARBARI A FINE FASE (L3310-3312)."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.barbarians import activation, pirates
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike
from adjudicator.rulesets.medioevo.phase_table import phase_dice, resolve_phase
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import BARBARIANS
from adjudicator.rulesets.medioevo.variants import BARBARIANS_EVERY_PHASE
from tests.rules.calamities.board import DATA, board, land, strike


def dice(*values: int) -> Dice:
    return Dice(seed=b"barbarian tests", namespace="T5.events", loaded=list(values))


def test_conquest_raises_the_neighbours_and_the_kingdom():
    """L2362: every barbarian territory bordering the one taken, and every one of its kingdom, gains
    1 VF, +1/+2/+3 more for a Captain there."""
    chief = Piece(owner=BARBARIANS, kind="captain", number=1, level=2, location="ponto")
    state = board(
        {"mamluks": ()},
        {
            "paflagonia": land("mamluks", vf=3),
            "ponto": land(vf=2),
            "cappadocia": land(vf=1),
            "bitinia": land(vf=1),
        },
        pieces=[chief],
    )
    state, told = activation.activate(state, "mamluks", "paflagonia", DATA)
    assert {t: state.territories[t].armies[BARBARIANS] for t in ("ponto", "cappadocia", "bitinia")} == {
        "ponto": 5,
        "cappadocia": 2,
        "bitinia": 2,
    }
    assert told[0].added == {"ponto": 3, "cappadocia": 1, "bitinia": 1}


def test_a_level_two_captain_fallen_gives_a_treasure():
    """L2358, L2376-2384: the army of a level-II Captain annihilated, the victor draws a card: its
    florins at once, its VF for the next reinforcements, its goods where the Captain fell."""
    chief = Piece(owner=BARBARIANS, kind="captain", number=1, level=2, location="ponto")
    state = board({"mamluks": ()}, {"ponto": land("mamluks", vf=3)})
    state, told = activation.treasure(state, "mamluks", "ponto", (chief,), dice(1, 1), DATA)
    first = next(iter(DATA.treasures.values()))
    held = state.powers["mamluks"]
    assert (held.florins, held.recovered) == (first.params["florins"], first.params["vf"])
    assert [(g.territory, g.good, g.amount) for g in state.loose_goods] == [
        ("ponto", first.params["goods_d8"][0], first.params["goods"])
    ]
    assert len(told) == 1
    level_one = chief.model_copy(update={"level": 1})
    assert activation.treasure(state, "mamluks", "ponto", (level_one,), dice(), DATA)[1] == ()


def test_pirates_appear_by_the_card():
    """L1396-1400: ceil(1d6/2) ships (5: three), 1d8 VF each and a level-I Captain each, in one
    coastal zone of a sea by the card's territories."""
    state = board({"byzantium": ()}, {})
    card = next(iter(DATA.events))
    red = ("peloponneso",)
    hit = CalamityStrike("pirati", card, red, 1, "byzantium")
    where = pirates.zones(hit, DATA)
    picks = [1] * ((len(where) > 1) + (len(next(iter(sorted(where.items())))[1]) > 1))
    (after, _), _roller = strike("pirati", card, state, *picks, 5, 8, 3, 2, red=red)
    boats = [(p.kind, p.vf) for p in after.pieces if p.kind == "galley"]
    crews = [p.aboard for p in after.pieces if p.kind == "captain"]
    assert boats == [("galley", 8), ("galley", 3), ("galley", 2)] and crews == [
        "galley/1",
        "galley/2",
        "galley/3",
    ]
    assert len({p.location for p in after.pieces}) == 1


def test_the_variant_attacks_at_the_end_of_a_phase():
    """L3312: with the variant on, the barbarians attack at the end of the taxes as they would in
    the Events; without it they do not."""
    lands = {"georgia": land(vf=6), "circassia": land("golden_horde", vf=2)}
    plain = board({"golden_horde": ()}, lands)
    assert (
        resolve_phase(plain, "taxes", {}, dice(), DATA).state.territories["circassia"].owner == "golden_horde"
    )
    varied = plain.evolve(variants=(BARBARIANS_EVERY_PHASE,))
    after = resolve_phase(varied, "taxes", {}, dice(6, 1), DATA).state
    assert after.territories["circassia"].owner is None
    declared = {u.purpose for u in phase_dice(varied, "taxes", DATA)}
    assert {"barbarian target T", "battle N round R attacker POWER"} <= declared
    assert "barbarian target T" not in {u.purpose for u in phase_dice(plain, "taxes", DATA)}
