"""Mail in a round played step by step (issue 16, docs/turn-by-turn.md §8), raw mails through the
gateway on a Relay game: the receipt names the step a set is for (or says it is early), a set
from a power with no step left is refused in one short line, "your move" carries the step, its
deadline, the early orders' fate, an order template and the steps since, and the reports: each
step's to the GM only (unless ``step_reports``), the round's to everyone at its end."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, col, select

from adjudicator.config import Settings
from adjudicator.mail.gateway import MailGateway
from adjudicator.rulesets.registry import EXTRA_RULESETS
from adjudicator.service.assets import with_content
from adjudicator.service.judge import Judge
from adjudicator.store.models import Outbox

SEATS = ("venice", "genoa", "milan")
ADDRESSES = {p: f"doge@{p}.example" for p in SEATS}
T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


class Relay:
    def __init__(self, engine: Engine, calendar: dict[str, object] | None = None) -> None:
        self.engine = engine
        self.judge = Judge(engine, mail_domain="judge.test")
        options: dict[str, object] = {"turns": 1}
        self.secrets = self.judge.create_game(
            "r1",
            "relay",
            SEATS,
            options,
            seed=b"steps-mail",
            addresses=ADDRESSES,
            gm_address="gm@example.org",
            now=T0,
        )
        if calendar:
            self.judge.set_calendar("r1", calendar, now=T0)
        self.gateway = MailGateway(self.judge, Settings())
        self.n = 0

    def mail(self, power: str, *lines: str, at: datetime = T0) -> str:
        """Mail ``lines`` as ``power`` through the gateway; the text of the judge's answer."""
        self.n += 1
        body = "\n".join([f"GAME r1 POWER {power} SECRET {self.secrets[power]}", *lines])
        raw = (
            f"From: Doge <{ADDRESSES[power]}>\nTo: judge@localhost\nSubject: orders\n"
            f"Message-ID: <m{self.n}@test>\nContent-Type: text/plain; charset=utf-8\n\n{body}\n"
        ).encode()
        self.gateway.ingest(raw, source="cli", now=at)
        return self.replies()[-1].body_text

    def outbox(self) -> list[Outbox]:
        """Every mail as it reads (a report's parts are stored once, apart: service/assets.py)."""
        with Session(self.engine) as session:
            return [with_content(session, r) for r in session.exec(select(Outbox).order_by(col(Outbox.id)))]

    def replies(self) -> list[Outbox]:
        return [m for m in self.outbox() if m.kind in ("receipt", "reply")]

    def kind(self, kind: str, recipient: str | None = None) -> list[Outbox]:
        return [m for m in self.outbox() if m.kind == kind and recipient in (None, m.recipient)]


@pytest.fixture
def relay(monkeypatch: pytest.MonkeyPatch, engine: Engine) -> Relay:
    monkeypatch.setenv(EXTRA_RULESETS, "tests.turnbased.relay:RelayRuleset")
    return Relay(engine)


def test_the_receipt_names_the_step_or_says_the_orders_are_early(relay: Relay) -> None:
    mine = relay.mail("venice", "CLAIM 5")
    assert mine.startswith("Orders of venice for r1, window T1.claims.1-venice")
    assert "These are for your step T1.claims.1-venice." in mine
    early = relay.mail("genoa", "IF 5 FREE: CLAIM 5")
    assert "window T1.claims (version 1" in early
    assert "These are early orders for your step in T1.claims: they are checked when it opens" in early
    assert "Accepted (1):\n  IF 5 FREE: CLAIM 5" in early


def test_your_move_pasted_under_the_orders_is_not_read_as_orders(relay: Relay) -> None:
    """An Outlook reply pastes the mail unquoted below the player's lines; "your move" has an
    envelope and a WINDOW line in its template, which must not be read."""
    (yourmove,) = relay.kind("notice", "venice")
    assert "GAME r1 POWER venice SECRET <your secret>" in yourmove.body_text
    pasted = relay.mail(
        "venice", "CLAIM 3", "READY", "", "From: judge", "Sent: today", "", yourmove.body_text
    )
    assert "Accepted (1):\n  CLAIM 3\n" in pasted and "Ready: yes" in pasted
    bare = relay.mail("venice", "CLAIM 2", "", yourmove.body_text)  # pasted with no header above it
    assert "Accepted (1):\n  CLAIM 2\n" in bare and "Lines not understood" not in bare


def test_a_set_from_a_power_with_no_step_left_is_refused_in_one_short_reply(relay: Relay) -> None:
    relay.mail("venice", "CLAIM 5", "READY")
    relay.judge.adjudicate("r1", now=T0)  # venice's step resolves: genoa's opens
    answer = relay.replies()[-1]
    refused = relay.mail("venice", "CLAIM 6")
    assert relay.replies()[-1].kind == "reply" and relay.replies()[-1].id != answer.id
    assert refused.startswith("Your mail was refused and nothing was stored:\n  it is not your step: ")
    assert "T1.claims.2-genoa is open (for genoa)" in refused and "CLAIM 6" not in refused
    assert "Traceback" not in refused and len(refused) < 1200
    assert refused.count("nothing was stored") == 1
    # naming the open step of another power is no way to send early orders: refused, saying how
    other = relay.mail("milan", "WINDOW T1.claims.2-genoa", "CLAIM 6")
    assert other.startswith("Your mail was refused and nothing was stored:\n  it is not your step: ")
    assert "are sent with WINDOW T1.claims (or no WINDOW line)" in other
    assert "window T1.claims (version 1" in relay.mail("milan", "WINDOW T1.claims", "CLAIM 6")


