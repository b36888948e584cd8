"""An LMTP listener with the group commit (as ``serve`` wires it), killed (SIGKILL) at the COMMIT
of its second batch when asked to: ``python -m tests.integration.group_commit_kill_child URL PORT
MARKER [kill]``. With ``kill`` its first commit (a batch of one) waits until four mails are queued
behind it, so the second batch holds those four; the marker file appears when the first commit is
reached, and "ready" is printed once the port is open (test_group_commit_kill.py)."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any

from sqlalchemy import event

from adjudicator.config import ListenerSettings, Settings
from adjudicator.mail.gateway import MailGateway
from adjudicator.mail.group_commit import GroupCommit
from adjudicator.mail.listener import MailListener
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine

BEHIND = 4
BOUND = 60.0


def main(url: str, port: int, marker: Path, kill: bool) -> None:
    engine = make_engine(url)
    group = GroupCommit(MailGateway(Judge(engine), Settings()))
    commits = [0]

    @event.listens_for(engine, "commit")
    def _at_commit(conn: Any) -> None:  # before the store is told to commit
        if not kill:
            return
        commits[0] += 1
        if commits[0] == 1:
            marker.write_text("first commit")
            end = time.monotonic() + BOUND
            while group.waiting < BEHIND and time.monotonic() < end:
                time.sleep(0.001)
        else:
            os.kill(os.getpid(), signal.SIGKILL)

    listener = MailListener(ListenerSettings(host="127.0.0.1", port=port, protocol="lmtp"), group.ingest)
    listener.start()
    print("ready", flush=True)
    threading.Event().wait()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), Path(sys.argv[3]), sys.argv[4:] == ["kill"])
