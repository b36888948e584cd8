"""The war on the report map (docs/war.md §6; issue 17: "the map shows the moves"): each move an
arrow in the mover's colour through the centres of the places it passed, the attack's entry too;
crossed swords at the battle, rimmed in red on the map of a power that fought it; a ring round a
besieged settlement; their legend keys. From the real battle of tests/report/war_game.py."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from adjudicator.rulesets.medioevo.mapcolours import power_colours
from adjudicator.rulesets.medioevo.mapdraw import board_layout
from adjudicator.rulesets.medioevo.mapwar import SWORDS_RISE
from adjudicator.rulesets.medioevo.war.marks import BattleMark, MoveMark, war_marks
from tests.report.war_game import report_of, ruleset

SVG = "{http://www.w3.org/2000/svg}"
TRANSLATE = re.compile(r"translate\(([-\d.]+),([-\d.]+)\)")


def _map(viewer: str, highlights: bool = True, **data: object) -> ET.Element:
    view = report_of(viewer).view
    if data:
        view = view.model_copy(update={"data": {**view.data, **data}})
    return ET.fromstring(ruleset().report_map(view, "T3.combat", highlights=highlights).svg)


def _site(place: str) -> tuple[float, float]:
    return board_layout(ruleset().board).sites[place]


def _points(d: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in re.findall(r"([-\d.]+),([-\d.]+)", d)]


def _groups(root: ET.Element, css: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if (g.get("class") or "") == css]


def _at(group: ET.Element) -> tuple[float, float]:
    found = TRANSLATE.search(group.get("transform") or "")
    assert found is not None
    return float(found[1]), float(found[2])


def test_the_marks_are_read_from_the_views_events() -> None:
    """The move Pest - Bihar, the attack's entry Bihar - Transilvania, the battle there."""
    marks = war_marks(report_of("hungary").view)
    assert marks.moves == (
        MoveMark("hungary", ("pest", "bihar")),
        MoveMark("hungary", ("bihar", "transilvania")),
    )
    assert marks.battles == (BattleMark("transilvania", "hungary wins", mine=True),)
    assert war_marks(report_of("france").view).battles[0].mine is False


def test_the_move_is_an_arrow_in_the_movers_colour_through_the_centres() -> None:
    root = _map("hungary")
    view = report_of("hungary").view
    colour = power_colours(ruleset().board, view.data["powers"])["hungary"]
    arrows = [p for p in root.iter(f"{SVG}path") if p.get("stroke") == colour and p.get("marker-end")]
    assert len(arrows) == 2
    heads = {m.get("id") for m in root.iter(f"{SVG}marker") if m.find(f"{SVG}path") is not None}
    assert {a.get("marker-end") for a in arrows} == {f"url(#{h})" for h in heads}
    first = _points(arrows[0].get("d") or "")
    assert first[0] == tuple(round(c, 1) for c in _site("pest"))
    bihar, pest = _site("bihar"), _site("pest")
    assert abs(first[-1][1] - bihar[1]) < 1 and pest[0] < first[-1][0] < bihar[0]  # short of the centre
    assert _points(arrows[1].get("d") or "")[0] == tuple(round(c, 1) for c in bihar)
    legend = {"".join(t.itertext()) for t in root.iter(f"{SVG}text")}
    assert {"moved or attacked this window (in the mover's colour)", "battle (red rim: yours)"} <= legend


def test_the_battle_has_crossed_swords_rimmed_red_for_those_who_fought() -> None:
    x, y = _site("transilvania")
    for viewer, css in (("hungary", "battle mine"), ("venice", "battle mine"), ("france", "battle")):
        (swords,) = _groups(_map(viewer), css)
        assert _at(swords) == (round(x, 1), round(y - SWORDS_RISE, 1)), viewer
    assert not _groups(_map("hungary", highlights=False), "battle mine")  # the mail's shared map


def test_a_besieged_settlement_is_ringed() -> None:
    siege = {"territory": "transilvania", "by": "hungary", "since": 3, "captain": 1, "route": "land"}
    root = _map("france", sieges=[siege])
    (ring,) = _groups(root, "siege")
    assert _at(ring) == tuple(round(c, 1) for c in _site("transilvania"))
    assert "under siege" in {"".join(t.itertext()) for t in root.iter(f"{SVG}text")}
    assert not _groups(_map("france"), "siege")
