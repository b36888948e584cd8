"""The long fuzz run: malformed mails through the real gateway on a store, mutated order lines
through the parsers. Expected: 0 crashes, every mail that can be answered answered.

Run from the repository root:

    .venv/bin/python scripts/fuzz.py --mails 10000 --lines 1000000 [--db URL] [--seed N]

``--db`` is a PostgreSQL server (``postgresql+psycopg://user@host:port/postgres``): a fresh
database is made on it for the run and dropped after. Without it the store is SQLite in a
temporary folder. The mails come from ``tests/mail/malformed.py`` (nesting, huge numbers, NUL,
bad charsets and headers, overlong and comma-split addresses, garbage MIME, out-of-range dates and
durations in player and GM commands, random byte mutations), sent to the mail tests' game. A mail
counts as answered when the outbox holds a reply to its Message-ID; ``ignored`` mails (no sender
address to answer, a loop or an auto-reply) are listed with their reasons. Exit 1 on any crash or
unanswered mail.
The mails arrive one every ``malformed.SPACING`` (21 minutes) in a paused game, so that no
address meets the judge's limits on refusals and failed secrets (mail/guard.py), which would
leave the later mails unanswered by design and unread by the parsers.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import traceback
import uuid
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402
from sqlalchemy import Engine  # noqa: E402
from sqlmodel import Session, col, select  # noqa: E402

from adjudicator.mail.commands import parse_request  # noqa: E402
from adjudicator.store.db import make_engine, migrate  # noqa: E402
from adjudicator.store.models import Outbox  # noqa: E402
from tests.mail.conftest import MailGame, make_mail_game  # noqa: E402
from tests.mail.malformed import FuzzClock, malformed_mail, order_line  # noqa: E402

ANSWERED = ("answered", "refused", "poison")


class Tally:
    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.crashes: Counter[str] = Counter()
        self.examples: dict[str, str] = {}

    def crash(self, kind: str, exc: BaseException, sample: object) -> None:
        key = f"{kind}: {type(exc).__name__}: {str(exc)[:160]}"
        self.crashes[key] += 1
        if key not in self.examples:
            self.examples[key] = f"{sample!r:.600}\n{''.join(traceback.format_exception(exc)[-4:])}"


def _replied(engine: Engine, message_id: str) -> bool:
    with Session(engine) as session:
        found = session.exec(select(Outbox.id).where(col(Outbox.in_reply_to) == message_id)).first()
    return found is not None


def run_mails(game: MailGame, count: int, rng: random.Random, tally: Tally) -> None:
    clock = FuzzClock(game)
    for number in range(count):
        name, raw = malformed_mail(rng)
        try:
            outcome = game.gateway.ingest(raw, source="pipe", now=clock.next())
        except Exception as exc:  # a crash: what the run is looking for
            tally.crash(f"mail {name}", exc, raw)
            continue
        status = outcome.status
        if status in ANSWERED and not _replied(game.engine, outcome.message_id):
            answerable = status != "poison" or "no address" not in outcome.summary
            status = "UNANSWERED" if answerable else "poison without an address"
            if answerable:
                tally.examples.setdefault(f"unanswered {name}", f"{raw!r:.600}\n{outcome.line()}")
        if status == "ignored":
            status = f"ignored ({outcome.summary.removeprefix('not answered: ')[:40]})"
        tally.counts[status] += 1
        if (number + 1) % 1000 == 0:
            print(f"  {number + 1} mails", flush=True)


def run_lines(game: MailGame, count: int, rng: random.Random, tally: Tally, batch: int = 100) -> None:
    judge = game.judge
    state_game = game.game()
    ruleset, state = judge.ruleset(state_game), judge._state(state_game)
    done = 0
    while done < count:
        lines = [order_line(rng) for _ in range(min(batch, count - done))]
        body = "GAME g1 POWER hungary SECRET s\n" + "\n".join(lines)
        try:
            request = parse_request(body)
        except Exception as exc:
            tally.crash("mail commands", exc, body)
            request = None
        for number, line in request.orders.lines if request else enumerate(lines, start=2):
            try:
                ruleset.parse(state, "hungary", [(number, line)])
            except Exception as exc:
                tally.crash("order line", exc, line)
        done += len(lines)
        if done % 100_000 < batch:
            print(f"  {done} lines", flush=True)


def _store(db: str | None) -> tuple[Engine, str, object]:
    """A migrated empty store, its description, and what to drop afterwards."""
    if not db:
        path = Path(tempfile.mkdtemp()) / "fuzz.db"
        engine = make_engine(f"sqlite:///{path}")
        migrate(engine)
        return engine, f"SQLite {path}", None
    name = f"fuzz_{uuid.uuid4().hex[:10]}"
    admin = db.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    engine = make_engine(db.rsplit("/", 1)[0] + "/" + name)
    migrate(engine)
    return engine, f"PostgreSQL database {name}", (admin, name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mails", type=int, default=10_000)
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--db", help="a PostgreSQL server URL (a fresh database is made on it)")
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    engine, where, drop = _store(args.db)
    tally = Tally()
    try:
        game = make_mail_game(engine)
        print(f"fuzz on {where}, seed {args.seed}", flush=True)
        start = time.perf_counter()
        run_mails(game, args.mails, random.Random(args.seed), tally)
        mails_s = time.perf_counter() - start
        start = time.perf_counter()
        run_lines(game, args.lines, random.Random(args.seed + 1), tally)
        lines_s = time.perf_counter() - start
    finally:
        engine.dispose()
        if isinstance(drop, tuple):
            with psycopg.connect(drop[0], autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{drop[1]}" WITH (FORCE)')
    print(f"\n{args.mails} mails in {mails_s:.0f} s, {args.lines} order lines in {lines_s:.0f} s")
    for status, n in sorted(tally.counts.items()):
        print(f"  {status}: {n}")
    crashes = sum(tally.crashes.values())
    unanswered = tally.counts["UNANSWERED"]
    print(f"crashes: {crashes}\nunanswered mails: {unanswered}")
    for key, n in tally.crashes.most_common():
        print(f"\n{n} x {key}\n{tally.examples[key]}")
    for key, text in tally.examples.items():
        if key.startswith("unanswered"):
            print(f"\n{key}\n{text}")
    return 1 if crashes or unanswered else 0


if __name__ == "__main__":
    sys.exit(main())
