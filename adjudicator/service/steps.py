"""Windows played step by step in the store: the round's parent row, its step rows, early orders.

Issue 16, docs/turn-by-turn.md §2, §6, §7. Every step is a ``windows`` row pointing at its
round's parent row, so everything that makes a window exactly-once and rollbackable (the row
lock, the order sets' ``UNIQUE(window, power, version)``, the outbox keys naming a window id, the
snapshot per opening) holds per step with no new table. The parent row (``step_kind = "round"``)
is never the game's current window: it holds the round's cap as its deadline and the *early*
order sets of powers whose step has not opened yet; a step's opening copies them in, checked
again on the state the step opens on.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import Session, col, select

from adjudicator.core.engine import open_phases, window_label, window_spec
from adjudicator.core.events import WindowOpened
from adjudicator.core.guards import Guarded, guard_failure, parse_orders
from adjudicator.core.state import GameState, json_digest
from adjudicator.core.stepping import open_step, step_label
from adjudicator.core.steps import CLOSE, LABEL_PATTERN, TURN, Step
from adjudicator.errors import AdjudicatorError
from adjudicator.service.base import StoreAccess, as_utc
from adjudicator.service.calendar import next_deadline, read_calendar, round_deadline, step_deadline
from adjudicator.store.models import Game, OrderSet, Snapshot, Window

ROUND = "round"
EARLY = "early"


@dataclass(frozen=True)
class RoundInfo:
    """The open round of a game played step by step, as the GM's ``game show`` tells it."""

    label: str
    cap: datetime | None
    step: Window
    early: dict[str, OrderSet]
    """Each power's latest early set on the round's row (for its later step)."""


