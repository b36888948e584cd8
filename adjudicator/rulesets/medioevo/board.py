"""The printed board as data: kingdoms, territories, sea zones, straits, rivers and special places.

The seeds carry no map (digest part 4, §4), so the board is a data set of TOML files (see
``dataset.py`` and ``docs/board.md``). These models are the schema; they check the shape of each
record, and ``datacheck.py`` checks the references between records and the rules a board must keep.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from enum import StrEnum
from functools import cached_property

from pydantic import BaseModel, ConfigDict, Field


class Religion(StrEnum):
    """Religions of kingdoms and territories (seed 002, L594-598, L762)."""

    CATHOLIC = "catholic"
    ORTHODOX = "orthodox"
    MUSLIM = "muslim"
    TENGRI_BUDDHIST = "buddhist"
    PAGAN = "pagan"
    JEWISH = "jewish"


class KingdomSize(StrEnum):
    """Size classes by territory count (seed 002, L405-410)."""

    MAJOR = "major"
    LARGE = "large"
    MINOR = "minor"
    SMALL = "small"


SIZE_RANGES: dict[KingdomSize, range] = {
    KingdomSize.MAJOR: range(7, 8),
    KingdomSize.LARGE: range(5, 7),
    KingdomSize.MINOR: range(3, 5),
    KingdomSize.SMALL: range(1, 3),
}


class Terrain(StrEnum):
    """Terrain types (seed 002, L1584-1590)."""

    PLAIN = "plain"
    HILL = "hill"
    FOREST = "forest"
    MOUNTAIN = "mountain"
    DESERT = "desert"


class Record(BaseModel):
    """Every data record is frozen, rejects unknown keys and says where it comes from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    source: str = Field(description="seed lines (e.g. '002 L1236') or 'reconstruction: <why>'")


class Kingdom(Record):
    """A kingdom of the board; playable ones can be chosen by a power, the rest are barbarian."""

    name: str
    name_en: str = ""
    religion: Religion
    size: KingdomSize
    playable: bool = False
    capital: str | None = Field(default=None, description="territory id of the capital's settlement")
    contiguous: tuple[str, ...] = Field(
        default=(), description="playable kingdoms a player may choose next to this one (L355, R8)"
    )


class Territory(Record):
    """A land territory."""

    name: str
    kingdom: str
    terrain: Terrain
    settlement: str | None = Field(default=None, description="the settlement site's name; None: no site")
    port: bool = False
    island: bool = False
    religions: tuple[Religion, ...] = ()
    land_zone: int
    supply: int = Field(default=5, ge=1, description="base supply limit in VF (L2235-2262)")
    lon: float = Field(ge=-180, le=180)
    lat: float = Field(ge=-90, le=90)
    borders: tuple[str, ...]
    seas: tuple[str, ...] = ()
    russian_principality: bool = False

    @property
    def site(self) -> bool:
        """Has a settlement site (Centro Abitato, L781)."""
        return self.settlement is not None


class SeaZone(Record):
    """A sea zone; coastal zones cost 1 PM to cross, open ones 2 (L1665-1671)."""

    name: str
    sea: str = Field(description="the named sea it belongs to, for PIRATI and TEMPESTA")
    open: bool = False
    lon: float = Field(ge=-180, le=180)
    lat: float = Field(ge=-90, le=90)
    borders: tuple[str, ...]


class LandZone(Record):
    """A numbered land zone (MONOPOLIO, GUERRA CIVILE; L3188, L1292)."""

    name: str


class Strait(Record):
    """Two shores joined across water; holding both blocks the passage between two seas (L1434)."""

    name: str
    shores: tuple[str, str]
    seas: tuple[str, str]


class River(Record):
    """A river: the borders it runs along (+1 PM to cross) and the lands it waters (ALLUVIONE)."""

    name: str
    borders: tuple[tuple[str, str], ...]
    territories: tuple[str, ...]


class ReligiousCapital(Record):
    """A religious capital tile printed on the board (L237, L2221-2225) and what it adds to its
    territory's supply limit ("Capitale religiosa +10", L2262)."""

    name: str
    territory: str
    religion: Religion
    supply_bonus: int = Field(ge=0)


class Invasion(Record):
    """An entry point of barbarian invasions and the kingdoms it marches on (L1160)."""

    name: str
    territory: str
    kingdom: str
    targets: tuple[str, ...]


