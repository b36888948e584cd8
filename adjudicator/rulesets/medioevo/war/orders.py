"""The orders of phase 9, combat (seed 002 L1594-L2087; docs/war.md §3): script steps, battle
plan lines and doctrine lines. Each ``canonical()`` text parses back to an equal order
(``war/parse.py``; tests/unit/test_war_orders.py).

A script step is a :class:`ScriptStep`: one action (``LOAD`` … ``WAR``) with the guards, chain tag
and on-fail policy of §3.4 around it. Its guards are kept as written (normalised spaces) and read
by the ruleset when the step runs, not when it arrives: the board can change before.
Names are ids: places by territory or sea-zone id, cards by card id, powers by power id; pieces
by label (``cart 1``), another power's with its id first (``venice galley 2``).
The clauses a PLAN or DOCTRINE line carries are in ``war/clauses.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.war.clauses import DefenceClause, PlanClause

COMBAT = "combat"
DEFAULT_PLAN = "default"
"""The plan an attack with no ``PLAN name`` uses (docs/war.md §1)."""


def _names(items: tuple[str, ...]) -> str:
    return ", ".join(items)


class OnFail(StrEnum):
    """What a failed step takes with it (§3.4, R98): itself, the later steps of its chain, or
    the rest of the script."""

    SKIP = "SKIP"
    CHAIN = "CHAIN"
    STOP = "STOP"


def _cargo(cargo: int | str) -> str:
    return f"{cargo} VF" if isinstance(cargo, int) else cargo


def _plan(plan: str) -> str:
    return "" if plan == DEFAULT_PLAN else f" PLAN {plan}"


def _force(pieces: tuple[str, ...], captains: tuple[str, ...]) -> str:
    return f" FROM {_names(pieces)} WITH {_names(captains)}" if pieces else ""


@dataclass(frozen=True, slots=True)
class Load(Order):
    """Put own VF (an int) or a captain, engine or land transport (a label) on a transport
    (L1560-1566, L777); a ship loads from the coast ``coast`` it lies off."""

    phase: ClassVar[str] = COMBAT
    cargo: int | str
    carrier: str
    coast: str | None = None

    def canonical(self) -> str:
        return f"LOAD {_cargo(self.cargo)} ON {self.carrier}" + (f" FROM {self.coast}" if self.coast else "")


@dataclass(frozen=True, slots=True)
class Unload(Order):
    """Take VF or a piece off a transport, on the ground it stands on or ``to`` a coast (L1566)."""

    phase: ClassVar[str] = COMBAT
    cargo: int | str
    carrier: str
    to: str | None = None

    def canonical(self) -> str:
        return f"UNLOAD {_cargo(self.cargo)} FROM {self.carrier}" + (f" TO {self.to}" if self.to else "")


@dataclass(frozen=True, slots=True)
class Move(Order):
    """Move transports together (a convoy, L1598) along ``via`` in order, or ``to`` a place by
    the cheapest legal path as the board stands when the step runs."""

    phase: ClassVar[str] = COMBAT
    pieces: tuple[str, ...]
    to: str | None = None
    via: tuple[str, ...] = ()

    def canonical(self) -> str:
        where = f"TO {self.to}" if self.to else f"VIA {_names(self.via)}"
        return f"MOVE {_names(self.pieces)} {where}"


@dataclass(frozen=True, slots=True)
class Attack(Order):
    """Attack a territory, or another power's transport (``venice galley 2``, L1657), from the
    transports ``pieces`` led by ``captains`` (L1726-1729), by the named battle plan."""

    phase: ClassVar[str] = COMBAT
    target: str
    pieces: tuple[str, ...]
    captains: tuple[str, ...]
    plan: str = DEFAULT_PLAN

    def canonical(self) -> str:
        return f"ATTACK {self.target}{_force(self.pieces, self.captains)}{_plan(self.plan)}"


@dataclass(frozen=True, slots=True)
class NavalAttack(Order):
    """Attack all of ``power``'s ships in a sea zone or port (L2008-2023)."""

    phase: ClassVar[str] = COMBAT
    power: str
    place: str
    pieces: tuple[str, ...]
    captains: tuple[str, ...]
    plan: str = DEFAULT_PLAN

    def canonical(self) -> str:
        force = _force(self.pieces, self.captains)
        return f"NAVAL ATTACK {self.power} IN {self.place}{force}{_plan(self.plan)}"


@dataclass(frozen=True, slots=True)
class Siege(Order):
    """Lay siege to a fortified settlement (L1924-1996) with a force, by land, sea or both
    (``route`` None: as the force gives); with no force, continue an own siege (R112)."""

    phase: ClassVar[str] = COMBAT
    territory: str
    pieces: tuple[str, ...] = ()
    captains: tuple[str, ...] = ()
    route: str | None = None
    plan: str = DEFAULT_PLAN

    def canonical(self) -> str:
        route = f" BY {self.route}" if self.route else ""
        return f"SIEGE {self.territory}{_force(self.pieces, self.captains)}{route}{_plan(self.plan)}"