def test_your_move_carries_the_step_its_deadline_the_steps_since_and_a_template(relay: Relay) -> None:
    relay.judge.set_calendar("r1", {"step_hours": {"default": 12}}, now=T0)
    relay.mail("milan", "CLAIM 9")  # early, for milan's step (after genoa's), not READY
    relay.mail("venice", "CLAIM 5", "READY")
    relay.judge.adjudicate("r1", now=T0)  # venice's step resolves: genoa's opens
    (genoa,) = [m for m in relay.kind("notice", "genoa") if "your move" in m.subject]
    assert genoa.subject == "[r1] your move: T1.claims.2-genoa"
    text = genoa.body_text
    assert text.startswith(
        "It is your move in r1: step T1.claims.2-genoa.\nDeadline: Tue 3 Mar 2026 00:00 UTC"
    )
    assert "What happened since your last step:" in text and "Step T1.claims.1-venice" in text
    assert "venice claims space 5" in text and "CLAIM 5 --" not in text  # venice's result is venice's
    assert "WINDOW T1.claims.2-genoa" in text and "# CLAIM 4\n# CLAIM 6" in text  # 5 is taken
    assert genoa.body_html is not None and "T1.claims.1-venice" in genoa.body_html
    names = [a["filename"] for a in genoa.attachments]
    assert names[0].endswith(".ics") and "orders-r1-T1.claims.2-genoa-genoa.txt" in names
    relay.mail("genoa", "CLAIM 4", "READY")  # 4 next to venice's 5: venice may react
    relay.judge.adjudicate("r1", now=T0)
    relay.mail("venice", "PASS", "READY")
    relay.judge.adjudicate("r1", now=T0)  # milan's step opens, its early set copied in
    (milan,) = [m for m in relay.kind("notice", "milan") if "your move" in m.subject]
    assert "kept: CLAIM 9" in milan.body_text and "ready: no (send READY" in milan.body_text
    steps = [line for line in milan.body_text.splitlines() if line.startswith("Step T1.claims.")]
    assert steps == ["Step T1.claims.1-venice", "Step T1.claims.2-genoa", "Step T1.claims.3-venice"]
    assert len(milan.body_text.encode()) + len(milan.body_html or "") < 500_000


def test_a_steps_report_goes_to_the_gm_and_the_rounds_to_everyone(relay: Relay) -> None:
    relay.mail("venice", "CLAIM 1", "READY")
    relay.judge.adjudicate("r1", now=T0)
    assert [(m.recipient, m.subject) for m in relay.kind("report")] == [
        ("gm", "[r1] T1.claims.1-venice results for gm")
    ]
    for _ in range(4):  # the other steps, with what is stored (defaults)
        relay.judge.adjudicate("r1", force=True, now=T0)
    rounds = [m for m in relay.kind("report") if m.subject.startswith("[r1] T1.claims results")]
    assert sorted(m.recipient for m in rounds) == ["genoa", "gm", "milan", "venice"]
    assert all(m.message_id.startswith("<report.r1.") for m in rounds)
    steps = {m.subject.split()[1] for m in relay.kind("report")} - {"T1.claims"}
    assert {m.recipient for m in relay.kind("report") if m.subject.split()[1] in steps} == {"gm"}


def test_with_step_reports_every_power_gets_each_steps_report(
    monkeypatch: pytest.MonkeyPatch, engine: Engine
) -> None:
    monkeypatch.setenv(EXTRA_RULESETS, "tests.turnbased.relay:RelayRuleset")
    relay = Relay(engine, calendar={"step_reports": True})
    relay.mail("venice", "CLAIM 1", "READY")
    relay.judge.adjudicate("r1", now=T0)
    step = [m.recipient for m in relay.kind("report") if "T1.claims.1-venice results" in m.subject]
    assert sorted(step) == ["genoa", "gm", "milan", "venice"]


def test_a_round_played_again_after_a_rollback_is_reported_again(
    monkeypatch: pytest.MonkeyPatch, engine: Engine
) -> None:
    """A rollback to a step of a round reopens the round's row (docs/turn-by-turn.md §7): its
    second end is a second round report, not a clash with the first one's key."""
    monkeypatch.setenv(EXTRA_RULESETS, "tests.turnbased.relay:RelayRuleset")
    relay = Relay(engine)
    for _ in range(5):
        relay.judge.adjudicate("r1", force=True, now=T0)
    first = [m for m in relay.kind("report", "genoa") if m.subject == "[r1] T1.claims results for genoa"]
    assert len(first) == 1 and relay.judge.game("r1")[0].status == "over"
    assert relay.judge.rollback("r1", "T1.claims.2-genoa", now=T0) == "T1.claims.2-genoa"
    relay.mail("genoa", "CLAIM 9", "READY")
    for _ in range(5):
        if relay.judge.game("r1")[0].status == "over":
            break
        relay.judge.adjudicate("r1", force=True, now=T0)
    again = [m for m in relay.kind("report", "genoa") if m.subject == "[r1] T1.claims results for genoa"]
    assert len(again) == 2 and again[0].message_id != again[1].message_id
    assert "CLAIM 9" in again[1].body_text and "CLAIM 9" not in again[0].body_text
    assert [w.label for w in relay.judge.resolved_windows("r1")] == ["T1.claims"]
