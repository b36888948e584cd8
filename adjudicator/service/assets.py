"""Content stored once: a window's map PNG, and a report's large parts, kept in ``assets``.

Every report of a window shows the same board PNG; copied into each outbox row it was half of every
row (issue 18). An attachment record may hold ``"asset": digest`` instead of its ``text`` or
``base64``: the content is one ``assets`` row, keyed by the SHA-256 of the bytes as mailed, written
once whatever the number of mails (and of processes) that store it. A report's text and HTML parts
are kept the same way, as one JSON asset (``Outbox.body_asset``). Text is kept zlib-compressed (a
report's JSON and HTML shrink about tenfold); a PNG, already compressed, as it is.

Only reports use assets: a mail that carries a secret (a welcome, a briefing) keeps its content in
its row, where the sender's redaction (mail/outbox_redact.py) masks it once it is settled.

The sender fills a row's content back in at send time (:func:`with_content`), on a copy of the row:
the stored row keeps its references.
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel import Session, col, select

from adjudicator.store.models import Asset, Outbox, utcnow

INLINE_LIMIT = 4096
"""A text part up to this many characters stays in its row (an .ics, an order template)."""
TEXT_TYPES = ("text/", "application/json")


def store_asset(session: Session, data: bytes, *, compress: bool) -> str:
    """Keep ``data`` once in the caller's transaction; its digest. Two transactions storing the same
    content at once both succeed (``ON CONFLICT DO NOTHING``): the content is the same."""
    digest = hashlib.sha256(data).hexdigest()
    values = {
        "digest": digest,
        "compressed": compress,
        "size": len(data),
        "data": zlib.compress(data, 6) if compress else data,
        "created_at": utcnow(),
    }
    dialect = session.get_bind().dialect.name
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    table = Asset.__table__  # type: ignore[attr-defined]
    session.execute(insert(table).values(**values).on_conflict_do_nothing(index_elements=["digest"]))
    return digest


def stored_attachments(session: Session, attachments: Iterable[dict[str, str]]) -> list[dict[str, str]]:
    """``attachments`` with each binary part, and each text part over ``INLINE_LIMIT``, kept as an
    asset and named by its digest; the small ones as they are."""
    out = []
    for item in attachments:
        if "base64" in item:
            data, compress = base64.b64decode(item["base64"]), False
        elif len(item.get("text", "")) > INLINE_LIMIT:
            data, compress = item["text"].encode("utf-8"), True
        else:
            out.append(item)
            continue
        kept = {k: v for k, v in item.items() if k not in ("base64", "text")}
        out.append({**kept, "asset": store_asset(session, data, compress=compress)})
    return out


def asset_bytes(session: Session, digests: Iterable[str]) -> dict[str, bytes]:
    """The content of each asset named, as mailed."""
    wanted = set(digests)
    if not wanted:
        return {}
    rows = session.exec(select(Asset).where(col(Asset.digest).in_(wanted)))
    found = {a.digest: zlib.decompress(a.data) if a.compressed else a.data for a in rows}
    missing = wanted - set(found)
    if missing:
        raise LookupError(f"asset {sorted(missing)[0]} is not in the store")
    return found


def _filled(item: dict[str, str], content: dict[str, bytes]) -> dict[str, str]:
    if "asset" not in item:
        return item
    data = content[item["asset"]]
    kept = {k: v for k, v in item.items() if k != "asset"}
    if item.get("content_type", "").startswith(TEXT_TYPES):
        return {**kept, "text": data.decode("utf-8")}
    return {**kept, "base64": base64.b64encode(data).decode("ascii")}


def with_content(session: Session, row: Outbox) -> Outbox:
    """A detached copy of ``row`` with its assets filled in (its bodies, each attachment's
    ``text`` or ``base64``): the message the row stands for, as the composer needs it."""
    names = [a["asset"] for a in row.attachments if "asset" in a]
    if row.body_asset:
        names.append(row.body_asset)
    if not names:
        return row
    content = asset_bytes(session, names)
    copy = Outbox.model_validate(row.model_dump())
    copy.attachments = [_filled(a, content) for a in row.attachments]
    if row.body_asset:
        bodies = json.loads(content[row.body_asset])
        copy.body_text, copy.body_html = bodies["text"], bodies["html"]
    return copy


def assets_of(rows: Sequence[Outbox]) -> set[str]:
    """The digests the rows reference."""
    found = {a["asset"] for r in rows for a in r.attachments if "asset" in a}
    return found | {r.body_asset for r in rows if r.body_asset}


def asset_size(session: Session, digests: Iterable[str]) -> int:
    """Bytes the named assets take as stored (compressed or not)."""
    wanted = set(digests)
    if not wanted:
        return 0
    rows: Any = session.exec(select(Asset).where(col(Asset.digest).in_(wanted)))
    return sum(len(a.data) for a in rows)
