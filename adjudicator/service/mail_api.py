"""The service's public API for the mail layer: what a mail does, in the mail's own transaction.

Why: layers call downwards (README), and mail/ used to reach into the judge's private helpers
(``queue_mail``, ``_latest_sets``, ``_tx`` …). These public names are that API; each delegates to
the private helper the service itself uses, so the service keeps one body for each. Everything here
works in the caller's transaction (``transaction()`` opens one): a mail is one transaction, and a
GM's mail is all or nothing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import Table, insert
from sqlmodel import Session

from adjudicator.core.state import GameState
from adjudicator.core.view import PlayerView
from adjudicator.orders.text import OrderText
from adjudicator.service import state_cache
from adjudicator.service.base import StoreAccess
from adjudicator.service.deadlines import DeadlineTools
from adjudicator.service.ending import EndTools
from adjudicator.service.gm import GmTools
from adjudicator.service.order_window import ReadSet
from adjudicator.service.receipts import Receipt
from adjudicator.service.yourmove import YourMoveTools
from adjudicator.store.models import Game, OrderSet, Outbox, Power, Window, utcnow

_OUTBOX: Table = Outbox.__table__  # type: ignore[attr-defined]
_ANSWER = insert(_OUTBOX)
"""Built once: a statement reused keeps its cache key (issue 18)."""


class MailStore(StoreAccess):
    """The store's public helpers for mail, each in the caller's transaction."""

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One writing transaction, committed at the end (on SQLite it holds the write lock)."""
        with self._tx() as session:
            yield session

    def game_in(self, session: Session, game_id: str) -> Game:
        """The game, or UnknownGame."""
        return self._game(session, game_id)

    def queue_answer(
        self,
        session: Session,
        game: Game | None,
        *,
        kind: str,
        recipient: str,
        key: str,
        subject: str,
        text: str,
        address: str,
        in_reply_to: str,
    ) -> None:
        """``queue_mail`` for the answer to a mail, in one Core INSERT (issue 18: the ORM's unit of
        work cost more than the statement, for a row nobody reads again in the transaction)."""
        row: dict[str, object] = {
            "game_id": game.id if game else None,
            "kind": kind,
            "recipient": recipient,
            "address": address,
            "mail_key": key,
            "message_id": f"<{key}@{self.mail_domain}>",
            "in_reply_to": in_reply_to,
            "subject": subject,
            "body_text": text,
            "attachments": [],
            "status": "pending",
            "attempts": 0,
            "created_at": utcnow(),
        }
        session.connection().execute(_ANSWER, row)

    def state_of(self, game: Game) -> GameState:
        """The game's current state (read from the row the caller holds), decoded once per stored
        state in this process (service/state_cache.py)."""
        return state_cache.state_of(game)

    def current_window(self, session: Session, game: Game) -> Window:
        return self._window(session, game)

    def latest_sets(self, session: Session, window: Window) -> dict[str, OrderSet]:
        """Each power's newest order set for ``window``."""
        return self._latest_sets(session, window)

    def current_view(self, session: Session, game: Game, viewer: str) -> PlayerView:
        return self._current_view(session, game, viewer)

    def zone_of(self, session: Session, game: Game, viewer: str) -> str:
        return self._zone_of(session, game, viewer)

    def address_in(self, session: Session, game: Game, recipient: str) -> str | None:
        """The address on file for a power (or the GM)."""
        return self._address(session, game, recipient)

    @staticmethod
    def known_power(game: Game, power: str) -> str:
        """``power`` if the game has it, else UnknownPower."""
        return StoreAccess._power(game, power)


class MailApi(MailStore, GmTools, DeadlineTools, YourMoveTools, EndTools):
    """The judge's actions a mail may take, in the mail's transaction (the Judge inherits them)."""

    if TYPE_CHECKING:  # the Judge (judge.py) provides it: the one body of a submission's checks

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
        ) -> Receipt: ...

    def store_orders(
        self,
        session: Session,
        game: Game,
        power: str,
        parsed: OrderText,
        text: str,
        *,
        now: datetime,
        read: ReadSet | None = None,
        row: Power | None = None,
    ) -> Receipt:
        """Store a mailed order set (the checks and rows of ``Judge.submit``)."""
        return self._store_orders(
            session, game, power, parsed, text, source="mail", now=now, read=read, row=row
        )

    def rollback_in(self, session: Session, game: Game, label: str, now: datetime) -> str:
        return self._rollback(session, game, label, now)

    def pause_in(self, session: Session, game: Game, now: datetime) -> None:
        self._pause(session, game, now)

    def resume_in(self, session: Session, game: Game, now: datetime) -> datetime | None:
        return self._resume(session, game, now)

    def replace_player_in(self, session: Session, game: Game, power: str, address: str, now: datetime) -> str:
        return self._replace_player(session, game, power, address, now)

    def set_address_in(
        self, session: Session, game: Game, power: str, address: str, now: datetime
    ) -> str | None:
        return self._set_address(session, game, power, address, now)

    def new_secret_in(self, session: Session, game: Game, power: str) -> str:
        return self._new_secret(session, game, power)

    def load_dice_in(self, session: Session, game: Game, key: str, values: Sequence[int]) -> str:
        return self._load_dice(session, game, key, values)

    def loaded_dice_lines_in(self, session: Session, game: Game) -> list[str]:
        return self._loaded_dice_lines(session, game)

    def clear_dice_in(self, session: Session, game: Game, key: str | None) -> dict[str, list[int]]:
        return self._clear_dice(session, game, key)
