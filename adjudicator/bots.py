"""Simple players for the demo and the benchmarks: they read only their own view and legal orders."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from adjudicator.bots_church import church_orders
from adjudicator.bots_commerce import auction_orders, commerce_orders, offer_orders
from adjudicator.bots_objective import objective_places
from adjudicator.bots_war import war_orders
from adjudicator.core.engine import window_label
from adjudicator.core.orders import Order, Submission
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.state import GameState
from adjudicator.core.view import PlayerView
from adjudicator.rulesets.medioevo.commerce.orders import CARD_SALE, COMMERCE
from adjudicator.rulesets.medioevo.orders import (
    Bid,
    Build,
    BuyPiece,
    BuyTech,
    Customize,
    Keep,
    Place,
    PlayPurchaseCard,
    PlayReinforcementCard,
    PlayTaxCard,
    Repair,
    TakeLoan,
)
from adjudicator.rulesets.medioevo.orders_diplomacy import (
    Accept,
    DeclareWar,
    Gift,
    PlayDiplomacyCard,
    Propose,
    ProposePeace,
    Vote,
)
from adjudicator.rulesets.medioevo.orders_economy import BuyVF, DeclareBankruptcy, Sell
from adjudicator.rulesets.medioevo.war.orders import COMBAT


def _pick(seed: str, n: int) -> int:
    """A reproducible choice in 0..n-1 from a text (bots need no secret dice)."""
    return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big") % n


def medioevo_orders(view: PlayerView, legal: Sequence[Order]) -> list[str]:
    """A thrifty bot: bids a little when rich, keeps a card (two when rich), repairs what is
    damaged, buys a technology and, when rich, a building, now and then a transport or a
    customisation disc, borrows when poor, sells a piece when short of florins (bankrupt when it
    may), buys INVESTITURA's VF, plays its purchases, taxes and reinforcements cards, spreads its
    reinforcements, first where its objective card's territories lack the garrison that makes
    them count (``bots_objective``); in diplomacy it accepts every offer, sues for peace, now and
    then proposes a pact or an alliance (each one made gives every other power CB against its
    parties, L2451) or declares war; in combat it fights (``bots_war.war_orders``); in
    commerce it trades and auctions a spare card, and bids for the others' (``bots_commerce``)."""
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
    lines += _diplomacy(key, legal)
    lines += [o.canonical() for o in legal if isinstance(o, Repair)]
    techs = [o for o in legal if isinstance(o, BuyTech)]
    if techs and me["florins"] >= 600:
        lines.append(techs[_pick(key + "tech", len(techs))].canonical())
    builds = [o for o in legal if isinstance(o, Build)]
    if builds and me["florins"] >= 700 and _pick(key + "build?", 2) == 0:
        lines.append(builds[_pick(key + "build", len(builds))].canonical())
    # transport ids are <kind>_<level> (galley_1); engines have bare names, captains captain_<level>
    transports = [
        o
        for o in legal
        if isinstance(o, BuyPiece) and o.item[-1].isdigit() and not o.item.startswith("captain")
    ]
    if transports and me["florins"] >= 600 and _pick(key + "transport?", 3) == 0:
        lines.append(transports[_pick(key + "transport", len(transports))].canonical())
    discs = [o for o in legal if isinstance(o, Customize)]
    if discs and me["florins"] >= 1200 and _pick(key + "disc?", 4) == 0:
        lines.append(discs[_pick(key + "disc", len(discs))].canonical())
    if any(isinstance(o, TakeLoan) for o in legal) and me["florins"] < 1100:
        lines.append(TakeLoan().canonical())
    lines += _short_of_money(me["florins"], legal)
    lines += _economy_cards(key, legal)
    places = [o for o in legal if isinstance(o, Place)]
    aimed = objective_places(view, legal)  # its objective card's territories kept safe (L2454)
    lines += [o.canonical() for o in aimed]
    if places and not aimed:
        chosen = places[_pick(key + "place", len(places))]
        lines.append(Place(2, chosen.territory).canonical())
    lines += church_orders(view, legal)  # join a crusade when strong enough (bots_church.py)
    if any(o.phase == COMBAT for o in legal):  # the war window: bots that fight (bots_war.py)
        lines += war_orders(view, legal)
    if any(o.phase == COMMERCE for o in legal):  # the commerce window: bots that trade
        lines += commerce_orders(view, legal) + auction_orders(view, legal)
    if any(o.phase == CARD_SALE for o in legal):  # the bids window: the cards on auction (R296)
        lines += offer_orders(view, legal)
    # a technology a card gives in this phase (PLAY Contessa FOR x) is not bought as well
    free = {line.rsplit(" FOR ", 1)[1] for line in lines if line.startswith("PLAY ") and " FOR " in line}
    return [line for line in lines if not (line.startswith("BUY TECH ") and line[len("BUY TECH ") :] in free)]


