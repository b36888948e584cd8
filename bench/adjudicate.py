"""Speed of the judge: a 6-power game (every playable kingdom of the bootstrap board) on SQLite.

Run: .venv/bin/python bench/adjudicate.py [--windows N]
Target: an adjudicated window (6 powers, orders, reports queued, one transaction) in under 1 s.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from adjudicator.core.view import PlayerView
from adjudicator.rulesets.medioevo.orders import Place, TakeLoan
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate

POWERS = ["holy_roman_empire", "hungary", "france", "byzantium", "novgorod", "golden_horde"]
TARGET_SECONDS = 1.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--windows", type=int, default=10)
    args = parser.parse_args()
    engine = make_engine(f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.db'}")
    migrate(engine)
    judge = Judge(engine)
    start = time.perf_counter()
    secrets = judge.create_game("bench", "medioevo", POWERS, {"turns": 1000}, seed=b"b" * 32)
    created = time.perf_counter() - start
    timings: list[float] = []
    for _ in range(args.windows):
        for power in POWERS:
            view: PlayerView = judge.view("bench", power)
            sites = [t for t, d in view.data["territories"].items() if d["owner"] == power]
            lines = [TakeLoan().canonical(), "REPAY", "BID 5", Place(1, sites[0]).canonical()]
            judge.submit("\n".join([f"GAME bench POWER {power} SECRET {secrets[power]}", *lines]))
        t0 = time.perf_counter()
        judge.adjudicate("bench", force=True)
        timings.append(time.perf_counter() - t0)
    timings.sort()
    worst = timings[-1]
    print(f"create: {created:.3f} s; adjudicate {len(timings)} windows of {len(POWERS)} powers: ")
    print(f"  median {timings[len(timings) // 2]:.3f} s, worst {worst:.3f} s (target < {TARGET_SECONDS} s)")
    raise SystemExit(0 if worst < TARGET_SECONDS else 1)


if __name__ == "__main__":
    main()
