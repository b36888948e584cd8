"""Orders, the issues a parser reports, and a parsed submission."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Order(ABC):
    """One order of one power. Rulesets subclass it per order type.

    ``canonical()`` gives the text that parses back to an equal order; receipts echo it and the
    log stores it, so replay goes through the same parser as a mailed order.
    """

    phase: ClassVar[str]

    @abstractmethod
    def canonical(self) -> str: ...


class IssueKind(StrEnum):
    """Why a line was not accepted (after python-chess: invalid / illegal / ambiguous)."""

    SYNTAX = "syntax"
    ILLEGAL = "illegal"
    AMBIGUOUS = "ambiguous"
    NOT_NOW = "not-now"
    UNSURE = "unsure"  # accepted, with a warning: it would fail as things stand
    NOT_AN_ORDER = "not-an-order"  # no order's word at all ("Thanks"): it holds no READY back


NOT_AN_ORDER = "not an order"
"""The whole reason given for a line that opens with no order's keyword (a greeting, a thank-you):
the receipt says so in one short line, ``line 3: not an order: 'Thanks'``, rather than a list of
every order (a parser may add a hint in parentheses: ``(did you mean BUY?)``)."""


@dataclass(frozen=True, slots=True)
class LineIssue:
    """A rejected line, quoted, with the reason."""

    line_no: int
    line: str
    kind: IssueKind
    message: str

    def describe(self) -> str:
        if self.message.startswith(NOT_AN_ORDER):
            return f"line {self.line_no}: {NOT_AN_ORDER}: {self.line!r}{self.message[len(NOT_AN_ORDER) :]}"
        return f"line {self.line_no}: {self.line!r}: {self.message}"


@dataclass(frozen=True, slots=True)
class Submission:
    """What a parser made of a power's order text. ``warnings``: accepted lines that would fail
    as things stand, where the deadline can still change the answer (the order is kept)."""

    orders: tuple[Order, ...] = ()
    issues: tuple[LineIssue, ...] = ()
    ready: bool = False
    warnings: tuple[LineIssue, ...] = ()

    def canonical_lines(self) -> list[str]:
        return [o.canonical() for o in self.orders]
