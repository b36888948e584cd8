"""CONESTABILE (war/card_own.py; seed 002 L2608-2612, L872, L1727; R239): the branches the
scenario ex L2584 does not take. Pure: a state by hand, the step run by ``run_scripts``, the end
of the turn by ``dismiss_levies``."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.war.card_own import dismiss_levies
from adjudicator.rulesets.medioevo.war.events_aftermath import LevyDismissed
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.records import WarTurn
from adjudicator.rulesets.medioevo.war.run import RunOutcome, run_scripts
from tests.rules.war_states import war_state

DATA = default_dataset()


def game() -> MedioevoState:
    """Hungary at LT I (one captain allowed, L872) already holds captain 1, level III."""
    places = {
        "pest": TerritoryState(owner="hungary", armies={"hungary": 10}),
        "bihar": TerritoryState(owner="hungary", armies={"hungary": 1}),
    }
    captain = Piece(owner="hungary", kind=CAPTAIN, number=1, level=3, location="pest")
    state = war_state(("hungary",), places, (), (captain,), war=WarTurn())
    return state.with_power("hungary", cards=("conestabile", "conestabile"), piece_serials={CAPTAIN: 1})


def run(state: MedioevoState, *lines: str) -> RunOutcome:
    sub = parse_war_lines(state, "hungary", list(enumerate(lines, 1)), DATA, strict=True)
    assert not sub.issues, sub.issues
    return run_scripts(state, {"hungary": sub.orders}, DATA)


def reason(out: RunOutcome, n: int) -> str:
    r = out.results[n]
    return r.reason.message if r.reason else ""


def test_a_captain_made_over_the_limit_leaves_at_the_end_of_the_turn_L2608() -> None:
    """ "se superi il numero massimo di Capitani che puoi tenere, eliminalo a fine turno": the
    new captain stands until the aftermath, then goes; the VF it came from stays spent."""
    out = run(game(), "PLAY conestabile ON pest")
    assert out.results[0].ok and "over the 1 captains of its LT" in out.results[0].note
    assert out.state.territories["pest"].armies == {"hungary": 9}
    assert [p.number for p in out.state.pieces_of("hungary", CAPTAIN)] == [1, 2]
    after, events = dismiss_levies(out.state, DATA)
    assert [p.number for p in after.pieces_of("hungary", CAPTAIN)] == [1]
    assert [e.captain for e in events if isinstance(e, LevyDismissed)] == ["captain 2"]
    assert after.territories["pest"].armies == {"hungary": 9}


def test_a_captain_made_over_the_limit_stays_if_another_fell_L2608() -> None:
    """Captain 1 lost in battle meanwhile: the power is within its limit at the turn's end."""
    out = run(game(), "PLAY conestabile ON pest")
    fallen = out.state.evolve(pieces=tuple(p for p in out.state.pieces if p.number != 1))
    after, events = dismiss_levies(fallen, DATA)
    assert [p.number for p in after.pieces_of("hungary", CAPTAIN)] == [2] and events == []


def test_conestabile_raises_a_captain_to_iii_at_most_and_needs_a_vf_that_stays_L2610() -> None:
    state = game()
    state = state.with_piece(state.pieces[0], level=2)
    out = run(state, "PLAY conestabile ON captain 1", "PLAY conestabile ON captain 1")
    assert out.results[0].ok and out.state.pieces[0].level == 3
    assert "captain 1 is already level III" in reason(out, 1)
    assert out.state.powers["hungary"].cards == ("conestabile",)
    out = run(game(), "PLAY conestabile ON bihar")
    assert "you have 1 VF on the ground in bihar: one must stay with the captain" in reason(out, 0)
    assert out.state.powers["hungary"].cards == ("conestabile", "conestabile")
