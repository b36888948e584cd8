"""The map of a turn report: the board coloured by owner, with armies, buildings and pieces marked.

Drawn from a viewer's view data only (``PlayerView.data``), on the board's cached layout
(``mapdraw.board_layout``), so a report map costs a few milliseconds once the board is laid out.
Every string that comes from the data is escaped: a power or building id can hold anything.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from adjudicator.rulesets.medioevo import mapfocus, maplayers, mapwar
from adjudicator.rulesets.medioevo import mapsymbols as sym
from adjudicator.rulesets.medioevo.board import Board
from adjudicator.rulesets.medioevo.mapcolours import UNKNOWN_POWER, muted, power_colours
from adjudicator.rulesets.medioevo.mapdraw import (
    Drawing,
    Layout,
    LegendEntry,
    LegendKey,
    board_layout,
    document,
    highlights,
    land_cells,
)
from adjudicator.rulesets.medioevo.war.marks import NO_MARKS, WarMarks

BADGE_RISE = 13.0  # army and piece badges sit this far above a territory's centre
BADGE_GAP = 2.0


def _count(value: Any) -> int:
    """A count from the data, 0 when it is not a whole number."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _fills(
    board: Board, layout: Layout, territories: Mapping[str, Any], colours: Mapping[str, str]
) -> dict[str, str]:
    """Owned land in its owner's colour; unowned land in its kingdom's, paler for playable kingdoms."""
    fills: dict[str, str] = {}
    for tid in layout.land:
        owner = _territory(territories, tid).get("owner")
        kingdom = board.territories[tid].kingdom
        if owner is not None:
            fills[tid] = colours.get(str(owner), UNKNOWN_POWER)
        elif board.kingdoms[kingdom].playable:
            fills[tid] = muted(layout.colours[kingdom])
        else:
            fills[tid] = layout.colours[kingdom]
    return fills


def _territory(territories: Mapping[str, Any], tid: str) -> Mapping[str, Any]:
    found = territories.get(tid)
    return found if isinstance(found, Mapping) else {}


Placed = tuple[float, float, str, str]
"""A mark drawn around 0,0, where it goes and its class: (x, y, mark, css)."""


def _at(placed: Iterable[Placed]) -> list[str]:
    return [sym.at(x, y, mark, css) for x, y, mark, css in placed]


def _buildings(board: Board, layout: Layout, territories: Mapping[str, Any]) -> tuple[list[Placed], set[str]]:
    """The row of marks at each territory's centre: religious capital, buildings, port; and the
    kinds of building drawn (for the legend)."""
    holy = {c.territory for c in board.religious_capitals.values()}
    seen: set[str] = set()
    out: list[Placed] = []
    for tid in layout.land:
        terr = board.territories[tid]
        held = _territory(territories, tid)
        damaged = {str(b) for b in held.get("damaged") or ()}
        standing = [str(b) for b in held.get("buildings") or ()]
        marks = sorted(
            ((sym.building_key(b), b in damaged) for b in standing), key=lambda m: sym.row_order(m[0])
        )
        seen.update(key for key, _ in marks)
        row = [(sym.building(key, hit), sym.css(key) + (" damaged" if hit else "")) for key, hit in marks]
        if terr.site and not any(sym.row_order(key) == 0 for key, _ in marks):
            row.insert(0, (sym.empty_site(), "empty-site"))
        if tid in holy:
            row.insert(0, (sym.holy(), "holy"))
        if terr.port:
            row.append((sym.port(), "port"))
        x, y = layout.sites[tid]
        start = x - (len(row) - 1) * sym.SYMBOL_STEP / 2
        out.extend((start + i * sym.SYMBOL_STEP, y, mark, css) for i, (mark, css) in enumerate(row))
    return out, seen


def _badges(layout: Layout, data: Mapping[str, Any], colours: Mapping[str, str]) -> list[Placed]:
    """Above each centre: a pill per power with armies there, then a square per power with pieces."""
    rows: dict[str, list[tuple[str, float, str]]] = {}
    territories = data.get("territories") or {}
    for tid in layout.land:
        armies = _territory(territories, tid).get("armies") or {}
        for power in sorted(armies, key=str):
            n = _count(armies[power])
            if n > 0:
                colour = colours.get(str(power), UNKNOWN_POWER)
                rows.setdefault(tid, []).append(
                    (sym.army_badge(str(n), colour), sym.badge_width(str(n)), "army")
                )
    pieces = Counter(
        (str(p.get("location")), str(p.get("owner")))
        for p in data.get("pieces") or ()
        if isinstance(p, Mapping) and str(p.get("location")) in layout.sites
    )
    for (where, owner), n in sorted(pieces.items()):
        colour = colours.get(owner, UNKNOWN_POWER)
        rows.setdefault(where, []).append(
            (sym.piece_badge(str(n), colour), sym.piece_width(str(n)), "pieces")
        )
    out: list[Placed] = []
    for where, badges in rows.items():
        total = sum(width for _, width, _ in badges) + BADGE_GAP * (len(badges) - 1)
        x, y = layout.sites[where]
        left = x - total / 2
        for badge, width, css in badges:
            out.append((left + width / 2, y - BADGE_RISE, badge, css))
            left += width + BADGE_GAP
    return out


