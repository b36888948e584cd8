"""``adjudicator demo``: bots play a Medioevo game and every report is written out.

Kept apart from cli.py so that module stays short; importing this module registers the command.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.progress import Progress, SpinnerColumn, TextColumn

from adjudicator.cli import app, fail, guarded, out
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate


@app.command()
@guarded
def demo(
    out_dir: Annotated[Path, typer.Option("--out", help="where the reports go")] = Path("demo-output"),
    turns: Annotated[
        int | None, typer.Option(help="turns to play (Medioevo: 3; other games: to their end)")
    ] = None,
    ruleset: Annotated[str, typer.Option(help="the game: medioevo or kriegundfrieden")] = "medioevo",
    powers: Annotated[
        int,
        typer.Option(
            help="how many play: Medioevo 2 to 10 (10: every playable kingdom); Krieg und Frieden 3 or 4"
        ),
    ] = 4,
    po_limit: Annotated[
        int | None, typer.Option("--po-limit", help="also end the game when a power reaches this many PO")
    ] = None,
    sequential: Annotated[
        bool, typer.Option("--sequential", help="play the purchases power by power, in turn order")
    ] = False,
) -> None:
    """Play a game with bots to its end (a 4-power Medioevo game by default), write every power's
    reports, print the winner with each power's score line by line and what each phase did."""
    from adjudicator.demo import RULESET_DEMOS, play_demo

    if ruleset not in RULESET_DEMOS:
        raise fail(f"--ruleset {ruleset}: expected one of {', '.join(RULESET_DEMOS)}")
    if turns is None and ruleset == "medioevo":
        turns = 3
    if turns is not None and turns < 1:
        raise fail(f"--turns {turns}: expected 1 or more")
    if not 2 <= powers <= 10:
        raise fail(f"--powers {powers}: expected 2 to 10")
    if po_limit is not None and po_limit < 1:
        raise fail(f"--po-limit {po_limit}: expected 1 or more")
    out_dir.mkdir(parents=True, exist_ok=True)
    engine = make_engine(f"sqlite:///{out_dir / 'demo.db'}")
    (out_dir / "demo.db").unlink(missing_ok=True)
    migrate(engine)
    with Progress(SpinnerColumn(), TextColumn("{task.description}"), console=out) as bar:
        task = bar.add_task("playing", total=None)
        result = play_demo(
            Judge(engine),
            out_dir,
            turns=turns,
            ruleset_name=ruleset,
            progress=lambda s: bar.update(task, description=s),
            sequential=sequential,
            powers=powers,
            po_limit=po_limit,
        )
    out.print(f"played {len(result.windows)} windows: {', '.join(result.windows)}")
    if result.ending:
        out.print(result.ending, markup=False)
    for line in result.standings:
        out.print(line, markup=False, highlight=False)
    out.print("what each phase did (events, rolls left out):")
    for count in result.phases:
        out.print("  " + count.line(), markup=False, highlight=False)
    out.print("replay check: " + ("ok" if not result.replay_problems else "; ".join(result.replay_problems)))
    out.print(f"reports written to {result.reports.resolve()}")
    out.print(
        "  one folder a window: <power>.html (open it in a browser), .txt, .json, .png (the map), "
        "orders-<power>.txt (the order template)"
    )
    out.print(f"public archive: {(result.reports / 'archive' / 'index.html').resolve()}")
