"""Speed of a turn report: one power's report of a 10-power game (every playable kingdom).

Run: .venv/bin/python bench/report.py [--windows N] [--runs N] [--power P]
Target: ``render_report`` of one power's report (text, HTML file, mail HTML, JSON, order template,
map) in under 1 s. The bots play the game on SQLite first (not timed); the report of the last
window they resolved is rendered once to warm up, then timed over ``--runs`` runs, each with the
map PNGs made anew (the first report of a window: the board's and the reader's close-up), then
another power's (every other reader's: the board's PNG is made, its own close-up is not).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from adjudicator.bots import medioevo_orders
from adjudicator.report import raster
from adjudicator.report.render import render_report
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.registry import get_ruleset
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate

TARGET_SECONDS = 1.0


def play(judge: Judge, powers: tuple[str, ...], windows: int) -> list[str]:
    """The bots play ``windows`` windows that take orders; the labels of every window resolved."""
    secrets = judge.create_game("bench", "medioevo", powers, {"turns": 1000}, seed=b"r" * 32)
    labels: list[str] = []
    for _ in range(windows):
        ruleset = judge.ruleset(judge.game("bench")[0])
        state = judge.state("bench")
        for power in powers:
            lines = medioevo_orders(judge.view("bench", power), ruleset.legal_orders(state, power))
            envelope = f"GAME bench POWER {power} SECRET {secrets[power]}"
            receipt = judge.submit("\n".join([envelope, *lines, "READY"]))
            if receipt.unready:  # a refused line holds READY back (R87): the accepted ones again
                judge.submit("\n".join([envelope, *receipt.accepted, "READY"]))
        labels.extend(judge.adjudicate("bench").labels)
    return labels


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--windows", type=int, default=4, help="windows the bots play (default: 4)")
    parser.add_argument("--runs", type=int, default=10, help="timed renders (default: 10)")
    parser.add_argument("--power", default="", help="whose report (default: the first kingdom)")
    args = parser.parse_args()
    ruleset = get_ruleset("medioevo")
    assert isinstance(ruleset, MedioevoRuleset)
    powers = ruleset.board.playable_kingdoms()
    power = args.power or powers[0]
    engine = make_engine(f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.db'}")
    migrate(engine)
    judge = Judge(engine)
    start = time.perf_counter()
    labels = play(judge, powers, args.windows)
    played = time.perf_counter() - start
    label = labels[-1]
    report = judge.report_input("bench", label, power)
    other = judge.report_input("bench", label, next(p for p in powers if p != power))

    rendered = render_report(report, ruleset)  # warm-up: templates compiled, the board loaded
    timings: list[float] = []  # cold: the window's map PNG made anew, as for its first report
    shared: list[float] = []  # the other readers of the window: the board's PNG is already made
    for _ in range(args.runs):
        raster.reset()
        t0 = time.perf_counter()
        render_report(report, ruleset)
        timings.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        render_report(other, ruleset)
        shared.append(time.perf_counter() - t0)
    median = statistics.median(timings)
    sizes = ", ".join(
        f"{name} {len(value) / 1024:.0f} KiB"
        for name, value in (("text", rendered.text), ("html", rendered.html), ("mail", rendered.mail_html))
    )
    print(f"{len(powers)} powers, {len(labels)} windows played in {played:.1f} s ({', '.join(labels)})")
    print(f"report of {power} for {label}: {len(report.view.events)} events, {len(report.results)} results")
    kib = {
        name: len(png or b"") / 1024
        for name, png in (("png", rendered.png), ("close-up", rendered.region_png))
    }
    pngs = ", ".join(f"{name} {size:.0f} KiB" for name, size in kib.items())
    print(f"  {sizes}, {pngs}")
    verdict = "meets" if median < TARGET_SECONDS else "MISSES"
    print(
        f"  render_report with the map PNGs made, over {len(timings)} runs: min {min(timings):.3f} s, "
        f"median {median:.3f} s ({verdict} the target < {TARGET_SECONDS} s)"
    )
    print(f"  another reader's, the board's PNG already made: median {statistics.median(shared):.3f} s")
    raise SystemExit(0 if median < TARGET_SECONDS else 1)


if __name__ == "__main__":
    main()
