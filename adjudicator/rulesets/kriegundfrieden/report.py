"""What a Krieg und Frieden report adds (from the viewer's view only): the table (each noble's
houses, seals, privileges and cards), the cathedral, the agenda and its values, the bids, and
the viewer's own hand, agenda cards and standing orders."""

from __future__ import annotations

from typing import Any

from adjudicator.report.document import Section, Table
from adjudicator.report.model import ReportInput
from adjudicator.report.sections import RulesetSections


def _nobles(data: dict[str, Any]) -> Table:
    rows = []
    for power in data["seats"]:
        me = data["nobles"][power]
        rows.append(
            (
                power + (" (Counsellor)" if data["counsellor"] == power else ""),
                str(me["vp"]),
                f"{me['outer']} / {me['inner']} / {me['unused']}",
                ", ".join(me["privileges"]) or "-",
                str(me["cards"]),
                str(me["agenda_cards"]),
            )
        )
    columns = ("noble", "VP", "houses outer / inner / unused", "privileges", "cards", "agenda cards")
    return Table(columns, tuple(rows))


def _table_section(data: dict[str, Any]) -> Section:
    cathedral = data["cathedral"]
    built = cathedral["built"]
    pieces = [p.replace("_", " ") for p in cathedral["pieces"]]
    paragraphs = [
        f"Year {data['year']}, {data['season']}. King's Counsellor: {data['counsellor']}.",
        f"Cathedral: {built} of {len(pieces)} pieces built"
        + (f" ({', '.join(pieces[:built])})" if built else "")
        + (f"; next the {pieces[built]}, {cathedral['vp'][built]} VP." if built < len(pieces) else "."),
    ]
    if data.get("agenda"):
        values = ", ".join(f"{k} {v}" for k, v in (data.get("agenda_values") or {}).items())
        paragraphs.append(f"Agenda on the table: {data['agenda']} (a card is worth: {values}).")
    pile = ", ".join(f"{n} {k}" for k, n in data["discards"].items() if n) or "empty"
    scrolls = ", ".join(f"{n} {k}" for k, n in data["scrolls"].items() if n) or "none"
    paragraphs.append(
        f"Deck: {data['deck']} cards. Discard pile: {pile}. Privileges in the supply: {scrolls}."
    )
    tables = [_nobles(data)]
    auction = data.get("auction")
    if auction:
        rows = tuple(
            (p, "; ".join(auction["bids"].get(p, [])) or "-", "passed" if p in auction["passed"] else "")
            for p in auction["order"]
        )
        tables.append(
            Table(
                ("bidder", "batches on the table", ""),
                rows,
                caption=f"The auction: high bid {auction['high']}",
            )
        )
    return Section(key="kuf-table", title="The kingdom", paragraphs=tuple(paragraphs), tables=tuple(tables))


def _own(data: dict[str, Any], viewer: str) -> Section | None:
    me = data["nobles"].get(viewer)
    if me is None or "hand" not in me:
        return None
    hand = ", ".join(f"{n} {k}" for k, n in me["hand"].items() if n) or "no cards"
    guard = ", ".join(f"{n} {k}" for k, n in me["defence_only"].items() if n)
    lines = [f"Your resource cards: {hand}" + (f" (for defence only: {guard})" if guard else "") + "."]
    lines.append(f"Your agenda cards: {', '.join(me['agenda']) or 'none'}.")
    lines.append("Your standing orders: " + ("; ".join(me["standing"]) or "none") + ".")
    waiting = data.get("waiting_for")
    if waiting and viewer in waiting["powers"]:
        about = f" ({waiting['about']})" if waiting["about"] else ""
        lines.append(f"The judge waits for you: {waiting['kind']}{about}.")
    return Section(key="kuf-sheet", title="Your hand", paragraphs=tuple(lines))


def report_sections(report: ReportInput) -> RulesetSections:
    data = report.view.data
    sections = [_table_section(data)]
    own = _own(data, report.viewer)
    if own is not None:
        sections.insert(0, own)
    if data.get("ending"):
        sections.insert(
            0,
            Section(
                key="kuf-end",
                title="The end of the game",
                paragraphs=(f"{data['ending']}: {' and '.join(data['winners'])} won.",),
            ),
        )
    return RulesetSections(sections=tuple(sections))
