"""The board as an SVG: a Voronoi tiling of land and sea centres, land coloured by kingdom.

Coasts, kingdom frontiers and rivers are drawn on the cell edges the data names; borders the
tiling cannot show (straits, long links) are dashed lines between centres. The geometry and the
layers that never change (seas, borders, names) are computed once per board (:func:`board_layout`),
so the turn-report map (``reportmap.py``) only draws what the game changes on top of them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from threading import Lock

from adjudicator.report.layered import LayeredBoard
from adjudicator.report.voronoi import FRAME, Cell, Point, cells
from adjudicator.rulesets.medioevo import mapsymbols as sym
from adjudicator.rulesets.medioevo.board import Board
from adjudicator.rulesets.medioevo.mapcolours import kingdom_colours

PX_PER_DEGREE = 40.0
NAMED_BARBARIANS = 4  # barbarian kingdoms with at least this many territories get their name drawn
MARGIN_DEGREES = 1.2
SEA_COASTAL = "#b7d7ec"
SEA_OPEN = "#94c0e0"
COAST = "#2f5f80"
FRONTIER = "#3b3024"
RIVER = "#2c7fb8"
HIGHLIGHT = "#c0392b"
LAYOUT_CACHE = 8  # boards whose layout is kept; a judge usually draws one
FONT = 'font-family="DejaVu Sans, Arial, sans-serif"'
# Text halos are a white copy under the text: cairosvg ignores paint-order, so a stroked text would
# be drawn stroke-over-fill and come out white in the mailed PNG.
STYLE = (
    "<style>"
    ".t{font-size:9px;fill:#222;text-anchor:middle}"
    ".s{font-size:9px;font-style:italic;fill:#1f4f70;text-anchor:middle}"
    ".k{font-size:12px;font-weight:bold;letter-spacing:1px;fill:#3b3024;opacity:.55;text-anchor:middle}"
    ".h{font-size:18px;font-weight:bold;fill:#222}"
    ".l{font-size:11px;fill:#222}"
    ".c{font-size:7px;font-style:italic;fill:#333;text-anchor:middle}"
    ".b{font-size:10px;font-weight:bold;fill:#111;text-anchor:middle}"
    ".p{font-size:8px;font-weight:bold;fill:#111;text-anchor:middle}"
    ".o{fill:#fff;stroke:#fff;stroke-width:2.4px;stroke-linejoin:round}"
    "</style>"
)


@dataclass(frozen=True)
class Drawing:
    """An SVG document and its size in pixels."""

    svg: str
    width: int
    height: int
    focus: tuple[float, float, float, float] | None = None
    """The box (x, y, width, height) around the reader's own territories, for a mail's close-up."""
    shared: str | None = None
    """A reader's map: the same board without the reader's marks, as every viewer of the window
    sees it (its PNG is made once a window, and the close-up is cut from it)."""
    overlay: str | None = None
    """A reader's map: only the reader's marks, on nothing, the size of ``svg``: drawn over
    ``shared`` it gives the reader's close-up without rasterising the board again."""
    layered: LayeredBoard | None = None
    """``shared`` as layers, so what is the same in every window is rasterised once a game
    (report/layered.py)."""


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


@dataclass(frozen=True)
class Layout:
    """A board's geometry and its static layers, as SVG fragments ready to be joined."""

    width: float
    height: float
    land: tuple[str, ...]
    sites: Mapping[str, Point]
    """The centre of every land territory and sea zone, in pixels."""
    outlines: Mapping[str, str]
    """The path data (``d``) of every land and sea cell."""
    colours: Mapping[str, str]
    """Kingdom id -> colour (see :func:`kingdom_colours`)."""
    seas: str
    borders: str
    kingdom_names: str
    labels: str
    """Territory and sea names: drawn above everything but badges."""
    settlement_names: str
    """Under the territory names, in small italics (the board, not the report maps: see STYLE)."""


_layouts: dict[int, tuple[Board, Layout]] = {}
_layouts_lock = Lock()


def board_layout(board: Board) -> Layout:
    """The layout of ``board``, computed on the first call and kept (boards are immutable).

    Keyed by identity, holding the board so its id cannot be reused: a Board holds dicts, so it
    has no hash, and hashing its content would cost more than the cache saves.
    """
    with _layouts_lock:
        hit = _layouts.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    layout = _compute_layout(board)
    with _layouts_lock:
        if len(_layouts) >= LAYOUT_CACHE:
            _layouts.pop(next(iter(_layouts)))
        _layouts[id(board)] = (board, layout)
    return layout


