"""Every form of one viewer's report, rendered from a :class:`ReportInput` and nothing else.

``render_report`` is the one entry point: the mail (text part, HTML part with the map as a PNG by
Content-ID), the standalone HTML file (map as inline SVG), the JSON for tools and the order
template all come from it, so they always agree.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import css_inline
from markupsafe import Markup

from adjudicator.core.ruleset import PhaseSpec
from adjudicator.dates import when_text
from adjudicator.report import fastjson
from adjudicator.report.document import ReportDocument, Section
from adjudicator.report.layered import LayeredBoard
from adjudicator.report.mapimages import MAIL_MAP_WIDTH, REGION_WIDTH, MapImages
from adjudicator.report.model import ReportInput
from adjudicator.report.order_template import order_template
from adjudicator.report.sections import (
    audience,
    dice_section,
    happened,
    orders_section,
    ruleset_sections,
    steps_section,
)
from adjudicator.report.svgcrop import Box, crop
from adjudicator.report.templating import environment, stylesheet

MAP_CID = "map"
"""The Content-ID of the map PNG in a report mail (``<img src="cid:map">``)."""
REGION_CID = "region"
"""The Content-ID of the close-up of the reader's own territories, shown above the whole board."""
NOTES = (
    "Mail HELP to the judge for its commands and OPTIONS for the orders you may give now; a rule "
    "the judge applied is cited by its line in the rulebook (L915 is line 915).",
)
"""Footer lines: what a player can ask the judge, never a path in the judge's repository."""


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
    focus: Box | None = None
    """The box around the reader's own territories (a power's report), in the map's units."""
    region_png: bytes | None = None
    """That close-up as the PNG the mail shows above the whole board."""

    @property
    def region_svg(self) -> str | None:
        """The map cut to ``focus``, as SVG (the close-up's drawing, with the reader's marks)."""
        return crop(self.svg, self.focus) if self.svg is not None and self.focus else None


def report_json(report: ReportInput) -> dict[str, Any]:
    """The JSON report: the viewer's view plus what the viewer may see of the window's results (and,
    for a round played step by step, which step each result is of)."""
    out: dict[str, Any] = {
        "game": report.view.game,
        "viewer": report.viewer,
        "window": report.label,
        "next_window": report.next_label or None,
        "deadline": report.deadline.isoformat() if report.deadline else None,
        "timezone": report.timezone,
        "dice_seed_hash": report.dice_seed_hash,
        **({"dice_seed": report.dice_seed} if report.dice_seed else {}),
        "results": [r.model_dump(mode="json") for r in report.results],
        "orders": {p: list(lines) for p, lines in sorted(report.orders.items())},
        "view": report.view.to_json(),
        "legal_orders": [{"phase": phase, "order": line} for phase, line in report.template],
    }
    if report.steps:
        out["steps"] = [
            {"label": s.label, "results": [r.model_dump(mode="json") for r in s.results]}
            for s in report.steps
        ]
    return out


def _phases(ruleset: Any) -> tuple[PhaseSpec, ...]:
    return tuple(ruleset.phases()) if ruleset is not None else ()


def map_caption(label: str, *, mail: bool, region: bool = False) -> str:
    """Under the map: in a mail the PNG is the board every reader shares, without highlights."""
    where = " Places of this window's battles, conquests and losses are outlined in red."
    if mail:
        where = " Zoom in to read the names" + (
            "; your own territories are in the close-up above." if region else "."
        )
    return f"The board after {label}.{where}"


REGION_CAPTION = (
    "Your territories, outlined in blue, and their neighbours; places of this window's battles, "
    "conquests and losses are outlined in red. The whole board follows."
)


def build_document(report: ReportInput, ruleset: Any = None, *, has_map: bool = False) -> ReportDocument:
    """The report's sections: what happened, the orders, the ruleset's own parts, the dice (GM)."""
    phases = _phases(ruleset)
    extra = ruleset_sections(ruleset, report)
    sections: list[Section]
    if report.steps:  # a round: its steps in order, each with its own orders (its results)
        sections = [steps_section(report, phases)]
        tables = tuple(t for ts in extra.phase_tables.values() for t in ts)
        if tables:  # the ruleset's tables of the round's phases, as the round left them
            sections.append(Section(key="round-tables", title="The round's tables", tables=tables))
    else:
        sections = [happened(report, phases, extra.phase_tables, extra.told_in)]
        orders = orders_section(report, phases)
        if orders is not None:
            sections.append(orders)
    sections.extend(extra.sections)
    if report.is_gm:
        dice = dice_section(report.view.events)
        if dice is not None:
            sections.append(dice)
    deadline = when_text(report.deadline, report.timezone) if report.deadline else ""
    return ReportDocument(
        game=report.view.game,
        viewer=report.viewer,
        audience=audience(report.viewer),
        label=report.label,
        next_label=report.next_label,
        deadline=deadline,
        sections=tuple(sections),
        order_template=order_template(report, phases, deadline),
        dice_seed_hash=report.dice_seed_hash,
        dice_seed=report.dice_seed,
        has_map=has_map,
        map_caption=map_caption(report.label, mail=False),
        notes=NOTES,
        header=extra.header,
    )


