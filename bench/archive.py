"""Speed of ``adjudicator archive``: linear in the windows of the game, ≤ 5 s for 75.

Run: .venv/bin/python bench/archive.py [--windows 6,75] [--powers N]
The bots play a Medioevo game of ``--powers`` kingdoms (default 10: every playable one) on SQLite,
reports left unrendered (the archive does not read them; not timed); at each count of resolved
windows in ``--windows`` the archive is built as the CLI builds it (``Judge.archive``,
``build_archive``, ``write_archive`` into a temporary folder) and timed. Printed: the seconds and the
seconds a window at each count; the exit status is 1 when the largest count takes over 5 s or its
time a window is over twice the smallest count's (not linear).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from store_cost import GAME, submit_all  # bench/ is the script's folder, first on the path

from adjudicator.report.archive import build_archive, write_archive
from adjudicator.rulesets.registry import get_ruleset
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate

GOAL_SECONDS = 5.0


def timed_archive(judge: Judge) -> tuple[float, int]:
    t0 = time.perf_counter()
    site = judge.archive(GAME)
    files = build_archive(site, judge.ruleset(judge.game(GAME)[0]))
    write_archive(files, Path(tempfile.mkdtemp()) / "site")
    return time.perf_counter() - t0, len(site.windows)


def measure(counts: list[int], powers_count: int = 10, quiet: bool = False) -> list[tuple[int, float]]:
    """(resolved windows, seconds of the archive) at each of ``counts`` (ascending)."""
    powers = tuple(get_ruleset("medioevo").board.playable_kingdoms()[:powers_count])
    engine = make_engine(f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.db'}")
    migrate(engine)
    judge = Judge(engine, render_after_commit=False)
    secrets = judge.create_game(GAME, "medioevo", powers, {"turns": 1000}, seed=b"a" * 32)
    results: list[tuple[int, float]] = []
    for count in counts:
        while len(judge.resolved_windows(GAME)) < count:
            submit_all(judge, powers, secrets)
            judge.adjudicate(GAME, force=True)
        seconds, windows = timed_archive(judge)
        results.append((windows, seconds))
        if not quiet:
            print(
                f"archive of {windows} windows ({len(powers)} powers): {seconds:.2f} s, "
                f"{seconds / windows * 1000:.0f} ms a window",
                flush=True,
            )
    return results


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--windows", default="6,75", help="counts of resolved windows (default: 6,75)")
    parser.add_argument("--powers", type=int, default=10, help="kingdoms that play (default: 10)")
    args = parser.parse_args()
    results = measure(sorted(int(n) for n in args.windows.split(",")), args.powers)
    (small, first), (large, last) = results[0], results[-1]
    linear = last / large <= 2 * first / small
    print(
        f"goal: linear ({'met' if linear else 'MISSED'}), ≤ {GOAL_SECONDS:.0f} s at {large} windows "
        f"({'met' if last <= GOAL_SECONDS else 'MISSED'})"
    )
    raise SystemExit(0 if linear and last <= GOAL_SECONDS else 1)


if __name__ == "__main__":
    main()
