"""The map as a PNG for the mail body: most mail clients show no SVG (stack.md §5).

cairosvg needs the C library libcairo (Debian's ``libcairo2``). A machine without it still judges
and mails reports, only without the PNG: :func:`svg_to_png` says why once in the log and returns
None. The same SVG (the maps of viewers with nothing highlighted are the same) is rasterised once.
"""

from __future__ import annotations

import logging
from functools import cache, lru_cache
from types import ModuleType

log = logging.getLogger(__name__)
PNG_CACHE = 16


@cache
def _cairosvg() -> ModuleType | None:
    """The cairosvg module, or None (logged once) when it or libcairo is missing."""
    try:
        import cairosvg
    except (ImportError, OSError) as exc:
        # cairocffi raises OSError when libcairo.so is not installed
        log.warning("map PNGs disabled: cairosvg cannot load (%s); install libcairo2 and cairosvg", exc)
        return None
    module: ModuleType = cairosvg
    return module


@lru_cache(maxsize=PNG_CACHE)
def _render(svg: str, width: int) -> bytes | None:
    cairosvg = _cairosvg()
    if cairosvg is None:
        return None
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=width)
    return png if isinstance(png, bytes) else None


def svg_to_png(svg: str, width: int) -> bytes | None:
    """``svg`` as a PNG ``width`` pixels wide (height to scale), or None without cairo."""
    return _render(svg, width)


def reset() -> None:
    """Forget whether cairosvg loads and the PNGs made (for tests that take cairo away)."""
    _cairosvg.cache_clear()
    _render.cache_clear()