def _compute_layout(board: Board) -> Layout:
    land = list(board.territories)
    seas = list(board.seas)
    ids = land + seas
    centres = [(board.territories[t].lon, board.territories[t].lat) for t in land]
    centres += [(board.seas[s].lon, board.seas[s].lat) for s in seas]
    proj = Projection.fit(centres)
    sites = [proj(lon, lat) for lon, lat in centres]
    tiles = cells(sites, proj.width, proj.height)
    outlines = {cid: _path(tiles[i].polygon) for i, cid in enumerate(ids)}
    river_pairs = {frozenset(pair) for river in board.rivers.values() for pair in river.borders}
    sea_layer = [f'<rect width="{proj.width:.0f}" height="{proj.height:.0f}" fill="{SEA_OPEN}"/>']
    for sid in seas:
        fill = SEA_OPEN if board.seas[sid].open else SEA_COASTAL
        sea_layer.append(f'<path id="sea-{escape(sid)}" d="{outlines[sid]}" fill="{fill}" stroke="none"/>')
    labels: list[str] = []
    settlements: list[str] = []
    for index, tid in enumerate(land):
        terr = board.territories[tid]
        x, y = sites[index]
        labels.append(text(x, y + 12, terr.name, "t", halo=True))
        if terr.settlement and terr.settlement != terr.name:
            settlements.append(text(x, y + 21, terr.settlement, "c", halo=True))
    for index, sid in enumerate(seas, start=len(land)):
        x, y = sites[index]
        labels.append(text(x, y, board.seas[sid].name, "s"))
    return Layout(
        width=proj.width,
        height=proj.height,
        land=tuple(land),
        sites=dict(zip(ids, sites, strict=True)),
        outlines=outlines,
        colours=kingdom_colours(board),
        seas="\n".join(sea_layer),
        borders="\n".join(
            [*_edges(board, land, ids, tiles, river_pairs), *_links(board, land, tiles, sites)]
        ),
        kingdom_names="\n".join(_kingdom_names(board, sites, land)),
        labels="\n".join(labels),
        settlement_names="\n".join(settlements),
    )


def _path(points: Iterable[Point]) -> str:
    return "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in points) + " Z"


def _line(a: Point, b: Point, style: str) -> str:
    return f'<line x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}" {style}/>'


def text(x: float, y: float, content: str, css: str, *, halo: bool = False) -> str:
    """A text element, escaped; with ``halo`` a white copy underneath keeps it legible on any fill."""
    body = escape(content)
    under = f'<text x="{x:.1f}" y="{y:.1f}" class="{css} o">{body}</text>' if halo else ""
    return f'{under}<text x="{x:.1f}" y="{y:.1f}" class="{css}">{body}</text>'


def land_cells(layout: Layout, fills: Mapping[str, str], marked: Iterable[str] = ()) -> list[str]:
    """One filled path per land territory, ``id="land-<tid>"``; marked ones get a red stroke."""
    red = set(marked)
    out: list[str] = []
    for tid in layout.land:
        stroke = f' stroke="{HIGHLIGHT}" stroke-width="3"' if tid in red else ""
        out.append(f'<path id="land-{escape(tid)}" d="{layout.outlines[tid]}" fill="{fills[tid]}"{stroke}/>')
    return out


def highlights(layout: Layout, marked: Iterable[str]) -> list[str]:
    """A strong red outline over the borders for each marked territory or sea zone."""
    return [
        f'<path class="highlight" id="highlight-{escape(cid)}" d="{layout.outlines[cid]}" fill="none" '
        f'stroke="{HIGHLIGHT}" stroke-width="4.5" stroke-linejoin="round"/>'
        for cid in dict.fromkeys(marked)
        if cid in layout.outlines
    ]


@dataclass(frozen=True)
class LegendEntry:
    """A swatch and its label in the legend band."""

    colour: str
    label: str


@dataclass(frozen=True)
class LegendKey:
    """A mark of the map (drawn around 0,0, ``width`` pixels wide) and what it means."""

    symbol: str
    label: str
    width: float = 14.0


def document(
    layout: Layout,
    layers: Sequence[str],
    title: str,
    swatches: Sequence[LegendEntry],
    keys: Sequence[LegendKey],
) -> Drawing:
    """The SVG document: the map ``layers`` in order, then a legend band under the map."""
    drawn, band = legend(layout.width, layout.height, title, swatches, keys)
    total = layout.height + band
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{layout.width:.0f}" height="{total:.0f}" '
        f'viewBox="0 0 {layout.width:.0f} {total:.0f}" {FONT}>',
        STYLE,
        *layers,
        *drawn,
        "</svg>",
    ]
    return Drawing("\n".join(out), math.ceil(layout.width), math.ceil(total))