def _swatches(
    board: Board, data: Mapping[str, Any], colours: Mapping[str, str], reader: str | None
) -> list[LegendEntry]:
    """One line per power in play: its kingdom's name with the power id (as the report's text and
    tables name it), land and VF."""
    powers = data.get("powers") or {}
    territories = data.get("territories") or {}
    held = Counter(
        str(t.get("owner")) for t in territories.values() if isinstance(t, Mapping) and t.get("owner")
    )
    armies: Counter[str] = Counter()
    for t in territories.values():
        if isinstance(t, Mapping):
            for power, n in (t.get("armies") or {}).items():
                armies[str(power)] += _count(n)
    out: list[LegendEntry] = []
    for pid in sorted(powers, key=str):
        info = powers[pid] if isinstance(powers[pid], Mapping) else {}
        kingdom = board.kingdoms.get(str(info.get("kingdom")))
        name = f"{kingdom.name} ({pid})" if kingdom else str(pid)
        if pid == reader:
            name = f"you, {name}"
        out.append(LegendEntry(colours[pid], f"{name}: {held[str(pid)]} territories, {armies[str(pid)]} VF"))
    return out


def _keys(seen: set[str], reader: bool) -> list[LegendKey]:
    keys = [LegendKey(sym.building(b), b) for b in sym.BUILDINGS]
    keys.insert(3, LegendKey(sym.empty_site(), "empty site"))
    if sym.OTHER in seen:
        keys.append(LegendKey(sym.building(sym.OTHER), sym.OTHER))
    return [
        *keys,
        LegendKey(sym.damaged_mark(), "damaged"),
        LegendKey(sym.port(), "port"),
        LegendKey(sym.holy(), "religious capital"),
        LegendKey(sym.army_badge("12", "#ffffff"), "armies (VF)", sym.badge_width("12")),
        LegendKey(
            sym.piece_badge("2", "#555555"), "transports, siege engines, captains", sym.piece_width("2")
        ),
        LegendKey(sym.highlight_key(), "fought, taken or lost this window"),
        *([LegendKey(sym.yours_key(), "your territories")] if reader else []),
    ]


def report_map(
    board: Board,
    data: dict[str, Any],
    *,
    highlight: Iterable[str] = (),
    title: str,
    reader: str | None = None,
    marks: WarMarks = NO_MARKS,
) -> Drawing:
    """The board as ``data`` (one viewer's view data) shows it, ``highlight`` outlined in red and,
    for a ``reader`` with a kingdom, its own territories in blue with the box around them; the
    war's ``marks`` (moves, battles, sieges: mapwar.py) over it.

    A reader's drawing also holds the same board without the reader's marks (``shared``: no red,
    no blue, every battle's swords plain, the legend without "you") and those marks alone
    (``overlay``), drawn from the same layers: the mail's close-up is the shared board's PNG, made
    once a window, with the overlay drawn over it (report/mapimages.py)."""
    layout = board_layout(board)
    reader = reader if reader in (data.get("powers") or {}) else None
    colours = power_colours(board, data.get("powers") or {})
    territories = data.get("territories") or {}
    placed, seen = _buildings(board, layout, territories)
    badges = _badges(layout, data, colours)
    yours = [*(mapfocus.outlines(layout, mapfocus.owned(board, data, reader)) if reader else ())]
    marked = highlights(layout, highlight)
    fills = _fills(board, layout, territories, colours)
    under = [layout.seas, *land_cells(layout, fills), layout.borders, layout.kingdom_names]
    moves = mapwar.arrows(layout, marks, colours)
    over = [*_at(placed), *mapwar.rings(layout, marks), *moves, layout.labels, *_at(badges)]
    keys = [*_keys(seen, reader is not None), *mapwar.keys(marks, reader is not None)]
    layers = [*under, *yours, *marked, *over, *mapwar.swords(layout, marks)]
    drawing = document(layout, layers, title, _swatches(board, data, colours, reader), keys)
    plain = replace(marks, battles=tuple(replace(b, mine=False) for b in marks.battles))
    common = _swatches(board, data, colours, None), [*_keys(seen, False), *mapwar.keys(marks, False)]
    layered = maplayers.layered(
        layout,
        fills,
        (*placed, *((x, y, m, "siege") for x, y, m in mapwar.ring_marks(layout, marks))),
        (moves, mapwar.extent(layout, marks)),
        (*badges, *((x, y, m, "battle") for x, y, m, _ in mapwar.sword_marks(layout, plain))),
        maplayers.Legend(title, *common),
    )
    if reader is None and not marked:
        return replace(drawing, shared=drawing.svg, layered=layered)
    shared = document(layout, [*under, *over, *mapwar.swords(layout, plain)], title, *common)
    if reader is None:
        return replace(drawing, shared=shared.svg, layered=layered)
    mine = _overlay(layout, [*yours, *marked, *mapwar.swords(layout, marks, only_mine=True)])
    return replace(
        drawing,
        focus=mapfocus.focus(board, layout, data, reader),
        shared=shared.svg,
        overlay=mine,
        layered=layered,
    )


def _overlay(layout: Layout, layers: list[str]) -> str:
    """``layers`` alone in an SVG document the size of the map (no legend band, no background)."""
    width, height = f"{layout.width:.0f}", f"{layout.height:.0f}"
    size = f'width="{width}" height="{height}" viewBox="0 0 {width} {height}"'
    return "\n".join([f'<svg xmlns="http://www.w3.org/2000/svg" {size}>', *layers, "</svg>"])
