"""Relay, the test ruleset of turn-by-turn play (docs/turn-by-turn.md §10): its rules, steps,
guards and GM edits, driven by hand step by step (the engine's resolve_step is not used here),
and its registration through ADJUDICATOR_EXTRA_RULESETS."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from adjudicator.core.dice import Dice
from adjudicator.core.engine import advance
from adjudicator.core.events import Event
from adjudicator.core.orders import IssueKind, Order
from adjudicator.core.ruleset import DieUse, Resolution
from adjudicator.core.steps import CLOSE, Step
from adjudicator.errors import AdjudicatorError, EditError
from tests.turnbased.relay import RelayRuleset
from tests.turnbased.relay_orders import Claim, Pass, Push
from tests.turnbased.relay_state import (
    LastTurn,
    Passed,
    Pushed,
    RelayState,
    RelayWon,
    SpaceClaimed,
    TurnScored,
)

RELAY = RelayRuleset()
SEATS = ("venice", "genoa", "milan")
ENTRY = "tests.turnbased.relay:RelayRuleset"


def new_game(seats: Sequence[str] = SEATS, **options: object) -> RelayState:
    state, _ = RELAY.initial_state("g1", seats, options, Dice(b"seed", "setup"))
    assert isinstance(state, RelayState)
    return state


def lines(*texts: str) -> list[tuple[int, str]]:
    return list(enumerate(texts, start=1))


def orders(state: RelayState, power: str, *texts: str) -> tuple[Order, ...]:
    submission = RELAY.parse(state, power, lines(*texts))
    assert not submission.issues, submission.issues
    return submission.orders


def play(
    state: RelayState, given: Mapping[str, Sequence[Order]] | None = None, loaded: Sequence[int] = (1,)
) -> tuple[RelayState, Resolution]:
    """Resolve the open step as resolve_step will: its actors' orders (defaults for the silent),
    then the step joins ``state.steps``."""
    step = RELAY.next_step(state, state.steps)
    assert step is not None
    submitted = {p: list((given or {}).get(p, RELAY.default_orders(state, "claim", p))) for p in step.powers}
    dice = Dice(b"seed", f"T{state.turn}.claims.{len(state.steps) + 1}-{step.who}", loaded=list(loaded))
    out = RELAY.resolve(state, "claim", submitted, dice)
    assert isinstance(out.state, RelayState)
    return out.state.evolve(steps=(*out.state.steps, step)), out


def play_defaults(state: RelayState) -> RelayState:
    """Every remaining step of the claims, every power silent (loaded bonus 1)."""
    while RELAY.next_step(state, state.steps) is not None:
        state, _ = play(state)
    return state


def score(state: RelayState) -> tuple[RelayState, Resolution]:
    """The closing step, then the next turn (as the engine will: advance, steps cleared)."""
    assert RELAY.next_step(state, state.steps) is None
    out = RELAY.resolve(state, "score", {}, Dice(b"seed", f"T{state.turn}.claims.close"))
    nxt = advance(RELAY, out.state.evolve(steps=(*state.steps, Step(state.seats, ("score",), CLOSE))))
    assert isinstance(nxt, RelayState)
    return nxt.evolve(steps=()), out


def edit(state: RelayState, command: str) -> RelayState:
    new, _ = RELAY.gm_edit(state, command)
    assert isinstance(new, RelayState)
    return new


def kinds(events: Sequence[Event]) -> list[type[Event]]:
    return [type(e) for e in events]


# ---- parse ---------------------------------------------------------------------------------
def test_strict_parse_refuses_a_held_space_naming_its_holder() -> None:
    state = new_game()
    state, _ = play(state, {"venice": [Claim(4)]})
    submission = RELAY.parse(state, "genoa", lines("CLAIM 4", "CLAIM 5"))
    assert submission.orders == (Claim(5),)
    [issue] = submission.issues
    assert (issue.line_no, issue.kind, issue.message) == (1, IssueKind.ILLEGAL, "space 4 is held by venice")
    assert RELAY.parse(state, "genoa", lines("CLAIM 4"), strict=False).orders == (Claim(4),)


def test_strict_parse_takes_only_the_orders_of_the_open_steps_kind() -> None:
    state = new_game()
    turn = RELAY.parse(state, "venice", lines("PUSH", "PASS", "claim 3", "CLAIM 2"))
    assert turn.orders == (Claim(3),)
    assert [(i.line_no, i.kind) for i in turn.issues] == [
        (1, IssueKind.NOT_NOW),
        (2, IssueKind.NOT_NOW),
        (4, IssueKind.ILLEGAL),
    ]
    assert "the open step is venice's turn (CLAIM n)" in turn.issues[0].message
    state, _ = play(state, {"venice": [Claim(4)]})
    state, _ = play(state, {"genoa": [Claim(5)]})  # next to venice's 4: venice reacts
    assert RELAY.next_step(state, state.steps) == Step(("venice",), ("claim",), "react")
    react = RELAY.parse(state, "venice", lines("CLAIM 7", "push", "PASS"))
    assert react.orders == (Push(),)
    assert [(i.line_no, i.kind) for i in react.issues] == [(1, IssueKind.NOT_NOW), (3, IssueKind.ILLEGAL)]
    assert "the open step is venice's reaction" in react.issues[0].message
    loose = RELAY.parse(state, "venice", lines("CLAIM 7", "PUSH", "PASS"), strict=False)
    assert loose.orders == (Claim(7), Push(), Pass()) and not loose.issues


@pytest.mark.parametrize(
    ("text", "kind", "message"),
    [
        ("CLAIM", IssueKind.SYNTAX, "expected CLAIM <space 1-9>, e.g. CLAIM 4"),
        ("CLAIM four", IssueKind.ILLEGAL, "space four is not on the row: expected 1 to 9"),
        ("CLAIM 4 5", IssueKind.SYNTAX, "expected CLAIM <space 1-9>, e.g. CLAIM 4"),
        ("CLAIM 10", IssueKind.ILLEGAL, "space 10 is not on the row: expected 1 to 9"),
        ("PUSH hard", IssueKind.SYNTAX, "expected PUSH alone, with nothing after it"),
        ("Thanks!", IssueKind.NOT_AN_ORDER, "not an order (expected CLAIM <n>, PUSH or PASS)"),
    ],
)
@pytest.mark.parametrize("strict", [True, False])
def test_unreadable_lines_are_refused_in_both_modes(
    text: str, kind: IssueKind, message: str, strict: bool
) -> None:
    submission = RELAY.parse(new_game(), "venice", lines(text), strict=strict)
    assert submission.orders == ()
    assert [(i.kind, i.message) for i in submission.issues] == [(kind, message)]


# ---- defaults, legal orders, steps -----------------------------------------------------------
def test_defaults_and_legal_orders_follow_the_open_step() -> None:
    state = new_game()
    state = edit(state, "HOLD 1 milan")
    assert RELAY.default_orders(state, "claim", "venice") == (Claim(2),)
    assert RELAY.default_orders(state, "claim", "genoa") == ()  # not its step
    assert RELAY.default_orders(state, "score", "venice") == ()
    assert RELAY.legal_orders(state, "venice") == tuple(Claim(n) for n in range(2, 10))
    assert RELAY.legal_orders(state, "genoa") == ()
    state, _ = play(state)  # venice claims 2 by default, next to milan's 1
    assert state.holder(2) == "venice"
    assert RELAY.default_orders(state, "claim", "milan") == (Pass(),)
    assert RELAY.legal_orders(state, "milan") == (Push(), Pass())
    assert (RELAY.takes_orders(state, "claim"), RELAY.takes_orders(state, "score")) == (True, False)


def test_a_claim_next_to_another_power_opens_its_reaction_then_the_next_turn() -> None:
    state = new_game()
    seen = []
    for given in ({"venice": [Claim(4)]}, {"genoa": [Claim(5)]}, {}, {"milan": [Claim(9)]}):
        seen.append(RELAY.next_step(state, state.steps))
        state, _ = play(state, given)
    assert seen == [
        Step(("venice",), ("claim",)),
        Step(("genoa",), ("claim",)),
        Step(("venice",), ("claim",), "react"),
        Step(("milan",), ("claim",)),
    ]
    assert RELAY.next_step(state, state.steps) is None


def test_reactions_come_lower_space_first_and_once_per_owner() -> None:
    state = new_game()
    state, _ = play(state, {"venice": [Claim(4)]})
    state, _ = play(state, {"genoa": [Claim(6)]})
    state, _ = play(state, {"milan": [Claim(5)]})  # between venice's 4 and genoa's 6
    assert RELAY.next_step(state, state.steps) == Step(("venice",), ("claim",), "react")
    state, _ = play(state)
    assert RELAY.next_step(state, state.steps) == Step(("genoa",), ("claim",), "react")
    state, _ = play(state)
    assert RELAY.next_step(state, state.steps) is None
    state = new_game(("venice", "genoa"))
    state = edit(state, "HOLD 6 genoa")
    state = edit(state, "HOLD 4 genoa")
    state, _ = play(state, {"venice": [Claim(5)]})
    assert RELAY.next_step(state, state.steps) == Step(("genoa",), ("claim",), "react")
    state, _ = play(state)
    assert RELAY.next_step(state, state.steps) == Step(("genoa",), ("claim",))


# ---- resolution ------------------------------------------------------------------------------
def test_a_claim_scores_its_space_and_a_d6_bonus() -> None:
    state = new_game()
    state, out = play(state, {"venice": [Claim(4)]}, loaded=[5])
    assert state.holder(4) == "venice" and state.points == {"venice": 9}
    assert [r.describe() for r in out.results] == ["CLAIM 4: done (bonus 5: 9 points)"]
    [event] = out.events
    assert isinstance(event, SpaceClaimed)
    assert event.summary() == "venice claims space 4 and rolls a bonus of 5: 9 points"
    assert RELAY.phase_dice(state, "claim") == (DieUse("bonus POWER", (6,)),)
    assert RELAY.phase_dice(state, "score") == ()


def test_rolled_bonus_uses_the_purpose_the_ruleset_declares() -> None:
    state = new_game()
    step = RELAY.next_step(state, ())
    dice = Dice(b"seed", "T1.claims.1-venice")
    RELAY.resolve(state, "claim", {"venice": [Claim(3)]}, dice)
    [roll] = dice.rolls
    assert (roll.key, roll.sides, roll.loaded) == ("T1.claims.1-venice|bonus venice|0", 6, False)
    assert step == Step(("venice",), ("claim",))


@pytest.mark.parametrize(
    ("answer", "venice", "genoa"), [("PUSH", 5 + 1, 4 + 1 - 2 + 2), ("PASS", 5 + 1, 4 + 1)]
)
def test_push_moves_two_points_from_the_claimer_to_the_reactor(answer: str, venice: int, genoa: int) -> None:
    state = new_game()
    state, _ = play(state, {"venice": [Claim(4)]})
    state, _ = play(state, {"genoa": [Claim(5)]})
    state, out = play(state, {"venice": orders(state, "venice", answer)})
    assert state.points == {
        "venice": 4 + 1 + (2 if answer == "PUSH" else 0),
        "genoa": 5 + 1 - (2 if answer == "PUSH" else 0),
    }
    [event] = out.events
    if answer == "PUSH":
        assert isinstance(event, Pushed)
        assert event.summary() == "venice pushes genoa's claim of space 5: genoa -2, venice +2"
    else:
        assert isinstance(event, Passed)
        assert event.summary() == "venice lets genoa's claim of space 5 pass"
    assert venice and genoa  # the parametrised totals, spelled out for the reader


def test_only_the_first_order_of_the_steps_kind_counts() -> None:
    state = new_game()
    loose = RELAY.parse(state, "venice", lines("PUSH", "CLAIM 3", "CLAIM 4"), strict=False).orders
    state, out = play(state, {"venice": loose}, loaded=[2])
    assert state.row[2:4] == ("venice", "")
    assert [r.describe() for r in out.results] == [
        "CLAIM 3: done (bonus 2: 5 points)",
        "PUSH: FAILED: PUSH is no order for a turn step",
        "CLAIM 4: FAILED: one order a step: CLAIM 3 came first",
    ]
    state, _ = play(state, {"genoa": [Claim(4)]})
    loose = RELAY.parse(state, "venice", lines("CLAIM 7", "PASS", "PUSH"), strict=False).orders
    state, out = play(state, {"venice": loose})
    assert state.points == {"venice": 5, "genoa": 5}  # PASS counted, PUSH did not
    assert [r.describe() for r in out.results] == [
        "PASS: done",
        "CLAIM 7: FAILED: CLAIM 7 is no order for a reaction",
        "PUSH: FAILED: one order a step: PASS came first",
    ]


def test_orders_of_a_power_not_in_the_step_fail_and_change_nothing() -> None:
    state = new_game()
    out = RELAY.resolve(state, "claim", {"venice": [Claim(1)], "genoa": [Claim(2)]}, Dice(b"s", "T1", [3]))
    assert isinstance(out.state, RelayState)
    assert out.state.holder(2) == "" and out.state.holder(1) == "venice"
    failed = [r for r in out.results if not r.ok]
    assert [(r.power, r.reason.code if r.reason else "") for r in failed] == [("genoa", "not-your-step")]


def test_a_space_taken_since_the_orders_fails_and_opens_no_reaction() -> None:
    state, _ = play(new_game(), {"venice": [Claim(4)]})
    loose = RELAY.parse(state, "genoa", lines("CLAIM 5"), strict=False).orders  # an early set
    state = edit(state, "HOLD 5 milan")  # next to venice's 4, after venice's claim: no reaction
    assert RELAY.next_step(state, state.steps) == Step(("genoa",), ("claim",))
    state, out = play(state, {"genoa": loose})
    assert [(r.ok, r.reason.message if r.reason else "") for r in out.results] == [
        (False, "space 5 is held by milan")
    ]
    assert [e.summary() for e in out.events] == ["genoa claims nothing: space 5 is held by milan"]
    assert state.last_claim is None  # venice's claim is not answered again
    assert RELAY.next_step(state, state.steps) == Step(("milan",), ("claim",))


def test_two_turns_score_and_the_game_ends() -> None:
    state = new_game()
    for given in ({"venice": [Claim(1)]}, {"genoa": [Claim(3)]}, {"milan": [Claim(9)]}):
        state, _ = play(state, given, loaded=[2])
    state, out = score(state)
    [scored] = out.events
    assert isinstance(scored, TurnScored)
    assert scored.summary() == "Turn 1 scored: venice +3 (total 3), genoa +5 (total 5), milan +11 (total 11)"
    assert (state.turn, state.points, RELAY.is_over(state)) == (2, {}, False)
    state = play_defaults(state)  # the lowest free spaces 2, 4, 5 (2 between venice and genoa)
    state, out = score(state)
    assert kinds(out.events) == [TurnScored, RelayWon]
    assert state.scores == {"venice": 3 + 3, "genoa": 5 + 5, "milan": 11 + 6}
    assert out.events[1].summary() == "milan wins the relay with 17 points"
    assert RELAY.is_over(state)


def test_a_row_short_of_free_spaces_ends_the_game_early() -> None:
    four = ("venice", "genoa", "milan", "pisa")
    state = new_game(four, turns=5)
    for turn in (1, 2):
        state, out = score(play_defaults(state))
        assert RELAY.is_over(state) is (turn == 2)
    assert kinds(out.events) == [TurnScored, LastTurn, RelayWon]
    assert out.events[1].summary() == "Only 1 free space left for 4 powers: turn 2 was the last"


@pytest.mark.parametrize("turns", [0, -1, True, "2", 1.5])
def test_a_bad_turns_option_is_refused(turns: object) -> None:
    with pytest.raises(AdjudicatorError, match=r"option turns .*: expected a whole number, 1 or more"):
        new_game(turns=turns)


@pytest.mark.parametrize("seats", [("venice",), tuple(f"p{i}" for i in range(7))])
def test_relay_takes_two_to_six_powers(seats: tuple[str, ...]) -> None:
    with pytest.raises(AdjudicatorError, match=f"Relay takes 2 to 6 powers, not {len(seats)}"):
        new_game(seats)


# ---- guards, GM edits, view ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("4 held by genoa", None),
        (" 4  FREE ", None),
        ("4 HELD BY pisa", "unknown power 'pisa': expected one of venice, genoa, milan"),
        ("12 FREE", "space 12 is not on the row: expected 1 to 9"),
        ("0 HELD BY genoa", "space 0 is not on the row: expected 1 to 9"),
        (
            "genoa HOLDS 4",
            "'genoa HOLDS 4': expected '<n> HELD BY <power>' or '<n> FREE', e.g. '4 HELD BY genoa'",
        ),
    ],
)
def test_parse_guard_reads_held_by_and_free(text: str, why: str | None) -> None:
    assert RELAY.parse_guard(new_game(), "venice", text) == why


def test_guard_holds_names_the_fact_that_decides_it() -> None:
    state, _ = play(new_game(), {"venice": [Claim(4)]})
    assert RELAY.guard_holds(state, "genoa", "4 HELD BY venice") == (True, "space 4 is held by venice")
    assert RELAY.guard_holds(state, "genoa", "4 held by milan") == (False, "space 4 is held by venice")
    assert RELAY.guard_holds(state, "genoa", "4 FREE") == (False, "space 4 is held by venice")
    assert RELAY.guard_holds(state, "genoa", "5 FREE") == (True, "space 5 is free")
    assert RELAY.guard_holds(state, "genoa", "5 HELD BY venice") == (False, "space 5 is free")


def test_gm_edits_free_and_hold_a_space() -> None:
    state = new_game()
    held, events = RELAY.gm_edit(state, "hold 4  Genoa")
    assert isinstance(held, RelayState) and held.holder(4) == "genoa"
    assert [e.summary() for e in events] == ["GM edit: hold 4 Genoa"]
    freed, _ = RELAY.gm_edit(held, "FREE 4")
    assert isinstance(freed, RelayState) and freed.holder(4) == ""


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("HOLD 4 pisa", "unknown power 'pisa'"),
        ("FREE 10", "space 10 is not on the row"),
        ("HOLD four genoa", "space four is not on the row"),
        ("SET 4 genoa", "expected FREE <n> or HOLD <n> <power>"),
        ("FREE", "expected FREE <n> or HOLD <n> <power>"),
    ],
)
def test_a_bad_gm_edit_is_refused(command: str, message: str) -> None:
    with pytest.raises(EditError, match=message):
        RELAY.gm_edit(new_game(), command)


def test_the_view_is_public_and_shows_the_open_step() -> None:
    state, _ = play(new_game(), {"venice": [Claim(2)]}, loaded=[6])
    view = RELAY.view(state, "genoa")
    assert view == RELAY.view(state, "public") == RELAY.view(state, "gm")
    assert view["row"][1] == {"space": 2, "holder": "venice"} and view["free"] == [1, 3, 4, 5, 6, 7, 8, 9]
    assert view["last_claim"] == {"power": "venice", "space": 2, "bonus": 6, "reactors": []}
    assert view["open_step"] == {"powers": ["genoa"], "kind": "turn"}
    assert (view["points"], view["scores"]) == ({"venice": 8}, {"venice": 0, "genoa": 0, "milan": 0})


def test_the_state_round_trips_through_json() -> None:
    state, _ = play(new_game(), {"venice": [Claim(2)]})
    assert RelayState.from_json(state.to_json()) == state
