"""Secrets hashed with HMAC-SHA256 under the server's key (issue 18); old PBKDF2 hashes still verify
and are rewritten in the new form on their next successful use, never on a failed one."""

from __future__ import annotations

import pytest
from sqlmodel import Session, select

from adjudicator.mail.gateway import IngestOutcome
from adjudicator.service import tokens
from adjudicator.store.models import Game, Power
from tests.mail.conftest import GM_ADDRESS, NOW, MailGame, envelope, mail


def _store_legacy(g: MailGame) -> None:
    with Session(g.engine) as session, session.begin():
        row = session.exec(select(Power).where(Power.game_id == "g1", Power.power == "hungary")).one()
        row.secret_hash = tokens.pbkdf2_hash("hungary-secret", iterations=1000)
        game = session.get(Game, "g1")
        assert game is not None
        game.options = {**game.options, "gm_secret_hash": tokens.pbkdf2_hash("gm-secret", iterations=1000)}


def _ingest(g: MailGame, raw: bytes) -> IngestOutcome:
    return g.gateway.ingest(raw, source="cli", now=NOW)


def _gm_hash(g: MailGame) -> str:
    return str(g.game().options["gm_secret_hash"])


def test_a_pbkdf2_secret_is_upgraded_on_its_next_successful_mail(mail_game: MailGame) -> None:
    g = mail_game
    _store_legacy(g)
    wrong = _ingest(g, mail(f"{envelope('hungary', 'guessed')}\nLOAN", mid="w1"))
    assert wrong.status == "refused"
    assert g.power("hungary").secret_hash.startswith("pbkdf2_sha256$")  # a failure rewrites nothing

    right = _ingest(g, mail(f"{envelope()}\nLOAN", mid="r1"))
    assert right.status == "answered"
    stored = g.power("hungary").secret_hash
    assert stored.startswith("hmac-sha256$") and tokens.check_secret("hungary-secret", stored)
    again = _ingest(g, mail(f"{envelope()}\nLOAN", mid="r2"))  # the new form lets the player in too
    assert again.status == "answered" and g.power("hungary").secret_hash == stored

    assert _gm_hash(g).startswith("pbkdf2_sha256$")
    gm = _ingest(g, mail(f"{envelope('gm', 'gm-secret')}\n", sender=GM_ADDRESS, mid="gm1"))
    assert gm.status == "answered"
    assert _gm_hash(g).startswith("hmac-sha256$") and tokens.check_secret("gm-secret", _gm_hash(g))


def test_the_hash_is_keyed_by_the_operators_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(tokens.KEY_ENV, raising=False)
    default = tokens.hash_secret("s3cret")
    monkeypatch.setenv(tokens.KEY_ENV, "an operator key kept outside the database")
    keyed = tokens.hash_secret("s3cret")
    assert keyed != default and keyed.split("$")[1] != default.split("$")[1]
    assert tokens.check_secret("s3cret", keyed) and not tokens.check_secret("guess", keyed)
    assert not tokens.check_secret("s3cret", default)  # hashed under another key: refused, logged
    assert tokens.upgraded("s3cret", keyed) is None
    assert not tokens.check_secret("s3cret", "garbage") and not tokens.check_secret("s3cret", "a$b$c$d")
