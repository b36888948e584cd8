"""A whole short game to its end (issue 19, "Done when"): four bots, a 3-turn limit (002 L329),
every window played in the pure core; the game ends after turn 3, the final standings name a
winner and each power's score lines add up to its total (L2420-2460), and the demo's summary
(demo_summary.py) shows what each of the ten phases did (L454)."""

from __future__ import annotations

from typing import cast

from adjudicator.bots import bot_submissions
from adjudicator.core.dice import Dice
from adjudicator.core.engine import resolve_window
from adjudicator.core.events import Event
from adjudicator.demo import DEMO_POWERS
from adjudicator.demo_summary import ending_of, idle_phases, phase_counts, standings_lines
from adjudicator.rulesets.medioevo.ruleset import PHASES, MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState

RULES = MedioevoRuleset()
SEED = b"whole-game".ljust(32, b".")


def play_to_the_end(turns: int) -> tuple[MedioevoState, list[Event]]:
    start, told = RULES.initial_state("g", DEMO_POWERS, {"turns": turns}, Dice(SEED, "T0.setup"))
    state, events = cast(MedioevoState, start), list(told)
    while not state.over:
        mails = bot_submissions(RULES, state, DEMO_POWERS, game="g", strict=True)
        assert all(sub.issues == () for sub in mails.values()), {p: s.issues for p, s in mails.items()}
        out = resolve_window(RULES, state, {p: s.orders for p, s in mails.items()}, SEED)
        events += [e.model_copy(update={"phase": e.phase or p.phase}) for p in out.phases for e in p.events]
        state = cast(MedioevoState, out.state)
    return state, events


def test_four_bots_play_a_three_turn_game_to_a_winner_with_the_breakdown_L2420() -> None:
    state, events = play_to_the_end(3)
    assert state.turn == 4 and state.endgame.ended == "turns" and state.endgame.last_turn == 3
    ended = ending_of(events)
    assert ended is not None and ended["winners"] and ended["reason"] == "turns"
    standings = ended["standings"]
    assert sorted(s["power"] for s in standings) == sorted(DEMO_POWERS)
    for s in standings:  # every total is the sum of its lines: the PO held, then L2440-2452's
        assert s["total"] == sum(line["points"] for line in s["lines"]), s
        assert s["lines"][0]["key"] == "held" and len(s["lines"]) == 12
    assert [s["total"] for s in standings] == sorted((s["total"] for s in standings), reverse=True)
    lines = standings_lines(ended)
    assert lines[0].startswith(f"Winner: {' and '.join(ended['winners'])} with ")
    assert not any("lines sum to" in line for line in lines)
    counts = phase_counts(events, PHASES)
    assert [c.number for c in counts] == list(range(1, 11))
    assert idle_phases(counts) == (), [c.line() for c in counts]
    assert dict(counts[8].kinds)["mu-war-moved"] > 0  # the war: the bots fight (phase 9)


def test_a_phase_without_events_shows_as_idle() -> None:
    """The summary counts events by the phase's number, keys (``T2.combat``) and ids alike, rolls
    left out, so a phase that never acted is listed with 0."""
    events = [
        Event(phase="T2.combat"),
        Event(phase="aftermath"),
        Event(phase="T1.turn_order"),
    ]
    counts = {c.number: c.events for c in phase_counts(events, PHASES)}
    assert counts[9] == 2 and counts[1] == 1 and counts[10] == 0
    assert idle_phases(phase_counts(events, PHASES)) == (2, 3, 4, 5, 6, 7, 8, 10)
