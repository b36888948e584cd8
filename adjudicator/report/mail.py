"""What a report mail carries besides its text and HTML parts, as outbox attachment records.

An outbox attachment is a dict of strings (the row is JSON): ``filename``, ``content_type`` and
either ``text`` or ``base64`` for binary content. ``cid`` marks a part the HTML shows inline
(``<img src="cid:map">``): the composer puts it in a ``multipart/related`` with the HTML part.
"""

from __future__ import annotations

import base64

from adjudicator.report.render import MAP_CID, REGION_CID, RenderedReport


def report_attachments(rendered: RenderedReport, game: str, label: str, viewer: str) -> list[dict[str, str]]:
    """The maps' PNGs (inline: the reader's close-up, the whole board), the full HTML report with its
    SVG map, the JSON, the order template."""
    stem = f"{game}-{label}-{viewer}"
    out: list[dict[str, str]] = []
    if rendered.region_png is not None and rendered.png is not None:
        out.append(
            {
                "filename": "region.png",
                "content_type": "image/png",
                "base64": base64.b64encode(rendered.region_png).decode("ascii"),
                "cid": REGION_CID,
            }
        )
    if rendered.png is not None:
        out.append(
            {
                "filename": "map.png",
                "content_type": "image/png",
                "base64": base64.b64encode(rendered.png).decode("ascii"),
                "cid": MAP_CID,
            }
        )
    out.append({"filename": f"{stem}.html", "content_type": "text/html", "text": rendered.html})
    out.append({"filename": f"{stem}.json", "content_type": "application/json", "text": rendered.json})
    if rendered.order_template:
        template = rendered.order_template
        out.append({"filename": f"orders-{stem}.txt", "content_type": "text/plain", "text": template})
    return out
