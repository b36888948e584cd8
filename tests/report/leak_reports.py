"""Each resolved window of a stored game as the judge reads it back, and every viewer's report of it.

The judge builds every report, the mailed one included, from what the store holds of a window
(``HistoryTools._stored_window``: the state after it, its events, its results) cut to one viewer
(``HistoryTools._viewer_input``). The leak test goes through the same two steps, and changes the
stored window in between.
"""

from __future__ import annotations

import base64
from typing import cast

from sqlmodel import Session

from adjudicator.report.model import ReportInput
from adjudicator.report.render import REGION_CID, RenderedReport, render_report
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.service.history import StoredWindow
from adjudicator.service.judge import Judge
from adjudicator.store.models import Game, Outbox
from tests.report.leak_game import GAME, ruleset


def state_of(stored: StoredWindow) -> MedioevoState:
    return cast(MedioevoState, stored.state)


def stored_windows(judge: Judge, after: int = 0) -> list[StoredWindow]:
    """The game's resolved windows whose id is above ``after``, oldest first, read as the judge reads them."""
    with Session(judge.engine) as session:
        game = session.get(Game, GAME)
        assert game is not None
        rows = [w for w in judge._standing_resolved(session, game) if w.id is not None and w.id > after]
        return [judge._stored_window(session, game, row) for row in rows]


def report_of(judge: Judge, stored: StoredWindow, viewer: str) -> ReportInput:
    """``viewer``'s report input of ``stored``, cut the way the judge cuts it for the mail and the archive."""
    with Session(judge.engine) as session:
        game = session.get(Game, GAME)
        assert game is not None
        return judge._viewer_input(session, game, stored, viewer)


def render(report: ReportInput) -> RenderedReport:
    return render_report(report, ruleset())


def forms(rendered: RenderedReport) -> dict[str, str | bytes]:
    """A rendered report in the forms a mail carries (the SVG map is inside the HTML file)."""
    out: dict[str, str | bytes] = {
        "text": rendered.text,
        "mail HTML": rendered.mail_html,
        "HTML file": rendered.html,
        "JSON": rendered.json,
        "order template": rendered.order_template,
    }
    if rendered.png is not None:
        out["map PNG"] = rendered.png
    if rendered.region_png is not None:
        out["close-up PNG"] = rendered.region_png  # the reader's own territories, cut from its map
    return out


def mailed_forms(row: Outbox) -> dict[str, str | bytes]:
    """The same forms, read from a mailed report (report/mail.py's attachments); the HTML file is
    not mailed (the HTML part is the same report)."""
    out: dict[str, str | bytes] = {
        "text": row.body_text,
        "mail HTML": row.body_html or "",
        "order template": "",
    }
    for part in row.attachments:
        kind, name = part.get("content_type", ""), part.get("filename", "")
        if kind == "text/html":
            out["HTML file"] = part["text"]
        elif kind == "application/json":
            out["JSON"] = part["text"]
        elif kind == "text/plain" and name.startswith("orders-"):
            out["order template"] = part["text"]
        elif kind == "image/png":
            name = "close-up PNG" if part.get("cid") == REGION_CID else "map PNG"
            out[name] = base64.b64decode(part["base64"])
    return out


def differing(a: dict[str, str | bytes], b: dict[str, str | bytes]) -> list[str]:
    """The forms in which two reports differ (one missing in either counts)."""
    return [name for name in dict.fromkeys((*a, *b)) if a.get(name) != b.get(name)]


def seed_forms(seed: bytes) -> list[str]:
    """The ways the dice seed could be printed."""
    return [
        seed.hex(),
        seed.hex().upper(),
        base64.b64encode(seed).decode(),
        base64.urlsafe_b64encode(seed).decode(),
    ]
