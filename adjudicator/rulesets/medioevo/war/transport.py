"""A transport as the war calculators see it, and its statistics (seed 002 L1562-1566, L1628-1639,
L840-861, L2095-2100).

The inputs are explicit and frozen, so movement can be computed without the game state: a
:class:`Mover` is a :class:`~adjudicator.rulesets.medioevo.pieces_state.Piece` (kind, level, discs,
location, owner) with what it carries, the PM it has already spent this phase and its owner's
technologies; a :class:`World` is the board as it stands for that mover (who owns what, who is at
war, who grants passage, the settlements, the distant ports, the fleets at sea).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.rulesets.medioevo.board import River, Strait
from adjudicator.rulesets.medioevo.components.pieces import Transport
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events_phase.records import HALF, STOP
from adjudicator.rulesets.medioevo.pieces_state import Piece, label

SEA, LAND = "sea", "land"
T = TypeVar("T")
MILITARY, COMMERCIAL = "military", "commercial"


class Cargo(BaseModel):
    """What a transport carries: VF by owner (allied armies may ride, L1628 asks only for one of
    its own), captains, siege engines, land transports (on ships only, L777, L1612) with their own
    cargo, and goods (units; a cube is 10, L2107)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    armies: dict[str, int] = Field(default_factory=dict)
    captains: int = Field(default=0, ge=0)
    siege: int = Field(default=0, ge=0)
    land: tuple[Mover, ...] = ()
    goods: int = Field(default=0, ge=0)

    def vf(self, owner: str | None = None) -> int:
        """VF aboard: of one owner, or of all."""
        return sum(self.armies.values()) if owner is None else self.armies.get(owner, 0)


class Mover(BaseModel):
    """One transport about to move, load or unload in a phase."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    piece: Piece
    cargo: Cargo = Field(default_factory=lambda: Cargo())
    spent: int = Field(default=0, ge=0, description="PM already spent this phase (L1578, L1661)")
    techs: frozenset[str] = Field(default=frozenset(), description="its owner's technologies")
    extra_pm: int = Field(default=0, description="PM from a card this phase (MARESCIALLO, L2707)")
    ownerless: bool = Field(default=False, description="left without armies abroad: nobody's (L1630)")
    stalled: str = Field(default="", description="held by an Event's transport stop: stop|half (L1060)")
    fleet_galleys: int | None = Field(
        default=None, description="galleys moving together, for active blockades (L2033); None: its own"
    )

    @property
    def owner(self) -> str | None:
        return None if self.ownerless else self.piece.owner

    @property
    def location(self) -> str:
        return self.piece.location

    def at(self, location: str, spent: int) -> Mover:
        """The same transport moved to ``location`` having spent ``spent`` PM in all."""
        return self.model_copy(
            update={"piece": self.piece.model_copy(update={"location": location}), "spent": spent}
        )


Cargo.model_rebuild()


@dataclass(frozen=True)
class Stats:
    """A transport's numbers this turn."""

    name: str  # "galley 2", as orders and reports name it
    domain: str  # sea | land
    role: str  # military | commercial
    pm: int  # movement points for the phase
    army_capacity: int  # VF (a siege engine or land transport takes 5, L1566)
    goods_capacity: int  # goods units (commercial only)


def transport_type(data: DataSet, kind: str, level: int) -> Transport:
    """The printed transport of this kind and level (pieces.toml)."""
    found = next((t for t in data.transports.values() if t.kind == kind and t.level == level), None)
    if found is None:
        raise ValueError(f"no transport {kind!r} of level {level} in the data set")
    return found


def tech_pm_bonus(data: DataSet, techs: frozenset[str], domain: str) -> int:
    """+1 PM per technology that names the domain in ``mdt_pm_bonus``: STRADE, CARTOGRAFIA, LOGISTICA
    on land; TESSITURA, ASTRONOMIA, CARTOGRAFIA at sea (L1639, L857, ex L880). The bonuses apply to
    commercial transports too (L857, ex L2122, ex L3096)."""
    return sum(
        int(data.technologies[t].params.get("mdt_pm_bonus", {}).get(domain, 0))
        for t in sorted(techs)
        if t in data.technologies
    )


