"""What a fighting bot reads of its view (``adjudicator/bots_war.py``): the board as the view
shows it (territories, pieces, wars), the map's adjacency and the transports' printed numbers
from the data set (public, as the players' printed map), and the VF its own script has already
loaded where (so two transports do not count the same VF)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from adjudicator.bots_objective import card, safe_garrison
from adjudicator.core.view import PlayerView
from adjudicator.rulesets.medioevo.dataset import DataSet, default_dataset
from adjudicator.rulesets.medioevo.war.barbarians import rising
from adjudicator.rulesets.medioevo.war.transport import transport_type

GARRISON = 1  # VF left on the ground where a transport loads
ENGINE = 5  # army room a siege engine takes aboard (L1566)
ENGINE_KIND = "siege"  # a siege engine's piece kind (its level: 1 catapult, 2 trebuchet, 3 bombard)


@cache
def map_data() -> DataSet:
    return default_dataset()


@dataclass
class Board:
    """What the bot reads of its view: territories, pieces, wars, sieges."""

    me: str
    territories: Mapping[str, Mapping[str, Any]]
    pieces: Sequence[Mapping[str, Any]]
    wars: frozenset[frozenset[str]]
    sieges: Sequence[Mapping[str, Any]]
    played: frozenset[str] = frozenset()  # the kingdoms the powers of the game play
    taken: dict[str, int] = field(default_factory=dict)  # own VF this script loads, by place
    wanted: Mapping[str, int] = field(default_factory=dict)  # the objective card's territories, by rank
    safe: Mapping[str, int] = field(default_factory=dict)  # own card territories: their safe garrison

    @classmethod
    def of(cls, view: PlayerView) -> Board:
        d = view.data
        wars = frozenset(frozenset(w) for w in d.get("wars", ()))
        played = frozenset(str(p.get("kingdom", "")) for p in d.get("powers", {}).values())
        wanted = card(view)
        own = [t for t in wanted if (d["territories"].get(t) or {}).get("owner") == view.viewer]
        safe = {t: safe_garrison(view, t) for t in own}
        return cls(
            view.viewer,
            d["territories"],
            d.get("pieces", ()),
            wars,
            d.get("sieges", ()),
            played,
            {},
            wanted,
            safe,
        )

    def keep_back(self, place: str) -> int:
        """The VF to leave where a transport loads: 1, or in an own territory of the objective
        card the garrison that keeps it counting at the end (bots_objective.py, L2454)."""
        return max(GARRISON, self.safe.get(place, 0))

    def aim(self, place: str) -> int:
        """0 for a territory of the objective card, 1 for any other: attacks go there first."""
        return 0 if place in self.wanted else 1

    def piece(self, name: str) -> Mapping[str, Any] | None:
        word, _, number = name.rpartition(" ")
        names = map_data().purchase_rules.piece_names
        kind = next((k for k, n in names.items() if n[0] == word), None)
        return next(
            (
                p
                for p in self.pieces
                if p["owner"] == self.me and p["kind"] == kind and str(p["number"]) == number
            ),
            None,
        )

    def ground(self, place: str, power: str | None = None) -> int:
        """VF on the ground; the bot's own less what its script has loaded already."""
        terr = self.territories.get(place, {})
        vf = int(terr.get("armies", {}).get(power or self.me, 0))
        return vf - self.taken.get(place, 0) if power in (None, self.me) else vf

    def load(self, place: str, vf: int) -> None:
        self.taken[place] = self.taken.get(place, 0) + vf

    def walls(self, place: str) -> int:
        buildings = map_data().buildings
        found = [
            buildings[b].level
            for b in self.territories.get(place, {}).get("buildings", ())
            if b in buildings and buildings[b].category == "fortification"
        ]
        return max(found, default=0)

    def garrison(self, place: str) -> int:
        """The VF that would defend ``place``: its owner's on the ground and aboard there; on a
        barbarian territory those there, else the 1 or 2 that rise (L1643-1645, A-57, R103)."""
        owner = self.territories.get(place, {}).get("owner")
        if owner is None:
            return self.ground(place, "barbarians") or self.rising(place)
        return self.ground(place, owner) + sum(
            int(p.get("vf", 0)) for p in self.pieces if p["owner"] == owner and p["location"] == place
        )

    def rising(self, place: str) -> int:
        """The barbarian VF an attack raises on ``place`` (R103), as the judge counts them."""
        return rising(map_data(), place, self.played) if place in map_data().board.territories else 1

    def defenders(self, place: str) -> int:
        """:meth:`garrison` with the walls' level added (they hold the defenders and stop a field
        battle, L1888): the bots' measure of a target's strength."""
        return self.garrison(place) + self.walls(place)

    def my_sieges(self) -> dict[str, int | None]:
        """The bot's own sieges: territory -> the besieging captain's number (L1728)."""
        return {str(s["territory"]): s.get("captain") for s in self.sieges if s.get("by") == self.me}

    def engines_at(self, place: str) -> tuple[int, ...]:
        """The levels of the bot's siege engines in ``place``, on the ground or aboard."""
        return tuple(
            int(p["level"])
            for p in self.pieces
            if p["owner"] == self.me and p["kind"] == ENGINE_KIND and p["location"] == place
        )

    def at_war(self, other: str) -> bool:
        return frozenset((self.me, other)) in self.wars


def engines_aboard(board: Board, name: str) -> tuple[int, ...]:
    """The levels of the siege engines aboard the bot's transport ``name``."""
    piece = board.piece(name)
    ref = f"{piece['kind']}/{piece['number']}" if piece else ""
    return tuple(
        int(p["level"])
        for p in board.pieces
        if p["owner"] == board.me and p["kind"] == ENGINE_KIND and p.get("aboard") == ref
    )


def engine_aboard(board: Board, name: str) -> bool:
    return bool(engines_aboard(board, name))


def borders(a: str, b: str) -> bool:
    board = map_data().board
    if a == b:
        return True
    if a in board.territories and b in board.territories:
        return b in board.territories[a].borders
    land, sea = (a, b) if a in board.territories else (b, a)
    return land in board.territories and sea in board.territories[land].seas


def room_left(board: Board, name: str) -> int:
    """The army room left aboard ``name`` (an engine takes 5, L1566; a captain none)."""
    piece = board.piece(name)
    if piece is None:
        return 0
    data = map_data()
    printed = transport_type(data, piece["kind"], int(piece["level"]))
    capacity = printed.armies + int(piece.get("armies", 0)) * data.purchase_rules.customisation_step.get(
        "armies", 10
    )
    engines = len(engines_aboard(board, name))
    return capacity - int(piece.get("vf", 0)) - engines * data.purchase_rules.land_transport_in_ship
