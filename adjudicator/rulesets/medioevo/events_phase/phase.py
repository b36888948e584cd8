"""Phase 7, Events (seed 002 L1030-1116): its four sub-phases in the seed's order (L1032), and the
dice it rolls (for ``ruleset.phase_dice``). It takes no orders: every choice the rules leave to a
player here has a default (R251, R254, R256).

1. Calamity (``calamity.py``): the calamities under way, the trigger, the table, the Event card
   that locates it, its effect.
2. Event (``event.py``), only when no calamity struck (L1044-1048).
3. Relics (``relics.py``): the Grail icon of the card drawn, whatever it was drawn for (R253).
4. Rebellions (``rebellions.py``), then the barbarians (``barbarians/phase.py``, R258).

Each turn's phase first clears the last turn's card, transport stop and market slump.
"""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.core.ruleset import DieUse, Resolution
from adjudicator.rulesets.medioevo.barbarians import invasion, pirates
from adjudicator.rulesets.medioevo.barbarians import phase as barbarians
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events_phase import calamity, deck, event, rebellions, relics
from adjudicator.rulesets.medioevo.state import MedioevoState

EVENTS = "events"
"""The phase's id (ruleset.py's PHASES and the economy window)."""


def resolve(state: MedioevoState, dice: Dice, data: DataSet) -> Resolution:
    """The four sub-phases, one after the other."""
    fresh = state.omens.model_copy(update={"card": None, "stalled": {}, "turn": state.turn})
    state = state.evolve(omens=fresh, slumped_markets=())
    told: list[Event] = []
    state, events = calamity.ongoing(state, dice, data)
    told.extend(events)
    state, struck, events = calamity.trigger(state, dice, data)
    told.extend(events)
    if struck:
        state, events = calamity.strike(state, calamity.table(state, dice, data), dice, data)
    else:
        state, _card, events = event.play(state, dice, data)
    told.extend(events)
    card = state.omens.card
    if card is not None:
        state, events = relics.place(state, card, dice, data)
        told.extend(events)
    state, events = relics.sweep(state, data)
    told.extend(events)
    state, events = rebellions.rebellions(state, dice, data)
    told.extend(events)
    state, events = barbarians.resolve(state, dice, data)
    told.extend(events)
    return Resolution(state, tuple(told))


def dice_uses(data: DataSet) -> tuple[DieUse, ...]:
    """What the phase itself rolls; a calamity's effect rolls its own dice besides."""
    rules = data.calamity_rules
    longest = max(len(c.areas) for c in data.events.values())
    return (
        DieUse(calamity.TRIGGER, (6,)),
        DieUse(calamity.GROUP, (rules.group_die,)),
        DieUse(calamity.ENTRY, (rules.entry_die,)),
        DieUse(deck.EVENT_DECK, tuple(range(2, len(data.events) + 1))),
        DieUse(event.ICON, (6,)),
        DieUse(event.PLACE, tuple(range(2, longest + 1))),
        DieUse(f"{event.LOSSES}POWER", (6,)),
        DieUse(relics.SITE, tuple(sorted({len(c.relic_sites) for c in data.events.values() if c.grail}))),
        DieUse(f"{rebellions.LEVEL}POWER", (rebellions.LEVEL_DIE,)),
        DieUse(f"{rebellions.REBELS}TERRITORY", (rebellions.REBELS_DIE,)),
        *barbarians.dice_uses(data),
        *pirates.dice_uses(data),
        *invasion.dice_uses(data),
    )
