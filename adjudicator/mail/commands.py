"""A mail body to a request: the envelope, the order lines and the mail commands, with line numbers.

The same reading serves players and the GM, before anything is authenticated: this module is pure
(no database), so every way a body can be malformed is testable on its own. Orders are left as
text for the ruleset's parser; commands are checked here for their own syntax (dates, time zones,
numbers), and a bad one is reported with its line, never guessed at.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from datetime import date
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from adjudicator.orders.commands import SPECS
from adjudicator.orders.text import OrderText, split_order_text

GM_VERBS = frozenset(s.verb for s in SPECS if s.gm and s.verb != "EDIT") | {"SET", "GRANT", "GIVE"}
_PLAYER_WORDS = frozenset({"ORDERS", "OPTIONS", "STATE", "HELP", "ABSENCE", "TIMEZONE"})
_MESSAGE_VERBS = ("PRESS", "BROADCAST")
_SIGNATURE = re.compile(r"^--\s*$")
MAX_EXTEND_HOURS = 24 * 366
"""EXTEND moves a deadline by at most a year: further is a typo, and past a few thousand years the
clock arithmetic overflows."""
ABSENCE_YEARS = (2000, 2999)
"""The years an ABSENCE may name (a date near 9999-12-31 overflows when a day is added to it)."""
MAX_DIE_DIGITS = 9


@dataclass(frozen=True)
class Command:
    """One command line of a mail."""

    verb: str
    """The canonical verb: ``PRESS``, ``LOAD DICE``, ``NEW-SECRET``, ``EDIT`` (a GM edit line) …"""
    args: tuple[str, ...]
    line_no: int
    line: str
    text: str = ""
    """The message of a PRESS or BROADCAST: the rest of the mail after its line."""


@dataclass
class MailRequest:
    """What a mail body asks for."""

    orders: OrderText
    """The envelope, READY / NOT READY and the order lines, as ``split_order_text`` reads them."""
    commands: list[Command] = field(default_factory=list)
    problems: list[tuple[int, str, str]] = field(default_factory=list)
    """Lines that could not be read: (line number, the line, why)."""
    gm_lines: list[tuple[int, str]] = field(default_factory=list)
    """GM-only command lines found in a mail that does not say ``POWER gm``."""

    @property
    def envelope(self) -> dict[str, str]:
        return self.orders.envelope

    @property
    def from_gm(self) -> bool:
        return self.envelope.get("POWER", "").lower() == "gm"


def _verb(line: str) -> tuple[str, list[str]]:
    words = line.split()
    head = words[0].upper()
    if head in ("LOAD", "CLEAR") and len(words) > 1 and words[1].upper() == "DICE":
        return f"{head} DICE", words[2:]
    if head == "END" and len(words) > 1 and words[1].upper() == "GAME":
        return "END GAME", words[2:]
    return head, words[1:]


def split_message(text: str) -> tuple[str, tuple[int, str, str] | None]:
    """The body before a PRESS/BROADCAST line, and (its number, the line, the message after it)."""
    lines = text.splitlines()
    for index, raw in enumerate(lines):
        if _SIGNATURE.match(raw.rstrip()) or raw.startswith("-- "):
            break
        stripped = raw.split("#", 1)[0].strip()
        if stripped.startswith(">") or not stripped:
            continue
        if stripped.split()[0].upper() in _MESSAGE_VERBS:
            rest: list[str] = []
            for line in lines[index + 1 :]:
                if _SIGNATURE.match(line.rstrip()) or line.startswith("-- "):
                    break
                rest.append(line)
            message = "\n".join(rest).strip("\n")
            return "\n".join(lines[:index]), (index + 1, stripped, message)
    return text, None


def check_zone(name: str) -> str | None:
    """Why ``name`` is not a time zone, or None."""
    if name.upper() == "UTC":
        return None
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return f"unknown time zone {name!r}: expected an IANA name such as Europe/Rome or America/New_York"
    return None


def _whole(word: str) -> bool:
    """ASCII digits, few enough for ``int()`` (which takes ``²`` as a digit and refuses 4,300 of them)."""
    return word.isascii() and word.isdigit() and len(word) <= MAX_DIE_DIGITS


def _check(verb: str, args: list[str]) -> str | None:
    """Why a command's arguments are wrong, or None."""
    no_args = {"ORDERS", "OPTIONS", "STATE", "HELP", "PAUSE", "RESUME", "BROADCAST", "DICE"}
    if verb in no_args and args:
        return f"{verb} takes nothing after it"
    if verb == "ABSENCE":
        if len(args) != 2:
            return "expected ABSENCE YYYY-MM-DD YYYY-MM-DD (first and last day away)"
        try:
            first, last = date.fromisoformat(args[0]), date.fromisoformat(args[1])
        except ValueError:
            return "expected dates as YYYY-MM-DD, e.g. ABSENCE 2025-03-01 2025-03-09"
        low, high = ABSENCE_YEARS
        if not (low <= first.year <= high and low <= last.year <= high):
            return f"expected dates in the years {low} to {high}"
        return "the first day comes after the last" if first > last else None
    if verb == "TIMEZONE":
        return (
            "expected TIMEZONE Area/City, e.g. TIMEZONE Europe/Rome"
            if len(args) != 1
            else check_zone(args[0])
        )
    if verb == "PROCESS" and len(args) > 1:
        return "expected PROCESS, PROCESS window (its label or id) or PROCESS ROUND"
    if verb == "ROLLBACK" and len(args) != 1:
        return "expected ROLLBACK window (a label such as T2.bids, or an id)"
    if verb == "LOAD DICE" and (len(args) < 2 or not all(_whole(a) for a in args[1:])):
        return "expected LOAD DICE key v v v (a phase such as T2.taxes or *, then whole numbers)"
    if verb == "CLEAR DICE" and len(args) > 1:
        return "expected CLEAR DICE (all of them) or CLEAR DICE key, e.g. CLEAR DICE T2.taxes"
    if verb == "EXTEND":
        whole = len(args) == 2 and args[0].upper() == "ROUND"  # EXTEND ROUND hours: a round's cap
        try:
            hours = float(args[-1]) if len(args) == 1 or whole else -1.0
        except ValueError:
            hours = -1.0
        if not (math.isfinite(hours) and hours > 0):
            return "expected EXTEND hours or EXTEND ROUND hours, e.g. EXTEND 24"
        return None if hours <= MAX_EXTEND_HOURS else f"EXTEND takes at most {MAX_EXTEND_HOURS} hours"
    if verb == "REPLACE" and (len(args) != 2 or "@" not in args[1]):
        return "expected REPLACE power address, e.g. REPLACE hungary new.king@example.org"
    if verb == "NEW-SECRET" and len(args) != 1:
        return "expected NEW-SECRET power"
    if verb == "ADDRESS" and (len(args) != 2 or "@" not in args[1]):
        return "expected ADDRESS power address, e.g. ADDRESS hungary king@example.org"
    return None


