"""BARDO, GIULLARE and CASTELLANO: the diplomacy-phase Empire cards a player plays for itself
(seed 002 L2518-2520, L2538-2542, L2649-2650; ex L2490, L2570, L2675).

* BARDO: each power not at war with the player may have sent ``GIFT n TO player``; a power that
  sent none gives 0. The largest gift is taken and its giver gains 1 PO; the others keep theirs
  (ex L2490). Ties go to the giver earliest in the turn order (``tie_break``); a gift larger than
  the giver's florins at that moment counts as all it holds. The sums are told to the two powers
  only (florins are private, ruling R7).
* GIULLARE: one free transport or siege engine (any level the power could buy now) or fortification,
  placed as a purchase would place it (an own territory, a settlement held for a piece, a port for
  a ship, the same technologies and limits: phases/purchases.py), or the top card of the Empire
  deck into the hand, or double taxes this turn (a ``card_effects`` entry the taxes phase reads).
* CASTELLANO: 1/2/3 own territories by ISTRUZIONE/LETTERATURA/FILOSOFIA (1 with only one of the
  crafts that also unlock it, L2940, L2960, L3026) are protected from barbarians, events and
  calamities this turn (a ``card_effects`` entry for the events phase). Any other power may send
  ``CANCEL CASTELLANO OF power IN territories``: judged once every card of the phase has been
  played, it pays 1 PO per territory still protected, and the card's player gains 3 CB against it
  per PO spent (L2540).
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.dice import Dice
from adjudicator.core.events import Visibility
from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger
from adjudicator.rulesets.medioevo.events import CardsDrawn, PieceBought
from adjudicator.rulesets.medioevo.events_cards import GiftTaken, ProtectionCancelled
from adjudicator.rulesets.medioevo.orders import Build, BuyPiece
from adjudicator.rulesets.medioevo.orders_diplomacy import CancelProtection, Gift, PlayDiplomacyCard
from adjudicator.rulesets.medioevo.phases.building_purchases import bought_event, put_building
from adjudicator.rulesets.medioevo.phases.card_play import ladder_step
from adjudicator.rulesets.medioevo.phases.purchases import build_problem, buy_piece_problem
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, catalogue, label
from adjudicator.rulesets.medioevo.state import CardEffect, MedioevoState

BARDO = "bardo"
GIULLARE = "giullare"
CASTELLANO = "castellano"
EMPIRE_CARD = "empire_card"
DOUBLE_TAXES = "double_taxes"
FORTIFICATION = "fortification"
SAMPLE_GIFT = 50  # the gift legal_orders lists for each feast; the amount is the power's to choose


# ---- BARDO ----------------------------------------------------------------------------------------


def gift_problem(state: MedioevoState, power: str, order: Gift, earlier: Sequence[Order]) -> str | None:
    if order.to == power:
        return "a gift is for another power's feast"
    if order.amount < 1:
        return "a gift is 1 florin or more (send none to give nothing)"
    if order.amount > state.powers[power].florins:
        return f"you hold {state.powers[power].florins} florins"
    if any(isinstance(o, Gift) and o.to == order.to for o in earlier):
        return f"one gift for the feast of {order.to}"
    return None


def feast(ledger: Ledger, power: str, order: PlayDiplomacyCard, dice: Dice) -> str:
    """The guests' sealed gifts are opened; the largest is taken (L2518-2520, ex L2490)."""
    state = ledger.state
    offers: list[tuple[int, str]] = []
    for guest in (p for p in state.acting_order() if p != power):
        gifts = [o for o in ledger.orders.get(guest, ()) if isinstance(o, Gift) and o.to == power]
        if not gifts:
            continue
        key = (guest, gifts[0].canonical())
        if state.at_war(guest, power):
            ledger.answers[key] = (False, f"at war with {power}: you are not at its feast (L2518)")
            continue
        offers.append((min(gifts[0].amount, state.powers[guest].florins), guest))
        ledger.answers[key] = (True, "not taken: a larger gift (or an earlier equal one) was chosen")
    best = max((amount for amount, _ in offers), default=0)
    if best <= 0:
        return "nobody brought a gift"
    giver = next(g for amount, g in offers if amount == best)  # the earliest in the turn order
    gift = next(o for o in ledger.orders[giver] if isinstance(o, Gift) and o.to == power)
    ledger.answers[giver, gift.canonical()] = (True, f"taken: you give {best} florins and gain 1 PO")
    ledger.state = state.with_power(giver, florins=state.powers[giver].florins - best).with_power(
        power, florins=state.powers[power].florins + best
    )
    ledger.events.append(
        GiftTaken(bard=power, giver=giver, amount=best, visibility=Visibility.to(power, giver))
    )
    params = ledger.data.cards[BARDO].params
    ledger.honor(giver, int(params["giver_po"]), f"its gift is the largest at the feast of {power}")
    return f"the largest gift is {giver}'s, which gains {params['giver_po']} PO; the others keep theirs"


