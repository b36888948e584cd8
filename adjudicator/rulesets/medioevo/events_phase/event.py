"""The Event sub-phase (seed 002 L1044-1070): when no calamity struck, the first player draws the
top Event card and rolls 1d6 for its icon (1-2 the first, 3-4 the second, 5-6 the third, L1052).

The four icons (``events.toml``'s event kinds, digest A29):

* E1 buildings damaged (L1056): one of the card's territories, drawn at random, has every building
  on the map damaged (not one bought this turn, which comes in the positioning: L1534, R80), to be
  repaired for 25 % by the next turn's purchases or lose a level (``phases/repairs.py`` reduces
  what is left unrepaired at the end of that purchases phase).
* E2 transports stopped (L1060): the transports in the card's territories and the sea zones next to
  them cannot move this turn; a power with ASTRONOMIA moves its ships there at half PM, one with
  CARTOGRAFIA its land transports (``omens.stalled``, read by the war's movement).
* E3 troop losses (L1064): each power with troops there rolls 1d6 and loses that many VF among
  them, from the largest stack first (ruling R251).
* E4 market slump (L1068): the markets of the card's territories pay 10 florins less a good sold
  this turn (``slumped_markets``, read by the commerce phase; cleared by the next events phase).

A territory a CASTELLANO protects this turn (L2538) is spared by all four, and by rebellions.
"""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events_phase import deck
from adjudicator.rulesets.medioevo.events_phase.news import (
    BuildingsDamaged,
    EventDrawn,
    MarketsSlumped,
    TransportsStopped,
    TroopsLost,
)
from adjudicator.rulesets.medioevo.events_phase.records import HALF, STOP
from adjudicator.rulesets.medioevo.pieces_state import label
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.transport import transport_type

CASTELLANO = "castellano"


def shielded(state: MedioevoState) -> frozenset[str]:
    """The territories a CASTELLANO protects from events this turn (L2538: ``card_effects``)."""
    return frozenset(
        t for e in state.card_effects if e.card == CASTELLANO and e.until >= state.turn for t in e.territories
    )


ICON, PLACE = "event icon", "event territory"
LOSSES = "event losses "
"""The purposes of the icon's 1d6, E1's territory and E3's 1d6 (followed by the power's id)."""

Told = tuple[MedioevoState, tuple[Event, ...]]


