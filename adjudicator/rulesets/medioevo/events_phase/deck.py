"""The Event deck (seed 002 L130, L1044-1048): 30 cards, shuffled at setup with the audited dice;
the first player draws its top card in the Calamity or Event sub-phase, one card a turn.

When the deck runs out its discards are shuffled into a new deck (ruling R252, digest A35), as the
Empire deck is. A game created before phase 7 existed has no deck yet: it is shuffled on the
first draw. The shuffle's rolls are the GM's (they give the order away, ``ruleset.dice_visibility``).
"""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events_phase.records import Omens
from adjudicator.rulesets.medioevo.state import MedioevoState

EVENT_DECK = "event deck"
"""The purpose of the Event deck's shuffles."""


def shuffled(dice: Dice, data: DataSet) -> Omens:
    """The records a new game starts with: the whole deck, shuffled."""
    return Omens(deck=dice.shuffle(tuple(sorted(data.events)), EVENT_DECK), shuffled=True)


def draw(state: MedioevoState, dice: Dice, data: DataSet) -> tuple[MedioevoState, str]:
    """The state with the top card drawn (and kept face up as this turn's card), and that card."""
    omens = state.omens
    deck, discards = omens.deck, omens.discards
    if not omens.shuffled:
        deck, discards = shuffled(dice, data).deck, ()
    elif not deck:
        deck, discards = dice.shuffle(discards, EVENT_DECK), ()
    card = deck[0]
    drawn = omens.model_copy(
        update={"deck": deck[1:], "discards": (*discards, card), "shuffled": True, "card": card}
    )
    return state.evolve(omens=drawn), card