@dataclass(frozen=True)
class ReportMaps:
    """A report's map as the ruleset drew it: the reader's, and what the mail's PNGs are made of."""

    svg: str
    """The reader's map, with its marks (the HTML page's)."""
    width: float
    """Its width in map units."""
    shared: str | None = None
    """The map every viewer of the window shares (no one's marks): the mail's board PNG."""
    focus: Box | None = None
    """The box of the reader's close-up."""
    overlay: str | None = None
    """The reader's marks alone, drawn over the shared board's close-up."""
    layered: LayeredBoard | None = None
    """``shared`` in layers, when the ruleset gives them (report/layered.py)."""


def draw_map(report: ReportInput, ruleset: Any, *, highlights: bool = True) -> str | None:
    """The ruleset's map of the viewer's view as SVG, if the ruleset draws one.

    Without ``highlights`` it is the map every viewer of the window shares (the board is public),
    which is the one rasterised for mail bodies: one PNG a window, not one a viewer.
    """
    hook = getattr(ruleset, "report_map", None)
    drawing = hook(report.view, report.label, highlights=highlights) if hook is not None else None
    return None if drawing is None else str(drawing.svg)


def _maps(report: ReportInput, ruleset: Any, *, mail: bool) -> ReportMaps | None:
    """The reader's map; for a mail, the shared board (the drawing's own ``shared``, else drawn
    again without highlights), the close-up's box and the reader's marks."""
    hook = getattr(ruleset, "report_map", None)
    drawing = hook(report.view, report.label) if hook is not None else None
    if drawing is None:
        return None
    svg = str(drawing.svg)
    if not mail:
        return ReportMaps(svg, float(drawing.width))
    shared = getattr(drawing, "shared", None) or draw_map(report, ruleset, highlights=False)
    return ReportMaps(
        svg,
        float(drawing.width),
        shared=shared,
        focus=getattr(drawing, "focus", None),
        overlay=getattr(drawing, "overlay", None),
        layered=getattr(drawing, "layered", None),
    )


def render_html(doc: ReportDocument, *, map_svg: str | None = None, for_mail: bool = False) -> str:
    """The report as HTML: a page with inline SVG, or a mail part with CSS inlined and the PNG by CID."""
    page = (
        environment()
        .get_template("report.html.j2")
        .render(
            doc=doc,
            css=Markup(stylesheet()),
            map_svg=Markup(map_svg) if map_svg and not for_mail else None,
            map_cid=MAP_CID,
            map_width=MAIL_MAP_WIDTH,
            region_cid=REGION_CID,
            region_width=REGION_WIDTH,
        )
    )
    return ascii_html(css_inline.inline(page)) if for_mail else page


def ascii_html(html: str) -> str:
    """``html`` with every non-ASCII character as a character reference (``&#8212;``): the same
    page, which a mail can carry as it is rather than quoted-printable (a third longer)."""
    return html.encode("ascii", "xmlcharrefreplace").decode("ascii")


def render_text(doc: ReportDocument) -> str:
    return environment().get_template("report.txt.j2").render(doc=doc)


def position_text(report: ReportInput, ruleset: Any) -> str:
    """The ruleset's own sections of ``report`` (its board, sheets, tables) as text, '' if none:
    the position a "your move" mail shows when no step resolved since the reader's last one, so
    the reader need not look up its last report to choose its orders (the same sections, so it
    says no more than the reader's report would)."""
    sections = ruleset_sections(ruleset, report).sections
    if not sections:
        return ""
    return environment().get_template("sections.txt.j2").render(sections=sections).strip("\n") + "\n"


def render_report(
    report: ReportInput, ruleset: Any = None, *, mail: bool = True, pngs: MapImages | None = None
) -> RenderedReport:
    """Every form of ``report``; ``ruleset`` supplies phase titles, its own sections and the map.

    Without ``mail`` only what the archive publishes is made (the HTML page and the SVG): no PNG,
    and no text, mail HTML or JSON (each ''), which together cost more than the page.
    ``pngs``, shared by the reports of one window, makes the board's PNG once for all of them and
    cuts each reader's close-up from it (report/mapimages.py)."""
    maps = _maps(report, ruleset, mail=mail)
    pngs = pngs if pngs is not None else MapImages()
    png = region_png = None
    if maps is not None and maps.shared is not None:
        png = pngs.board(maps.shared, maps.width, maps.layered)
        if maps.focus and png is not None:
            region_png = pngs.closeup(maps.shared, maps.width, maps.focus, maps.overlay, maps.layered)
    doc = build_document(report, ruleset, has_map=maps is not None)
    mail_doc = replace(
        doc,
        has_map=png is not None,
        map_caption=map_caption(report.label, mail=True, region=region_png is not None),
        region_caption=REGION_CAPTION if region_png is not None else "",
    )
    svg = maps.svg if maps is not None else None
    return RenderedReport(
        text=render_text(doc) if mail else "",
        html=render_html(doc, map_svg=svg),
        mail_html=render_html(mail_doc, for_mail=True) if mail else "",
        json=fastjson.dumps(report_json(report)) + "\n" if mail else "",
        order_template=doc.order_template,
        svg=svg,
        png=png,
        focus=maps.focus if maps is not None else None,
        region_png=region_png,
    )
