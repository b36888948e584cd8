"""``adjudicator report`` and ``adjudicator archive``: reports of any resolved window, rebuilt from the store.

Kept apart from cli.py so that module stays short; importing this module registers the commands.
Every input is checked before anything is written, so a bad game, window or power writes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli import app, guarded, judge
from adjudicator.core.ids import inside
from adjudicator.core.view import GM, PUBLIC
from adjudicator.errors import AdjudicatorError, UnknownPower
from adjudicator.report.archive import build_archive, write_archive
from adjudicator.report.render import RenderedReport, render_report
from adjudicator.service.judge import Judge


def _viewers(j: Judge, game: str, power: str | None) -> list[str]:
    """The viewers asked for: one power, ``gm`` or ``public``; by default every power and the GM."""
    row, _ = j.game(game)
    if power is None:
        return [*row.powers, GM]
    viewer = power.strip().lower()
    if viewer not in (*row.powers, GM, PUBLIC):
        raise UnknownPower(viewer, (*row.powers, GM, PUBLIC))
    return [viewer]


def _window(j: Judge, game: str, window: str | None) -> tuple[int, str]:
    """The id and label of the window asked for (label or id), by default the last one resolved."""
    if window is not None:
        match = j.resolved_window(game, window)
    else:
        standing = j.resolved_windows(game)
        if not standing:
            raise AdjudicatorError(f"{game} has no resolved window yet: there is no report to show")
        match = standing[-1]
    assert match.id is not None
    return match.id, match.label


def _files(report: RenderedReport, viewer: str) -> dict[str, str | bytes]:
    files: dict[str, str | bytes] = {
        f"{viewer}.html": report.html,
        f"{viewer}.txt": report.text,
        f"{viewer}.json": report.json,
    }
    if report.png is not None:
        files[f"{viewer}.png"] = report.png
    if report.order_template:
        files[f"orders-{viewer}.txt"] = report.order_template
    return files


@app.command()
@guarded
def report(
    game: str,
    power: Annotated[
        str | None,
        typer.Option(help="a power id, gm or public (default: every power and the GM; the GM when printing)"),
    ] = None,
    window: Annotated[
        str | None, typer.Option(help="label (T2.economy) or id of a resolved window (default: the last)")
    ] = None,
    out_dir: Annotated[
        Path | None, typer.Option("--out", help="write HTML, text, JSON, PNG and order templates here")
    ] = None,
) -> None:
    """Rebuild the report of a resolved window from the store: print it, or write every form of it."""
    j = judge()
    game = game.strip().lower()
    viewers = _viewers(j, game, power)
    window_id, label = _window(j, game, window)
    ruleset = j.ruleset(j.game(game)[0])
    if out_dir is None:
        viewer = viewers[0] if power is not None else GM
        print(render_report(j.report_input(game, window_id, viewer), ruleset).text, end="")
        return
    folder = inside(out_dir, game, f"{window_id:03d}-{label}")  # a stored id never leaves --out
    for viewer in viewers:  # every name checked before anything is rendered or written
        inside(folder, f"{viewer}.html")
    rendered = {v: render_report(j.report_input(game, window_id, v), ruleset) for v in viewers}
    folder.mkdir(parents=True, exist_ok=True)
    for viewer, forms in rendered.items():
        for name, content in _files(forms, viewer).items():
            target = inside(folder, name)
            if isinstance(content, bytes):
                target.write_bytes(content)
            else:
                target.write_text(content, encoding="utf-8")
            print(f"wrote {target}")  # plain print: a path is never wrapped


@app.command()
@guarded
def archive(
    game: str,
    out_dir: Annotated[Path, typer.Option("--out", help="the folder of the site (replaced on a re-run)")],
) -> None:
    """Write a static site of the whole game, public view only, that a GM can publish."""
    j = judge()
    game = game.strip().lower()
    site = j.archive(game)
    files = build_archive(site, j.ruleset(j.game(game)[0]))
    written = write_archive(files, out_dir)
    print(f"wrote {len(written)} files for {len(site.windows)} windows of {game} to {out_dir}")
    print(f"open {out_dir / 'index.html'}")
