"""INQUISIZIONE, the inquisition (seed 002 L1378-1392, ex L1334-1338).

Every power with a territory in the red area rolls 1d6; the lowest is the primary victim (ties
roll again among the lowest, A45), and every power of its religion with a territory there is a
victim (L1380). Each of a victim's Cathedrals spares one Empire card, TEOLOGIA two more; its own
UNIVERSITA cancels the Cathedrals', its FILOSOFIA TEOLOGIA's (L1384-1388; ex L1338: TEOLOGIA and
1 Cathedral spare 3 cards). Every other card is tried: the Grand Inquisitor, a power that is no
victim (the first in the turn order; the judge rolls for it, A45), and the victim roll 1d6, the
victim -1 with FANATISMO; the card is lost (to the discards) only if the Inquisitor rolls higher
(L1390-1392).

The choice of the cards spared is the victim's: until a window asks for it, the judge spares
them in the order of the power's standing KEEP PRIORITY list, then in the order of its hand
(R280). The trials name the cards: only the victim sees them (CardsTried); all see the counts."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.calamity.common import Work, has_mod, mod_sum, techs
from adjudicator.rulesets.medioevo.calamity.events import CardsTried
from adjudicator.rulesets.medioevo.calamity.heresy import religion
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike, Outcome, effect
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import MedioevoState

INQUISIZIONE = "inquisizione"


def primary(work: Work, powers: list[str]) -> str:
    """The lowest 1d6, ties rolled again among the lowest (A45)."""
    while len(powers) > 1:
        rolls = {p: work.dice.roll(6, f"inquisition {p}") for p in powers}
        low = min(rolls.values())
        work.notice(", ".join(f"{p} {r}" for p, r in rolls.items()) + " (L1380)")
        powers = [p for p in powers if rolls[p] == low]
    return powers[0]


def spared_count(work: Work, power: str) -> tuple[int, str]:
    """How many cards the victim spares, and why (L1384-1388)."""
    data, state = work.data, work.state
    owned = techs(state, power)
    churches = sum(1 for t in state.owned_by(power) if "cathedral" in state.territories[t].usable())
    per = int(data.calamities[INQUISIZIONE].params["protected_cards_per_cathedral"])
    why = []
    by_churches = churches * per
    if by_churches and has_mod(data, owned, INQUISIZIONE, "cancels_cathedral_protection"):
        why.append(f"{churches} Cathedral(s) cancelled by UNIVERSITA")
        by_churches = 0
    elif by_churches:
        why.append(f"{churches} Cathedral(s)")
    theology, _ = mod_sum(data, owned, INQUISIZIONE, "protected_cards")
    if theology and has_mod(data, owned, INQUISIZIONE, "cancels_teologia"):
        why.append("TEOLOGIA cancelled by FILOSOFIA")
        theology = 0
    elif theology:
        why.append(f"TEOLOGIA {theology}")
    return by_churches + theology, ", ".join(why) or "nothing"


@effect(INQUISIZIONE)
def inquisition(state: MedioevoState, strike: CalamityStrike, dice: Dice, data: DataSet) -> Outcome:
    work = Work(state, data, dice, INQUISIZIONE)
    present = [
        p for p in state.acting_order() if any(state.territories[t].owner == p for t in strike.red_area)
    ]
    if not present:
        work.notice("no power holds a territory in the red area: nobody is tried")
        return work.done()
    first = primary(work, present)
    faith = religion(state, data, first)
    victims = [p for p in present if religion(state, data, p) == faith]
    judge = next((p for p in state.acting_order() if p not in victims), None)
    work.notice(
        f"{first} is the primary victim; tried: {', '.join(victims)} ({faith}); Grand Inquisitor: "
        f"{judge or 'the judge, no other power being left'} (L1380-1390). Cards spared by the "
        "standing KEEP PRIORITY list, then the hand's order (R280)"
    )
    trial_die = int(data.calamities[INQUISIZIONE].params["trial_die"])
    for victim in victims:
        hand = work.state.powers[victim].cards
        count, why = spared_count(work, victim)
        pool = list(hand)  # a multiset: a hand may hold two copies of a card
        order = []
        for card in work.state.powers[victim].keep_priority:
            if card in pool:
                pool.remove(card)
                order.append(card)
        order += pool
        protected, tried = tuple(order[:count]), order[count:]
        lost: list[str] = []
        saved: list[str] = []
        minus, _ = mod_sum(data, techs(work.state, victim), INQUISIZIONE, "victim_roll")
        for card in tried:
            inquisitor = dice.roll(trial_die, f"trial {victim} {card} inquisitor")
            defence = dice.roll(trial_die, f"trial {victim} {card}") + minus
            (lost if inquisitor > defence else saved).append(card)
        kept = list(hand)
        for card in lost:
            kept.remove(card)
        work.state = work.state.with_power(victim, cards=tuple(kept))
        work.state = work.state.evolve(discards=(*work.state.discards, *lost))
        names = {c: data.cards[c].name for c in hand}
        work.events.append(
            CardsTried(
                phase="events",
                power=victim,
                protected=tuple(names[c] for c in protected),
                lost=tuple(names[c] for c in lost),
                saved=tuple(names[c] for c in saved),
            )
        )
        work.notice(
            f"{victim}: {len(hand)} Empire card(s), {len(protected)} spared ({why}), "
            f"{len(lost) + len(saved)} tried, {len(lost)} lost (L1384-1392)"
        )
    return work.done()
