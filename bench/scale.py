"""Issue 18's table in one run: each figure measured, beside its goal, met or not.

Run (from the repository root):

    .venv/bin/python bench/scale.py [--quick] [--url URL] [--skip PART ...]

Rows, each from the bench that owns it (imported, not copied):
- **floor**: ``json.loads`` + ``json.dumps`` of the 10-power state (``store_cost.floor_seconds``);
- **engine**: ``resolve_window`` alone over the economy windows of a 10-power bot game (no store),
  median ratio to the floor of the same state (goal ≤ 10×);
- **adjudicate** through the store as ``serve`` does it, and **storage** per resolved window
  (``store_cost.measure``: goals ≤ 50× the floor, ≤ 1 MB);
- **ingest**: order mails through LMTP on loopback (``ingest.measure``, bounded count; ≥ 200/s),
  one listener process and two (``[listener] workers = 2``);
- **due** and **steady**: the deadline pass over N games all due, and with nothing due
  (``deadlines.bench_pass``, N = 100 and 1,000 on SQLite, and on PostgreSQL with ``--url``;
  ≤ 0.06 s a game; one statement a steady pass);
- **archive** at 75 windows (``archive.measure``: linear, ≤ 5 s);
- **campaign**: 25 turns, 10 powers, every report, mail into a Maildir (``campaign.run_campaign``;
  ≤ 60 s).

``--quick`` is a smoke run (few windows, N = 20, 40 mails, 2 turns, the archive at 3 and 6): its
figures say the harness works, not whether the goals are met. ``--skip`` leaves parts out (names:
engine, store, ingest, due, archive, campaign). The exit status is 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

import archive
import campaign
import deadlines
import ingest
import store_cost

from adjudicator.bots import bot_submissions
from adjudicator.core.dice import Dice
from adjudicator.core.engine import resolve_window, window_label
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState

PARTS = ("engine", "store", "ingest", "due", "archive", "campaign")
ENGINE_GOAL = 10.0
DUE_GOAL = 0.06
INGEST_GOAL = ingest.TARGET_PER_SECOND
ECONOMY = "economy"
"""The last part of an economy window's label (``T2.economy``)."""


@dataclass
class Row:
    what: str
    measured: str
    goal: str
    met: bool | None  # None: a figure with no goal of its own (the floor)


def floor_of(state_json: str, runs: int = 50) -> float:
    times = []
    for _ in range(runs):
        t0 = time.process_time()
        json.dumps(json.loads(state_json))
        times.append(time.process_time() - t0)
    return statistics.median(times)


def engine_rows(windows: int) -> list[Row]:
    """``resolve_window`` alone, CPU time, over the first ``windows`` windows; the median ratio to
    the floor over the economy ones (every window's ratio printed in the figure's text)."""
    rules = MedioevoRuleset()
    powers = rules.board.playable_kingdoms()
    state, _ = rules.initial_state("bench", powers, {}, Dice(b"e" * 32, "T0.setup"))
    mu = cast(MedioevoState, state)
    ratios: list[float] = []
    floors: list[float] = []
    for _ in range(windows):
        label = window_label(rules, mu)
        orders = {p: s.orders for p, s in bot_submissions(rules, mu, powers, game="bench").items()}
        floor = floor_of(json.dumps(mu.to_json()))
        resolve_window(rules, mu, orders, b"e" * 32)  # warm
        t0 = time.process_time()
        out = resolve_window(rules, mu, orders, b"e" * 32)
        took = time.process_time() - t0
        if label.endswith(f".{ECONOMY}"):
            ratios.append(took / floor)
            floors.append(floor)
        mu = cast(MedioevoState, out.state)
    floor, ratio = statistics.median(floors), statistics.median(ratios)
    return [
        Row("floor: json decode + encode of the 10-power state", f"{floor * 1000:.2f} ms", "", None),
        Row(
            f"the engine alone, an economy window (median of {len(ratios)})",
            f"{ratio:.1f}× the floor",
            f"≤ {ENGINE_GOAL:.0f}×",
            ratio <= ENGINE_GOAL,
        ),
    ]


def store_rows(windows: int, url: str | None) -> list[Row]:
    _count, rows = store_cost.measure(windows, url)
    ratio = statistics.median(r[2] / r[1] for r in rows)
    worst = max(r[5] for r in rows)
    render = statistics.median(r[4] for r in rows)
    where = "PostgreSQL" if url else "SQLite"
    return [
        Row(
            f"adjudicate through the store as serve does it ({where}, median of {len(rows)})",
            f"{ratio:.0f}× the floor (render after: {render:.1f} s)",
            f"≤ {store_cost.RATIO_GOAL:.0f}×",
            ratio <= store_cost.RATIO_GOAL,
        ),
        Row(
            "storage per resolved 10-power window (at most)",
            f"{worst / 1e6:.2f} MB",
            f"≤ {store_cost.BYTES_GOAL / 1e6:.0f} MB",
            worst <= store_cost.BYTES_GOAL,
        ),
    ]


