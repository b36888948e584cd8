"""`adjudicator map draw`: an SVG of the whole board that headless Chromium renders to a PNG."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from PIL import Image
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.mapdraw import draw_board

SVG = "{http://www.w3.org/2000/svg}"
runner = CliRunner()


def test_the_svg_has_a_cell_and_a_label_for_every_territory_and_sea() -> None:
    board = default_dataset().board
    root = ET.fromstring(draw_board(board).svg)
    ids = {p.get("id") for p in root.iter(f"{SVG}path")}
    assert {f"land-{t}" for t in board.territories} <= ids
    assert {f"sea-{s}" for s in board.seas} <= ids
    labels = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    for terr in board.territories.values():
        assert terr.name in labels
    for kid in board.playable_kingdoms():
        assert board.kingdoms[kid].name in labels


def test_fills_and_highlights_reach_the_drawing() -> None:
    board = default_dataset().board
    some = next(iter(board.territories))
    root = ET.fromstring(draw_board(board, fills={some: "#123456"}, highlight=[some]).svg)
    cell = next(p for p in root.iter(f"{SVG}path") if p.get("id") == f"land-{some}")
    assert cell.get("fill") == "#123456"
    assert cell.get("stroke") == "#c0392b"


def test_map_draw_png_renders_in_headless_chromium(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    result = runner.invoke(app, ["map", "draw", "--out", str(out), "--png"])
    assert result.exit_code == 0, result.output
    drawing = draw_board(default_dataset().board)
    assert out.read_text(encoding="utf-8") == drawing.svg
    with Image.open(out.with_suffix(".png")) as shot:
        assert shot.size == (drawing.width, drawing.height)
        colours = shot.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None
    # A blank or failed render is one or two colours; the board has seas, kingdoms and text.
    assert len(colours) > 200
    sea = (0x94, 0xC0, 0xE0)
    share = {c: n for n, c in colours}
    assert share.get(sea, 0) > 0.02 * drawing.width * drawing.height
