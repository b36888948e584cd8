"""The Calamity sub-phase (seed 002 L1032-1042, L1048, L1100-1116).

First the calamities under way take their step (EPIDEMIA, INVASIONE BARBARA, CROCIATA, the PIRATI:
``calamity/registry.py``'s ongoing steps). Then, from turn 2 (L1034), the first player rolls 2d6:
a double no higher than the window strikes. The window starts at double 1, grows by one each turn
without a calamity up to 6 (L1036-1038); after a calamity the next turn rolls nothing and the one
after starts again at double 1 (L1040). The state keeps the window (``omens.window``).

A calamity is drawn on the table: 1d4 for the group (1-2 A, 3-4 B), 1d8 for the entry; B8 rolls the
1d8 again within group B (L1111, R15), and so does a CROCIATA while one is under way (digest A33,
the data's note). The Event card drawn next locates it (L1048), and the calamity goes to its
effect (``registry.effect_for``) with a :class:`CalamityStrike`. A calamity whose effect the judge
does not play yet is announced, with the card that locates it (ruling R250).
"""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.calamity import registry
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events_phase import deck
from adjudicator.rulesets.medioevo.events_phase.news import CalamityStruck, CalamityTrigger
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.two_player import no_calamities

TRIGGER, GROUP, ENTRY = "calamity trigger", "calamity group", "calamity entry"
"""The purposes of the trigger's 2d6, the group's 1d4 and the entry's 1d8."""

UNDER_WAY: dict[str, Callable[[MedioevoState], bool]] = {
    "crociata": lambda state: state.church is not None and state.church.crusade is not None,
}
"""Calamity id -> whether one is under way in the state, for the calamities that may not strike
again while they last (CROCIATA, digest A33). The module that keeps the calamity's record
registers its test here (CROCIATA: the Church's record, church/records.py); with none
registered the calamity is never under way."""

ONE_AT_A_TIME = ("crociata",)
"""Calamities that re-roll the entry while one is under way (the data's note on CROCIATA)."""

Told = tuple[MedioevoState, tuple[Event, ...]]


def ongoing(state: MedioevoState, dice: Dice, data: DataSet) -> Told:
    """The step of every calamity under way, in the registry's order (each a no-op when none)."""
    told: list[Event] = []
    for _calamity, step in registry.ongoing_steps():
        state, events = step(state, dice, data)
        told.extend(events)
    return state, tuple(told)


def trigger(state: MedioevoState, dice: Dice, data: DataSet) -> tuple[MedioevoState, bool, tuple[Event, ...]]:
    """The first player's 2d6 (L1034-1040): (the state with the next window, whether a calamity
    strikes, what was told). No roll on turn 1, nor on the turn after a calamity."""
    rules = data.calamity_rules
    window = state.omens.window
    if state.turn < rules.first_turn or no_calamities(state):  # PARTITA A 2: none (L3256)
        return state, False, ()
    if window < rules.trigger_start:  # the turn after a calamity (L1040)
        return _window(state, window + 1), False, ()
    first = state.acting_order()[0]
    rolled = tuple(dice.roll(6, TRIGGER) for _ in range(rules.trigger_dice))
    struck = len(set(rolled)) == 1 and rolled[0] <= window
    after = rules.trigger_start - rules.skip_after if struck else min(window + 1, rules.trigger_max)
    told = CalamityTrigger(power=first, dice=(rolled[0], rolled[-1]), window=window, struck=struck)
    return _window(state, after), struck, (told,)


def _window(state: MedioevoState, window: int) -> MedioevoState:
    return state.evolve(omens=state.omens.model_copy(update={"window": window}))


def table(state: MedioevoState, dice: Dice, data: DataSet) -> str:
    """The calamity drawn (L1100-1116): the group by 1d4, the entry by 1d8, re-rolled on B8 and
    on a calamity that is under way and strikes one at a time."""
    rules = data.calamity_rules
    rolled = dice.roll(rules.group_die, GROUP)
    group = next(g for g, results in sorted(rules.groups.items()) if rolled in results)
    by_entry = {c.entry: cid for cid, c in data.calamities.items() if c.group == group}
    while True:
        calamity = by_entry[dice.roll(rules.entry_die, ENTRY)]
        if data.calamities[calamity].params.get("reroll"):
            continue
        if calamity in ONE_AT_A_TIME and calamity in UNDER_WAY and UNDER_WAY[calamity](state):
            continue
        return calamity


def strike(state: MedioevoState, calamity: str, dice: Dice, data: DataSet) -> Told:
    """The Event card that locates ``calamity`` (L1048), then its effect, when the judge has one."""
    state, card = deck.draw(state, dice, data)
    drawn = data.events[card]
    first = state.acting_order()[0]
    hit = CalamityStrike(
        calamity=calamity,
        card=card,
        red_area=drawn.areas,
        land_zone=drawn.land_zone,
        first_player=first,
    )
    effect = registry.effect_for(calamity)
    told = CalamityStruck(
        calamity=calamity,
        name=data.calamities[calamity].name,
        card=card,
        card_name=drawn.name,
        areas=drawn.areas,
        first_player=first,
        played=effect is not None,
    )
    if effect is None:
        return state, (told,)
    state, events = effect(state, hit, dice, data)
    return state, (told, *events)
