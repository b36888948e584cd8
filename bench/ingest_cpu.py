"""The mail gateway alone, in one thread: the CPU a mail costs and the Python calls it makes.

Run: .venv/bin/python bench/ingest_cpu.py (with ``PYTHONPATH=/work/main``: main's judge, "before").
The bench's order mails (``bench/ingest.py``) through ``MailGateway.ingest`` (one commit a mail,
no LMTP), after 12 to warm up: the thread's CPU time a mail over 5 chunks of 60
(best and median; a figure the machine's load changes less than the wall clock) and cProfile's
count of Python calls a mail over 30 more (deterministic).
"""

from __future__ import annotations

import cProfile
import pstats
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import ingest

from adjudicator.config import Settings
from adjudicator.mail.gateway import MailGateway
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate

CHUNKS, CHUNK = 5, 60


def main() -> None:
    engine = make_engine(f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.db'}")
    migrate(engine)
    judge = Judge(engine)
    addresses = {p: f"{p}@players.example" for p in ingest.POWERS}
    secrets = judge.create_game(
        "bench", "medioevo", ingest.POWERS, {"turns": 1000}, seed=b"i" * 32, addresses=addresses
    )
    gateway = MailGateway(judge, Settings())
    mails = [raw for _sender, raw in ingest.order_mails(judge, secrets, 12 + CHUNKS * CHUNK, "cpu")]
    for raw in mails[:12]:
        gateway.ingest(raw, source="lmtp")
    per_mail = []
    for n in range(CHUNKS):
        start = time.thread_time()
        for raw in mails[12 + n * CHUNK : 12 + (n + 1) * CHUNK]:
            assert gateway.ingest(raw, source="lmtp").status == "answered"
        per_mail.append(1000 * (time.thread_time() - start) / CHUNK)
    profile = cProfile.Profile()
    more = [raw for _sender, raw in ingest.order_mails(judge, secrets, 30, "calls")]
    profile.runcall(lambda: [gateway.ingest(raw, source="lmtp") for raw in more])
    calls = sum(v[1] for v in pstats.Stats(profile).stats.values())  # type: ignore[attr-defined]
    per_mail.sort()
    print(
        f"CPU a mail: best {per_mail[0]:.2f} ms, median {per_mail[CHUNKS // 2]:.2f} ms; "
        f"Python calls a mail: {calls / len(more):.0f}"
    )


if __name__ == "__main__":
    main()
