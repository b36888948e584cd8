"""Which places a viewer's report map outlines in red: where the viewer fought, took or lost something.

The rule is generic on purpose: an event is picked when it names a place (a ``territory`` field,
a ``territories`` list, or a ``piece`` still on the map) and names the viewer in any other field
(``power``, ``owner``, ``by``, ``attacker``, ``defender``, a list of parties, the keys of a
losses table ...): a battle (``BattleFought``) and a conquest are picked up that way. The war's
own marks (arrows, swords, rings) are war/marks.py's, re-exported here for the ruleset.
Routine events that name a place (placing, buying, repairing, selling) are listed in ROUTINE and
left out, so a new event that is not routine is shown rather than missed. The GM and the public
see every event they are shown.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from adjudicator.core.events import Event
from adjudicator.core.view import GM, PUBLIC, PlayerView
from adjudicator.rulesets.medioevo.events import (
    ArmiesPlaced,
    BuildingBought,
    CathedralPlaced,
    PieceBought,
    Repaired,
)
from adjudicator.rulesets.medioevo.events_economy import AssetSold
from adjudicator.rulesets.medioevo.war.marks import war_marks as war_marks  # the war's arrows, swords, rings

ROUTINE = frozenset(
    e.kind for e in (ArmiesPlaced, CathedralPlaced, BuildingBought, PieceBought, Repaired, AssetSold)
)
PLACE_FIELDS = ("territory", "territories", "piece", "phase", "visibility")


def _strings(value: Any) -> Iterable[str]:
    """Every string in a field: itself, the items of a list, the keys and values of a table."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield str(key)
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def _piece_places(
    label: str, owners: set[str], data: Mapping[str, Any], piece_names: Mapping[str, str]
) -> list[str]:
    """Where the piece an event names (``galley 2`` of one of ``owners``) stands now; nowhere
    when it was lost."""
    out: list[str] = []
    for piece in data.get("pieces") or ():
        if not isinstance(piece, Mapping) or str(piece.get("owner")) not in owners:
            continue
        kind = str(piece.get("kind"))
        if f"{piece_names.get(kind, kind)} {piece.get('number')}" == label and piece.get("location"):
            out.append(str(piece["location"]))
    return out


def places(event: Event, data: Mapping[str, Any], piece_names: Mapping[str, str]) -> list[str]:
    """The territories (or sea zones) an event happened in."""
    payload = event.payload()
    found: list[str] = []
    if isinstance(payload.get("territory"), str):
        found.append(payload["territory"])
    found.extend(str(t) for t in payload.get("territories") or ())
    if isinstance(payload.get("piece"), str):
        owners = {str(payload[k]) for k in ("power", "owner") if payload.get(k)}
        found.extend(_piece_places(payload["piece"], owners, data, piece_names))
    return found


def involves(event: Event, viewer: str) -> bool:
    """Whether the event names ``viewer`` in a field other than where it happened."""
    payload = event.payload()
    return any(viewer in _strings(v) for k, v in payload.items() if k not in PLACE_FIELDS)


def highlighted(view: PlayerView, piece_names: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The places to outline on ``view``'s map, in the order the events name them.

    ``piece_names`` maps a piece kind to the word its label starts with (``galley``).
    """
    names = piece_names or {}
    out: dict[str, None] = {}
    for event in view.events:
        if event.kind in ROUTINE:
            continue
        where = places(event, view.data, names)
        if where and (view.viewer in (GM, PUBLIC) or involves(event, view.viewer)):
            out.update(dict.fromkeys(where))
    return tuple(out)
