"""What one outbox pass did, counted (its own module so the sender stays small)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class SendReport:
    """What one pass did: rows delivered, rows given up on, rows put back for a later try."""

    sent: int = 0
    failed: int = 0
    retried: int = 0

    def __str__(self) -> str:
        return f"sent {self.sent}, retried {self.retried}, failed {self.failed}"

    @property
    def handled(self) -> int:
        return self.sent + self.failed + self.retried

    def add(self, other: SendReport) -> None:
        self.sent += other.sent
        self.failed += other.failed
        self.retried += other.retried
