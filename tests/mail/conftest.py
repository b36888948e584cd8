"""A game for the mail tests: known secrets and addresses, the economy window open, one standing set."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select

from adjudicator.config import Settings
from adjudicator.mail.gateway import MailGateway
from adjudicator.service.assets import with_content
from adjudicator.service.judge import Judge
from adjudicator.service.tokens import hash_secret
from adjudicator.store.models import Game, Outbox, Power

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
NOW = T0 + timedelta(hours=1)
POWERS = ["holy_roman_empire", "hungary", "france", "byzantium"]
ADDRESSES = {
    "hungary": "king@hungary.example",
    "france": "roi@france.example",
    "holy_roman_empire": "kaiser@hre.example",
}
GM_ADDRESS = "gm@example.org"


@dataclass
class MailGame:
    judge: Judge
    gateway: MailGateway
    engine: Engine

    def ingest(self, raw: bytes, now: datetime = NOW) -> object:
        return self.gateway.ingest(raw, source="cli", now=now)

    def outbox(self) -> list[Outbox]:
        with Session(self.engine) as session:
            rows = session.exec(select(Outbox).order_by(Outbox.id))  # type: ignore[arg-type]
            return [with_content(session, r) for r in rows]  # a report's parts are stored apart

    def power(self, name: str) -> Power:
        with Session(self.engine) as session:
            return session.exec(select(Power).where(Power.game_id == "g1", Power.power == name)).one()

    def game(self) -> Game:
        with Session(self.engine) as session:
            game = session.get(Game, "g1")
            assert game is not None
            return game


def mail(
    body: str, *, sender: str = "King <king@hungary.example>", mid: str = "m1", extra: str = ""
) -> bytes:
    head = f"From: {sender}\nTo: judge@localhost\nSubject: orders\nMessage-ID: <{mid}@test>\n{extra}"
    return (head + "Content-Type: text/plain; charset=utf-8\n\n" + body).encode()


def envelope(power: str = "hungary", secret: str | None = None) -> str:
    return f"GAME g1 POWER {power} SECRET {secret or power + '-secret'}"


def make_mail_game(engine: Engine) -> MailGame:
    """The game of the mail tests on a migrated, empty store (also the fuzz script's game)."""
    judge = Judge(engine, mail_domain="judge.test")
    judge.create_game(
        "g1",
        "medioevo",
        POWERS,
        {"turns": 3, "period_hours": 48},
        seed=b"m" * 32,
        addresses=ADDRESSES,
        gm_address=GM_ADDRESS,
        now=T0 - timedelta(hours=1),
    )
    judge.adjudicate("g1", force=True, now=T0)  # every power keeps a card: T1.economy opens at T0
    with Session(engine) as session, session.begin():
        for row in session.exec(select(Power).where(Power.game_id == "g1")):
            row.secret_hash = hash_secret(f"{row.power}-secret")
            session.add(row)
        game = session.get(Game, "g1")
        assert game is not None
        game.options = {**game.options, "gm_secret_hash": hash_secret("gm-secret")}
        session.add(game)
    judge.submit(f"{envelope()}\nLOAN", now=T0)  # a standing set that bad mail must leave alone
    return MailGame(judge, MailGateway(judge, Settings()), engine)


@pytest.fixture
def mail_game(engine: Engine) -> MailGame:
    return make_mail_game(engine)
