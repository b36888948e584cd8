"""Colours of the map: one per kingdom, a power drawn in its kingdom's, lighter when unowned.

Every colour is ``#rrggbb``: cairosvg (the mailed PNG) draws ``hsl()`` as black.
"""

from __future__ import annotations

import colorsys
import hashlib
from collections.abc import Mapping
from typing import Any

from adjudicator.rulesets.medioevo.board import Board

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
UNKNOWN_POWER = "#bdbdbd"  # armies of someone the view does not list as a power


def _hex(r: float, g: float, b: float) -> str:
    return "#" + "".join(f"{round(max(0.0, min(1.0, c)) * 255):02x}" for c in (r, g, b))


def kingdom_colours(board: Board) -> dict[str, str]:
    """Bright colours for playable kingdoms, muted stable ones (from the id) for the barbarians."""
    colours: dict[str, str] = {}
    playable = board.playable_kingdoms()
    for i, kid in enumerate(playable):
        colours[kid] = PLAYABLE_COLOURS[i % len(PLAYABLE_COLOURS)]
    for kid in board.kingdoms:
        if kid not in colours:
            h = hashlib.sha256(kid.encode()).digest()
            hue, sat, light = (30 + h[0] % 40) / 360, (12 + h[1] % 14) / 100, (72 + h[2] % 12) / 100
            colours[kid] = _hex(*colorsys.hls_to_rgb(hue, light, sat))
    return colours


def mix(colour: str, other: str, share: float) -> str:
    """``colour`` moved ``share`` of the way towards ``other`` (both ``#rrggbb``)."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return _hex(*((x + (y - x) * share) / 255 for x, y in zip(a, b, strict=True)))


def muted(colour: str) -> str:
    """How an unowned territory shows its kingdom: paler and greyer, so owners stand out."""
    return mix(mix(colour, "#d8d2c4", 0.35), "#ffffff", 0.45)


def power_colours(board: Board, powers: Mapping[str, Any]) -> dict[str, str]:
    """Each power in the colour of its kingdom (``powers`` as in a view's data), so the map, the
    legend and the kingdom's home all agree; a power of an unknown kingdom gets a spare colour."""
    colours = kingdom_colours(board)
    used = set(colours.values())
    spare = [c for c in PLAYABLE_COLOURS if c not in used] or list(PLAYABLE_COLOURS)
    out: dict[str, str] = {}
    for i, pid in enumerate(sorted(powers)):
        held = powers[pid]
        kingdom = held.get("kingdom") if isinstance(held, Mapping) else None
        out[pid] = colours.get(str(kingdom), spare[i % len(spare)])
    return out
