"""A barbarian attack fought by the war's rules (seed 002 L2318-2322, L2352-2354; ruling R259).

The defenders are the war's (``war/defence.py``): the owner with all its VF there, its allies who
help, each by its standing doctrine (retreats, cards, losses). The barbarians' force is every VF of
the attack (the one left home is not in it, L2320), led by the origin's Captain (its level on every
roll, L2354, ``war/battle_dice.py``). A fortified territory is assaulted at its walls (d4 against
the walls, as the heretics of L1288 do: the siege is the invasion's alone, L1170). The battle is
``war/battle.py``'s ``fight``: the barbarians never withdraw (L2320: "fino a che ... o il nemico
viene annientato").

On a win with VF left (L2322) the territory is theirs: the survivors move in with the Captain who
led them, military and civil buildings stay, Cathedrals and commercial buildings are destroyed, the
beaten power's captains, siege engines and empty transports there are lost; the Captain rises a
level, or a new one of level I is placed (L2352, while the box has one, L178). The Papal State so
taken suspends the papacy (``church/papacy.py``, L2178, ex L2202).
"""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.barbarians.captains import lead_in
from adjudicator.rulesets.medioevo.barbarians.land import captain_at, fort_level, vf
from adjudicator.rulesets.medioevo.barbarians.news import BarbarianAttack, BarbariansConquer
from adjudicator.rulesets.medioevo.barbarians.targets import Raid
from adjudicator.rulesets.medioevo.church.papacy import after_conquest
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, SIEGE, Piece, label
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState
from adjudicator.rulesets.medioevo.war import defence
from adjudicator.rulesets.medioevo.war.battle import fight
from adjudicator.rulesets.medioevo.war.battle_models import Battle, Captain, Force, Kind, Side
from adjudicator.rulesets.medioevo.war.cargo_state import add_ground
from adjudicator.rulesets.medioevo.war.clauses import Capital
from adjudicator.rulesets.medioevo.war.conquest import capital_tribute, new_capital
from adjudicator.rulesets.medioevo.war.doctrines import standing
from adjudicator.rulesets.medioevo.war.events_conquest import CapitalTaken
from adjudicator.rulesets.medioevo.war.spoils import capital_of, settlements_of

Told = tuple[MedioevoState, tuple[Event, ...]]
KEPT_CATEGORIES = ("civil", "fortification")  # L2322: "mantengono gli edifici militari e civili"


def barbarian_force(
    state: MedioevoState,
    attacking: int,
    leader: Piece | None,
    data: DataSet,
    techs: frozenset[str] = frozenset(),
) -> Force:
    """The barbarians' side: their VF, the Captain who leads them (L2354) and the technologies
    they hold (an invasion's STRATEGIA, L1166)."""
    captains = (Captain(label(data, CAPTAIN, leader.number), leader.level),) if leader else ()
    return Force(power=BARBARIANS, vf=attacking, lt=0, barbarian=True, captains=captains, technologies=techs)


def assault(
    state: MedioevoState,
    target: str,
    attacking: int,
    leader: Piece | None,
    origin: str,
    why: str,
    dice: Dice,
    data: DataSet,
    techs: frozenset[str] = frozenset(),
) -> tuple[MedioevoState, int, tuple[Event, ...]]:
    """``attacking`` barbarian VF attack the power's ``target``; the state with the defenders'
    losses applied, and the barbarian VF left (0: beaten). The attackers' VF are not on the board
    meanwhile: the caller takes them from where they came and puts the survivors down."""
    owner = state.territories[target].owner
    assert owner is not None
    was = state.war
    sides = defence.defenders(state, data, BARBARIANS, target, owner, attacking)
    walls = fort_level(state, target, data)
    battle = Battle(
        number=f"barbarians {target}",
        kind=Kind.ASSAULT if walls else Kind.FIELD,
        attackers=(barbarian_force(state, attacking, leader, data, techs),),
        defenders=tuple(d.force for d in sides),
        fortification=walls,
        buildings=bool(state.territories[target].usable()),
    )
    if not any(d.force.vf for d in sides):
        event = BarbarianAttack(
            origin=origin, target=target, defender=owner, vf=attacking, why=why, won=True, lost={}
        )
        return state, attacking, (event,)
    outcome = fight(battle, dice, data.cards)
    state = defence.apply(state, data, target, sides, outcome).evolve(war=was)
    left = outcome.force(BARBARIANS).vf_left if outcome.winner is Side.ATTACKER else 0
    lost = {f.power: f.lost + f.captured for f in outcome.forces}
    event = BarbarianAttack(
        origin=origin,
        target=target,
        defender=owner,
        vf=attacking,
        why=why,
        won=left > 0,
        lost=lost,
        rounds=len(outcome.rounds),
    )
    return state, left, (event,)


