"""The map's PNG for the mail body (cairosvg), and reports without it where cairo is missing."""

from __future__ import annotations

import copy
import io
import logging
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from adjudicator.core.dice import Dice
from adjudicator.core.view import GM
from adjudicator.report import raster
from adjudicator.report.raster import svg_to_png
from adjudicator.rulesets.medioevo.mapcolours import kingdom_colours
from adjudicator.rulesets.medioevo.reportmap import report_map
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset


@pytest.fixture
def fresh_raster() -> Iterator[None]:
    """Forget what the raster module found and made, before and after the test."""
    raster.reset()
    yield
    raster.reset()


def _map_svg() -> tuple[str, str]:
    """A report map of a started game with France owning Pest, and France's colour."""
    ruleset = MedioevoRuleset()
    state, _ = ruleset.initial_state(
        "g", ["holy_roman_empire", "hungary", "france"], {"turns": 3}, Dice(b"r" * 32, "setup")
    )
    data: dict[str, Any] = copy.deepcopy(ruleset.view(state, GM))
    data["territories"]["pest"]["owner"] = "france"
    svg = report_map(ruleset.board, data, highlight=["pest"], title="g after T1.bids").svg
    return svg, kingdom_colours(ruleset.board)["france"]


def test_the_png_has_the_width_asked_and_shows_the_map(fresh_raster: None) -> None:
    svg, france = _map_svg()
    png = svg_to_png(svg, 900)
    assert png is not None
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG"
        assert image.width == 900
        assert 700 < image.height < 900  # the board's proportions kept
        colours = image.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None
    assert 60 < len(colours) <= raster.PALETTE  # not blank (seas, kingdoms, borders, text); a palette
    owner = tuple(int(france[i : i + 2], 16) for i in (1, 3, 5))
    near = sum(n for n, c in colours if sum(abs(a - b) for a, b in zip(c, owner, strict=True)) <= 24)
    assert near > 500  # the owner's colour, within what the palette rounds
    # barbarian land is drawn in its own colour, not black (cairosvg draws hsl() as black)
    black = dict((c, n) for n, c in colours).get((0, 0, 0), 0)
    assert black < 0.01 * image.width * image.height


def test_the_same_svg_is_rasterised_once(fresh_raster: None) -> None:
    svg, _ = _map_svg()
    assert svg_to_png(svg, 300) is svg_to_png(svg, 300)


def test_cairosvg_draws_the_map_where_rsvg_convert_is_missing(
    fresh_raster: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(raster.shutil, "which", lambda name: None)
    svg, _ = _map_svg()
    png = svg_to_png(svg, 300)
    assert png is not None
    with Image.open(io.BytesIO(png)) as image:
        assert image.width == 300


def test_without_a_rasteriser_there_is_no_png_and_one_log_line(
    fresh_raster: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(raster.shutil, "which", lambda name: None)  # no rsvg-convert
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # import cairosvg now raises ImportError
    svg, _ = _map_svg()
    with caplog.at_level(logging.WARNING, logger=raster.__name__):
        assert svg_to_png(svg, 300) is None
        assert svg_to_png(svg + " ", 400) is None
    said = [r for r in caplog.records if r.name == raster.__name__]
    assert len(said) == 1
    assert "rsvg-convert" in said[0].getMessage() and "libcairo2" in said[0].getMessage()
