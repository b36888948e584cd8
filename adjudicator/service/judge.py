"""The judge: games, order sets and adjudication over one store (GM tools: gm.py, helpers: base.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlalchemy import Table, bindparam, func, insert
from sqlalchemy import select as sql_select
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from adjudicator.cleantext import clean_text
from adjudicator.core.dice import Dice, new_seed, seed_commitment
from adjudicator.core.engine import dice_events, resolve_window
from adjudicator.core.events import (
    GameCreated,
)
from adjudicator.core.guards import Guarded, guard_failure
from adjudicator.core.ids import check_address, check_game_id, check_power_id
from adjudicator.core.options import GAME_OPTIONS, option_problems
from adjudicator.core.orders import IssueKind
from adjudicator.core.replay import SETUP_NAMESPACE, read_stored
from adjudicator.core.state import GameState
from adjudicator.core.stepping import open_step, resolve_step
from adjudicator.core.view import GM, PUBLIC, PlayerView
from adjudicator.dates import when_text
from adjudicator.errors import AdjudicatorError, NotDue
from adjudicator.orders.text import (
    PLACEHOLDER_REFUSAL,
    OrderText,
    is_placeholder,
    redact_secrets,
    split_order_text,
)
from adjudicator.rulesets.registry import get_ruleset
from adjudicator.service.base import as_utc
from adjudicator.service.mail_api import MailApi
from adjudicator.service.order_window import ReadSet
from adjudicator.service.receipts import Adjudicated, Receipt, order_digest
from adjudicator.service.rendering import ReportRendering
from adjudicator.service.steps import ROUND
from adjudicator.service.tokens import check_secret, hash_secret, new_secret, upgraded
from adjudicator.store.models import (
    Game,
    OrderSet,
    Power,
    Window,
    utcnow,
)

_SETS: Table = OrderSet.__table__  # type: ignore[attr-defined]
_LATEST = sql_select(func.max(_SETS.c.version)).where(
    _SETS.c.window_id == bindparam("window"), _SETS.c.power == bindparam("power")
)
_NEW_SET = insert(_SETS)
"""An order set's statements, built once: reused, they keep their cache key (issue 18)."""


