"""The war drawn on a report map (docs/war.md §6): each move an arrow in the mover's colour through
the centres of the places it passed, crossed swords over each battle, a ring round each besieged
settlement, and their legend keys. Drawn on the board's cached layout (``mapdraw.board_layout``),
from :class:`war.marks.WarMarks` only."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape

from adjudicator.report.voronoi import Point
from adjudicator.rulesets.medioevo import mapsymbols as sym
from adjudicator.rulesets.medioevo.mapcolours import UNKNOWN_POWER
from adjudicator.rulesets.medioevo.mapdraw import Layout, LegendKey
from adjudicator.rulesets.medioevo.war.marks import WarMarks

ARROW_GAP = 13.0  # the shaft stops this far short of the last centre; the head's tip, 7 further on
SWORDS_RISE = 30.0  # the swords sit above the army badges (reportmap.BADGE_RISE)
CASING = 'stroke="#222" stroke-width="5.2"'  # dark: the arrow reads on its own colour


def marker_id(colour: str) -> str:
    return "arrow-" + "".join(c for c in colour if c.isalnum())


def _points(layout: Layout, path: Sequence[str]) -> list[Point]:
    points = [layout.sites[p] for p in path if p in layout.sites]
    return [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]


def _shortened(points: list[Point]) -> list[Point]:
    """The path with its last segment cut ``ARROW_GAP`` short: the shaft ends at the head's base
    (the marker's ``refX``), its tip just short of the centre."""
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = math.hypot(x1 - x0, y1 - y0)
    if length <= 2 * ARROW_GAP:
        return points
    k = (length - ARROW_GAP) / length
    return [*points[:-1], (x0 + (x1 - x0) * k, y0 + (y1 - y0) * k)]


def _d(points: Sequence[Point]) -> str:
    return "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in points)


def arrows(layout: Layout, marks: WarMarks, colours: Mapping[str, str]) -> list[str]:
    """The markers (one per mover's colour) and each move's path, over a white casing."""
    used: dict[str, None] = {}
    paths: list[str] = []
    for move in marks.moves:
        points = _points(layout, move.path)
        if len(points) < 2:
            continue
        colour = colours.get(move.power, UNKNOWN_POWER)
        used[colour] = None
        d = _d(_shortened(points))
        paths.append(
            f'<g class="move"><path d="{d}" fill="none" {CASING} stroke-linejoin="round"/>'
            f'<path d="{d}" fill="none" stroke="{escape(colour)}" stroke-width="3" '
            f'stroke-linejoin="round" marker-end="url(#{marker_id(colour)})"/></g>'
        )
    if not paths:
        return []
    markers = "".join(
        f'<marker id="{marker_id(c)}" viewBox="-9 -6 11 12" refX="-6" refY="0" markerWidth="11" '
        f'markerHeight="12" markerUnits="userSpaceOnUse" orient="auto">{sym.arrow_head(escape(c))}</marker>'
        for c in used
    )
    return [f"<defs>{markers}</defs>", *paths]


def rings(layout: Layout, marks: WarMarks) -> list[str]:
    return [sym.at(x, y, mark, "siege") for x, y, mark in ring_marks(layout, marks)]


def ring_marks(layout: Layout, marks: WarMarks) -> list[tuple[float, float, str]]:
    """Each besieged place's ring, as (x, y, mark): the layered board pastes them (report/layered.py)."""
    return [(*layout.sites[t], sym.siege_ring()) for t in marks.sieges if t in layout.sites]


def extent(layout: Layout, marks: WarMarks) -> tuple[float, float, float, float] | None:
    """The box (x, y, width, height) the moves' arrows lie in, casing and heads included."""
    points = [p for move in marks.moves for p in _points(layout, move.path)]
    if not points:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    margin = 12.0  # the casing's half width and the head's reach past the shaft
    return (
        min(xs) - margin,
        min(ys) - margin,
        max(xs) - min(xs) + 2 * margin,
        max(ys) - min(ys) + 2 * margin,
    )


def swords(layout: Layout, marks: WarMarks, *, only_mine: bool = False) -> list[str]:
    """One mark a place: red-rimmed when the reader fought any battle there; ``only_mine``: the
    red-rimmed ones alone (the reader's overlay, drawn over the plain ones of the shared map)."""
    return [
        sym.at(x, y, mark, "battle mine" if mine else "battle")
        for x, y, mark, mine in sword_marks(layout, marks, only_mine=only_mine)
    ]


def sword_marks(
    layout: Layout, marks: WarMarks, *, only_mine: bool = False
) -> list[tuple[float, float, str, bool]]:
    """Each battle place's swords as (x, y, mark, whether the reader fought there)."""
    places: dict[str, bool] = {}
    for b in marks.battles:
        if b.place in layout.sites:
            places[b.place] = places.get(b.place, False) or b.mine
    out = []
    for place, mine in places.items():
        if only_mine and not mine:
            continue
        x, y = layout.sites[place]
        out.append((x, y - SWORDS_RISE, sym.swords(mine), mine))
    return out


def keys(marks: WarMarks, reader: bool) -> list[LegendKey]:
    """Legend keys for the marks the map shows."""
    out = []
    if marks.moves:
        out.append(LegendKey(sym.arrow_key(), "moved or attacked this window (in the mover's colour)", 18))
    if marks.battles:
        label = "battle (red rim: yours)" if reader else "battle"
        out.append(LegendKey(f'<g transform="scale(.75)">{sym.swords()}</g>', label))
    if marks.sieges:
        out.append(LegendKey(sym.siege_ring(6), "under siege"))
    return out
