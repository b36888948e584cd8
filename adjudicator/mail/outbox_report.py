"""What one outbox pass did, counted (its own module so the sender stays small)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

NO_ADDRESS = "no address on file"
ADDRESS_HINT = "set one with 'adjudicator gm address GAME POWER ADDRESS' (POWER gm for the GM)"


@dataclass
class SendReport:
    """What one pass did: rows delivered, rows given up on, rows put back for a later try; and, for the
    rows given up on, why (``mail send`` tells the operator, grouped by reason)."""

    sent: int = 0
    failed: int = 0
    retried: int = 0
    why_failed: dict[str, Counter[tuple[str, str, str]]] = field(default_factory=dict, compare=False)
    """Reason → how many rows of each (game, recipient, kind) failed for it."""

    def __str__(self) -> str:
        return f"sent {self.sent}, retried {self.retried}, failed {self.failed}"

    @property
    def handled(self) -> int:
        return self.sent + self.failed + self.retried

    def add(self, other: SendReport) -> None:
        self.sent += other.sent
        self.failed += other.failed
        self.retried += other.retried
        for reason, rows in other.why_failed.items():
            self.why_failed.setdefault(reason, Counter()).update(rows)

    def gave_up(self, reason: str, game: str | None, recipient: str, kind: str) -> None:
        """Count one row given up on, and why."""
        self.failed += 1
        self.why_failed.setdefault(reason, Counter())[(game or "-", recipient, kind)] += 1

    def failure_lines(self) -> list[str]:
        """One line per reason: how many, whose mails (grouped by game and recipient), what to do."""
        lines = []
        for reason, rows in sorted(self.why_failed.items()):
            whose: dict[tuple[str, str], list[str]] = {}
            for (game, recipient, kind), n in sorted(rows.items()):
                whose.setdefault((game, recipient), []).append(kind if n == 1 else f"{kind} ×{n}")
            listed = ", ".join(
                f"{game} {recipient} ({', '.join(kinds)})" for (game, recipient), kinds in whose.items()
            )
            hint = f"; {ADDRESS_HINT}" if reason == NO_ADDRESS else ""
            lines.append(f"failed {sum(rows.values())}: {reason}: {listed}{hint}")
        return lines