def _press(number: int, line: str, message: str, gm: bool) -> Command | tuple[int, str, str]:
    verb, args = _verb(line)
    if verb == "BROADCAST":
        if args:
            return (number, line, "BROADCAST takes nothing after it: the message is the rest of the mail")
        return Command("BROADCAST", (), number, line, message) if message else (number, line, "no message")
    if gm:
        return (number, line, "the GM writes to everyone with BROADCAST")
    if not args or args[0].upper() != "TO" or len(args) < 2:
        return (number, line, "expected PRESS TO power|ALL [ANONYMOUS], the message on the lines after it")
    words = " ".join(args[1:]).replace(",", " ").split()
    anonymous = bool(words) and words[-1].upper() == "ANONYMOUS"
    targets = tuple(w.lower() for w in (words[:-1] if anonymous else words))
    if not targets:
        return (number, line, "PRESS TO whom? expected a power or ALL")
    if not message.strip():
        return (number, line, "no message after the PRESS line")
    return Command("PRESS", (*targets, *(("ANONYMOUS",) if anonymous else ())), number, line, message)


def parse_request(body: str) -> MailRequest:
    """Take a mail body apart; never raises."""
    head, message = split_message(body)
    parsed = split_order_text(head)
    request = MailRequest(OrderText(envelope=parsed.envelope, ready=parsed.ready))
    request.problems.extend(parsed.problems)
    gm = request.from_gm
    for number, line in parsed.lines:
        verb, args = _verb(line)
        if verb not in _PLAYER_WORDS and verb not in GM_VERBS and not gm:
            request.orders.lines.append((number, line))
            continue
        if verb in GM_VERBS and not gm:
            request.gm_lines.append((number, line))
            continue
        if verb not in _PLAYER_WORDS and verb not in GM_VERBS:
            verb, args = "EDIT", line.split()
        problem = None if verb == "EDIT" else _check(verb, args)
        if problem:
            request.problems.append((number, line, problem))
        else:
            request.commands.append(Command(verb, tuple(args), number, line))
    if message is not None:
        made = _press(*message, gm)
        if isinstance(made, Command):
            request.commands.append(made)
        else:
            request.problems.append(made)
    return request


PLAYER_FOOTER = "Send HELP for the commands."
"""The last line of a refusal to a player."""


def gm_footer() -> str:
    """The last lines of a refusal to the GM: the GM's own commands, not the players' (issue 15)."""
    usages = ", ".join(s.usage for s in SPECS if s.gm)
    return f"GM commands (POWER gm, from the GM's address): {usages}.\nSend HELP for what each does."
