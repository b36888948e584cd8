"""Who defends an attacked territory and how, by their doctrines (docs/war.md §3.3, §4.4; seed
002 L1643, L1731-1732, L1760, L1810-1842, L2057-2069; rulings R99, R104, R105, R156, R171-R173).

* The defenders: the territory's owner with all its VF there, on the ground and aboard (L1731);
  the powers allied with it standing there whose doctrine helps allies (``HELP ALLIES``, default
  yes, L1732); in a territory no power owns, the barbarians (R103) and the powers standing there
  whose doctrine joins them (``HELP BARBARIANS YES``, L1826). A helper at peace with the attacker
  declares war on the spot, as a surprise (R104). Each roll the side's next in order fights:
  ``RANK`` first, then seat order, the owner last (L1816).
* Each defender's doctrine there: ``CARDS`` by round (L1736); ``RETREAT BEFORE`` (``ALWAYS``, or
  ``IF OUTNUMBERED x``: the attacking VF at least x times its own) and ``RETREAT DURING BELOW n``,
  into the first open place of ``RETREAT TO``, else an adjacent territory of its own, else any
  open one (``retreat.options``, R156), before the battle aboard its unmoved ``RETREAT ON``
  transport if it can move there (L2063, R176); with nowhere to go it does not retreat (R171); ``LOSSES``
  (R172): the ground first (default), ``ABOARD FIRST``, or ``ORDER`` transports first.
* The VF retreating go to the ground of their destination with the power's captains standing in
  the territory (L2061), and count as arrivals for the supply trim (L2067, R108).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, SIEGE, Piece, label
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState
from adjudicator.rulesets.medioevo.war import clauses
from adjudicator.rulesets.medioevo.war.attack_outcome import force_of, reread, take_aboard
from adjudicator.rulesets.medioevo.war.battle_models import (
    BattleOutcome,
    BattlePlan,
    Captain,
    Force,
    Withdraw,
)
from adjudicator.rulesets.medioevo.war.cargo_state import (
    add_ground,
    ground,
    key_of,
    mover_in,
    relocate,
    spend,
    war_turn,
)
from adjudicator.rulesets.medioevo.war.conquest import DISC_VALUE
from adjudicator.rulesets.medioevo.war.convoy import check_convoy
from adjudicator.rulesets.medioevo.war.doctrines import standing
from adjudicator.rulesets.medioevo.war.movement_state import world_of
from adjudicator.rulesets.medioevo.war.plans import card_rounds
from adjudicator.rulesets.medioevo.war.retreat import Retreat, Timing, neighbours, options
from adjudicator.rulesets.medioevo.war.siege import BOMBARD, Route

LAST_RANK = 1000  # L1816: the owner defends last unless its doctrine ranks it


@dataclass(frozen=True)
class Defender:
    """One defending power (or the barbarians) and what its doctrine decides there."""

    force: Force
    boats: tuple[Piece, ...] = ()  # its transports in the territory: their VF fight (L1731)
    losses: clauses.LossesFirst | clauses.LossesOrder | None = None
    retreat_to: str | None = None  # where its retreating VF go; None: nowhere open
    retreat_on: Piece | None = None  # an unmoved transport that leaves with them (before the battle)
    barred: str = ""  # why the retreat its doctrine asks for cannot be made (L2069: a siege; R171)


def _boats(state: MedioevoState, power: str, target: str) -> tuple[Piece, ...]:
    """The power's transports in the territory with VF aboard (not those riding another)."""
    return tuple(
        p for p in state.pieces if p.owner == power and p.location == target and p.vf and p.aboard is None
    )


def _vf_there(state: MedioevoState, power: str, target: str) -> int:
    return ground(state, power, target) + sum(p.vf for p in _boats(state, power, target))


def _destination(
    state: MedioevoState, data: DataSet, power: str, target: str, vf: int, wished: Sequence[str]
) -> tuple[str | None, str]:
    """Where ``power``'s retreat from ``target`` goes (R156): the first open of ``wished``, else an
    own adjacent territory, else the first open one; None when none is open, with why in words
    (L2069: never by land out of a territory besieged by land)."""
    owners = {t: s.owner for t, s in state.territories.items()}
    barbarian = {t: s.armies.get(BARBARIANS, 0) for t, s in state.territories.items()}
    siege = state.siege(target)
    route = Route(siege.route) if siege is not None else None
    side = Retreat(
        power,
        target,
        vf,
        Timing.DURING,
        neighbours(data.board, target, owners, barbarian),
        welcome=frozenset(state.allies(power)),
        siege=route,
    )
    allowed = options(side)
    open_ = allowed.by_land
    own = [t for t in open_ if owners.get(t) == power]
    why = "; ".join(w for where, w in allowed.refused if where != "transports") or "no territory is open"
    return next(iter([t for t in wished if t in open_] + own + list(open_)), None), why


