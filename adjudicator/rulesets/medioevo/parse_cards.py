"""``PLAY`` lines: the card's phase picks the order (diplomacy, purchases, taxes, reinforcements)."""

from __future__ import annotations

import re

from adjudicator.core.orders import IssueKind, Order
from adjudicator.orders.names import NameIndex
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.order_names import building_index, card_index, tech_index, territory_index
from adjudicator.rulesets.medioevo.orders import (
    PlayPurchaseCard,
    PlayReinforcementCard,
    PlayTaxCard,
)
from adjudicator.rulesets.medioevo.parse_diplomacy_cards import diplomacy_card
from adjudicator.rulesets.medioevo.parse_support import IN, Reject, resolve

_PLAY_ON = re.compile(r"\s+ON\s+", re.IGNORECASE)
_PLAY_AMOUNT = re.compile(r"^(?P<rest>.*?)\s+(?P<n>\d+)\s*$")
_PLAY_FOR = re.compile(r"\s+FOR\s+", re.IGNORECASE)
_PLAY_CLAUSE = re.compile(r"\s+(?=(?:ON|IN|FOR|PER)\s)", re.IGNORECASE)  # where a card's name ends


def play(text: str, powers: NameIndex, data: DataSet) -> Order:
    """``PLAY <card> [ON <power>]``, ``PLAY <card> [<amount>]``, ``PLAY <card> FOR <technology>``
    or ``PLAY <card>: <building> IN <territory>, ...``: the card's phase picks the order
    (diplomacy, purchases, taxes, reinforcements); the diplomacy cards read their own clauses
    (``parse_diplomacy_cards``)."""
    name, *clauses = _PLAY_CLAUSE.split(text.strip(), maxsplit=1)
    if ":" not in name and not _PLAY_AMOUNT.match(name):
        card = resolve(card_index(data), name)
        if data.cards[card].phase == "diplomacy":
            return diplomacy_card(card, "".join(clauses), powers, data)
    text, colon, listed = text.partition(":")
    text, *wanted = _PLAY_FOR.split(text.strip(), maxsplit=1)
    amount: int | None = None
    found = _PLAY_AMOUNT.match(text.strip())
    if found and not colon and not wanted:
        text, amount = found["rest"], int(found["n"])
    parts = _PLAY_ON.split(text.strip(), maxsplit=1)
    card = resolve(card_index(data), parts[0])
    target = resolve(powers, parts[1]) if len(parts) == 2 else None
    name = data.cards[card].name
    phase = data.cards[card].phase
    if amount is not None and (phase != "reinforcements" or target is not None):
        raise Reject(IssueKind.SYNTAX, f"{name} takes no amount: PLAY {name} [ON <power>]")
    if phase == "purchase":
        return _purchase_play(card, target, wanted, listed if colon else None, data)
    if wanted or colon:
        raise Reject(IssueKind.SYNTAX, f"{name} takes no FOR or list: PLAY {name} [ON <power>]")
    match phase:
        case "taxes":
            return PlayTaxCard(card, target)
        case "reinforcements":
            if target is not None:
                raise Reject(IssueKind.SYNTAX, f"{name} is played for yourself: PLAY {name} [<amount>]")
            return PlayReinforcementCard(card, amount)
    raise Reject(
        IssueKind.NOT_NOW,
        f"{name} is played in the {phase} phase; playing it by mail is not supported yet",
    )


def _purchase_play(
    card: str, target: str | None, wanted: list[str], listed: str | None, data: DataSet
) -> PlayPurchaseCard:
    """``PLAY Abate FOR <technology>`` (a card with ``trees``), ``PLAY Capomastro: <building> IN
    <territory>, ...`` (a card with ``build_level``), ``PLAY Taccagno ON <power>``, ``PLAY Mecenate``."""
    info = data.cards[card]
    name = info.name
    if "trees" in info.params:
        if not wanted or listed is not None or target is not None:
            raise Reject(
                IssueKind.SYNTAX, f"expected PLAY {name} FOR <technology>, e.g. PLAY {name} FOR Medicina"
            )
        return PlayPurchaseCard(card, tech=resolve(tech_index(data), wanted[0]))
    if "build_level" in info.params:
        if listed is None or wanted or target is not None:
            raise Reject(
                IssueKind.SYNTAX,
                f"expected PLAY {name}: <building> IN <territory>, ..., e.g. PLAY {name}: Torre IN Banato",
            )
        builds = []
        for item in (i for i in listed.split(",") if i.strip()):
            where = IN.split(item.strip(), maxsplit=1)
            if len(where) != 2:
                raise Reject(IssueKind.SYNTAX, f"expected <building> IN <territory>, not {item.strip()!r}")
            builds.append(
                (resolve(building_index(data), where[0]), resolve(territory_index(data.board), where[1]))
            )
        if not builds:
            raise Reject(IssueKind.SYNTAX, f"PLAY {name}: name at least one building")
        return PlayPurchaseCard(card, builds=tuple(builds))
    if wanted or listed is not None:
        raise Reject(IssueKind.SYNTAX, f"{name} takes no FOR or list: PLAY {name} [ON <power>]")
    return PlayPurchaseCard(card, target)
