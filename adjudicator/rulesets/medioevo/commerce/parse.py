"""Commerce lines → orders (docs/commerce.md §2; orders/medioevo.md "Commerce"). The Medioevo
grammar (grammar.lark) reads the first word; :func:`build` reads the rest. ``BUY`` and ``SELL``
are shared with the purchases phase: a line with a number (or ALL) of a good ``WITH`` a transport
is commerce's, anything else goes on to the purchases' reading (None)."""

from __future__ import annotations

import re

from adjudicator.core.orders import IssueKind, Order
from adjudicator.orders.names import NameIndex
from adjudicator.rulesets.medioevo.barbarians.corsaro import MODES as CORSARO_MODES
from adjudicator.rulesets.medioevo.barbarians.corsaro import Corsair
from adjudicator.rulesets.medioevo.commerce.orders import (
    ALL,
    TRADE_WORDS,
    Auction,
    ChooseMonopoly,
    Enslave,
    Handle,
    Offer,
    Trade,
    Voyage,
)
from adjudicator.rulesets.medioevo.commerce.prices import CAROVANIERE
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.order_names import card_index, piece_class_index, power_index
from adjudicator.rulesets.medioevo.parse_support import Reject, resolve
from adjudicator.rulesets.medioevo.pieces_state import label
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.parse_steps import place_index

_TRADE = re.compile(
    r"^(?P<n>\d+|ALL|TUTTO|TUTTI)\s+(?P<good>.+?)\s+(?:WITH|CON)\s+(?P<t>.+?)"
    r"(?:\s+(?:USING|USANDO)\s+(?P<card>.+?))?\s*$",
    re.IGNORECASE,
)
_HANDLE = re.compile(
    r"^(?P<n>\d+|ALL|TUTTO|TUTTI)\s+(?P<good>.+?)\s+(?:ON|FROM|SU|DA|ONTO)\s+(?P<t>.+?\s+\d+)"
    r"(?:\s+(?:AT|IN|A)\s+(?P<at>.+?))?\s*$",
    re.IGNORECASE,
)
_MOVE = re.compile(r"^(?P<t>.+?\s+\d+)\s+(?:TO|A|VERSO)\s+(?P<to>.+?)\s*$", re.IGNORECASE)
_ENSLAVE = re.compile(
    r"^(?P<n>\d+)\s+(?:PRISONERS\s+OF\s+|PRIGIONIERI\s+DI\s+)?(?P<who>.+?)\s+(?:WITH|CON)\s+(?P<t>.+?)\s*$",
    re.IGNORECASE,
)
TRADE_USAGE = (
    "expected {verb} <n>|ALL <good> WITH <transport> [USING CAROVANIERE], "
    "e.g. {verb} 10 Spezie WITH caravan 1"
)
HANDLE_USAGE = (
    "expected {verb} <n>|ALL <good> {link} <transport> [AT <territory>], "
    "e.g. {verb} 10 Spezie {link} caravan 1"
)
MOVE_USAGE = "expected MOVE <transport> TO <territory or sea zone>, e.g. MOVE caravan 1 TO Alessandria"
ENSLAVE_USAGE = "expected ENSLAVE <n> <power> WITH <transport>, e.g. ENSLAVE 30 byzantium WITH caravan 1"
COMMERCE_KINDS = (
    "buy",
    "sell",
    "move",
    "load",
    "unload",
    "enslave",
    "monopoly",
    "auction",
    "offer",
    "corsaro",
)
_AUCTION = re.compile(r"^(?P<card>.+?)(?:\s+(?:RESERVE|BASE)\s+(?P<n>\d+))?\s*$", re.IGNORECASE)
_OFFER = re.compile(
    r"^(?P<n>\d+)\s+(?:FOR|PER)\s+(?P<card>.+?)\s+(?:OF|DI|FROM|DA)\s+(?P<who>.+?)\s*$", re.IGNORECASE
)


Lines = list[tuple[int, str]]


def take_trade_lines(war_lines: Lines, lines: Lines) -> tuple[Lines, Lines]:
    """In the commerce window, (war lines, other lines) with MOVE, LOAD and UNLOAD taken from the
    war's (refused there as "for the combat phase") for the Medioevo parser (commerce's)."""
    ours = [(n, t) for n, t in war_lines if t.split(None, 1)[0].upper().rstrip(":") in TRADE_WORDS]
    return [w for w in war_lines if w not in ours], sorted((*ours, *lines))