def play(state: MedioevoState, dice: Dice, data: DataSet) -> tuple[MedioevoState, str, tuple[Event, ...]]:
    """Draw the card, roll its icon and play it: (the state, the card, what was told)."""
    state, card = deck.draw(state, dice, data)
    drawn = data.events[card]
    roll = dice.roll(6, ICON)
    icon = drawn.icons[(roll - 1) // 2]
    told: list[Event] = [
        EventDrawn(
            card=card,
            card_name=drawn.name,
            areas=drawn.areas,
            roll=roll,
            icon=icon,
            icon_name=data.event_kinds[icon].name_en,
        )
    ]
    effect = EFFECTS.get(icon)
    if effect is not None:
        state, events = effect(state, drawn.areas, dice, data)
        told.extend(events)
    return state, card, tuple(told)


def damage(state: MedioevoState, areas: tuple[str, ...], dice: Dice, data: DataSet) -> Told:
    """E1 (L1056): every building of one territory drawn among the card's, due by next turn."""
    where = areas[dice.roll(len(areas), PLACE) - 1] if len(areas) > 1 else areas[0]
    terr = state.territories[where]
    due = state.turn + 1
    standing = terr.buildings if terr.built_over is None else terr.built_over  # not phase 8's new ones
    if where in shielded(state):
        return state, (
            BuildingsDamaged(territory=where, owner=terr.owner, buildings=(), repair_by=due, shielded=True),
        )
    hit = {b: terr.damaged.get(b, due) for b in standing}
    state = state.with_territory(where, damaged={**terr.damaged, **hit})
    return state, (BuildingsDamaged(territory=where, owner=terr.owner, buildings=standing, repair_by=due),)


def _places(areas: tuple[str, ...], data: DataSet) -> tuple[str, ...]:
    """The card's territories and the sea zones next to them (L1060, L1064)."""
    seas = sorted({s for t in areas for s in data.board.territories[t].seas})
    return (*areas, *seas)


def stop(state: MedioevoState, areas: tuple[str, ...], dice: Dice, data: DataSet) -> Told:
    """E2 (L1060): each transport there is stopped for the turn, or halved by its owner's
    ASTRONOMIA (ships) or CARTOGRAFIA (land transports): the technologies'
    ``event_blocked_<domain>_pm_factor``."""
    places = _places(tuple(t for t in areas if t not in shielded(state)), data)
    stalled: dict[str, str] = {}
    stopped: list[str] = []
    halved: list[str] = []
    kinds = {t.kind for t in data.transports.values()}
    for piece in state.pieces:
        if piece.location not in places or piece.kind not in kinds:
            continue
        domain = transport_type(data, piece.kind, piece.level).domain
        techs = state.powers[piece.owner].techs if piece.owner in state.powers else ()
        key = f"{piece.owner} {label(data, piece.kind, piece.number)}"
        factor = f"event_blocked_{domain}_pm_factor"
        half = any(factor in data.technologies[t].params for t in techs if t in data.technologies)
        stalled["/".join(map(str, piece.key()))] = HALF if half else STOP
        (halved if half else stopped).append(key)
    omens = state.omens.model_copy(update={"stalled": stalled, "turn": state.turn})
    told = TransportsStopped(places=places, stopped=tuple(stopped), halved=tuple(halved))
    return state.evolve(omens=omens), (told,)


def losses(state: MedioevoState, areas: tuple[str, ...], dice: Dice, data: DataSet) -> Told:
    """E3 (L1064): each power with VF there rolls 1d6 and loses as many, one at a time from its
    largest stack (armies on the ground before those aboard at equal size, then by place id), a
    stack at a time, until the dice or its troops there run out (R251)."""
    places = _places(tuple(t for t in areas if t not in shielded(state)), data)
    told: list[Event] = []
    for power in state.acting_order():
        stacks = _stacks(state, power, places, data)
        if not stacks:
            continue
        rolled = dice.roll(6, LOSSES + power)
        taken: dict[str, int] = {}
        for _ in range(rolled):
            live = [s for s in stacks.items() if s[1][0] > 0]
            if not live:
                break
            name, (vf, rank, where) = min(live, key=lambda s: (-s[1][0], s[1][1], s[1][2]))
            stacks[name] = (vf - 1, rank, where)
            taken[name] = taken.get(name, 0) + 1
        for name, n in taken.items():
            state = _take(state, power, name, n, data)
        told.append(TroopsLost(power=power, rolled=rolled, losses=taken))
    return state, tuple(told)


def _stacks(
    state: MedioevoState, power: str, places: tuple[str, ...], data: DataSet
) -> dict[str, tuple[int, int, str]]:
    """The power's VF there: name -> (VF, 0 on the ground / 1 aboard, place)."""
    out: dict[str, tuple[int, int, str]] = {}
    for place in places:
        terr = state.territories.get(place)
        if terr is not None and terr.armies.get(power, 0) > 0:
            out[place] = (terr.armies[power], 0, place)
    for piece in state.pieces_of(power):
        if piece.vf > 0 and piece.location in places:
            out[f"{label(data, piece.kind, piece.number)} ({piece.location})"] = (piece.vf, 1, piece.location)
    return out


def _take(state: MedioevoState, power: str, name: str, n: int, data: DataSet) -> MedioevoState:
    if name in state.territories:
        armies = dict(state.territories[name].armies)
        armies[power] -= n
        return state.with_territory(name, armies={k: v for k, v in armies.items() if v > 0})
    piece = next(p for p in state.pieces_of(power) if name.startswith(label(data, p.kind, p.number) + " ("))
    return state.with_piece(piece, vf=piece.vf - n)


def slump(state: MedioevoState, areas: tuple[str, ...], dice: Dice, data: DataSet) -> Told:
    """E4 (L1068): the card's markets pay less this turn."""
    malus = int(data.event_kinds["crisi_mercati"].params.get("sell_malus", 10))
    hit = tuple(t for t in areas if t not in shielded(state))
    return state.evolve(slumped_markets=hit), (MarketsSlumped(territories=hit, malus=malus),)


EFFECTS = {
    "danni_edifici": damage,
    "blocco_trasporti": stop,
    "perdite_truppe": losses,
    "crisi_mercati": slump,
}
"""Event kind id (``events.toml``) -> its effect."""
