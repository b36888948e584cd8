"""``adjudicator ARGS…`` in a process that kills itself (SIGKILL) at the first step of the render
pass after its commit: the claim of the reports it queued (``UPDATE outbox … 'rendering'``).

``python -m tests.integration.render_kill_child ARGS…``: what a judge killed between the commit of
an adjudication and the rendering of its reports leaves behind (test_render_after_commit.py).
"""

from __future__ import annotations

import os
import signal
import sys
from typing import Any

from sqlalchemy import Engine, event


def main(args: list[str]) -> None:
    @event.listens_for(Engine, "before_cursor_execute")
    def _die(conn: Any, cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        if statement.lstrip().upper().startswith("UPDATE OUTBOX") and "'rendering'" in repr(parameters):
            os.kill(os.getpid(), signal.SIGKILL)

    from adjudicator.cli import app

    app(args, prog_name="adjudicator")


if __name__ == "__main__":
    main(sys.argv[1:])
