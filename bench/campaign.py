"""A campaign end to end (issue 18): a 10-power Medioevo game (every playable kingdom), ``--turns``
turns, every report for every power and the GM, every mail delivered into a Maildir.

Run: .venv/bin/python bench/campaign.py [--turns N] [--url URL]
Each window: the bots' orders through ``Judge.submit`` (each power's set, READY), the deadline pass
(``process_due`` at the window's deadline: the window resolves, as ``serve``'s scheduler runs it),
then the sender (``OutboxSender.send_all``: the render pass, then every due mail through the
Maildir transport). Printed: the seconds spent in each of the four, the windows and mails, and the
total against the goal (≤ 60 s all included; it was 908 s). Exit status 1 when the goal is missed.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar

from store_cost import GAME, store, submit_all  # bench/ is the script's folder, first on the path

from adjudicator.config import Settings
from adjudicator.mail.sender import OutboxSender
from adjudicator.rulesets.registry import get_ruleset
from adjudicator.service.judge import Judge

GOAL_SECONDS = 60.0
T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
PERIOD = timedelta(hours=48)
T = TypeVar("T")


@dataclass
class Campaign:
    """Seconds by part, windows resolved, mails delivered."""

    seconds: dict[str, float] = field(
        default_factory=lambda: {"orders": 0.0, "deadline pass": 0.0, "render + send": 0.0}
    )
    windows: int = 0
    mails: int = 0
    turns: int = 0

    def timed(self, part: str, run: Callable[[], T]) -> T:
        t0 = time.perf_counter()
        try:
            return run()
        finally:
            self.seconds[part] += time.perf_counter() - t0

    @property
    def total(self) -> float:
        return sum(self.seconds.values())


def run_campaign(turns: int, url: str | None = None, powers: int = 10) -> Campaign:
    """The campaign up to the end of turn ``turns`` (or the game's end); a fresh store."""
    kingdoms = tuple(get_ruleset("medioevo").board.playable_kingdoms()[:powers])
    out = Campaign()
    maildir = Path(tempfile.mkdtemp()) / "mail-out"
    settings = Settings.model_validate(
        {
            "judge": {"address": "judge@club.example", "name": "Judge", "domain": "club.example"},
            "maildir": {"path": str(maildir)},
        }
    )
    with store(url) as engine:
        judge = Judge(engine, mail_domain="club.example", render_after_commit=False)
        sender = OutboxSender(engine, settings)
        addresses = {p: f"{p}@players.example" for p in kingdoms}
        secrets = out.timed(
            "orders",
            lambda: judge.create_game(
                GAME,
                "medioevo",
                kingdoms,
                {"turns": turns},
                seed=b"c" * 32,
                addresses=addresses,
                gm_address="gm@club.example",
                now=T0,
            ),
        )
        now = T0
        while True:
            game, window = judge.game(GAME)
            if game.status != "active" or (game.state.get("turn", 0) > turns):
                break
            out.timed("orders", lambda: submit_all(judge, kingdoms, secrets))
            now = max(now, window.deadline or now) + timedelta(minutes=1)
            lines = out.timed("deadline pass", lambda: judge.process_due(now))  # noqa: B023
            out.windows += sum(1 for line in lines if " resolved" in line)
            out.mails += out.timed("render + send", lambda: sender.send_all().sent)
            if not lines:
                now += PERIOD
        out.turns = int(judge.game(GAME)[0].state.get("turn", 0))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=25)
    parser.add_argument("--url", default=None, help="a PostgreSQL server URL (default: SQLite)")
    args = parser.parse_args()
    done = run_campaign(args.turns, args.url)
    parts = ", ".join(f"{k} {v:.1f} s" for k, v in done.seconds.items())
    met = done.total <= GOAL_SECONDS
    print(
        f"campaign: {done.windows} windows to turn {done.turns}, {done.mails} mails into the Maildir "
        f"in {done.total:.1f} s ({parts}); goal ≤ {GOAL_SECONDS:.0f} s: {'met' if met else 'MISSED'}"
    )
    raise SystemExit(0 if met else 1)


if __name__ == "__main__":
    main()
