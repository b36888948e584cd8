"""What playing an Empire card of the purchases, taxes or reinforcements phase needs (seed 002
L476-566, L2470-2786): the card in hand, its technologies, a target where it has one, and the
icons' cumulative rule. Shared by the three phases; the effects are in ``purchase_cards.py``,
``taxes.py`` and ``reinforcements.py``; lasting cards (AVARO, USURAI, TACCAGNO) start here.

The same checks run when the order arrives (with the cards just drawn counted as in hand, and the
technologies the mail buys in the purchases of the same window counted as held, ruling R10) and
again when the phase resolves, with the state of that moment.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.components.cards import EmpireCard, Persistence
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger
from adjudicator.rulesets.medioevo.events import CardPlayed
from adjudicator.rulesets.medioevo.holdings import count_with
from adjudicator.rulesets.medioevo.orders import BuyTech, PlayPurchaseCard, PlayReinforcementCard, PlayTaxCard
from adjudicator.rulesets.medioevo.state import CardEffect, MedioevoState

CardPlay = PlayTaxCard | PlayReinforcementCard | PlayPurchaseCard
OPPONENT = "opponent"
ANY_PLAYER = "any_player"
GIVE = "give"


def ladder_step(techs: Collection[str], ladder: Sequence[str]) -> int:
    """1 + the highest step of the card's technology ladder held; 0 for none."""
    return max((i + 1 for i, t in enumerate(ladder) if t in techs), default=0)


def lt_value(card: EmpireCard, tech_level: int) -> int:
    """The card's value at the player's LT I/II/III (``scales_with = "lt"``)."""
    return int(card.values[tech_level - 1])


def takes_target(card: EmpireCard) -> str:
    """``required`` (AVARO, TACCAGNO: handed to another power), ``optional`` (USURAI: kept or
    given), ``none``."""
    if card.target in (OPPONENT, ANY_PLAYER):
        return "required"
    return "optional" if GIVE in card.params.get("modes", ()) else "none"


def takes_amount(card: EmpireCard) -> bool:
    """Only cards that buy VF take an amount (MERCENARIO)."""
    return "fiorini_per_vf" in card.params


def techs_by_then(state: MedioevoState, power: str, mail: Sequence[Order]) -> frozenset[str]:
    """The technologies held, with those the same mail buys in the purchases before (R10)."""
    return frozenset((*state.powers[power].techs, *(o.tech for o in mail if isinstance(o, BuyTech))))


def tech_problem(card: EmpireCard, techs: Collection[str]) -> str | None:
    missing = [t for t in card.requires_all if t not in techs]
    if missing:
        return f"{card.name} needs {', '.join(t.upper() for t in missing)}"
    if card.requires_any and not any(t in techs for t in card.requires_any):
        return f"{card.name} needs one of {', '.join(t.upper() for t in card.requires_any)}"
    return None


def play_problem(
    state: MedioevoState,
    power: str,
    order: CardPlay,
    data: DataSet,
    *,
    earlier: Sequence[Order],
    techs: Collection[str],
    drawn_counts: bool,
) -> str | None:
    """Why the power cannot play this card now, or None. ``earlier``: the power's plays already
    accepted in this phase (or in this mail, on arrival, with ``drawn_counts``)."""
    held = state.powers[power]
    card = data.cards[order.card]
    copies = held.cards.count(order.card) + (held.drawn.count(order.card) if drawn_counts else 0)
    used = sum(1 for o in earlier if isinstance(o, type(order)) and o.card == order.card)
    if copies == 0:
        return f"{card.name} is not in your hand"
    if used and not card.cumulative:
        return f"{card.name} is not cumulative: one a turn (L554)"
    # on arrival (drawn_counts) the hand is as it was; when the phase resolves a discarded card
    # has already left it, a kept one has not
    if (drawn_counts or keeps_card(card)) and used >= copies:
        return f"you hold {copies} {card.name}, all played already"
    if isinstance(order, PlayReinforcementCard):
        if order.amount is not None and not takes_amount(card):
            return f"{card.name} takes no amount: PLAY {card.name}"
        if order.amount is not None and order.amount < 1:
            return f"{card.name} buys 1 VF or more"
    else:
        problem = _target_problem(state, power, order, card)
        if problem:
            return problem
    return tech_problem(card, techs)


