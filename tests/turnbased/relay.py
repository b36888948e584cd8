"""Relay: a small turn-based game the judge's step machinery is tested with (docs/turn-by-turn.md §10).

Not a game of the seeds: a test fixture, registered with
``ADJUDICATOR_EXTRA_RULESETS=tests.turnbased.relay:RelayRuleset`` (rulesets/registry.py).

Rules. 2 to 6 powers, seated in the order given at creation, and a row of spaces 1..9. Each turn
has one window, ``claims``, with the phases ``claim`` and ``score``, played step by step:

- each power in seat order has a turn step ``Step((p,), ("claim",))`` and orders ``CLAIM n``, a
  free space (silent: the lowest free space). The claimer holds it, scores ``n`` and rolls a d6
  bonus it scores too (purpose ``bonus <power>``, one die per claim);
- if the claimed space is next to (n - 1, n + 1) a space another power holds, each such owner, the
  owner of the lower space first and each owner once (as the row stands when the claim is made),
  gets a reaction step ``Step((owner,), ("claim",), "react")`` right after the claim: ``PUSH``
  (the claimer loses 2 points, the reactor gains 2) or ``PASS`` (silent: PASS);
- ``score`` takes no orders: it is the window's closing step, adding each power's points of the
  turn to its running score.

Spaces stay held from turn to turn. The game lasts ``options["turns"]`` turns (default 2), or ends
sooner: after a turn's score that leaves fewer free spaces than powers, that turn was the last (so
every claim of a turn finds a free space unless the GM edits the row). The highest score wins
(ties share the win). Everything is public.

GM edits: ``FREE n`` (space n becomes free) and ``HOLD n power`` (power holds space n).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event, GmEdited
from adjudicator.core.orders import Order, Submission
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import DieUse, PhaseSpec, Resolution, WindowSpec
from adjudicator.core.state import GameState
from adjudicator.core.steps import TURN, Step, in_order
from adjudicator.errors import AdjudicatorError, EditError
from tests.turnbased.relay_orders import (
    CLAIM,
    REACT,
    SCORE,
    Claim,
    Pass,
    Push,
    guard_fact,
    on_row,
    parse_lines,
    read_guard,
)
from tests.turnbased.relay_state import (
    PUSH_POINTS,
    RELAY_EVENTS,
    ClaimMissed,
    LastClaim,
    LastTurn,
    Passed,
    Pushed,
    RelayStarted,
    RelayState,
    RelayWon,
    SpaceClaimed,
    TurnScored,
    describe_space,
)

PHASES = (PhaseSpec(CLAIM, 1, "Claims"), PhaseSpec(SCORE, 2, "Score"))
WINDOWS = (WindowSpec("claims", (CLAIM, SCORE)),)
DEFAULT_TURNS = 2
MIN_POWERS, MAX_POWERS = 2, 6
BONUS_SIDES = 6


def _relay(state: GameState) -> RelayState:
    return cast(RelayState, state)


class RelayRuleset:
    name = "relay"
    version = "1"

    def state_type(self) -> type[GameState]:
        return RelayState

    def phases(self) -> Sequence[PhaseSpec]:
        return PHASES

    def windows(self) -> Sequence[WindowSpec]:
        return WINDOWS

    def event_types(self) -> Sequence[type[Event]]:
        return RELAY_EVENTS

    def initial_state(
        self, game: str, powers: Sequence[str], options: Mapping[str, Any], dice: Dice
    ) -> tuple[GameState, tuple[Event, ...]]:
        if not MIN_POWERS <= len(powers) <= MAX_POWERS:
            raise AdjudicatorError(f"Relay takes {MIN_POWERS} to {MAX_POWERS} powers, not {len(powers)}")
        turns = options.get("turns", DEFAULT_TURNS)
        if isinstance(turns, bool) or not isinstance(turns, int) or turns < 1:
            raise AdjudicatorError(f"option turns {turns!r}: expected a whole number, 1 or more")
        state = RelayState(
            ruleset=self.name,
            ruleset_version=self.version,
            game=game,
            seats=tuple(powers),
            scores={p: 0 for p in powers},
            last_turn=turns,
        )
        return state, (RelayStarted(phase="setup", seats=state.seats, last_turn=turns),)

    def power_ids(self, state: GameState) -> tuple[str, ...]:
        return _relay(state).seats

    def takes_orders(self, state: GameState, phase: str) -> bool:
        return phase == CLAIM

    # ---- steps (core/steps.py: Sequential) ------------------------------------------------
    def next_step(self, state: GameState, done: Sequence[Step]) -> Step | None:
        """The turn steps in seat order, each followed by the reactions its claim opens."""
        return in_order(self.power_ids(state), done, (CLAIM,), then=self._reactions, state=state)

    def _reactions(self, state: GameState, step: Step) -> Sequence[Step]:
        claim = _relay(state).last_claim
        if claim is None or claim.power != step.powers[0]:
            return ()
        return tuple(Step((owner,), (CLAIM,), REACT) for owner in claim.reactors)

    def claim_step(self, state: GameState) -> Step | None:
        """The step open now in the claims (None once they are over: the score is next)."""
        return self.next_step(state, state.steps)

    def parse_guard(self, state: GameState, power: str, text: str) -> str | None:
        try:
            read_guard(_relay(state), text)
        except ValueError as exc:
            return str(exc)
        return None

    def guard_holds(self, state: GameState, power: str, text: str) -> tuple[bool, str]:
        return guard_fact(_relay(state), text)

    # ---- orders ---------------------------------------------------------------------------
    def parse(
        self, state: GameState, power: str, lines: Sequence[tuple[int, str]], *, strict: bool = True
    ) -> Submission:
        return parse_lines(_relay(state), self.claim_step(state), lines, strict)

    def default_orders(self, state: GameState, phase: str, power: str) -> Sequence[Order]:
        """In its turn step a silent power claims the lowest free space; in a reaction, PASS."""
        step = self.claim_step(state) if phase == CLAIM else None
        if step is None or power not in step.powers:
            return ()
        if step.kind == REACT:
            return (Pass(),)
        free = _relay(state).free()
        return (Claim(free[0]),) if free else ()

    def legal_orders(self, state: GameState, power: str) -> Sequence[Order]:
        step = self.claim_step(state)
        if step is None or power not in step.powers:
            return ()
        if step.kind == REACT:
            return (Push(), Pass())
        return tuple(Claim(n) for n in _relay(state).free())

    def resolve(
        self, state: GameState, phase: str, orders: Mapping[str, Sequence[Order]], dice: Dice
    ) -> Resolution:
        relay = _relay(state)
        if phase == SCORE:
            return _score(relay)
        if phase != CLAIM:
            raise ValueError(f"unknown Relay phase {phase!r}")
        step = self.claim_step(state)
        results: list[OrderResult] = []
        for power, given in orders.items():
            if step is None or power not in step.powers:
                why = "no step is open" if step is None else f"the open step is {step.who}'s"
                results.extend(
                    OrderResult.failure(power, CLAIM, o.canonical(), "not-your-step", why) for o in given
                )
        if step is None:
            return Resolution(relay, (), tuple(results))
        actor = step.powers[0]
        mine = list(orders.get(actor, ()))
        out = _claim(relay, actor, mine, dice) if step.kind == TURN else _react(relay, actor, mine)
        return Resolution(out.state, out.events, (*results, *out.results))

    def phase_dice(self, state: GameState, phase: str) -> Sequence[DieUse]:
        """A claim's d6 bonus; the score rolls nothing."""
        return (DieUse("bonus POWER", (BONUS_SIDES,)),) if phase == CLAIM else ()

    def gm_edit(self, state: GameState, command: str) -> tuple[GameState, tuple[Event, ...]]:
        """``FREE n`` or ``HOLD n power``; EditError on anything else, nothing changed."""
        relay = _relay(state)
        words = command.split()
        head = words[0].upper() if words else ""
        try:
            if head == "FREE" and len(words) == 2:
                new = relay.with_holder(on_row(words[1]), "")
            elif head == "HOLD" and len(words) == 3:
                power = words[2].lower()
                if power not in relay.seats:
                    raise EditError(f"unknown power {power!r}: expected one of {', '.join(relay.seats)}")
                new = relay.with_holder(on_row(words[1]), power)
            else:
                raise EditError(f"{command!r}: expected FREE <n> or HOLD <n> <power>, e.g. HOLD 4 genoa")
        except ValueError as exc:  # on_row's refusal
            raise EditError(str(exc)) from None
        return new, (GmEdited(phase="gm", command=" ".join(words)),)

    def view(self, state: GameState, viewer: str) -> dict[str, Any]:
        """Everything is public: the row, the points and scores, the last claim, the open step."""
        relay = _relay(state)
        step = self.claim_step(state)
        return {
            "seats": list(relay.seats),
            "row": [{"space": n, "holder": h or None} for n, h in enumerate(relay.row, start=1)],
            "free": list(relay.free()),
            "points": dict(relay.points),
            "scores": dict(relay.scores),
            "last_claim": relay.last_claim.model_dump(mode="json") if relay.last_claim else None,
            "last_turn": relay.last_turn,
            "open_step": {"powers": list(step.powers), "kind": step.kind} if step else None,
        }

    def is_over(self, state: GameState) -> bool:
        return state.over or state.turn > _relay(state).last_turn


