"""Which cards a power plays on a roll, and which it gives up (seed 002 L1707, L1736-L1742, L1768-L1770).

A plan names the cards for each roll; the judge plays those the power still holds and may play
(the LT limit, all different, the side and the card's conditions), says why it drops the others,
and on a lost roll takes one played card away (the first in the plan's ``sacrifice`` order, R139).
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.rulesets.medioevo.components.cards import EmpireCard
from adjudicator.rulesets.medioevo.war.battle_dice import CardEffect, Situation, card_key, why_not
from adjudicator.rulesets.medioevo.war.battle_models import Force, Side


def plan_problems(force: Force, side: Side, cards: Mapping[str, EmpireCard]) -> list[str]:
    """What is wrong with a battle plan as written (for the receipt): more cards on a roll than the
    power's LT, a card twice on one roll (L1736, ex L1693-L1697), a card that is no round card or
    not for this side (L1740-L1742), a LADRO the power does not hold."""
    problems: list[str] = []
    role = "attack" if side is Side.ATTACKER else "defence"
    for number, chosen in enumerate(force.plan.rounds, start=1):
        keys = [card_key(c) for c in chosen]
        if len(keys) > force.lt:
            problems.append(f"roll {number}: {len(keys)} cards, but LT {force.lt} allows {force.lt}")
        if len(set(keys)) != len(keys):
            problems.append(f"roll {number}: the cards must all be different")
        for key in dict.fromkeys(keys):
            card = cards.get(key)
            if card is None or card.timing != "round":
                problems.append(f"roll {number}: {key.upper()} is not played on a die roll")
            elif role not in card.roles:
                problems.append(f"roll {number}: {card.name} is not played in {role}")
    for steal in force.plan.steals:
        if "ladro" not in {card_key(c) for c in force.hand}:
            problems.append(
                f"before roll {steal.before_round}: no LADRO in hand to steal {steal.card.upper()}"
            )
    return problems


def choose_cards(
    force: Force,
    number: int,
    hand: list[str],
    effects: Mapping[str, CardEffect],
    situation: Situation,
) -> tuple[tuple[CardEffect, ...], list[str]]:
    """The cards ``force`` plays on roll ``number`` and the words for those it cannot play."""
    played: list[CardEffect] = []
    notes: list[str] = []
    for raw in force.plan.cards_for(number):
        key = card_key(raw)
        effect = effects.get(key)
        if effect is None:
            notes.append(f"{force.power} cannot play {raw.upper()} on a die roll")
        elif key not in hand:
            notes.append(f"{force.power} no longer holds {effect.name}")
        elif any(p.card == key for p in played):
            notes.append(f"{force.power} plays {effect.name} only once on a roll")
        elif len(played) >= force.lt:
            notes.append(f"{force.power} may play only {force.lt} cards on a roll (LT): not {effect.name}")
        elif (reason := why_not(effect, force, situation)) is not None:
            notes.append(f"{force.power} does not play {effect.name}: {reason}")
        else:
            played.append(effect)
    return tuple(played), notes


def card_to_lose(force: Force, played: tuple[CardEffect, ...]) -> CardEffect:
    """The card given up after a lost roll: the plan's first ``sacrifice`` among those played,
    else the last played (L1768 "a sua scelta", from those played as in ex L2488; R139)."""
    for name in force.plan.sacrifice:
        for effect in played:
            if effect.card == card_key(name):
                return effect
    return played[-1]