class Judge(MailApi, ReportRendering):
    """The service every front end (CLI, mail, scheduler, scenarios, demo) goes through."""

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
        gm_address: str | None = None,
        now: datetime | None = None,
    ) -> dict[str, str]:
        """Create a game, run its setup and its first automatic windows.

        Returns each power's secret and, under ``"gm"``, the GM's secret for mail commands; the
        GM's is stored hashed in the options (``gm_secret_hash``), so it never joins the game log.
        """
        now = now or utcnow()
        options = dict(options or {})
        check_game_id(game_id)
        for power in powers:
            check_power_id(power)
        if len(set(powers)) != len(powers) or not powers:
            raise AdjudicatorError(f"powers {list(powers)!r}: expected distinct power names")
        if GM in powers or PUBLIC in powers:
            raise AdjudicatorError(f"powers {list(powers)!r}: {GM!r} and {PUBLIC!r} are reserved names")
        for who, address in (addresses or {}).items():
            if who not in powers:
                raise AdjudicatorError(f"an address for {who!r}, which is not a power of {game_id}")
            check_address(address)
        if gm_address is not None:
            check_address(gm_address)
        ruleset = get_ruleset(ruleset_name)
        known = {**GAME_OPTIONS, **getattr(ruleset, "game_options", {})}
        problems = option_problems(options, known)
        if problems:
            raise AdjudicatorError("; ".join(problems))
        seed = seed or new_seed()
        dice = Dice(seed, SETUP_NAMESPACE)
        state, setup_events = ruleset.initial_state(game_id, powers, options, dice)
        secrets = {p: new_secret() for p in powers}
        gm_secret = new_secret()
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
                gm_address=gm_address.lower() if gm_address else None,
            )
            game.options = {**options, "gm_secret_hash": hash_secret(gm_secret)}
            session.add(game)
            for p in powers:
                session.add(
                    Power(
                        game_id=game_id,
                        power=p,
                        secret_hash=hash_secret(secrets[p]),
                        address=(addresses or {}).get(p),
                    )
                )
            session.flush()
            created = GameCreated(
                phase="setup",
                game=game_id,
                ruleset=ruleset.name,
                powers=tuple(powers),
                options=options,
                seed_hash=game.seed_hash,
            )
            rolls = dice_events(ruleset, dice, "setup")
            self._log(session, game, [created, *rolls, *setup_events], None)
            for line in setup:
                state = self._edit(session, game, state, line)
            write_welcome = self._welcome(session, game, {**secrets, GM: gm_secret}, now)
            window = self._open_window(session, game, state, now)
            self._run_automatic(session, game, window, now)
            write_welcome()
        return {**secrets, GM: gm_secret}

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
            if viewer not in (GM, PUBLIC):
                self._power(game, viewer)
            return self._current_view(session, game, viewer)

    # ---- orders ----------------------------------------------------------------------------
    def submit(self, text: str, *, source: str = "cli", now: datetime | None = None) -> Receipt:
        """Store a power's order set for the open window; a later one replaces it until the deadline."""
        now = now or utcnow()
        parsed = split_order_text(text)
        env = parsed.envelope
        missing = [k for k in ("GAME", "POWER", "SECRET") if k not in env]
        if missing:
            raise AdjudicatorError(
                f"the order text has no {', '.join(missing)}: expected 'GAME id POWER id SECRET token'"
            )
        if is_placeholder(env["SECRET"]):
            raise AdjudicatorError(f"{PLACEHOLDER_REFUSAL}: nothing was stored")
        with self._tx() as session:
            game = self._game(session, env["GAME"].lower())
            power = self._power(game, self.power_called(game, env["POWER"]) or env["POWER"].lower())
            row = session.exec(select(Power).where(Power.game_id == game.id, Power.power == power)).one()
            if not check_secret(env["SECRET"], row.secret_hash):
                raise AdjudicatorError(f"wrong secret for {power} in {game.id}: nothing was stored")
            row.secret_hash = upgraded(env["SECRET"], row.secret_hash) or row.secret_hash
            return self._store_orders(session, game, power, parsed, text, source=source, now=now, row=row)

    def _store_orders(
        self,
        session: Session,
        game: Game,
        power: str,
        parsed: OrderText,
        text: str,
        *,
        source: str,
        now: datetime,
        read: ReadSet | None = None,
        row: Power | None = None,
    ) -> Receipt:
        """Store one authenticated order set (CLI, mail): the same checks and rows for every way in.

        The window is locked first, so an adjudication of it either finished before (these orders
        are refused: the window closed) or waits until they are stored (and counts them); the
        version is counted under the same lock, so two sets sent at once get two versions.
        ``read``: the window already locked in this transaction, the state and ``parsed.lines`` read
        for it (the mail gateway reads them first to answer a set with no valid line). ``row``:
        the power's row, read in this transaction (its time zone is not read again).
        """
        if read is None:
            window = self.lock_orders_window(session, game, power, parsed.envelope.get("WINDOW"))
            state = self._state(game)
            submission = self.read_submission(game, power, window, parsed.lines, state=state)
        else:
            window, state, submission = read
        closes = self._closes_at(game, window)  # the deadline plus the calendar's grace
        if window.deadline and closes and now > closes:
            raise AdjudicatorError(self._too_late(game, window, closes))
        early = window.step_kind == ROUND  # for a later step of the round: checked when it opens
        ruleset = self.ruleset(game)
        guard_warnings = tuple(
            f"{o.canonical()!r}: {why} (as things stand; it is checked again at the deadline)"
            for o in submission.orders
            if isinstance(o, Guarded) and not early and (why := guard_failure(ruleset, state, power, o))
        )
        accepted = tuple(submission.canonical_lines())
        rejected = tuple(i.describe() for i in submission.issues) + tuple(
            f"line {n}: {line!r}: {why}" for n, line, why in parsed.problems
        )
        # R87: READY waits until every line meant as an order is accepted ("Thanks" is not one)
        refused = sorted({i.line_no for i in submission.issues if i.kind is not IssueKind.NOT_AN_ORDER})
        unready = tuple(refused) if parsed.ready else ()
        ready = bool(parsed.ready) and not unready
        # The set's rows in Core on the session's connection (issue 18: the ORM's unit of work was
        # most of a submission's cost); flushed first, so the reads see what this transaction
        # changed through the ORM (a TIMEZONE command of the same mail, a GM's copied sets).
        session.flush()
        connection = session.connection()
        version = 1 + (connection.execute(_LATEST, {"window": window.id, "power": power}).scalar() or 0)
        assert window.id is not None
        zone = self._zone_of(session, game, power, row)
        values = {
            "game_id": game.id,
            "window_id": window.id,
            "power": power,
            "version": version,
            "text": redact_secret(text),
            "orders": list(accepted),
            "issues": list(rejected),
            "ready": ready,
            "source": source,
            "submitted_at": now,
        }
        receipt = Receipt(
            game.id,
            power,
            window.label,
            version,
            accepted,
            rejected,
            ready,
            order_digest(accepted),
            as_utc(window.deadline) if window.deadline else None,
            zone,
            (*(w.describe() for w in submission.warnings), *guard_warnings),
            unready,
            note=self._step_note(session, window, early),
        )
        try:
            connection.execute(_NEW_SET, values)
        except IntegrityError:  # UNIQUE(window, power, version): only if a writer skipped the lock
            raise AdjudicatorError(
                f"another order set of {power} for {receipt.window} was stored at the same moment: "
                "nothing was stored; send yours again"
            ) from None
        return receipt

    def current_orders(self, game_id: str) -> dict[str, OrderSet]:
        with Session(self.engine) as session:
            game = self._game(session, game_id)
            return self._latest_sets(session, self._window(session, game))

    # ---- adjudication ----------------------------------------------------------------------
    def adjudicate(
        self,
        game_id: str,
        *,
        window: str | None = None,
        force: bool = False,
        now: datetime | None = None,
        session: Session | None = None,
    ) -> Adjudicated:
        """Resolve the open window (and the automatic ones after it) in one transaction: the
        caller's (``session``, a GM's PROCESS by mail), else one of its own."""
        now = now or utcnow()
        with self._within(session) as tx:
            return self._adjudicate(tx, self._game(tx, game_id), window, force, now)

    def _adjudicate(
        self, session: Session, game: Game, window: str | None, force: bool, now: datetime
    ) -> Adjudicated:
        """The body of :meth:`adjudicate` in the caller's transaction (a GM's PROCESS by mail)."""
        current = self._lock_window(session, game, window)  # first: then no order set can come late
        if current.status != "open":
            raise AdjudicatorError(f"window {current.label} of {game.id} is {current.status}, not open")
        sets = self._latest_sets(session, current)
        acting = set(current.actors) if current.parent_id is not None else set(game.powers)
        all_ready = acting <= set(sets) and all(sets[p].ready for p in acting)
        if not force and not all_ready and (current.deadline is None or now < as_utc(current.deadline)):
            when = (
                f"the deadline is {when_text(current.deadline, self._zone_of(session, game, GM))}"
                if current.deadline
                else "no deadline is set"
            )
            raise NotDue(
                f"{current.label} of {game.id} is not due ({when}) and not every power is READY: use --force"
            )
        self._time_limit(session, game, now)  # past the game's end_date: this turn is the last (L327)
        ruleset = self.ruleset(game)
        state = self._state(game)
        lines = {p: tuple(s.orders) for p, s in sets.items()}
        orders, unread = read_stored(ruleset, state, lines)
        step = open_step(ruleset, state) if current.parent_id is not None else None
        if step is not None:
            outcome = resolve_step(ruleset, state, step, orders, game.seed, game.loaded_dice)
        else:
            outcome = resolve_window(ruleset, state, orders, game.seed, game.loaded_dice)
        outcome = replace(outcome, unread=tuple(unread))
        nxt = self._record(session, game, current, outcome, now)
        labels = [outcome.label, *self._run_automatic(session, game, nxt, now)]
        final = self._window(session, game)
        return Adjudicated(
            tuple(labels), final.label, game.status == "over", len(outcome.results), len(outcome.events)
        )


def redact_secret(text: str) -> str:
    """Order text as stored: no secret in clear, nor a NUL (which PostgreSQL refuses in text)."""
    return redact_secrets(clean_text(text))
