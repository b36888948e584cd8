"""The Relics sub-phase and the relics on the map (seed 002 L1072-1080, digest A31-A32).

A card with the Grail icon (``grail``) puts the next free relic marker (``treasures.toml``, in
marker order; none when all 4 are out) on the site its back's 1d8 names (``relic_sites``, L1074),
whether the card was drawn for an event or to locate a calamity (ruling R253, A32).

The first power to bring one of its captains where a relic lies takes it, a free action done for it
(no order: taking it costs nothing and is worth its PO, L1076-1078): at the end of each move or
unloading in the war, and in each events phase for captains already there, in turn order (R254).
The first power ever to take a relic scores its ``first_take_po`` at once; whoever takes it later
scores nothing. The relic goes with its captain; the captain lays it in a Cathedral by standing in a
territory of its power with a working Cathedral (at the same moments), where it stays with the
territory and is worth 2 PO instead of 1 at the end (L1080; the scoring reads ``state.relics``). A
relic whose captain is gone drops where the captain was last seen.
"""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events_phase.news import RelicFound, RelicKept, RelicTaken
from adjudicator.rulesets.medioevo.events_phase.records import RelicMarker
from adjudicator.rulesets.medioevo.honor import change_honor
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece, label
from adjudicator.rulesets.medioevo.state import MedioevoState

SITE = "relic site"
"""The purpose of the 1d8 on the card's back."""
CATHEDRAL = "cathedral"

Told = tuple[MedioevoState, tuple[Event, ...]]


def place(state: MedioevoState, card: str, dice: Dice, data: DataSet) -> Told:
    """A Grail card's relic (L1072-1074): the next free marker on the site the 1d8 names."""
    drawn = data.events[card]
    out = {r.relic for r in state.relics}
    free = [
        rid
        for rid in sorted(data.relics, key=lambda r: data.relics[r].params.get("marker", 0))
        if rid not in out
    ]
    if not drawn.grail or not drawn.relic_sites or not free:
        return state, ()
    roll = dice.roll(len(drawn.relic_sites), SITE)
    site, relic = drawn.relic_sites[roll - 1], free[0]
    state = state.evolve(relics=(*state.relics, RelicMarker(relic=relic, territory=site)))
    return state, (RelicFound(relic=relic, name=data.relics[relic].name_en, territory=site, roll=roll),)


def _key(piece: Piece) -> str:
    return "/".join(map(str, piece.key()))


def _captains(state: MedioevoState) -> dict[str, Piece]:
    return {_key(p): p for p in state.pieces if p.kind == CAPTAIN}


def follow(state: MedioevoState, data: DataSet) -> Told:
    """Each carried relic where its captain now stands; dropped where it was if the captain is gone."""
    captains = _captains(state)
    told: list[Event] = []
    relics: list[RelicMarker] = []
    for relic in state.relics:
        if relic.carrier is not None:
            captain = captains.get(relic.carrier)
            if captain is None:
                name = data.relics[relic.relic].name_en
                told.append(
                    RelicKept(
                        relic=relic.relic, name=name, territory=relic.territory, power=None, how="dropped"
                    )
                )
                relic = relic.model_copy(update={"carrier": None})
            elif captain.location != relic.territory:
                relic = relic.model_copy(update={"territory": captain.location})
        relics.append(relic)
    return state.evolve(relics=tuple(relics)), tuple(told)


def pick_up(state: MedioevoState, power: str, data: DataSet) -> Told:
    """The power's captains take the relics lying where they stand, and lay those they carry in
    the power's Cathedral where they stand (L1076-1078, R254)."""
    if not state.relics:
        return state, ()
    state, told = follow(state, data)
    events = list(told)
    mine = {p.location: p for p in reversed(state.pieces_of(power, CAPTAIN))}  # the lowest number first
    relics: list[RelicMarker] = []
    for relic in state.relics:
        name = data.relics[relic.relic].name_en
        captain = mine.get(relic.territory)
        if relic.carrier is None and not relic.cathedral and captain is not None:
            po = 0 if relic.taken_by else int(data.relics[relic.relic].params.get("first_take_po", 1))
            relic = relic.model_copy(update={"carrier": _key(captain), "taken_by": relic.taken_by or power})
            captain_name = label(data, captain.kind, captain.number)
            events.append(
                RelicTaken(
                    power=power,
                    relic=relic.relic,
                    name=name,
                    captain=captain_name,
                    territory=relic.territory,
                    po=po,
                )
            )
            state, scored = change_honor(state, power, po, f"first to take the {name} (L1076-1078)")
            events += scored
        if (
            relic.carrier is not None
            and relic.carrier.startswith(f"{power}/")
            and _has_cathedral(state, power, relic.territory)
        ):
            relic = relic.model_copy(update={"carrier": None, "cathedral": True})
            events.append(
                RelicKept(relic=relic.relic, name=name, territory=relic.territory, power=power, how=CATHEDRAL)
            )
        relics.append(relic)
    return state.evolve(relics=tuple(relics)), tuple(events)


def _has_cathedral(state: MedioevoState, power: str, territory: str) -> bool:
    terr = state.territories.get(territory)
    return terr is not None and terr.owner == power and CATHEDRAL in terr.usable()


def sweep(state: MedioevoState, data: DataSet) -> Told:
    """Every power's captains, in turn order (the events phase: captains already on a site)."""
    told: list[Event] = []
    for power in state.acting_order():
        state, events = pick_up(state, power, data)
        told.extend(events)
    state, events = follow(state, data)
    return state, (*told, *events)
