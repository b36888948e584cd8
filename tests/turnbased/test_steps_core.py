"""The pure core of turn-by-turn play (issue 16, docs/turn-by-turn.md §5-6), on the Relay test
ruleset: a window played step by step is the fold of its steps, replay reproduces every step's
opening, a step sees what the steps before it did and nothing after, dice are per step, guards
hold or fail on the state the step opens on; simultaneous play is byte for byte what it was."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.dice import Dice
from adjudicator.core.engine import resolve_window
from adjudicator.core.events import DiceRolled, Event, GameCreated, StepAdjudicated, WindowOpened
from adjudicator.core.guards import GUARD_FAILED, ONLY_IN_STEPS, Guarded, parse_orders
from adjudicator.core.orders import Order
from adjudicator.core.replay import SETUP_NAMESPACE, replay
from adjudicator.core.stepping import open_step, resolve_step, resolve_steps, step_label
from adjudicator.core.steps import CLOSE, Step
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from tests.turnbased.relay import RelayRuleset
from tests.turnbased.relay_state import RelayState

RELAY = RelayRuleset()
SEATS = ("venice", "genoa", "milan")
SEED = b"steps-core-seed"


def new_game(options: Mapping[str, object] | None = None) -> tuple[RelayState, GameCreated]:
    options = dict(options or {})
    state, _ = RELAY.initial_state("g1", SEATS, options, Dice(SEED, SETUP_NAMESPACE))
    assert isinstance(state, RelayState)
    created = GameCreated(game="g1", ruleset="relay", powers=SEATS, options=options, seed_hash="x")
    return state, created


def read(state: RelayState, power: str, *texts: str) -> list[Order]:
    sub = parse_orders(RELAY, state, power, list(enumerate(texts, 1)), strict=False)
    assert not sub.issues, sub.issues
    return list(sub.orders)


def test_a_round_opens_turn_steps_in_seat_order_then_the_closing_step() -> None:
    state, _ = new_game()
    labels = []
    while state.turn == 1:
        step = open_step(RELAY, state)
        assert step is not None
        labels.append(step_label(RELAY, state, step))
        state = resolve_step(RELAY, state, step, {}, SEED).state
    # silent powers claim the lowest free space: 1, 2 (next to 1: venice may react), 3 (next to 2)
    assert labels == [
        "T1.claims.1-venice",
        "T1.claims.2-genoa",
        "T1.claims.3-venice",
        "T1.claims.4-milan",
        "T1.claims.5-genoa",
        "T1.claims.6-close",
    ]
    assert state.steps == () and state.window == 0  # the next turn's round opens fresh


def test_the_closing_step_is_every_power_in_the_phases_no_step_resolved() -> None:
    state, _ = new_game()
    outcomes = resolve_steps(RELAY, state, {}, SEED)
    closing = outcomes[-1].inputs
    assert isinstance(closing, StepAdjudicated)
    assert closing.step == Step(SEATS, ("score",), CLOSE)
    assert [o.inputs.step.kind for o in outcomes if isinstance(o.inputs, StepAdjudicated)].count(CLOSE) == 1


orders_of = st.fixed_dictionaries(
    {p: st.lists(st.integers(1, 9), max_size=2) for p in SEATS},
)


@settings(max_examples=25, deadline=None)
@given(claims=orders_of, pushes=st.sets(st.sampled_from(SEATS)))
def test_a_round_is_the_fold_of_its_steps_and_replays_step_by_step(
    claims: dict[str, list[int]], pushes: set[str]
) -> None:
    state, created = new_game({"turns": 1})
    submitted = {
        p: read(state, p, *(f"CLAIM {n}" for n in ns[:1]), *(["PUSH"] if p in pushes else []))
        for p, ns in claims.items()
    }
    outcomes = resolve_steps(RELAY, state, submitted, SEED)
    # the fold by hand, step by step, gives the same states and events
    log: list[Event] = [created]
    folded = state
    for outcome in outcomes:
        step = open_step(RELAY, folded)
        assert step is not None and outcome.label == step_label(RELAY, folded, step)
        log.append(WindowOpened(label=outcome.label, state_digest=folded.digest()))
        mine = {p: [o for o in submitted[p] if o.phase in step.phases] for p in step.powers}
        again = resolve_step(RELAY, folded, step, mine, SEED)
        assert again.state == outcome.state and again.events == outcome.events
        log.append(outcome.inputs)
        folded = again.state
    assert folded.over
    # replay from the log alone reproduces the state each step opened on
    openings = replay(RELAY, log, SEED)
    opened = [o.state.digest() for o in openings]
    assert opened == [o.start_digest for o in outcomes]


def test_a_step_sees_the_steps_before_it_and_none_after() -> None:
    state, _ = new_game()
    venice = Step(("venice",), ("claim",))
    first = resolve_step(RELAY, state, venice, {"venice": read(state, "venice", "CLAIM 5")}, SEED)
    seen_by_genoa = RELAY.view(first.state, "genoa")
    assert "venice" in str(seen_by_genoa) and "5" in str(seen_by_genoa)
    step = open_step(RELAY, first.state)
    assert step == Step(("genoa",), ("claim",))
    second = resolve_step(RELAY, first.state, step, {"genoa": read(first.state, "genoa", "CLAIM 8")}, SEED)
    assert first.state.row[4] == "venice" and first.state.row[7] == ""  # genoa's 8 is not there yet
    assert second.state.row[7] == "genoa"


def test_dice_of_two_steps_of_one_phase_never_share_a_key() -> None:
    state, _ = new_game()
    outcomes = resolve_steps(RELAY, state, {}, SEED)
    keys = [e.key for o in outcomes for e in o.events if isinstance(e, DiceRolled)]
    assert keys and len(keys) == len(set(keys))
    assert keys[0].startswith("T1.claim.1-venice|")
    assert any(k.startswith("T1.claim.2-genoa|") for k in keys)


def test_loaded_dice_for_a_step_key_go_to_that_step_only() -> None:
    state, _ = new_game()
    outcomes = resolve_steps(RELAY, state, {}, SEED, {"T1.claim.2-genoa": (6,)})
    rolls = {e.key.split("|")[0]: e for o in outcomes for e in o.events if isinstance(e, DiceRolled)}
    assert rolls["T1.claim.2-genoa"].value == 6 and rolls["T1.claim.2-genoa"].loaded
    assert not rolls["T1.claim.1-venice"].loaded


def test_a_guarded_order_reads_back_from_its_canonical_text() -> None:
    state, _ = new_game()
    (order,) = read(state, "genoa", "if 5 held by VENICE and not 6 free:  CLAIM 7")
    assert isinstance(order, Guarded) and order.phase == "claim"
    assert read(state, "genoa", order.canonical()) == [order]


def test_a_guard_that_fails_when_the_step_opens_drops_its_order_with_the_fact() -> None:
    state, _ = new_game()
    venice = Step(("venice",), ("claim",))
    first = resolve_step(RELAY, state, venice, {"venice": read(state, "venice", "CLAIM 4")}, SEED)
    orders = {"genoa": read(first.state, "genoa", "IF 5 HELD BY venice: CLAIM 9")}
    step = open_step(RELAY, first.state)
    assert step is not None
    out = resolve_step(RELAY, first.state, step, orders, SEED)
    failed = [r for r in out.results if not r.ok]
    assert [r.reason.code for r in failed if r.reason] == [GUARD_FAILED]
    assert "guard failed: space 5" in failed[0].reason.message if failed[0].reason else False
    assert out.state.row[8] == ""  # CLAIM 9 was not made
    guarded = {"genoa": read(first.state, "genoa", "IF 4 HELD BY venice: CLAIM 9")}
    kept = resolve_step(RELAY, first.state, step, guarded, SEED)
    assert kept.state.row[8] == "genoa"


def test_a_guard_is_refused_where_the_window_is_simultaneous() -> None:
    state, _ = new_game()
    sub = parse_orders(RELAY, state, "genoa", [(1, "IF 5 FREE: CLAIM 5")], guards=False)
    assert not sub.orders and ONLY_IN_STEPS in sub.issues[0].message
    bad = parse_orders(RELAY, state, "genoa", [(1, "IF 12 FREE: CLAIM 5")])
    assert not bad.orders and bad.issues[0].message.startswith("IF 12 FREE:")


def _medioevo_pin() -> tuple[str, str]:
    ruleset = MedioevoRuleset()
    seed = b"pinned-digest-seed"
    powers: Sequence[str] = ("hungary", "france", "castile")
    state, _ = ruleset.initial_state(
        "pin", powers, {"noncontiguous_kingdoms": True}, Dice(seed, SETUP_NAMESPACE)
    )
    return state.digest(), resolve_window(ruleset, state, {}, seed).state.digest()


def test_simultaneous_play_keeps_its_digests() -> None:
    """Computed on b74f709, before steps existed: a state without steps is the same JSON. Pinned
    again when setup began to shuffle the Event deck (phase 7, R252) and to deal the objective
    cards (R325): the state at setup holds both now; and when the Pope drawn at setup began to own
    the Papal State (R305, R321)."""
    assert _medioevo_pin() == (
        "7524e6b863d38b20f0b1561d4ea9b50408d6f936a07db84883274e79d5d333aa",
        "eb6ab8f99b982686a2cc216d7029d300a27f5502e51642794997d6d102f46e52",
    )
    assert open_step(MedioevoRuleset(), _initial_medioevo()) is None


def _initial_medioevo():  # type: ignore[no-untyped-def]
    ruleset = MedioevoRuleset()
    return ruleset.initial_state(
        "pin", ("hungary", "france", "castile"), {"noncontiguous_kingdoms": True}, Dice(b"s", SETUP_NAMESPACE)
    )[0]
