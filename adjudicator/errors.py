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


class WindowClosed(AdjudicatorError):
    """Orders for a window that was adjudicated (or rolled back) while they were on their way."""

    def __init__(self, game: str, closed: str, status: str, now_open: str, open_status: str) -> None:
        then = (
            f"{now_open} is open now: send your orders for it"
            if open_status == "open"
            else f"no window takes orders now ({now_open} is {open_status})"
        )
        super().__init__(
            f"window {closed} of {game} closed before these orders were stored (it is {status}): "
            f"nothing was stored; {then}"
        )


class GameOver(AdjudicatorError):
    """Orders (or a READY) for a game that has ended."""

    def __init__(self, game: str) -> None:
        super().__init__(
            f"{game} is over: it takes no more orders. The final report, with the standings and the "
            "dice seed revealed, went to every player; the GM can send it again"
        )


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


class LoadedDiceRefused(AdjudicatorError):
    """Loaded dice no roll of the game could use (a misspelt or past key, a value too big for
    every die of the phase): refused when loaded, so nothing is stored."""


class LoadedDiceUnfit(AdjudicatorError):
    """At adjudication, a GM-loaded value that does not fit the die it was drawn for.

    The adjudication stops and nothing is stored (the window stays open, its orders kept); the
    message names the key and how to clear it, for the GM to read as it is.
    """

    def __init__(self, game: str, key: str, value: int, sides: int, purpose: str) -> None:
        self.game, self.key, self.value, self.sides, self.purpose = game, key, value, sides, purpose
        shell_key = "'*'" if key == "*" else key
        super().__init__(
            f"game {game}: the loaded die {key} = {value} does not fit the d{sides} rolled for "
            f"{purpose!r}; nothing was adjudicated and the open window stays open. Clear it with "
            f"'adjudicator gm clear-dice {game} {shell_key}' (by mail: CLEAR DICE {key}), load values "
            "that fit if you want them, and adjudicate again"
        )
