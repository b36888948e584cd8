"""The diplomacy phase's card orders in mail text (seed 002 L2518-2756): ``PLAY <card>`` with its
clauses ``ON <power> [mode]``, ``FOR <what>``, ``IN <places>``, and the ``GIFT`` and ``CANCEL``
answers to a BARDO and a CASTELLANO. ON always names a power, IN always a place."""

from __future__ import annotations

import re

from adjudicator.core.orders import IssueKind
from adjudicator.orders.names import NameIndex
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.order_names import (
    barbarian_kingdom_index,
    building_index,
    item_index,
    territory_index,
)
from adjudicator.rulesets.medioevo.orders_diplomacy import CancelProtection, Gift, PlayDiplomacyCard
from adjudicator.rulesets.medioevo.parse_support import Reject, resolve

_CLAUSES = re.compile(
    r"^(?:ON\s+(?P<on>.+?))?\s*(?:(?:FOR|PER)\s+(?P<for>.+?))?\s*(?:IN\s+(?P<in>.+?))?\s*$", re.IGNORECASE
)
MODES = {
    "TRUCE": "truce",
    "TREGUA": "truce",
    "CB": "remove_cb",
    "REMOVE_CB": "remove_cb",
    "TRADE": "trade",
    "COMMERCIO": "trade",
    "PASSAGE": "passage",
    "PASSAGGIO": "passage",
    "ATTRAVERSAMENTO": "passage",
    "BOTH": "both",
    "ENTRAMBI": "both",
}
GIFTS = {  # GIULLARE's choices that are not a piece or a building (cards.toml options)
    "CARD": "empire_card",
    "CARTA": "empire_card",
    "EMPIRE_CARD": "empire_card",
    "TAXES": "double_taxes",
    "TASSE": "double_taxes",
    "DOUBLE_TAXES": "double_taxes",
}
CONQUEST = "annex_small_kingdom"  # PRINCIPESSA's mode that names a kingdom IN
_GIFT = re.compile(r"^(?P<n>\d+)\s+(?:TO|A)\s+(?P<who>.+)$", re.IGNORECASE)
_CANCEL = re.compile(r"^CASTELLANO\s+(?:OF|DI)\s+(?P<who>.+?)\s+IN\s+(?P<where>.+)$", re.IGNORECASE)
GIFT_USAGE = "expected GIFT <florins> TO <power>, e.g. GIFT 100 TO france"
CANCEL_USAGE = "expected CANCEL CASTELLANO OF <power> IN <territory>[, <territory>]"


def _places(text: str, data: DataSet) -> tuple[str, ...]:
    index = territory_index(data.board)
    return tuple(dict.fromkeys(resolve(index, t) for t in text.split(",") if t.strip()))


def diplomacy_card(card: str, clauses: str, powers: NameIndex, data: DataSet) -> PlayDiplomacyCard:
    """``clauses`` is what follows the card's name; whether the card takes each is judged later."""
    found = _CLAUSES.match(clauses.strip())
    name = data.cards[card].name
    if not found:
        raise Reject(IssueKind.SYNTAX, f"expected PLAY {name} [ON <power> [mode]] [FOR <what>] [IN <places>]")
    target = mode = item = None
    places: tuple[str, ...] = ()
    if found["on"]:
        words = found["on"].split()
        if len(words) > 1 and words[-1].upper() in MODES:
            mode = MODES[words.pop().upper()]
        target = resolve(powers, " ".join(words))
    if found["for"]:
        item = _gift_of_jester(found["for"], data)
    if found["in"]:
        if CONQUEST in data.cards[card].params.get("modes", ()):
            places = (resolve(barbarian_kingdom_index(data), found["in"]),)
        else:
            places = _places(found["in"], data)
    return PlayDiplomacyCard(card, target, mode, item, places)


def _gift_of_jester(text: str, data: DataSet) -> str:
    """What a GIULLARE is played FOR: an Empire card, double taxes, or a fortification, transport
    or siege engine by name (``Castello``, ``Galea``, ``Catapulta``)."""
    if text.strip().upper() in GIFTS:
        return GIFTS[text.strip().upper()]
    try:
        return resolve(building_index(data), text)
    except Reject as exc:
        if exc.kind is IssueKind.AMBIGUOUS:
            raise
    return resolve(item_index(data), text)


def gift_or_cancel(kind: str, text: str, powers: NameIndex, data: DataSet) -> Gift | CancelProtection:
    if kind == "gift":
        found = _GIFT.match(text.strip())
        if not found:
            raise Reject(IssueKind.SYNTAX, GIFT_USAGE)
        return Gift(int(found["n"]), resolve(powers, found["who"]))
    found = _CANCEL.match(text.strip())
    if not found:
        raise Reject(IssueKind.SYNTAX, CANCEL_USAGE)
    return CancelProtection(resolve(powers, found["who"]), _places(found["where"], data))
