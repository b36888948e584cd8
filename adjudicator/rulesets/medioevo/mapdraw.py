"""The board as an SVG: a Voronoi tiling of land and sea centres, land coloured by kingdom.

Coasts, kingdom frontiers and rivers are drawn on the cell edges the data names; borders the
tiling cannot show (straits, long links) are dashed lines between centres. Reports reuse
:func:`draw_board` with their own fills (owners) and highlights (battles).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from html import escape

from adjudicator.report.voronoi import FRAME, Cell, Point, cells
from adjudicator.rulesets.medioevo.board import Board

PX_PER_DEGREE = 40.0
LEGEND_BAND = 64.0
NAMED_BARBARIANS = 4  # barbarian kingdoms with at least this many territories get their name drawn
MARGIN_DEGREES = 1.2
SEA_COASTAL = "#b7d7ec"
SEA_OPEN = "#94c0e0"
COAST = "#2f5f80"
FRONTIER = "#3b3024"
RIVER = "#2c7fb8"
PLAYABLE_COLOURS = (
    "#e6b35a",
    "#d9795f",
    "#8fb573",
    "#c98fc1",
    "#e0d36a",
    "#7fb7b0",
    "#b7a1d9",
    "#e39a9a",
    "#9fc25a",
    "#d7a77a",
)


@dataclass(frozen=True)
class Drawing:
    """An SVG document and its size in pixels."""

    svg: str
    width: int
    height: int


@dataclass(frozen=True)
class Projection:
    """Equirectangular with the longitude squeezed by the cosine of the middle latitude."""

    lon0: float
    lat1: float
    squeeze: float
    width: float
    height: float

    @classmethod
    def fit(cls, points: Iterable[tuple[float, float]]) -> Projection:
        lons, lats = zip(*points, strict=True)
        lon0, lon1 = min(lons) - MARGIN_DEGREES, max(lons) + MARGIN_DEGREES
        lat0, lat1 = min(lats) - MARGIN_DEGREES, max(lats) + MARGIN_DEGREES
        squeeze = math.cos(math.radians((lat0 + lat1) / 2))
        return cls(
            lon0, lat1, squeeze, (lon1 - lon0) * squeeze * PX_PER_DEGREE, (lat1 - lat0) * PX_PER_DEGREE
        )

    def __call__(self, lon: float, lat: float) -> Point:
        return ((lon - self.lon0) * self.squeeze * PX_PER_DEGREE, (self.lat1 - lat) * PX_PER_DEGREE)


def kingdom_colours(board: Board) -> dict[str, str]:
    """Bright colours for playable kingdoms, muted stable ones for the barbarians."""
    colours: dict[str, str] = {}
    playable = board.playable_kingdoms()
    for i, kid in enumerate(playable):
        colours[kid] = PLAYABLE_COLOURS[i % len(PLAYABLE_COLOURS)]
    for kid in board.kingdoms:
        if kid not in colours:
            h = hashlib.sha256(kid.encode()).digest()
            colours[kid] = f"hsl({30 + h[0] % 40}, {12 + h[1] % 14}%, {72 + h[2] % 12}%)"
    return colours


def _path(points: Iterable[Point]) -> str:
    return "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in points) + " Z"


def _line(a: Point, b: Point, style: str) -> str:
    return f'<line x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}" {style}/>'


def _text(x: float, y: float, text: str, css: str) -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" class="{css}">{escape(text)}</text>'


def draw_board(
    board: Board,
    *,
    fills: Mapping[str, str] | None = None,
    highlight: Iterable[str] = (),
    title: str | None = None,
) -> Drawing:
    """The whole board as one SVG document; ``fills`` overrides the colour of some territories."""
    land = list(board.territories)
    seas = list(board.seas)
    ids = land + seas
    centres = [(board.territories[t].lon, board.territories[t].lat) for t in land]
    centres += [(board.seas[s].lon, board.seas[s].lat) for s in seas]
    proj = Projection.fit(centres)
    sites = [proj(lon, lat) for lon, lat in centres]
    tiles = cells(sites, proj.width, proj.height)
    colours = kingdom_colours(board)
    fills = fills or {}
    marked = set(highlight)
    river_pairs = {frozenset(pair) for river in board.rivers.values() for pair in river.borders}

    total_height = proj.height + LEGEND_BAND
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{proj.width:.0f}" height="{total_height:.0f}" '
        f'viewBox="0 0 {proj.width:.0f} {total_height:.0f}" font-family="DejaVu Sans, Arial, sans-serif">',
        "<style>"
        ".t{font-size:9px;fill:#222;text-anchor:middle;paint-order:stroke;stroke:#fff;stroke-width:2.4px;"
        "stroke-linejoin:round}"
        ".s{font-size:9px;font-style:italic;fill:#1f4f70;text-anchor:middle}"
        ".k{font-size:12px;font-weight:bold;letter-spacing:1px;fill:#3b3024;opacity:.55;text-anchor:middle;"
        "text-transform:uppercase}"
        ".h{font-size:18px;font-weight:bold;fill:#222}"
        ".l{font-size:11px;fill:#222}"
        ".c{font-size:7px;font-style:italic;fill:#333;text-anchor:middle;paint-order:stroke;stroke:#fff;"
        "stroke-width:2px;stroke-linejoin:round}"
        "</style>",
        f'<rect width="{proj.width:.0f}" height="{proj.height:.0f}" fill="{SEA_OPEN}"/>',
    ]
    for index, sid in enumerate(seas, start=len(land)):
        fill = SEA_OPEN if board.seas[sid].open else SEA_COASTAL
        out.append(f'<path id="sea-{sid}" d="{_path(tiles[index].polygon)}" fill="{fill}" stroke="none"/>')
    for index, tid in enumerate(land):
        terr = board.territories[tid]
        fill = fills.get(tid, colours[terr.kingdom])
        stroke = ' stroke="#c0392b" stroke-width="3"' if tid in marked else ""
        out.append(f'<path id="land-{tid}" d="{_path(tiles[index].polygon)}" fill="{fill}"{stroke}/>')
    out.extend(_edges(board, land, ids, tiles, river_pairs))
    out.extend(_links(board, land, tiles, sites))
    out.extend(_kingdom_names(board, sites, land))
    for index, tid in enumerate(land):
        out.extend(_marker(board, tid, sites[index]))
    for index, sid in enumerate(seas, start=len(land)):
        x, y = sites[index]
        out.append(_text(x, y, board.seas[sid].name, "s"))
    out.extend(_legend(board, colours, proj, title or board.name))
    out.append("</svg>")
    return Drawing("\n".join(out), math.ceil(proj.width), math.ceil(total_height))


def _edges(
    board: Board, land: list[str], ids: list[str], tiles: list[Cell], rivers: set[frozenset[str]]
) -> list[str]:
    out: list[str] = []
    n_land = len(land)
    for index, tid in enumerate(land):
        terr = board.territories[tid]
        for edge in tiles[index].edges:
            other = edge.neighbour
            if other == FRAME:
                continue
            if other >= n_land:
                style = f'stroke="{COAST}" stroke-width="1.3"'
            elif other < index:
                continue
            else:
                oid = ids[other]
                if oid not in terr.borders:
                    style = f'stroke="{COAST}" stroke-width="2"'
                elif frozenset((tid, oid)) in rivers:
                    style = f'stroke="{RIVER}" stroke-width="2.6" stroke-linecap="round"'
                elif board.territories[oid].kingdom != terr.kingdom:
                    style = f'stroke="{FRONTIER}" stroke-width="1.6"'
                else:
                    style = 'stroke="#ffffff" stroke-opacity=".8" stroke-width=".8"'
            out.append(_line(edge.start, edge.end, style))
    return out


def _links(board: Board, land: list[str], tiles: list[Cell], sites: list[Point]) -> list[str]:
    """Borders the tiling does not show: straits and other links across water, as dashed lines."""
    index = {tid: i for i, tid in enumerate(land)}
    straits = {frozenset(s.shores): s.name for s in board.straits.values()}
    out: list[str] = []
    for tid, terr in board.territories.items():
        i = index[tid]
        touching = {e.neighbour for e in tiles[i].edges}
        for oid in terr.borders:
            j = index.get(oid)
            if j is None or j < i or j in touching:
                continue
            name = straits.get(frozenset((tid, oid)))
            out.append(
                _line(sites[i], sites[j], f'stroke="{FRONTIER}" stroke-width="1.4" stroke-dasharray="4 3"')
            )
            if name:
                mx, my = (sites[i][0] + sites[j][0]) / 2, (sites[i][1] + sites[j][1]) / 2
                out.append(_text(mx, my - 3, name, "s"))
    return out


def _kingdom_names(board: Board, sites: list[Point], land: list[str]) -> list[str]:
    index = {tid: i for i, tid in enumerate(land)}
    out: list[str] = []
    for kid, kingdom in board.kingdoms.items():
        members = [sites[index[t]] for t in board.territories_of(kid)]
        if not kingdom.playable and len(members) < NAMED_BARBARIANS:
            continue
        x = sum(p[0] for p in members) / len(members)
        y = sum(p[1] for p in members) / len(members)
        out.append(_text(x, y - 14, kingdom.name, "k"))
    return out


def _marker(board: Board, tid: str, at: Point) -> list[str]:
    terr = board.territories[tid]
    x, y = at
    capitals = {k.capital for k in board.kingdoms.values()}
    holy = {c.territory for c in board.religious_capitals.values()}
    out: list[str] = []
    if terr.site:
        r = 4.2 if tid in capitals else 2.8
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="#fff" stroke="#222" stroke-width="1.2"/>'
        )
        if tid in capitals:
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="1.6" fill="#222"/>')
    if terr.port:
        out.append(f'<rect x="{x + 4:.1f}" y="{y - 2:.1f}" width="4" height="4" fill="{COAST}"/>')
    if tid in holy:
        out.append(f'<text x="{x - 9:.1f}" y="{y + 3:.1f}" class="l">✝</text>')
    out.append(_text(x, y + 12, terr.name, "t"))
    if terr.settlement and terr.settlement != terr.name:
        out.append(_text(x, y + 21, terr.settlement, "c"))
    return out


def _legend(board: Board, colours: Mapping[str, str], proj: Projection, title: str) -> list[str]:
    """A band under the map: the title, a swatch per playable kingdom, and the symbols."""
    playable = board.playable_kingdoms()
    top = proj.height
    out = [
        f'<rect x="0" y="{top:.0f}" width="{proj.width:.0f}" height="{LEGEND_BAND:.0f}" fill="#fbf8f1"/>',
        f'<text x="12" y="{top + 24:.0f}" class="h">{escape(title)}</text>',
    ]
    per_row = math.ceil(len(playable) / 2) or 1
    step = (proj.width - 420) / per_row
    for i, kid in enumerate(playable):
        x = 420 + step * (i % per_row)
        y = top + 20 + 24 * (i // per_row)
        out.append(
            f'<rect x="{x:.0f}" y="{y - 10:.0f}" width="14" height="12" fill="{colours[kid]}" stroke="#333"/>'
        )
        out.append(f'<text x="{x + 20:.0f}" y="{y:.0f}" class="l">{escape(board.kingdoms[kid].name)}</text>')
    out.append(
        f'<text x="12" y="{top + 48:.0f}" class="l">○ settlement  ◉ capital  ■ port  ✝ religious capital  '
        "- - strait</text>"
    )
    return out
