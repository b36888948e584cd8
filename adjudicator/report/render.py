"""Every form of one viewer's report, rendered from a :class:`ReportInput` and nothing else.

``render_report`` is the one entry point: the mail (text part, HTML part with the map as a PNG by
Content-ID), the standalone HTML file (map as inline SVG), the JSON for tools and the order
template all come from it, so they always agree.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from html import escape
from typing import Any

from adjudicator.core.ruleset import Ruleset
from adjudicator.report.model import ReportInput
from adjudicator.report.text import render_text

MAP_CID = "map"
"""The Content-ID of the map PNG in a report mail (``<img src="cid:map">``)."""


@dataclass(frozen=True)
class RenderedReport:
    """One viewer's report of one window, in every form it is mailed or written in."""

    text: str
    """The plain-text report (the mail's text part and ``.txt`` file)."""
    html: str
    """A standalone HTML page: CSS in a ``<style>``, the map as inline SVG (file, archive, attachment)."""
    mail_html: str
    """The mail's HTML part: CSS inlined, the map as ``<img src="cid:map">`` when there is a PNG."""
    json: str
    """The machine-readable report: the view, the results, the orders, the next deadline."""
    order_template: str
    """A pre-filled order mail for the next window ('' for the GM and the public)."""
    svg: str | None = None
    """The map as SVG, when the ruleset draws one."""
    png: bytes | None = None
    """The map as PNG, when the ruleset draws one and cairo is installed."""


def report_json(report: ReportInput) -> dict[str, Any]:
    """The JSON report: the viewer's view plus what the viewer may see of the window's results."""
    return {
        "game": report.view.game,
        "viewer": report.viewer,
        "window": report.label,
        "next_window": report.next_label,
        "deadline": report.deadline.isoformat() if report.deadline else None,
        "timezone": report.timezone,
        "dice_seed_hash": report.dice_seed_hash,
        "results": [r.model_dump(mode="json") for r in report.results],
        "orders": {p: list(lines) for p, lines in sorted(report.orders.items())},
        "view": report.view.to_json(),
        "legal_orders": list(report.template),
    }


def render_report(report: ReportInput, ruleset: Ruleset | None = None) -> RenderedReport:
    """Every form of ``report`` (placeholder: the HTML forms are being built, see issue 6)."""
    text = render_text(report.view, report.label, report.results, report.next_label)
    page = f"<!doctype html><html><body><pre>{escape(text)}</pre></body></html>"
    return RenderedReport(
        text=text,
        html=page,
        mail_html=page,
        json=json.dumps(report_json(report), indent=2, sort_keys=True, ensure_ascii=False),
        order_template="",
    )
