"""Transports caught in hostile land when a war begins (seed 002 L1568-1574, A-48; R109, R124,
R210): the records made by the declaration, the way out in the owner's sub-turn, the declarer's
full turn outside before it attacks (L1572), and the elimination of one that stays (L1570, L1574).
Pure: states built by hand, scripts through ``run_scripts``."""

from __future__ import annotations

from typing import Any

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.war.aftermath import aftermath
from adjudicator.rulesets.medioevo.war.declaration import declare_war
from adjudicator.rulesets.medioevo.war.events import TransportMoved
from adjudicator.rulesets.medioevo.war.events_aftermath import TransportLost
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.records import ForcedExit, WarTurn
from adjudicator.rulesets.medioevo.war.run import RunOutcome, run_scripts
from tests.rules.war_states import war_state

DATA = default_dataset()


def cart(owner: str, location: str, vf: int, number: int = 1) -> Piece:
    return Piece(owner=owner, kind="war_wagon", number=number, level=1, location=location, vf=vf)


def captain(location: str) -> Piece:
    return Piece(owner="hungary", kind="captain", number=1, level=1, location=location, aboard="war_wagon/1")


def game(*pieces: Piece, order: tuple[str, ...] = ("hungary", "venice"), **kw: Any) -> MedioevoState:
    """Hungary holds Pest, Bihar and Banato, Venice Transilvania and Valacchia, at peace; the
    combat phase of turn 3 is open (``WarTurn``)."""
    territories = {
        "pest": TerritoryState(owner="hungary", armies={"hungary": 10}),
        "bihar": TerritoryState(owner="hungary"),
        "banato": TerritoryState(owner="hungary"),
        "transilvania": TerritoryState(owner="venice", armies={"venice": 2}),
        "valacchia": TerritoryState(owner="venice", armies={"venice": 2}),
    }
    return war_state(order, territories, kw.pop("wars", ()), pieces, **{"war": WarTurn(), **kw})


def run(state: MedioevoState, script: str, power: str = "hungary") -> RunOutcome:
    lines = list(enumerate(script.strip().splitlines(), 1))
    sub = parse_war_lines(state, power, lines, DATA, strict=False)
    assert not sub.issues, sub.issues
    dice = Dice(seed=b"war-exit-test", namespace="T3.war", loaded=[6, 1] * 10)
    return run_scripts(state, {power: sub.orders}, DATA, dice)


def failures(out: RunOutcome) -> list[str]:
    return [r.reason.message for r in out.results if not r.ok and r.reason]


def test_a_war_in_diplomacy_gives_both_sides_transports_this_turn_to_leave() -> None:
    """002 L1568, L1572: A declares war on B: B's transport in A's land must leave, and so must A's
    in B's land; declared in diplomacy, both go in this turn's combat sub-turns (R109)."""
    state = game(cart("hungary", "transilvania", 5), cart("venice", "bihar", 3), war=None)
    ledger = Ledger(state, DATA)
    declare_war(ledger, "hungary", "venice", [None])
    assert set(ledger.state.exits) == {
        ForcedExit(owner="hungary", kind="war_wagon", number=1, hostile="venice", by_turn=3, declarer=True),
        ForcedExit(owner="venice", kind="war_wagon", number=1, hostile="hungary", by_turn=3),
    }


def test_a_surprise_war_in_combat_gives_a_transport_whose_turn_is_over_the_next_turn() -> None:
    """002 L1568 "o in questo turno o nel turno successivo se ha già mosso": Venice declares in its
    sub-turn after Hungary's: Hungary's transport in Venice's land goes out in turn 4; Venice's own
    in Hungary's land, unmoved, this turn (R109)."""
    state = game(cart("hungary", "transilvania", 5), cart("venice", "bihar", 3, number=1))
    out = run(state, "WAR hungary", power="venice")
    exits = {e.owner: e for e in out.state.exits}
    assert exits["hungary"].by_turn == 4 and not exits["hungary"].declarer
    assert exits["venice"].declarer
    # the judge took Venice's cart out at the end of Venice's sub-turn (R109, R124)
    venice_cart = out.state.piece("venice", "war_wagon", 1)
    assert venice_cart is not None and venice_cart.location not in ("bihar", "pest", "banato")
    assert any(isinstance(e, TransportMoved) and e.power == "venice" for e in out.events)
    assert exits["venice"].out_since == 3


