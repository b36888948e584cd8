"""Simple players for the demo and the benchmarks: they read only their own view and legal orders."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from adjudicator.core.orders import Order
from adjudicator.core.view import PlayerView
from adjudicator.rulesets.medioevo.orders import Bid, Build, BuyTech, Keep, Place, TakeLoan


def _pick(seed: str, n: int) -> int:
    """A reproducible choice in 0..n-1 from a text (bots need no secret dice)."""
    return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big") % n


def medioevo_orders(view: PlayerView, legal: Sequence[Order]) -> list[str]:
    """A thrifty bot: bids a little when rich, keeps a card (two when rich), buys a technology and,
    when rich, a building, borrows when poor, spreads its reinforcements."""
    me = view.data["powers"][view.viewer]
    key = f"{view.game}|{view.window}|{view.viewer}"
    lines: list[str] = []
    bids = [o for o in legal if isinstance(o, Bid)]
    if bids:
        affordable = [b for b in bids if b.amount <= me["florins"] // 10]
        if affordable:
            lines.append(affordable[_pick(key + "bid", len(affordable))].canonical())
    keeps = [o for o in legal if isinstance(o, Keep)]
    if keeps:
        first = keeps[_pick(key + "keep", len(keeps))]
        lines.append(first.canonical())
        others = [k for k in keeps if k != first]
        if others and me["florins"] >= 900:
            lines.append(others[0].canonical())
    techs = [o for o in legal if isinstance(o, BuyTech)]
    if techs and me["florins"] >= 600:
        lines.append(techs[_pick(key + "tech", len(techs))].canonical())
    builds = [o for o in legal if isinstance(o, Build)]
    if builds and me["florins"] >= 1500:
        lines.append(builds[_pick(key + "build", len(builds))].canonical())
    if any(isinstance(o, TakeLoan) for o in legal) and me["florins"] < 1100:
        lines.append(TakeLoan().canonical())
    places = [o for o in legal if isinstance(o, Place)]
    if places:
        chosen = places[_pick(key + "place", len(places))]
        lines.append(Place(2, chosen.territory).canonical())
    return lines
