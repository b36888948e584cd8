"""Who plays a power: new secrets and a replacement player's briefing (the GM's player tools).

A secret is shown once, in the mail that carries it, and stored only hashed; a new one makes the
old one stop working at once. A replacement player gets the secret, the power's current view and
the last reports the power was sent, so they can take over mid-game; the GM is told.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import datetime

from sqlmodel import Session, col, select

from adjudicator.core.ids import check_address
from adjudicator.core.view import GM
from adjudicator.dates import when_text
from adjudicator.orders.commands import help_text
from adjudicator.report.text import render_state
from adjudicator.service.base import StoreAccess, as_utc
from adjudicator.service.calendar import Calendar, read_calendar
from adjudicator.service.report_queue import deadline_ics
from adjudicator.service.tokens import hash_secret
from adjudicator.service.tokens import new_secret as make_secret
from adjudicator.store.models import Game, Outbox, Power, utcnow

BRIEFING_REPORTS = 2
"""How many of the power's last reports a replacement player is sent."""


class PlayerTools(StoreAccess):
    """Secrets and replacements; each public method is one transaction."""

    @staticmethod
    def _calendar(game: Game) -> Calendar:
        return read_calendar(game.calendar, game.options)

    def _power_row(self, session: Session, game: Game, power: str) -> Power:
        self._power(game, power)
        return session.exec(select(Power).where(Power.game_id == game.id, Power.power == power)).one()

    def _queued(self, session: Session, key: str) -> bool:
        """Whether the mail named ``key`` is in the outbox (whatever domain its Message-ID was made with)."""
        query = select(Outbox.id).where(col(Outbox.mail_key) == key)  # indexed (migration 0006)
        return session.exec(query).first() is not None

    def _notice(
        self, session: Session, game: Game, recipient: str, key: str, subject: str, text: str
    ) -> bool:
        """Queue a notice once (False when its key was queued already)."""
        if self._queued(session, key):
            return False
        self.queue_mail(
            session,
            game,
            kind="notice",
            recipient=recipient,
            key=key,
            subject=f"[{game.id}] {subject}",
            text=text,
        )
        return True

    # ---- players --------------------------------------------------------------------------------
    def _welcome(
        self, session: Session, game: Game, secrets: dict[str, str], now: datetime
    ) -> Callable[[], None]:
        """Queue the welcome of every power with an address (and of the GM) now, and return the step
        that writes it once the game's first windows have run.

        The outbox goes out in the order it was queued, so a welcome queued before the reports of
        the windows that resolve at creation is each player's first mail; its text names the window
        open after them, with its deadline in the reader's zone: a player needs nothing else to start.
        """
        rows: dict[str, Outbox] = {}
        roles = {who: "the GM" if who == GM else who for who in secrets}
        for who, role in roles.items():
            if self._address(session, game, who) is None:
                continue
            rows[who] = self.queue_mail(
                session,
                game,
                kind="welcome",
                recipient=who,
                key=f"welcome.{game.id}.{who}",
                subject=f"[{game.id}] welcome: you play {role}",
                text="",
            )
        session.flush()  # the rows' ids, hence their place in the outbox, are taken now

        def write() -> None:
            window = self._window(session, game)
            deadline = as_utc(window.deadline) if window.deadline and window.status == "open" else None
            for who, row in rows.items():
                zone = self._zone_of(session, game, who)
                secret = secrets[who]
                row.body_text = "\n".join(
                    [
                        f"Welcome to {game.id} ({game.ruleset}): you play {roles[who]}.",
                        f"Your secret: {secret}  (keep it to yourself; the GM can reset it)",
                        f"Open every mail to the judge with: GAME {game.id} POWER {who} SECRET {secret}",
                        f"Players: {', '.join(game.powers)}",
                        f"Open window: {window.label}, deadline: "
                        + (when_text(deadline, zone) if deadline else "none yet"),
                        "",
                        help_text(),
                        "",
                    ]
                )
                row.attachments = deadline_ics(game, window, now, zone, self.mail_domain)
                session.add(row)

        return write

    def _set_secret(self, row: Power) -> tuple[str, str]:
        secret = make_secret()
        row.secret_hash = hash_secret(secret)
        return secret, hashlib.sha256(row.secret_hash.encode()).hexdigest()[:12]

    def new_secret(self, game_id: str, power: str) -> str:
        """A new secret for ``power`` (the old one stops working), mailed to the power."""
        with self._tx() as session:
            return self._new_secret(session, self._game(session, game_id), power)

    def _new_secret(self, session: Session, game: Game, power: str) -> str:
        """A new secret in the caller's transaction (the GM's mail). It is mailed only when the power
        has an address on file: a mail with none could never leave (``address_of`` tells the caller)."""
        row = self._power_row(session, game, power)
        secret, tag = self._set_secret(row)
        session.add(row)
        if row.address is None:
            return secret
        self.queue_mail(
            session,
            game,
            kind="secret",
            recipient=power,
            key=f"secret.{game.id}.{power}.{tag}",
            subject=f"[{game.id}] your new secret for {power}",
            text=(
                f"The GM gave {power} in {game.id} a new secret: {secret}\n"
                f"Begin every order mail with: GAME {game.id} POWER {power} SECRET {secret}\n"
                "The old secret no longer works.\n"
            ),
        )
        return secret

    def address_of(self, game_id: str, power: str) -> str | None:
        """The address on file for ``power`` (or the GM's for ``gm``), None when there is none."""
        with Session(self.engine) as session:
            game = self._game(session, game_id)
            if power != GM:
                self._power(game, power)
            return self._address(session, game, power)

    def set_address(
        self, game_id: str, power: str, address: str, *, now: datetime | None = None
    ) -> str | None:
        """Put ``address`` on file for ``power`` (``gm``: the GM's), the same player keeping the power
        and its secret (``replace_player`` hands it to another). The change is mailed to the new
        address, to the old one (a hijacked address is noticed) and to the GM, which keeps it in the
        outbox as the record. Returns the old address."""
        now = now or utcnow()
        with self._tx() as session:
            return self._set_address(session, self._game(session, game_id), power, address, now)

    def _set_address(
        self, session: Session, game: Game, power: str, address: str, now: datetime
    ) -> str | None:
        """The address change in the caller's transaction (the GM's ``ADDRESS`` mail)."""
        check_address(address)
        address = address.strip()
        if power == GM:
            old, game.gm_address = game.gm_address, address.lower()
            session.add(game)
        else:
            row = self._power_row(session, game, power)
            old, row.address = row.address, address
            session.add(row)
        if old is not None and old.lower() == address.lower():
            return old
        tag = hashlib.sha256(f"{power}|{address}|{now.isoformat()}".encode()).hexdigest()[:12]
        role = "the GM" if power == GM else power
        where = f"{old} to {address}" if old else f"none to {address}"
        text = (
            f"The GM changed the address on file for {role} in {game.id} from {where}.\n"
            "The judge's mail for it goes to the new address, and mail from there is taken as its "
            "own (with its secret, which did not change).\n"
        )
        subject = f"[{game.id}] address of {role} changed"
        for key, to in (("new", address), ("old", old)):
            if to is not None:
                self.queue_mail(
                    session,
                    game,
                    kind="notice",
                    recipient=power,
                    key=f"address.{game.id}.{power}.{tag}.{key}",
                    subject=subject,
                    text=text,
                    address=to,
                )
        if power != GM:
            self._notice(session, game, GM, f"address.{game.id}.{power}.{tag}.gm", subject, text)
        return old

    def replace_player(self, game_id: str, power: str, address: str, *, now: datetime | None = None) -> str:
        """Hand ``power`` to a new player at ``address``: a new secret, the misses forgotten, the
        power active again, and a briefing (secret, current view, last reports); the GM is told."""
        now = now or utcnow()
        with self._tx() as session:
            return self._replace_player(session, self._game(session, game_id), power, address, now)

    def _replace_player(self, session: Session, game: Game, power: str, address: str, now: datetime) -> str:
        """The replacement in the caller's transaction (the GM's mail)."""
        check_address(address)  # a player's address: a plain, short one (it names a Maildir file)
        row = self._power_row(session, game, power)
        old = row.address
        secret, tag = self._set_secret(row)
        row.address, row.status, row.missed = address, "active", 0
        row.timezone = None  # the new player reads dates in the game's zone until they send TIMEZONE
        session.add(row)
        window = self._window(session, game)
        view = self._current_view(session, game, power)
        reports = session.exec(
            select(Outbox)
            .where(Outbox.game_id == game.id, Outbox.recipient == power, Outbox.kind == "report")
            .order_by(col(Outbox.id).desc())
            .limit(BRIEFING_REPORTS)
        ).all()
        parts = [
            f"You now play {power} in {game.id}. Your secret: {secret}",
            f"Begin every order mail with: GAME {game.id} POWER {power} SECRET {secret}",
            f"Open window: {window.label}",
        ]
        zone = self._zone_of(session, game, power)
        if window.deadline is not None and window.status == "open":
            parts.append(f"Deadline: {when_text(window.deadline, zone)}")
        parts += ["", render_state(view)]
        for report in reversed(reports):
            parts += [f"---- {report.subject}", report.body_text]
        self.queue_mail(
            session,
            game,
            kind="briefing",
            recipient=power,
            address=address,
            key=f"briefing.{game.id}.{power}.{tag}",
            subject=f"[{game.id}] briefing: you now play {power}",
            text="\n".join(parts) + "\n",
            attachments=deadline_ics(game, window, now, zone, self.mail_domain),
            window_id=window.id,
        )
        if old is not None and old.lower() != address.lower():  # the player who left is told (issue 15)
            self.queue_mail(
                session,
                game,
                kind="notice",
                recipient=power,
                address=old,
                key=f"replaced-out.{game.id}.{power}.{tag}",
                subject=f"[{game.id}] {power} has passed to another player",
                text=(
                    f"The GM has handed {power} in {game.id} to another player.\n"
                    "Your secret no longer works, and the judge sends no more mail for it to this "
                    "address. Thank you for playing; write to the GM with any question.\n"
                ),
            )
        self._notice(
            session,
            game,
            GM,
            f"replaced.{game.id}.{power}.{tag}",
            f"{power} handed to {address}",
            f"{power} was handed from {old or 'nobody'} to {address} at "
            f"{when_text(now, self._zone_of(session, game, GM))}; "
            "the briefing and a new secret were mailed.\n",
        )
        return secret
