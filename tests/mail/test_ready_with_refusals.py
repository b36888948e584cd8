"""READY in a set with refused lines is not counted (ruling R87): the window must not resolve
early before the player could fix them. The receipt names the lines to fix; READY alone then
counts and keeps the standing orders. Raw messages as Thunderbird and Gmail write them, through
the gateway, then the deadline service's early resolution; the CLI's submit the same way."""

from __future__ import annotations

from sqlmodel import Session, select

from adjudicator.store.models import OrderSet, Outbox
from tests.mail.conftest import NOW, MailGame, envelope

THUNDERBIRD = """\
From: King of Hungary <king@hungary.example>
To: judge@localhost
Subject: orders T1
Date: Sat, 01 Mar 2025 13:00:00 +0000
Message-ID: <{mid}@hungary.example>
User-Agent: Mozilla Thunderbird
MIME-Version: 1.0
Content-Type: text/plain; charset=UTF-8
Content-Transfer-Encoding: 7bit

{body}
"""

GMAIL = """\
From: King of Hungary <king@hungary.example>
To: judge@localhost
Subject: Re: orders T1
Date: Sat, 01 Mar 2025 13:05:00 +0000
Message-ID: <{mid}@mail.gmail.com>
MIME-Version: 1.0
Content-Type: multipart/alternative; boundary="000000000000b1"

--000000000000b1
Content-Type: text/plain; charset="UTF-8"

{body}

--000000000000b1
Content-Type: text/html; charset="UTF-8"

<div dir="ltr">{html}</div>

--000000000000b1--
"""


def receipt_of(g: MailGame, raw: str) -> str:
    before = len(g.outbox())
    g.ingest(raw.replace("\n", "\r\n").encode())
    rows: list[Outbox] = g.outbox()[before:]
    return next(r.body_text for r in rows if r.kind in ("receipt", "reply"))


def ready(g: MailGame) -> dict[str, bool]:
    return {p: s.ready for p, s in g.judge.current_orders("g1").items()}


def test_ready_with_refused_lines_waits_for_the_fix(mail_game: MailGame) -> None:
    judge = mail_game.judge
    for power in ("france", "holy_roman_empire"):
        judge.submit(f"{envelope(power)}\nBUY TECH Caccia\nREADY", now=NOW)
    cli = judge.submit(f"{envelope('byzantium')}\nBUY TECH Caccia\nBUY TECH Atlantis\nREADY", now=NOW)
    assert not cli.ready and "READY not counted: fix line 3" in cli.render()  # the CLI's submit
    judge.submit(f"{envelope('byzantium')}\nBUY TECH Caccia\nREADY", now=NOW)

    orders = "BUY TECH Caccia\nBUY TECH Allevamento\nBUY Galea IN Atlantis\nLOAN\nPLACE 30 IN Pest"
    body = f"{envelope()}\n{orders}\nREADY\n\nThanks, Andras"
    text = receipt_of(mail_game, THUNDERBIRD.format(mid="t1", body=body))
    assert "line 9: not an order: 'Thanks, Andras'" in text  # no order: holds no READY back
    assert (
        "Warnings (1), kept but may fail at the deadline:\n  line 6: 'PLACE 30 IN Pest': as things stand"
        in text
    )
    assert "READY not counted: fix line 4 and send again" in text, text
    assert "or send READY alone to accept the orders as they stand" in text
    assert ready(mail_game) == {
        "holy_roman_empire": True,
        "france": True,
        "byzantium": True,
        "hungary": False,
    }
    assert not any("resolved" in line for line in judge.process_due(NOW))  # no early resolution

    text = receipt_of(
        mail_game,
        GMAIL.format(
            mid="g2", body=f"{envelope()}\nREADY\n\nThanks!", html=f"{envelope()}<br>READY<br><br>Thanks!"
        ),
    )
    # READY alone ("Thanks!" is no order) counts and keeps the orders accepted above
    assert "your standing orders are kept" in text and "Ready: yes" in text, text
    with Session(mail_game.engine) as session:
        last = session.exec(
            select(OrderSet).where(OrderSet.power == "hungary").order_by(OrderSet.version.desc())  # type: ignore[attr-defined]
        ).first()
    assert last is not None and last.ready
    assert last.orders == ["BUY TECH caccia", "BUY TECH allevamento", "LOAN", "PLACE 30 IN pest"]
    assert any("resolved (every power is READY)" in line for line in judge.process_due(NOW))