def _withdraw(doctrine: dict[str, clauses.DefenceClause], own: int, attacking: int) -> Withdraw:
    before = doctrine.get("RETREAT BEFORE")
    during = doctrine.get("RETREAT DURING")
    leave = isinstance(before, clauses.RetreatBefore) and (
        before.policy == "ALWAYS"
        or (before.ratio is not None and own > 0 and attacking >= before.ratio * own)
    )
    below = during.below if isinstance(during, clauses.RetreatDuring) else None
    return Withdraw(below_vf=below, before_battle=leave)


def _bombards_there(state: MedioevoState, power: str, target: str) -> int:
    """The defender's Bombards in the territory, on the ground or aboard: +1 each to its rolls in
    a field battle, at most its LT (L1677 "concede un bonus anche nelle battaglie campali", ex L1800
    "+1 in attacco o in difesa"; R138)."""
    return sum(1 for p in state.pieces_of(power, SIEGE) if p.location == target and p.level == BOMBARD)


def defender_at(
    state: MedioevoState,
    data: DataSet,
    power: str,
    target: str,
    attacking: int,
    retreat: bool = True,
    fortified: bool = False,
    **more: object,
) -> Defender:
    """``power`` defending at ``target`` with all its VF there (L1731), by its doctrine there;
    ``retreat`` False where it may not leave (its transports attacked, L1683-1685); ``fortified``:
    behind walls, where its ``CARDS … IF FORTIFIED`` count."""
    doctrine = standing(state, power, data, place=target)
    boats = _boats(state, power, target)
    vf = _vf_there(state, power, target)
    captains = [c for c in state.pieces_of(power, CAPTAIN) if c.location == target]
    cards = [c for c in doctrine.values() if isinstance(c, clauses.Cards)]
    wished = doctrine.get("RETREAT TO")
    places = wished.places if isinstance(wished, clauses.RetreatTo) else ()
    to, why = _destination(state, data, power, target, vf, places) if retreat else (None, "")
    wants = _withdraw(doctrine, vf, attacking)
    withdraw = wants if to is not None else Withdraw()
    asked = wants.before_battle or wants.below_vf is not None
    barred = f"no retreat from {target}: {why}" if retreat and to is None and asked else ""
    plan = BattlePlan(rounds=card_rounds(cards, fortified), withdraw=withdraw)
    more.setdefault("bombards", _bombards_there(state, power, target))
    force = force_of(state, power, vf, captains, data, plan=plan, **more)
    losses = doctrine.get("LOSSES")
    kept = losses if isinstance(losses, clauses.LossesFirst | clauses.LossesOrder) else None
    aboard = doctrine.get("RETREAT ON")
    on = _unmoved(state, data, power, target, aboard.piece) if isinstance(aboard, clauses.RetreatOn) else None
    on = on if to is not None and withdraw.before_battle else None
    return Defender(force, boats, kept, to, on, barred)


def _unmoved(state: MedioevoState, data: DataSet, power: str, target: str, name: str) -> Piece | None:
    """The doctrine's ``RETREAT ON`` transport, if it stands there and has not moved in this
    Combat (L2063)."""
    piece = next((p for p in _boats(state, power, target) if label(data, p.kind, p.number) == name), None)
    return piece if piece is not None and key_of(piece) not in war_turn(state).moved else None


def _helps(state: MedioevoState, data: DataSet, power: str, target: str, whom: str, default: bool) -> bool:
    said = standing(state, power, data, place=target).get(f"HELP {whom}")
    return said.yes if isinstance(said, clauses.Help) else default


def _rank(state: MedioevoState, data: DataSet, power: str, target: str, owner: str | None) -> tuple[int, int]:
    said = standing(state, power, data, place=target).get("RANK")
    seat = state.seats().index(power) if power in state.powers else 0
    if isinstance(said, clauses.Rank):
        return (said.n, seat)
    return (LAST_RANK if power == owner else LAST_RANK - 1, seat)


def defenders(
    state: MedioevoState, data: DataSet, attacker: str, target: str, owner: str | None, attacking: int
) -> list[Defender]:
    """The defending side of an attack on ``target`` by ``attacker`` with ``attacking`` VF."""
    present = [p for p in state.seats() if p not in (attacker, owner) and _vf_there(state, p, target) > 0]
    out: list[Defender] = []
    if owner is None:
        barbarian_captains = tuple(
            Captain(label(data, CAPTAIN, c.number), c.level)
            for c in state.pieces
            if c.owner == BARBARIANS and c.kind == CAPTAIN and c.location == target
        )
        vf = ground(state, BARBARIANS, target)
        out.append(Defender(Force(BARBARIANS, vf, barbarian=True, captains=barbarian_captains)))
        helpers = [p for p in present if _helps(state, data, p, target, "BARBARIANS", False)]
    else:
        built = bool(state.territories[target].usable())  # MONACO defends its buildings (L2725)
        out.append(defender_at(state, data, owner, target, attacking, owner=True, buildings_here=built))
        helpers = [
            p
            for p in present
            if state.alliance(owner, p) is not None and _helps(state, data, p, target, "ALLIES", True)
        ]
    for p in helpers:
        out.append(defender_at(state, data, p, target, attacking, at_war=state.at_war(p, attacker)))
    if owner is None:
        return out[:1] + sorted(out[1:], key=lambda d: _rank(state, data, d.force.power, target, owner))
    return sorted(out, key=lambda d: _rank(state, data, d.force.power, target, owner))


