"""Order text → Medioevo orders, with a quoted reason for every line that is not accepted."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from adjudicator.core.orders import IssueKind, LineIssue, Order, Submission
from adjudicator.orders.names import AmbiguousName, NameIndex, NameNotFound
from adjudicator.rulesets.medioevo.board import Board
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.orders import (
    Bid,
    Build,
    BuyTech,
    Keep,
    KeepPriority,
    Place,
    RepayLoan,
    TakeLoan,
)
from adjudicator.rulesets.medioevo.state import MedioevoState

_IN = re.compile(r"\s+IN\s+", re.IGNORECASE)
EXAMPLES = (
    "BID 40, KEEP Condottiero, KEEP PRIORITY Mercante, Gabelliere, BUY TECH Banche, "
    "BUILD Torre IN Banato, LOAN, REPAY, PLACE 5 IN Pest"
)


@cache
def _parser() -> Lark:
    return Lark((Path(__file__).parent / "grammar.lark").read_text(), parser="lalr")


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


def card_index(data: DataSet) -> NameIndex:
    """The Empire card names of a data set."""
    return _index("Empire card", data, lambda: ((cid, c.name) for cid, c in data.cards.items()))


def _resolve(index: NameIndex, typed: str) -> str:
    try:
        return index.resolve(typed.strip())
    except AmbiguousName as exc:
        raise _Reject(IssueKind.AMBIGUOUS, str(exc)) from exc
    except NameNotFound as exc:
        raise _Reject(IssueKind.ILLEGAL, str(exc)) from exc


class _Reject(Exception):
    def __init__(self, kind: IssueKind, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


def _build(tree: Tree[Token], data: DataSet) -> Order:
    args = [str(c) for c in tree.children]
    match tree.data:
        case "bid":
            return Bid(int(args[0]))
        case "keep":
            words = args[0].split(None, 1)
            if words[0].upper() == "PRIORITY":
                names = [n for n in (words[1] if len(words) > 1 else "").split(",") if n.strip()]
                if not names:
                    raise _Reject(IssueKind.SYNTAX, "KEEP PRIORITY needs card names separated by commas")
                return KeepPriority(tuple(_resolve(card_index(data), n) for n in names))
            return Keep(_resolve(card_index(data), args[0]))
        case "loan":
            return TakeLoan()
        case "repay":
            return RepayLoan()
        case "buy":
            words = args[0].split(None, 1)
            if len(words) < 2 or words[0].upper() not in ("TECH", "TECNOLOGIA"):
                raise _Reject(IssueKind.SYNTAX, "expected BUY TECH <technology>, e.g. BUY TECH Banche")
            return BuyTech(_resolve(tech_index(data), words[1]))
        case "build":
            parts = _IN.split(args[0], maxsplit=1)
            if len(parts) != 2:
                raise _Reject(
                    IssueKind.SYNTAX, "expected BUILD <building> IN <territory>, e.g. BUILD Torre IN Banato"
                )
            return Build(
                _resolve(building_index(data), parts[0]), _resolve(territory_index(data.board), parts[1])
            )
        case "place":
            return Place(int(args[0]), _resolve(territory_index(data.board), args[1]))
    raise _Reject(IssueKind.SYNTAX, f"unknown order {tree.data!r}")


Checker = Callable[[MedioevoState, str, Order], str | None]


def parse_lines(
    state: MedioevoState,
    power: str,
    lines: Sequence[tuple[int, str]],
    data: DataSet,
    open_phases: Sequence[str],
    window: str,
    check: Checker | None,
) -> Submission:
    """Parse each line on its own, so one bad line never hides the others (godip ParseAll)."""
    orders: list[Order] = []
    issues: list[LineIssue] = []
    for number, line in lines:
        try:
            try:
                tree = _parser().parse(line)
            except UnexpectedInput as exc:
                raise _Reject(IssueKind.SYNTAX, f"cannot read this order; expected e.g. {EXAMPLES}") from exc
            order = _build(tree, data)
            if order.phase not in open_phases:
                raise _Reject(
                    IssueKind.NOT_NOW,
                    f"{order.canonical().split()[0]} is an order for the "
                    f"{order.phase.replace('_', ' ')} phase, which takes no orders in {window}",
                )
            problem = check(state, power, order) if check else None
            if problem:
                raise _Reject(IssueKind.ILLEGAL, problem)
        except _Reject as rej:
            issues.append(LineIssue(number, line, rej.kind, rej.message))
            continue
        orders.append(order)
    return Submission(orders=tuple(orders), issues=tuple(issues))
