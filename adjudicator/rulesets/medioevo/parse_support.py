"""What the order parsers share: the refusal of a line with its reason, and name look-ups."""

from __future__ import annotations

import re

from adjudicator.core.orders import IssueKind
from adjudicator.orders.names import AmbiguousName, NameIndex, NameNotFound

IN = re.compile(r"\s+IN\s+", re.IGNORECASE)
MAX_DIGITS = 9
LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")
"""Checked before parsing: ``int()`` of 4,300 digits or more raises, and no order needs 10."""


class Reject(Exception):
    """A line that is not accepted, with the kind of issue and the reason quoted to the player."""

    def __init__(self, kind: IssueKind, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


class Unsure(Exception):
    """Raised by an arrival check: the order is accepted, and ``message`` warns that it would fail
    as things stand, where the deadline can still change the answer (R86)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def resolve(index: NameIndex, typed: str) -> str:
    """The id a typed name stands for; an unknown or ambiguous name rejects the line."""
    try:
        return index.resolve(typed.strip())
    except AmbiguousName as exc:
        raise Reject(IssueKind.AMBIGUOUS, str(exc)) from exc
    except NameNotFound as exc:
        raise Reject(IssueKind.ILLEGAL, str(exc)) from exc
