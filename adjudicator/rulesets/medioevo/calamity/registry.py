"""Where the Events phase finds what a calamity does (seed 002 L1100-1140).

The Calamity sub-phase (L1032-1042) rolls the trigger and the table (d4 for the group, d8 for the
entry, L1100-1116) and draws the Event card that locates the calamity (L1048). It then hands the
calamity to its effect, registered here under its id in ``calamities.toml`` (``alluvione``,
``carestia`` …). Each effect is a pure function of the state, the strike, the dice and the data,
as every phase is: it returns the new state and the events that tell what happened.

A calamity that goes on over several turns (EPIDEMIA L1252-1276, INVASIONE BARBARA L1156-1182,
CROCIATA L1452-1526, the PIRATI ships L1394-1404) registers an ``ONGOING`` step too, which the
sub-phase runs every later turn, before it rolls the trigger, for as long as the state holds the
calamity as under way (its own record in the state, owned by the calamity's module).

The general rules of L1138-1140 (a calamity that kills every army in a territory takes its captains,
transports and siege engines with it; the Pope's die when the Papal State is hit) belong to the
effects that kill armies; they share one helper for it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import MedioevoState


@dataclass(frozen=True)
class CalamityStrike:
    """Where and how a calamity strikes: what the sub-phase hands its effect."""

    calamity: str
    """Its id in ``calamities.toml``."""
    card: str
    """The Event card drawn to locate it (L1048), its id in ``events.toml``."""
    red_area: tuple[str, ...]
    """The territories marked on that card, light or dark red alike (L1022, L1046)."""
    land_zone: int
    """The land zone the card designates (GUERRA CIVILE, L1292)."""
    first_player: str
    """The power first in this turn's order: it rolls the calamity's dice (L1036, L1100)."""


Outcome = tuple[MedioevoState, tuple[Event, ...]]
"""The state after, and what happened."""

CalamityEffect = Callable[[MedioevoState, CalamityStrike, Dice, DataSet], Outcome]
"""What a calamity does on the turn it strikes."""

OngoingEffect = Callable[[MedioevoState, Dice, DataSet], Outcome]
"""What a calamity under way does on each later turn; a no-op when none is under way."""

EFFECTS: dict[str, CalamityEffect] = {}
"""Calamity id -> its effect. The calamity modules register themselves with :func:`effect`."""

ONGOING: dict[str, OngoingEffect] = {}
"""Calamity id -> its step on the turns after it struck."""


def effect(calamity: str) -> Callable[[CalamityEffect], CalamityEffect]:
    """Decorator: register ``calamity``'s effect."""

    def register(function: CalamityEffect) -> CalamityEffect:
        EFFECTS[calamity] = function
        return function

    return register


def ongoing(calamity: str) -> Callable[[OngoingEffect], OngoingEffect]:
    """Decorator: register ``calamity``'s step on the turns after it struck."""

    def register(function: OngoingEffect) -> OngoingEffect:
        ONGOING[calamity] = function
        return function

    return register


def effect_for(calamity: str) -> CalamityEffect | None:
    """The registered effect of ``calamity``, None while it has none yet (the sub-phase then tells
    everyone the calamity was drawn and that the judge does not play it yet)."""
    _load_effects()
    return EFFECTS.get(calamity)


def ongoing_steps() -> tuple[tuple[str, OngoingEffect], ...]:
    """Every registered ongoing step, in the order of ``calamities.toml``'s ids (stable)."""
    _load_effects()
    return tuple(sorted(ONGOING.items()))


def _load_effects() -> None:
    """Import the calamity modules so their decorators run (``effects.py`` lists them)."""
    from adjudicator.rulesets.medioevo.calamity import effects  # noqa: F401  (registers)
