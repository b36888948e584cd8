"""Every kind of report rendered by headless Chromium (Debian's ``chromium``): the picture has the
size asked for and is not blank.

The kinds: a power's HTML file, the GM's, the public's, and a power's mail HTML (with the map PNG
put where a mail client would show the ``cid:`` part), for two windows. The pages are shot in
parallel, one Chromium each. Set ``ADJUDICATOR_SCREENSHOTS=DIR`` to keep the pictures in DIR and
look at them.
"""

from __future__ import annotations

import base64
import os
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from PIL import Image

from adjudicator.core.view import GM, PUBLIC
from adjudicator.report.browser import screenshot
from adjudicator.report.render import MAP_CID, REGION_CID, RenderedReport
from tests.report.fixtures import PACT_WINDOW, PROPOSER, FixtureGame

WIDTH, HEIGHT = 1024, 1400
WINDOWS = (PACT_WINDOW, "T1.economy")
KINDS = {
    "power": (PROPOSER, "html"),
    "gm": (GM, "html"),
    "public": (PUBLIC, "html"),
    "mail": (PROPOSER, "mail_html"),
}
CASES = [(label, kind) for label in WINDOWS for kind in KINDS]
MAX_BACKGROUND = 0.985
"""At most this share of the pixels may have the most common colour (the page's background)."""
MIN_COLOURS = 16
"""Text, borders and the map give many colours; a blank or broken page has a handful."""


def mail_page(rendered: RenderedReport) -> str:
    """The mail HTML as a mail client shows it: the ``cid:`` maps replaced by the PNGs themselves."""
    html = rendered.mail_html
    for cid, png in ((MAP_CID, rendered.png), (REGION_CID, rendered.region_png)):
        if png is not None:
            html = html.replace(
                f"cid:{cid}", f"data:image/png;base64,{base64.b64encode(png).decode('ascii')}"
            )
    return html


def blank_problem(png: Path, width: int, height: int) -> str | None:
    """Why the screenshot is not a rendered page of the asked size, or None when it is."""
    with Image.open(png) as image:
        if image.size != (width, height):
            return f"{png.name}: {image.size}, expected {(width, height)}"
        colours = image.convert("RGB").getcolors(width * height) or []
    most, colour = max(colours)
    share = most / (width * height)
    if share > MAX_BACKGROUND:
        return f"{png.name}: {share:.1%} of the picture is {colour}: nothing drawn"
    if len(colours) < MIN_COLOURS:
        return f"{png.name}: only {len(colours)} colours"
    return None


@pytest.fixture(scope="module")
def shots(report_game: FixtureGame, tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """Every case shot once, in parallel; kept in ADJUDICATOR_SCREENSHOTS when it names a folder."""
    folder = tmp_path_factory.mktemp("screenshots")
    pages: dict[tuple[str, str], Path] = {}
    for label, kind in CASES:
        viewer, form = KINDS[kind]
        rendered = report_game.render(label, viewer)
        page = folder / f"{label}-{kind}.html"
        page.write_text(mail_page(rendered) if form == "mail_html" else rendered.html, encoding="utf-8")
        pages[(label, kind)] = page
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = {
            case: pool.submit(screenshot, page, page.with_suffix(".png"), WIDTH, HEIGHT)
            for case, page in pages.items()
        }
        done = {case: future.result() for case, future in futures.items()}
    keep = os.environ.get("ADJUDICATOR_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        for png in done.values():
            shutil.copy(png, Path(keep) / png.name)
    return done


@pytest.mark.parametrize(("label", "kind"), CASES)
def test_report_renders_in_chromium(shots: dict[tuple[str, str], Path], label: str, kind: str) -> None:
    problem = blank_problem(shots[(label, kind)], WIDTH, HEIGHT)
    assert problem is None, problem


# ---- the check itself fails a blank or a wrongly sized picture ---------------------------------
def test_the_check_fails_a_blank_picture(tmp_path: Path) -> None:
    png = tmp_path / "blank.png"
    Image.new("RGB", (WIDTH, HEIGHT), "white").save(png)
    assert blank_problem(png, WIDTH, HEIGHT) is not None


def test_the_check_fails_a_picture_with_a_few_words(tmp_path: Path) -> None:
    png = tmp_path / "almost.png"
    image = Image.new("RGB", (WIDTH, HEIGHT), "white")
    for x in range(100):
        image.putpixel((x, 10), (x, x, x))
    image.save(png)
    assert blank_problem(png, WIDTH, HEIGHT) is not None


def test_the_check_fails_a_wrong_size(tmp_path: Path) -> None:
    png = tmp_path / "small.png"
    Image.effect_noise((WIDTH, HEIGHT // 2), 64).convert("RGB").save(png)
    assert blank_problem(png, WIDTH, HEIGHT) is not None
    assert blank_problem(png, WIDTH, HEIGHT // 2) is None