def _target_problem(
    state: MedioevoState, power: str, order: PlayTaxCard | PlayPurchaseCard, card: EmpireCard
) -> str | None:
    kind = takes_target(card)
    target = order.target
    if kind == "none" and target is not None:
        return f"{card.name} is played for yourself: PLAY {card.name}"
    if kind == "required" and target is None:
        return f"{card.name} is handed to another power: PLAY {card.name} ON <power>"
    if target == power:
        if kind == "optional":
            return f"to keep {card.name} for yourself write PLAY {card.name}"
        return f"{card.name} is handed to another power, not yourself"
    if target is not None:
        truce = state.truce(power, target)
        if truce is not None:
            until = truce.until
            return f"you have a truce with {target} until turn {until}: no Empire card against it (L2630)"
    holder = target or power
    for effect in state.effects_on(holder, order.card):
        if effect.given == (target is not None):
            whose = "you are" if holder == power else f"{holder} is"
            return f"{whose} already under {card.name} until turn {effect.until} (not cumulative)"
    return None


def nothing_counted(state: MedioevoState, power: str, card: EmpireCard, data: DataSet) -> str | None:
    """A card paid per building (``per``: VESCOVO, CARDINALE, CAVALIERE) with none of them owned
    on the map (one bought this turn is placed in the positioning, L1534, R80) is refused when the
    phase resolves, so the card is not wasted."""
    per = card.params.get("per")
    if per is None:
        return None
    if count_with(state, power, str(per)):
        return None
    building = data.buildings[str(per)].name if str(per) in data.buildings else str(per)
    return f"{card.name} pays per {building}: you own none"


def duration(card: EmpireCard, tech_level: int) -> int:
    """Turns a lasting card acts: the player's LT at play (L2512, L2762, ex L2486)."""
    return int(card.params["duration_turns_by_lt"][tech_level - 1])


def keeps_card(card: EmpireCard) -> bool:
    """Cards "da conservare" stay in the hand after use (L550-554)."""
    return card.persistence is Persistence.KEEP


def after_play(state: MedioevoState, power: str, card_id: str, data: DataSet) -> MedioevoState:
    """The card leaves the hand for the discards unless it is kept; a lasting card (AVARO,
    USURAI) is discarded at once and its effect recorded in ``card_effects`` (ruling, as R29)."""
    if keeps_card(data.cards[card_id]):
        return state
    hand = list(state.powers[power].cards)
    hand.remove(card_id)
    return state.with_power(power, cards=tuple(hand)).evolve(discards=(*state.discards, card_id))


def start_lasting(
    state: MedioevoState, power: str, card_id: str, target: str | None, data: DataSet, events: list[Event]
) -> tuple[MedioevoState, str]:
    """AVARO, USURAI or TACCAGNO starts acting on its holder for the player's LT in turns, this one
    included (L2512, L2762, L2750, ex L2486); handed to another power it gives the fire CB (L764)."""
    card = data.cards[card_id]
    holder = target or power
    turns = duration(card, state.powers[power].tech_level)
    effect = CardEffect(card=card_id, holder=holder, played_by=power, until=state.turn + turns - 1)
    state = state.evolve(card_effects=(*state.card_effects, effect))
    what = f"acts on {'you' if holder == power else holder} until turn {effect.until}"
    if effect.given and card.offensive:
        ledger = Ledger(state, data)
        ledger.grievance(holder, power, data.diplomacy_rules.offensive_card_cb, f"offensive card {card.name}")
        events.extend(ledger.events)
        state = ledger.state
    events.append(CardPlayed(power=power, card=card.name, target=target, effect=what))
    return state, what
