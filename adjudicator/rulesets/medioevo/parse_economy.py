"""Order text → the fire sale, bankruptcy, INVESTITURA and prisoner orders (``orders_economy.py``)."""

from __future__ import annotations

import re

from adjudicator.core.orders import IssueKind, Order
from adjudicator.orders.names import NameIndex
from adjudicator.rulesets.medioevo.commerce import parse as commerce_parse
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.endgame.orders import ClaimVictory
from adjudicator.rulesets.medioevo.order_names import building_index, piece_class_index, territory_index
from adjudicator.rulesets.medioevo.orders_economy import (
    AcceptRansom,
    BuyVF,
    ExchangePrisoners,
    RansomPrisoners,
    Sell,
    SellAtTaxes,
)
from adjudicator.rulesets.medioevo.parse_support import Reject, resolve
from adjudicator.rulesets.medioevo.pieces_state import label
from adjudicator.rulesets.medioevo.state import MedioevoState

SELL_USAGE = (
    "expected SELL <building> IN <territory> or SELL <piece> <number> [AT TAXES], "
    "e.g. SELL Torre IN Banato, SELL galley 2 AT TAXES"
)
EXCHANGE_USAGE = "expected EXCHANGE <n> PRISONERS WITH <power>, e.g. EXCHANGE 5 PRISONERS WITH france"
RANSOM_USAGE = (
    "expected RANSOM <n> PRISONERS FROM <power> FOR <florins>, e.g. RANSOM 5 PRISONERS FROM france FOR 100"
)
_AT_TAXES = re.compile(r"^(?P<rest>.*?)\s+AT\s+TAXES\s*$", re.IGNORECASE)
_IN = re.compile(r"\s+IN\s+", re.IGNORECASE)
_PIECE = re.compile(r"^(?P<what>.+?)\s+(?P<n>\d+)$")
_VF = re.compile(r"^(?P<n>\d+)\s+VF$", re.IGNORECASE)
_EXCHANGE = re.compile(r"^(?P<n>\d+)\s+PRISONERS?\s+WITH\s+(?P<who>.+?)\s*$", re.IGNORECASE)
_RANSOM = re.compile(
    r"^(?P<n>\d+)\s+PRISONERS?\s+FROM\s+(?P<who>.+?)\s+FOR\s+(?P<f>\d+)(?:\s+FLORINS|\s+FIORINI)?\s*$",
    re.IGNORECASE,
)


def sell(text: str, data: DataSet) -> Sell:
    """``SELL <building> IN <territory>`` or ``SELL <piece> <n>``, ``AT TAXES`` for the taxes phase."""
    found = _AT_TAXES.match(text.strip())
    kind = SellAtTaxes if found else Sell
    text = found["rest"] if found else text.strip()
    parts = _IN.split(text, maxsplit=1)
    if len(parts) == 2:
        return kind(resolve(building_index(data), parts[0]), resolve(territory_index(data.board), parts[1]))
    piece = _PIECE.match(text)
    if not piece:
        raise Reject(IssueKind.SYNTAX, SELL_USAGE)
    return kind(label(data, resolve(piece_class_index(data), piece["what"]), int(piece["n"])))


def buy_vf(text: str) -> BuyVF | None:
    """``BUY <n> VF`` (INVESTITURA), or None when the BUY is another purchase."""
    found = _VF.match(text.strip())
    return BuyVF(int(found["n"])) if found else None


def exchange(text: str, powers: NameIndex) -> ExchangePrisoners:
    found = _EXCHANGE.match(text.strip())
    if not found:
        raise Reject(IssueKind.SYNTAX, EXCHANGE_USAGE)
    return ExchangePrisoners(int(found["n"]), resolve(powers, found["who"]))


def ransom(text: str, powers: NameIndex) -> RansomPrisoners:
    found = _RANSOM.match(text.strip())
    if not found:
        raise Reject(IssueKind.SYNTAX, RANSOM_USAGE)
    return RansomPrisoners(int(found["n"]), resolve(powers, found["who"]), int(found["f"]))


def accept_ransom(words: list[str], powers: NameIndex) -> AcceptRansom:
    """``ACCEPT RANSOM FROM <power>`` (the words after ACCEPT)."""
    if len(words) < 3 or words[1].upper() != "FROM":
        raise Reject(IssueKind.SYNTAX, "expected ACCEPT RANSOM FROM <power>")
    return AcceptRansom(resolve(powers, " ".join(words[2:])))


def victory() -> ClaimVictory:
    """``VICTORY``: the power declares it reaches the PO limit (L331; endgame/orders.py)."""
    return ClaimVictory()


def trade(kind: str, text: str, state: MedioevoState, data: DataSet) -> Order | None:
    """A commerce line (``BUY 10 Spezie WITH caravan 1``, ``MOVE``, ``LOAD``, ``ENSLAVE`` …;
    commerce/parse.py), or None for any other order."""
    return commerce_parse.build(kind, text, state, data)
