"""Reports rendered after the commit that resolved their window (service/rendering.py), over SQLite
and PostgreSQL: a judge killed between the commit and the rendering leaves reports the next pass
renders, each once; two passes at once render each report once; a report is never sent unrendered;
the window's map PNG is stored once and is in every mail the relay takes."""

from __future__ import annotations

import email
import os
import signal
import subprocess
import sys
import threading
from collections import Counter
from datetime import timedelta
from email.message import EmailMessage
from email.policy import default
from pathlib import Path

import pytest
from sqlalchemy import Engine, update
from sqlmodel import Session, col, select

from adjudicator.mail.sender import OutboxSender
from adjudicator.service import rendering
from adjudicator.service.assets import asset_bytes
from adjudicator.service.judge import Judge
from adjudicator.store.models import Asset, Game, Outbox, Window, utcnow
from tests.conftest import POWERS
from tests.integration.test_outbox_sender import GM_ADDRESS, T0, quiet_game, rows, settings
from tests.smtp_server import SmtpServer

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
ROOT = Path(__file__).resolve().parents[2]
BOUND = 120.0
VIEWERS = len(POWERS) + 1
"""A report for each power and for the GM."""


def with_gm(engine: Engine) -> None:
    with Session(engine) as session, session.begin():
        game = session.get(Game, "g1")
        assert game is not None
        game.gm_address = GM_ADDRESS


def reports(engine: Engine) -> list[Outbox]:
    return [r for r in rows(engine) if r.kind == "report" and r.status != "sent"]


def killed_adjudicating(engine: Engine, tmp_path: Path) -> None:
    """``adjudicator adjudicate g1 --force`` in its own process, killed by SIGKILL once it has
    committed the window and begins the render pass (render_kill_child.py)."""
    env = {k: v for k, v in os.environ.items() if k not in ("ADJUDICATOR_CONFIG", "ADJUDICATOR_DB")}
    env["DATABASE_URL"] = engine.url.render_as_string(hide_password=False)
    args = [sys.executable, "-m", "tests.integration.render_kill_child", "adjudicate", "g1", "--force"]
    done = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, timeout=BOUND)
    assert done.returncode == -signal.SIGKILL, done.stderr.decode()[-2000:]


def parts(message: EmailMessage, content_type: str) -> list[EmailMessage]:
    return [p for p in message.walk() if p.get_content_type() == content_type]


def test_a_judge_killed_after_its_commit_leaves_reports_the_sender_renders_and_sends_once(
    engine: Engine, smtp: SmtpServer, tmp_path: Path
) -> None:
    """A real process kill between the commit and the render pass: the window stands, its reports
    wait unrendered (nothing to send yet); the sender's next pass renders each once and sends each
    once with its text and the map; a pass after it finds nothing to render or send."""
    quiet_game(engine)
    with_gm(engine)
    killed_adjudicating(engine, tmp_path)
    with Session(engine) as session:
        windows = list(session.exec(select(Window).where(Window.status == "resolved")))
    assert [w.label for w in windows] == ["T1.bids", "T1.cards"]  # the commit stands
    left = reports(engine)
    assert len(left) == VIEWERS and {r.status for r in left} == {"render"}
    assert {r.body_text for r in left} == {""}

    sender = OutboxSender(engine, settings(tmp_path, smtp))
    first = sender.send_due(now=T0)
    assert first.sent == VIEWERS, first
    again = sender.send_due(now=T0 + timedelta(hours=1))
    assert again.sent == 0 and Judge(engine).render_pending(now=T0 + timedelta(hours=1)) == 0
    received = [email.message_from_bytes(m.as_bytes(), policy=default) for m in smtp.messages]
    assert Counter(str(m["Message-ID"]) for m in received) == Counter({r.message_id: 1 for r in left})
    with Session(engine) as session:
        maps = list(session.exec(select(Asset).where(Asset.compressed == False)))  # noqa: E712
        board = {a.digest: a for a in maps}
    stored = [r for r in rows(engine) if r.kind == "report" and r.window_id == windows[-1].id]
    digests = {a["asset"] for r in stored for a in r.attachments if a.get("filename") == "map.png"}
    assert len(digests) == 1, "one map PNG for the window, referenced by every report"
    assert all(not any("base64" in a for a in r.attachments) for r in stored), "no PNG copied into a row"
    (digest,) = digests
    assert digest in board
    for message in received:
        assert "results for" in str(message["Subject"])
        text = message.get_body(("plain",))
        assert text is not None and "T1.cards" in text.get_content()
        pngs = {str(p["Content-ID"]): p.get_payload(decode=True) for p in parts(message, "image/png")}
        assert pngs["<map>"] == board[digest].data  # the one stored PNG, in every mail


def test_a_pass_that_died_while_rendering_is_taken_over_once_its_claim_is_stale(engine: Engine) -> None:
    judge = quiet_game(engine)
    judge.render_after_commit = False
    judge.adjudicate("g1", force=True, now=T0)
    with Session(engine) as session, session.begin():  # a pass claimed them, then died
        session.execute(
            update(Outbox).where(col(Outbox.status) == "render").values(status="rendering", claimed_at=T0)
        )
    assert judge.render_pending(now=T0 + timedelta(minutes=1)) == 0  # its claim still holds
    assert {r.status for r in reports(engine)} == {"rendering"}
    later = T0 + rendering.RENDER_STALE + timedelta(seconds=1)
    assert judge.render_pending(now=later) == VIEWERS
    assert {r.status for r in reports(engine)} == {"pending"}
    assert judge.render_pending(now=later) == 0


def test_two_passes_at_once_render_each_report_once(engine: Engine) -> None:
    judge = quiet_game(engine)
    judge.render_after_commit = False
    judge.adjudicate("g1", force=True, now=T0)
    counts: list[int] = []
    barrier = threading.Barrier(2)

    def one_pass() -> None:
        other = Judge(engine)
        barrier.wait(timeout=BOUND)
        counts.append(other.render_pending())

    threads = [threading.Thread(target=one_pass) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(BOUND)
    assert sorted(counts) in ([0, VIEWERS], [VIEWERS, 0]) or sum(counts) == VIEWERS
    assert sum(counts) == VIEWERS
    assert {r.status for r in reports(engine)} == {"pending"}


def test_a_report_that_cannot_be_rendered_waits_and_is_never_sent_unrendered(
    engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The render pass fails (a bug): the adjudication still stands, the reports wait with the
    error; the sender sends none of them; once rendering works, the next pass renders them."""
    judge = quiet_game(engine)

    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("renderer broken")

    monkeypatch.setattr(rendering, "render_report", broken)
    done = judge.adjudicate("g1", force=True, now=T0)
    assert done.labels[0] == "T1.cards"
    left = reports(engine)
    assert {r.status for r in left} == {"render"} and {r.attempts for r in left} == {1}
    assert all("renderer broken" in (r.last_error or "") for r in left)
    assert OutboxSender(engine, settings(tmp_path)).send_due(now=T0).sent == 0
    monkeypatch.undo()
    assert judge.render_pending() == 0  # not before its retry time
    assert judge.render_pending(now=utcnow() + rendering.RENDER_RETRY) == VIEWERS
    assert {(r.status, r.attempts, r.last_error) for r in reports(engine)} == {("pending", 0, None)}
    with Session(engine) as session:
        bodies = asset_bytes(session, [r.body_asset for r in reports(engine) if r.body_asset])
    assert len(bodies) == VIEWERS and all(b"T1.cards" in page for page in bodies.values())
