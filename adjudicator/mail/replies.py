"""Where the player's own text ends in a reply: the quoted mail under it is not theirs to submit.

Clients that quote with ``>`` are handled line by line (orders/text.py skips quoted lines). Others
paste the old mail below the new text unquoted: Outlook under a ``From: … Sent: …`` block (in the
reader's language: ``Da: … Inviato: …``, ``Von: … Gesendet: …``, ``De : … Envoyé : …``) or an
``-----Original Message-----`` line; Gmail under ``On … wrote:`` (Italian ``Il … ha scritto:``,
German ``Am … schrieb …:``, French ``Le … a écrit :``), a line it may wrap in two; and a player may
paste the judge's own receipt or report. Read as orders, an Outlook reply to a receipt re-submitted
the old receipt's orders and merged them with the new ones. So the text is cut at the first such
marker that is not itself quoted, together with the rule and blank lines just above it.

The judge's own texts are recognised by their first lines: the receipt's (mail/receipt.py
``render_receipt``), the report's (templates/report.txt.j2), "your move"'s (service/yourmove.py),
and the refusals' (mail/gateway.py,
mail/orders.py, mail/guard.py); tests/mail/test_mail_text.py renders them, so a change of wording
there fails a test rather than quietly letting pasted receipts through. Pure: text in, text out.
"""

from __future__ import annotations

import re

_ATTRIBUTION = re.compile(
    r"^\s*(?:On\s.+\swrote|Il\s.+\sha\s+scritto|Am\s.+\sschrieb(?:\s.*)?|Le\s.+\sa\s+[ée]crit"
    r"|El\s.+\sescribi[óo]|Op\s.+\sschreef(?:\s.*)?|Em\s.+\sescreveu)\s*:\s*$",
    re.IGNORECASE,
)
_OPENERS = re.compile(r"^\s*(?:On|Il|Am|Le|El|Op|Em)\s", re.IGNORECASE)
_ORIGINAL = re.compile(
    r"^\s*-{2,}\s*(?:Original Message|Messaggio originale|Urspr[üu]ngliche Nachricht|Message d'origine"
    r"|Mensaje original|Oorspronkelijk bericht)\s*-{2,}\s*$",
    re.IGNORECASE,
)
_HEADER_FROM = re.compile(r"^\s*\*?(?:From|Da|Von|De|Van|Från|Fra|Od|Lähettäjä)\s*\*?\s*:", re.IGNORECASE)
_HEADER_SENT = re.compile(
    r"^\s*\*?(?:Sent|Date|Inviato|Data|Gesendet|Datum|Envoy[ée]|Verzonden|Skickat|Sendt|Enviado|Wysłano"
    r"|Lähetetty)\s*\*?\s*:",
    re.IGNORECASE,
)
_OWN = re.compile(
    r"^\s*(?:Orders of \S+ for \S+, window \S+ \(version \d+, hash \w+\)"
    r"|\S+: report of window \S+ for \S|Window \S+ is resolved[;.]"
    r"|Your mail was refused and nothing was stored|It is your move in \S+: step \S+\.$"
    r"|No order of your mail was accepted, so nothing was stored)",
)
_RULE = re.compile(r"^\s*(?:_{4,}|-{4,}|={4,}|(?:\*\s*){3,})\s*$")
HEADER_REACH = 4
"""How many lines below ``From:`` Outlook's ``Sent:`` may stand (``To:`` and ``Cc:`` come after it)."""


def _quoted(line: str) -> bool:
    return line.lstrip().startswith(">")


def reply_start(lines: list[str]) -> int | None:
    """The index of the first line that opens a quoted or pasted mail, or None."""
    for i, line in enumerate(lines):
        if _quoted(line) or not line.strip():
            continue
        if _ATTRIBUTION.match(line) or _ORIGINAL.match(line) or _OWN.match(line):
            return i
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if _OPENERS.match(line) and not _quoted(nxt) and _ATTRIBUTION.match(f"{line} {nxt}"):
            return i  # an attribution the client wrapped over two lines
        if _HEADER_FROM.match(line) and any(
            _HEADER_SENT.match(below) for below in lines[i + 1 : i + 1 + HEADER_REACH]
        ):
            return i
    return None


def cut_reply(text: str) -> tuple[str, bool]:
    """``text`` up to the first reply marker (rules and blank lines above it dropped), and whether
    it was cut."""
    lines = text.split("\n")
    start = reply_start(lines)
    if start is None:
        return text, False
    while start > 0 and (not lines[start - 1].strip() or _RULE.match(lines[start - 1])):
        start -= 1
    return "\n".join(lines[:start]) + "\n", True
