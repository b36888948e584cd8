"""The PNGs of a window's report mails: the board rasterised once, every reader's close-up cut from it.

Why: a close-up rasterised on its own (the reader's map cropped to a box, ~0.2 s in a subprocess)
for each of ten powers was most of a window's render pass (issue 18). Now the board every viewer
shares (the map without anyone's marks) is rasterised once, at the close-ups' scale
(``REGION_SCALE``: 940 pixels for 800 map pixels, names 10.6 pixels high). The board's PNG in the
mail is that image shrunk to ``MAIL_MAP_WIDTH``; a reader's close-up is its box cut out of it, with
the reader's own marks (its territories in blue, where it fought in red: the drawing's
``overlay``) rasterised at the close-up's own size and drawn over it.

One :class:`MapImages` serves the reports of one window (the render pass), or one report.
"""

from __future__ import annotations

from PIL import Image

from adjudicator.report.layered import LayeredBoard, compose
from adjudicator.report.raster import overlay_image, svg_to_image, to_png
from adjudicator.report.svgcrop import Box, crop

MAIL_MAP_WIDTH = 800
"""Pixels across of the whole board's PNG in the mail body: an overview under the close-up (its
names are read in the close-up or the attached report's vector map); 800 keeps the mail small."""
REGION_WIDTH = 940
"""Pixels across of the close-up: about the mail column's width, so it is shown at its own size."""
REGION_SCALE = REGION_WIDTH / 800
"""Pixels a map unit in the board's raster: a box 800 map units across is a close-up as it is."""


class MapImages:
    """The board's PNGs made for one batch of reports, by drawing (a window's viewers share one)."""

    def __init__(self) -> None:
        self._boards: dict[str, bytes | None] = {}
        self._images: dict[str, Image.Image | None] = {}

    def _raster(self, shared: str, width: float, layered: LayeredBoard | None) -> Image.Image | None:
        """The board rasterised at the close-ups' scale: composed from its layers when the
        ruleset gives them (report/layered.py), else the whole SVG (raster.py keeps the last ones)."""
        pixels = round(width * REGION_SCALE)
        if layered is None:
            return svg_to_image(shared, pixels)
        if shared not in self._images:
            self._images.clear()  # one board a window: the last one kept
            self._images[shared] = compose(layered, pixels)
        return self._images[shared]

    def board(self, shared: str, width: float, layered: LayeredBoard | None = None) -> bytes | None:
        """The PNG of the board (``shared``, ``width`` map units across) for the mail's body."""
        if shared not in self._boards:
            image = self._raster(shared, width, layered)
            if image is None:
                self._boards[shared] = None
            else:
                height = round(image.height * MAIL_MAP_WIDTH / image.width)
                self._boards[shared] = to_png(image.resize((MAIL_MAP_WIDTH, height), Image.Resampling.BOX))
        return self._boards[shared]

    def closeup(
        self, shared: str, width: float, box: Box, overlay: str | None, layered: LayeredBoard | None = None
    ) -> bytes | None:
        """The reader's close-up: ``box`` of the board ``shared``, ``overlay`` drawn over it."""
        image = self._raster(shared, width, layered)
        if image is None:
            return None
        scale = image.width / width
        x, y, w, h = box
        left, top = round(x * scale), round(y * scale)
        cut = image.crop((left, top, left + round(w * scale), top + round(h * scale))).convert("RGBA")
        if overlay:
            marks = overlay_image(crop(overlay, box), cut.width)
            if marks is not None:
                cut.alpha_composite(marks if marks.size == cut.size else marks.resize(cut.size))
        if cut.width != REGION_WIDTH:  # a box of another width: shown at the mail column's width
            size = (REGION_WIDTH, round(cut.height * REGION_WIDTH / cut.width))
            cut = cut.resize(size, Image.Resampling.LANCZOS)
        return to_png(cut)
