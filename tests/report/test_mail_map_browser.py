"""A player's report mail as headless Chromium shows it 1000 pixels wide (issue 15, done-when): the
reader's own kingdom is marked, and the names on a map of it are legible.

The mail is the one composed for sending (``compose``), its HTML part with each ``cid:`` image
saved beside it, as a mail client shows it. Two checks: the screenshot has pixels of the colour
that outlines the reader's territories, and the DOM after layout shows a map whose territory names
(9 SVG pixels, mapdraw.STYLE ``.t``) come out at least ``LEGIBLE_PX`` CSS pixels high.
"""

from __future__ import annotations

import email
import re
from email.message import EmailMessage
from email.policy import default
from pathlib import Path

from PIL import Image, ImageChops

from adjudicator.config import Settings
from adjudicator.mail.compose import compose
from adjudicator.report.browser import dump_dom, screenshot
from adjudicator.report.mail import report_attachments
from adjudicator.store.models import Outbox
from tests.report.fixtures import ACCEPTOR, GAME, FixtureGame

READER = ACCEPTOR
LABEL = "T2.bids"
WIDTH, HEIGHT = 1000, 2600
LABEL_SVG_PX = 9.0
LEGIBLE_PX = 10.0
YOU = (0x1D, 0x3F, 0xBF)
"""mapdraw.YOU: the outline of the reader's own territories."""
NEAR = 40
MIN_MARKED = 400
"""Pixels of the reader's outline a screenshot must show (a kingdom's outline has thousands)."""
MEASURE = """<script>
for (const img of document.images) {
  const p = document.createElement("p");
  p.className = "measured";
  p.textContent = `${img.getAttribute("src")} ${img.getBoundingClientRect().width}`;
  document.body.appendChild(p);
}
</script>"""


def _mail(report_game: FixtureGame) -> EmailMessage:
    rendered = report_game.render(LABEL, READER)
    row = Outbox(
        id=1,
        game_id=GAME,
        kind="report",
        recipient=READER,
        address="anna@example.org",
        subject=f"[{GAME}] {LABEL} results for {READER}",
        body_text=rendered.text,
        body_html=rendered.mail_html,
        message_id=f"<report.{GAME}.1.{READER}@example.org>",
        attachments=report_attachments(rendered, GAME, LABEL, READER),
    )
    parsed = email.message_from_bytes(compose(row, Settings()).as_bytes(), policy=default)
    assert isinstance(parsed, EmailMessage)
    return parsed


def _page(mail: EmailMessage, where: Path) -> tuple[Path, dict[str, Path]]:
    """The mail's HTML part with its ``cid:`` images saved as files next to it."""
    html = next(
        p for p in mail.walk() if p.get_content_type() == "text/html" and not p.is_attachment()
    ).get_content()
    images: dict[str, Path] = {}
    for part in mail.walk():
        cid = (part["Content-ID"] or "").strip("<>")
        if cid and part.get_content_maintype() == "image":
            path = where / f"{cid}.png"
            path.write_bytes(part.get_payload(decode=True))
            images[path.name] = path
            html = html.replace(f"cid:{cid}", path.name)
    page = where / "mail.html"
    page.write_text(html.replace("</body>", MEASURE + "</body>"), encoding="utf-8")
    return page, images


def _units(report_game: FixtureGame) -> dict[str, float]:
    """How many map pixels (SVG units) across each mailed map image shows."""
    rendered = report_game.render(LABEL, READER)
    out: dict[str, float] = {}
    for name, svg in (("map.png", rendered.svg), ("region.png", getattr(rendered, "region_svg", None))):
        if svg:
            box = re.search(r'viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"', svg)
            assert box is not None
            out[name] = float(box.group(3))
    return out


def test_the_mail_at_1000_px_shows_the_readers_kingdom_with_legible_names(
    report_game: FixtureGame, tmp_path: Path
) -> None:
    page, images = _page(_mail(report_game), tmp_path)
    assert images, "the mail shows no map"
    shot = screenshot(page, tmp_path / "mail.png", WIDTH, HEIGHT)
    with Image.open(shot) as picture:
        rgb = picture.convert("RGB")
        off = ImageChops.difference(rgb, Image.new("RGB", rgb.size, YOU)).convert("L")
        marked = sum(off.histogram()[: NEAR // 3 + 1])  # the difference's luminance: about NEAR over R+G+B
    assert marked >= MIN_MARKED, f"{marked} pixels of the reader's outline: its kingdom is not marked"
    units = _units(report_game)
    shown = dict(
        line.rsplit(" ", 1)
        for line in re.findall(r'<p class="measured">([^<]*)</p>', dump_dom(page, WIDTH, HEIGHT))
    )
    sizes = {src: LABEL_SVG_PX * float(width) / units[src] for src, width in shown.items() if src in units}
    assert sizes, shown
    assert max(sizes.values()) >= LEGIBLE_PX, f"names on the maps at {sizes} CSS px: too small to read"
