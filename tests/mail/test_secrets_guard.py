"""Mail that fails to authenticate (issue 14): one refusal text whatever was wrong, answered only
at From with a fixed subject and a few times an hour, and a lockout of a power (and of an address)
after repeated failures, during which even the right secret is refused; the GM is told once."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import Session, select

from adjudicator.mail import guard
from adjudicator.mail.gateway import IngestOutcome
from adjudicator.store.models import InboundMail, OrderSet, Outbox
from tests.mail.conftest import NOW, MailGame, envelope, mail

SPAM = "Cheap pills at http://spam.example"
VICTIM = "victim@third-party.example"


def ingest(
    g: MailGame, body: str, mid: str, *, sender: str, extra: str = "", at: timedelta = timedelta()
) -> tuple[IngestOutcome, list[Outbox]]:
    before = len(g.outbox())
    raw = mail(body, sender=sender, mid=mid, extra=extra).replace(
        b"Subject: orders", f"Subject: {SPAM}".encode()
    )
    outcome = g.gateway.ingest(raw, source="cli", now=NOW + at)
    assert isinstance(outcome, IngestOutcome)
    return outcome, g.outbox()[before:]


def test_one_refusal_text_for_every_failed_authentication(mail_game: MailGame) -> None:
    """Wrong game, wrong power, wrong secret, wrong sender, wrong GM secret: the same reply."""
    cases = {
        "game": ("GAME nosuch POWER hungary SECRET hungary-secret", "king@hungary.example"),
        "power": ("GAME g1 POWER atlantis SECRET hungary-secret", "king@hungary.example"),
        "secret": (envelope("hungary", "guessed"), "king@hungary.example"),
        "sender": (envelope("hungary"), "thief@evil.example"),
        "gm": (envelope("gm", "guessed"), "gm@example.org"),
    }
    replies = {}
    for n, (what, (head, sender)) in enumerate(cases.items()):
        out, rows = ingest(mail_game, f"{head}\nLOAN", f"m{n}", sender=sender)
        assert out.status == "refused" and [r.kind for r in rows] == ["reply"], (what, out.line())
        assert out.summary.startswith(f"{guard.FAILED}: ")  # the real reason is in the log only
        replies[what] = (rows[0].subject, rows[0].body_text)
    assert len(set(replies.values())) == 1, replies
    subject, text = replies["game"]
    assert subject == guard.SUBJECT and text == guard.AUTH_REFUSED + "\n"
    for word in ("nosuch", "atlantis", "holy_roman_empire", "wrong secret", "on file for hungary", SPAM):
        assert word not in text and word not in subject


def test_unauthenticated_refusals_go_to_from_with_a_fixed_subject_a_few_times_an_hour(
    mail_game: MailGame,
) -> None:
    """300 guessed secrets with a Reply-To: at a third party made 300 spam mails to it; now none goes
    to the Reply-To, the subject is fixed, and the From address gets at most a few replies."""
    replies = []
    for n in range(8):
        out, rows = ingest(
            mail_game,
            f"{envelope('hungary', f'guess{n}')}\nLOAN",
            f"g{n}",
            sender=f"Attacker <{VICTIM}>",
            extra="Reply-To: other@third-party.example\n",
            at=timedelta(minutes=n),
        )
        assert out.status == "refused"
        replies += [r for r in rows if r.kind == "reply"]
    assert len(replies) == guard.REPLIES_PER_ADDRESS
    assert {r.address for r in replies} == {VICTIM}
    assert {r.subject for r in replies} == {guard.SUBJECT}
    assert all(SPAM not in r.body_text for r in replies)
    # a mail with no envelope counts too, and the limit is per hour: later, one more is answered
    _, rows = ingest(mail_game, "buy now", "late0", sender=VICTIM, at=timedelta(minutes=30))
    assert [r for r in rows if r.kind == "reply"] == []
    _, rows = ingest(mail_game, "buy now", "late1", sender=VICTIM, at=timedelta(hours=2))
    assert [(r.address, r.subject) for r in rows] == [(VICTIM, guard.SUBJECT)]


def test_wrong_secrets_lock_the_power_even_against_the_right_one_and_the_gm_is_told_once(
    mail_game: MailGame,
) -> None:
    king = "king@hungary.example"
    for n in range(guard.FAILURES_PER_POWER):  # from several addresses: the limit is the power's
        out, _ = ingest(
            mail_game,
            f"{envelope('hungary', f'guess{n}')}\nBUY TECH caccia",
            f"w{n}",
            sender=f"x{n}@evil.example",
            at=timedelta(minutes=n),
        )
        assert out.summary.startswith(guard.FAILED)
    out, rows = ingest(
        mail_game, f"{envelope('hungary')}\nBUY TECH caccia", "right", sender=king, at=timedelta(minutes=10)
    )
    assert out.status == "refused" and out.summary.startswith(guard.LOCKED), out.line()
    assert [(r.address, r.body_text) for r in rows] == [(king, guard.AUTH_REFUSED + "\n")]
    assert mail_game.judge.current_orders("g1")["hungary"].orders == ["LOAN"]  # nothing stored
    # other powers are not locked
    out, _ = ingest(
        mail_game,
        f"{envelope('france')}\nLOAN",
        "france",
        sender="roi@france.example",
        at=timedelta(minutes=11),
    )
    assert out.status == "answered", out.line()
    notices = [r for r in mail_game.outbox() if r.kind == "notice" and r.recipient == "gm"]
    assert len(notices) == 1 and "hungary of g1 had 5 failed authentications" in notices[0].body_text
    assert notices[0].address == "gm@example.org"
    # more tries during the lockout are refused unchecked and tell the GM nothing new
    for n in range(3):
        out, _ = ingest(
            mail_game,
            f"{envelope('hungary', 'guess')}\nLOAN",
            f"more{n}",
            sender="x@evil.example",
            at=timedelta(minutes=20 + n),
        )
        assert out.summary.startswith(guard.LOCKED)
    assert len([r for r in mail_game.outbox() if r.kind == "notice" and r.recipient == "gm"]) == 1
    # once the failures are an hour old, the right secret works again
    out, _ = ingest(
        mail_game, f"{envelope('hungary')}\nBUY TECH caccia", "after", sender=king, at=timedelta(minutes=65)
    )
    assert out.status == "answered", out.line()
    assert mail_game.judge.current_orders("g1")["hungary"].orders == ["BUY TECH caccia"]


def test_an_address_that_fails_too_often_is_locked_out_for_every_power(mail_game: MailGame) -> None:
    sender = "king@hungary.example"  # the right address for hungary, guessing the others' secrets
    powers = ["france", "byzantium", "holy_roman_empire"]
    for n in range(guard.FAILURES_PER_ADDRESS):
        ingest(
            mail_game,
            f"{envelope(powers[n % 3], 'guess')}\nLOAN",
            f"a{n}",
            sender=sender,
            at=timedelta(minutes=n),
        )
    out, _ = ingest(
        mail_game, f"{envelope('hungary')}\nBUY TECH caccia", "own", sender=sender, at=timedelta(minutes=15)
    )
    assert out.status == "refused" and out.summary.startswith(guard.LOCKED), out.line()
    notices = [r for r in mail_game.outbox() if r.kind == "notice" and r.recipient == "gm"]
    assert len(notices) == 1 and f"{sender} sent 10 mails that failed" in notices[0].body_text
    with Session(mail_game.engine) as session:
        assert [s.orders for s in session.exec(select(OrderSet).where(OrderSet.power == "hungary"))] == [
            ["LOAN"]
        ]
        tags = [r.note.split(":")[0] for r in session.exec(select(InboundMail).order_by(InboundMail.id))]  # type: ignore[arg-type]
    assert sum(t.startswith(guard.FAILED) for t in tags) == guard.FAILURES_PER_ADDRESS


def test_an_authenticated_refusal_still_says_what_was_wrong_to_the_player(mail_game: MailGame) -> None:
    out, rows = ingest(
        mail_game,
        f"{envelope()}\nWINDOW T1.bids\nLOAN",
        "stale",
        sender="king@hungary.example",
        extra="Reply-To: elsewhere@x.example\n",
    )
    assert out.status == "refused" and "T1.bids" in rows[0].body_text
    assert rows[0].address == "king@hungary.example"


def test_a_stray_secret_is_neither_quoted_back_nor_stored(mail_game: MailGame) -> None:
    """A second envelope line, a secret pasted after an order, ``Secret: …`` alone: none of them is
    echoed in the receipt nor stored in the order set's issues or text (issue 14)."""
    body = "\n".join(
        [
            envelope(),
            "BUY TECH caccia",
            "SECRET hungary-secret extra",
            "Secret: hungary-secret",
            "LOAN SECRET hungary-secret",
            "PACT WITH france FOR 2 TURNS SECRET: keep it secret",
        ]
    )
    out, rows = ingest(mail_game, body, "stray", sender="king@hungary.example")
    assert out.status == "answered", out.line()
    receipt = next(r for r in rows if r.kind in ("receipt", "reply")).body_text
    assert "hungary-secret" not in receipt and "SECRET ***" in receipt, receipt
    stored = mail_game.judge.current_orders("g1")["hungary"]
    assert "BUY TECH caccia" in stored.orders
    assert "hungary-secret" not in " ".join(stored.issues) + stored.text + " ".join(stored.orders)
    assert stored.issues, "the stray lines are rejected, with their numbers"
