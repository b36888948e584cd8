"""EPIDEMIA, the epidemic, over several turns (seed 002 L1252-1276; ex L1234-1242, L1300-1302).

It strikes a random settlement of a random power with a settlement in the red area (none, no
epidemic: L1254): 1d4/1d6/1d8 by the settlement's level, +1/+2/+3 for the settlement and
-1/-2/-3 for a working fortification; no terrain on this first hit (both examples: A36a).

Each later turn, in the Events phase (``@ongoing``), it strikes again where it struck, from the
losses of the previous turn less the power's LT, and spreads to the neighbours of every territory
that caused losses and kept survivors, from the source's losses (L1256-1274): terrain (MOUNTAIN,
DESERT -4; HILL, FOREST -2), border (STRAIT -4, RIVER -2, STRADE cancels the river), settlement
and fortification as above. MEDICINA takes LT more, OSPEDALE makes its owner immune. Several
powers in a territory split the losses equally, each with its own technologies; the besieged are
immune, the besiegers not (L1274). A territory where the losses reach 0 is spent (no
re-infection, A36d); one that loses its last VF stops spreading and passes to 1 barbarian VF
(L1276). The epidemic ends when it causes no loss."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.calamity.common import (
    Work,
    fortification_level,
    immune,
    lt,
    mod_sum,
    settlement_level,
    signed,
    techs,
)
from adjudicator.rulesets.medioevo.calamity.records import Epidemic, Ongoing
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike, Outcome, effect, ongoing
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import Piece, label
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState

EPIDEMIA = "epidemia"
PAPAL_STATE = "stato_della_chiesa"


def _border_cut(work: Work, source: str, target: str) -> int:
    """A STRAIT between them takes 4, a RIVER 2 unless the target's owner has STRADE (L1264-1267)."""
    board, params = work.data.board, work.data.calamities[EPIDEMIA].params
    if any({source, target} == set(s.shores) for s in board.straits.values()):
        return int(params["border_reduction"]["strait"])
    owner = work.state.territories[target].owner
    if any({source, target} == set(b) for r in board.rivers.values() for b in r.borders):
        roads = mod_sum(work.data, techs(work.state, owner), EPIDEMIA, "cancels_river_reduction")[0]
        return 0 if roads else int(params["border_reduction"]["river"])
    return 0


def _strike(
    work: Work, territory: str, value: int, *, first: bool, again: bool, cut: int = 0
) -> tuple[int, bool]:
    """The losses in ``territory`` from ``value``: (the losses counted, whether armies survived).
    ``first``: the first hit (no terrain); ``again``: an already-hit territory (less the LT)."""
    params = work.data.calamities[EPIDEMIA].params
    terr = work.state.territories[territory]
    terrain = work.data.board.territories[territory].terrain.value
    ground = 0 if first else -int(params["terrain_reduction"][terrain])
    size = settlement_level(work.state, territory, work.data)
    town = int(params["settlement_losses"][size - 1]) if size else 0
    walls = fortification_level(work.state, territory, work.data)
    fort = -int(params["fortification_reduction"][walls - 1]) if walls else 0
    whole = value + ground - cut + town + fort
    siege = work.state.siege(territory)
    sides: list[tuple[str, Piece | None]] = [
        (w, None) for w in work.victims(territory) if not (siege and w == (terr.owner or BARBARIANS))
    ]
    sides += [(p.owner, p) for p in _crews(work, territory)]
    counted, losses, notes = 0, {}, []
    for i, (who, crew) in enumerate(sides):
        share = whole // len(sides) + (1 if i < whole % len(sides) else 0) if whole > 0 else whole
        owned = techs(work.state, who)
        name = f"{who}'s {label(work.data, crew.kind, crew.number)}" if crew else who
        if immune(work.data, owned, EPIDEMIA):
            notes.append(f"{name} immune")
            continue
        level = lt(work.state, who)
        medicine = mod_sum(work.data, owned, EPIDEMIA, "losses_per_lt")[0] * level
        own = max(0, share - (level if again else 0) + medicine)
        counted += own
        if crew is None:
            losses.update(work.kill(territory, own, only=who))
        elif own:
            aboard = min(own, crew.vf)
            work.state = work.state.with_piece(crew, vf=crew.vf - aboard)
            losses[who] = losses.get(who, 0) + aboard
        if len(sides) > 1 or again or medicine:
            parts = [("", share), ("LT", -level if again else 0), ("MEDICINA", medicine)]
            notes.append(f"{name} {signed(parts)}")
    how = signed(
        [("", value), (terrain, ground), ("border", -cut), ("settlement", town), ("fortification", fort)]
    )
    detail = "; ".join([how, *notes]) + f" = {counted} VF"
    work.report(territory, losses=losses, detail=detail)
    if not counted and sides:
        work.notice(f"no loss in {work.land(territory)} ({detail}): the epidemic is spent there")
    return counted, bool(work.state.territories[territory].armies)


