"""Group commit (mail/group_commit.py, ``MailGateway.ingest_batch``): mails that arrive together
share one commit, each in its own savepoint, with the outcomes each would have alone; a mail that
is refused or fails leaves nothing of itself and does not cost the others theirs; no mail is
answered before the commit that holds it. On both stores (savepoints are the store's)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from sqlalchemy import Engine, event
from sqlmodel import Session, col, select

from adjudicator.mail import gateway as gateway_module
from adjudicator.mail.actions import Context
from adjudicator.mail.gateway import Inbound, IngestOutcome, MailGateway
from adjudicator.mail.group_commit import GroupCommit
from adjudicator.store.models import InboundMail, OrderSet, Outbox
from tests.mail.conftest import NOW, MailGame, envelope, mail

BOUND = 30.0
"""Seconds an awaited condition may take on a busy machine before the test fails."""


def commits(engine: Engine) -> list[int]:
    """A list that grows by one at each COMMIT the engine sends."""
    seen: list[int] = []
    event.listen(engine, "commit", lambda conn: seen.append(1))
    return seen


def sets_of(engine: Engine, power: str) -> list[OrderSet]:
    with Session(engine) as session:
        query = select(OrderSet).where(col(OrderSet.power) == power).order_by(col(OrderSet.id))
        return list(session.exec(query))


def status_of(engine: Engine, message_id: str) -> str | None:
    with Session(engine) as session:
        row = session.exec(select(InboundMail).where(col(InboundMail.message_id) == message_id)).first()
        return row.status if row is not None else None


def replies(engine: Engine, message_id: str) -> list[Outbox]:
    with Session(engine) as session:
        return list(session.exec(select(Outbox).where(col(Outbox.in_reply_to) == message_id)))


def test_a_batch_commits_once_and_a_bad_mail_leaves_nothing_of_itself(
    mail_game: MailGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four mails in one batch: orders (answered), a wrong secret (refused), orders whose handling
    raises after they were stored (rolled back, then set aside alone), orders (answered)."""
    real = gateway_module.act_on_orders

    def stores_then_fails(ctx: Context) -> list[str]:
        out = real(ctx)
        if "BOUNCE" in ctx.message.body:
            raise OverflowError("date value out of range")
        return out

    monkeypatch.setattr(gateway_module, "act_on_orders", stores_then_fails)
    engine = mail_game.engine
    france_before = len(sets_of(engine, "france"))
    raws = [
        mail(f"{envelope()}\nLOAN", mid="b1"),
        mail(f"{envelope('france', 'wrong')}\nLOAN", sender="roi@france.example", mid="b2"),
        mail(f"{envelope('france')}\nLOAN\nBOUNCE", sender="roi@france.example", mid="b3"),
        mail(f"{envelope('holy_roman_empire')}\nLOAN", sender="kaiser@hre.example", mid="b4"),
    ]
    seen = commits(engine)
    outcomes = mail_game.gateway.ingest_batch([Inbound(raw, "lmtp", NOW) for raw in raws])

    assert [o.status for o in outcomes if isinstance(o, IngestOutcome)] == [
        "answered",
        "refused",
        "poison",
        "answered",
    ]
    assert len(seen) == 2  # the batch's one commit, and the failed mail's own, after it
    assert [s.orders for s in sets_of(engine, "hungary")][-1] == ["LOAN"]
    assert [s.orders for s in sets_of(engine, "holy_roman_empire")][-1] == ["LOAN"]
    assert len(sets_of(engine, "france")) == france_before  # neither France mail stored a set
    assert [status_of(engine, f"<b{n}@test>") for n in range(1, 5)] == [
        "answered",
        "answered",
        "poison",
        "answered",
    ]
    assert [len(replies(engine, f"<b{n}@test>")) for n in range(1, 5)] == [1, 1, 1, 1]
    assert [r.kind for r in replies(engine, "<b1@test>")] == ["receipt"]


def test_a_mail_twice_in_one_batch_is_applied_once(mail_game: MailGame) -> None:
    raw = mail(f"{envelope()}\nLOAN", mid="twice")
    before = len(sets_of(mail_game.engine, "hungary"))
    outcomes = mail_game.gateway.ingest_batch([Inbound(raw, "lmtp", NOW), Inbound(raw, "lmtp", NOW)])
    assert [o.status for o in outcomes if isinstance(o, IngestOutcome)] == ["answered", "duplicate"]
    assert len(sets_of(mail_game.engine, "hungary")) == before + 1
    assert len(replies(mail_game.engine, "<twice@test>")) == 1


class HeldGateway(MailGateway):
    """The real gateway, whose first batch waits for ``release`` (so the mails behind it queue)."""

    def __init__(self, game: MailGame) -> None:
        super().__init__(game.judge, game.gateway.settings)
        self.release = threading.Event()
        self.first = True

    def ingest_batch(self, mails: Sequence[Inbound]) -> list[IngestOutcome | Exception]:
        if self.first:
            self.first = False
            assert self.release.wait(BOUND)
        return super().ingest_batch(mails)


def wait_for(what: Callable[[], bool]) -> None:
    end = time.monotonic() + BOUND
    while not what():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.001)


def test_mails_that_wait_together_share_a_commit_and_are_answered_after_it(mail_game: MailGame) -> None:
    gateway = HeldGateway(mail_game)
    group = GroupCommit(gateway, clock=lambda: NOW)
    engine = mail_game.engine
    senders = {"hungary": "king@hungary.example", "france": "roi@france.example"}
    raws = [
        mail(f"{envelope(power)}\nLOAN", sender=senders[power], mid=f"g{n}")
        for n, power in enumerate(["hungary", "france", "hungary", "france", "hungary"])
    ]
    seen_at_answer: dict[int, str | None] = {}
    failures: list[BaseException] = []

    def deliver(n: int) -> None:
        try:
            outcome: Any = group.ingest(raws[n], "lmtp")
            assert outcome.status == "answered"
            seen_at_answer[n] = status_of(engine, f"<g{n}@test>")  # what another reader sees now
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=deliver, args=(0,))]
    threads[0].start()
    wait_for(lambda: not gateway.first)  # the first mail leads its batch, held
    threads += [threading.Thread(target=deliver, args=(n,)) for n in range(1, 5)]
    for thread in threads[1:]:
        thread.start()
    wait_for(lambda: group.waiting == 4)
    seen = commits(engine)
    gateway.release.set()
    for thread in threads:
        thread.join(BOUND)
    assert not failures, failures
    assert group.batches == {1: 1, 4: 1} and len(seen) == 2
    assert seen_at_answer == dict.fromkeys(range(5), "answered")  # committed before the answer
