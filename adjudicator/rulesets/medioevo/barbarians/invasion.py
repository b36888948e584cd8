"""INVASIONE BARBARA, the calamity (seed 002 L1156-1182, ex L1120-1132, L1214-1224; ruling R263).

Entry: the invasion entries of the board (``features.toml`` ``invasions``, L1160) in the Event card's
red area, or all five when it marks none; a die among them. Direction: a die among the entry's
target kingdoms that a power plays, marching on that power's capital (L1160); with none played it
stays at the entry and behaves as ordinary barbarians. Size: players x 1d4, 1d6 after 6 full turns,
1d8 after 9 (L1162, ``params``), with a level-I barbarian Captain, STRATEGIA, and a siege engine of
level I/II/III after 3/6/9 full turns (L1166).

The march (L1168-1182): each territory on the way is taken in, barbarian land without a fight
(its VF join), a power's in battle (the war's, ``battles.assault``, with STRATEGIA). A fortified
one is besieged for the turn (the army stands in it, a barbarian siege: the owner loses its taxes
and reinforcements there, ``holdings.py``), and the next turn the engine knocks its walls down by
its level and the army attacks. Every building taken loses a level, 1 VF more each (L1170). A
territory taken in keeps as many VF as its supply allows, and the rest march on to the neighbour
nearest the target capital (the first in the board's order at equal distance); when nothing is
left over the march stops for the turn (L1172-1174). Each later Events, after the levy, an army
over its limit or besieging goes on (L1180, ex L1224). It takes the capital, or loses its Captain,
and it is ordinary barbarians (L1180-1182); it never activates neighbours (L1176).
"""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.core.ruleset import DieUse
from adjudicator.rulesets.medioevo.barbarians import battles, captains
from adjudicator.rulesets.medioevo.barbarians.land import borders, fort_level, limit, vf
from adjudicator.rulesets.medioevo.calamity.common import Work
from adjudicator.rulesets.medioevo.calamity.records import Invasion, Ongoing
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike, Outcome, effect
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState, Siege
from adjudicator.rulesets.medioevo.war.cargo_state import add_ground
from adjudicator.rulesets.medioevo.war.spoils import capital_of

INVASIONE = "invasione_barbara"
ENTRY, TARGET, SIZE = "invasion entry", "invasion target", "invasion size"
STRATEGIA = frozenset({"strategia"})
LONGEST_MARCH = 60  # a bound on the steps of one turn's march (the board is smaller)


def _reached(state: MedioevoState, thresholds: list[int]) -> int:
    """How many of the full-turn thresholds (3, 6, 9) the game has passed."""
    return sum(1 for t in thresholds if state.turn - 1 >= t)


def invasions(state: MedioevoState) -> tuple[Invasion, ...]:
    return state.ongoing.invasions if state.ongoing else ()


def _keep(state: MedioevoState, kept: tuple[Invasion, ...]) -> MedioevoState:
    left = (state.ongoing or Ongoing()).model_copy(update={"invasions": kept})
    return state.evolve(ongoing=None if left.empty() else left)


@effect(INVASIONE)
def invade(state: MedioevoState, strike: CalamityStrike, dice: Dice, data: DataSet) -> Outcome:
    work = Work(state, data, dice, INVASIONE)
    params = data.calamities[INVASIONE].params
    points = list(data.board.invasions.values())
    entries = [p for p in points if p.territory in strike.red_area] or points
    entry = entries[0] if len(entries) == 1 else entries[dice.roll(len(entries), ENTRY) - 1]
    players = {held.kingdom: p for p, held in state.powers.items()}
    aims = [(k, players[k]) for k in entry.targets if k in players]
    aims = [(k, c) for k, c in ((k, capital_of(state, data, p)) for k, p in aims) if c]
    reached = _reached(state, list(params["full_turns_thresholds"]))
    die = int(params["size_die"][reached - 1]) if reached else int(params["size_die_before_first"])
    army = len(state.powers) * dice.roll(die, SIZE)
    engine = int(params["siege_engine_level"][reached - 1]) if reached else 0
    where = work.land(entry.territory)
    placed = captains.place(work.state, entry.territory, int(params["captain_level"]))
    if not aims or placed is None:
        work.state = add_ground(placed or work.state, BARBARIANS, entry.territory, army)
        why = "no kingdom it marches on is played" if not aims else "no barbarian Captain is left to lead it"
        work.notice(f"{army} barbarian VF enter at {where} and stay: {why} (R263)")
        return work.done()
    kingdom, target = aims[0] if len(aims) == 1 else aims[dice.roll(len(aims), TARGET) - 1]
    chief = max(
        (p for p in placed.pieces if p.owner == BARBARIANS and p.kind == CAPTAIN), key=lambda p: p.number
    )
    work.state = placed
    work.notice(
        f"{army} barbarian VF (d{die} x {len(state.powers)} players), a level-I Captain, STRATEGIA"
        f"{f' and a level-{engine} siege engine' if engine else ''} enter at {where}, marching on "
        f"{work.land(target)} (L1160-1166)"
    )
    record = Invasion(captain=chief.number, target=target, kingdom=kingdom, engine=engine)
    work.state, told = march(work.state, record, entry.territory, army, dice, data)
    work.events.extend(told)
    return work.done()


