"""The reader's own part of the report map: its territories outlined, and the box a mail shows
large enough to read the names in (issue 15: the whole board shrunk to a mail's width is not).

The box is drawn from the reader's own territories in its view (owners are public, L341), so it
tells no one anything they may not see. Territory names are 9 map pixels (mapdraw.STYLE ``.t``);
a box ``WIDTH`` map pixels across, shown 940 pixels wide (the mail's column), draws them 10.6
pixels high. Every box is that wide (a small kingdom's shows more of its neighbours): the close-up
is cut from the board's PNG at one scale for every reader (report/mapimages.py), so one
rasterisation of the board serves every reader's close-up of a window.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

from adjudicator.rulesets.medioevo.board import Board
from adjudicator.rulesets.medioevo.mapdraw import Layout
from adjudicator.rulesets.medioevo.mapsymbols import YOU

MARGIN = 70.0
"""Map pixels around the reader's territories, so its neighbours show."""
WIDTH = 800.0
MIN_HEIGHT, MAX_HEIGHT = 480.0, 560.0

Box = tuple[float, float, float, float]


def owned(board: Board, data: Mapping[str, Any], reader: str) -> tuple[str, ...]:
    """The reader's territories in its view, in board order."""
    territories = data.get("territories") or {}
    return tuple(
        tid
        for tid in board.territories
        if isinstance(territories.get(tid), Mapping) and territories[tid].get("owner") == reader
    )


def outlines(layout: Layout, territories: Iterable[str]) -> list[str]:
    """A blue outline over each of the reader's territories (``class="yours"``)."""
    return [
        f'<path class="yours" id="yours-{escape(tid)}" d="{layout.outlines[tid]}" fill="none" '
        f'stroke="{YOU}" stroke-width="3.5" stroke-linejoin="round"/>'
        for tid in territories
        if tid in layout.outlines
    ]


def _span(low: float, high: float, least: float, most: float, limit: float) -> tuple[float, float]:
    """``low``..``high`` widened by the margin to at least ``least``, cut to ``most`` around its
    middle, and kept inside 0..``limit``."""
    middle = (low + high) / 2
    size = min(max(high - low + 2 * MARGIN, least), most, limit)
    start = min(max(middle - size / 2, 0.0), limit - size)
    return start, size


def focus(board: Board, layout: Layout, data: Mapping[str, Any], reader: str) -> Box | None:
    """The box (x, y, width, height, in map pixels) around the reader's home: its territories in its
    own kingdom, else all it holds, else its kingdom's; None for a viewer with no kingdom."""
    info = (data.get("powers") or {}).get(reader)
    if not isinstance(info, Mapping):
        return None
    kingdom = str(info.get("kingdom"))
    held = owned(board, data, reader)
    home = [t for t in held if board.territories[t].kingdom == kingdom] or list(held)
    home = home or list(board.territories_of(kingdom))
    points = [layout.sites[t] for t in home if t in layout.sites]
    if not points:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x, width = _span(min(xs), max(xs), WIDTH, WIDTH, layout.width)
    y, height = _span(min(ys), max(ys), MIN_HEIGHT, MAX_HEIGHT, layout.height)
    return (round(x), round(y), round(width), round(height))