def _diplomacy(key: str, legal: Sequence[Order]) -> list[str]:
    """One action a turn (peace first, else one time in eight war, else one time in three a pact
    or an alliance: each gives the others CB against it, which cost PO at the end, L2451),
    every proposal accepted, one held diplomacy card played, now and then a gift for a feast, a
    vote on each open dispute."""
    lines = [o.canonical() for o in legal if isinstance(o, Accept)]
    peace = [o for o in legal if isinstance(o, ProposePeace)]
    wars = [o for o in legal if isinstance(o, DeclareWar)]
    proposals = [o for o in legal if isinstance(o, Propose)]
    if peace:
        lines.append(peace[_pick(key + "peace", len(peace))].canonical())
    elif wars and _pick(key + "war?", 8) == 0:
        lines.append(wars[_pick(key + "war", len(wars))].canonical())
    elif proposals and _pick(key + "propose?", 3) == 0:
        lines.append(proposals[_pick(key + "propose", len(proposals))].canonical())
    plays = [o for o in legal if isinstance(o, PlayDiplomacyCard)]
    cards = list(dict.fromkeys(o.card for o in plays))
    if cards:  # one card, then one of its plays, so a card with many places is not favoured
        card = cards[_pick(key + "card", len(cards))]
        options = [o for o in plays if o.card == card]
        lines.append(options[_pick(key + card, len(options))].canonical())
    gifts = [o for o in legal if isinstance(o, Gift)]
    if gifts and _pick(key + "gift?", 4) == 0:  # a gift in case that power holds a feast (BARDO)
        lines.append(gifts[_pick(key + "gift", len(gifts))].canonical())
    votes = {
        o.pact: o for o in legal if isinstance(o, Vote) and o.broken == bool(_pick(key + str(o.pact), 2))
    }
    lines += [o.canonical() for o in votes.values()]
    return lines


def _economy_cards(key: str, legal: Sequence[Order]) -> list[str]:
    """One play of each purchases, taxes and reinforcements card it may play: USURAI kept, AVARO
    and TACCAGNO on a power picked at random, ABATE and the like for a technology picked at random,
    CAPOMASTRO for one building, MERCENARIO buying as many VF as it may."""
    plays = [o for o in legal if isinstance(o, PlayPurchaseCard | PlayTaxCard | PlayReinforcementCard)]
    lines: list[str] = []
    for card in dict.fromkeys(o.card for o in plays):
        options = [o for o in plays if o.card == card]
        own = [o for o in options if isinstance(o, PlayReinforcementCard) or o.target is None]
        pool = own or options
        chosen = pool[_pick(key + card, len(pool))]
        lines.append(chosen.canonical())
    return lines


SHORT = 900  # below this a bot sells a piece in the purchases


def _short_of_money(florins: int, legal: Sequence[Order]) -> list[str]:
    """Short of florins: sell the first piece it may (pieces come first), declare bankruptcy when
    it may; with florins to spare, buy INVESTITURA's VF."""
    lines: list[str] = []
    sales = [o for o in legal if type(o) is Sell and o.territory is None]
    if sales and florins < SHORT:
        lines.append(sales[0].canonical())
    if any(isinstance(o, DeclareBankruptcy) for o in legal):
        lines.append(DeclareBankruptcy().canonical())
    if any(isinstance(o, BuyVF) for o in legal) and florins >= SHORT:
        lines.append(BuyVF().canonical())
    return lines


def bot_submissions(
    ruleset: Ruleset, state: GameState, powers: Sequence[str], *, game: str = "bots", strict: bool = False
) -> dict[str, Submission]:
    """Every bot's mail for the open window, read by the ruleset as the judge reads it (``strict``:
    as on arrival; else as replay reads stored lines): the pure-core bot games of the tests and the
    bench play with it, without a store."""
    label = window_label(ruleset, state)
    out: dict[str, Submission] = {}
    for power in powers:
        data = ruleset.view(state, power)
        view = PlayerView(
            viewer=power, game=game, ruleset=ruleset.name, turn=state.turn, window=label, data=data
        )
        lines = medioevo_orders(view, ruleset.legal_orders(state, power))
        out[power] = ruleset.parse(state, power, list(enumerate(lines, 1)), strict=strict)
    return out