@dataclass(frozen=True, slots=True)
class Assault(Order):
    """Storm a fortification (L1924, L2023), with a force or the one besieging it."""

    phase: ClassVar[str] = COMBAT
    territory: str
    pieces: tuple[str, ...] = ()
    captains: tuple[str, ...] = ()
    plan: str = DEFAULT_PLAN

    def canonical(self) -> str:
        return f"ASSAULT {self.territory}{_force(self.pieces, self.captains)}{_plan(self.plan)}"


@dataclass(frozen=True, slots=True)
class LiftSiege(Order):
    """End an own siege (L1996)."""

    phase: ClassVar[str] = COMBAT
    territory: str

    def canonical(self) -> str:
        return f"LIFT SIEGE {self.territory}"


@dataclass(frozen=True, slots=True)
class Claim(Order):
    """Take an ownerless transport (``venice galley 2``, what it was) by putting VF on it
    (L1630, A-49, R110)."""

    phase: ClassVar[str] = COMBAT
    wreck: str
    vf: int

    def canonical(self) -> str:
        return f"CLAIM {self.wreck} WITH {self.vf}"


@dataclass(frozen=True, slots=True)
class PlayCombatCard(Order):
    """Play an Empire card of the phase (L1707), on a power, piece or place if it needs one, and
    ``FOR`` the card it takes (LADRO, ASSASSINO) or cancels (SICARIO): ``war/card_plays.py``."""

    phase: ClassVar[str] = COMBAT
    card: str
    on: str | None = None
    take: str | None = None

    def canonical(self) -> str:
        on = f" ON {self.on}" if self.on else ""
        return f"PLAY {self.card}{on}" + (f" FOR {self.take}" if self.take else "")


@dataclass(frozen=True, slots=True)
class SurpriseWar(Order):
    """War declared on the spot, in the script, with its PO cost (L1568, L636, R111)."""

    phase: ClassVar[str] = COMBAT
    power: str

    def canonical(self) -> str:
        return f"WAR {self.power}"


Action = (
    Load
    | Unload
    | Move
    | Attack
    | NavalAttack
    | Siege
    | Assault
    | LiftSiege
    | Claim
    | PlayCombatCard
    | SurpriseWar
)


@dataclass(frozen=True, slots=True)
class ScriptStep(Order):
    """One numbered line of a power's combat script: ``[IF cond [AND cond]…:] action [CHAIN tag]
    [ON FAIL SKIP|CHAIN|STOP]`` (§3.4). ``ON FAIL CHAIN`` needs a tag (refused at receipt)."""

    phase: ClassVar[str] = COMBAT
    action: Action
    conds: tuple[str, ...] = ()
    chain: str | None = None
    on_fail: OnFail = OnFail.SKIP

    def canonical(self) -> str:
        guard = f"IF {' AND '.join(self.conds)}: " if self.conds else ""
        chain = f" CHAIN {self.chain}" if self.chain else ""
        fail = "" if self.on_fail is OnFail.SKIP else f" ON FAIL {self.on_fail.value}"
        return f"{guard}{self.action.canonical()}{chain}{fail}"


@dataclass(frozen=True, slots=True)
class PlanLine(Order):
    """``PLAN name clause``: one of the attacker's choices for the attacks that name the plan
    (§3.2, R100). Lines of one plan add up; a later line for the same slot replaces the earlier."""

    phase: ClassVar[str] = COMBAT
    plan: str
    clause: PlanClause

    def canonical(self) -> str:
        return f"PLAN {self.plan} {self.clause.canonical()}"


class Scope(StrEnum):
    """Where a doctrine clause applies (§3.3): the narrowest scope wins."""

    ALL = "ALL"
    IN = "IN"  # a territory or sea zone
    ON = "ON"  # one own transport


@dataclass(frozen=True, slots=True)
class DoctrineLine(Order):
    """``DOCTRINE [IN place | ON piece] clause``: a standing choice as a defender (§3.3, R99),
    kept from turn to turn until a line for the same scope and slot replaces it (``CLEAR``
    drops every clause of the scope)."""

    phase: ClassVar[str] = COMBAT
    clause: DefenceClause
    scope: Scope = Scope.ALL
    where: str = ""

    def canonical(self) -> str:
        scope = "" if self.scope is Scope.ALL else f"{self.scope.value} {self.where} "
        return f"DOCTRINE {scope}{self.clause.canonical()}"

    @property
    def slot(self) -> tuple[str, str, str]:
        """What a later line replaces: (scope, place or piece, the clause's slot)."""
        return (self.scope.value, self.where, self.clause.slot)
