"""Pieces on the map: transports (MdT), siege engines (MdA) and captains (seed 002 L775-779, L825-890).

A piece belongs to a *numbering class*: a transport kind (``merchant``, ``caravan``, ``galley``,
``war_wagon``), ``siege`` (a siege engine keeps its number when it rises from Catapulta to Trabucco
to Bombarda) or ``captain``. Each power numbers its pieces of a class from 1 and never gives a
number twice, so orders can name ``galley 2`` or ``cart 1`` for the life of the piece. The words
(``cart`` for the war wagon class) are ``purchase_rules.piece_names`` in the data.

The catalogue lists what phase 4 can buy, by item id: the transport ids of ``pieces.toml``
(``galley_2``), the siege engine ids (``catapult``) and ``captain_1`` … ``captain_3``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.rulesets.medioevo.dataset import DataSet

if TYPE_CHECKING:  # state.py holds pieces of this module
    from adjudicator.rulesets.medioevo.state import MedioevoState

SIEGE = "siege"
CAPTAIN = "captain"


class Piece(BaseModel):
    """One miniature of a power on the map."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    owner: str
    kind: str = Field(description="numbering class: a transport kind, 'siege' or 'captain'")
    number: int = Field(ge=1)
    level: int = Field(ge=1, le=3)
    location: str = Field(description="territory id (a ship in a territory is in its port) or sea zone id")
    damaged: bool = False
    repair_by: int = Field(default=0, description="damaged: the turn by whose purchases it must be repaired")
    pm: int = Field(default=0, ge=0, description="+1 PM discs (grey, L859-861)")
    armies: int = Field(default=0, ge=0, description="+10 army capacity discs (red)")
    goods: int = Field(default=0, ge=0, description="+10 goods capacity discs (white)")
    bought: int = Field(default=0, description="the turn it was bought (0: at setup or by the GM)")
    free_upgrade: int = Field(default=0, description="the last turn it rose a level for free (L831-833)")
    vf: int = Field(default=0, ge=0, description="own VF aboard a transport (L1566, L1628)")
    wares: dict[str, int] = Field(
        default={},
        description="goods aboard a commercial transport, units by good id (L1862; commerce, issue 19, "
        "fills it; the GM's WARES edit meanwhile)",
    )
    aboard: str | None = Field(
        default=None,
        description="the carrier a captain, siege engine or land transport rides in, 'galley/2' "
        "(the same owner's war transport or ship: L1564, L777); its location follows the carrier's",
    )

    def key(self) -> tuple[str, str, int]:
        return (self.owner, self.kind, self.number)


@dataclass(frozen=True)
class Item:
    """Something phase 4 sells: a transport, siege engine or captain at one level."""

    id: str
    kind: str
    level: int
    name: str
    name_en: str
    cost: int
    min_lt: int
    requires_all: tuple[str, ...]
    domain: str = "land"  # sea: a ship, bought and upgraded in a port
    role: str = "military"  # commercial | military (transports); siege; captain


def catalogue(data: DataSet) -> dict[str, Item]:
    """Every piece for sale, by item id."""
    items: dict[str, Item] = {}
    for tid, t in data.transports.items():
        items[tid] = Item(
            tid, t.kind, t.level, t.name, t.name_en, t.cost, t.min_lt, t.requires_all, t.domain, t.role
        )
    for sid, s in data.siege_engines.items():
        items[sid] = Item(
            sid, SIEGE, s.level, s.name, s.name_en, s.cost, s.min_lt, s.requires_all, role=SIEGE
        )
    for level, c in data.captains.items():
        cid = f"{CAPTAIN}_{level}"
        name, name_en = c.name or cid, c.name_en or cid
        items[cid] = Item(
            cid, CAPTAIN, c.level, name, name_en, c.cost, c.min_lt, c.requires_all, role=CAPTAIN
        )
    return items


def item_of(data: DataSet, kind: str, level: int) -> Item | None:
    """The item a piece of this class is at this level (``galley`` 2 → Galea II)."""
    return next((i for i in catalogue(data).values() if i.kind == kind and i.level == level), None)


def label(data: DataSet, kind: str, number: int) -> str:
    """How orders and reports name a piece: ``galley 2``, ``cart 1``."""
    names = data.purchase_rules.piece_names.get(kind, (kind,))
    return f"{names[0]} {number}"


def word_kind(data: DataSet, word: str) -> str | None:
    """The numbering class named by a piece label's first word (``cart`` → ``war_wagon``)."""
    return next((k for k, names in data.purchase_rules.piece_names.items() if names[0] == word), None)


def piece_key(data: DataSet, name: str) -> tuple[str, int] | None:
    """(numbering class, number) of a piece label (``galley 2``)."""
    word, _, number = name.rpartition(" ")
    kind = word_kind(data, word)
    return (kind, int(number)) if kind is not None and number.isdigit() else None


def piece_named(data: DataSet, state: MedioevoState, power: str, name: str) -> Piece | None:
    """The power's piece a label names, or None."""
    found = piece_key(data, name)
    return state.piece(power, *found) if found else None
