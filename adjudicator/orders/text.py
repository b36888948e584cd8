"""From a mail body to numbered order lines: envelope, comments, quotes, signature, commands."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from adjudicator.cleantext import clean_text

_ENVELOPE_KEYS = ("GAME", "POWER", "SECRET", "WINDOW")
_ENVELOPE_RE = re.compile(r"^(GAME|POWER|SECRET|WINDOW)\s+(\S+)", re.IGNORECASE)


@dataclass
class OrderText:
    """A mail body taken apart: the envelope, the commands and the order lines (numbered as sent)."""

    envelope: dict[str, str] = field(default_factory=dict)
    ready: bool | None = None
    lines: list[tuple[int, str]] = field(default_factory=list)
    problems: list[tuple[int, str, str]] = field(default_factory=list)


def split_order_text(text: str) -> OrderText:
    """Strip comments (``#``), quoted lines (``>``) and the signature (after ``-- ``).

    Envelope keywords may share a line (``GAME g POWER p SECRET s``) or stand on lines of their
    own; ``READY`` and ``NOT READY`` are commands, not orders. NUL characters are dropped (no store
    could keep the line otherwise).
    """
    out = OrderText()
    for number, raw in enumerate(clean_text(text).splitlines(), start=1):
        if raw.rstrip() == "--" or raw.startswith("-- "):
            break
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith(">"):
            continue
        if _ENVELOPE_RE.match(line):
            tokens = line.split()
            if len(tokens) % 2 or any(t.upper() not in _ENVELOPE_KEYS for t in tokens[::2]):
                out.problems.append((number, raw.strip(), "expected 'GAME id POWER id SECRET token'"))
                continue
            for key, value in zip(tokens[::2], tokens[1::2], strict=True):
                out.envelope[key.upper()] = value
            continue
        upper = " ".join(line.upper().split())
        if upper == "READY":
            out.ready = True
        elif upper == "NOT READY":
            out.ready = False
        else:
            out.lines.append((number, line))
    return out
