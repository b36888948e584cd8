"""The map as a PNG for the mail body: most mail clients show no SVG (stack.md §5).

Two rasterisers, the faster first: ``rsvg-convert`` (Debian's ``librsvg2-bin``, C, about 0.4 s for
the board) and cairosvg (pure Python over libcairo, about 1 s). A machine with neither still judges
and mails reports, only without the PNG: :func:`svg_to_png` says why once in the log and returns
None. The same SVG (every viewer's mail map of a window is the same) is rasterised once.

A rasteriser's PNG is 32-bit colour, about 480 KiB for the board; a map has few colours, so the PNG
is cut to a palette of ``PALETTE`` colours with Pillow (a quarter of the size, 25 ms), which keeps
a report mail under 500 KiB. Without Pillow the full PNG is mailed.
"""

from __future__ import annotations

import io
import logging
import shutil
import subprocess
from collections.abc import Callable
from functools import cache, lru_cache

log = logging.getLogger(__name__)
PNG_CACHE = 16
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


@lru_cache(maxsize=PNG_CACHE)
def _render(svg: str, width: int) -> bytes | None:
    rasterise = _rasteriser()
    if rasterise is None:
        return None
    try:
        return _palette(rasterise(svg.encode("utf-8"), width))
    except (subprocess.SubprocessError, OSError) as exc:
        log.warning("map PNG not made: %s", exc)
        return None


def _palette(png: bytes) -> bytes:
    """``png`` with at most PALETTE colours (the fast octree, no dithering: flat fills stay flat)."""
    try:
        from PIL import Image
    except ImportError:
        return png
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        flat = image.convert("RGB").quantize(
            colors=PALETTE, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
    out = io.BytesIO()
    flat.save(out, format="PNG")
    return out.getvalue()


def svg_to_png(svg: str, width: int) -> bytes | None:
    """``svg`` as a PNG ``width`` pixels wide (height to scale), or None without a rasteriser."""
    return _render(svg, width)


def reset() -> None:
    """Forget which rasteriser was found and the PNGs made (for tests that take one away)."""
    _rasteriser.cache_clear()
    _render.cache_clear()
