"""Order text -> ``UPGRADE <piece> <number> TO <level>`` (a transport or engine raised a level in
the purchases, seed 002 L825-835): the level by number, Roman numeral or the item's name."""

from __future__ import annotations

import re

from adjudicator.core.orders import IssueKind
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.order_names import (
    item_index,
    piece_class_index,
)
from adjudicator.rulesets.medioevo.orders import UpgradePiece
from adjudicator.rulesets.medioevo.parse_support import Reject, resolve
from adjudicator.rulesets.medioevo.pieces_state import catalogue, item_of, label

_UPGRADE = re.compile(r"^(?P<what>.+?)\s+(?P<n>\d+)\s+(?:TO|A)\s+(?P<to>.+?)\s*$", re.IGNORECASE)
_LEVEL = re.compile(r"^\s*(?:(?:LEVEL|LIVELLO|L)\s*)?(?P<n>[123]|III|II|I)\s*$", re.IGNORECASE)
_ROMAN = {"I": 1, "II": 2, "III": 3}
UPGRADE_USAGE = "expected UPGRADE <piece> <number> TO <level>, e.g. UPGRADE galley 2 TO 3"


def upgrade(text: str, data: DataSet) -> UpgradePiece:
    found = _UPGRADE.match(text.strip())
    if not found:
        raise Reject(IssueKind.SYNTAX, UPGRADE_USAGE)
    kind = resolve(piece_class_index(data), found["what"])
    level_text = _LEVEL.match(found["to"])
    if level_text:
        n = level_text["n"].upper()
        level = int(n) if n.isdigit() else _ROMAN[n]
    else:
        item = catalogue(data)[resolve(item_index(data), found["to"])]
        if item.kind != kind:
            raise Reject(IssueKind.ILLEGAL, f"a {kind.replace('_', ' ')} cannot become a {item.name}")
        level = item.level
    if item_of(data, kind, level) is None:
        raise Reject(IssueKind.ILLEGAL, f"there is no level {level} {kind.replace('_', ' ')}")
    return UpgradePiece(label(data, kind, int(found["n"])), level)
