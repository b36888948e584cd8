"""What each viewer may see of a Krieg und Frieden state (digest §6).

Public: seats, Counsellor, houses, seals, privileges (face up, L62), the cathedral, the agenda card
on the table, the bids (face up, L52), the discard pile (face up), the sizes of the deck and of
every hand (K14). Private to a noble: its resource cards (and which of them defend only, L107), its
agenda cards, its standing orders. The GM sees everything, the deck's order included.
"""

from __future__ import annotations

from typing import Any

from adjudicator.core.view import GM
from adjudicator.rulesets.kriegundfrieden import cards as cd
from adjudicator.rulesets.kriegundfrieden.common import standing_lines
from adjudicator.rulesets.kriegundfrieden.components import RESOURCES
from adjudicator.rulesets.kriegundfrieden.state import KufState


def _hand(counts: cd.Counts) -> dict[str, int]:
    return dict(zip(RESOURCES, counts, strict=True))


def view(state: KufState, viewer: str) -> dict[str, Any]:
    """The public table, ``viewer``'s own secrets; for the GM every noble's and, under ``state``,
    the whole state (the deck's order too)."""
    tables = state.tables
    nobles: dict[str, Any] = {}
    for power in state.seats:
        me = state.player(power)
        public: dict[str, Any] = {
            "outer": me.outer,
            "inner": me.inner,
            "unused": 6 - me.outer - me.inner,
            "vp": me.vp,
            "privileges": list(me.privileges),
            "cards": cd.size(me.hand),
            "agenda_cards": len(me.agenda),
        }
        if power == viewer or viewer == GM:
            public["hand"] = _hand(me.hand)
            public["defence_only"] = _hand(me.guard)
            public["agenda"] = [cd.card_name(c, tables) for c in me.agenda]
            public["standing"] = list(standing_lines(state, power))
        nobles[power] = public
    auction = None
    if state.auction is not None:
        a = state.auction
        auction = {
            "order": list(a.order),
            "high": a.high,
            "leader": a.leader,
            "passed": list(a.passed),
            "bids": {p: [cd.describe(b) for b in bs] for p, bs in a.batches.items()},
        }
    pending = state.pending
    full = {"state": state.to_json()} if viewer == GM else {}
    return {
        **full,
        "seats": list(state.seats),
        "year": state.turn,
        "season": state.season,
        "counsellor": state.counsellor,
        "agenda": cd.card_name(state.agenda_card, tables) if state.agenda_card else None,
        "agenda_values": dict(zip(RESOURCES, tables.values[cd.agenda_type(state.agenda_card)], strict=True))
        if state.agenda_card
        else None,
        "cathedral": {
            "built": state.cathedral,
            "pieces": list(tables.pieces),
            "vp": list(tables.cathedral_vp),
        },
        "removed": [cd.card_name(c, tables) for c in state.removed],
        "nobles": nobles,
        "scrolls": _hand(state.scrolls),
        "deck": len(state.deck),
        "discards": _hand(state.discards),
        "auction": auction,
        "waiting_for": {"kind": pending.kind, "powers": list(pending.powers), "about": pending.about}
        if pending
        else None,
        "values": {k: list(v) for k, v in tables.values.items()},
        "winners": list(state.winners),
        "ending": state.ending,
    }
