"""Mail ingest through LMTP on loopback: the real listener, the real gateway, a real game.

Run: .venv/bin/python bench/ingest.py [--mails N] [--clients N] [--url URL] [--dump FILE]
Target (issue 18): at least 200 mails/s on SQLite on this machine kind (it was ~10).

A 6-power Medioevo game (every playable kingdom of the bootstrap board) with the players' addresses
on file; each mail is one player's valid order set for the open window (a loan, a repayment, a bid,
a placement), sent by ``smtplib.LMTP`` to ``MailListener`` (aiosmtpd, the one ``serve`` runs) on
127.0.0.1 over ``--clients`` connections, round-robin over the powers. The count is bounded
(``--mails``); every mail must come back 250 and be answered with a receipt. Then the same number of
mails again with cProfile on the ingest thread, printed as the share of each step in a mail's
ingest time (the profiled run is slower; the shares are what it is for).
"""

from __future__ import annotations

import argparse
import cProfile
import logging
import os
import pstats
import smtplib
import socket
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, select

from adjudicator.bots import medioevo_orders
from adjudicator.config import ListenerSettings, Settings
from adjudicator.mail.gateway import MailGateway
from adjudicator.mail.group_commit import GroupCommit
from adjudicator.mail.listener import MailListener
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate
from adjudicator.store.models import Outbox

POWERS = ["holy_roman_empire", "hungary", "france", "byzantium", "novgorod", "golden_horde"]
TARGET_PER_SECOND = 200.0
WARM_PER_WORKER = 48
"""Mails sent before the timed run to each listener process (``--workers``), over new connections."""
STEPS = {  # what the profile split names: a function's cumulative time, by (file suffix, name)
    "parse the message (MIME, text)": ("mail/message.py", "parse_message"),
    "parse the commands and orders": ("mail/commands.py", "parse_request"),
    "check the secret": ("service/tokens.py", "check_secret"),
    "read and check the orders": ("mail/orders.py", "act_on_orders"),
    "commit": ("orm/session.py", "commit"),
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def order_mails(judge: Judge, secrets: dict[str, str], count: int, run: str) -> list[tuple[str, bytes]]:
    """``count`` order mails, round-robin over the powers: (sender, raw message)."""
    game = judge.game("bench")[0]
    ruleset, state = judge.ruleset(game), judge.state("bench")
    lines = {p: medioevo_orders(judge.view("bench", p), ruleset.legal_orders(state, p)) for p in POWERS}
    out = []
    for i in range(count):
        power = POWERS[i % len(POWERS)]
        sender = f"{power}@players.example"
        body = "\n".join([f"GAME bench POWER {power} SECRET {secrets[power]}", *lines[power]])
        raw = (
            f"From: {sender}\r\nTo: judge@localhost\r\nSubject: orders\r\n"
            f"Message-ID: <{run}.{i}@players.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
            f"{body}\r\n"
        ).encode()
        out.append((sender, raw))
    return out


def send_all(port: int, mails: list[tuple[str, bytes]], clients: int) -> tuple[float, float]:
    """Deliver every mail over ``clients`` LMTP connections; returns the wall time and the CPU time
    of this process (the LMTP clients and the listener with the gateway), in seconds."""

    def deliver(chunk: list[tuple[str, bytes]]) -> None:
        with smtplib.LMTP("127.0.0.1", port) as lmtp:
            for sender, raw in chunk:
                refused = lmtp.sendmail(sender, ["judge@localhost"], raw)
                if refused:
                    raise SystemExit(f"refused: {refused}")

    chunks = [mails[i::clients] for i in range(clients)]
    start, cpu = time.perf_counter(), time.process_time()
    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(deliver, chunks))
    return time.perf_counter() - start, time.process_time() - cpu


def profiled(
    ingest: Callable[[bytes, str], object], profile: cProfile.Profile
) -> Callable[[bytes, str], object]:
    lock = threading.Lock()

    def run(raw: bytes, source: str) -> object:
        with lock:  # one profiler, one mail at a time
            return profile.runcall(ingest, raw, source)

    return run


