"""Every raw message under corpus/ through MailGateway.ingest: the reply it must get, and what it may change.

Each ``NAME.eml`` has a ``NAME.expect``: ``status:`` of the (first) delivery, ``reply:`` the
address the reply goes to (or ``none``), ``contains:`` / ``absent:`` phrases of the reply,
``stored:`` ``nothing`` or ``POWER ORDER; ORDER`` (the one set the mail may add), ``deliveries:``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, col, select

from adjudicator.mail.gateway import IngestOutcome
from adjudicator.mail.message import parse_message
from adjudicator.store.models import EventRow, InboundMail, OrderSet, Power
from tests.mail.conftest import NOW, MailGame

CORPUS = Path(__file__).parent / "corpus"
CASES = sorted(p.stem for p in CORPUS.glob("*.eml"))


def _expect(name: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in (CORPUS / f"{name}.expect").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            key, value = line.split(":", 1)
            out.setdefault(key.strip(), []).append(value.strip())
    return out


def _world(g: MailGame) -> dict[str, Any]:
    """Everything a mail could change besides the log and the outbox."""
    with Session(g.engine) as session:
        sets = [(s.power, s.version, tuple(s.orders), s.ready) for s in session.exec(select(OrderSet))]
        powers = [(p.power, p.address, p.timezone, p.absences) for p in session.exec(select(Power))]
        events = len(list(session.exec(select(EventRow))))
    game = g.game()
    return {
        "sets": sorted(sets),
        "powers": sorted(powers, key=str),
        "events": events,
        "digest": game.state_digest,
    }


def test_the_corpus_is_complete() -> None:
    assert len(CASES) >= 20
    for name in CASES:
        assert (CORPUS / f"{name}.expect").exists(), name


@pytest.mark.parametrize("name", CASES)
def test_corpus_message(mail_game: MailGame, name: str) -> None:
    expect = _expect(name)
    raw = (CORPUS / f"{name}.eml").read_bytes()
    before = _world(mail_game)
    outbox_before = len(mail_game.outbox())
    outcomes = [
        mail_game.gateway.ingest(raw, source="pipe", now=NOW)
        for _ in range(int(expect.get("deliveries", ["1"])[0]))
    ]
    first = outcomes[0]
    assert isinstance(first, IngestOutcome)
    assert first.status == expect["status"][0], first.line()
    assert all(o.status == "duplicate" for o in outcomes[1:]), [o.line() for o in outcomes]

    new = mail_game.outbox()[outbox_before:]
    if expect["reply"][0] == "none":
        assert new == []
    else:
        assert len(new) == 1, [(m.kind, m.recipient, m.subject) for m in new]
        reply = new[0]
        assert reply.address == expect["reply"][0]
        assert reply.in_reply_to == first.message_id and reply.subject.lower().startswith("re: ")
        for phrase in expect.get("contains", []):
            assert phrase in reply.body_text, f"{phrase!r} not in:\n{reply.body_text}"
        for phrase in expect.get("absent", []):
            assert phrase not in reply.body_text, f"{phrase!r} in:\n{reply.body_text}"

    after = _world(mail_game)
    stored = expect["stored"][0]
    if stored == "nothing":
        assert after == before
    else:
        power, orders = stored.split(" ", 1)
        added = [s for s in after["sets"] if s not in before["sets"]]
        assert len(added) == 1 and added[0][0] == power
        assert list(added[0][2]) == [o.strip() for o in orders.split(";")]
        assert {**after, "sets": None} == {**before, "sets": None}

    with Session(mail_game.engine) as session:
        logged = session.exec(
            select(InboundMail).where(col(InboundMail.message_id) == first.message_id)
        ).one()
    assert logged.status == ("ignored" if first.status == "ignored" else "answered")
    _assert_kept_without_secrets(raw, logged.raw)


def _assert_kept_without_secrets(raw: bytes, kept: bytes) -> None:
    """The log keeps the bytes as they came, but no envelope secret, in any transfer encoding."""
    if not re.search(rb"(?i)secret", raw) and b"base64" not in raw:
        assert kept == raw
    as_read = parse_message(kept)
    if b"message-id:" in raw.lower():  # else the id is a hash of the bytes as they came, each time
        assert as_read.message_id == parse_message(raw).message_id
    assert set(re.findall(rb"(?i)\bSECRET[ \t]+(\S+)", kept)) <= {b"***"}
    assert not any(t != "***" for t in re.findall(r"(?i)\bSECRET[ \t]+(\S+)", as_read.body))
    assert b"-secret" not in kept and b"guessed" not in kept
