"""What a report mail carries besides its text and HTML parts, as outbox attachment records.

An outbox attachment is a dict of strings (the row is JSON): ``filename``, ``content_type`` and
either ``text`` or ``base64`` for binary content. ``cid`` marks a part the HTML shows inline
(``<img src="cid:map">``): the composer puts it in a ``multipart/related`` with the HTML part.
"""

from __future__ import annotations

import base64

from adjudicator.core.view import GM
from adjudicator.report.render import MAP_CID, REGION_CID, RenderedReport


def _png(filename: str, png: bytes, cid: str) -> dict[str, str]:
    return {
        "filename": filename,
        "content_type": "image/png",
        "base64": base64.b64encode(png).decode("ascii"),
        "cid": cid,
    }


def report_attachments(rendered: RenderedReport, game: str, label: str, viewer: str) -> list[dict[str, str]]:
    """The maps' PNGs (inline: the reader's close-up, the whole board), the JSON (a power's own:
    the GM's is the whole state, which ``adjudicator report`` writes), the order template.

    The HTML report file is not attached: the mail's HTML part is the same report, and with its
    inline SVG it would take a mail of ten powers over 500 KB (``adjudicator report --out`` and
    the archive write it)."""
    stem = f"{game}-{label}-{viewer}"
    out: list[dict[str, str]] = []
    if rendered.png is not None:
        if rendered.region_png is not None:
            out.append(_png("region.png", rendered.region_png, REGION_CID))
        out.append(_png("map.png", rendered.png, MAP_CID))
    if viewer != GM:
        out.append({"filename": f"{stem}.json", "content_type": "application/json", "text": rendered.json})
    if rendered.order_template:
        template = rendered.order_template
        out.append({"filename": f"orders-{stem}.txt", "content_type": "text/plain", "text": template})
    return out