def split(profile: cProfile.Profile, mails: int) -> list[tuple[str, float]]:
    stats: Any = pstats.Stats(profile).stats
    total = sum(tt for (_f, _l, name), (_cc, _nc, tt, _ct, _c) in stats.items())
    rows = [("ingest, all of it", total)]
    for label, (suffix, wanted) in STEPS.items():
        ct = sum(v[3] for (f, _l, name), v in stats.items() if f.endswith(suffix) and name == wanted)
        rows.append((label, ct))
    return [(label, seconds / mails) for label, seconds in rows]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mails", type=int, default=600)
    parser.add_argument("--clients", type=int, default=2, help="LMTP connections at once")
    parser.add_argument("--url", help="a database URL (default: a fresh SQLite file)")
    parser.add_argument("--dump", help="write the cProfile stats of the profiled run to this file")
    parser.add_argument("--no-group", action="store_true", help="one commit a mail (no group commit)")
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="listener processes on the port (serve's [listener] workers); >1: no profile",
    )
    args = parser.parse_args()
    run = measure(
        args.mails,
        args.clients,
        args.url,
        with_profile=args.workers == 1,
        batched=not args.no_group,
        workers=args.workers,
    )
    print(
        f"{run.dialect}: {args.mails} order mails over {args.clients} LMTP connections "
        f"to {args.workers} listener process(es) in {run.seconds:.2f} s"
    )
    print(
        f"  {run.rate:.0f} mails/s, {1000 * run.seconds / args.mails:.2f} ms a mail "
        f"(target >= {TARGET_PER_SECOND:.0f})"
    )
    print(
        f"  CPU {1000 * run.cpu / args.mails:.2f} ms a mail (clients and listeners, every process): "
        f"{os.getloadavg()[0]:.1f} load on {os.cpu_count()} cores, {args.mails / run.cpu:.0f} mails/s of CPU"
    )
    print(f"  receipts queued: {run.receipts} of {run.expected}")
    if run.batches:
        commits = sum(run.batches.values())
        sizes = ", ".join(f"{size}: {n}" for size, n in sorted(run.batches.items()))
        print(f"  {commits} commits, {args.mails / commits:.1f} mails a commit (batch size: commits {sizes})")
    if run.listeners_cpu is not None:
        print(
            f"  of which the listener processes {1000 * run.listeners_cpu / args.mails:.2f} ms a mail "
            f"({args.mails / run.listeners_cpu:.0f} mails/s of their CPU), the LMTP clients the rest"
        )
    if args.workers > 1:
        raise SystemExit(0 if run.rate >= TARGET_PER_SECOND and run.receipts == run.expected else 1)
    print("  profile of one mail's ingest (cProfile on, so slower than above):")
    if args.dump:
        run.profile.dump_stats(args.dump)
    rows = split(run.profile, args.mails)
    whole = rows[0][1]
    for label, per_mail in rows:
        print(f"    {label:<32} {1000 * per_mail:7.2f} ms  {100 * per_mail / whole:5.1f} %")
    raise SystemExit(0 if run.rate >= TARGET_PER_SECOND and run.receipts == run.expected else 1)


@dataclass
class IngestRun:
    mails: int
    dialect: str
    seconds: float
    cpu: float
    receipts: int
    expected: int
    profile: cProfile.Profile
    batches: dict[int, int]
    """How many commits of each batch size the timed run made (empty without the group commit)."""
    listeners_cpu: float | None = None
    """The listener processes' own CPU seconds (``workers`` > 1; the clients' is the rest)."""

    @property
    def rate(self) -> float:
        return self.mails / self.seconds


