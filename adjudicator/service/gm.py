"""The GM's tools and the log: edits, loaded dice, the seed, rollback, replay check."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import update
from sqlmodel import Session, col, select

from adjudicator.core.events import (
    Event,
    EventRegistry,
    RolledBack,
)
from adjudicator.core.replay import ReplayError, replay
from adjudicator.errors import AdjudicatorError, UnknownWindow
from adjudicator.service.assets import with_content
from adjudicator.service.dice_tools import DiceTools
from adjudicator.service.expectations import ResultLine
from adjudicator.store.models import (
    EventRow,
    Game,
    OrderSet,
    Outbox,
    ResultRow,
    Snapshot,
    Window,
    utcnow,
)

VERIFIED = "verified_snapshot"
"""The game option that holds the id of the newest snapshot a replay check found right."""


class GmTools(DiceTools):
    """GM tools (loaded dice: dice_tools.py); each method is one transaction."""

    # ---- GM tools --------------------------------------------------------------------------
    def gm_edit(
        self, game_id: str, command: str, *, announce: bool = False, session: Session | None = None
    ) -> tuple[str, ...]:
        """One GM edit, logged; with ``announce`` the powers it may be told to (R95: those its
        events are shown to) are mailed what changed. Returns those powers. ``session``: the
        caller's transaction (a GM's mail, which announces its edits itself), else one of its own."""
        with self._within(session) as tx:
            game = self._game(tx, game_id)
            _, told = self._edit_told(tx, game, self._state(game), command)
            if announce:
                tag = f"edit.{game.id}.{self._last_event_id(tx, game)}"
                text = f"The GM changed the game:\n  {' '.join(command.split())}\n"
                self._tell_powers(tx, game, tag, "The GM changed the game", text, told)
            return told

    def broadcast(self, game_id: str, text: str, *, now: datetime | None = None) -> list[str]:
        """Mail ``text`` from the GM to every power; returns who was told."""
        now = now or utcnow()
        if not text.strip():
            raise AdjudicatorError("the broadcast is empty: expected a text to send to every power")
        with self._tx() as session:
            game = self._game(session, game_id)
            tag = (
                f"broadcast.{game.id}.{hashlib.sha256(f'{now.isoformat()}|{text}'.encode()).hexdigest()[:16]}"
            )
            self._tell_powers(session, game, tag, "Message from the GM", text)
            return list(game.powers)

    def _tell_powers(
        self,
        session: Session,
        game: Game,
        tag: str,
        subject: str,
        text: str,
        powers: tuple[str, ...] | None = None,
    ) -> None:
        for power in game.powers if powers is None else powers:
            self.queue_mail(
                session,
                game,
                kind="notice",
                recipient=power,
                key=f"{tag}.{power}",
                subject=f"[{game.id}] {subject}",
                text=text,
            )

    def reveal_seed(self, game_id: str) -> str:
        with self._tx() as session:
            return self._reveal_seed_in(session, self._game(session, game_id))

    def rollback(self, game_id: str, label: str, *, now: datetime | None = None) -> str:
        """Return to the start of an earlier window; the discarded history stays in the log.

        Loaded dice (a ruling): the window gets back the dice that were loaded when it was
        resolved, so a re-run rolls as the table did; dice loaded after that go with the
        discarded history. Rolling back to the open window leaves them as they are. ``gm dice``
        shows what is loaded, ``gm clear-dice`` takes any of it back."""
        now = now or utcnow()
        with self._tx() as session:
            return self._rollback(session, self._game(session, game_id), label, now)

    def _rollback(self, session: Session, game: Game, label: str, now: datetime) -> str:
        """The body of :meth:`rollback` in the caller's transaction (``ROLLBACK`` by mail)."""
        windows = list(
            session.exec(
                select(Window)
                .where(Window.game_id == game.id, col(Window.status) != "discarded")
                .order_by(col(Window.id))
            )
        )
        target = next((w for w in reversed(windows) if label in (w.label, str(w.id))), None)
        if target is None:
            raise UnknownWindow(label, tuple(dict.fromkeys(w.label for w in windows)))
        assert target.id is not None
        snap = session.exec(select(Snapshot).where(Snapshot.window_id == target.id)).one()
        sets = self._latest_sets(session, target)
        inputs = session.exec(
            select(EventRow).where(
                EventRow.window_id == target.id,
                col(EventRow.kind).in_(("window-adjudicated", "step-adjudicated")),
            )
        ).first()
        discards = (
            update(EventRow).where(
                col(EventRow.game_id) == game.id, col(EventRow.id) >= target.start_event_id
            ),
            update(ResultRow).where(col(ResultRow.game_id) == game.id, col(ResultRow.window_id) >= target.id),
            update(Snapshot).where(col(Snapshot.game_id) == game.id, col(Snapshot.window_id) >= target.id),
        )
        for statement in discards:
            session.execute(statement.values(discarded=True))
        session.execute(
            update(Window)
            .where(col(Window.game_id) == game.id, col(Window.id) >= target.id)
            .values(status="discarded")
        )
        self._log(
            session,
            game,
            [RolledBack(phase="gm", to_label=target.label, discarded_from_event=target.start_event_id)],
            None,
        )
        state = self._state(game, snap.state)
        if inputs is not None:
            game.loaded_dice = {k: list(v) for k, v in inputs.payload.get("loaded_dice", {}).items()}
        window = self._open_window(session, game, state, now)
        assert window.id is not None
        copied = self._latest_sets(session, window)  # a step's early orders, copied as it reopened
        for power, row in sets.items():
            session.add(
                OrderSet(
                    game_id=game.id,
                    window_id=window.id,
                    power=power,
                    version=1 + (copied[power].version if power in copied else 0),
                    text=row.text,
                    orders=row.orders,
                    issues=row.issues,
                    ready=False,
                    source="rollback",
                    submitted_at=now,
                )
            )
        return window.label

    # ---- the log ---------------------------------------------------------------------------
    def events(self, game_id: str, *, include_discarded: bool = False) -> list[Event]:
        with Session(self.engine) as session:
            game = self._game(session, game_id)
            registry = EventRegistry(self.ruleset(game).event_types())
            query = select(EventRow).where(EventRow.game_id == game.id).order_by(col(EventRow.id))
            if not include_discarded:
                query = query.where(col(EventRow.discarded).is_(False))
            return [registry.load(row.kind, row.payload) for row in session.exec(query)]

    def snapshots(self, game_id: str) -> list[Snapshot]:
        with Session(self.engine) as session:
            query = (
                select(Snapshot)
                .where(Snapshot.game_id == game_id, col(Snapshot.discarded).is_(False))
                .order_by(col(Snapshot.id))
            )
            return list(session.exec(query))

    def replay_check(self, game_id: str, *, since_verified: bool = False) -> list[str]:
        """Replay the log and compare with the stored snapshots; returns the differences.

        The whole log by default (linear: each window resolved once). ``since_verified``: from the
        last snapshot a check found right (``gm verify`` without ``--full``), trusting it and those
        before; a check that finds nothing wrong records the newest snapshot as verified.
        """
        with Session(self.engine) as session:
            game = self._game(session, game_id)
            seed, verified = game.seed, game.options.get(VERIFIED)
        snaps = self.snapshots(game_id)
        first = next((i for i, s in enumerate(snaps) if s.id == verified), 0) if since_verified else 0
        start = (first, self._state(game, snaps[first].state)) if first else None
        try:
            openings = replay(self.ruleset(game), self.events(game_id), seed, start=start)
        except ReplayError as exc:
            return [str(exc)]
        checked = snaps[first:]
        problems = (
            [f"{len(openings)} windows replayed but {len(checked)} snapshots stored"]
            if len(openings) != len(checked)
            else []
        )
        for opening, snap in zip(openings, checked, strict=False):
            if opening.label != snap.label or opening.state.digest() != snap.digest:
                problems.append(f"snapshot {snap.label} differs from the replayed {opening.label}")
        if not problems and snaps:
            with self._tx() as session:
                game = self._game(session, game_id)
                game.options = {**game.options, VERIFIED: snaps[-1].id}
                session.add(game)
        return problems

    def window_labels(self, game_id: str) -> dict[int, str]:
        """Every window row's id and label, discarded ones included."""
        with Session(self.engine) as session:
            rows = session.exec(select(Window).where(Window.game_id == game_id))
            return {w.id: w.label for w in rows if w.id is not None}

    def results(self, game_id: str, labels: Sequence[str]) -> list[ResultLine]:
        """The standing outcomes of every order adjudicated in the windows named (not rolled back)."""
        with Session(self.engine) as session:
            query = (
                select(ResultRow, Window)
                .where(ResultRow.game_id == game_id, col(ResultRow.discarded).is_(False))
                .where(col(ResultRow.window_id) == col(Window.id), col(Window.label).in_(list(labels)))
                .order_by(col(ResultRow.id))
            )
            return [
                ResultLine(
                    power=row.power,
                    phase=row.phase,
                    order=row.order_text,
                    ok=row.ok,
                    text=" ".join(t for t in (row.note, row.reason or "") if t),
                )
                for row, _ in session.exec(query)
            ]

    def outbox(self, game_id: str) -> list[Outbox]:
        """The game's mails, oldest first, each as its message reads (content stored once filled in:
        service/assets.py); a report still to be rendered has no text yet."""
        with Session(self.engine) as session:
            rows = session.exec(select(Outbox).where(Outbox.game_id == game_id).order_by(col(Outbox.id)))
            return [with_content(session, row) for row in rows]
