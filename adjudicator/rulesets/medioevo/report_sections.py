"""Medioevo's parts of a turn report: the power's sheet, the public standings, and tables under
the phases (the sealed bids and the new turn order, taxes and reinforcements item by item).

Everything here reads the viewer's view (``report.view``), never the state: a power's sheet is
only ever drawn from the viewer's own record, which the view alone carries in full.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.core.view import GM, PUBLIC
from adjudicator.report.document import Line, Section, Table
from adjudicator.report.model import ReportInput
from adjudicator.report.sections import RulesetSections, phase_of
from adjudicator.rulesets.medioevo.church.report import church_paragraph
from adjudicator.rulesets.medioevo.commerce.report import KINDS as COMMERCE_KINDS
from adjudicator.rulesets.medioevo.commerce.report import commerce_section
from adjudicator.rulesets.medioevo.report_ledger import ledger
from adjudicator.rulesets.medioevo.war.report import is_war_event, war_section, won_and_lost


def _names(items: list[str] | tuple[str, ...]) -> str:
    return ", ".join(items) if items else "none"


def _held(data: dict[str, Any], power: str) -> list[str]:
    return sorted(t for t, terr in data["territories"].items() if terr["owner"] == power)


def power_names(kingdoms: Mapping[str, str], powers: Mapping[str, Any]) -> dict[str, str]:
    """Each power as every part of a report names it: its kingdom's name with the power id,
    ``Ungheria (hungary)`` (``kingdoms`` maps a kingdom id to its name)."""
    out: dict[str, str] = {}
    for pid, info in powers.items():
        kingdom = info.get("kingdom") if isinstance(info, Mapping) else None
        name = kingdoms.get(str(kingdom)) if kingdom is not None else None
        out[pid] = f"{name} ({pid})" if name else pid
    return out


def _pact_rows(pacts: list[dict[str, Any]], names: Mapping[str, str]) -> tuple[tuple[str, ...], ...]:
    return tuple(
        (
            str(p["id"]),
            "military alliance" if p["kind"] == "alliance" else "pact",
            ", ".join(names.get(party, party) for party in p["parties"]),
            p["terms"] or "(no terms written)",
            f"turn {p['until']}" if p["until"] is not None else "no end",
            "its parties (secret)" if p["secret"] else "everyone",
        )
        for p in pacts
    )


PACT_COLUMNS = ("no.", "kind", "parties", "terms", "until", "known to")


def sheet(report: ReportInput, power: str, names: Mapping[str, str]) -> Section:
    """One power's sheet: florins line by line, PO and CB, techs, cards, forces, loans; its pacts
    by number (their terms are in the standings' one table of pacts)."""
    data = report.view.data
    own = data["powers"][power]
    techs = ", ".join(own["techs"]) or "none"
    cards = ", ".join(own["cards"]) or "none"
    paragraphs = [
        f"Kingdom: {names.get(power, power)}. Honor: {own['honor']} PO. Technological level (LT): "
        f"{own['tech_level']}; technologies: {techs}.",
        f"Empire cards in hand: {cards}."
        + (f" Drawn, to keep or discard: {', '.join(own['drawn'])}." if own["drawn"] else ""),
        f"Loans: {', '.join(map(str, own['loans'])) or 'none'}. Reserve behind the screen: "
        f"{own['reserve']} VF. Reinforcements waiting to be placed: {own['reinforcements']} VF.",
    ]
    if own.get("prisoners"):
        captives = ", ".join(f"{n} VF of {p}" for p, n in sorted(own["prisoners"].items()))
        paragraphs.append(f"Prisoners held: {captives}.")
    tables = [ledger(report.view.events, power, int(own["florins"]))]
    cb = own.get("casus_belli") or {}
    if cb:
        tables.append(
            Table(
                ("against", "CB"),
                tuple((names.get(p, p), str(n)) for p, n in sorted(cb.items())),
                "Casus belli",
            )
        )
    armies = tuple(
        (tid, str(terr["armies"][power]), ", ".join(terr["buildings"]) or "")
        for tid, terr in sorted(data["territories"].items())
        if terr["armies"].get(power)
    )
    if armies:
        total = sum(int(r[1]) for r in armies)
        tables.append(Table(("territory", "VF", "buildings"), armies, "Armies", ("in all", str(total), "")))
    pieces = tuple(
        (
            f"{p['kind'].replace('_', ' ')} {p['number']}",
            str(p["level"]),
            p["location"] or "",
            "damaged" if p["damaged"] else "",
        )
        for p in data["pieces"]
        if p["owner"] == power
    )
    if pieces:
        tables.append(Table(("piece", "level", "where", "state"), pieces, "Pieces"))
    pacts = [p for p in data["pacts"] if power in p["parties"]]
    if pacts:
        numbers = ", ".join(f"no. {p['id']}" for p in pacts)
        paragraphs.append(f"Pacts and alliances in force: {numbers} (terms in the table of pacts below).")
    held = _held(data, power)
    paragraphs.append(f"Territories ({len(held)}): {_names(held)}.")
    title = "Your sheet" if report.viewer == power else f"Sheet of {power}"
    return Section(key=f"sheet-{power}", title=title, paragraphs=tuple(paragraphs), tables=tuple(tables))


def vf_on_map(data: Mapping[str, Any], power: str) -> int:
    """A power's VF on the ground and aboard its transports (L1566: armies travel aboard)."""
    ground = sum(int(t["armies"].get(power, 0)) for t in data["territories"].values())
    return ground + sum(int(p.get("vf", 0)) for p in data.get("pieces", ()) if p["owner"] == power)


def standings(report: ReportInput, names: Mapping[str, str]) -> Section:
    """What everyone sees: PO, territories (with those won and lost this window, when any changed
    hands), LT per power; wars, truces; the pacts the viewer may know (the public ones and its own
    secret ones, L633: the view holds just those); turn order."""
    data = report.view.data
    powers = data["powers"]
    wars: dict[str, list[str]] = {p: [] for p in powers}
    for a, b in data["wars"]:
        wars.setdefault(a, []).append(b)
        wars.setdefault(b, []).append(a)
    changed = won_and_lost(report.view.events)
    rows = tuple(
        (
            names.get(pid, pid),
            str(powers[pid]["honor"]),
            str(len(_held(data, pid))),
            *((_won_lost(changed.get(pid, (0, 0))),) if changed else ()),
            str(powers[pid]["tech_level"]),
            str(vf_on_map(data, pid)),
            ", ".join(names.get(w, w) for w in sorted(wars.get(pid, []))) or "at peace",
        )
        for pid in sorted(powers, key=lambda p: (-powers[p]["honor"], -len(_held(data, p)), p))
    )
    columns = ("power", "PO", "territories", *(("won / lost",) if changed else ()), "LT")
    tables = [Table((*columns, "VF on the map", "at war with"), rows)]
    truces = tuple(
        (" and ".join(names.get(p, p) for p in t["parties"]), f"turn {t['until']}", t["imposed_by"])
        for t in data.get("truces", [])
        if t["until"] >= report.view.turn  # over after its last turn (L2628), though still registered
    )
    if truces:
        tables.append(Table(("between", "until", "imposed by"), truces, "Truces"))
    known = data["pacts"]  # the view's: every pact for the GM, the public ones and its own for a power
    if known:
        caption = {GM: "Every pact (GM)", PUBLIC: "Pacts in force"}.get(report.viewer, "Pacts known to you")
        tables.append(Table(PACT_COLUMNS, _pact_rows(known, names), caption))
    pope = next((p for p, d in powers.items() if d.get("pope")), None)
    church = church_paragraph(data, names)  # church/report.py
    paragraphs = (
        f"Turn order: {', '.join(data['turn_order']) or 'not set yet'}. "
        f"Pope: {names.get(pope, pope) if pope else 'none'}. Empire cards left in the deck: "
        f"{data['deck_size'] if data.get('deck_size') is not None else len(data.get('deck') or [])}.",
        *((church,) if church else ()),
    )
    return Section(key="standings", title="Standings", paragraphs=paragraphs, tables=tuple(tables))


def _won_lost(counts: tuple[int, int]) -> str:
    """Territories won and lost this window (war/report.py: won_and_lost), ``+1 / -0``."""
    return f"+{counts[0]} / -{counts[1]}"


def _phase_tables(report: ReportInput, names: Mapping[str, str]) -> dict[str, tuple[Table, ...]]:
    """Tables that make a phase readable at a glance: the bids, taxes and reinforcements."""
    out: dict[str, list[Table]] = {}
    places: dict[str, tuple[int, int]] = {}
    for e in report.view.events:
        p = e.payload()
        if e.kind == "mu-place-won":
            places[p["power"]] = (p["place"], p["price"])
    for e in report.view.events:
        p = e.payload()
        phase = phase_of(e.phase)
        if e.kind == "mu-bids-revealed":
            rows = tuple(
                (
                    names.get(power, power),
                    str(bid),
                    str(places[power][0]) if power in places else "",
                    str(places[power][1]) if power in places else "",
                )
                for power, bid in sorted(p["bids"].items(), key=lambda kv: (-kv[1], kv[0]))
            )
            out.setdefault(phase, []).append(
                Table(("power", "sealed bid", "place won", "paid"), rows, "Sealed bids, opened")
            )
        elif e.kind in ("mu-taxes", "mu-reinforcements"):
            unit = "florins" if e.kind == "mu-taxes" else "VF"
            what = "Taxes" if e.kind == "mu-taxes" else "Reinforcements"
            # sorted: a payload read back from PostgreSQL's jsonb has lost its key order
            items: tuple[tuple[str, ...], ...] = tuple((k, str(n)) for k, n in sorted(p["items"].items()))
            out.setdefault(phase, []).append(
                Table(
                    ("from", unit),
                    items,
                    f"{what} of {names.get(p['power'], p['power'])}",
                    ("total", str(p["total"])),
                )
            )
    return {k: tuple(v) for k, v in out.items()}


def report_sections(report: ReportInput, kingdoms: Mapping[str, str]) -> RulesetSections:
    """The War section when there was war (war/report.py), the viewer's sheet (every power's for
    the GM), the standings and the phase tables;
    ``kingdoms`` maps a kingdom id to its name (the board's)."""
    sections: list[Section] = []
    powers = report.view.data["powers"]
    names = power_names(kingdoms, powers)
    war = war_section(report.view.events, report.viewer, names)
    if war is not None:  # the war first: what a player reads a combat report for
        sections.append(war)
    trade = commerce_section(report.view.events, report.viewer, names)  # commerce/report.py
    if trade is not None:
        sections.append(trade)
    if report.viewer == GM:
        sections.append(
            Section(
                key="sheets",
                title="Every power's sheet (GM)",
                children=tuple(sheet(report, p, names) for p in sorted(powers)),
            )
        )
    elif report.viewer != PUBLIC and report.viewer in powers:
        sections.append(sheet(report, report.viewer, names))
    sections.append(standings(report, names))
    if report.view.data.get("over"):
        sections.append(Section(key="over", title="The game is over", lines=(Line("No further windows."),)))
    told_in = {e.kind: war.title for e in report.view.events if is_war_event(e)} if war is not None else {}
    told_in |= {e.kind: trade.title for e in report.view.events if e.kind in COMMERCE_KINDS} if trade else {}
    tables = _phase_tables(report, names)
    return RulesetSections(phase_tables=tables, sections=tuple(sections), told_in=told_in)
