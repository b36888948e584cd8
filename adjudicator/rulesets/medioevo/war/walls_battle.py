"""A battle at a fortified territory, by the attacker's plan and the defenders' doctrines (seed 002
L1707, L1721, L1736, L1760-1782, L1822-1834, L1886-1958, L2057-2069; docs/war.md §3.2-§3.3;
rulings R99, R100, R104, R192, R211, R220-R222).

Two battles are fought at the walls: the field battle against the defenders they do not hold (the
siege's first sub-phase, an assault's prelude, a later siege turn's, L1914, L1896, L1958) and the
assault on the walls (L1898-1904). Both are fought as an ATTACK's field battle is (``attacks.py``):
the attacker with its hand and its plan (``CARDS`` by round, ``IF FORTIFIED`` counting against the
walls; ``WITHDRAW``, else R100's default; ``CAPTAINS``), each defender with its hand and its
doctrine there (``CARDS``, ``RETREAT``, ``LOSSES``; ``defence.defender_at``), the barbarians
behind their walls with their captains (R220). A retreat out of a besieged territory by the
besieged route is not made (L2069): the defender fights on and is told why (``RetreatBarred``,
private: it tells a doctrine, R115, R222). The outcome is written as an attack's: the attacker's
losses off the ground first then its transports, those its plan's ``LOSSES ORDER`` names first
(L1760; 1 VF staying aboard each, R136), the defenders'
by their doctrines, prisoners, cards, captains (``attack_outcome.settle``), and a helper at peace
with the attacker declares war (L1826, R104).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece, label
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState
from adjudicator.rulesets.medioevo.war import clauses, defence
from adjudicator.rulesets.medioevo.war.attack_outcome import force_of, settle
from adjudicator.rulesets.medioevo.war.battle import fight
from adjudicator.rulesets.medioevo.war.battle_models import (
    Battle,
    BattleOutcome,
    BattlePlan,
    Captain,
    Force,
    Kind,
)
from adjudicator.rulesets.medioevo.war.declaration import declare_war
from adjudicator.rulesets.medioevo.war.drought_war import parched_battle
from adjudicator.rulesets.medioevo.war.events_sieges import RetreatBarred
from adjudicator.rulesets.medioevo.war.fortress import Garrison
from adjudicator.rulesets.medioevo.war.orders import PlanLine
from adjudicator.rulesets.medioevo.war.plans import (
    DEFAULT_OCCUPY,
    card_rounds,
    clauses_of,
    losses_order,
    plan_of,
)
from adjudicator.rulesets.medioevo.war.siege_state import remove_vf


@dataclass(frozen=True)
class WallsPlan:
    """What the attacker's plan says at the walls: the battle's live decisions, the VF to hold
    the territory with once taken (L1846) and what becomes of what is found there (L1848-1856)."""

    battle: BattlePlan = field(default_factory=BattlePlan)
    occupy: int = DEFAULT_OCCUPY
    taken: tuple[clauses.Taken, ...] = ()
    losses: tuple[str, ...] = ()  # LOSSES ORDER: its transports whose VF go first (L1760)


def plan_at_walls(plans: Sequence[PlanLine], name: str, fortified: bool) -> WallsPlan:
    """Plan ``name`` read for a battle at the walls (R100's defaults where a clause is missing);
    ``fortified``: the assault on the walls, where ``CARDS … IF FORTIFIED`` count (R221)."""
    plan, occupy = plan_of(plans, name)
    chosen = clauses_of(plans, name)
    rounds = card_rounds([c for c in chosen if isinstance(c, clauses.Cards)], fortified)
    taken = tuple(c for c in chosen if isinstance(c, clauses.Taken))
    return WallsPlan(replace(plan, rounds=rounds), occupy, taken, losses_order(chosen))


@dataclass(frozen=True)
class Assailant:
    """The attacking side at the walls: its VF that fight, its captains, its plan."""

    power: str
    vf: int
    captains: tuple[Piece, ...]
    plan: BattlePlan = field(default_factory=BattlePlan)
    losses: tuple[str, ...] = ()  # the plan's LOSSES ORDER (L1760)


def garrison_sides(
    state: MedioevoState,
    data: DataSet,
    attacker: str,
    territory: str,
    garrison: Sequence[Garrison],
    attacking: int,
    fortified: bool,
) -> tuple[list[defence.Defender], list[Event]]:
    """The defending side from the ``garrison`` that fights (those inside the walls, or outside):
    each power by its doctrine there with the VF it has in this battle, the barbarians with their
    captains; and a ``RetreatBarred`` for each doctrine retreat the siege forbids (L2069)."""
    owner = state.territories[territory].owner
    built = bool(state.territories[territory].usable())  # MONACO defends its buildings (L2725)
    sides: list[defence.Defender] = []
    barred: list[Event] = []
    for g in garrison:
        if g.barbarian or g.power == BARBARIANS:
            chiefs = tuple(
                Captain(label(data, CAPTAIN, c.number), c.level)
                for c in state.pieces
                if c.owner == BARBARIANS and c.kind == CAPTAIN and c.location == territory
            )
            sides.append(defence.Defender(Force(BARBARIANS, g.vf, barbarian=True, captains=chiefs)))
            continue
        mine = g.power == owner
        d = defence.defender_at(
            state,
            data,
            g.power,
            territory,
            attacking,
            fortified=fortified,
            owner=mine,
            at_war=state.at_war(g.power, attacker),
            buildings_here=built and mine,
        )
        # the garrison is its VF on the ground (R150): they alone fight, fall and retreat, on foot
        # into a neighbouring territory (L2065); its transports there stay out of it (R222)
        sides.append(replace(d, force=replace(d.force, vf=g.vf), boats=(), retreat_on=None))
        if d.barred:
            barred.append(RetreatBarred(power=g.power, territory=territory, reason=d.barred, phase="combat"))
    return sides, barred


def fight_at_walls(
    state: MedioevoState,
    data: DataSet,
    dice: Dice,
    number: str,
    kind: Kind,
    level: int,
    who: Assailant,
    territory: str,
    garrison: Sequence[Garrison],
) -> tuple[MedioevoState, BattleOutcome, list[Event]]:
    """Fight ``who`` against the ``garrison`` at ``territory`` (``kind`` FIELD outside the walls,
    ASSAULT against walls of ``level``; dice purposes ``battle {number} round R …``) and write the
    outcome on the state. Returns the state, the outcome and the events besides the battle's own
    (retreats barred, helpers' declarations of war)."""
    owner = state.territories[territory].owner
    assault = kind is Kind.ASSAULT
    sides, notes = garrison_sides(state, data, who.power, territory, garrison, who.vf, assault)
    battle = Battle(
        number=number,
        kind=kind,
        attackers=(force_of(state, who.power, who.vf, who.captains, data, plan=who.plan),),
        defenders=tuple(d.force for d in sides),
        fortification=level if assault else 0,
        buildings=bool(state.territories[territory].usable()),  # TEMPLARE (L2758)
        ground=owner is not None,  # barbarian land: each transport guards itself (L1683-1685)
    )
    battle = parched_battle(battle, state, territory, siege=not assault)  # SICCITA (L1352, L1356)
    result = fight(battle, dice, data.cards)
    mine = result.force(who.power)
    if mine.lost + mine.captured:
        state = remove_vf(state, who.power, territory, mine.lost + mine.captured, who.losses, data)
    state = defence.apply(state, data, territory, sides, result)
    state, told = settle(state, data, who.power, owner or BARBARIANS, result)
    ledger = Ledger(state, data)
    for f in result.forces:
        if f.declared_war and f.power in state.powers and not ledger.state.at_war(f.power, who.power):
            declare_war(ledger, f.power, who.power, [None], surprise=True)  # L1826, R104
    return ledger.state, result, [*notes, *told, *ledger.events]
