"""From a mail body to numbered order lines: envelope, comments, quotes, signature, commands."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from adjudicator.cleantext import clean_text

_ENVELOPE_KEYS = ("GAME", "POWER", "SECRET", "WINDOW")
_ENVELOPE_RE = re.compile(r"^(GAME|POWER|SECRET|WINDOW)\s+(\S+)", re.IGNORECASE)
_SECRET_WORD = re.compile(r"(?<![\w-])(SECRET(?:[ \t]*=[ \t]*|[ \t]+))(?![ \t:=])\S+", re.IGNORECASE)
_SECRET_LEAD = re.compile(r"^([ \t]*SECRET[ \t]*[:=][ \t]*)\S+", re.IGNORECASE)


SECRET_PLACEHOLDER = "<your secret>"
"""What the order template of a report writes for the secret (report/order_template.py), which is
never printed; a template mailed back with it unchanged is told to put the secret in its place."""
_PLACEHOLDER = re.compile(r"<\s*your[\s_-]*secret\s*>", re.IGNORECASE)
_PLACEHOLDER_WORDS = frozenset({"<your-secret>", "your-secret", "<secret>", "your_secret", "<your_secret>"})


PLACEHOLDER_REFUSAL = (
    f"replace {SECRET_PLACEHOLDER} with your secret (mailed to you when you joined the game)"
)


def is_placeholder(secret: str) -> bool:
    """Whether an envelope's SECRET is the template's placeholder (or HELP's ``your-secret``)."""
    return secret.lower() in _PLACEHOLDER_WORDS


def redact_secrets(text: str) -> str:
    """``text`` with every token that may be a secret replaced by ``***``: a word after ``SECRET``
    anywhere before a line's first ':' (a stray envelope line, an envelope pasted after an order),
    and ``SECRET: word`` opening a line. What follows ':' is free text (a pact's terms may say
    "secret"); ``SECRET`` ending a pact's length (``FOR 3 TURNS SECRET: terms``) is left alone."""
    out = []
    for line in text.split("\n"):
        head, colon, tail = line.partition(":")
        line = _SECRET_WORD.sub(r"\1***", head) + colon + tail
        out.append(_SECRET_LEAD.sub(r"\1***", line))
    return "\n".join(out)


def has_envelope(text: str) -> bool:
    """Whether ``text`` has the envelope's ``GAME game-id`` (outside comments and quotes)."""
    for raw in text.splitlines():
        match = _ENVELOPE_RE.match(raw.split("#", 1)[0].strip())
        if match and match.group(1).upper() == "GAME":
            return True
    return False


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
            pairs = _envelope_pairs(_PLACEHOLDER.sub("<your-secret>", line).split())
            if pairs is None:
                out.problems.append(
                    (number, redact_secrets(raw.strip()), "expected 'GAME id POWER id SECRET token'")
                )
                continue
            out.envelope.update(pairs)
            continue
        upper = " ".join(line.upper().split())
        if upper == "READY":
            out.ready = True
        elif upper == "NOT READY":
            out.ready = False
        else:
            out.lines.append((number, redact_secrets(line)))  # never quoted back nor stored in clear
    return out


def _envelope_pairs(tokens: list[str]) -> list[tuple[str, str]] | None:
    """``GAME g POWER p SECRET s`` as (key, value) pairs, or None if the line is no envelope.

    Every key takes one word, except POWER, which may name a kingdom in several (``POWER Regno di
    Ungheria``): its value runs to the next envelope keyword."""
    pairs: list[tuple[str, list[str]]] = []
    for token in tokens:
        if token.upper() in _ENVELOPE_KEYS:
            pairs.append((token.upper(), []))
        elif pairs and (not pairs[-1][1] or pairs[-1][0] == "POWER"):
            pairs[-1][1].append(token)
        else:
            return None
    if not pairs or any(not words for _, words in pairs):
        return None
    return [(key, " ".join(words)) for key, words in pairs]
