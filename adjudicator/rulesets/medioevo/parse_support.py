"""Shared pieces of the Medioevo order parser: the refusal of a line and name look-ups."""

from __future__ import annotations

import re

from adjudicator.core.orders import IssueKind
from adjudicator.orders.names import AmbiguousName, NameIndex, NameNotFound

IN = re.compile(r"\s+IN\s+", re.IGNORECASE)


def resolve(index: NameIndex, typed: str) -> str:
    try:
        return index.resolve(typed.strip())
    except AmbiguousName as exc:
        raise Reject(IssueKind.AMBIGUOUS, str(exc)) from exc
    except NameNotFound as exc:
        raise Reject(IssueKind.ILLEGAL, str(exc)) from exc


class Reject(Exception):
    def __init__(self, kind: IssueKind, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