def raid(state: MedioevoState, plan: Raid, dice: Dice, data: DataSet) -> Told:
    """One planned attack from a barbarian territory, on the board as earlier attacks left it."""
    attacking = min(plan.vf, vf(state, plan.origin) - 1)
    if attacking < 1 or state.territories[plan.target].owner is None:
        return state, ()
    leader = captain_at(state, plan.origin)
    state = add_ground(state, BARBARIANS, plan.origin, -attacking)
    state, left, told = assault(state, plan.target, attacking, leader, plan.origin, plan.why, dice, data)
    if not left:
        return state, told
    state, more = conquer(state, plan.target, left, leader, data)
    return state, (*told, *more)


def conquer(
    state: MedioevoState, target: str, left: int, leader: Piece | None, data: DataSet, keep_all: bool = False
) -> Told:
    """The barbarians take ``target`` with ``left`` VF (L2322) and their Captain rises (L2352);
    ``keep_all``: every building stays (the invasion lowers them itself, L1170)."""
    terr = state.territories[target]
    loser = terr.owner or BARBARIANS
    keep = KEPT_CATEGORIES if not keep_all else tuple({b.category for b in data.buildings.values()})
    kept = tuple(b for b in terr.buildings if data.buildings[b].category in keep)
    destroyed = tuple(data.buildings[b].name for b in terr.buildings if b not in kept)
    armies = {k: n for k, n in terr.armies.items() if k != loser}
    armies[BARBARIANS] = armies.get(BARBARIANS, 0) + left
    armies = {k: n for k, n in armies.items() if n}
    state = state.with_territory(
        target,
        owner=None,
        armies=armies,
        buildings=kept,
        damaged={b: t for b, t in terr.damaged.items() if b in kept},
    )
    lost = lost_pieces(state, loser, target)
    keys = {p.key() for p in lost}
    state = state.evolve(pieces=tuple(p for p in state.pieces if p.key() not in keys)).with_siege(
        target, None
    )
    told: list[Event] = [
        BarbariansConquer(
            territory=target,
            taken_from=loser,
            vf=left,
            destroyed=destroyed,
            pieces=tuple(label(data, p.kind, p.number) for p in lost),
        )
    ]
    state, church = after_conquest(state, data, BARBARIANS, target, loser)
    told += church
    state, capital = _capital(state, data, loser, target)
    told += capital
    state, more = lead_in(state, target, leader)
    return state, (*told, *more)


def _capital(
    state: MedioevoState, data: DataSet, loser: str, target: str
) -> tuple[MedioevoState, list[Event]]:
    """A power's capital taken by the barbarians (L2071-2079, R113): its tribute is lost (the
    barbarians keep no treasury) and the capital moves as the war's conquest moves it (its
    doctrine's ``CAPITAL``, else the largest settlement)."""
    if loser not in state.powers or capital_of(state, data, loser) != target:
        return state, []
    victim = state.powers[loser]
    tribute = capital_tribute(victim.florins)
    places = settlements_of(state, data, loser)
    chosen = standing(state, loser, data).get("CAPITAL")
    wished = chosen.territory if isinstance(chosen, Capital) else None
    moved = wished if wished in places else new_capital(places)
    state = state.with_power(loser, florins=victim.florins - tribute, capital=moved or "")
    taken = CapitalTaken(
        power=BARBARIANS, territory=target, taken_from=loser, florins=tribute, new_capital=moved
    )
    return state, [taken]


def lost_pieces(state: MedioevoState, power: str, territory: str) -> tuple[Piece, ...]:
    """The power's pieces that fall with the territory: captains and siege engines on the ground,
    transports with none of its VF aboard, and what rides those (as a rebellion takes them, R256)."""
    here = [p for p in state.pieces_of(power) if p.location == territory]
    gone = [p for p in here if p.aboard is None and (p.kind in (CAPTAIN, SIEGE) or p.vf == 0)]
    refs = {f"{p.kind}/{p.number}" for p in gone if p.kind not in (CAPTAIN, SIEGE)}
    return (*gone, *(p for p in here if p.aboard in refs))