def stats(data: DataSet, mover: Mover) -> Stats:
    """PM and capacities: the table by kind and level (L1634-1637, L840-855, L2097-2100), the
    customisation discs (+1 PM, +10 armies, +10 goods each, L859-861), technologies (L1639) and a
    card's PM for the phase; none or half under an Event's transport stop (L1060)."""
    piece = mover.piece
    printed = transport_type(data, piece.kind, piece.level)
    step = data.purchase_rules.customisation_step
    pm = (
        printed.pm
        + piece.pm * step.get("pm", 1)
        + tech_pm_bonus(data, mover.techs, printed.domain)
        + mover.extra_pm
    )
    return Stats(
        name=label(data, piece.kind, piece.number),
        domain=printed.domain,
        role=printed.role,
        pm={STOP: 0, HALF: pm // 2}.get(mover.stalled, pm),
        army_capacity=printed.armies + piece.armies * step.get("armies", 10),
        goods_capacity=printed.goods + piece.goods * step.get("goods", 10),
    )


def left(data: DataSet, mover: Mover) -> int:
    """PM the transport still has this phase."""
    return max(0, stats(data, mover).pm - mover.spent)


def army_space(data: DataSet, cargo: Cargo) -> int:
    """Army capacity used: 1 a VF, a captain 0, a siege engine or land transport 5 (L1566, L777); a
    land transport aboard a ship brings its own cargo's space with it (ruling R127)."""
    size = data.purchase_rules.land_transport_in_ship
    return (
        cargo.vf()
        + cargo.captains * data.movement_rules.captain_space
        + cargo.siege * size
        + sum(size + army_space(data, carried.cargo) for carried in cargo.land)
    )


@dataclass(frozen=True)
class Relations:
    """Who is at war and who lets whom through: ``passage`` holds (guest, host) pairs, a host
    letting the guest's transports cross and stay in its territories and ports (a passage pact,
    L632, L2031; ruling R121 says which pacts the lead counts)."""

    wars: frozenset[frozenset[str]] = frozenset()
    passage: frozenset[tuple[str, str]] = frozenset()

    def at_war(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.wars

    def may_pass(self, guest: str, host: str) -> bool:
        return guest == host or (guest, host) in self.passage


Crossing = dict[frozenset[str], T]


@dataclass(frozen=True)
class World:
    """The board as it stands for movement.

    ``owners`` maps a territory to its owner power (absent or None: barbarian, nobody's);
    ``settlements`` the territories with a working settlement (loading discount, L1614);
    ``distant_ports`` the territories with a distant-port tile (a port for all purposes, L2398);
    ``fleets`` a sea zone to the galleys each power has there (active blockades, L2033);
    ``rough_landing`` the variant where galleys pay the coast's terrain to land (L3194-3198);
    ``besieging`` a besieged territory to its besieger and the siege's route (reinforcements, R224).
    """

    data: DataSet
    owners: Mapping[str, str | None] = field(default_factory=dict)
    relations: Relations = Relations()
    settlements: frozenset[str] = frozenset()
    distant_ports: frozenset[str] = frozenset()
    fleets: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    rough_landing: bool = False  # variant Attracco difficoltoso (L3194-3198), all players agreeing (L3192)
    besieging: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    dry_river: str | None = None  # this turn's SICCITA: its river costs no PM to cross (L1350)
    out_of_play: frozenset[str] = frozenset()  # PARTITA A 2: territories outside the area (L3252)
    infected: frozenset[str] = frozenset()  # an EPIDEMIA's: other powers' transports stay (L1271)

    def owner(self, territory: str) -> str | None:
        return self.owners.get(territory)

    def has_port(self, territory: str) -> bool:
        terr = self.data.board.territories.get(territory)
        return terr is not None and (terr.port or territory in self.distant_ports)

    def domain(self, mover: Mover) -> str:
        """Sea or land: how the transport moves."""
        return self._domains[mover.piece.kind]

    @cached_property
    def _domains(self) -> dict[str, str]:
        return {t.kind: t.domain for t in self.data.transports.values()}

    @cached_property
    def _crossings(self) -> tuple[Crossing[Strait], Crossing[Strait], Crossing[River]]:
        board = self.data.board
        by_shores = {frozenset(s.shores): s for s in board.straits.values()}
        by_seas = {frozenset(s.seas): s for s in board.straits.values()}
        rivers = {frozenset(pair): r for r in board.rivers.values() for pair in r.borders}
        return by_shores, by_seas, rivers

    def strait(self, a: str, b: str) -> Strait | None:
        """The strait a land step from ``a`` to ``b`` crosses."""
        return self._crossings[0].get(frozenset((a, b)))

    def strait_between_seas(self, a: str, b: str) -> Strait | None:
        """The strait that joins two sea zones (its passive blockade, L2031)."""
        return self._crossings[1].get(frozenset((a, b)))

    def dried(self, river: River) -> bool:
        """Whether ``river`` is the one this turn's drought dried (0 PM to cross, L1350)."""
        return self.dry_river is not None and self.data.board.rivers.get(self.dry_river) is river

    def river(self, a: str, b: str) -> River | None:
        """The river running along the border of two territories."""
        return self._crossings[2].get(frozenset((a, b)))

    @cached_property
    def sea_links(self) -> dict[str, frozenset[str]]:
        """Sea zone -> the zones it borders (listed on either side in the data)."""
        seas = self.data.board.seas
        links: dict[str, set[str]] = {z: set() for z in seas}
        for zone, sea in seas.items():
            for other in sea.borders:
                if other in seas and other != zone:
                    links[zone].add(other)
                    links[other].add(zone)
        return {z: frozenset(o) for z, o in links.items()}

    @cached_property
    def coasts(self) -> dict[str, tuple[str, ...]]:
        """Sea zone -> the territories on it, in data order."""
        out: dict[str, list[str]] = {z: [] for z in self.data.board.seas}
        for tid, terr in self.data.board.territories.items():
            for zone in terr.seas:
                out.setdefault(zone, []).append(tid)
        return {z: tuple(t) for z, t in out.items()}

    def name(self, node: str) -> str:
        """A territory's or sea zone's printed name."""
        board = self.data.board
        place = board.territories.get(node) or board.seas.get(node)
        return place.name if place is not None else node
