"""The mail's maps of a window (report/mapimages.py): the board rasterised once, each reader's
close-up cut from it with the reader's own marks drawn over it (issue 18)."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pytest
from PIL import Image, ImageChops, ImageStat

from adjudicator.report import layered, raster
from adjudicator.report.mapimages import REGION_SCALE, REGION_WIDTH, MapImages
from adjudicator.report.render import render_report
from adjudicator.rulesets.medioevo.mapsymbols import YOU
from tests.report.fixtures import POWERS, FixtureGame

WAR = "T2.war"
"""A window with battles: every reader has marks of its own (its land, where it fought)."""
OWN_BLUE = tuple(int(YOU[i : i + 2], 16) for i in (1, 3, 5))


@pytest.fixture
def fresh_raster() -> Iterator[None]:
    raster.reset()
    yield
    raster.reset()


def _blue(png: bytes) -> int:
    """Pixels of the colour a reader's own territories are outlined in (within the palette's rounding)."""
    with Image.open(io.BytesIO(png)) as image:
        colours = image.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None
    return sum(n for n, c in colours if sum(abs(a - b) for a, b in zip(c, OWN_BLUE, strict=True)) <= 30)


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The widths of the rasteriser's calls from now on."""
    real = raster._rasteriser()
    assert real is not None
    calls: list[int] = []

    def counted(svg: bytes, width: int) -> bytes:
        calls.append(width)
        return real(svg, width)

    monkeypatch.setattr(raster, "_rasteriser", lambda: counted)
    return calls


def test_a_window_rasterises_its_board_once_for_every_readers_closeup(
    report_game: FixtureGame, fresh_raster: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _counting(monkeypatch)
    render_report(report_game.input(WAR, POWERS[0]), report_game.ruleset, pngs=MapImages())
    one_reader = len(calls)
    layered.reset()  # the rasteriser itself stays the counting one
    calls.clear()
    pngs = MapImages()
    rendered = [
        render_report(report_game.input(WAR, power), report_game.ruleset, pngs=pngs) for power in POWERS
    ]
    assert len(calls) == one_reader, (
        f"{len(calls)} rasterisations for {len(POWERS)} readers, {one_reader} for one"
    )
    assert len({r.png for r in rendered}) == 1  # the board every reader shares
    for power, report in zip(POWERS, rendered, strict=True):
        assert report.region_png is not None, power
        with Image.open(io.BytesIO(report.region_png)) as image:
            assert image.width == REGION_WIDTH


def test_the_names_seas_and_borders_are_rasterised_once_a_game(
    report_game: FixtureGame, fresh_raster: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = raster._rasteriser()
    assert real is not None
    drawn: list[str] = []

    def counted(svg: bytes, width: int) -> bytes:
        drawn.append(svg.decode("utf-8"))
        return real(svg, width)

    monkeypatch.setattr(raster, "_rasteriser", lambda: counted)
    static = ('id="sea-', 'class="t o"', 'stroke-dasharray="4 3"')  # the seas, the names, the straits
    for window, times in (("T2.economy", 1), (WAR, 0)):
        drawing = report_game.ruleset.report_map(report_game.input(window, POWERS[0]).view, window)
        assert drawing.layered is not None
        drawn.clear()
        assert layered.compose(drawing.layered, round(drawing.width * REGION_SCALE)) is not None
        for part in static:
            assert sum(part in svg for svg in drawn) == times, (window, part)


def test_the_layered_board_is_the_whole_svg_rasterised(report_game: FixtureGame, fresh_raster: None) -> None:
    """The board composed from its layers (report/layered.py) against its SVG rasterised whole:
    the same picture but for anti-aliasing and the marks' placement to the half pixel."""
    drawing = report_game.ruleset.report_map(report_game.input(WAR, POWERS[0]).view, WAR)
    assert drawing.layered is not None and drawing.shared is not None
    width = round(drawing.width * REGION_SCALE)
    composed = layered.compose(drawing.layered, width)
    whole = raster.svg_to_image(drawing.shared, width)
    assert composed is not None and whole is not None and composed.size == whole.size
    diff = ImageChops.difference(composed, whole).convert("L")
    assert ImageStat.Stat(diff).mean[0] < 1.5
    counts = diff.histogram()
    assert sum(counts[64:]) / sum(counts) < 0.01  # a pixel in a hundred differs visibly, at most


def test_the_closeup_shows_the_readers_land_outlined_and_the_board_shows_no_ones(
    report_game: FixtureGame, fresh_raster: None
) -> None:
    report = render_report(report_game.input(WAR, POWERS[0]), report_game.ruleset)
    assert report.png is not None and report.region_png is not None
    assert _blue(report.region_png) > 2000  # the reader's territories outlined over the board's cut
    assert _blue(report.png) < 50  # the shared board carries no reader's marks


@pytest.mark.parametrize("in_process", [True, False], ids=["cairosvg", "rasteriser"])
def test_an_overlay_is_drawn_on_a_transparent_ground(
    fresh_raster: None, monkeypatch: pytest.MonkeyPatch, in_process: bool
) -> None:
    if not in_process:
        monkeypatch.setattr(raster, "_in_process", lambda: None)
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">'
        f'<rect x="40" y="10" width="20" height="30" fill="{YOU}"/></svg>'
    )
    image = raster.overlay_image(svg, 200)
    assert image is not None and image.mode == "RGBA" and image.size == (200, 100)
    assert image.getpixel((5, 5))[3] == 0  # nothing drawn: the board shows through
    red, green, blue, alpha = image.getpixel((100, 50))
    assert alpha == 255 and abs(red - OWN_BLUE[0]) + abs(green - OWN_BLUE[1]) + abs(blue - OWN_BLUE[2]) <= 6


def test_a_readers_drawing_holds_the_shared_board_and_its_own_marks_apart(report_game: FixtureGame) -> None:
    draw: Callable[[str], object] = lambda power: report_game.ruleset.report_map(  # noqa: E731
        report_game.input(WAR, power).view, WAR
    )
    first, second = (draw(p) for p in POWERS[:2])
    shared = getattr(first, "shared", None)
    assert shared is not None and shared == getattr(second, "shared", None)  # one board a window
    assert 'class="yours"' not in shared and 'class="highlight"' not in shared
    overlay = getattr(first, "overlay", None)
    assert overlay is not None and 'class="yours"' in overlay
    assert 'id="land-' not in overlay  # the marks alone: the board shows through
