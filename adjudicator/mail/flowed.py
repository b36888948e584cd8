"""format=flowed text (RFC 3676) back to the lines the player typed.

Thunderbird, neomutt and Apple Mail send ``text/plain; format=flowed``: a long line is broken
into several, each but the last ending in a space (a *soft* break). Read as sent, a long PACT's
terms were cut at the first break and the rest refused as a line of its own. This module joins
soft-broken lines into the player's logical lines, which are the lines the receipt numbers
(docs/mail.md). It follows RFC 3676 §4: the quote depth is the count of leading ``>``; one space
after it is *space-stuffing* and is removed (§4.4); a line ending in a space is flowed unless it is
the signature separator ``-- `` (§4.3); with ``DelSp=yes`` the space before a soft break was added
by the client and is deleted (§4.2); a flowed line followed by a line of another quote depth ends
its paragraph (§4.5). Pure: text in, text out.
"""

from __future__ import annotations

from email.message import Message

SIGNATURE = "-- "


def is_flowed(part: Message) -> tuple[bool, bool]:
    """Whether a text/plain part is format=flowed, and whether it says DelSp=yes."""
    flowed = str(part.get_param("format", "") or "").lower() == "flowed"
    delsp = str(part.get_param("delsp", "") or "").lower() == "yes"
    return flowed, flowed and delsp


def unflow(text: str, *, delsp: bool = False) -> str:
    """``text`` (line ends ``\\n``) with its soft line breaks joined (RFC 3676 §4)."""
    out: list[str] = []
    depth_open, parts = 0, list[str]()  # the open paragraph: its quote depth and its pieces so far
    for line in text.split("\n"):
        depth = len(line) - len(line.lstrip(">"))
        content = line[depth:]
        if content.startswith(" "):
            content = content[1:]  # space-stuffing, or the space of "> " quoting
        if parts and (depth_open != depth or content == SIGNATURE):
            out.append(_quoted(depth_open, "".join(parts)))  # flowed before another depth: fixed (§4.5)
            parts = []  # and the signature separator always stands on its own line
        flowed = content.endswith(" ") and content != SIGNATURE
        parts.append(content[:-1] if flowed and delsp else content)
        depth_open = depth
        if not flowed:
            out.append(_quoted(depth, "".join(parts)))
            parts = []
    if parts:
        out.append(_quoted(depth_open, "".join(parts)))
    return "\n".join(out)


def _quoted(depth: int, text: str) -> str:
    return (">" * depth + " " + text) if depth else text
