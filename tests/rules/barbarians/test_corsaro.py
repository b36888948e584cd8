"""CORSARO (seed 002 L2618-2624) on ex L2588, ex L2590 and ex L2292-2294."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.barbarians import corsaro, ships
from adjudicator.rulesets.medioevo.barbarians.news import BarbarianAttack, CorsaroRaid
from adjudicator.rulesets.medioevo.commerce import parse as commerce_parse
from adjudicator.rulesets.medioevo.commerce.ledger import Refusal
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import BARBARIANS, CardEffect, MedioevoState
from adjudicator.rulesets.medioevo.view import view
from tests.rules.calamities.board import DATA, board, land

SEA = "mar_ionio"


def _ships(owner: str, escort: int, merchant_vf: int = 0) -> list[Piece]:
    out = [
        Piece(
            owner=owner,
            kind="merchant",
            number=1,
            level=1,
            location=SEA,
            vf=merchant_vf,
            wares={"spezie": 20},
        )
    ]
    out += [Piece(owner=owner, kind="galley", number=n, level=escort, location=SEA, vf=1) for n in (1,)]
    return out


def _state(techs: int, gained: tuple[str, ...], pieces: list[Piece], port: bool = True) -> MedioevoState:
    """The raider with ``techs`` technologies (its LT) and ``gained`` ones, the CORSARO in hand, and
    Peloponneso (a port on the zone) its own unless ``port`` is False."""
    state = board(
        {"raider": (), "victim": ()}, {"peloponneso": land("raider" if port else None, vf=5)}, pieces=pieces
    )
    many = tuple(f"t{i}" for i in range(techs))
    return state.with_power("raider", techs=(*many, *gained), cards=("corsaro",))


def test_noting_needs_the_card_and_a_port_and_stays_secret():
    """L2618: a port of one's own on the zone; the note is its owner's and the GM's only."""
    state = _state(8, (), [])
    after, told = corsaro.note(state, "raider", corsaro.Corsair(SEA), DATA)
    assert after.powers["raider"].cards == () and told[0].visibility.powers == ("raider",)
    assert view(after, "victim").get("card_effects", []) == [] and view(after, "raider")["card_effects"]
    try:
        corsaro.note(_state(8, (), [], port=False), "raider", corsaro.Corsair(SEA), DATA)
    except Refusal as why:
        assert "port" in str(why)
    else:
        raise AssertionError("noted without a port")
    assert commerce_parse.build("corsaro", "Mar Ionio", state, DATA) == corsaro.Corsair(SEA)


def test_lt_two_steals_six_less_the_escort():
    """Ex L2588: LT II, a Mercantile escorted by a level-2 Galea: 6 goods less 2, 4 stolen."""
    state, _ = corsaro.note(_state(8, (), _ships("victim", 2)), "raider", corsaro.Corsair(SEA), DATA)
    merchant = state.piece("victim", "merchant", 1)
    assert merchant is not None
    after, told = corsaro.ambush(state, merchant, ["epiro", SEA], DATA)
    raid = next(e for e in told if isinstance(e, CorsaroRaid))
    assert (raid.goods, raid.vf, raid.port) == (4, 0, "peloponneso")
    assert after.piece("victim", "merchant", 1).wares == {"spezie": 16}
    assert [(g.territory, g.amount) for g in after.loose_goods] == [("peloponneso", 4)]
    assert "corsaro" in after.discards and not after.card_effects


def test_gilde_kills_and_no_port_loses_the_goods():
    """Ex L2290 (L2590): LT III with GILDE, 2 level-3 Galee of escort: 9 less 6, 3 goods and 3 VF;
    no port of its own left there: the goods are lost."""
    pieces = _ships("victim", 3, merchant_vf=10)
    pieces.append(Piece(owner="victim", kind="galley", number=2, level=3, location=SEA, vf=1))
    state = _state(16, ("gilde",), pieces, port=False)
    note = CardEffect(card="corsaro", holder="raider", played_by="raider", until=5, territories=(SEA,))
    state = state.evolve(card_effects=(note,))
    after, told = corsaro.ambush(state, state.piece("victim", "merchant", 1), [SEA], DATA)
    assert (told[0].goods, told[0].vf, told[0].port) == (3, 3, None)
    assert after.piece("victim", "merchant", 1).vf == 7 and after.loose_goods == ()


def test_the_pirate_galley_then_attacks_with_nine():
    """Ex L2292-2294: a level-II Galea, a Mercantile and 15 VF; the mamluk (LT III, GILDE) steals 7
    and kills 7 (9-2); in the next Barbari sub-phase the pirate Galea's 10 VF attack with 9 the 8 left."""
    pieces = [
        Piece(owner="victim", kind="merchant", number=1, level=1, location=SEA, vf=15, wares={"spezie": 20}),
        Piece(owner="victim", kind="galley", number=1, level=2, location=SEA),
        Piece(owner=BARBARIANS, kind="galley", number=1, level=1, location=SEA, vf=10),
    ]
    state = _state(16, ("gilde",), pieces)
    state, _ = corsaro.note(state, "raider", corsaro.Corsair(SEA), DATA)
    state, told = corsaro.ambush(state, state.piece("victim", "merchant", 1), [SEA], DATA)
    assert (told[0].goods, told[0].vf) == (7, 7)
    _after, fought = ships.sea_fights(
        state, Dice(seed=b"c", namespace="T5.events", loaded=[4, 4, 6, 1] * 5), DATA
    )
    attack = next(e for e in fought if isinstance(e, BarbarianAttack))
    assert (attack.vf, attack.defender) == (9, "victim")


def test_gilde_may_take_prisoners_or_slaves_instead():
    """L2620: instead of killing the VF, prisoners or Slave goods, as the note says."""
    state = _state(8, ("gilde",), _ships("victim", 1, merchant_vf=10))
    assert commerce_parse.build("corsaro", "Mar Ionio prisoners", state, DATA) == corsaro.Corsair(
        SEA, "PRISONERS"
    )
    noted, _ = corsaro.note(state, "raider", corsaro.Corsair(SEA, "PRISONERS"), DATA)
    after, told = corsaro.ambush(noted, noted.piece("victim", "merchant", 1), [SEA], DATA)
    assert (told[0].vf, told[0].mode) == (5, "prisoners") and after.powers["raider"].prisoners == {
        "victim": 5
    }
    noted, _ = corsaro.note(state, "raider", corsaro.Corsair(SEA, "SLAVES"), DATA)
    after, told = corsaro.ambush(noted, noted.piece("victim", "merchant", 1), [SEA], DATA)
    heaps = {g.good: g.amount for g in after.loose_goods}
    assert heaps == {"spezie": 5, "schiavi": 5} and told[0].goods == 5
