"""Bots that trade (docs/commerce.md §5; issue 19): the commerce orders of a simple merchant, read
from its own view and the legal orders only (``commerce/legal.py``).

Buy low, sell high, within room and florins: a commercial transport at a settlement sells each
good it carries where the trade table pays at least that good's mean price over the markets;
otherwise, if it carries goods, it moves to the settlement within reach that pays the most for
them and sells there (a move and a sale: its two actions, L2091). An empty transport at a
settlement buys the good that is cheapest there against its mean price (at least 15 % under it),
as much as its room holds, while its power keeps 300 florins in hand. Table prices only: the
craft, Fair and GILDE modifiers move both ends alike and the bot ignores them. Deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from adjudicator.core.orders import Order
from adjudicator.core.view import PlayerView
from adjudicator.rulesets.medioevo.commerce.orders import ALL, BUY, SELL, Auction, Offer, Trade, Voyage
from adjudicator.rulesets.medioevo.commerce.prices import table_price
from adjudicator.rulesets.medioevo.dataset import default_dataset

CHEAP = 0.85
"""A good is bought where the table asks at most this share of its mean price."""
KEEP = 300
"""Florins a bot keeps in hand after buying."""
RESERVE = 100
"""The reserve a bot puts on a card it auctions (L2150-2154): never given away for 5 florins."""
BIDDER = 700
"""Florins a bot holds before it bids for another power's card on auction."""


@cache
def _mean(good: str) -> float:
    data = default_dataset()
    prices = [m.prices[good] for m in data.markets.values() if good in m.prices]
    return sum(prices) / len(prices)


def _price(place: str, good: str) -> int | None:
    return table_price(default_dataset(), place, good)


def _pieces(view: PlayerView) -> dict[str, dict[str, object]]:
    """The bot's own pieces by label (``caravan 1``)."""
    names = default_dataset().purchase_rules.piece_names
    return {
        f"{names.get(p['kind'], [p['kind']])[0]} {p['number']}": p
        for p in view.data.get("pieces", ())
        if p["owner"] == view.viewer
    }


def commerce_orders(view: PlayerView, legal: Sequence[Order]) -> list[str]:
    """The bot's commerce lines: sells, moves to sell, buys (see the module's docstring)."""
    florins = int(view.data["powers"][view.viewer]["florins"])
    pieces = _pieces(view)
    lines: list[str] = []
    transports = sorted({o.transport for o in legal if isinstance(o, Trade | Voyage)})
    for name in transports:
        piece = pieces.get(name)
        if piece is None:
            continue
        here = str(piece["location"])
        wares = dict(piece.get("wares") or {})  # type: ignore[call-overload]
        sold = [
            o
            for o in legal
            if isinstance(o, Trade) and o.transport == name and o.action == SELL
            if (_price(here, o.good) or 0) >= _mean(o.good)
        ]
        lines += [o.canonical() for o in sold]
        if wares and not sold:
            lines += _voyage(name, wares, legal)
            continue
        if wares and len(sold) < len(wares):
            continue
        buy = _best_buy(name, here, florins, legal)
        if buy is not None:
            florins -= buy[1]
            lines.append(buy[0].canonical())
    return lines


def _voyage(name: str, wares: dict[str, int], legal: Sequence[Order]) -> list[str]:
    """MOVE to the reachable settlement paying most for the goods aboard, and SELL them there."""
    moves = [o for o in legal if isinstance(o, Voyage) and o.transport == name]
    if not moves:
        return []

    def worth(move: Voyage) -> int:
        return sum((_price(move.to, g) or 0) * n for g, n in wares.items())

    best = max(moves, key=lambda m: (worth(m), m.to))
    if all((_price(best.to, g) or 0) < _mean(g) for g in wares):
        return []
    return [best.canonical(), *(Trade(SELL, ALL, g, name).canonical() for g in sorted(wares))]


def _best_buy(name: str, here: str, florins: int, legal: Sequence[Order]) -> tuple[Trade, int] | None:
    """The cheapest good here against its mean, bought in full lots within the florins to spend."""
    best: tuple[float, Trade, int] | None = None
    for o in legal:
        if not (isinstance(o, Trade) and o.transport == name and o.action == BUY):
            continue
        unit = _price(here, o.good)
        if unit is None or unit > CHEAP * _mean(o.good):
            continue
        amount = min(o.amount, (florins - KEEP) // (unit + 2) // 10 * 10)  # +2: a craft it may lack
        if amount <= 0:
            continue
        ratio = unit / _mean(o.good)
        if best is None or (ratio, o.good) < (best[0], best[1].good):
            best = (ratio, Trade(BUY, amount, o.good, name), amount * (unit + 2))
    return (best[1], best[2]) if best else None


def auction_orders(view: PlayerView, legal: Sequence[Order]) -> list[str]:
    """With a Fair (the legal orders list ``AUCTION`` only then, L2152) and two cards or more in
    hand, one card on auction with a reserve: one it holds twice if any, else its first."""
    cards = list(view.data["powers"][view.viewer].get("cards") or ())
    lots = [o for o in legal if isinstance(o, Auction)]
    if len(cards) < 2 or not lots:
        return []
    twice = [o for o in lots if cards.count(o.card) > 1]
    return [Auction((twice or lots)[0].card, RESERVE).canonical()]


def offer_orders(view: PlayerView, legal: Sequence[Order]) -> list[str]:
    """With florins to spare, the lowest sealed maximum listed for each card on auction that it
    does not hold already (R296)."""
    me = view.data["powers"][view.viewer]
    if int(me["florins"]) < BIDDER:
        return []
    held = set(me.get("cards") or ())
    lowest: dict[tuple[str, str], Offer] = {}
    for o in legal:
        if isinstance(o, Offer) and o.card not in held:
            lot = (o.card, o.seller)
            if lot not in lowest or o.amount < lowest[lot].amount:
                lowest[lot] = o
    return [o.canonical() for o in lowest.values()]
