"""The judge: games, order sets, adjudication, rollback and the GM's tools over one store.

Every public method is one database transaction: either everything it writes is stored, or
(on any error, a crash included) nothing is.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Engine, func, update
from sqlmodel import Session, col, select

from adjudicator.core.dice import Dice, new_seed, seed_commitment
from adjudicator.core.engine import WindowOutcome, open_phases, resolve_window, window_label
from adjudicator.core.events import (
    DiceLoaded,
    DiceRolled,
    Event,
    EventRegistry,
    GameCreated,
    RolledBack,
    SeedRevealed,
    Visibility,
    WindowOpened,
)
from adjudicator.core.replay import SETUP_NAMESPACE, ReplayError, read_orders, replay
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.state import GameState
from adjudicator.core.view import GM, PlayerView
from adjudicator.errors import AdjudicatorError, NotDue, StaleWindow, UnknownGame, UnknownPower, UnknownWindow
from adjudicator.orders.text import split_order_text
from adjudicator.report.text import render_text
from adjudicator.rulesets.registry import get_ruleset
from adjudicator.service.tokens import check_secret, hash_secret, new_secret
from adjudicator.store.models import EventRow, Game, OrderSet, Outbox, Power, ResultRow, Snapshot, Window, utcnow

GAME_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


@dataclass(frozen=True)
class Receipt:
    """What a submission stored: the canonical echo, the rejected lines, and a short hash."""

    game: str
    power: str
    window: str
    version: int
    accepted: tuple[str, ...]
    rejected: tuple[str, ...]
    ready: bool
    digest: str
    deadline: datetime | None

    def render(self) -> str:
        lines = [f"Orders of {self.power} for {self.game} {self.window} (version {self.version}, {self.digest})"]
        lines += [f"  accepted: {o}" for o in self.accepted] or ["  accepted: no orders"]
        lines += [f"  REJECTED {r}" for r in self.rejected]
        lines.append(f"  ready: {'yes' if self.ready else 'no'}")
        if self.deadline:
            lines.append(f"  deadline: {self.deadline.isoformat()}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Adjudicated:
    labels: tuple[str, ...]
    now_open: str
    over: bool
    results: int = 0
    events: int = 0
    outbox: tuple[int, ...] = field(default=())


class Judge:
    """The service every front end (CLI, mail, scheduler, scenarios, demo) goes through."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @contextmanager
    def _tx(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    # ---- lookups -------------------------------------------------------------------------
    def _game(self, session: Session, game_id: str) -> Game:
        game = session.get(Game, game_id)
        if game is None:
            raise UnknownGame(game_id)
        return game

    @staticmethod
    def ruleset(game: Game) -> Ruleset:
        return get_ruleset(game.ruleset)

    def _state(self, game: Game) -> GameState:
        return self.ruleset(game).state_type().from_json(game.state)

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

    # ---- writing helpers -------------------------------------------------------------------
    def _log(self, session: Session, game: Game, events: Sequence[Event], window_id: int | None) -> None:
        for event in events:
            session.add(
                EventRow(
                    game_id=game.id,
                    window_id=window_id,
                    kind=event.kind,
                    phase=event.phase,
                    scope=event.visibility.scope.value,
                    audience=list(event.visibility.powers),
                    payload=event.payload(),
                )
            )
        session.flush()

    def _last_event_id(self, session: Session, game: Game) -> int:
        return session.exec(select(func.max(EventRow.id)).where(EventRow.game_id == game.id)).one() or 0

    def _set_state(self, game: Game, state: GameState) -> None:
        game.state = state.to_json()
        game.state_digest = state.digest()
        game.status = "over" if state.over else ("paused" if game.status == "paused" else "active")

    def _open_window(self, session: Session, game: Game, state: GameState, now: datetime) -> Window:
        ruleset = self.ruleset(game)
        label = window_label(ruleset, state)
        self._log(session, game, [WindowOpened(phase=label, label=label, state_digest=state.digest())], None)
        period = game.options.get("period_hours")
        window = Window(
            game_id=game.id,
            turn=state.turn,
            index=state.window,
            label=label,
            opened_at=now,
            deadline=now + timedelta(hours=float(period)) if period else None,
            start_event_id=self._last_event_id(session, game),
            status="over" if state.over else "open",
        )
        session.add(window)
        session.flush()
        assert window.id is not None
        session.add(Snapshot(game_id=game.id, window_id=window.id, label=label, digest=state.digest(), state=state.to_json()))
        game.current_window_id = window.id
        self._set_state(game, state)
        session.add(game)
        session.flush()
        return window

    def _record(self, session: Session, game: Game, window: Window, outcome: WindowOutcome, now: datetime) -> Window:
        """Store one resolved window and open the next: events, results, reports, snapshot."""
        assert window.id is not None
        self._log(session, game, outcome.events, window.id)
        for r in outcome.results:
            session.add(
                ResultRow(
                    game_id=game.id,
                    window_id=window.id,
                    phase=r.phase,
                    power=r.power,
                    order_text=r.order,
                    ok=r.ok,
                    note=r.note,
                    reason_code=r.reason.code if r.reason else None,
                    reason=r.reason.message if r.reason else None,
                )
            )
        window.status = "resolved"
        window.resolved_at = now
        session.add(window)
        game.loaded_dice = {k: list(v) for k, v in outcome.loaded_left.items()}
        nxt = self._open_window(session, game, outcome.state, now)
        self._queue_reports(session, game, window, outcome, nxt.label)
        return nxt

    def _queue_reports(self, session: Session, game: Game, window: Window, outcome: WindowOutcome, nxt: str) -> None:
        ruleset = self.ruleset(game)
        for viewer in (*game.powers, GM):
            view = PlayerView(
                viewer=viewer,
                game=game.id,
                ruleset=game.ruleset,
                turn=outcome.state.turn,
                window=nxt,
                data=ruleset.view(outcome.state, viewer),
                events=tuple(e for e in outcome.events if e.visibility.allows(viewer)),
            )
            address = None
            if viewer != GM:
                power = session.exec(select(Power).where(Power.game_id == game.id, Power.power == viewer)).one()
                address = power.address
            session.add(
                Outbox(
                    game_id=game.id,
                    window_id=window.id,
                    recipient=viewer,
                    address=address,
                    message_id=f"<report.{game.id}.{window.id}.{viewer}@adjudicator>",
                    subject=f"[{game.id}] {outcome.label} results for {viewer}",
                    body_text=render_text(view, outcome.label, outcome.results, nxt),
                )
            )

    def _run_automatic(self, session: Session, game: Game, window: Window, now: datetime) -> list[str]:
        """Resolve windows in which nobody has a decision, until one takes orders."""
        ruleset = self.ruleset(game)
        labels: list[str] = []
        state = self._state(game)
        while not state.over and not open_phases(ruleset, state):
            outcome = resolve_window(ruleset, state, {}, game.seed, game.loaded_dice)
            labels.append(outcome.label)
            window = self._record(session, game, window, outcome, now)
            state = outcome.state
        return labels

    # ---- games -----------------------------------------------------------------------------
    def create_game(
        self,
        game_id: str,
        ruleset_name: str,
        powers: Sequence[str],
        options: Mapping[str, Any] | None = None,
        *,
        seed: bytes | None = None,
        addresses: Mapping[str, str] | None = None,
        setup: Sequence[str] = (),
        loaded_dice: Mapping[str, Sequence[int]] | None = None,
        now: datetime | None = None,
    ) -> dict[str, str]:
        """Create a game, run its setup and its first automatic windows; returns each power's secret."""
        now = now or utcnow()
        options = dict(options or {})
        if not GAME_ID.match(game_id):
            raise AdjudicatorError(f"game id {game_id!r}: expected lower-case letters, digits, '-' or '_'")
        if len(set(powers)) != len(powers) or not powers:
            raise AdjudicatorError(f"powers {list(powers)!r}: expected distinct power names")
        ruleset = get_ruleset(ruleset_name)
        seed = seed or new_seed()
        dice = Dice(seed, SETUP_NAMESPACE)
        state, setup_events = ruleset.initial_state(game_id, powers, options, dice)
        secrets = {p: new_secret() for p in powers}
        with self._tx() as session:
            if session.get(Game, game_id) is not None:
                raise AdjudicatorError(f"game {game_id!r} exists already")
            game = Game(
                id=game_id,
                ruleset=ruleset.name,
                ruleset_version=ruleset.version,
                seed=seed,
                seed_hash=seed_commitment(seed),
                options=options,
                powers=list(powers),
                state=state.to_json(),
                state_digest=state.digest(),
                loaded_dice={k: list(v) for k, v in (loaded_dice or {}).items()},
            )
            session.add(game)
            for p in powers:
                session.add(
                    Power(game_id=game_id, power=p, secret_hash=hash_secret(secrets[p]), address=(addresses or {}).get(p))
                )
            session.flush()
            created = GameCreated(
                phase="setup", game=game_id, ruleset=ruleset.name, powers=tuple(powers), options=options,
                seed_hash=game.seed_hash,
            )
            rolls = [
                DiceRolled(phase="setup", key=r.key, sides=r.sides, value=r.value, purpose=r.purpose)
                for r in dice.rolls
            ]
            self._log(session, game, [created, *rolls, *setup_events], None)
            for line in setup:
                state = self._edit(session, game, state, line)
            window = self._open_window(session, game, state, now)
            self._run_automatic(session, game, window, now)
        return secrets

    def _edit(self, session: Session, game: Game, state: GameState, command: str) -> GameState:
        new_state, events = self.ruleset(game).gm_edit(state, command)
        self._log(session, game, events, game.current_window_id)
        self._set_state(game, new_state)
        session.add(game)
        return new_state

    def games(self) -> list[Game]:
        with Session(self.engine) as session:
            return list(session.exec(select(Game).order_by(col(Game.created_at))))

    def game(self, game_id: str) -> tuple[Game, Window]:
        with Session(self.engine) as session:
            game = self._game(session, game_id)
            return game, self._window(session, game)

    def state(self, game_id: str) -> GameState:
        with Session(self.engine) as session:
            return self._state(self._game(session, game_id))

    def view(self, game_id: str, viewer: str) -> PlayerView:
        with Session(self.engine) as session:
            game = self._game(session, game_id)
            if viewer != GM:
                self._power(game, viewer)
            state = self._state(game)
            window = self._window(session, game)
            return PlayerView(
                viewer=viewer, game=game.id, ruleset=game.ruleset, turn=state.turn, window=window.label,
                data=self.ruleset(game).view(state, viewer),
            )

    # ---- orders ----------------------------------------------------------------------------
    def submit(self, text: str, *, source: str = "cli", now: datetime | None = None) -> Receipt:
        """Store a power's order set for the open window; a later one replaces it until the deadline."""
        now = now or utcnow()
        parsed = split_order_text(text)
        env = parsed.envelope
        missing = [k for k in ("GAME", "POWER", "SECRET") if k not in env]
        if missing:
            raise AdjudicatorError(f"the order text has no {', '.join(missing)}: expected 'GAME id POWER id SECRET token'")
        with self._tx() as session:
            game = self._game(session, env["GAME"].lower())
            power = self._power(game, env["POWER"].lower())
            row = session.exec(select(Power).where(Power.game_id == game.id, Power.power == power)).one()
            if not check_secret(env["SECRET"], row.secret_hash):
                raise AdjudicatorError(f"wrong secret for {power} in {game.id}: nothing was stored")
            window = self._match_window(session, game, env.get("WINDOW"))
            if window.status != "open":
                raise AdjudicatorError(f"{game.id} takes no orders now: window {window.label} is {window.status}")
            if window.deadline and now > _aware(window.deadline):
                raise AdjudicatorError(f"the deadline of {window.label} passed at {window.deadline.isoformat()}")
            submission = self.ruleset(game).parse(self._state(game), power, parsed.lines)
            accepted = tuple(submission.canonical_lines())
            rejected = tuple(i.describe() for i in submission.issues) + tuple(
                f"line {n}: {line!r}: {why}" for n, line, why in parsed.problems
            )
            version = 1 + (
                session.exec(
                    select(func.max(OrderSet.version)).where(OrderSet.window_id == window.id, OrderSet.power == power)
                ).one()
                or 0
            )
            assert window.id is not None
            session.add(
                OrderSet(
                    game_id=game.id, window_id=window.id, power=power, version=version, text=redact_secret(text),
                    orders=list(accepted), issues=list(rejected), ready=bool(parsed.ready), source=source,
                    submitted_at=now,
                )
            )
            digest = hashlib.sha256("\n".join(accepted).encode()).hexdigest()[:8].upper()
            return Receipt(game.id, power, window.label, version, accepted, rejected, bool(parsed.ready), digest, window.deadline)

    def _latest_sets(self, session: Session, window: Window) -> dict[str, OrderSet]:
        rows = session.exec(select(OrderSet).where(OrderSet.window_id == window.id).order_by(col(OrderSet.version)))
        return {row.power: row for row in rows}

    def current_orders(self, game_id: str) -> dict[str, OrderSet]:
        with Session(self.engine) as session:
            game = self._game(session, game_id)
            return self._latest_sets(session, self._window(session, game))

    # ---- adjudication ----------------------------------------------------------------------
    def adjudicate(
        self, game_id: str, *, window: str | None = None, force: bool = False, now: datetime | None = None
    ) -> Adjudicated:
        """Resolve the open window (and the automatic ones after it) in one transaction."""
        now = now or utcnow()
        with self._tx() as session:
            game = self._game(session, game_id)
            current = self._match_window(session, game, window)
            if current.status != "open":
                raise AdjudicatorError(f"window {current.label} of {game.id} is {current.status}, not open")
            sets = self._latest_sets(session, current)
            all_ready = set(sets) == set(game.powers) and all(s.ready for s in sets.values())
            if not force and not all_ready and (current.deadline is None or now < _aware(current.deadline)):
                when = current.deadline.isoformat() if current.deadline else "no deadline is set"
                raise NotDue(f"{current.label} of {game.id} is not due ({when}) and not every power is READY: use --force")
            claimed = session.exec(  # type: ignore[call-overload]
                update(Window).where(col(Window.id) == current.id, col(Window.status) == "open").values(status="resolving")
            )
            if claimed.rowcount != 1:
                raise AdjudicatorError(f"window {current.label} of {game.id} is being adjudicated already")
            ruleset = self.ruleset(game)
            state = self._state(game)
            orders = read_orders(ruleset, state, {p: tuple(s.orders) for p, s in sets.items()})
            outcome = resolve_window(ruleset, state, orders, game.seed, game.loaded_dice)
            session.refresh(current)
            nxt = self._record(session, game, current, outcome, now)
            labels = [outcome.label, *self._run_automatic(session, game, nxt, now)]
            final = self._window(session, game)
            return Adjudicated(tuple(labels), final.label, game.status == "over", len(outcome.results), len(outcome.events))

    # ---- GM tools --------------------------------------------------------------------------
    def gm_edit(self, game_id: str, command: str) -> None:
        with self._tx() as session:
            game = self._game(session, game_id)
            self._edit(session, game, self._state(game), command)

    def load_dice(self, game_id: str, key: str, values: Sequence[int]) -> None:
        """Script the next rolls of a phase (``T2.taxes``) or of any phase (``*``); logged publicly."""
        if not values or any(v < 1 for v in values):
            raise AdjudicatorError(f"dice {list(values)!r}: expected whole numbers from 1 up")
        if key != "*" and not re.match(r"^T\d+\.\w+$", key):
            raise AdjudicatorError(f"dice key {key!r}: expected a phase such as T2.taxes, or *")
        with self._tx() as session:
            game = self._game(session, game_id)
            game.loaded_dice = {**game.loaded_dice, key: [*game.loaded_dice.get(key, []), *values]}
            session.add(game)
            self._log(session, game, [DiceLoaded(phase=key, key=key, values=tuple(values))], game.current_window_id)

    def reveal_seed(self, game_id: str) -> str:
        with self._tx() as session:
            game = self._game(session, game_id)
            if not game.seed_revealed:
                game.seed_revealed = True
                session.add(game)
                self._log(session, game, [SeedRevealed(phase="gm", seed=game.seed.hex())], game.current_window_id)
            return game.seed.hex()

    def rollback(self, game_id: str, label: str, *, now: datetime | None = None) -> str:
        """Return to the start of an earlier window; the discarded history stays in the log."""
        now = now or utcnow()
        with self._tx() as session:
            game = self._game(session, game_id)
            windows = list(
                session.exec(
                    select(Window).where(Window.game_id == game.id, col(Window.status) != "discarded").order_by(col(Window.id))
                )
            )
            target = next((w for w in reversed(windows) if label in (w.label, str(w.id))), None)
            if target is None:
                raise UnknownWindow(label, tuple(dict.fromkeys(w.label for w in windows)))
            assert target.id is not None
            snap = session.exec(select(Snapshot).where(Snapshot.window_id == target.id)).one()
            sets = self._latest_sets(session, target)
            inputs = session.exec(
                select(EventRow).where(EventRow.window_id == target.id, EventRow.kind == "window-adjudicated")
            ).first()
            for table, key in ((EventRow, EventRow.id), (ResultRow, ResultRow.window_id), (Snapshot, Snapshot.window_id)):
                bound = target.start_event_id - 1 if table is EventRow else target.id - 1
                session.exec(  # type: ignore[call-overload]
                    update(table).where(table.game_id == game.id, key > bound).values(discarded=True)
                )
            session.exec(  # type: ignore[call-overload]
                update(Window).where(col(Window.game_id) == game.id, col(Window.id) >= target.id).values(status="discarded")
            )
            self._log(
                session, game, [RolledBack(phase="gm", to_label=target.label, discarded_from_event=target.start_event_id)],
                None,
            )
            state = self.ruleset(game).state_type().from_json(snap.state)
            if inputs is not None:
                game.loaded_dice = {k: list(v) for k, v in inputs.payload.get("loaded_dice", {}).items()}
            window = self._open_window(session, game, state, now)
            assert window.id is not None
            for power, row in sets.items():
                session.add(
                    OrderSet(
                        game_id=game.id, window_id=window.id, power=power, version=1, text=row.text,
                        orders=row.orders, issues=row.issues, ready=False, source="rollback", submitted_at=now,
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

    def replay_check(self, game_id: str) -> list[str]:
        """Replay the log and compare with every stored snapshot; returns the differences."""
        with Session(self.engine) as session:
            game = self._game(session, game_id)
            seed = game.seed
        try:
            openings = replay(self.ruleset(game), self.events(game_id), seed)
        except ReplayError as exc:
            return [str(exc)]
        snaps = self.snapshots(game_id)
        problems = [f"{len(openings)} windows replayed but {len(snaps)} snapshots stored"] if len(openings) != len(snaps) else []
        for opening, snap in zip(openings, snaps, strict=False):
            if opening.label != snap.label or opening.state.digest() != snap.digest:
                problems.append(f"snapshot {snap.label} differs from the replayed {opening.label}")
        return problems

    def outbox(self, game_id: str) -> list[Outbox]:
        with Session(self.engine) as session:
            return list(session.exec(select(Outbox).where(Outbox.game_id == game_id).order_by(col(Outbox.id))))


def redact_secret(text: str) -> str:
    """Order text as stored: the secret never reaches the database in clear."""
    return re.sub(r"(SECRET\s+)\S+", r"\1***", text, flags=re.IGNORECASE)


def _aware(when: datetime) -> datetime:
    """SQLite hands back naive datetimes; every time we store is UTC."""
    from datetime import UTC

    return when if when.tzinfo else when.replace(tzinfo=UTC)
