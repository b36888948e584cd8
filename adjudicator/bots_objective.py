"""Bots that aim at their objective card (issue 19; seed 002 L2402-2414, L2454): read from the
bot's own view, which shows it its card (``powers.<me>.objective``, private).

At the end a card scores only the territories held with enough of the owner's armies not to risk
a rebellion (L2412, L2454: 5 VF, less LEGGE and a working fortification, more with VASSALLAGGIO
and FEUDALESIMO; ``endgame/scoring.threshold_of``), and each green one missing costs 2 PO. So a
bot (1) places its reinforcements first where a territory of its card is short of that garrison,
green before yellow before red (:func:`objective_places`); (2) keeps that garrison when it loads
an army out of a territory of its card (:func:`garrison`); (3) attacks a territory of its card
before any other it could take (:func:`aim`)."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.orders import Order
from adjudicator.core.view import PlayerView
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.endgame.scoring import threshold_of
from adjudicator.rulesets.medioevo.orders import Place

COLOURS = ("green", "yellow", "red")
"""The card's rows in the order a bot secures them: a green one missing costs 2 PO (L2410)."""


def card(view: PlayerView) -> dict[str, int]:
    """The territories of the bot's objective card, each with its rank (0 green, 1 yellow, 2 red);
    empty without a card."""
    objective = view.data["powers"][view.viewer].get("objective")
    if not objective:
        return {}
    drawn = default_dataset().objectives[objective]
    ranks: dict[str, int] = {}
    for rank, colour in enumerate(COLOURS):
        for territory in getattr(drawn, colour):
            ranks.setdefault(territory, rank)
    return ranks


def aim(view: PlayerView, territory: str) -> int:
    """How much the bot wants ``territory``: 0 a red or yellow one of its card (it is not
    yet its own), 1 any other; lower is wanted more."""
    return 0 if territory in card(view) else 1


def safe_garrison(view: PlayerView, territory: str) -> int:
    """The VF of its own the bot must keep in ``territory`` for it to count at the end (L2454)."""
    held = view.data["territories"].get(territory) or {}
    damaged = held.get("damaged") or {}
    working = [b for b in held.get("buildings", ()) if b not in damaged]
    return threshold_of(view.data["powers"][view.viewer].get("techs", ()), working, default_dataset())


def garrison(view: PlayerView, territory: str, default: int) -> int:
    """The VF to leave behind in ``territory`` when loading an army out of it: the safe garrison
    in an own territory of the card, else ``default``."""
    if territory in card(view):
        return max(default, safe_garrison(view, territory))
    return default


def placement_budget(view: PlayerView) -> int:
    """The reinforcements the bot surely gets this turn, before the phase has raised them (they
    are raised in the same window): one VF for each territory of its home kingdom it holds (L994),
    less one for a territory it may lose before (a calamity, a revolt)."""
    me = view.data["powers"][view.viewer]
    home = default_dataset().board.territories_of(me["kingdom"])
    held = sum(1 for t in home if (view.data["territories"].get(t) or {}).get("owner") == view.viewer)
    return max(0, min(held, 7) - 1) + int(me.get("reinforcements", 0))


def objective_places(view: PlayerView, legal: Sequence[Order]) -> list[Place]:
    """PLACE orders that bring the territories of the card the bot may place in up to their safe
    garrison, green first (then yellow, red; by name within a colour), within the budget."""
    ranks = card(view)
    sites = {o.territory for o in legal if isinstance(o, Place)}
    budget = placement_budget(view)
    out: list[Place] = []
    for territory in sorted(sites & set(ranks), key=lambda t: (ranks[t], t)):
        armies = (view.data["territories"].get(territory) or {}).get("armies", {})
        short = safe_garrison(view, territory) - int(armies.get(view.viewer, 0))
        amount = min(short, budget)
        if amount > 0:
            out.append(Place(amount, territory))
            budget -= amount
    return out