class DistantPorts(Record):
    """The far-port tiles: bought and placed on a coastal territory without a port (L2394-2400)."""

    markers: int = Field(ge=0)
    price: int = Field(ge=0)


class SetupSite(Record):
    """A settlement site that starts differently from the rule (L384: Costantinopoli, Kiev)."""

    empty: bool = False
    fortification: str | None = None


class Board(BaseModel):
    """A whole board: the map part of a data set."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    kingdoms: dict[str, Kingdom]
    territories: dict[str, Territory]
    seas: dict[str, SeaZone] = {}
    land_zones: dict[int, LandZone] = {}
    straits: dict[str, Strait] = {}
    rivers: dict[str, River] = {}
    religious_capitals: dict[str, ReligiousCapital] = {}
    invasions: dict[str, Invasion] = {}
    distant_ports: DistantPorts | None = None
    setup_sites: dict[str, SetupSite] = {}

    @cached_property
    def _members(self) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {k: [] for k in self.kingdoms}
        for tid, terr in self.territories.items():
            out.setdefault(terr.kingdom, []).append(tid)
        return {k: tuple(v) for k, v in out.items()}

    def territories_of(self, kingdom: str) -> tuple[str, ...]:
        """The territory ids of a kingdom, in data order."""
        return self._members.get(kingdom, ())

    def playable_kingdoms(self) -> tuple[str, ...]:
        return tuple(kid for kid, k in self.kingdoms.items() if k.playable)

    def kingdoms_border(self, a: str, b: str) -> bool:
        """True when some territory of kingdom ``a`` borders one of kingdom ``b`` by land."""
        return any(
            self.territories[o].kingdom == b
            for tid in self.territories_of(a)
            for o in self.territories[tid].borders
            if o in self.territories
        )

    def kingdom_neighbours(self, kingdom: str) -> frozenset[str]:
        """Kingdoms that border ``kingdom`` by land (straits included) or share a sea zone with it."""
        mine = self.territories_of(kingdom)
        out: set[str] = set()
        my_seas = {s for tid in mine for s in self.territories[tid].seas}
        for tid in mine:
            out.update(
                self.territories[o].kingdom for o in self.territories[tid].borders if o in self.territories
            )
        for terr in self.territories.values():
            if my_seas.intersection(terr.seas):
                out.add(terr.kingdom)
        out.discard(kingdom)
        return frozenset(out)

    def kingdoms_contiguous(self, a: str, b: str) -> bool:
        """Contiguous for the choice of kingdoms (L355): as the data lists it (R8)."""
        return b in self.kingdoms[a].contiguous

    def kingdoms_near(self, a: str, b: str) -> bool:
        """Neighbours, or both neighbours of a third kingdom: how the shipped lists were derived (R8)."""
        near_a = self.kingdom_neighbours(a)
        return b in near_a or bool(near_a & self.kingdom_neighbours(b))

    def coast(self, sea: str) -> tuple[str, ...]:
        """The territories that touch a sea zone."""
        return tuple(tid for tid, t in self.territories.items() if sea in t.seas)

    def land_distance(self, a: str, b: str) -> int | None:
        """Steps between two territories over land borders; None when no land path joins them."""
        return _distance(a, b, lambda t: self.territories[t].borders)

    def components(self) -> list[set[str]]:
        """Connected parts of the board over land borders, coasts and sea borders."""
        graph: dict[str, set[str]] = {n: set() for n in (*self.territories, *self.seas)}
        for tid, terr in self.territories.items():
            for other in (*terr.borders, *terr.seas):
                if other in graph:
                    graph[tid].add(other)
                    graph[other].add(tid)
        for sid, sea in self.seas.items():
            for other in sea.borders:
                if other in graph:
                    graph[sid].add(other)
                    graph[other].add(sid)
        seen: set[str] = set()
        parts: list[set[str]] = []
        for start in graph:
            if start in seen:
                continue
            part = {start}
            queue = deque([start])
            while queue:
                node = queue.popleft()
                for nxt in graph[node] - part:
                    part.add(nxt)
                    queue.append(nxt)
            seen |= part
            parts.append(part)
        return parts


def _distance(a: str, b: str, neighbours: Callable[[str], Iterable[str]]) -> int | None:
    seen = {a: 0}
    queue = deque([a])
    while queue:
        node = queue.popleft()
        if node == b:
            return seen[node]
        for nxt in neighbours(node):
            if nxt not in seen:
                seen[nxt] = seen[node] + 1
                queue.append(nxt)
    return None