def intruders(
    state: MedioevoState, data: DataSet, attacker: str, target: str, attacking: int
) -> list[Defender]:
    """The powers at war with ``attacker`` whose VF stand in its own ``target`` (a contested
    territory, L2266): each defends there as on land not its own (L1828, R230), in rank order."""
    out = [
        defender_at(state, data, p, target, attacking)
        for p in state.seats()
        if p != attacker and state.at_war(p, attacker) and _vf_there(state, p, target) > 0
    ]
    return sorted(out, key=lambda d: _rank(state, data, d.force.power, target, None))


def at_peace_there(state: MedioevoState, power: str, target: str) -> list[str]:
    """The other powers with VF in ``target`` that are not at war with ``power`` (L1828)."""
    return [
        p
        for p in state.seats()
        if p != power and not state.at_war(p, power) and _vf_there(state, p, target) > 0
    ]


def _value(data: DataSet, p: Piece) -> int:
    cost = next((t.cost for t in data.transports.values() if t.kind == p.kind and t.level == p.level), 0)
    return cost + DISC_VALUE * (p.pm + p.armies + p.goods)


def _lose(state: MedioevoState, data: DataSet, d: Defender, target: str, vf: int) -> MedioevoState:
    """``vf`` of the defender's VF off the board where its doctrine says (L1760, R172)."""
    power = d.force.power
    boats = [p for p in state.pieces if any(p.key() == b.key() for b in d.boats) and p.location == target]
    cheapest = sorted(boats, key=lambda p: (_value(data, p), p.number))
    order = [label(data, p.kind, p.number) for p in cheapest]
    first: list[Piece] = []
    if isinstance(d.losses, clauses.LossesOrder):
        first = [p for n in d.losses.pieces for p in cheapest if label(data, p.kind, p.number) == n]
    elif isinstance(d.losses, clauses.LossesFirst) and d.losses.where == "ABOARD":
        first = cheapest
    if first:
        names = [label(data, p.kind, p.number) for p in first]
        state = take_aboard(state, first, vf, keep=0, order=names, data=data)
        vf -= sum(p.vf for p in first) - sum(p.vf for p in reread(state, first))
    on_ground = min(vf, ground(state, power, target))
    state = add_ground(state, power, target, -on_ground)
    boats = [p for p in state.pieces if any(p.key() == b.key() for b in d.boats) and p.location == target]
    return take_aboard(state, boats, vf - on_ground, keep=0, order=order, data=data)


def _sail(
    state: MedioevoState, data: DataSet, d: Defender, target: str, retreated: int
) -> tuple[MedioevoState, int]:
    """A retreat before the battle aboard the doctrine's unmoved transport (L2063): it moves to
    the retreat's destination with the VF it carries, if its PM allow (R176); the VF it took away."""
    if d.retreat_on is None or d.retreat_to is None or not retreated:
        return state, 0
    piece = state.piece(*d.retreat_on.key())
    if piece is None:
        return state, 0
    entry = check_convoy(world_of(data, state), [mover_in(state, data, piece)], (d.retreat_to,))
    if not entry.ok:
        return state, 0
    state = spend(state, piece, entry.checks[0].cost, moved=True)
    state = relocate(state.with_piece(piece, location=d.retreat_to), piece, d.retreat_to)
    return state, min(piece.vf, retreated)


def apply(
    state: MedioevoState, data: DataSet, target: str, sides: Sequence[Defender], outcome: BattleOutcome
) -> MedioevoState:
    """The defenders' VF lost, captured and retreated; the retreat put down at its destination
    with the power's captains there (L2061), an arrival for the supply trim (R108)."""
    for d in sides:
        power = d.force.power
        if not any(f.power == power for f in outcome.forces):
            continue
        r = outcome.force(power)
        state, sailed = _sail(state, data, d, target, r.retreated)
        state = _lose(state, data, d, target, r.lost + r.captured + r.retreated - sailed)
        if not r.retreated or d.retreat_to is None:
            continue
        state = add_ground(state, power, d.retreat_to, r.retreated - sailed)
        for c in state.pieces_of(power, CAPTAIN):
            if c.location == target and c.aboard is None:
                state = state.with_piece(c, location=d.retreat_to)
        turn = war_turn(state)
        arrivals = (*turn.arrivals, (d.retreat_to, power, r.retreated))
        state = state.evolve(war=turn.model_copy(update={"arrivals": arrivals}))
    return state
