"""The report mail of a played game: every result in both parts, failures with their reason, the
attachments (HTML with the map, JSON, order template), and an order template the parser accepts."""

from __future__ import annotations

import base64
import email
import json
from collections.abc import Iterator
from email.message import EmailMessage
from email.policy import default
from html import unescape
from pathlib import Path

import pytest
from PIL import Image

from adjudicator.bots import medioevo_orders
from adjudicator.config import Settings
from adjudicator.demo import DEMO_POWERS, DemoResult, play_demo
from adjudicator.mail.compose import compose
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate
from adjudicator.store.models import Outbox


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Judge, list[Outbox]]]:
    tmp = tmp_path_factory.mktemp("report-mail")
    engine = make_engine(f"sqlite:///{tmp / 'store.db'}")
    migrate(engine)
    judge = Judge(engine)
    play_demo(judge, tmp / "out", turns=2, seed=b"report-mail-test")
    yield judge, [row for row in judge.outbox("demo") if row.kind == "report"]
    engine.dispose()


def _attachment(row: Outbox, suffix: str) -> dict[str, str]:
    found = [a for a in row.attachments if a.get("filename", "").endswith(suffix)]
    assert len(found) == 1, f"{row.recipient}: {[a.get('filename') for a in row.attachments]}"
    return found[0]


def test_every_result_is_in_the_text_and_the_html_with_its_reason(played: tuple[Judge, list[Outbox]]) -> None:
    """A power's results are in its JSON; the GM's mail (no JSON: the GM's is the whole state) has
    every power's."""
    _, rows = played
    own = {
        (r.recipient, r.window_id): json.loads(_attachment(r, ".json")["text"])
        for r in rows
        if r.recipient != "gm"
    }
    every: dict[int | None, list[dict[str, object]]] = {}
    for (viewer, window), report in own.items():
        assert report["viewer"] == viewer
        every.setdefault(window, []).extend(report["results"])
    failures = 0
    for row in rows:
        results = (
            every.get(row.window_id, [])
            if row.recipient == "gm"
            else own[(row.recipient, row.window_id)]["results"]
        )
        html = unescape(row.body_html or "")
        text = " ".join(row.body_text.split())  # the text part wraps long lines
        for result in results:
            for body in (text, html):
                assert result["order"] in body
            if not result["ok"]:
                failures += 1
                message = result["reason"]["message"]
                assert message in text, (row.recipient, message)
                assert message in html, (row.recipient, message)
    assert failures > 0, "the demo game should have failed orders to show"


def test_a_power_gets_its_sheet_and_the_gm_every_sheet(played: tuple[Judge, list[Outbox]]) -> None:
    _, rows = played
    powers = {r.recipient for r in rows} - {"gm"}
    for row in rows:
        if row.recipient == "gm":
            assert "EVERY POWER'S SHEET (GM)" in row.body_text
            for power in powers:
                assert f"Sheet of {power}" in row.body_text
        else:
            assert "YOUR SHEET" in row.body_text
            assert "florins now" in row.body_text
            assert "Sheet of" not in row.body_text


def test_the_ledger_adds_up(played: tuple[Judge, list[Outbox]]) -> None:
    """Brought forward plus every line is the florins now, and the florins now are the view's."""
    _, rows = played
    for row in rows:
        if row.recipient == "gm":
            continue
        report = json.loads(_attachment(row, ".json")["text"])
        florins = report["view"]["data"]["powers"][row.recipient]["florins"]
        lines = row.body_text.split("  Florins\n", 1)[1].split("\n\n", 1)[0].splitlines()
        amounts = [line.rsplit(None, 1)[1] for line in lines[2:] if not set(line.strip()) <= {"-", " "}]
        forward, *moves, now = (int(a) for a in amounts)
        assert forward + sum(moves) == now == florins


def test_the_order_template_is_accepted_by_the_parser(tmp_path: Path) -> None:
    """Orders of a report's template, uncommented, are orders the judge accepts for the open window."""
    engine = make_engine(f"sqlite:///{tmp_path / 'store.db'}")
    migrate(engine)
    judge = Judge(engine)
    secrets = judge.create_game("tpl", "medioevo", DEMO_POWERS, {"turns": 3}, seed=b"template-test")
    for _ in range(4):  # T1.cards, T1.economy, T1.war, T1.commerce: the template is for T2.bids
        state = judge.state("tpl")
        ruleset = judge.ruleset(judge.game("tpl")[0])
        for power in DEMO_POWERS:
            lines = medioevo_orders(judge.view("tpl", power), ruleset.legal_orders(state, power))
            judge.submit(
                "\n".join([f"GAME tpl POWER {power} SECRET {secrets[power]}", *lines]), source="test"
            )
        judge.adjudicate("tpl", force=True)
    last = max(r.window_id or 0 for r in judge.outbox("tpl") if r.kind == "report")
    rows = [
        r for r in judge.outbox("tpl") if r.kind == "report" and r.window_id == last and r.recipient != "gm"
    ]
    assert len(rows) == len(DEMO_POWERS)
    for row in rows:
        template = _attachment(row, ".txt")["text"]
        assert "SECRET <your secret>" in template and "WINDOW T2.bids" in template
        commented = [line[2:] for line in template.splitlines() if line.startswith("# BID ")]
        assert commented, template
        body = template.replace("<your secret>", secrets[row.recipient]) + commented[-1] + "\n"
        receipt = judge.submit(body, source="test")
        order = commented[-1].split("#", 1)[0].strip()  # a range is a comment after the order
        assert receipt.accepted == (order,) and not receipt.rejected, receipt.render()
    engine.dispose()