def test_the_declarer_moves_out_and_may_not_attack_with_it_this_turn() -> None:
    """002 L1572: the declarer's transport in B's land gets out at once and stays out a full turn
    before it attacks: the move out marks it out; an ATTACK from it is refused."""
    state = game(cart("hungary", "transilvania", 5), captain("transilvania"))
    out = run(state, "WAR venice\nMOVE cart 1 TO bihar\nATTACK transilvania FROM cart 1 WITH captain 1")
    (exit_,) = out.state.exits
    assert exit_.out_since == 3 and exit_.declarer
    assert failures(out) == [
        "step 3 not made: cart 1 was in venice's land when hungary declared the war: it left "
        "venice's territories in turn 3, and it may attack only after a full turn outside (L1572)"
    ]
    assert out.state.territories["transilvania"].owner == "venice"


def test_the_declarer_attacks_again_after_a_full_turn_outside() -> None:
    """002 L1572 "rimanere fuori almeno 1 turno": out in turn 3, still barred in turn 4, its record
    gone at turn 4's end, so in turn 5 the attack is fought."""
    record = ForcedExit(
        owner="hungary", kind="war_wagon", number=1, hostile="venice", by_turn=3, out_since=3, declarer=True
    )
    state = game(
        cart("hungary", "bihar", 5), captain("bihar"), wars=(("hungary", "venice"),), exits=(record,), turn=4
    )
    assert failures(run(state, "ATTACK transilvania FROM cart 1 WITH captain 1"))
    after, _ = aftermath(state, DATA, Dice(b"a" * 32, "T4.war"))
    assert after.exits == ()
    later = after.evolve(turn=5, war=WarTurn())
    out = run(later, "ATTACK transilvania FROM cart 1 WITH captain 1")
    assert failures(out) == [] and out.state.territories["transilvania"].owner == "hungary"


def test_a_transport_that_cannot_move_is_eliminated_with_its_cargo() -> None:
    """002 L1570, L1574: a transport that cannot get out (no VF of its owner aboard, L1628) is
    eliminated with everything aboard at the end of the phase."""
    state = game(cart("hungary", "transilvania", 0), captain("transilvania"))
    out = run(state, "WAR venice")
    assert not any(isinstance(e, TransportMoved) for e in out.events)
    after, events = aftermath(out.state, DATA, Dice(b"a" * 32, "T3.war"))
    (lost,) = [e for e in events if isinstance(e, TransportLost)]
    assert lost.power == "hungary" and lost.carried == ("captain 1",)
    assert after.piece("hungary", "war_wagon", 1) is None and after.exits == ()


def test_the_declarer_may_not_besiege_from_a_transport_caught_inside_L1572() -> None:
    """002 L1572: the declarer's cart standing in Venice's walled Transilvania when the war begins
    may not lay a siege from where it stands either (R210): a SIEGE is an attack."""
    engine = Piece(
        owner="hungary", kind="siege", number=1, level=1, location="transilvania", aboard="war_wagon/1"
    )
    state = game(cart("hungary", "transilvania", 20), captain("transilvania"), engine)
    state = state.with_territory("transilvania", buildings=("fort",))
    out = run(state, "WAR venice\nSIEGE transilvania FROM cart 1 WITH captain 1")
    assert failures(out)[0].endswith(
        "it is still in venice's territories, and it may attack only after a full turn outside (L1572)"
    )
    assert out.state.sieges == ()


def test_the_judge_takes_out_the_transport_of_a_power_that_sent_no_script_R109() -> None:
    """R109, R210: war declared in diplomacy on Venice, whose cart stands in Hungary's Bihar; Venice
    sends no combat script: in its sub-turn the judge moves the cart out by the cheapest way."""
    state = game(cart("venice", "bihar", 3), war=None)
    ledger = Ledger(state, DATA)
    declare_war(ledger, "hungary", "venice", [None])
    out = run(ledger.state.evolve(war=WarTurn()), "")
    moved = out.state.piece("venice", "war_wagon", 1)
    assert moved is not None and moved.location not in ("bihar", "pest", "banato")
    assert [e.power for e in out.events if isinstance(e, TransportMoved)] == ["venice"]
