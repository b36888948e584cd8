"""Secrets at rest in the outbox: a sent mail's stored copy keeps no secret in clear.

A welcome, a new-secret mail and a replacement player's briefing carry a power's (or the GM's)
secret, because that mail is the only way the player learns it. The database keeps secrets only
hashed, so once such a row is settled for good (sent, or given up on) its stored subject, bodies
and attachments must not hold it either. Until then the row keeps it: a retry, or a resend of a row
whose sender died, has to carry the same secret.

How the sender knows: every mail that carries a secret shows it in the envelope line a player is to
copy, ``GAME <game> POWER <power> SECRET <secret>`` for the row's own game (the help text's
placeholder names no real game, so it is not taken for one). Each secret found that way is replaced
by ``***`` wherever it occurs in the row, as the stored order text has it (``redact_secret``).
"""

from __future__ import annotations

import logging
import re
from typing import Any

from adjudicator.store.models import Outbox

log = logging.getLogger(__name__)

MASK = "***"
SECRET_KINDS = frozenset({"welcome", "secret", "briefing"})
"""The kinds the judge puts a secret in; the envelope line is looked for in every row all the same,
and a row of these kinds without one is logged (its text no longer has the line this relies on)."""


def secrets_in(row: Outbox) -> set[str]:
    """The secrets ``row`` carries: those of envelope lines for its own game."""
    if not row.game_id:
        return set()
    envelope = re.compile(
        rf"\bGAME\s+{re.escape(row.game_id)}\s+POWER\s+\S+\s+SECRET\s+(\S+)", flags=re.IGNORECASE
    )
    found: set[str] = set()
    for text in (row.body_text, row.body_html or ""):
        found.update(m.group(1) for m in envelope.finditer(text))
    found.discard(MASK)
    return found


def _mask(text: str, found: set[str]) -> str:
    for secret in sorted(found, key=len, reverse=True):
        text = text.replace(secret, MASK)
    return text


def redacted(row: Outbox) -> dict[str, Any]:
    """The columns of ``row`` to store once it is settled: nothing when it carries no secret."""
    found = secrets_in(row)
    if not found:
        if row.kind in SECRET_KINDS:
            log.warning("outbox row %s (%s): no envelope line with a secret to redact", row.id, row.kind)
        return {}
    attachments = [
        {key: value if key == "base64" else _mask(value, found) for key, value in item.items()}
        for item in row.attachments
    ]
    return {
        "subject": _mask(row.subject, found),
        "body_text": _mask(row.body_text, found),
        "body_html": _mask(row.body_html, found) if row.body_html is not None else None,
        "attachments": attachments,
    }
