"""Name indexes for the order language: territories, technologies, buildings, pieces for sale and
their classes, Empire cards and powers, each matched with accents optional and unambiguous
prefixes allowed (design §8)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache

from adjudicator.orders.names import NameIndex
from adjudicator.rulesets.medioevo.board import Board
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import catalogue
from adjudicator.rulesets.medioevo.state import MedioevoState

_OF = re.compile(r"\s+(?:di|of|d')\s*", re.IGNORECASE)
_INDEXES: dict[tuple[str, int], tuple[object, NameIndex]] = {}


def _index(what: str, owner: object, entries: Callable[[], Iterable[tuple[str, str]]]) -> NameIndex:
    """A name index built once per board or data set (keyed by identity, checked against reuse)."""
    cached = _INDEXES.get((what, id(owner)))
    if cached is None or cached[0] is not owner:
        cached = (owner, NameIndex(entries(), what))
        _INDEXES[what, id(owner)] = cached
    return cached[1]


def territory_index(board: Board) -> NameIndex:
    """The territory names of a board."""
    return _index("territory", board, lambda: ((tid, t.name) for tid, t in board.territories.items()))


def tech_index(data: DataSet) -> NameIndex:
    """The technology names of a data set."""
    return _index("technology", data, lambda: ((tid, t.name) for tid, t in data.technologies.items()))


def building_index(data: DataSet) -> NameIndex:
    """Building names in Italian or English (Torre = tower)."""
    pairs = [(bid, b.name_en) for bid, b in data.buildings.items()]
    return _index("building", data, lambda: [*pairs, *((bid, b.name) for bid, b in data.buildings.items())])


def item_index(data: DataSet) -> NameIndex:
    """Transports, siege engines and captains for sale: ``Galea II``, ``Galley 2``, ``galley_2``;
    a bare ``Galea`` (or any piece name of a transport or captain class) is level I."""

    def entries() -> list[tuple[str, str]]:
        items = catalogue(data)
        pairs = [(iid, i.name) for iid, i in items.items()] + [(iid, i.name_en) for iid, i in items.items()]
        for iid, item in items.items():
            for name in (item.name, item.name_en):
                base = re.sub(r"\s+(?:III|II|I)$", "", name)
                if base != name:
                    pairs.append((iid, f"{base} {item.level}"))
                    if item.level == 1:
                        pairs.append((iid, base))
            if item.level == 1 and item.kind in data.purchase_rules.piece_names and item.kind != "siege":
                pairs += [(iid, word) for word in data.purchase_rules.piece_names[item.kind]]
        return pairs

    return _index("piece for sale", data, entries)


def piece_class_index(data: DataSet) -> NameIndex:
    """The words that name a class of pieces on the map (``galley``, ``cart``, ``engine``)."""
    names = data.purchase_rules.piece_names
    return _index("kind of piece", data, lambda: [(k, w) for k, words in names.items() for w in words])


def card_index(data: DataSet) -> NameIndex:
    """The Empire card names of a data set."""
    return _index("Empire card", data, lambda: ((cid, c.name) for cid, c in data.cards.items()))


def power_names(state: MedioevoState, board: Board) -> list[tuple[str, str]]:
    """Each power's id with itself and with its kingdom's names, Italian and English, long and short
    (``Regno di Ungheria``, ``Ungheria``, ``Hungary``)."""
    entries = [(pid, pid) for pid in state.seats()]
    for pid in state.seats():
        kingdom = board.kingdoms.get(state.powers[pid].kingdom)
        if kingdom is not None:
            for name in (kingdom.name, kingdom.name_en or kingdom.name):
                short = _OF.split(name, maxsplit=1)[-1]  # Regno di Ungheria -> Ungheria
                entries += [(pid, name), (pid, short)]
    return entries


def power_index(state: MedioevoState, board: Board) -> NameIndex:
    """The powers of a game, by id or by their kingdom's name (Italian or English)."""
    return _power_index(tuple(power_names(state, board)))


@lru_cache(maxsize=256)
def _power_index(entries: tuple[tuple[str, str], ...]) -> NameIndex:
    """One index per distinct list of names (it was built again for every diplomacy line)."""
    return NameIndex(entries, "power")


def barbarian_kingdom_index(data: DataSet) -> NameIndex:
    """The kingdoms no power can choose (the barbarians'), by id or name (``Boemia``)."""

    def entries() -> list[tuple[str, str]]:
        pairs: list[tuple[str, str]] = []
        for kid, kingdom in data.board.kingdoms.items():
            if kingdom.playable:
                continue
            pairs.append((kid, kid))
            for name in dict.fromkeys((kingdom.name, kingdom.name_en or kingdom.name)):
                pairs += [(kid, name), (kid, _OF.split(name, maxsplit=1)[-1])]
        return pairs

    return _index("barbarian kingdom", data, entries)
