"""The whole campaign of issue 19's "Done when": ``adjudicator demo --powers 10 --turns 30`` timed,
10 bots (every playable kingdom) playing 30 turns to a winner, every report of every window
rendered and written out (text, HTML with its maps, JSON, order template), the public archive
and the replay check, as the command does it.

Run: .venv/bin/python bench/demo_campaign.py [--powers N] [--turns N]
Prints the wall and CPU seconds (the rasteriser's children included), the windows, the winner with
the score breakdown and what each of the ten phases did. Exit status 1 when the game has no
winner, a phase never acted, the replay check fails or the goal (≤ 60 s) is missed.
"""

from __future__ import annotations

import argparse
import resource
import tempfile
import time
from pathlib import Path

from adjudicator.demo import play_demo
from adjudicator.demo_summary import idle_phases
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate

GOAL_SECONDS = 60.0


def cpu_seconds() -> float:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--powers", type=int, default=10)
    parser.add_argument("--turns", type=int, default=30)
    args = parser.parse_args()
    out = Path(tempfile.mkdtemp())
    engine = make_engine(f"sqlite:///{out / 'demo.db'}")
    migrate(engine)
    wall, cpu = time.perf_counter(), cpu_seconds()
    result = play_demo(Judge(engine), out, turns=args.turns, powers=args.powers, seed=b"d" * 32)
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    print(*result.standings, sep="\n")
    print(*(c.line() for c in result.phases), sep="\n")
    idle = idle_phases(result.phases)
    met = wall <= GOAL_SECONDS
    print(
        f"demo campaign: {args.powers} powers, {len(result.windows)} windows, "
        f"{result.ending or 'NOT ENDED'}; "
        f"{wall:.1f} s wall, {cpu:.1f} s CPU with children; replay "
        f"{'ok' if not result.replay_problems else 'PROBLEMS'}; idle phases: {list(idle) or 'none'}; "
        f"goal ≤ {GOAL_SECONDS:.0f} s: {'met' if met else 'MISSED'}"
    )
    raise SystemExit(0 if met and result.standings and not idle and not result.replay_problems else 1)


if __name__ == "__main__":
    main()