def _png_bytes() -> bytes:
    import io

    buffer = io.BytesIO()
    Image.new("RGB", (40, 20), (200, 30, 30)).save(buffer, format="PNG")
    return buffer.getvalue()


def test_a_report_mail_has_text_html_with_the_map_inline_and_the_attachments() -> None:
    """multipart/mixed → alternative(text, related(html, png by Content-ID)) + attached files."""
    png = _png_bytes()
    row = Outbox(
        id=1,
        game_id="g",
        kind="report",
        recipient="hungary",
        address="anna@example.org",
        subject="[g] T1.bids results for hungary",
        body_text="the text",
        body_html='<html><body><img src="cid:map"></body></html>',
        message_id="<report.g.1.hungary@example.org>",
        attachments=[
            {"filename": "g-T1.bids-hungary.html", "content_type": "text/html", "text": "<html></html>"},
            {
                "filename": "map.png",
                "content_type": "image/png",
                "base64": base64.b64encode(png).decode(),
                "cid": "map",
            },
            {"filename": "g-T1.bids-hungary.json", "content_type": "application/json", "text": "{}"},
        ],
    )
    msg = compose(row, Settings())
    parsed = email.message_from_bytes(msg.as_bytes(), policy=default)
    assert isinstance(parsed, EmailMessage)
    assert parsed.get_content_type() == "multipart/mixed"
    alternative, *attached = parsed.iter_parts()
    assert alternative.get_content_type() == "multipart/alternative"
    text, related = alternative.iter_parts()
    assert text.get_content_type() == "text/plain"
    assert related.get_content_type() == "multipart/related"
    html, image = related.iter_parts()
    assert html.get_content_type() == "text/html"
    assert image.get_content_type() == "image/png"
    assert image["Content-ID"] == "<map>"
    assert image.get_payload(decode=True) == png
    assert [a.get_filename() for a in attached] == ["g-T1.bids-hungary.html", "g-T1.bids-hungary.json"]


@pytest.fixture(scope="module")
def demo_files(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DemoResult]:
    """A one-turn demo, played to its end, as `adjudicator demo` writes it."""
    tmp = tmp_path_factory.mktemp("demo-files")
    engine = make_engine(f"sqlite:///{tmp / 'demo.db'}")
    migrate(engine)
    yield play_demo(Judge(engine), tmp / "out", turns=1, seed=b"demo-files")
    engine.dispose()


def window_folders(result: DemoResult) -> list[Path]:
    return sorted(f for f in result.reports.iterdir() if f.is_dir() and f.name != "archive")


def test_the_demo_writes_every_form_of_every_report(demo_files: DemoResult) -> None:
    folders = window_folders(demo_files)
    assert (demo_files.reports / "archive" / "index.html").is_file()
    assert folders
    for folder in folders:
        for viewer in ("hungary", "gm"):
            for suffix in (".txt", ".html", ".json")[: 2 if viewer == "gm" else 3]:  # the GM: no JSON
                assert (folder / f"{viewer}{suffix}").stat().st_size > 200, folder / f"{viewer}{suffix}"


def test_the_demo_counts_the_windows_it_writes_a_folder_for(demo_files: DemoResult) -> None:
    """`adjudicator demo` says "played N windows: …": one folder a window, the windows that resolve
    at creation (T1.bids) included."""
    assert [f.name.split("-", 1)[1] for f in window_folders(demo_files)] == list(demo_files.windows)


def test_the_last_report_announces_no_next_window(demo_files: DemoResult) -> None:
    """The game is over after the last window: its report says so and opens nothing, in every form."""
    last = window_folders(demo_files)[-1]
    for viewer in ("hungary", "gm"):
        text = (last / f"{viewer}.txt").read_text()
        html = (last / f"{viewer}.html").read_text()
        assert "THE GAME IS OVER" in text and "now open" not in text and "Next deadline" not in text
        assert "now open" not in html and "Order template" not in html
    # the GM's mail carries no JSON (issue 15: mails under 500 KB); a player's does
    assert json.loads((last / "hungary.json").read_text())["next_window"] is None
    assert not (last / "orders-hungary.txt").exists()
    assert "game over" in (demo_files.reports / "archive" / "index.html").read_text()


def test_the_demo_plays_to_a_winner_named_in_the_final_report(demo_files: DemoResult) -> None:
    """A one-turn demo ends after turn 1 (L329) with a winner; the last window's mailed report
    gives the final standings and the seed, revealed at the end (docs/endgame.md)."""
    assert demo_files.ending.startswith("The game is over after turn 1 (the turn limit was reached)")
    assert " wins with " in demo_files.ending
    final = (window_folders(demo_files)[-1] / "hungary.txt").read_text(encoding="utf-8")
    assert "THE GAME IS OVER: FINAL STANDINGS" in final and "The game is over: its dice seed is" in final
