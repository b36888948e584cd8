"""What every judge service shares: the transaction, lookups, the log, windows and reports.

Every public method is one database transaction: either everything it writes is stored, or
(on any error, a crash included) nothing is.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, Table, func, insert
from sqlalchemy import select as sql_select
from sqlmodel import Session, col, select

from adjudicator.core.engine import WindowOutcome, open_phases, resolve_window
from adjudicator.core.events import Event, SeedRevealed
from adjudicator.core.replay import read_stored
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.state import GameState, json_digest
from adjudicator.core.stepping import open_step, resolve_step
from adjudicator.core.view import GM, PlayerView
from adjudicator.dates import viewer_zone
from adjudicator.errors import StaleWindow, UnknownGame, UnknownPower
from adjudicator.orders.names import NameIndex
from adjudicator.rulesets.registry import get_ruleset
from adjudicator.service.calendar import read_calendar
from adjudicator.service.report_queue import (
    OWN_TX,
    RENDER_AFTER,
    queue_reports,
    render_queued,
    round_key,
)
from adjudicator.store.db import WRITER
from adjudicator.store.models import (
    EventRow,
    Game,
    OrderSet,
    Outbox,
    Power,
    ResultRow,
    Window,
    utcnow,
)

log = logging.getLogger(__name__)
_POWERS: Table = Power.__table__  # type: ignore[attr-defined]


class StoreAccess:
    """Database helpers; each public method of a subclass is one transaction."""

    def __init__(
        self, engine: Engine, *, mail_domain: str = "adjudicator", render_after_commit: bool = True
    ) -> None:
        self.engine = engine
        self.mail_domain = mail_domain
        self.render_after_commit = render_after_commit
        """Reports queued by a transaction are rendered right after its commit (service/rendering.py);
        False leaves them to a render pass elsewhere (``serve``: its outbox sender)."""

    if TYPE_CHECKING:  # HistoryTools (history.py) provides it: the mail and `report` share one path
        # and StepTools (steps.py) the opening of windows, rounds and steps
        def _open_window(
            self, session: Session, game: Game, state: GameState, now: datetime, parent: Window | None = None
        ) -> Window: ...

        def _opening_deadline(self, game: Game, state: GameState, now: datetime) -> datetime | None: ...

        def _queue_your_move(self, session: Session, game: Game, row: Window, now: datetime) -> None: ...

        # ReportRendering (rendering.py) the render pass after the commit
        def render_pending(
            self, game_id: str | None = None, *, limit: int | None = None, now: datetime | None = None
        ) -> int: ...

    @contextmanager
    def _within(self, session: Session | None) -> Iterator[Session]:
        """The caller's transaction (a GM's mail: all or nothing), else a new one."""
        if session is not None:
            yield session
            return
        with self._tx() as own:
            yield own

    @contextmanager
    def _tx(self) -> Iterator[Session]:
        """One writing transaction (on SQLite it holds the write lock from its start: store/db.py)."""
        with Session(self.engine, expire_on_commit=False, execution_options=WRITER) as session:
            session.info[OWN_TX] = True
            with session.begin():
                yield session
            render_queued(self, session.info.pop(RENDER_AFTER, ()))  # committed: render its reports

    # ---- lookups -------------------------------------------------------------------------
    def _game(self, session: Session, game_id: str) -> Game:
        game = session.get(Game, game_id)
        if game is None:
            raise UnknownGame(game_id)
        return game

    @staticmethod
    def ruleset(game: Game) -> Ruleset:
        return get_ruleset(game.ruleset)

    def _state(self, game: Game, data: dict[str, Any] | None = None) -> GameState:
        """The game's current state, or ``data`` (a stored snapshot) read with the game's ruleset."""
        return self.ruleset(game).state_type().from_json(game.state if data is None else data)

    def power_called(self, game: Game, typed: str) -> str | None:
        """The power of ``game`` that ``typed`` names: its id, or (where the ruleset names its powers,
        ``power_names``) its kingdom's name in full, any case, accents optional; None if none."""
        if typed.lower() in game.powers:
            return typed.lower()
        names = getattr(self.ruleset(game), "power_names", None)
        if names is None:
            return None
        found = NameIndex(names(self._state(game)), "power").exact(typed)
        return found if found in game.powers else None

    @staticmethod
    def _power(game: Game, power: str) -> str:
        if power not in game.powers:
            raise UnknownPower(power, tuple(game.powers))
        return power

    def _window(self, session: Session, game: Game) -> Window:
        window = session.get(Window, game.current_window_id)
        assert window is not None
        return window

    def _match_window(self, session: Session, game: Game, given: str | None) -> Window:
        """The open window, checked against the id or label the caller believes is open."""
        window = self._window(session, game)
        if given is not None and given not in (str(window.id), window.label):
            raise StaleWindow(given, window.label)
        return window

    def _current_view(self, session: Session, game: Game, viewer: str) -> PlayerView:
        """What ``viewer`` sees now, at the open window (STATE, a replacement's briefing, the CLI)."""
        state = self._state(game)
        return PlayerView(
            viewer=viewer,
            game=game.id,
            ruleset=game.ruleset,
            turn=state.turn,
            window=self._window(session, game).label,
            data=self.ruleset(game).view(state, viewer),
        )

    # ---- writing helpers -------------------------------------------------------------------
    def _log(self, session: Session, game: Game, events: Sequence[Event], window_id: int | None) -> None:
        """Append ``events`` to the log in one INSERT of many rows (a war window logs hundreds: as
        ORM objects, validated one by one, they were half of the adjudication's store time)."""
        if not events:
            return
        session.flush()  # rows added before these come first in the log
        at = utcnow()
        rows = [
            {
                "game_id": game.id,
                "window_id": window_id,
                "kind": event.kind,
                "phase": event.phase,
                "scope": event.visibility.scope.value,
                "audience": list(event.visibility.powers),
                "payload": event.payload(),
                "discarded": False,
                "created_at": at,
            }
            for event in events
        ]
        session.execute(insert(EventRow), rows)

    def _reveal_seed_in(self, session: Session, game: Game) -> str:
        """The dice seed made public (logged once): the GM's ``reveal-seed``, and the end of every
        game (service/ending.py), so every roll can be recomputed from it (core/dice.py)."""
        if not game.seed_revealed:
            game.seed_revealed = True
            session.add(game)
            self._log(session, game, [SeedRevealed(phase="gm", seed=game.seed.hex())], game.current_window_id)
        return game.seed.hex()

    def _last_event_id(self, session: Session, game: Game) -> int:
        return session.exec(select(func.max(EventRow.id)).where(EventRow.game_id == game.id)).one() or 0

    def _set_state(self, game: Game, state: GameState) -> None:
        game.state = state.to_json()
        game.state_digest = json_digest(game.state)  # the JSON made once, not once more for the digest
        game.status = "over" if state.over else ("paused" if game.status == "paused" else "active")

    def _record(
        self, session: Session, game: Game, window: Window, outcome: WindowOutcome, now: datetime
    ) -> Window:
        """Store one resolved window and open the next: events, results, reports, snapshot."""
        assert window.id is not None
        self._log(session, game, outcome.events, window.id)
        results = [
            {
                "game_id": game.id,
                "window_id": window.id,
                "phase": r.phase,
                "power": r.power,
                "order_text": r.order,
                "ok": r.ok,
                "note": r.note,
                "reason_code": r.reason.code if r.reason else None,
                "reason": r.reason.message if r.reason else None,
                "discarded": False,
            }
            for r in outcome.results
        ]
        if results:
            session.execute(insert(ResultRow), results)
        window.status = "resolved"
        window.resolved_at = now
        session.add(window)
        game.loaded_dice = {k: list(v) for k, v in outcome.loaded_left.items()}
        parent = session.get(Window, window.parent_id) if window.parent_id is not None else None
        ended = None
        if parent is not None and (outcome.state.over or not outcome.state.steps):
            parent.status, parent.resolved_at = "resolved", now  # the round is over
            session.add(parent)
            ended, parent = parent, None
        nxt = self._open_window(session, game, outcome.state, now, parent)
        if outcome.state.over:  # the game ended: its seed is public from its final report on
            self._reveal_seed_in(session, game)
        # A step's report goes to the GM (to every power too with the calendar's step_reports);
        # the round's, at its end, to everyone (docs/turn-by-turn.md §8).
        everyone = (*game.powers, GM)
        stepped = window.parent_id is not None
        if stepped and not read_calendar(game.calendar, game.options).step_reports:
            queue_reports(self, session, game, window, now, nxt, (GM,))
        else:
            queue_reports(self, session, game, window, now, nxt, everyone)
        if ended is not None:
            key = round_key(session, game, ended, window, self.mail_domain)
            queue_reports(self, session, game, ended, now, nxt, everyone, key)
        return nxt

    def _zone_of(self, session: Session, game: Game, viewer: str, row: Power | None = None) -> str:
        """The zone a viewer reads dates in (adjudicator/dates.py): the player's own (``TIMEZONE``),
        else the game's (``game calendar --timezone``), else UTC; the GM's is the game's. ``row``:
        the viewer's row in this session, when the caller holds it (not read again)."""
        own = None
        if row is not None and row.game_id == game.id and row.power == viewer:
            own = row.timezone
        elif viewer != GM:  # in Core (a receipt reads it for every mail); flushed, so a TIMEZONE of
            session.flush()  # the same transaction, still pending in the ORM, is read
            query = sql_select(_POWERS.c.timezone).where(
                _POWERS.c.game_id == game.id, _POWERS.c.power == viewer
            )
            own = session.connection().execute(query).scalar()
        return viewer_zone(own, read_calendar(game.calendar, game.options).timezone)

    def _address(self, session: Session, game: Game, recipient: str) -> str | None:
        """Where mail for a power (or the GM) goes: the address on file, if any."""
        if recipient == GM:
            return game.gm_address
        power = session.exec(select(Power).where(Power.game_id == game.id, Power.power == recipient)).first()
        return power.address if power else None

    def queue_mail(
        self,
        session: Session,
        game: Game | None,
        *,
        kind: str,
        recipient: str,
        key: str,
        subject: str,
        text: str,
        address: str | None = None,
        html: str | None = None,
        attachments: Sequence[dict[str, str]] = (),
        window_id: int | None = None,
        in_reply_to: str | None = None,
    ) -> Outbox:
        """Add one mail to the outbox in the caller's transaction.

        ``key`` names the mail uniquely (``report.GAME.WINDOW.POWER``); its Message-ID is made from it,
        so the same mail can never be queued twice and a resend carries the same id.
        """
        row = Outbox(
            game_id=game.id if game else None,
            window_id=window_id,
            kind=kind,
            recipient=recipient,
            address=address
            if address is not None
            else (self._address(session, game, recipient) if game else None),
            mail_key=key,
            message_id=f"<{key}@{self.mail_domain}>",
            in_reply_to=in_reply_to,
            subject=subject,
            body_text=text,
            body_html=html,
            attachments=list(attachments),
        )
        session.add(row)
        return row

    def _run_automatic(self, session: Session, game: Game, window: Window, now: datetime) -> list[str]:
        """Resolve what nobody has a decision in, until something takes orders: windows, steps
        whose phases take none, steps whose actors' early orders were copied in READY, and steps
        of powers in civil disorder that sent nothing (their defaults)."""
        ruleset = self.ruleset(game)
        labels: list[str] = []
        state = self._state(game)
        while not state.over:
            step = open_step(ruleset, state)
            if step is None:
                if open_phases(ruleset, state):
                    break
                outcome = resolve_window(ruleset, state, {}, game.seed, game.loaded_dice)
            else:
                sets = self._latest_sets(session, window)
                waits = any(ruleset.takes_orders(state, p) for p in step.phases)
                if waits and not self._nobody_to_wait_for(session, game, step.powers, sets):
                    break
                orders, unread = read_stored(ruleset, state, {p: tuple(s.orders) for p, s in sets.items()})
                outcome = resolve_step(ruleset, state, step, orders, game.seed, game.loaded_dice)
                outcome = replace(outcome, unread=tuple(unread))
            labels.append(outcome.label)
            window = self._record(session, game, window, outcome, now)
            state = outcome.state
        return labels

    def _nobody_to_wait_for(
        self, session: Session, game: Game, actors: Sequence[str], sets: dict[str, OrderSet]
    ) -> bool:
        """Whether a step can resolve now: each actor's set is READY, or the actor is in civil
        disorder (service/deadlines.py) and sent nothing (its defaults)."""
        query = select(Power.power).where(Power.game_id == game.id, Power.status == "disorder")
        gone = set(session.exec(query))
        return all((p in sets and sets[p].ready) or (p in gone and p not in sets) for p in actors)

    def _edit(self, session: Session, game: Game, state: GameState, command: str) -> GameState:
        return self._edit_told(session, game, state, command)[0]

    def _edit_told(
        self, session: Session, game: Game, state: GameState, command: str
    ) -> tuple[GameState, tuple[str, ...]]:
        """One GM edit applied and logged, and the powers it may be told to: those its events are
        shown to (R95: an edit that changed only hungary's florins is hungary's and the GM's)."""
        new_state, events = self.ruleset(game).gm_edit(state, command)
        self._log(session, game, events, game.current_window_id)
        self._set_state(game, new_state)
        session.add(game)
        told = tuple(p for p in game.powers if any(e.visibility.allows(p) for e in events))
        return new_state, told

    def _latest_sets(self, session: Session, window: Window) -> dict[str, OrderSet]:
        rows = session.exec(
            select(OrderSet).where(OrderSet.window_id == window.id).order_by(col(OrderSet.version))
        )
        return {row.power: row for row in rows}


def as_utc(when: datetime) -> datetime:
    """SQLite hands back naive datetimes; every time we store is UTC."""
    from datetime import UTC

    return when if when.tzinfo else when.replace(tzinfo=UTC)
