"""Text from outside (mail, order files) made storable on every store we support.

PostgreSQL refuses a NUL character in a text column (and in a JSON string), and no driver can
encode a lone surrogate (what the email package leaves for undecodable header bytes) as UTF-8.
Such text is never what a player meant, so it is cleaned where it comes in, once, and everything
derived from it (order text, issues, receipts, the inbound log) stays storable on SQLite and
PostgreSQL alike.
"""

from __future__ import annotations

import re

_SURROGATES = re.compile("[\ud800-\udfff]")


def clean_text(text: str) -> str:
    """``text`` without NUL characters, each lone surrogate replaced by U+FFFD."""
    if "\x00" in text:
        text = text.replace("\x00", "")
    return _SURROGATES.sub("\ufffd", text)