def _crews(work: Work, territory: str) -> list[Piece]:
    """Other powers' transports with VF aboard in the territory: they share the losses (L1271)."""
    owner = work.state.territories[territory].owner
    kinds = {t.kind for t in work.data.transports.values()}
    return [
        p
        for p in work.state.pieces
        if p.location == territory and p.kind in kinds and p.vf and p.owner not in (owner, BARBARIANS)
    ]


def _to_barbarians(work: Work, wiped: list[str]) -> None:
    """L1276: a territory that lost its last VF passes to 1 barbarian VF at the end of the Events."""
    for territory in wiped:
        work.to_barbarians(
            territory, int(work.data.calamities[EPIDEMIA].params["last_vf_replaced_by_barbarian_vf"])
        )
        work.notice(f"{work.land(territory)} lost its last VF: 1 barbarian VF takes it (L1276)")


def _store(work: Work, record: Epidemic | None) -> None:
    under_way = (work.state.ongoing or Ongoing()).model_copy(update={"epidemic": record})
    work.state = work.state.evolve(ongoing=None if under_way.empty() else under_way)


@effect(EPIDEMIA)
def epidemic(state: MedioevoState, strike: CalamityStrike, dice: Dice, data: DataSet) -> Outcome:
    work = Work(state, data, dice, EPIDEMIA)
    towns = {
        p: [
            t for t in strike.red_area if state.territories[t].owner == p and settlement_level(state, t, data)
        ]
        for p in state.acting_order()
    }
    victims = [p for p in state.acting_order() if towns[p]]
    if not victims:
        work.notice("no power has a settlement in the red area: no epidemic (L1254)")
        return work.done()
    victim = victims[dice.roll(len(victims), "epidemic victim") - 1] if len(victims) > 1 else victims[0]
    places = towns[victim]
    town = places[dice.roll(len(places), "epidemic settlement") - 1] if len(places) > 1 else places[0]
    work.notice(f"it breaks out in {work.land(town)}, {victim}'s (L1254)")
    if work.shielded(town):
        return work.done()
    sides = int(
        data.calamities[EPIDEMIA].params["initial_die_by_settlement_level"][
            settlement_level(state, town, data) - 1
        ]
    )
    value = dice.roll(sides, "epidemic losses")
    had = bool(work.state.territories[town].armies)
    counted, alive = _strike(work, town, value, first=True, again=False)
    if counted:
        papal = 1 if town == PAPAL_STATE else 0
        record = Epidemic(
            since=state.turn, active={town: counted}, survivors=(town,) if alive else (), papal_turns=papal
        )
        _store(work, record)
    if had and not alive:
        _to_barbarians(work, [town])
    return work.done()


@ongoing(EPIDEMIA)
def epidemic_goes_on(state: MedioevoState, dice: Dice, data: DataSet) -> Outcome:
    """A later turn (L1256): where it struck it strikes again, and it spreads from every territory
    that caused losses and kept survivors, the highest source winning (L1270)."""
    record = state.ongoing.epidemic if state.ongoing else None
    if record is None or record.since >= state.turn:
        return state, ()
    work = Work(state, data, dice, EPIDEMIA, papal_turns=record.papal_turns + 1)
    order = {t: i for i, t in enumerate(data.board.territories)}
    spent = set(record.spent)
    infect: dict[str, tuple[int, int]] = {}  # target -> (source's losses, border cut)
    for source in sorted(record.survivors, key=order.__getitem__):
        value = record.active[source]
        for target in data.board.territories[source].borders:
            if target not in order or target in record.active or target in spent:
                continue
            if not work.state.territories[target].armies:
                continue  # nobody there to fall ill
            cut = _border_cut(work, source, target)
            if target not in infect or value - cut > infect[target][0] - infect[target][1]:
                infect[target] = (value, cut)
    hits = [(t, record.active[t], True, 0) for t in sorted(record.active, key=order.__getitem__)]
    hits += [
        (t, value, False, cut) for t, (value, cut) in sorted(infect.items(), key=lambda kv: order[kv[0]])
    ]
    active: dict[str, int] = {}
    survivors: list[str] = []
    wiped: list[str] = []
    for territory, value, again, cut in hits:
        if (again and territory not in record.survivors) or work.shielded(territory):
            spent.add(territory)
            continue
        had = bool(work.state.territories[territory].armies)
        counted, alive = _strike(work, territory, value, first=False, again=again, cut=cut)
        if counted and had:
            active[territory] = counted
            survivors.extend([territory] if alive else [])
            wiped.extend([] if alive else [territory])
        else:
            spent.add(territory)
    _to_barbarians(work, wiped)
    if not active:
        work.notice("it causes no more losses and dies out (L1256, A36)")
        _store(work, None)
        return work.done()
    papal = record.papal_turns + 1 if PAPAL_STATE in active else 0
    _store(
        work,
        record.model_copy(
            update={
                "active": active,
                "survivors": tuple(survivors),
                "spent": tuple(sorted(spent - set(active), key=order.__getitem__)),
                "papal_turns": papal,
            }
        ),
    )
    return work.done()