def march(
    state: MedioevoState, record: Invasion, here: str, army: int, dice: Dice, data: DataSet
) -> tuple[MedioevoState, list[Event]]:
    """The army of ``army`` VF (off the board) enters ``here`` and goes on while VF are left over."""
    told: list[Event] = []
    seen: set[str] = set()
    chief = state.piece(BARBARIANS, CAPTAIN, record.captain)
    for _ in range(LONGEST_MARCH):
        seen.add(here)
        owner = state.territories[here].owner
        if owner is not None and fort_level(state, here, data) and record.besieging != here:
            state = add_ground(state, BARBARIANS, here, army).with_siege(
                here, Siege(territory=here, by=BARBARIANS, since=state.turn)
            )
            if chief is not None:
                state = state.with_piece(chief, location=here, aboard=None)
            return _keep(
                state, (*_others(state, record), record.model_copy(update={"besieging": here}))
            ), told
        if owner is not None:
            state, army, more = _take(state, record, here, army, dice, data)
            told.extend(more)
            if not army:
                return _keep(state, _others(state, record)), told
        else:
            army += vf(state, here)
            state = add_ground(state, BARBARIANS, here, -vf(state, here))
        record = record.model_copy(update={"besieging": None})
        chief = state.piece(BARBARIANS, CAPTAIN, record.captain)
        if chief is not None:
            state = state.with_piece(chief, location=here, aboard=None)
        if here == record.target or chief is None:
            return _keep(add_ground(state, BARBARIANS, here, army), _others(state, record)), told
        garrison = min(army, limit(state, here, data))
        state = add_ground(state, BARBARIANS, here, garrison)
        army -= garrison
        ahead = _next(state, here, record.target, seen, data)
        if not army or ahead is None:
            state = add_ground(state, BARBARIANS, here, army)
            return _keep(state, (*_others(state, record), record)), told
        here = ahead
    return _keep(add_ground(state, BARBARIANS, here, army), (*_others(state, record), record)), told


def _others(state: MedioevoState, record: Invasion) -> tuple[Invasion, ...]:
    return tuple(i for i in invasions(state) if i.captain != record.captain)


def _next(state: MedioevoState, here: str, target: str, seen: set[str], data: DataSet) -> str | None:
    """The neighbour nearest the target over land (board order at equal distance), not walked yet."""
    steps = [(data.board.land_distance(n, target), n) for n in borders(data, here) if n not in seen]
    reachable = [(d, n) for d, n in steps if d is not None]
    return min(reachable, key=lambda x: x[0])[1] if reachable else None


def _take(
    state: MedioevoState, record: Invasion, here: str, army: int, dice: Dice, data: DataSet
) -> tuple[MedioevoState, int, list[Event]]:
    """A power's territory attacked; the army left (0: beaten), buildings one level down, +1 VF each."""
    besieged = record.besieging == here
    if besieged:
        state = add_ground(state, BARBARIANS, here, -min(army, vf(state, here))).with_siege(here, None)
        state = _lower(state, here, record.engine, data, fortifications_only=True)[0]
    chief = state.piece(BARBARIANS, CAPTAIN, record.captain)
    why = "the invasion" + (" after a turn's siege" if besieged else "")
    state, left, told = battles.assault(state, here, army, chief, "the invasion", why, dice, data, STRATEGIA)
    if not left:
        if chief is not None:
            state = state.evolve(pieces=tuple(p for p in state.pieces if p.key() != chief.key()))
        return state, 0, list(told)
    state, more = battles.conquer(state, here, left, chief, data, keep_all=True)
    state, lowered = _lower(add_ground(state, BARBARIANS, here, -left), here, 1, data)
    return state, left + lowered, [*told, *more]


def _lower(
    state: MedioevoState, here: str, steps: int, data: DataSet, fortifications_only: bool = False
) -> tuple[MedioevoState, int]:
    """Each building there ``steps`` levels down (gone below level 1); the levels taken off."""
    terr = state.territories[here]
    kept: list[str] = []
    off = 0
    for b in terr.buildings:
        info = data.buildings[b]
        if fortifications_only and info.category != "fortification":
            kept.append(b)
            continue
        level = info.level - steps
        lower = next(
            (k for k, o in data.buildings.items() if o.category == info.category and o.level == level), None
        )
        off += info.level - max(level, 0)
        if level >= 1 and lower is not None:
            kept.append(lower)
    state = state.with_territory(here, buildings=tuple(kept), damaged={})
    return state, off


def advance(state: MedioevoState, dice: Dice, data: DataSet) -> tuple[MedioevoState, tuple[Event, ...]]:
    """Each later Events, after the levy (ex L1224): an invasion besieging attacks, one over its
    limit marches on with the excess; one whose Captain is gone is ordinary barbarians (L1180)."""
    told: list[Event] = []
    for record in invasions(state):
        chief = state.piece(BARBARIANS, CAPTAIN, record.captain)
        if chief is None:
            state = _keep(state, _others(state, record))
            continue
        here = chief.location
        if record.besieging == here:
            army = vf(state, here)
            state, more = march(state, record, here, army, dice, data)
        else:
            excess = vf(state, here) - limit(state, here, data)
            if excess <= 0:
                continue
            ahead = _next(state, here, record.target, {here}, data)
            if ahead is None:
                continue
            state = add_ground(state, BARBARIANS, here, -excess)
            state, more = march(state, record, ahead, excess, dice, data)
        told.extend(more)
    return state, tuple(told)


def commanders(state: MedioevoState) -> frozenset[str]:
    """Where the invasions' Captains stand: that land marches its own way, not by R259."""
    places = [state.piece(BARBARIANS, CAPTAIN, i.captain) for i in invasions(state)]
    return frozenset(p.location for p in places if p is not None)


def dice_uses(data: DataSet) -> tuple[DieUse, ...]:
    entries = len(data.board.invasions)
    params = data.calamities[INVASIONE].params
    sizes = tuple(sorted({int(s) for s in params["size_die"]} | {int(params["size_die_before_first"])}))
    most = max(len(i.targets) for i in data.board.invasions.values())
    return (
        DieUse(ENTRY, tuple(range(2, entries + 1))),
        DieUse(TARGET, tuple(range(2, most + 1))),
        DieUse(SIZE, sizes),
    )
