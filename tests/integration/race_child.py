"""One ``adjudicator`` command in a process of its own, for the race tests (test_order_race.py).

``python -m tests.integration.race_child MARKER ARGS…`` runs the real command line with ARGS and
writes MARKER just before the command's first statement that takes (or waits for) a write lock:
``BEGIN IMMEDIATE``, an INSERT/UPDATE/DELETE, or a ``SELECT … FOR UPDATE``. Everything the command
read before that point has been read, so a test that holds the lock knows the command is queued
behind it and can release it when every contender is in line, without sleeping and hoping.

The process imports the judge first, writes MARKER.ready, and starts the command only when the
test has written MARKER.go: the seconds of start-up overlap, and the test says when each goes.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, event

WRITE = re.compile(r"^\s*(BEGIN\s+IMMEDIATE|INSERT|UPDATE|DELETE)\b|\bFOR\s+(NO\s+KEY\s+)?UPDATE\b", re.I)


def main(marker: Path, args: list[str]) -> None:
    @event.listens_for(Engine, "before_cursor_execute")
    def _mark(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if WRITE.search(statement) and not marker.exists():
            marker.write_text(statement)

    from adjudicator.cli import app

    marker.with_suffix(".ready").touch()
    end = time.monotonic() + 120
    while not marker.with_suffix(".go").exists():
        if time.monotonic() > end:
            sys.exit("race_child: never told to go")
        time.sleep(0.01)
    app(args, prog_name="adjudicator")


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2:])
