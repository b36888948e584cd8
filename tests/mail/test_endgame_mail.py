"""The GM ends a game by mail (``END GAME``, docs/endgame.md, R332), and an order mail to a
finished game gets a clear answer instead of a window that takes nothing."""

from __future__ import annotations

from adjudicator.mail.gateway import IngestOutcome
from adjudicator.store.models import Outbox
from tests.mail.conftest import NOW, MailGame, envelope, mail


def run(g: MailGame, body: str, **kw: str) -> tuple[IngestOutcome, list[Outbox]]:
    before = len(g.outbox())
    outcome = g.gateway.ingest(mail(body, **kw), source="cli", now=NOW)
    assert isinstance(outcome, IngestOutcome)
    return outcome, g.outbox()[before:]


def test_the_gm_ends_the_game_by_mail_then_orders_are_answered_that_it_is_over(mail_game: MailGame) -> None:
    out, rows = run(mail_game, f"{envelope('gm')}\nEND GAME the players agreed", sender="gm@example.org")
    reply = next(r.body_text for r in rows if r.kind == "reply")
    assert out.status == "answered" and "g1 is over: T1.economy was closed unplayed" in reply
    reports = {r.recipient for r in rows if r.kind == "report"}
    assert reports == {"holy_roman_empire", "hungary", "france", "byzantium", "gm"}
    game, opened = mail_game.judge.game("g1")
    assert game.status == "over" and game.seed_revealed and opened.label == "T1.end"
    assert mail_game.judge.replay_check("g1") == []
    out, rows = run(mail_game, f"{envelope()}\nLOAN", mid="m2")
    answer = next(r.body_text for r in rows if r.kind in ("reply", "receipt"))
    assert "g1 is over: it takes no more orders" in answer, answer
    out, rows = run(mail_game, f"{envelope('gm')}\nEND GAME", sender="gm@example.org", mid="m3")
    assert out.status == "refused" and "g1 is over already" in rows[0].body_text
