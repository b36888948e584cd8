"""What the order parsers share: a refused line with its reason, and names looked up in an index."""

from __future__ import annotations

from adjudicator.core.orders import IssueKind
from adjudicator.orders.names import AmbiguousName, NameIndex, NameNotFound


class Reject(Exception):
    """A line that is not accepted, with the kind of issue and the reason told to the player."""

    def __init__(self, kind: IssueKind, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


def resolve_name(index: NameIndex, typed: str) -> str:
    """The id a typed name stands for, or a Reject saying it is unknown or ambiguous."""
    try:
        return index.resolve(typed.strip())
    except AmbiguousName as exc:
        raise Reject(IssueKind.AMBIGUOUS, str(exc)) from exc
    except NameNotFound as exc:
        raise Reject(IssueKind.ILLEGAL, str(exc)) from exc