class StepTools(StoreAccess):
    """Opening rounds and steps; where an order set of a round goes (its step, or early)."""

    def round_info(self, game_id: str) -> RoundInfo | None:
        """The open round and its early sets, when the open window is a step; else None."""
        with Session(self.engine) as session:
            game = self._game(session, game_id)
            step = self._window(session, game)
            if step.parent_id is None:
                return None
            parent = session.get(Window, step.parent_id)
            assert parent is not None
            cap = as_utc(parent.deadline) if parent.deadline else None
            return RoundInfo(parent.label, cap, step, self._latest_sets(session, parent))

    def _open_window(
        self, session: Session, game: Game, state: GameState, now: datetime, parent: Window | None = None
    ) -> Window:
        """Open what comes on ``state``: a window, or the next step of a window played step by
        step (``parent``: its round's row; a new round's is made here) (service/steps.py)."""
        ruleset = self.ruleset(game)
        step = open_step(ruleset, state)
        if step is None:
            return self._open_row(session, game, state, now, self._opening_deadline(game, state, now))
        if not state.steps:
            parent = self._open_round(session, game, state, now)
        elif parent is None:
            parent = self._round_of(session, game)
        return self._open_step(session, game, parent, state, step, now)

    def _open_row(
        self,
        session: Session,
        game: Game,
        state: GameState,
        now: datetime,
        deadline: datetime | None,
        *,
        label: str | None = None,
        parent: Window | None = None,
        step: int | None = None,
        actors: Sequence[str] = (),
        step_kind: str = "",
        current: bool = True,
    ) -> Window:
        """One ``windows`` row opened on ``state``, logged and snapshotted; ``current``: the one
        order sets go to (every row but a round's parent)."""
        label = label or window_label(self.ruleset(game), state)
        data = state.to_json()
        digest = json_digest(data)  # once for the log and the snapshot
        self._log(session, game, [WindowOpened(phase=label, label=label, state_digest=digest)], None)
        window = Window(
            game_id=game.id,
            turn=state.turn,
            index=state.window,
            label=label,
            opened_at=now,
            deadline=deadline,
            start_event_id=self._last_event_id(session, game),
            status="over" if state.over else "open",
            parent_id=parent.id if parent else None,
            step=step,
            actors=list(actors),
            step_kind=step_kind,
        )
        session.add(window)
        session.flush()
        assert window.id is not None
        session.add(
            Snapshot(
                game_id=game.id,
                window_id=window.id,
                label=label,
                digest=digest,
                state=data,
            )
        )
        if current:
            game.current_window_id = window.id
        self._set_state(game, state)
        session.add(game)
        session.flush()
        return window

    def _opening_deadline(self, game: Game, state: GameState, now: datetime) -> datetime | None:
        """The deadline of a window opening now, from the game's calendar (service/calendar.py).

        None for a finished game or a window nobody has a decision in (it resolves at once); while
        the game is paused, None too, and the period is kept as the time left for ``resume``.
        """
        ruleset = self.ruleset(game)
        if state.over or not open_phases(ruleset, state):
            return None
        calendar = read_calendar(game.calendar, game.options)
        deadline = next_deadline(now, window_spec(ruleset, state).name, calendar)
        if calendar.paused:
            left = None if deadline is None else (deadline - now).total_seconds()
            game.calendar = {**game.calendar, "paused_remaining_seconds": left}
            return None
        return deadline

    def _open_round(self, session: Session, game: Game, state: GameState, now: datetime) -> Window:
        """The parent row of a round opening on ``state`` (its first step is opened next)."""
        kind = window_spec(self.ruleset(game), state).name
        calendar = read_calendar(game.calendar, game.options)
        cap = round_deadline(now, kind, calendar)
        if calendar.paused:  # kept as the time the cap has left, for resume (deadlines.py)
            left = None if cap is None else (cap - now).total_seconds()
            game.calendar = {**game.calendar, "paused_round_seconds": left}
            cap = None
        return self._open_row(session, game, state, now, cap, step_kind=ROUND, current=False)

    def _round_of(self, session: Session, game: Game) -> Window:
        """The open round's parent row (the latest one that stands)."""
        row = session.exec(
            select(Window)
            .where(Window.game_id == game.id, Window.step_kind == ROUND, col(Window.status) != "discarded")
            .order_by(col(Window.id).desc())
        ).first()
        assert row is not None, f"{game.id} has no open round"
        return row

    def _open_step(
        self, session: Session, game: Game, parent: Window, state: GameState, step: Step, now: datetime
    ) -> Window:
        """Open ``step`` of ``parent``'s round on ``state``: its row, snapshot, deadline, the
        actors' early orders copied in, and (queued) a "your move" mail to each actor."""
        ruleset = self.ruleset(game)
        parent.status = "open"
        session.add(parent)
        deadline = None
        waits = not state.over and any(ruleset.takes_orders(state, p) for p in step.phases)
        if waits:
            calendar = read_calendar(game.calendar, game.options)
            kind = window_spec(ruleset, state).name
            cap = as_utc(parent.deadline) if parent.deadline else None
            deadline = step_deadline(now, kind, calendar, cap)
            if calendar.paused:
                left = None if deadline is None else (deadline - now).total_seconds()
                game.calendar = {**game.calendar, "paused_remaining_seconds": left}
                deadline = None
        row = self._open_row(
            session,
            game,
            state,
            now,
            deadline,
            label=step_label(ruleset, state, step),
            parent=parent,
            step=len(state.steps) + 1,
            actors=list(step.powers),
            step_kind=step.kind,
        )
        copied = {p: self._copy_early(session, game, parent, row, state, step, p, now) for p in step.powers}
        sets = {p: s for p, s in copied.items() if s is not None}
        grace = timedelta(minutes=read_calendar(game.calendar, game.options).grace_minutes)
        late = deadline is not None and deadline + grace <= now  # opened past the round's cap
        if waits and not late and not self._nobody_to_wait_for(session, game, step.powers, sets):
            self._queue_your_move(session, game, row, now)
        return row

    def _copy_early(
        self,
        session: Session,
        game: Game,
        parent: Window,
        row: Window,
        state: GameState,
        step: Step,
        power: str,
        now: datetime,
    ) -> OrderSet | None:
        """Copy ``power``'s latest early set for this step's phases into the step, read strictly
        on the step's state; a line that no longer holds is dropped, with why, in ``issues``.
        Only a turn step and the closing step take early orders: an out-of-turn step (a reaction,
        a defence) may open before the power's turn and would eat its orders. A set (its
        version) is copied once per phase."""
        if step.kind not in (TURN, CLOSE):  # early orders are for the power's own turn (and the
            return None  # closing step); an out-of-turn step asks afresh ("your move")
        early = session.exec(
            select(OrderSet)
            .where(OrderSet.window_id == parent.id, OrderSet.power == power)
            .order_by(col(OrderSet.version).desc())
        ).first()
        if early is None:
            return None
        source = f"{EARLY} v{early.version}"
        used = self._phases_copied(session, game, parent, state, power, source)
        if used & set(step.phases):
            return None
        ruleset = self.ruleset(game)
        loose = parse_orders(ruleset, state, power, list(enumerate(early.orders, 1)), strict=False)
        mine = [(n, o) for n, o in enumerate(loose.orders, 1) if o.phase in step.phases]
        if not mine:
            return None
        dropped: list[str] = []
        wanted: list[tuple[int, str]] = []
        for n, order in mine:  # a guard first: what the player made the order depend on
            why = guard_failure(ruleset, state, power, order) if isinstance(order, Guarded) else None
            if why is None:
                wanted.append((n, order.canonical()))
            else:
                dropped.append(f"line {n}: {order.canonical()!r}: refused: {why}")
        read = parse_orders(ruleset, state, power, wanted, strict=True)
        dropped += [f"{i.describe()} (checked when your step opened)" for i in read.issues]
        kept = list(read.orders)
        assert row.id is not None
        copy = OrderSet(
            game_id=game.id,
            window_id=row.id,
            power=power,
            version=1,
            text=early.text,
            orders=[o.canonical() for o in kept],
            issues=dropped,
            ready=early.ready and not dropped,
            source=source,
            submitted_at=now,
        )
        session.add(copy)
        session.flush()
        return copy

    def _phases_copied(
        self, session: Session, game: Game, parent: Window, state: GameState, power: str, source: str
    ) -> set[str]:
        """The phases of the round's steps (still standing) into which ``source`` was copied."""
        rows = session.exec(
            select(Window.step)
            .join(OrderSet, col(OrderSet.window_id) == col(Window.id))
            .where(
                Window.parent_id == parent.id,
                col(Window.status) != "discarded",
                OrderSet.power == power,
                OrderSet.source == source,
            )
        )
        numbers = {n for n in rows if n is not None}
        return {p for n in numbers if n <= len(state.steps) for p in state.steps[n - 1].phases}

    # ---- where an order set goes -------------------------------------------------------------
    def _steps_window(
        self, session: Session, game: Game, current: Window, power: str, given: str | None
    ) -> Window:
        """The row an order set of ``power`` goes to while ``current`` (a step) is open: the step
        if ``power`` acts in it, else the round's parent (early orders) if ``power`` acts later in
        the round; else it is refused, saying whose step is open."""
        parent = session.get(Window, current.parent_id)
        assert parent is not None
        names = {current.label, str(current.id), parent.label, str(parent.id)}
        if given is not None and given not in names and not given.startswith(parent.label + "."):
            return current  # the caller's check refuses it as for any other window
        names_round = given is not None and given not in (current.label, str(current.id))
        if power in current.actors and not names_round:
            return current
        whose = f"{current.label} is open (for {', '.join(current.actors)})"
        if given is not None and not names_round:  # another's step named: not early orders
            raise AdjudicatorError(
                f"it is not your step: {whose}; orders for your own step later in {parent.label} "
                f"are sent with WINDOW {parent.label} (or no WINDOW line)"
            )
        if self._acts_later(session, game, parent, power):
            return parent
        raise AdjudicatorError(f"it is not your step: {whose}, and you have no step left in {parent.label}")

    def _names_round(self, session: Session, current: Window, given: str | None, power: str) -> bool:
        """Whether ``given`` (a WINDOW line) means the open round for ``power``: nothing, the open
        step, the round (``T3.claims``), ``T3.claims.genoa`` or a step of ``power``'s to come."""
        if given is None or given in (current.label, str(current.id)):
            return True
        parent = session.get(Window, current.parent_id)
        assert parent is not None
        if given in (parent.label, str(parent.id), f"{parent.label}.{power}"):
            return True
        found = re.match(LABEL_PATTERN, given)
        if found is None or not given.startswith(parent.label + ".") or found[4] != power:
            return False
        taken = session.exec(
            select(Window.id).where(
                Window.parent_id == parent.id, Window.label == given, col(Window.status) != "discarded"
            )
        ).first()
        return taken is None

    def _step_note(self, session: Session, window: Window, early: bool) -> str:
        """The receipt's line saying which step a set is for."""
        if early:
            return (
                f"early orders for your step in {window.label}: they are checked when it opens, "
                "on the board the steps before it leave"
            )
        if window.parent_id is not None:
            return f"for your step {window.label}"
        return ""

    def _acts_later(self, session: Session, game: Game, parent: Window, power: str) -> bool:
        """Whether ``power`` has a step to come in the round after the open one: a turn step it
        has not had yet, or the closing step (the window's phases no step has resolved yet,
        every power at once). A power acting in the open step names the round (``WINDOW
        T3.economy``) to send orders for its later step."""
        state = self._state(game)
        ruleset = self.ruleset(game)
        now_open = open_step(ruleset, state)
        done = (*state.steps, now_open) if now_open is not None else state.steps
        had = any(s.kind == TURN and power in s.powers for s in done)
        if not had and power in ruleset.power_ids(state):
            return True
        covered = {p for s in done for p in s.phases}
        phases = window_spec(ruleset, state).phases
        closing = [p for p in phases if p not in covered and ruleset.takes_orders(state, p)]
        return bool(closing) and not any(s.kind == CLOSE for s in done)
