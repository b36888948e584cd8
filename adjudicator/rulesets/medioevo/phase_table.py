"""Which module resolves each Medioevo phase, and what each phase rolls.

The ruleset (ruleset.py) hands every phase here: one table of the phases of the turn (seed 002
L440-456) and the module that plays each, so the ruleset's class stays the game's interface and a
new phase adds its lines here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.dice import Dice
from adjudicator.core.orders import Order
from adjudicator.core.ruleset import DieUse, Resolution
from adjudicator.rulesets.medioevo import (
    start_bonus,
    steps,
)
from adjudicator.rulesets.medioevo.barbarians import activation
from adjudicator.rulesets.medioevo.barbarians import phase as barbarian_phase
from adjudicator.rulesets.medioevo.barbarians import ships as pirate_ships
from adjudicator.rulesets.medioevo.calamity.dice import calamity_dice_uses
from adjudicator.rulesets.medioevo.commerce import auction
from adjudicator.rulesets.medioevo.commerce import resolve as commerce
from adjudicator.rulesets.medioevo.commerce.orders import CARD_SALE, COMMERCE
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.endgame import ending as endgame
from adjudicator.rulesets.medioevo.endgame.orders import END
from adjudicator.rulesets.medioevo.events_phase import phase as events_phase
from adjudicator.rulesets.medioevo.events_phase.phase import EVENTS
from adjudicator.rulesets.medioevo.orders import (
    CARD_DRAW,
    CARDS,
    DIPLOMACY,
    PLACEMENT,
    PURCHASES,
    REINFORCEMENTS,
    SETUP,
    TAXES,
    TURN_ORDER,
)
from adjudicator.rulesets.medioevo.phases import (
    cards,
    deployment,
    diplomacy,
    placement,
    purchases,
    reinforcements,
    taxes,
    turn_order,
)
from adjudicator.rulesets.medioevo.phases.loans import LOAN_DIE_BY_LEVEL
from adjudicator.rulesets.medioevo.phases.principessa import PRINCIPESSA
from adjudicator.rulesets.medioevo.phases.taxes import CIAMBELLANO
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.variants import BARBARIANS_EVERY_PHASE, on
from adjudicator.rulesets.medioevo.war import window as war_window
from adjudicator.rulesets.medioevo.war.battle_dice import combat_dice_uses
from adjudicator.rulesets.medioevo.war.window import AFTERMATH, COMBAT


def resolve_phase(
    mu: MedioevoState, phase: str, orders: Mapping[str, Sequence[Order]], dice: Dice, data: DataSet
) -> Resolution:
    """Resolve ``phase`` on ``mu`` with the powers' ``orders`` and the phase's ``dice``; with the
    variant ATTIVAZIONE BARBARI A FINE FASE the barbarians attack at its end (L3312, R264)."""
    done = _resolve_phase(mu, phase, orders, dice, data)
    if phase in (SETUP, EVENTS) or not isinstance(done.state, MedioevoState):
        return done
    state, told = activation.variant_attacks(done.state, dice, data)
    return Resolution(state, (*done.events, *told), done.results) if told else done


def _resolve_phase(
    mu: MedioevoState, phase: str, orders: Mapping[str, Sequence[Order]], dice: Dice, data: DataSet
) -> Resolution:
    if phase == SETUP:
        return start_bonus.resolve(deployment.resolve(mu, orders, data), orders, data)
    if phase == TURN_ORDER:
        return turn_order.resolve(mu, orders, dice)
    if phase == CARD_DRAW:
        return cards.draw(mu)
    if phase == CARDS:
        return cards.resolve(mu, orders, data)
    if phase == DIPLOMACY:
        return diplomacy.resolve(mu, orders, data, dice)
    if phase == PURCHASES:
        return purchases.resolve(mu, orders, data, steps.buyers(mu, orders))
    if phase == TAXES:
        return taxes.resolve(mu, orders, dice, data)
    if phase == REINFORCEMENTS:
        return reinforcements.resolve(mu, orders, data)
    if phase == EVENTS:
        return events_phase.resolve(mu, dice, data)
    if phase == PLACEMENT:
        return placement.resolve(mu, orders, data)
    if phase == COMBAT:
        return war_window.resolve_combat(mu, orders, dice, data)
    if phase == AFTERMATH:
        return commerce.after_war(mu, war_window.resolve_aftermath(mu, dice, data))
    if phase == COMMERCE:
        return commerce.resolve(mu, orders, data)
    if phase == CARD_SALE:
        return auction.settle(mu, orders, data)
    if phase == END:
        return endgame.resolve(mu, orders, data)
    raise ValueError(f"unknown Medioevo phase {phase!r}")


def phase_dice(mu: MedioevoState, phase: str, data: DataSet) -> Sequence[DieUse]:
    """The turn order's shuffle (one die per place, d2 up to one side per power), the
    PRINCIPESSA's die in diplomacy, and in taxes a loan's die and CIAMBELLANO's, both by the
    power's LT (L911, L2552), and combat's battles, ramming, captures and siege artillery
    (war/battle_dice.py), and the events phase's (events_phase/phase.py); no other phase rolls."""
    if phase not in (SETUP, EVENTS) and on(mu, BARBARIANS_EVERY_PHASE):  # R264: the attacks' dice
        battles = () if phase == COMBAT else combat_dice_uses(data.cards)
        return (*_phase_dice(mu, phase, data), *barbarian_phase.dice_uses(data), *battles)
    return _phase_dice(mu, phase, data)


def _phase_dice(mu: MedioevoState, phase: str, data: DataSet) -> Sequence[DieUse]:
    if phase == TURN_ORDER:
        seats = len(mu.seats())
        return (DieUse("turn order", tuple(range(2, seats + 1))),) if seats > 1 else ()
    if phase == DIPLOMACY:
        sides = int(data.cards[PRINCIPESSA].params["die_sides"])
        return (DieUse(f"{PRINCIPESSA.upper()} POWER", (sides,)),)
    if phase == TAXES:
        by_lt = tuple(sorted({int(v) for v in data.cards[CIAMBELLANO].values}))
        return (
            DieUse("loan POWER", tuple(sorted(set(LOAN_DIE_BY_LEVEL.values())))),
            DieUse(f"{CIAMBELLANO.upper()} POWER", by_lt),
        )
    if phase == COMBAT:
        return (*combat_dice_uses(data.cards), *pirate_ships.dice_uses(), *activation.dice_uses(data))
    if phase == EVENTS:
        return events_phase.dice_uses(data) + calamity_dice_uses(data, len(mu.seats()))
    return ()