def good_index(data: DataSet) -> NameIndex:
    """The goods by id, Italian and English name (``Spezie``, ``Spices``, ``spezie``)."""
    entries = [(g, good.name) for g, good in data.goods.items()]
    return NameIndex([*entries, *((g, good.name_en) for g, good in data.goods.items())], "good")


def transport_label(text: str, data: DataSet) -> str:
    """``caravan 1``, ``Carovana 1``, ``merchant ship 2`` → the canonical label."""
    what, _, number = text.strip().rpartition(" ")
    if not what or not number.isdigit():
        raise Reject(IssueKind.SYNTAX, f"expected a transport and its number, e.g. caravan 1, not {text!r}")
    return label(data, resolve(piece_class_index(data), what), int(number))


def _amount(text: str) -> int:
    return ALL if not text.isdigit() else int(text)


def build(kind: str, text: str, state: MedioevoState, data: DataSet) -> Order | None:
    """The commerce order of a line whose first word is ``kind``, or None for a BUY/SELL line of
    the purchases phase."""
    if kind not in COMMERCE_KINDS:
        return None
    verb = kind.upper()
    if kind in ("buy", "sell"):
        found = _TRADE.match(text.strip())
        if not found:
            return None
        amount = _amount(found["n"])
        if (amount == ALL and kind == "buy") or amount < 0:
            raise Reject(IssueKind.SYNTAX, TRADE_USAGE.format(verb=verb) + " (buy a number of goods)")
        card = None
        if found["card"]:
            card = resolve(card_index(data), found["card"])
            if card != CAROVANIERE:
                raise Reject(IssueKind.ILLEGAL, "only CAROVANIERE is played on a trade (L2530)")
        good = resolve(good_index(data), found["good"])
        return Trade(kind, amount, good, transport_label(found["t"], data), card)
    if kind in ("load", "unload"):
        link = "ON" if kind == "load" else "FROM"
        found = _HANDLE.match(text.strip())
        if not found:
            raise Reject(IssueKind.SYNTAX, HANDLE_USAGE.format(verb=verb, link=link))
        at = resolve(place_index(data.board, land=True), found["at"]) if found["at"] else None
        good = resolve(good_index(data), found["good"])
        return Handle(kind, _amount(found["n"]), good, transport_label(found["t"], data), at)
    if kind == "move":
        found = _MOVE.match(text.strip())
        if not found:
            raise Reject(IssueKind.SYNTAX, MOVE_USAGE)
        return Voyage(transport_label(found["t"], data), resolve(place_index(data.board), found["to"]))
    if kind == "enslave":
        found = _ENSLAVE.match(text.strip())
        if not found:
            raise Reject(IssueKind.SYNTAX, ENSLAVE_USAGE)
        victim = resolve(power_index(state, data.board), found["who"])
        return Enslave(int(found["n"]), victim, transport_label(found["t"], data))
    if kind == "corsaro":  # CORSARO <sea zone> [KILL|PRISONERS|SLAVES] (L2618-2620)
        where, _, mode = text.strip().rpartition(" ")
        if mode.upper() in CORSARO_MODES and where:
            return Corsair(resolve(place_index(data.board), where), mode.upper())
        return Corsair(resolve(place_index(data.board), text.strip()))
    if kind == "auction":
        found = _AUCTION.match(text.strip())
        if not found:
            raise Reject(
                IssueKind.SYNTAX,
                "expected AUCTION <card> [RESERVE <florins>], e.g. AUCTION Gabelliere RESERVE 200",
            )
        return Auction(resolve(card_index(data), found["card"]), int(found["n"] or 0))
    if kind == "offer":
        found = _OFFER.match(text.strip())
        if not found:
            raise Reject(
                IssueKind.SYNTAX,
                "expected OFFER <florins> FOR <card> OF <power>, e.g. OFFER 250 FOR Gabelliere OF hre",
            )
        seller = resolve(power_index(state, data.board), found["who"])
        return Offer(int(found["n"]), resolve(card_index(data), found["card"]), seller)
    return ChooseMonopoly(resolve(good_index(data), text))
