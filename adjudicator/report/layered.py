"""A board drawn in layers, so what never changes is rasterised once a game, not once a window.

Why: the board every viewer of a window shares was one SVG rasterised whole each window (~0.6 s
of CPU, a quarter of a campaign's window, issue 18): most of it, the names on the map (text is
what a rasteriser spends longest on), the seas and the borders, is the same in every window of a
game. A ruleset that describes its shared board as a :class:`LayeredBoard` gets it composed here
from layers in paint order, each made the cheapest way:

- :class:`Static`: an SVG fragment that is the same for every window of the board (the seas, the
  borders, the names): rasterised once and kept (``STATIC_CACHE`` layers), then laid over;
- :class:`Fills`: polygons in flat colours (the land in its owner's colour): filled by Pillow, no
  rasteriser (the edges are not anti-aliased: the borders drawn over them hide it);
- :class:`Marks`: small marks each drawn around (0, 0) at a place (buildings, badges, swords):
  each distinct mark rasterised once (new ones of a window together, in one sheet) and pasted;
- :class:`Vector`: an SVG fragment of this window alone (the war's arrows, the legend band):
  rasterised over its box only.

Every layer is rasterised on the same pixel grid (``width`` pixels for ``LayeredBoard.width``
units), so the composite is the whole SVG's rasterisation within a pixel's rounding (the marks may
sit up to half a pixel off their exact place). The whole SVG is still what the HTML page shows.
"""

from __future__ import annotations

import logging
import math
import re
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from threading import Lock

from PIL import Image, ImageDraw

from adjudicator.report import raster

log = logging.getLogger(__name__)

STATIC_CACHE = 6
"""Static layers kept decoded (about 19 MB each at the close-ups' scale): a board has three."""
MARK_CACHE = 4096
"""Distinct marks kept (a few hundred bytes each): a game's buildings, badges and swords."""
MARK_CELL = (64, 40)
"""Pixels of a mark's cell in the sheet new marks are rasterised on: larger than any mark."""
SHEET_COLUMNS = 24

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Static:
    """An SVG fragment the same in every window of the board, over ``box`` (x, y, width, height:
    the map, not the legend whose height changes): rasterised once, kept."""

    svg: str
    box: Box


@dataclass(frozen=True)
class Fills:
    """Polygons (path data ``M x,y L x,y … Z``) by id, each filled with its colour (``#rrggbb``)."""

    outlines: Mapping[str, str]
    colours: Mapping[str, str]


@dataclass(frozen=True)
class Marks:
    """Marks at places: (x, y, an SVG fragment drawn around 0,0)."""

    items: tuple[tuple[float, float, str], ...]


@dataclass(frozen=True)
class Vector:
    """An SVG fragment of this window alone, rasterised over ``box`` (x, y, width, height) only."""

    svg: str
    box: Box


Layer = Static | Fills | Marks | Vector


@dataclass(frozen=True)
class LayeredBoard:
    """A document ``width`` × ``height`` units, its ``layers`` in paint order; ``head`` (the
    ``<style>`` the fragments' classes need) and ``attributes`` (of the root ``<svg>``, e.g. its
    font) go into every fragment's document."""

    width: float
    height: float
    head: str
    attributes: str
    layers: tuple[Layer, ...]

    def document(self, body: str, box: Box | None = None) -> str:
        """``body`` as a whole SVG document of the board's size (or of ``box``)."""
        x, y, w, h = box or (0.0, 0.0, self.width, self.height)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.3f}" height="{h:.3f}" '
            f'viewBox="{x:.3f} {y:.3f} {w:.3f} {h:.3f}" {self.attributes}>{self.head}\n{body}\n</svg>'
        )


class _Cache(OrderedDict[tuple[str, int], Image.Image]):
    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size
        self.lock = Lock()

    def get_image(self, key: tuple[str, int]) -> Image.Image | None:
        with self.lock:
            found = self.get(key)
            if found is not None:
                self.move_to_end(key)
            return found

    def put(self, key: tuple[str, int], image: Image.Image) -> None:
        with self.lock:
            self[key] = image
            while len(self) > self.size:
                self.popitem(last=False)


_statics = _Cache(STATIC_CACHE)
_marks = _Cache(MARK_CACHE)


def reset() -> None:
    """Forget the layers and marks kept (for tests that count rasterisations)."""
    _statics.clear()
    _marks.clear()


def _rasterise(svg: str, width: int) -> Image.Image | None:
    """``svg`` rasterised ``width`` pixels wide as RGBA, or None (no rasteriser, or it failed)."""
    return raster.rasterise(svg, width, "RGBA", "map layer")


def compose(board: LayeredBoard, width: int) -> Image.Image | None:
    """The board ``width`` pixels wide, as RGB; None without a rasteriser."""
    scale = width / board.width
    size = (width, math.ceil(board.height * scale))
    canvas = Image.new("RGBA", size, (255, 255, 255, 255))
    for layer in board.layers:
        if isinstance(layer, Static | Vector):
            if not _boxed(canvas, board, layer, scale):
                return None
        elif isinstance(layer, Fills):
            _fill(canvas, layer, scale)
        elif not _paste_marks(canvas, board, layer, scale):
            return None
    return canvas.convert("RGB")