def ingest_rows(mails: int) -> list[Row]:
    """One listener process over 2 connections, and ``serve``'s ``[listener] workers = 2`` over 4
    (the CPU is every process's: the clients' and the listeners')."""
    rows = []
    for workers, clients in ((1, 2), (2, 4)):
        run = ingest.measure(mails, clients, workers=workers)
        rows.append(
            Row(
                f"mail ingest through LMTP on loopback ({mails} mails, SQLite, "
                f"{workers} listener process{'es' if workers > 1 else ''}, {clients} connections)",
                f"{run.rate:.0f} mails/s wall ({1000 * run.cpu / mails:.1f} ms CPU a mail: "
                f"{mails / run.cpu:.0f} mails/s of CPU)",
                f"≥ {INGEST_GOAL:.0f}/s",
                run.rate >= INGEST_GOAL and run.receipts == run.expected,
            )
        )
    return rows


def due_rows(counts: list[int], url: str | None, passes: int) -> list[Row]:
    rows: list[Row] = []
    stores = [("sqlite", None)] + ([("postgresql", url)] if url else [])
    for kind, where in stores:
        for n in counts:
            figures = deadlines.bench_pass(kind, where, n, passes, render_after=False)
            assert figures.due_per_game is not None
            rows.append(
                Row(
                    f"deadline pass, {n} games all due ({kind})",
                    f"{figures.due_per_game:.3f} s a game ({figures.due_per_game * n:.0f} s), "
                    f"CPU {figures.due_cpu_per_game or 0:.3f} s",
                    f"≤ {DUE_GOAL} s a game",
                    figures.ok and figures.due_per_game <= DUE_GOAL,
                )
            )
            rows.append(
                Row(
                    f"steady pass, {n} games, nothing due ({kind})",
                    f"{figures.steady * 1000:.2f} ms, {figures.statements} statement(s)",
                    "flat, one query",
                    figures.statements == 1,
                )
            )
    return rows


def archive_rows(counts: list[int]) -> list[Row]:
    results = archive.measure(counts, quiet=True)
    (small, first), (large, last) = results[0], results[-1]
    linear = last / large <= 2 * first / small
    return [
        Row(
            f"archive at {small} / {large} windows",
            f"{first:.2f} s / {last:.2f} s "
            f"({first / small * 1000:.0f} / {last / large * 1000:.0f} ms a window)",
            f"linear, ≤ {archive.GOAL_SECONDS:.0f} s",
            linear and last <= archive.GOAL_SECONDS,
        )
    ]


def campaign_rows(turns: int, url: str | None) -> list[Row]:
    done = campaign.run_campaign(turns, url)
    parts = ", ".join(f"{k} {v:.0f} s" for k, v in done.seconds.items())
    return [
        Row(
            f"campaign, {turns} turns, 10 powers, mail into Maildir",
            f"{done.total:.0f} s ({done.windows} windows, {done.mails} mails; {parts})",
            f"≤ {campaign.GOAL_SECONDS:.0f} s",
            done.total <= campaign.GOAL_SECONDS,
        )
    ]


def table(rows: list[Row]) -> str:
    width = max(len(r.what) for r in rows)
    lines = [f"{'what':{width}}  {'measured':48}  {'goal':16}  met?"]
    for r in rows:
        met = "" if r.met is None else ("yes" if r.met else "NO")
        lines.append(f"{r.what:{width}}  {r.measured:48}  {r.goal:16}  {met}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: small counts, goals not judged")
    parser.add_argument("--url", default=None, help="a PostgreSQL server URL: the due pass there too")
    parser.add_argument("--skip", nargs="*", default=[], choices=PARTS, help="parts left out")
    args = parser.parse_args()
    quick = args.quick
    plan: dict[str, Callable[[], list[Row]]] = {
        "engine": lambda: engine_rows(4 if quick else 12),
        "store": lambda: store_rows(2 if quick else 5, None),
        "ingest": lambda: ingest_rows(40 if quick else 600),
        "due": lambda: due_rows([20] if quick else [100, 1000], args.url, 3 if quick else 20),
        "archive": lambda: archive_rows([3, 6] if quick else [6, 75]),
        "campaign": lambda: campaign_rows(1 if quick else 25, None),
    }
    rows: list[Row] = []
    for part, run in plan.items():
        if part in args.skip:
            continue
        t0 = time.perf_counter()
        got = run()
        rows += got
        print(f"[{part} measured in {time.perf_counter() - t0:.0f} s]", flush=True)
        for row in got:  # as they come: a long run interrupted keeps what it measured
            print(f"  {row.what}: {row.measured} (goal {row.goal or '-'})", flush=True)
    print(table(rows))
    missed = [r.what for r in rows if r.met is False]
    print(f"{'smoke run: ' if quick else ''}{len(missed)} goal(s) missed" + (f": {missed}" if missed else ""))
    raise SystemExit(0 if quick or not missed else 1)


if __name__ == "__main__":
    main()
