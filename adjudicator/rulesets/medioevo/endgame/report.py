"""The end in a report: the holder's objective card with what it scores now (L2402-2414), and,
once the game is over, the final standings with every power's score line by line (L2420-2460).
Read from the viewer's view only, like every other part of a report."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from adjudicator.core.view import GM, PUBLIC
from adjudicator.report.document import Line, Section, Table
from adjudicator.report.model import ReportInput
from adjudicator.report.sections import RulesetSections
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.endgame.events import reason_text
from adjudicator.rulesets.medioevo.endgame.scoring import GREEN_MISSING, RED_HELD, YELLOW_HELD, threshold_of
from adjudicator.rulesets.medioevo.endgame.standings import po_text
from adjudicator.rulesets.medioevo.report_sections import power_names

OVER = "over"  # the key of report_sections' "The game is over" section, which the standings replace


def with_end_sections(
    sections: RulesetSections, report: ReportInput, data: DataSet, kingdoms: Mapping[str, str]
) -> RulesetSections:
    """``sections`` with the viewer's objective card after its sheet, and the final standings in
    place of the bare "The game is over"."""
    view = report.view.data
    names = power_names(kingdoms, view["powers"])
    out = [s for s in sections.sections if s.key != OVER]
    ending = view.get("endgame") or {}
    if ending.get("standings"):
        out.append(final_section(ending, names, data))
    elif view.get("over"):
        out.extend(s for s in sections.sections if s.key == OVER)
    elif report.viewer not in (GM, PUBLIC) and report.viewer in view["powers"]:
        card = view["powers"][report.viewer].get("objective")
        if card in data.objectives:
            at = next((i for i, s in enumerate(out) if s.key == f"sheet-{report.viewer}"), len(out) - 1)
            out.insert(at + 1, objective_section(view, report.viewer, card, data))
    return replace(sections, sections=tuple(out))


def _safe(view: Mapping[str, Any], power: str, territory: str, data: DataSet) -> bool:
    held = view["territories"][territory]
    if held["owner"] != power:
        return False
    usable = [b for b in held["buildings"] if b not in (held.get("damaged") or {})]
    return int(held["armies"].get(power, 0)) >= threshold_of(view["powers"][power]["techs"], usable, data)


def objective_section(view: Mapping[str, Any], power: str, card_id: str, data: DataSet) -> Section:
    """The holder's card (private, L2404): each territory, whether it counts now (held with
    enough armies not to risk a rebellion, L2412), and what the card would score today."""
    card = data.objectives[card_id]
    rows = []
    points = 0.0
    for colour, ids, each in (
        ("green", card.green, GREEN_MISSING),
        ("yellow", card.yellow, YELLOW_HELD),
        ("red", card.red, RED_HELD),
    ):
        for tid in ids:
            owner = view["territories"][tid]["owner"]
            safe = _safe(view, power, tid, data)
            if colour == "green":
                points += 0 if safe else each
            else:
                points += each if safe else 0
            state = "counts" if safe else ("held, too few VF" if owner == power else "not held")
            rows.append((colour, data.board.territories[tid].name, state))
    counted = sum(1 for r in rows if r[2] == "counts")
    empire = counted == len(rows)
    return Section(
        key="objective",
        title=f"Your objective card: {card.name}",
        paragraphs=(
            "Only you and the GM see this card until the game ends (L2404). At the end each green "
            "territory missing costs 2 PO, each yellow one held gives 1/2 PO, each red one 1 PO; all "
            "21 make your Empire, +3 PO (L2408-2414). A territory counts only with enough of your "
            "armies not to risk a rebellion (L2412).",
            f"As things stand the card scores {po_text(points + (3 if empire else 0))} PO.",
        ),
        tables=(Table(("colour", "territory", "now"), tuple(rows)),),
    )


def final_section(ending: Mapping[str, Any], names: Mapping[str, str], data: DataSet) -> Section:
    """The final standings (public): the ranking with the tie-breaks' figures (L2456-2460) and,
    for each power, its score line by line (L2420-2452)."""
    standings = ending["standings"]
    winners = [names.get(s["power"], s["power"]) for s in standings if s.get("winner")]
    ranking = Table(
        ("rank", "power", "PO", "territories", "armies (VF)", "florins"),
        tuple(
            (
                str(s["rank"]),
                names.get(s["power"], s["power"]),
                po_text(s["total"]),
                str(s["territories"]),
                str(s["armies"]),
                str(s["florins"]),
            )
            for s in standings
        ),
        "most PO wins; a tie goes to more territories, then more armies, then more florins (L2456-2460)",
    )
    children = tuple(
        Section(
            key=f"score-{s['power']}",
            title=f"{names.get(s['power'], s['power'])}: {po_text(s['total'])} PO",
            paragraphs=(f"Objective card: {_card_name(s.get('objective'), data)}.",),
            tables=(
                Table(
                    ("line", "counted", "PO"),
                    tuple((ln["label"], ln.get("detail", ""), po_text(ln["points"])) for ln in s["lines"]),
                    total=("total", "", po_text(s["total"])),
                ),
            ),
        )
        for s in standings
    )
    return Section(
        key=OVER,
        title="The game is over: final standings",
        paragraphs=(
            f"The game ended after turn {ending.get('last_turn')}: {reason_text(str(ending.get('ended')))}.",
            f"The winner: {' and '.join(winners) or 'nobody'}.",
        ),
        lines=(Line("No further windows."),),
        tables=(ranking,),
        children=children,
    )


def _card_name(card: str | None, data: DataSet) -> str:
    return data.objectives[card].name if card in data.objectives else "none"