# ---- GIULLARE -------------------------------------------------------------------------------------


def _free(state: MedioevoState, power: str, price: int) -> MedioevoState:
    """The power as if it could pay ``price``: the jester's gift is free, every other rule holds."""
    return state.with_power(power, florins=max(state.powers[power].florins, price))


def jester_problem(state: MedioevoState, power: str, order: PlayDiplomacyCard, data: DataSet) -> str | None:
    item = order.item
    assert item is not None
    if item in (EMPIRE_CARD, DOUBLE_TAXES):
        if order.places:
            return "an Empire card or double taxes goes to no territory: PLAY Giullare FOR CARD|TAXES"
        if item == EMPIRE_CARD and not state.deck:
            return "the Empire deck is empty"
        if item == DOUBLE_TAXES and state.effects_on(power, GIULLARE):
            return "your taxes are already doubled this turn"
        return None
    if len(order.places) != 1:
        return f"name the territory: PLAY Giullare FOR {item} IN <territory>"
    (where,) = order.places
    if item in data.buildings:
        building = data.buildings[item]
        if building.category != FORTIFICATION:
            return f"a GIULLARE gives a fortification, not a {building.name} (L2649)"
        rich = _free(state, power, building.cost)
        return build_problem(data, state, rich, power, Build(item, where))[0]
    piece = catalogue(data)[item]
    if piece.kind == CAPTAIN:
        return "a GIULLARE gives a transport or a siege engine, not a captain (L2649)"
    return buy_piece_problem(data, state, _free(state, power, piece.cost), power, BuyPiece(item, where))[0]


def jester(ledger: Ledger, power: str, order: PlayDiplomacyCard, dice: Dice) -> str:
    """The people's gift (L2649-2650, ex L2675)."""
    state = ledger.state
    item = order.item
    if item == EMPIRE_CARD:
        card, deck = state.deck[0], state.deck[1:]
        held = state.powers[power]
        ledger.state = state.with_power(power, cards=(*held.cards, card)).evolve(deck=deck)
        ledger.events.append(CardsDrawn(power=power, cards=(card,), visibility=Visibility.to(power)))
        return "draws the top card of the Empire deck into its hand"
    if item == DOUBLE_TAXES:
        effect = CardEffect(card=GIULLARE, holder=power, played_by=power, until=state.turn)
        ledger.state = state.evolve(card_effects=(*state.card_effects, effect))
        return "its taxes are doubled this turn"
    (where,) = order.places
    name = ledger.data.board.territories[where].name
    if item in ledger.data.buildings:
        building = ledger.data.buildings[item]
        _, replaced, _ = build_problem(
            ledger.data, state, _free(state, power, building.cost), power, Build(item, where)
        )
        ledger.state = put_building(state, Build(str(item), where), replaced)
        ledger.events.append(bought_event(power, Build(str(item), where), replaced, 0))
        return f"a free {building.name} in {name}"
    piece = catalogue(ledger.data)[str(item)]
    ledger.state = state.add_piece(power, piece.kind, piece.level, where, bought=state.turn)
    new = ledger.state.pieces[-1]
    named = label(ledger.data, new.kind, new.number)
    ledger.events.append(PieceBought(power=power, piece=named, item=str(item), territory=where, cost=0))
    return f"a free {piece.name} ({named}) in {name}"


# ---- CASTELLANO -----------------------------------------------------------------------------------


def protected_max(techs: Sequence[str], data: DataSet) -> int:
    """1/2/3 by the education ladder; 1 with only a craft that unlocks the card (card note)."""
    card = data.cards[CASTELLANO]
    step = ladder_step(techs, card.ladder)
    return int(card.values[step - 1]) if step else int(card.params["base_territories"])


