"""The map as a PNG for the mail body: most mail clients show no SVG (stack.md §5).

Two rasterisers, the faster first: ``rsvg-convert`` (Debian's ``librsvg2-bin``, C, about 0.4 s for
the board) and cairosvg (pure Python over libcairo, about 1 s). A machine with neither still judges
and mails reports, only without the PNG: :func:`svg_to_png` says why once in the log and returns
None. The same SVG (every viewer's mail map of a window is the same) is rasterised once, and
kept decoded (:func:`svg_to_image`) so the readers' close-ups are cut from it (report/mapimages.py).

A rasteriser's PNG is 32-bit colour, about 480 KiB for the board; a map has few colours, so the PNG
is cut to a palette of ``PALETTE`` colours with Pillow (a quarter of the size, 25 ms), which keeps
a report mail under 500 KiB.

A small drawing on a transparent ground (a reader's own marks over a close-up:
:func:`overlay_image`) is drawn in-process by cairosvg when it loads, straight into pixels: a few
milliseconds, where a subprocess alone costs 40 ms.
"""

from __future__ import annotations

import io
import logging
import shutil
import subprocess
import sys
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from PIL import Image

log = logging.getLogger(__name__)
PNG_CACHE = 16
IMAGE_CACHE = 2
"""Decoded boards kept (about 14 MB each at the close-ups' scale): a window's, and one more."""
RSVG_TIMEOUT = 60.0
PALETTE = 128

Rasteriser = Callable[[bytes, int], bytes]


def _rsvg(path: str) -> Rasteriser:
    def run(svg: bytes, width: int) -> bytes:
        done = subprocess.run(
            [path, "--width", str(width), "--keep-aspect-ratio", "--format", "png"],
            input=svg,
            capture_output=True,
            timeout=RSVG_TIMEOUT,
            check=True,
        )
        return done.stdout

    return run


def _cairo() -> Rasteriser | None:
    try:
        import cairosvg
    except (ImportError, OSError) as exc:  # cairocffi raises OSError without libcairo.so
        log.warning(
            "map PNGs disabled: no rsvg-convert, and cairosvg cannot load (%s); "
            "install librsvg2-bin, or libcairo2 for cairosvg",
            exc,
        )
        return None

    def run(svg: bytes, width: int) -> bytes:
        png = cairosvg.svg2png(bytestring=svg, output_width=width)
        assert isinstance(png, bytes)
        return png

    return run


@cache
def _rasteriser() -> Rasteriser | None:
    """The fastest rasteriser installed, or None (logged once)."""
    path = shutil.which("rsvg-convert")
    return _rsvg(path) if path else _cairo()


def rasterise(svg: str, width: int, mode: str = "RGB", what: str = "map PNG") -> Image.Image | None:
    """``svg`` rasterised ``width`` pixels wide as pixels of ``mode``, by the fastest rasteriser
    installed; None without one, or when it failed (logged)."""
    rasterise = _rasteriser()
    if rasterise is None:
        return None
    try:
        png = rasterise(svg.encode("utf-8"), width)
    except (subprocess.SubprocessError, OSError) as exc:
        log.warning("%s not made: %s", what, exc)
        return None
    with Image.open(io.BytesIO(png)) as image:
        return image.convert(mode)


@lru_cache(maxsize=IMAGE_CACHE)
def _image(svg: str, width: int) -> Image.Image | None:
    return rasterise(svg, width)


@lru_cache(maxsize=PNG_CACHE)
def _render(svg: str, width: int) -> bytes | None:
    image = _image(svg, width)
    return to_png(image) if image is not None else None


def to_png(image: Image.Image) -> bytes:
    """``image`` as a PNG of at most PALETTE colours (the fast octree, no dithering: flat fills stay flat)."""
    flat = image.convert("RGB").quantize(
        colors=PALETTE, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    out = io.BytesIO()
    flat.save(out, format="PNG")
    return out.getvalue()


def svg_to_png(svg: str, width: int) -> bytes | None:
    """``svg`` as a PNG ``width`` pixels wide (height to scale), or None without a rasteriser."""
    return _render(svg, width)


def svg_to_image(svg: str, width: int) -> Image.Image | None:
    """``svg`` rasterised ``width`` pixels wide, as RGB pixels (not to be changed: it is shared),
    or None without a rasteriser."""
    return _image(svg, width)


@cache
def _in_process() -> Any:
    """cairosvg's PNG surface class, or None when cairosvg cannot load (no libcairo)."""
    try:
        from cairosvg.surface import PNGSurface
    except (ImportError, OSError):
        return None
    return PNGSurface


def overlay_image(svg: str, width: int) -> Image.Image | None:
    """A small ``svg`` on a transparent ground, ``width`` pixels wide, as RGBA pixels; None
    without a rasteriser."""
    surface_class = _in_process() if sys.byteorder == "little" else None  # see below
    if surface_class is None:
        return rasterise(svg, width, "RGBA", "map overlay")
    from cairosvg.parser import Tree

    surface = surface_class(Tree(bytestring=svg.encode("utf-8")), None, 96, output_width=width).cairo
    size = (surface.get_width(), surface.get_height())
    # cairo's ARGB32 is premultiplied, in native byte order (little-endian here: B, G, R, A)
    return Image.frombuffer("RGBA", size, bytes(surface.get_data()), "raw", "BGRa", surface.get_stride(), 1)


def reset() -> None:
    """Forget which rasteriser was found and the PNGs made (for tests that take one away)."""
    _rasteriser.cache_clear()
    _in_process.cache_clear()
    _image.cache_clear()
    _render.cache_clear()
    from adjudicator.report import layered

    layered.reset()
