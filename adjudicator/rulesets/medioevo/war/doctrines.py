"""The powers' standing doctrines (docs/war.md §3.3; seed 002 L1701, L1731, L1736, L1760, L1816,
L1826, L2059-2065, L2075; rulings R99, R101).

:func:`apply_doctrines` stores each power's ``DOCTRINE`` lines in ``PowerState.doctrines`` (private,
R115) when its combat orders are resolved, first in the phase: a line replaces the standing clause
of the same scope and slot, ``CLEAR`` drops its scope's clauses; the others stand from turn to
turn. :func:`standing` reads them back for one place (and piece), the narrowest scope winning:
everywhere, then the territory or sea zone, then the transport. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war import clauses
from adjudicator.rulesets.medioevo.war.orders import DoctrineLine, Scope
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.records import DoctrineClause

_CARDS = re.compile(r"^CARDS (?P<rounds>\S+):.*?(?: IF (?P<when>.+))?$")
_TWO_WORDS = (
    "RETREAT BEFORE",
    "RETREAT DURING",
    "RETREAT TO",
    "RETREAT ON",
    "LAST ARMY",
    "HELP ALLIES",
    "HELP BARBARIANS",
)


def slot_of(text: str) -> str:
    """The slot of a stored clause's canonical text (``clauses`` ``slot``): what a later line of
    the same scope replaces."""
    cards = _CARDS.match(text)
    if cards:
        return f"CARDS {cards['rounds']}" + (f" IF {cards['when']}" if cards["when"] else "")
    if text.startswith("REACT "):
        return text
    head = next((w for w in _TWO_WORDS if text.startswith(w + " ")), None)
    return head or text.split(" ", 1)[0]


def _scope(line: DoctrineLine) -> tuple[str | None, str | None]:
    return (
        line.where if line.scope is Scope.IN else None,
        line.where if line.scope is Scope.ON else None,
    )


def apply_doctrines(state: MedioevoState, orders: Mapping[str, Sequence[Order]]) -> MedioevoState:
    """Every power's DOCTRINE lines stored in its ``doctrines``, in seat order (docs/war.md §4.2)."""
    for power in state.seats():
        lines = [o for o in orders.get(power, ()) if isinstance(o, DoctrineLine)]
        if not lines:
            continue
        kept = list(state.powers[power].doctrines)
        for line in lines:
            place, piece = _scope(line)
            same_scope = [d for d in kept if (d.place, d.piece) == (place, piece)]
            if isinstance(line.clause, clauses.Clear):
                kept = [d for d in kept if d not in same_scope]
                continue
            slot = line.clause.slot
            kept = [d for d in kept if d not in same_scope or slot_of(d.clause) != slot]
            kept.append(DoctrineClause(clause=line.clause.canonical(), place=place, piece=piece))
        state = state.with_power(power, doctrines=tuple(kept))
    return state


def standing(
    state: MedioevoState, power: str, data: DataSet, place: str | None = None, piece: str | None = None
) -> dict[str, clauses.DefenceClause]:
    """``power``'s clauses in force at ``place`` (and for its transport ``piece``), by slot: the
    narrowest scope wins (§3.3). The barbarians and unknown powers have none (R99's defaults)."""
    if power not in state.powers:
        return {}
    ranked = sorted(
        (d for d in state.powers[power].doctrines if _applies(d, place, piece)),
        key=lambda d: 0 if d.place is None and d.piece is None else 1 if d.piece is None else 2,
    )
    out: dict[str, clauses.DefenceClause] = {}
    for d in ranked:
        read = parse_war_lines(state, power, [(1, f"DOCTRINE {d.clause}")], data, strict=False)
        line = read.orders[0] if read.orders else None
        if isinstance(line, DoctrineLine):
            out[line.clause.slot] = line.clause
    return out


def _applies(d: DoctrineClause, place: str | None, piece: str | None) -> bool:
    if d.place is not None:
        return d.place == place
    if d.piece is not None:
        return d.piece == piece
    return True