def castellan_problem(
    state: MedioevoState, power: str, order: PlayDiplomacyCard, data: DataSet
) -> str | None:
    most = protected_max(state.powers[power].techs, data)
    if len(order.places) > most:
        return (
            f"your technologies let a CASTELLANO protect {most} territor{'y' if most == 1 else 'ies'} (L2538)"
        )
    foreign = [data.board.territories[t].name for t in order.places if state.territories[t].owner != power]
    if foreign:
        return f"a CASTELLANO protects your own territories: {', '.join(foreign)} not yours"
    return None


def castellan(ledger: Ledger, power: str, order: PlayDiplomacyCard, dice: Dice) -> str:
    turns = int(ledger.data.cards[CASTELLANO].params["duration_turns"])
    state = ledger.state
    effect = CardEffect(
        card=CASTELLANO, holder=power, played_by=power, until=state.turn + turns - 1, territories=order.places
    )
    ledger.state = state.evolve(card_effects=(*state.card_effects, effect))
    names = ", ".join(ledger.data.board.territories[t].name for t in order.places)
    return f"{names} protected from barbarians, events and calamities until the end of turn {effect.until}"


def _protected(state: MedioevoState, owner: str) -> set[str]:
    return {t for e in state.effects_on(owner, CASTELLANO) for t in e.territories}


def cancel_problem(state: MedioevoState, power: str, order: CancelProtection) -> str | None:
    if order.owner == power:
        return "you cannot cancel your own CASTELLANO"
    return None


def cancel(ledger: Ledger, power: str, order: CancelProtection) -> tuple[str, bool]:
    """1 PO per territory still protected; 3 CB for the card's player per PO (L2540)."""
    problem = cancel_problem(ledger.state, power, order)
    if problem:
        return problem, False
    protected = _protected(ledger.state, order.owner)
    hit = tuple(t for t in order.territories if t in protected)
    if not hit:
        return f"{order.owner} protects none of them with a CASTELLANO this turn: nothing paid", False
    params = ledger.data.cards[CASTELLANO].params
    po = int(params["cancel_cost_po_per_territory"]) * len(hit)
    ledger.honor(power, -po, f"cancels the CASTELLANO of {order.owner}")
    ledger.grievance(order.owner, power, po * int(params["cancel_cb_per_po"]), "its CASTELLANO cancelled")
    effects = []
    for effect in ledger.state.card_effects:
        if effect.card == CASTELLANO and effect.holder == order.owner:
            effect = effect.model_copy(
                update={"territories": tuple(t for t in effect.territories if t not in hit)}
            )
            if not effect.territories:
                continue
        effects.append(effect)
    ledger.state = ledger.state.evolve(card_effects=tuple(effects))
    ledger.events.append(ProtectionCancelled(owner=order.owner, by=power, territories=hit))
    missed = [t for t in order.territories if t not in hit]
    rest = f"; {', '.join(missed)} not protected, nothing paid for them" if missed else ""
    return f"protection cancelled in {', '.join(hit)}: {po} PO paid{rest}", True


# ---- options for the bots -------------------------------------------------------------------------


def candidates(state: MedioevoState, power: str, card: str, data: DataSet) -> list[PlayDiplomacyCard]:
    """A few plays of a court card to choose from (each is checked by the caller)."""
    owned = state.owned_by(power)
    if card == BARDO:
        return [PlayDiplomacyCard(card)]
    if card == CASTELLANO:
        most = protected_max(state.powers[power].techs, data)
        return [PlayDiplomacyCard(card, places=owned[:most])] if owned else []
    if card != GIULLARE:
        return []
    plays = [PlayDiplomacyCard(card, item=EMPIRE_CARD), PlayDiplomacyCard(card, item=DOUBLE_TAXES)]
    forts = [b for b, info in data.buildings.items() if info.category == FORTIFICATION and info.level == 1]
    plays += [PlayDiplomacyCard(card, item=b, places=(t,)) for b in forts for t in owned]
    level_one = [i for i in catalogue(data).values() if i.level == 1 and i.kind != CAPTAIN]
    plays += [PlayDiplomacyCard(card, item=i.id, places=(t,)) for i in level_one for t in owned]
    return plays
