"""The Pope and the Papal State (seed 002 L2168-2182; ex L2196-2208).

* At setup the Pope's power also owns the Papal State, "the territory with Rome" (L2172), with the
  garrison every owned territory has (004 L61, R305).
* Whoever conquers the Papal State kills the Pope (L2176): a Catholic conqueror is the new Pope at
  once; otherwise the papacy is suspended until a Catholic takes it back (L2178, ex L2196-2200),
  the barbarians alike (ex L2202). Hooked in ``war/spoils.conquered``.
* A Pope dead of anything else (a calamity, L1138-1140; SICARIO with GILDE) leaves an election for
  the start of the next Events phase (L2180, :mod:`.election`).
"""

from __future__ import annotations

from typing import Any

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.church.events import PopeChanged
from adjudicator.rulesets.medioevo.church.records import Church
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.diplomacy_table import religion_of
from adjudicator.rulesets.medioevo.events_diplomacy import HonorChanged
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState
from adjudicator.rulesets.medioevo.variants import TWO_PLAYER, on

CATHOLIC = "catholic"
EXCOMMUNICATED = "excommunicated"  # a power's religion while excommunicated (L2221)
ANTIPOPE = "antipope"  # the religion of the Antipope's faction (L2221-2227)
ELECTION, SUSPENDED = "election", "suspended"
BECOME_POPE_PO = 1  # "Diventare Papa o Antipapa" (L2433)


def church_of(state: MedioevoState) -> Church:
    return state.church or Church()


def with_church(state: MedioevoState, **changes: Any) -> MedioevoState:
    """The state with the Church's record changed; back to None when it is all defaults again."""
    church = church_of(state).model_copy(update=changes)
    return state.evolve(church=None if church == Church() else church)


def papal_state(data: DataSet) -> str:
    """The territory with Rome (L2172): the board's Catholic religious capital."""
    return next(c.territory for c in data.board.religious_capitals.values() if str(c.religion) == CATHOLIC)


def pope_of(state: MedioevoState) -> str | None:
    return next((p for p in state.seats() if state.powers[p].pope), None)


def is_catholic(state: MedioevoState, power: str, data: DataSet) -> bool:
    """Catholic and under the Pope: not excommunicated, not of the Antipope's faction (L2221)."""
    return religion_of(state, power, data) == CATHOLIC


def catholics(state: MedioevoState, data: DataSet) -> tuple[str, ...]:
    return tuple(p for p in state.acting_order() if is_catholic(state, p, data))


def grant_papal_state(state: MedioevoState, pope: str | None, data: DataSet, garrison: int) -> MedioevoState:
    """Setup: the Pope's power owns the Papal State with the garrison of an owned territory (L2172,
    004 L61; R305). No Pope (no Catholic player, L382): it stays barbarian."""
    if pope is None:
        return state
    return state.with_territory(papal_state(data), owner=pope, armies={pope: garrison})


def make_pope(state: MedioevoState, power: str, why: str, events: list[Event]) -> MedioevoState:
    """``power`` holds the Pope: the flag moves, the see is filled, +1 PO for becoming Pope (L2433)."""
    old = pope_of(state)
    for other in state.seats():
        if state.powers[other].pope != (other == power):
            state = state.with_power(other, pope=other == power)
    state = with_church(state, vacant=None, election_turn=None)
    state = state.with_power(power, honor=state.powers[power].honor + BECOME_POPE_PO)
    events.append(PopeChanged(old=old if old != power else None, new=power, why=why))
    events.append(HonorChanged(power=power, delta=BECOME_POPE_PO, reason="becomes Pope (L2433)"))
    return state


def pope_dies(
    state: MedioevoState, data: DataSet, why: str, events: list[Event], election_turn: int | None = None
) -> MedioevoState:
    """The Pope dies of something other than a conquest (L2180): an election at the start of the
    next Events phase (``election_turn``: this turn's if its Events are still to come, the next
    otherwise; by default the next), if a Catholic is left; else the see stays empty."""
    old = pope_of(state)
    if old is None:
        return state
    state = state.with_power(old, pope=False)
    left = catholics(state, data)
    turn = state.turn + 1 if election_turn is None else election_turn
    if left:
        state = with_church(state, vacant=ELECTION, election_turn=turn)
        events.append(PopeChanged(old=old, new=None, why=f"{why}; the Catholics elect a new Pope (L2180)"))
    else:
        state = with_church(state, vacant=SUSPENDED, election_turn=None)
        events.append(PopeChanged(old=old, new=None, why=f"{why}; no Catholic is left to elect one"))
    return state


def after_conquest(
    state: MedioevoState, data: DataSet, power: str, territory: str, loser: str | None = None
) -> tuple[MedioevoState, list[Event]]:
    """The Papal State changed hands (L2176-2178, ex L2196-2202), ``loser`` its holder before:
    taken from the Pope, the Pope dies, and a Catholic conqueror is the new Pope while anyone else
    suspends the papacy; taken while the see is empty, a Catholic conqueror is Pope and anyone
    else keeps it suspended (no election while they hold it, ex L2202). Taken from someone else
    while a Pope reigns elsewhere (a game without R305's setup): the Pope is not there; nothing."""
    events: list[Event] = []
    if territory != papal_state(data) or on(state, TWO_PLAYER):  # no Pope in PARTITA A 2 (L3254)
        return state, events
    old = pope_of(state)
    if old is not None and loser != old:
        return state, events
    catholic = power != BARBARIANS and power in state.powers and is_catholic(state, power, data)
    if catholic:
        if old is not None:
            state = state.with_power(old, pope=False)
            events.append(PopeChanged(old=old, new=None, why=f"{power} takes the Papal State"))
        return make_pope(state, power, "a Catholic takes the Papal State (L2176, ex L2200)", events), events
    if old is not None:
        state = state.with_power(old, pope=False)
    who = "the barbarians" if power == BARBARIANS else power
    why = f"{who} hold the Papal State: the papacy is suspended until a Catholic takes it (L2178)"
    if old is not None or church_of(state).vacant != SUSPENDED:
        events.append(PopeChanged(old=old, new=None, why=why))
    return with_church(state, vacant=SUSPENDED, election_turn=None), events


POPE_DIE = "pope death"
"""The purpose of L1140's die, the only one (the calamities' ``Work.pope_roll`` rolls it here);
the Events phase names it in ``phase_dice`` (calamity/dice.py)."""


def pope_at_risk(state: MedioevoState, data: DataSet) -> str | None:
    """The Pope's power when he is in the Papal State, so a calamity there may kill him (L1140)."""
    pope = pope_of(state)
    return pope if pope is not None and state.territories[papal_state(data)].owner == pope else None


def pope_die(dice: Dice, damaging_turns: int) -> tuple[int, int]:
    """L1140's die for a calamity damaging the Papal State in its ``damaging_turns``-th consecutive
    turn: (1d6, the least roll that kills): 6 the 1st turn, 5+ the 2nd, 4+ the 3rd … (digest A50)."""
    return dice.roll(6, POPE_DIE), max(1, 7 - damaging_turns)


def calamity_die(
    state: MedioevoState, data: DataSet, dice: Dice, damaging_turns: int, events: list[Event]
) -> MedioevoState:
    """L1140 for a caller outside the calamity effects: the die (:func:`pope_die`) and, when it
    kills, the Pope's death with the election at the next Events (L2180)."""
    if pope_at_risk(state, data) is None:
        return state
    roll, needed = pope_die(dice, damaging_turns)
    if roll >= needed:
        return pope_dies(state, data, f"a calamity strikes the Papal State (1d6 = {roll}, L1140)", events)
    return state