def measure(
    mails: int,
    clients: int = 2,
    url: str | None = None,
    *,
    with_profile: bool = False,
    batched: bool = True,
    workers: int = 1,
) -> IngestRun:
    """``mails`` order mails through LMTP (after 12 to warm up), then as many again under cProfile
    when ``with_profile``; the wall and CPU seconds of the timed run and the receipts queued.
    ``batched``: through the group commit, as ``serve`` wires it (else one commit a mail).
    ``workers`` > 1: that many listener processes on the port, as ``serve`` with ``[listener]
    workers`` runs them (serve_workers.py), each with its group commit; the CPU is theirs and the
    clients'."""
    if workers > 1:
        return _measure_workers(mails, clients, url, workers)
    _url, judge, secrets = _new_game(url)
    engine = judge.engine
    gateway = MailGateway(judge, Settings())
    group = GroupCommit(gateway) if batched else None  # as serve wires it
    plain = group.ingest if group is not None else lambda r, s: gateway.ingest(r, source=s)
    profile = cProfile.Profile()
    hook: dict[str, Callable[[bytes, str], object]] = {}

    def ingest(raw: bytes, source: str) -> object:
        return hook.get("run", plain)(raw, source)

    port = free_port()
    listener = MailListener(ListenerSettings(host="127.0.0.1", port=port, protocol="lmtp"), ingest)
    listener.start()
    try:
        send_all(port, order_mails(judge, secrets, 12, "warm"), 1)
        if group is not None:
            group.batches.clear()
        seconds, cpu = send_all(port, order_mails(judge, secrets, mails, "run"), clients)
        batches = dict(group.batches) if group is not None else {}
        if with_profile:
            hook["run"] = profiled(plain, profile)
            send_all(port, order_mails(judge, secrets, mails, "prof"), clients)
    finally:
        listener.stop()
    with Session(engine) as session:
        receipts = session.exec(
            select(func.count()).select_from(Outbox).where(Outbox.kind == "receipt")
        ).one()
    expected = 12 + (2 if with_profile else 1) * mails
    return IngestRun(mails, engine.dialect.name, seconds, cpu, receipts, expected, profile, batches)


def _new_game(url: str | None) -> tuple[str, Judge, dict[str, str]]:
    url = url or f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.db'}"
    engine = make_engine(url)
    migrate(engine)
    judge = Judge(engine)
    addresses = {p: f"{p}@players.example" for p in POWERS}
    secrets = judge.create_game(
        "bench", "medioevo", POWERS, {"turns": 1000}, seed=b"i" * 32, addresses=addresses
    )
    return engine.url.render_as_string(hide_password=False), judge, secrets


def _cpu_of(pids: list[int]) -> float:
    """User and system CPU seconds of the processes ``pids`` so far (/proc, Linux)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / ticks


def _measure_workers(mails: int, clients: int, url: str | None, workers: int) -> IngestRun:
    from adjudicator.serve_workers import ListenerWorkers  # here: ingest_cpu.py runs main's judge too

    url, judge, secrets = _new_game(url)
    port = free_port()
    settings = Settings(
        listener=ListenerSettings(host="127.0.0.1", port=port, protocol="lmtp", workers=workers)
    )
    processes = ListenerWorkers(settings, url, level=logging.WARNING, count=workers)
    processes.start()
    try:
        # each process decodes the state and reads each power's set once: warm every one of them
        send_all(port, order_mails(judge, secrets, WARM_PER_WORKER * workers, "warm"), clients * workers)
        before = _cpu_of(processes.pids)
        seconds, cpu = send_all(port, order_mails(judge, secrets, mails, "run"), clients)
        listeners = _cpu_of(processes.pids) - before
    finally:
        processes.shutdown()
    with Session(judge.engine) as session:
        receipts = session.exec(
            select(func.count()).select_from(Outbox).where(Outbox.kind == "receipt")
        ).one()
    dialect = judge.engine.dialect.name
    profile = cProfile.Profile()
    expected = WARM_PER_WORKER * workers + mails
    return IngestRun(mails, dialect, seconds, cpu + listeners, receipts, expected, profile, {}, listeners)


if __name__ == "__main__":
    main()