def _first(power: str, orders: Sequence[Order], turn: bool) -> tuple[Order | None, list[OrderResult]]:
    """The order of a step that counts, the first of its kind (CLAIM in a turn step, PUSH or PASS in
    a reaction), and the failures of the others (orders read loosely may be of either kind)."""
    first: Order | None = None
    failed: list[OrderResult] = []
    for order in orders:
        text = order.canonical()
        if isinstance(order, Claim) is not turn:
            why = f"{text} is no order for a {'turn step' if turn else 'reaction'}"
            failed.append(OrderResult.failure(power, CLAIM, text, "not-now", why))
        elif first is not None:
            why = f"one order a step: {first.canonical()} came first"
            failed.append(OrderResult.failure(power, CLAIM, text, "one-order", why))
        else:
            first = order
    return first, failed


def _claim(state: RelayState, power: str, orders: Sequence[Order], dice: Dice) -> Resolution:
    """A turn step: the first CLAIM counts; the space must be free when the step resolves."""
    events: list[Event] = []
    claim, results = _first(power, orders, turn=True)
    assert claim is None or isinstance(claim, Claim)
    state = state.evolve(last_claim=None)
    if claim is None:
        events.append(ClaimMissed(power=power, why="no CLAIM given"))
    elif state.holder(claim.space):
        why = describe_space(state, claim.space)
        results.insert(0, OrderResult.failure(power, CLAIM, claim.canonical(), "space-held", why))
        events.append(ClaimMissed(power=power, why=why))
    else:
        bonus = dice.roll(BONUS_SIDES, purpose=f"bonus {power}")
        state = state.with_holder(claim.space, power).add_points(power, claim.space + bonus)
        reactors = state.neighbours(claim.space, power)
        state = state.evolve(
            last_claim=LastClaim(power=power, space=claim.space, bonus=bonus, reactors=reactors)
        )
        note = f"bonus {bonus}: {claim.space + bonus} points"
        results.insert(0, OrderResult.success(power, CLAIM, claim.canonical(), note))
        events.append(SpaceClaimed(power=power, space=claim.space, bonus=bonus))
    return Resolution(state, tuple(events), tuple(results))


