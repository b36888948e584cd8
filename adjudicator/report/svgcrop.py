"""A close-up of a map SVG: the same drawing with its viewBox cut to a box, and the elements far
outside the box left out, so the rasteriser has half the work (the PNG is the same).

Only elements that start a line and say where they are at their start are left out: a mark moved
by ``translate(x,y)``, a text at ``x``/``y``, a rectangle, and a cell's path (``id="land-…"``,
``sea-…``, its outlines) by its first corner, each with a reach beyond the box that its size cannot
exceed. Anything else (the borders, one long path each; the sea's background) is kept.
"""

from __future__ import annotations

import re

Box = tuple[float, float, float, float]

SVG_SIZE = re.compile(r'width="[\d.]+" height="[\d.]+" viewBox="[^"]*"')
NUMBER = r"(-?[\d.]+)"
PLACED = (
    (re.compile(rf'<g[^>]* transform="translate\({NUMBER},{NUMBER}\)"'), 60.0),
    (re.compile(rf'<text x="{NUMBER}" y="{NUMBER}"'), 200.0),
    (re.compile(rf'<rect x="{NUMBER}" y="{NUMBER}"'), 60.0),
    (
        re.compile(rf'<path (?:class="\w+" )?id="(?:land|sea|highlight|yours)-[^"]*" d="M{NUMBER},{NUMBER}'),
        600.0,
    ),
)
"""How an element says where it starts, and how far from there it can reach."""


def _near(line: str, box: Box) -> bool:
    x0, y0, width, height = box
    for pattern, reach in PLACED:
        found = pattern.match(line)
        if found:
            x, y = float(found.group(1)), float(found.group(2))
            return x0 - reach <= x <= x0 + width + reach and y0 - reach <= y <= y0 + height + reach
    return True


def crop(svg: str, box: Box) -> str:
    """``svg`` showing only ``box`` (x, y, width, height in its own units)."""
    x, y, width, height = box
    size = f'width="{width:.0f}" height="{height:.0f}" viewBox="{x:.0f} {y:.0f} {width:.0f} {height:.0f}"'
    return "\n".join(line for line in SVG_SIZE.sub(size, svg, count=1).split("\n") if _near(line, box))
