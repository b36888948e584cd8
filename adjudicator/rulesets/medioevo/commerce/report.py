"""Commerce in a turn report (docs/commerce.md §4): a "Commerce" section told from the viewer's
events only. What each power bought and sold, with its unit prices and its florins after, is
private (R7: its florins), so a power reads its own trades and the GM every power's; the moves,
the goods set down and taken up and a MONOPOLIO's good are public and every reader sees them.
A report without commerce events has no Commerce section."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.events import Event
from adjudicator.report.document import Line, Section, Table
from adjudicator.rulesets.medioevo.commerce.events import (
    COMMERCE_EVENTS,
    GoodsHandled,
    GoodsTraded,
    MonopolyChosen,
    MonopolyShare,
    SlavesMade,
    TollCollected,
    TradeMoved,
)

TITLE = "Commerce"
KINDS = frozenset(e.kind for e in COMMERCE_EVENTS)


def _trades(trades: Sequence[GoodsTraded], names: Mapping[str, str]) -> Table:
    rows = tuple(
        (
            names.get(t.power, t.power),
            t.transport,
            t.territory,
            "bought" if t.action == "buy" else "sold",
            f"{t.amount} {t.good}",
            str(t.unit) + (f" ({t.steps})" if t.steps else ""),
            ("-" if t.action == "buy" else "+") + str(t.total),
            str(t.florins),
        )
        for t in trades
    )
    columns = ("power", "transport", "at", "", "goods", "unit price", "florins", "florins after")
    return Table(columns, rows, "Trades with the bank (L2103-2107)")


def commerce_section(events: Sequence[Event], viewer: str, names: Mapping[str, str]) -> Section | None:
    """The Commerce section of ``viewer``'s report, from the events it may see; None without any."""
    mine = [e for e in events if e.kind in KINDS]
    if not mine:
        return None
    trades = [e for e in mine if isinstance(e, GoodsTraded)]
    lines: list[Line] = []
    for e in mine:
        if isinstance(
            e, TradeMoved | GoodsHandled | SlavesMade | MonopolyChosen | MonopolyShare | TollCollected
        ):
            who = names.get(e.power, e.power)
            lines.append(Line(e.summary().replace(e.power, who, 1)))
    tables = (_trades(trades, names),) if trades else ()
    return Section(key="commerce", title=TITLE, lines=tuple(lines), tables=tables)