def legend(
    width: float, top: float, title: str, swatches: Sequence[LegendEntry], keys: Sequence[LegendKey]
) -> tuple[list[str], float]:
    """The title on the left, the swatches in a grid on its right, the keys in rows under them."""
    left = 420.0
    column = max((sym.text_width(s.label, 11) + 34 for s in swatches), default=200.0)
    per_row = max(1, min(math.ceil(len(swatches) / 2) or 1, int((width - left) // column)))
    step = (width - left) / per_row
    rows = math.ceil(len(swatches) / per_row)
    out = [f'<text x="12" y="{top + 24:.0f}" class="h">{escape(title)}</text>']
    for i, entry in enumerate(swatches):
        x = left + step * (i % per_row)
        y = top + 20 + 24 * (i // per_row)
        out.append(
            f'<rect x="{x:.0f}" y="{y - 10:.0f}" width="14" height="12" fill="{entry.colour}" stroke="#333"/>'
        )
        out.append(f'<text x="{x + 20:.0f}" y="{y:.0f}" class="l">{escape(entry.label)}</text>')
    y = top + 24 * max(rows, 1) + 24
    x = 12.0
    for key in keys:
        span = key.width + 4 + sym.text_width(key.label, 11) + 18
        if x + span > width and x > 12:
            x, y = 12.0, y + 20
        out.append(sym.at(x + key.width / 2, y - 4, key.symbol))
        out.append(f'<text x="{x + key.width + 4:.1f}" y="{y:.1f}" class="l">{escape(key.label)}</text>')
        x += span
    band = y - top + 14
    out.insert(0, f'<rect x="0" y="{top:.0f}" width="{width:.0f}" height="{band:.0f}" fill="#fbf8f1"/>')
    return out, band


def draw_board(
    board: Board,
    *,
    fills: Mapping[str, str] | None = None,
    highlight: Iterable[str] = (),
    title: str | None = None,
) -> Drawing:
    """The whole board as one SVG document; ``fills`` overrides the colour of some territories."""
    layout = board_layout(board)
    given = fills or {}
    colour = {tid: given.get(tid, layout.colours[board.territories[tid].kingdom]) for tid in layout.land}
    marked = list(highlight)
    capitals = {k.capital for k in board.kingdoms.values()}
    holy = {c.territory for c in board.religious_capitals.values()}
    markers: list[str] = []
    for tid in layout.land:
        terr = board.territories[tid]
        x, y = layout.sites[tid]
        if terr.site:
            markers.append(sym.at(x, y, sym.capital() if tid in capitals else sym.site()))
        if terr.port:
            markers.append(sym.at(x + 6, y, sym.port()))
        if tid in holy:
            markers.append(sym.at(x - 7, y, sym.holy()))
    layers = [
        layout.seas,
        *land_cells(layout, colour, marked),
        layout.borders,
        layout.kingdom_names,
        *highlights(layout, marked),
        *markers,
        layout.labels,
        layout.settlement_names,
    ]
    swatches = [LegendEntry(layout.colours[k], board.kingdoms[k].name) for k in board.playable_kingdoms()]
    keys = [
        LegendKey(sym.site(), "settlement"),
        LegendKey(sym.capital(), "capital"),
        LegendKey(sym.port(), "port"),
        LegendKey(sym.holy(), "religious capital"),
        LegendKey(sym.strait(), "strait"),
    ]
    return document(layout, layers, title or board.name, swatches, keys)


def _edges(
    board: Board, land: list[str], ids: list[str], tiles: list[Cell], rivers: set[frozenset[str]]
) -> list[str]:
    """Cell edges, one path per kind of border (coast, frontier, river, inner): a few elements
    draw much faster than a thousand lines, in cairosvg above all."""
    kinds: dict[str, list[str]] = {}
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
            (a, b) = edge.start, edge.end
            kinds.setdefault(style, []).append(f"M{a[0]:.1f},{a[1]:.1f} L{b[0]:.1f},{b[1]:.1f}")
    # a line break every few segments: a mail carries lines of at most 998 characters as they are
    return [f'<path d="{_lines(parts)}" fill="none" {style}/>' for style, parts in kinds.items()]


def _lines(parts: list[str], per_line: int = 24) -> str:
    return "\n".join(" ".join(parts[i : i + per_line]) for i in range(0, len(parts), per_line))


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
            out.append(_line(sites[i], sites[j], sym.STRAIT_STYLE))
            if name:
                mx, my = (sites[i][0] + sites[j][0]) / 2, (sites[i][1] + sites[j][1]) / 2
                out.append(text(mx, my - 3, name, "s"))
    return out


def _kingdom_names(board: Board, sites: list[Point], land: list[str]) -> list[str]:
    index = {tid: i for i, tid in enumerate(land)}
    out: list[str] = []
    for kid, kingdom in board.kingdoms.items():
        members = [sites[index[t]] for t in board.territories_of(kid)]
        if not members or (not kingdom.playable and len(members) < NAMED_BARBARIANS):
            continue
        x = sum(p[0] for p in members) / len(members)
        y = sum(p[1] for p in members) / len(members)
        out.append(text(x, y - 14, kingdom.name.upper(), "k"))
    return out
