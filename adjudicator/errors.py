"""Errors that reach a user: each names the input and what was expected."""

from __future__ import annotations


class AdjudicatorError(Exception):
    """Base of the errors the CLI turns into a one-line message and exit status 2."""


class UnknownGame(AdjudicatorError):
    def __init__(self, game: str) -> None:
        super().__init__(f"unknown game {game!r}: expected the id of a game (see 'adjudicator game list')")


class UnknownPower(AdjudicatorError):
    def __init__(self, power: str, known: tuple[str, ...]) -> None:
        super().__init__(f"unknown power {power!r}: expected one of {', '.join(known)}")


class StaleWindow(AdjudicatorError):
    def __init__(self, given: str, current: str) -> None:
        super().__init__(f"window {given!r} is not the open window: the game is at {current!r}")


class UnknownWindow(AdjudicatorError):
    def __init__(self, given: str, known: tuple[str, ...]) -> None:
        listing = ", ".join(known) if known else "none yet"
        super().__init__(f"unknown window {given!r}: expected one of {listing}")


class EditError(AdjudicatorError):
    """A GM edit command that cannot be applied; nothing is changed."""


class ScenarioError(AdjudicatorError):
    """A malformed scenario file."""


class NotDue(AdjudicatorError):
    """Adjudication asked for before the deadline without --force."""
