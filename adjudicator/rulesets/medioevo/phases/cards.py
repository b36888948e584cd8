"""Phase 2, Empire cards (seed 002, L476-480): draw LT + 1 in turn order, keep one, a second for 100.

By mail (design §7) the draw is dealt privately at the end of the bids window, so each power
knows its cards when it writes ``KEEP``. Kept cards go to the hand; the others go to the bottom
of the deck, power by power in turn order (L478). A power that sends no ``KEEP`` keeps one card,
free: the first of its draw in its standing ``KEEP PRIORITY`` list, or else the first drawn
(docs/rulings.md R17).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.events import Event, Visibility
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events import CardsDealt, CardsDrawn, CardsKept, CardsKeptCount
from adjudicator.rulesets.medioevo.orders import CARDS, Keep, KeepPriority
from adjudicator.rulesets.medioevo.state import MedioevoState

EXTRA_DRAW = 1  # LT + 1 cards (L478)
FREE_KEEPS = 1
MAX_KEEPS = 2
SECOND_KEEP_PRICE = 100  # L480


def build_deck(data: DataSet, players: int) -> tuple[str, ...]:
    """The Empire deck for a number of players, unshuffled: every copy of the table (L2788-2842)."""
    return tuple(
        card for card, copies in sorted(data.empire_deck.deck_for(players).items()) for _ in range(copies)
    )


def draw(state: MedioevoState) -> Resolution:
    """Each power in turn order draws LT + 1 cards from the top; only it learns which."""
    deck = state.deck
    events: list[Event] = []
    counts: dict[str, int] = {}
    for power in state.acting_order():
        held = state.powers[power]
        size = held.tech_level + EXTRA_DRAW
        cards, deck = deck[:size], deck[size:]
        state = state.with_power(power, drawn=(*held.drawn, *cards))
        counts[power] = len(cards)
        events.append(CardsDrawn(power=power, cards=cards, visibility=Visibility.to(power)))
    return Resolution(state.evolve(deck=deck), (CardsDealt(counts=counts), *events))


def takes_orders(state: MedioevoState) -> bool:
    return any(p.drawn for p in state.powers.values())


def check(state: MedioevoState, power: str, order: Order, data: DataSet) -> str | None:
    if isinstance(order, Keep) and order.card not in state.powers[power].drawn:
        drawn = ", ".join(data.cards[c].name for c in state.powers[power].drawn) or "no card"
        return f"{data.cards[order.card].name} is not among the cards you drew ({drawn})"
    return None


def _fail(power: str, order: Order, code: str, message: str) -> OrderResult:
    return OrderResult.failure(power, CARDS, order.canonical(), code, message)


def resolve(state: MedioevoState, orders: Mapping[str, Sequence[Order]], data: DataSet) -> Resolution:
    events: list[Event] = []
    results: list[OrderResult] = []
    deck = state.deck
    bank = state.bank
    for power in state.acting_order():
        held = state.powers[power]
        given = orders.get(power, ())
        lists = [o for o in given if isinstance(o, KeepPriority)]
        for old in lists[:-1]:
            results.append(_fail(power, old, "superseded", "a later KEEP PRIORITY replaces it"))
        priority = lists[-1].cards if lists else held.keep_priority
        if lists:
            results.append(
                OrderResult.success(power, CARDS, lists[-1].canonical(), "kept as your standing list")
            )
        pool = list(held.drawn)
        kept: list[str] = []
        paid = 0
        keeps = [o for o in given if isinstance(o, Keep)]
        for keep in keeps:
            name = data.cards[keep.card].name
            if len(kept) >= MAX_KEEPS:
                results.append(_fail(power, keep, "too-many", "you may keep two cards at most (L478-480)"))
            elif keep.card not in pool:
                results.append(_fail(power, keep, "not-drawn", f"{name} is not among the cards you drew"))
            elif len(kept) >= FREE_KEEPS and held.florins - paid < SECOND_KEEP_PRICE:
                results.append(
                    _fail(power, keep, "no-money", f"a second card costs {SECOND_KEEP_PRICE} florins")
                )
            else:
                pool.remove(keep.card)
                kept.append(keep.card)
                cost = SECOND_KEEP_PRICE if len(kept) > FREE_KEEPS else 0
                paid += cost
                results.append(
                    OrderResult.success(
                        power, CARDS, keep.canonical(), f"paid {cost} florins" if cost else "free"
                    )
                )
        if not keeps and pool:
            chosen = next((c for c in priority if c in pool), pool[0])
            pool.remove(chosen)
            kept.append(chosen)
        if not held.drawn:
            state = state.with_power(power, keep_priority=priority)
            continue
        state = state.with_power(
            power,
            cards=(*held.cards, *kept),
            drawn=(),
            keep_priority=priority,
            florins=held.florins - paid,
        )
        bank += paid
        deck = (*deck, *pool)
        events.append(CardsKept(power=power, cards=tuple(kept), paid=paid, visibility=Visibility.to(power)))
        events.append(CardsKeptCount(power=power, count=len(kept), paid=paid))
    return Resolution(state.evolve(deck=deck, bank=bank), tuple(events), tuple(results))
