"""The report map: owners, armies, buildings, pieces and highlights drawn from one viewer's view data."""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, ClassVar

import pytest
from PIL import Image

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.core.view import GM, PlayerView
from adjudicator.report.browser import screenshot
from adjudicator.rulesets.medioevo.board import Board
from adjudicator.rulesets.medioevo.events import ArmiesPlaced, BuildingReduced, PieceReduced
from adjudicator.rulesets.medioevo.events_cards import SmallKingdomTaken
from adjudicator.rulesets.medioevo.mapcolours import kingdom_colours
from adjudicator.rulesets.medioevo.mapdraw import HIGHLIGHT, board_layout
from adjudicator.rulesets.medioevo.reportmap import report_map
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset

SVG = "{http://www.w3.org/2000/svg}"
POWERS = ["holy_roman_empire", "hungary", "france", "byzantium"]
TRANSLATE = re.compile(r"translate\(([-\d.]+),([-\d.]+)\)")


@pytest.fixture(scope="module")
def ruleset() -> MedioevoRuleset:
    return MedioevoRuleset()


@pytest.fixture(scope="module")
def gm_data(ruleset: MedioevoRuleset) -> dict[str, Any]:
    state, _ = ruleset.initial_state("g", POWERS, {"turns": 3}, Dice(b"s" * 32, "setup"))
    return ruleset.view(state, GM)


def _data(gm_data: dict[str, Any]) -> dict[str, Any]:
    """A copy of a started game's data with France owning Pest, armies of two powers there, every
    building (one damaged, one unknown) and two French pieces."""
    data = copy.deepcopy(gm_data)
    pest = data["territories"]["pest"]
    pest["owner"] = "france"
    pest["armies"] = {"france": 37, "hungary": 8}
    pest["buildings"] = ["city", "castle", "cathedral", "textile_fair", "<b>moat</b>"]
    pest["damaged"] = {"castle": 3}
    data["pieces"] = [
        {"owner": "france", "kind": "galley", "number": 1, "location": "pest"},
        {"owner": "france", "kind": "siege", "number": 1, "location": "pest"},
    ]
    return data


def _groups(root: ET.Element, css: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if css in (g.get("class") or "").split()]


def _near(group: ET.Element, x: float, y: float, reach: float = 40.0) -> bool:
    found = TRANSLATE.search(group.get("transform") or "")
    assert found, group.attrib
    return abs(float(found[1]) - x) < reach and abs(float(found[2]) - y) < reach


def test_owner_colour_armies_buildings_pieces_and_highlight(gm_data: dict[str, Any]) -> None:
    board = MedioevoRuleset().board
    drawing = report_map(board, _data(gm_data), highlight=["pest", "nowhere"], title="g after T1.bids")
    root = ET.fromstring(drawing.svg)
    cells = {p.get("id"): p for p in root.iter(f"{SVG}path")}
    france = kingdom_colours(board)["france"]
    assert cells["land-pest"].get("fill") == france
    # Hungary's other home territories are still Hungary's, in Hungary's colour
    assert cells["land-bihar"].get("fill") == kingdom_colours(board)["hungary"]
    x, y = board_layout(board).sites["pest"]
    armies = [g for g in _groups(root, "army") if _near(g, x, y)]
    assert sorted("".join(g.itertext()) for g in armies) == ["37", "8"]
    assert {r.get("fill") for g in armies for r in g.iter(f"{SVG}rect")} >= {france}
    pieces = [g for g in _groups(root, "pieces") if _near(g, x, y)]
    assert ["".join(g.itertext()) for g in pieces] == ["2"]
    marks = {c for g in _groups(root, "bld") if _near(g, x, y) for c in (g.get("class") or "").split()}
    assert {"bld-city", "bld-castle", "bld-cathedral", "bld-fair", "bld-other", "damaged"} <= marks
    assert "bld-village" not in marks
    outline = cells["highlight-pest"]
    assert outline.get("stroke") == HIGHLIGHT
    assert outline.get("fill") == "none"
    assert "highlight-nowhere" not in cells
    legend = " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}text"))
    assert "Regno di Francia (france): " in legend  # the kingdom with its power id, as the text names it
    assert "g after T1.bids" in legend and "other building" in legend


