"""ATTACK on another power's transports in barbarian land through the script runner
(war/transport_attack.py; seed 002 L1657, L1683-1685, ex L1699-1701, L1731, L1858; digest P4;
rulings R99, R110, R175). Pure: states built by hand, loaded dice."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.war.events import BattleFought
from adjudicator.rulesets.medioevo.war.events_conquest import SpoilsTaken
from adjudicator.rulesets.medioevo.war.invariants import problems

from .test_war_attack_run import DATA, events, game, run
from .test_war_defence_run import doctrine

ATTACK = "ATTACK venice cart 1 FROM cart 1 WITH captain 1"


def in_rascia() -> MedioevoState:
    """Ex L1699: in barbarian Rascia Venice (B) has a war cart with its captain and 6 VF, and a
    caravan with 3 VF; Hungary (A) stands there with a cart of 15 VF and its captain."""
    state = game(cart_vf=15, venice=3)
    state = state.evolve(territories={**state.territories, "rascia": TerritoryState()})
    state = state.with_piece(state.pieces[0], location="rascia")
    state = state.with_piece(state.pieces[1], location="rascia")
    venice = (
        Piece(owner="venice", kind="war_wagon", number=1, level=1, location="rascia", vf=6),
        Piece(owner="venice", kind="captain", number=1, level=1, location="rascia", aboard="war_wagon/1"),
        Piece(owner="venice", kind="caravan", number=1, level=1, location="rascia", vf=3),
    )
    return state.evolve(pieces=(*state.pieces, *venice))


ROUNDS = [2, 1] * 4 + [5, 1]  # B loses 1 VF a round, then 4 at the start of the 5th: 1 left


def test_ex_L1699_the_last_vf_guards_the_war_transport_with_the_captain() -> None:
    """Ex L1699-1701 (L1683-1685, R99): Venice ends the battle with 1 VF for two transports; by
    default it stays on the war cart carrying its captain; the caravan is left ownerless (R110)."""
    out, _ = run(in_rascia(), ROUNDS, f"PLAN p WITHDRAW AFTER 5\n{ATTACK} PLAN p")
    assert out.results[0].ok, out.results
    (fought,) = events(out, BattleFought)
    assert (fought.lost["venice"], fought.lost["hungary"], len(fought.rounds)) == (8, 2, 5)
    cart = out.state.piece("venice", "war_wagon", 1)
    assert cart is not None and cart.vf == 1
    assert out.state.piece("venice", "captain", 1) is not None
    assert [w.was for w in out.state.wrecks] == ["venice caravan 1"]
    assert problems(out.state, DATA) == []


def test_ex_L1699_LAST_ARMY_keeps_the_goods_and_loses_the_captain() -> None:
    """Ex L1699-1701: with ``DOCTRINE LAST ARMY ON caravan 1`` the last VF saves the caravan (its
    goods); the war cart is ownerless and the captain aboard it is lost with it."""
    state = doctrine(in_rascia(), "venice", "DOCTRINE LAST ARMY ON caravan 1")
    out, _ = run(state, ROUNDS, f"PLAN p WITHDRAW AFTER 5\n{ATTACK} PLAN p")
    caravan = out.state.piece("venice", "caravan", 1)
    assert caravan is not None and caravan.vf == 1
    assert out.state.piece("venice", "captain", 1) is None
    assert [w.was for w in out.state.wrecks] == ["venice cart 1"]
    assert problems(out.state, DATA) == []


def test_L1858_transports_whose_last_vf_falls_are_taken_as_a_conquest() -> None:
    """L1858 (R106, R175): all of Venice's VF in Rascia fall: its captain is destroyed (+1 PO);
    Hungary at LT I has its one cart already, so Venice's is sacked (L835, ex L1836); the caravan
    is conquered and gets 1 VF from Hungary's cart. Rascia stays barbarian."""
    out, _ = run(in_rascia(), [6, 1] * 2, ATTACK)
    assert out.results[0].ok, out.results
    (taken,) = events(out, SpoilsTaken)
    assert (taken.po, taken.florins) == (1, 50)
    assert not out.state.pieces_of("venice")
    caravan = out.state.piece("hungary", "caravan", 1)
    assert caravan is not None and (caravan.vf, caravan.location) == (1, "rascia")
    cart = out.state.piece("hungary", "war_wagon", 1)
    assert cart is not None and cart.vf == 15 - 4 - 1
    assert out.state.territories["rascia"].owner is None
    assert problems(out.state, DATA) == []


def test_P4_the_attackers_must_stand_with_the_transport_in_barbarian_land() -> None:
    """L1657 (P4): the attacking transports stand in the target's territory; a transport in a
    power's territory is taken by attacking the territory (L1655)."""
    state = in_rascia()
    away = state.with_piece(state.pieces[0], location="banato")
    out, _ = run(away, [6, 1], ATTACK)
    reason = out.results[0].reason
    assert reason is not None and "must stand in rascia" in reason.message
    owned = state.with_territory("rascia", owner="venice")
    out, _ = run(owned, [6, 1], ATTACK)
    reason = out.results[0].reason
    assert reason is not None and "attack the territory" in reason.message
