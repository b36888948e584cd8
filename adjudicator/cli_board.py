"""The board-data commands of ``adjudicator``: ``data check`` and ``map draw``.

Kept apart from cli.py so that module stays short; importing this module registers the commands.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli import app, fail, guarded, out

data_app = typer.Typer(
    help="Check a Medioevo data set (board, cards, technologies, tables).", no_args_is_help=True
)
map_app = typer.Typer(help="Draw the board of a Medioevo data set.", no_args_is_help=True)
app.add_typer(data_app, name="data")
app.add_typer(map_app, name="map")

DataPath = Annotated[
    str | None, typer.Argument(help="a data set folder or a shipped data set's name (default europe1250)")
]


@data_app.command("check")
@guarded
def data_check(path: DataPath = None) -> None:
    """Validate a data set and print every problem with its file and key; exit 1 if any."""
    from adjudicator.rulesets.medioevo.dataset import load, resolve_path

    if not resolve_path(path).is_dir():
        raise fail(f"{path}: not a folder nor the name of a shipped data set (such as europe1250)")
    loaded = load(path)
    for problem in loaded.problems:
        print(problem)
    if loaded.dataset is None:
        print(f"{resolve_path(path)}: {len(loaded.problems)} problem(s)", file=sys.stderr)
        raise typer.Exit(code=1)
    data = loaded.dataset
    board = data.board
    print(
        f"{resolve_path(path)}: ok — {len(board.kingdoms)} kingdoms "
        f"({len(board.playable_kingdoms())} playable), "
        f"{len(board.territories)} territories, {len(board.seas)} sea zones, {len(data.cards)} Empire cards, "
        f"{len(data.technologies)} technologies, {len(data.events)} Event cards, "
        f"{len(data.objectives)} Objective cards, "
        f"{sum(t.copies for t in data.treasures.values())} Treasure cards, "
        f"{len(data.markets)} markets"
    )


@map_app.command("draw")
@guarded
def map_draw(
    out_file: Annotated[Path, typer.Option("--out", help="the SVG file to write")] = Path("board.svg"),
    data: Annotated[str | None, typer.Option(help="data set folder or name")] = None,
    png: Annotated[
        bool, typer.Option("--png", help="also write a PNG screenshot (headless Chromium)")
    ] = False,
) -> None:
    """Draw the board as SVG (Voronoi tiling of land and sea centres), and optionally a PNG."""
    from adjudicator.report.browser import screenshot
    from adjudicator.rulesets.medioevo.dataset import load_dataset
    from adjudicator.rulesets.medioevo.mapdraw import draw_board

    board = load_dataset(data).board
    drawing = draw_board(board)
    out_file.parent.mkdir(parents=True, exist_ok=True)
    out_file.write_text(drawing.svg, encoding="utf-8")
    out.print(f"wrote {out_file}")
    if png:
        shot = screenshot(out_file, out_file.with_suffix(".png"), drawing.width, drawing.height)
        out.print(f"wrote {shot}")
