"""Order text → Medioevo orders, with a quoted reason for every line that is not accepted."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from adjudicator.core.orders import IssueKind, LineIssue, Order, Submission
from adjudicator.orders.names import AmbiguousName, NameIndex, NameNotFound
from adjudicator.rulesets.medioevo.board import Board
from adjudicator.rulesets.medioevo.orders import Bid, Place, RepayLoan, TakeLoan
from adjudicator.rulesets.medioevo.state import MedioevoState

EXAMPLES = "BID 40, LOAN, REPAY, PLACE 5 IN Pest"


@cache
def _parser() -> Lark:
    return Lark((Path(__file__).parent / "grammar.lark").read_text(), parser="lalr")


_INDEXES: dict[int, tuple[Board, NameIndex]] = {}


def territory_index(board: Board) -> NameIndex:
    """The territory names of a board, built once per board."""
    cached = _INDEXES.get(id(board))
    if cached is None or cached[0] is not board:
        cached = (board, NameIndex(((tid, t.name) for tid, t in board.territories.items()), "territory"))
        _INDEXES[id(board)] = cached
    return cached[1]


class _Reject(Exception):
    def __init__(self, kind: IssueKind, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


def _build(tree: Tree[Token], board: Board) -> Order:
    args = [str(c) for c in tree.children]
    match tree.data:
        case "bid":
            return Bid(int(args[0]))
        case "loan":
            return TakeLoan()
        case "repay":
            return RepayLoan()
        case "place":
            try:
                territory = territory_index(board).resolve(args[1].strip())
            except AmbiguousName as exc:
                raise _Reject(IssueKind.AMBIGUOUS, str(exc)) from exc
            except NameNotFound as exc:
                raise _Reject(IssueKind.ILLEGAL, str(exc)) from exc
            return Place(int(args[0]), territory)
    raise _Reject(IssueKind.SYNTAX, f"unknown order {tree.data!r}")


Checker = Callable[[MedioevoState, str, Order], str | None]


def parse_lines(
    state: MedioevoState,
    power: str,
    lines: Sequence[tuple[int, str]],
    board: Board,
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
            order = _build(tree, board)
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
