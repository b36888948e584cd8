"""INVASIONE BARBARA (seed 002 L1156-1182) on the example of ex L1120-1132 and ex L1214-1224."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.barbarians import phase
from adjudicator.rulesets.medioevo.barbarians.news import BarbarianAttack
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike, effect_for
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState
from tests.rules.calamities.board import DATA, board, land

EIGHT = (
    "byzantium",
    "mamluks",
    "golden_horde",
    "hungary",
    "castile",
    "france",
    "england",
    "holy_roman_empire",
)


def _example() -> MedioevoState:
    """8 players on turn 7; Mesopotamia and Armenia hold 2 barbarian VF each, Cappadocia and
    Paflagonia 5 mamluk VF each (no STRATEGIA), Bitinia 10 byzantine VF with a Torre and a Cattedrale."""
    return board(
        {p: ("strategia",) if p == "byzantium" else () for p in EIGHT},
        {
            "mesopotamia": land(vf=2),
            "armenia": land(vf=2),
            "cappadocia": land("mamluks", vf=5),
            "paflagonia": land("mamluks", vf=5),
            "bitinia": land("byzantium", "tower", "cathedral", vf=10),
            "costantinopoli": land("byzantium", "city", "castle", vf=20),
        },
        turn=7,
    )


def _invade(state: MedioevoState, *dice: int) -> MedioevoState:
    hit = CalamityStrike("invasione_barbara", next(iter(DATA.events)), ("mesopotamia",), 1, "byzantium")
    roller = Dice(seed=b"invasion", namespace="T7.events", loaded=list(dice))
    effect = effect_for("invasione_barbara")
    assert effect is not None
    after, _ = effect(state, hit, roller, DATA)
    return after


def test_the_invasion_marches_on_constantinople():
    """Ex L1120-1132, L1214-1220: 8 x 1d6 (5) = 40 VF enter at Mesopotamia (the card's entry) for
    Costantinopoli (the 2nd of its three targets); they take in Mesopotamia's 2 VF and Armenia's 2,
    leaving 5 in each (their supply); 34 attack Cappadocia, win with 32 (the Captain to level 2);
    27 attack Paflagonia, win with 25 (level 3); 20 besiege the Torre of Bitinia for the turn."""
    after = _invade(_example(), 5, 2, 6, 1, 6, 1)
    barbarians = {
        t: s.armies.get(BARBARIANS) for t, s in after.territories.items() if s.armies.get(BARBARIANS)
    }
    assert barbarians == {"mesopotamia": 5, "armenia": 5, "cappadocia": 5, "paflagonia": 5, "bitinia": 20}
    assert [(p.level, p.location) for p in after.pieces] == [(3, "bitinia")]
    assert [(s.territory, s.by) for s in after.sieges] == [("bitinia", BARBARIANS)]
    assert after.ongoing is not None and after.ongoing.invasions[0].besieging == "bitinia"
    assert after.territories["bitinia"].owner == "byzantium"


def test_after_the_siege_the_walls_fall_and_the_field_battle_is_fought():
    """Ex L1222: after a turn's siege (no levy: Bitinia is contested) the engine knocks the Torre
    down, a field battle is won, the Cattedrale is destroyed and adds 1 VF (L1170); 5 stay and the
    rest march on Costantinopoli's Castello, besieged in its turn."""
    before = _invade(_example(), 5, 2, 6, 1, 6, 1).evolve(turn=8)
    after, told = phase.resolve(
        before, Dice(seed=b"invasion", namespace="T8.events", loaded=[6, 1, 6, 1]), DATA
    )
    fought = [e for e in told if isinstance(e, BarbarianAttack) and e.target == "bitinia"]
    assert fought and fought[0].won and fought[0].vf == 20
    bitinia = after.territories["bitinia"]
    assert bitinia.owner is None and bitinia.buildings == () and bitinia.armies == {BARBARIANS: 5}
    left = 20 - fought[0].lost[BARBARIANS] + 1 - 5 - 5  # the Cattedrale's VF; 5 stay in Bitinia and in Misia
    assert after.territories["costantinopoli"].armies == {"byzantium": 20, BARBARIANS: left}
    assert [(s.territory, s.by) for s in after.sieges] == [("costantinopoli", BARBARIANS)]


def test_no_kingdom_played_no_march():
    """L1160: none of the entry's target kingdoms is played: the army stays at the entry (R263)."""
    state = board({"castile": ()}, {"mesopotamia": land(vf=2)}, turn=2)
    after = _invade(state, 3)
    assert after.territories["mesopotamia"].armies == {BARBARIANS: 2 + 1 * 3}
    assert after.ongoing is None
