"""What one window costs through the store, side by side in one run: a 10-power bot game (every
playable kingdom), every report as ``serve`` makes them.

Run: .venv/bin/python bench/store_cost.py [--windows N] [--url URL]
Prints, per resolved window that took orders and as medians over them:
- the floor: ``json.loads`` + ``json.dumps`` of the game's state (what any store pays to read and
  write it);
- ``adjudicate`` through the store as ``serve`` does it (its scheduler: the window's outcome and
  its mails queued, one transaction, reports not rendered), with its ratio to the floor
  (goal ≤ 50×). Both are the process's CPU time (SQLite runs in it), so that other work on a
  shared machine does not count; the wall time is printed beside;
- the rendering pass after it (``render_pending``: every viewer's report, the map drawn and
  rasterised once);
- the bytes stored per resolved window: its outbox rows (bodies and attachments as stored) and the
  assets they reference that no earlier window stored (goal ≤ 1 MB).
The bots play on SQLite in a temporary folder (``--url``: a fresh PostgreSQL database instead, e.g.
``postgresql+psycopg://postgres@127.0.0.1:55440/postgres``, which is dropped after).
Exit status 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine, create_engine, text
from sqlmodel import Session, col, select

from adjudicator.bots import medioevo_orders
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.registry import get_ruleset
from adjudicator.service.assets import asset_size, assets_of
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate
from adjudicator.store.models import Outbox

RATIO_GOAL = 50.0
BYTES_GOAL = 1_000_000
GAME = "bench"


@contextmanager
def store(url: str | None) -> Iterator[Engine]:
    """A migrated store: a SQLite file, or a fresh database on the PostgreSQL server ``url``."""
    if url is None:
        engine = make_engine(f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.db'}")
        migrate(engine)
        yield engine
        return
    name = f"bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine = make_engine(url.rsplit("/", 1)[0] + f"/{name}")
    try:
        migrate(engine)
        yield engine
    finally:
        engine.dispose()
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()


def submit_all(judge: Judge, powers: tuple[str, ...], secrets: dict[str, str]) -> None:
    """Every bot's orders for the open window, READY (a refused line: the accepted ones again)."""
    ruleset = judge.ruleset(judge.game(GAME)[0])
    state = judge.state(GAME)
    for power in powers:
        lines = medioevo_orders(judge.view(GAME, power), ruleset.legal_orders(state, power))
        envelope = f"GAME {GAME} POWER {power} SECRET {secrets[power]}"
        receipt = judge.submit("\n".join([envelope, *lines, "READY"]))
        if receipt.unready:
            judge.submit("\n".join([envelope, *receipt.accepted, "READY"]))


def stored_bytes(engine: Engine, after: int, seen: set[str]) -> tuple[int, int]:
    """The outbox rows after id ``after`` and the assets they reference that are not in ``seen``
    (which then holds them): their bytes as stored, and the number of rows."""
    with Session(engine) as session:
        rows = list(session.exec(select(Outbox).where(col(Outbox.id) > after)))
        size = sum(
            len(r.body_text.encode()) + len((r.body_html or "").encode()) + len(json.dumps(r.attachments))
            for r in rows
        )
        wanted = assets_of(rows) - seen
        size += asset_size(session, wanted)
        seen |= wanted
    return size, len(rows)


def floor_seconds(judge: Judge, runs: int = 50) -> tuple[float, int]:
    """Median of ``json.loads`` + ``json.dumps`` of the game's state, and the state's size."""
    encoded = json.dumps(judge.game(GAME)[0].state)
    times = []
    for _ in range(runs):
        t0 = time.process_time()
        json.dumps(json.loads(encoded))
        times.append(time.process_time() - t0)
    return statistics.median(times), len(encoded)


def last_outbox_id(engine: Engine) -> int:
    with Session(engine) as session:
        return max(session.exec(select(Outbox.id)), default=None) or 0


Row = tuple[str, float, float, float, float, int, int]
"""A resolved window: its label(s), the floor, adjudicate (CPU), adjudicate (wall), the render pass
(wall), the bytes stored and the mails queued."""


def measure(windows: int, url: str | None = None) -> tuple[int, list[Row]]:
    """The powers, and a row for each of ``windows`` windows that take orders."""
    ruleset = get_ruleset("medioevo")
    assert isinstance(ruleset, MedioevoRuleset)
    powers = tuple(ruleset.board.playable_kingdoms())
    with store(url) as engine:
        judge = Judge(engine, render_after_commit=False)  # as serve's scheduler: its sender renders
        secrets = judge.create_game(GAME, "medioevo", powers, {"turns": 1000}, seed=b"s" * 32)
        judge.render_pending()
        seen: set[str] = set()
        stored_bytes(engine, 0, seen)
        rows: list[Row] = []
        for _ in range(windows):
            submit_all(judge, powers, secrets)
            floor, _size = floor_seconds(judge)
            before = last_outbox_id(engine)
            t0, c0 = time.perf_counter(), time.process_time()
            done = judge.adjudicate(GAME, force=True)
            wall, adjudicated = time.perf_counter() - t0, time.process_time() - c0
            t0 = time.perf_counter()
            judge.render_pending()
            rendered = time.perf_counter() - t0
            size, mails = stored_bytes(engine, before, seen)
            rows.append(("+".join(done.labels), floor, adjudicated, wall, rendered, size, mails))
    return len(powers), rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--windows", type=int, default=5, help="windows that take orders (default: 5)")
    parser.add_argument("--url", default=None, help="a PostgreSQL server URL (default: SQLite)")
    args = parser.parse_args()
    count, rows = measure(args.windows, args.url)
    print(f"{count} powers, {'PostgreSQL' if args.url else 'SQLite'}; per resolved window:")
    print(
        f"{'window(s)':26} {'floor':>8} {'adjudicate':>10} {'ratio':>6} {'(wall)':>9}"
        f" {'render':>8} {'mails':>5} {'stored':>8}"
    )
    for label, floor, adj, wall, ren, size, mails in rows:
        print(
            f"{label[:26]:26} {floor * 1000:6.2f}ms {adj * 1000:8.1f}ms {adj / floor:5.0f}× "
            f"{wall * 1000:7.0f}ms {ren * 1000:6.0f}ms {mails:5d} {size / 1e6:6.2f}MB"
        )
    ratio = statistics.median(r[2] / r[1] for r in rows)
    worst = max(r[5] for r in rows)
    print(f"median: adjudicate {ratio:.0f}× the floor (goal ≤ {RATIO_GOAL:.0f}×), ", end="")
    print(f"render {statistics.median(r[4] for r in rows):.2f} s; ", end="")
    print(f"stored at most {worst / 1e6:.2f} MB a window (goal ≤ {BYTES_GOAL / 1e6:.0f} MB)")
    raise SystemExit(0 if ratio <= RATIO_GOAL and worst <= BYTES_GOAL else 1)


if __name__ == "__main__":
    main()