_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def _fill(canvas: Image.Image, layer: Fills, scale: float) -> None:
    draw = ImageDraw.Draw(canvas)
    for cid, d in layer.outlines.items():
        colour = layer.colours.get(cid)
        if colour is None:
            continue
        numbers = [float(n) * scale for n in _NUMBER.findall(d)]
        points = list(zip(numbers[0::2], numbers[1::2], strict=True))
        if len(points) >= 3:
            draw.polygon(points, fill=colour)


def _boxed(canvas: Image.Image, board: LayeredBoard, layer: Static | Vector, scale: float) -> bool:
    """``layer`` rasterised over its box (a static one once: kept), the box widened to whole
    pixels so it sits on the grid."""
    x, y, w, h = layer.box
    left, top = max(0, math.floor(x * scale)), max(0, math.floor(y * scale))
    right = min(canvas.width, math.ceil((x + w) * scale))
    bottom = min(canvas.height, math.ceil((y + h) * scale))
    if right <= left or bottom <= top:
        return True
    box = (left / scale, top / scale, (right - left) / scale, (bottom - top) / scale)
    svg = board.document(layer.svg, box)
    image = _statics.get_image((svg, right - left)) if isinstance(layer, Static) else None
    if image is None:
        image = _rasterise(svg, right - left)
        if image is None:
            return False
        if isinstance(layer, Static):
            _statics.put((svg, right - left), image)
    if image.size != (right - left, bottom - top):
        image = _fitted(image, (right - left, bottom - top))
    canvas.alpha_composite(image, (left, top))
    return True


def _fitted(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    """``image`` at ``size``: a rasteriser rounds the height its own way, a pixel more or less is
    cut or left transparent (not scaled: that would blur the whole layer)."""
    if abs(image.width - size[0]) > 1 or abs(image.height - size[1]) > 1:
        return image.resize(size)
    out = Image.new("RGBA", size, (0, 0, 0, 0))
    out.paste(image, (0, 0))
    return out


def _paste_marks(canvas: Image.Image, board: LayeredBoard, layer: Marks, scale: float) -> bool:
    """Each mark's image (rasterised once, centred on a pixel) pasted centred on its place."""
    width = round(board.width * scale)
    new = list(
        dict.fromkeys(m for _, _, m in layer.items if _marks.get_image(_mark_key(board, m, width)) is None)
    )
    if new and not _rasterise_marks(board, new, scale, width):
        return False
    half_w, half_h = MARK_CELL[0] // 2, MARK_CELL[1] // 2
    for x, y, mark in layer.items:
        image = _marks.get_image(_mark_key(board, mark, width))
        if image is None:  # evicted meanwhile (a cache full of another game's marks): once more
            if not _rasterise_marks(board, [mark], scale, width):
                return False
            image = _marks.get_image(_mark_key(board, mark, width))
            assert image is not None
        left, top = round(x * scale) - half_w, round(y * scale) - half_h
        bbox = image.getbbox()
        if bbox is None:
            continue
        dest = (left + bbox[0], top + bbox[1])
        if dest[0] < 0 or dest[1] < 0 or dest[0] + bbox[2] - bbox[0] > canvas.width:
            _paste_clipped(canvas, image, left, top)
            continue
        if dest[1] + bbox[3] - bbox[1] > canvas.height:
            _paste_clipped(canvas, image, left, top)
            continue
        canvas.alpha_composite(image, dest, bbox)
    return True


def _paste_clipped(canvas: Image.Image, image: Image.Image, left: int, top: int) -> None:
    """A mark on the canvas's edge: the part of it inside."""
    inside = (
        max(0, -left),
        max(0, -top),
        min(image.width, canvas.width - left),
        min(image.height, canvas.height - top),
    )
    if inside[2] > inside[0] and inside[3] > inside[1]:
        canvas.alpha_composite(image, (left + inside[0], top + inside[1]), inside)


def _mark_key(board: LayeredBoard, mark: str, width: int) -> tuple[str, int]:
    """A mark's image depends on the board's scale and style as well as on its drawing."""
    return (f"{board.width}|{hash(board.head)}|{board.attributes}|{mark}", width)


def _rasterise_marks(board: LayeredBoard, marks: Sequence[str], scale: float, width: int) -> bool:
    """``marks`` on one sheet, each centred in a cell of ``MARK_CELL`` pixels, one rasterisation."""
    cell_w, cell_h = MARK_CELL
    rows = math.ceil(len(marks) / SHEET_COLUMNS)
    columns = min(len(marks), SHEET_COLUMNS)
    placed = []
    for i, mark in enumerate(marks):
        cx = ((i % SHEET_COLUMNS) * cell_w + cell_w // 2) / scale
        cy = ((i // SHEET_COLUMNS) * cell_h + cell_h // 2) / scale
        placed.append(f'<g transform="translate({cx:.4f},{cy:.4f})">{mark}</g>')
    box = (0.0, 0.0, columns * cell_w / scale, rows * cell_h / scale)
    sheet = _rasterise(board.document("\n".join(placed), box), columns * cell_w)
    if sheet is None:
        return False
    if sheet.size != (columns * cell_w, rows * cell_h):
        sheet = _fitted(sheet, (columns * cell_w, rows * cell_h))
    for i, mark in enumerate(marks):
        left, top = (i % SHEET_COLUMNS) * cell_w, (i // SHEET_COLUMNS) * cell_h
        _marks.put(_mark_key(board, mark, width), sheet.crop((left, top, left + cell_w, top + cell_h)))
    return True
