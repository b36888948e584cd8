"""The GM's ADDRESS mail command: the same player's new address, told at both addresses, so a GM who
works by mail can put an address on file before NEW-SECRET (issue 15)."""

from __future__ import annotations

from tests.mail.conftest import MailGame
from tests.mail.test_gateway import gm, reply_of, run


def test_address_then_new_secret_by_mail(mail_game: MailGame) -> None:
    out, rows = run(
        mail_game, gm("ADDRESS byzantium dario@byz.example\nNEW-SECRET byzantium"), sender="gm@example.org"
    )
    assert out.status == "answered", out.line()
    text = reply_of(rows)
    assert "byzantium's address is now dario@byz.example (was none)" in text
    assert "byzantium has a new secret, mailed to its address" in text
    assert mail_game.power("byzantium").address == "dario@byz.example"
    assert [r.address for r in rows if r.kind == "secret"] == ["dario@byz.example"]
    out, rows = run(mail_game, gm("ADDRESS hungary anna@home.example"), sender="gm@example.org", mid="m2")
    told = sorted(r.address for r in rows if r.kind == "notice" and r.recipient == "hungary")
    assert told == ["anna@home.example", "king@hungary.example"]  # the old address hears of it too
    out, rows = run(mail_game, gm("ADDRESS hungary"), sender="gm@example.org", mid="m3")
    assert out.status == "refused" and "expected ADDRESS power address" in reply_of(rows)
    out, rows = run(
        mail_game,
        "GAME g1 POWER hungary SECRET hungary-secret\nADDRESS hungary x@y.example",
        sender="anna@home.example",
        mid="m4",
    )
    assert out.status == "refused" and "a GM command" in reply_of(rows)