def _react(state: RelayState, power: str, orders: Sequence[Order]) -> Resolution:
    """A reaction step: the first PUSH or PASS counts (none: PASS)."""
    answer, results = _first(power, orders, turn=False)
    claim = state.last_claim
    if claim is None:  # no claim to answer: a reaction step follows a claim, so never
        return Resolution(state, (), tuple(results))
    if isinstance(answer, Push):
        state = state.add_points(claim.power, -PUSH_POINTS).add_points(power, PUSH_POINTS)
        event: Event = Pushed(power=power, claimer=claim.power, space=claim.space)
    else:
        event = Passed(power=power, claimer=claim.power, space=claim.space)
    if answer is not None:
        results.insert(0, OrderResult.success(power, CLAIM, answer.canonical()))
    return Resolution(state, (event,), tuple(results))


def _score(state: RelayState) -> Resolution:
    """The closing step: the turn's points join the running scores; the last turn names the winner."""
    scores = {p: state.scores.get(p, 0) + state.points.get(p, 0) for p in state.seats}
    events: list[Event] = [TurnScored(turn=state.turn, points=dict(state.points), scores=scores)]
    last_turn = state.last_turn
    free = len(state.free())
    if state.turn < last_turn and free < len(state.seats):
        last_turn = state.turn
        events.append(LastTurn(turn=state.turn, free=free, powers=len(state.seats)))
    if state.turn >= last_turn:
        best = max(scores.values())
        events.append(RelayWon(winners=tuple(p for p in state.seats if scores[p] == best), score=best))
    new = state.evolve(scores=scores, points={}, last_turn=last_turn)
    return Resolution(new, tuple(events))