def test_unowned_land_is_paler_than_owned_and_barbarians_keep_their_colour(gm_data: dict[str, Any]) -> None:
    board = MedioevoRuleset().board
    data = copy.deepcopy(gm_data)
    data["territories"]["bihar"]["owner"] = None
    root = ET.fromstring(report_map(board, data, title="t").svg)
    cells = {p.get("id"): p.get("fill") for p in root.iter(f"{SVG}path")}
    colours = kingdom_colours(board)
    assert cells["land-bihar"] not in (colours["hungary"], None)
    barbarian = next(t for t, terr in board.territories.items() if not board.kingdoms[terr.kingdom].playable)
    assert gm_data["territories"][barbarian]["owner"] is None
    assert cells[f"land-{barbarian}"] == colours[board.territories[barbarian].kingdom]


def _hostile_board(board: Board) -> Board:
    pest = board.territories["pest"].model_copy(update={"name": '<Pest & "Buda">'})
    return board.model_copy(update={"territories": {**board.territories, "pest": pest}})


def test_text_from_data_is_escaped(gm_data: dict[str, Any]) -> None:
    board = _hostile_board(MedioevoRuleset().board)
    data = _data(gm_data)
    evil = '<script>alert("x")</script>'
    data["powers"][evil] = {**data["powers"]["france"], "kingdom": "atlantis&"}
    data["territories"]["pest"]["armies"][evil] = 3
    data["territories"]["pest"]["owner"] = evil
    drawing = report_map(board, data, highlight=["pest"], title="<g> & co")
    assert "<script>" not in drawing.svg
    root = ET.fromstring(drawing.svg)
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert '<Pest & "Buda">' in texts
    assert "<g> & co" in texts
    assert any(t.startswith(evil) for t in texts)


def test_the_ruleset_highlights_where_the_viewer_fought_took_or_lost(
    ruleset: MedioevoRuleset, gm_data: dict[str, Any]
) -> None:
    class Battle(Event):
        """What a battle event may look like when battles land: picked up with no change."""

        kind: ClassVar[str] = "test-battle"
        territory: str
        attacker: str
        defender: str

    data = _data(gm_data)
    data["pieces"].append({"owner": "hungary", "kind": "galley", "number": 2, "location": "dalmazia"})
    events: tuple[Event, ...] = (
        BuildingReduced(owner="hungary", territory="pest", building="castle", to="fort"),
        BuildingReduced(owner="france", territory="parigi", building="castle", to=None),
        SmallKingdomTaken(
            power="hungary", kingdom="k", die=6, needed=4, territories=("bosnia",), placed=5, neighbours=()
        ),
        ArmiesPlaced(power="hungary", territory="slovacchia", amount=5),
        PieceReduced(power="hungary", piece="galley 2", level=1),
        Battle(territory="transilvania", attacker="golden_horde", defender="hungary"),
        Battle(territory="sassonia", attacker="france", defender="holy_roman_empire"),
    )
    view = PlayerView(
        viewer="hungary", game="g", ruleset="medioevo", turn=2, window="T2.bids", data=data, events=events
    )
    root = ET.fromstring(ruleset.report_map(view, "T1.economy").svg)
    outlined = {p.get("id") for p in root.iter(f"{SVG}path") if p.get("class") == "highlight"}
    assert outlined == {f"highlight-{t}" for t in ("pest", "bosnia", "dalmazia", "transilvania")}
    assert "g after T1.economy" in {"".join(t.itertext()) for t in root.iter(f"{SVG}text")}
    gm = view.model_copy(update={"viewer": GM})
    outlined = {p.get("id") for p in ET.fromstring(ruleset.report_map(gm).svg).iter(f"{SVG}path")}
    assert {"highlight-parigi", "highlight-sassonia"} <= outlined
    assert "highlight-slovacchia" not in outlined


def test_the_report_map_renders_in_headless_chromium(gm_data: dict[str, Any], tmp_path: Path) -> None:
    board = MedioevoRuleset().board
    drawing = report_map(board, _data(gm_data), highlight=["pest"], title="g after T1.bids")
    page = tmp_path / "map.svg"
    page.write_text(drawing.svg, encoding="utf-8")
    shot = screenshot(page, tmp_path / "map.png", drawing.width, drawing.height)
    with Image.open(shot) as image:
        assert image.size == (drawing.width, drawing.height)
        colours = image.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None
    assert len(colours) > 200  # a blank or failed render is one or two colours
    france = tuple(int(kingdom_colours(board)["france"][i : i + 2], 16) for i in (1, 3, 5))
    assert dict((c, n) for n, c in colours).get(france, 0) > 2000
