"""The mail commands' table and HELP's text: what each command is called, how it is typed, and one
line on what it does. Neutral ground (no mail, no store): the mail layer parses commands with it,
and the service quotes HELP in its welcome mail, without the service importing the mail layer.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CommandSpec:
    """One mail command: what the player types, and one line on what it does (HELP, orders/mail.md)."""

    verb: str
    usage: str
    summary: str
    gm: bool = False


SPECS = (
    CommandSpec(
        "READY", "READY", "you are done; the window (or step) resolves early once everyone in it is READY"
    ),
    CommandSpec("NOT READY", "NOT READY", "take READY back"),
    CommandSpec("ORDERS", "ORDERS", "send me my current orders for the open window"),
    CommandSpec("OPTIONS", "OPTIONS", "send me the orders I can give in the open window"),
    CommandSpec("STATE", "STATE", "send me my current view of the game"),
    CommandSpec("HELP", "HELP", "send me this list"),
    CommandSpec(
        "PRESS",
        "PRESS TO power|ALL [ANONYMOUS]",
        "forward the rest of the mail to a power (or several, comma-separated) or to all; "
        "ANONYMOUS only where the game allows it",
    ),
    CommandSpec("ABSENCE", "ABSENCE YYYY-MM-DD YYYY-MM-DD", "announce an absence, within the game's budget"),
    CommandSpec("TIMEZONE", "TIMEZONE Area/City", "show deadlines in this time zone (e.g. Europe/Rome)"),
    CommandSpec(
        "PROCESS",
        "PROCESS [window|ROUND]",
        "resolve the open window (or step) now, only if it is the one named; ROUND: every step left "
        "in the round",
        True,
    ),
    CommandSpec("ROLLBACK", "ROLLBACK window", "return to the start of an earlier window", True),
    CommandSpec("END GAME", "END GAME [why]", "end the game now: final scores, report and seed to all", True),
    CommandSpec("BROADCAST", "BROADCAST", "send the rest of the mail to every power", True),
    CommandSpec(
        "LOAD DICE", "LOAD DICE key v v v", "script the next rolls of a phase (T2.taxes) or of *", True
    ),
    CommandSpec("DICE", "DICE", "send me the loaded dice not yet rolled", True),
    CommandSpec("CLEAR DICE", "CLEAR DICE [key]", "take back the dice loaded for a key, or all", True),
    CommandSpec(
        "EXTEND",
        "EXTEND [ROUND] hours",
        "move the deadline of the open window (or step) later; ROUND: the cap of the step-by-step round",
        True,
    ),
    CommandSpec("PAUSE", "PAUSE", "stop the clock", True),
    CommandSpec("RESUME", "RESUME", "start the clock again", True),
    CommandSpec("REPLACE", "REPLACE power address", "hand a power to a new player (mails a briefing)", True),
    CommandSpec("NEW-SECRET", "NEW-SECRET power", "reset a power's secret and mail it the new one", True),
    CommandSpec(
        "ADDRESS", "ADDRESS power address", "the same player's new address (the old one is told)", True
    ),
    CommandSpec(
        "EDIT", "SET … / GRANT … / GIVE … (any GM edit)", "edit the state; logged and announced", True
    ),
)


def help_text() -> str:
    """The reply to HELP: every command in one line each, and where the full description is."""
    width = max(len(s.usage) for s in SPECS)
    players = [f"  {s.usage:<{width}}  {s.summary}" for s in SPECS if not s.gm]
    gm = [f"  {s.usage:<{width}}  {s.summary}" for s in SPECS if s.gm]
    return "\n".join(
        [
            "Every mail opens with the envelope:",
            "  GAME game-id POWER your-power SECRET your-secret",
            "then your orders, one a line (see orders/medioevo.md), and any of these commands:",
            *players,
            "",
            "The GM writes with POWER gm and the GM secret, from the GM's address:",
            *gm,
            "",
            "Lines quoted with '>' and everything after a '-- ' signature line are ignored.",
            "The full description is in orders/mail.md; the orders are in orders/medioevo.md.",
        ]
    )
