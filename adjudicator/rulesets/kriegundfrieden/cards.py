"""Resource cards as counts, the deck and its discard pile, and agenda cards by id (pure).

Resource cards of one type are alike (L12), so a hand is four counts in the order of
:data:`RESOURCES`. The deck is an ordered tuple of types (shuffled with the audited dice), the
discard pile four counts: L120 takes cards of a type from it, L124 reshuffles it when the deck
runs out. Agenda cards are ids ``<type>-<n>`` (``revolt-1`` is the keystone, L13).
"""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.core.dice import Dice
from adjudicator.rulesets.kriegundfrieden.components import AGENDAS, RESOURCES, Tables

Counts = tuple[int, int, int, int]
NONE: Counts = (0, 0, 0, 0)
KEYSTONE = "revolt-1"
"""The Revolt card with the keystone on its arch (L13): it makes the first Counsellor."""
RESHUFFLE = "reshuffle"
"""The dice purpose of the discard pile's reshuffle into a new deck (L124)."""


def counts(**by_type: int) -> Counts:
    return tuple(by_type.get(r, 0) for r in RESOURCES)  # type: ignore[return-value]


def add(a: Counts, b: Counts) -> Counts:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def sub(a: Counts, b: Counts) -> Counts:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def covers(a: Counts, b: Counts) -> bool:
    """Whether ``a`` holds at least the cards of ``b``."""
    return all(x >= y for x, y in zip(a, b, strict=True))


def one(resource: str, n: int = 1) -> Counts:
    return counts(**{resource: n})


def size(a: Counts) -> int:
    return sum(a)


def of_types(types: Iterable[str]) -> Counts:
    out = [0, 0, 0, 0]
    for t in types:
        out[RESOURCES.index(t)] += 1
    return (out[0], out[1], out[2], out[3])


def cards_of_words(words: Iterable[str]) -> Counts:
    """``("3", "hammer", "2", "cup")`` (a canonical BID's arguments) as counts."""
    items = list(words)
    out = [0, 0, 0, 0]
    for n, kind in zip(items[::2], items[1::2], strict=True):
        out[RESOURCES.index(kind)] += int(n)
    return (out[0], out[1], out[2], out[3])


def describe(a: Counts) -> str:
    """``3 hammer 2 cup`` (types in table order, empty types left out); ``nothing`` if empty."""
    parts = [f"{n} {r}" for r, n in zip(RESOURCES, a, strict=True) if n]
    return " ".join(parts) or "nothing"


def value(a: Counts, tables: Tables, agenda_type: str) -> int:
    """What the cards ``a`` are worth against ``agenda_type`` (L16, L50)."""
    row = tables.values[agenda_type]
    return sum(n * v for n, v in zip(a, row, strict=True))


def full_deck(per_type: int) -> tuple[str, ...]:
    return tuple(r for r in RESOURCES for _ in range(per_type))


def draw(
    deck: tuple[str, ...], discard: Counts, n: int, dice: Dice
) -> tuple[Counts, tuple[str, ...], Counts]:
    """``n`` cards off the top of the deck, the discard pile reshuffled into a new deck when the deck
    runs out (L124); fewer when both are empty. Returns the cards drawn, the deck and the discards."""
    drawn = [0, 0, 0, 0]
    for _ in range(n):
        if not deck:
            if not size(discard):
                break
            deck = dice.shuffle(
                tuple(r for r, k in zip(RESOURCES, discard, strict=True) for _ in range(k)), RESHUFFLE
            )
            discard = NONE
        drawn[RESOURCES.index(deck[0])] += 1
        deck = deck[1:]
    return (drawn[0], drawn[1], drawn[2], drawn[3]), deck, discard


def agenda_ids(tables: Tables) -> tuple[str, ...]:
    """Every agenda card of the game: ``war-1`` … ``famine-4``, the variant's cards left out."""
    ids = []
    for kind in AGENDAS:
        for n, reward in enumerate(tables.agenda[kind], 1):
            if f"{kind}/{reward}" in tables.removed and not _removed_before(tables, kind, reward, n):
                continue
            ids.append(f"{kind}-{n}")
    return tuple(ids)


def _removed_before(tables: Tables, kind: str, reward: str, n: int) -> bool:
    """Whether a card of ``kind/reward`` before the ``n``-th was removed already (L136 removes one)."""
    return any(r == reward and f"{kind}/{r}" in tables.removed for r in tables.agenda[kind][: n - 1])


def agenda_type(card: str) -> str:
    return card.split("-")[0]


def reward(card: str, tables: Tables) -> str:
    kind, _, n = card.partition("-")
    return tables.agenda[kind][int(n) - 1]


def card_name(card: str, tables: Tables) -> str:
    """``famine/cathedral``: what orders and reports call an agenda card (alike cards are one name)."""
    return f"{agenda_type(card)}/{reward(card, tables)}"


def find_card(hand: Iterable[str], name: str, tables: Tables) -> str | None:
    """The first card of ``hand`` that ``name`` (``famine`` or ``famine/cathedral``) names."""
    for card in sorted(hand):
        if name == agenda_type(card) or name == card_name(card, tables):
            return card
    return None
