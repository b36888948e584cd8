"""The rulebook's worked examples, played as scenario files through `adjudicator scenario run --json`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from adjudicator.cli import app

HERE = Path(__file__).parent / "medioevo"
START = 1000


def run(name: str) -> dict[str, Any]:
    result = CliRunner().invoke(app, ["scenario", "run", str(HERE / name), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def starting_vf(state: dict[str, Any], power: str) -> int:
    """The setup's armies (R35): 5 VF on each of the 7 home territories, then 35 (40 the Pope)."""
    return 7 * 5 + (40 if state["powers"][power]["pope"] else 35)


def tithe(state: dict[str, Any], power: str, taxes: int) -> int:
    """The tenth of its taxes a Catholic who is not the Pope pays him (L2186, R308)."""
    assert not state["powers"][power]["pope"]
    return taxes // 10


def test_auction_proxy_bids_L434() -> None:
    state = run("auction_proxy_bids.yaml")
    assert state["turn_order"][0] == "france"
    taxes_t1 = {p: state["powers"][p]["florins"] - START for p in state["powers"]}
    # everyone collected the same taxes on turn 1; France alone paid 25 + 5 for the first place;
    # the Catholics paid the Pope (Hungary, by this seed's lot) a tenth of them (L2186, R308), and
    # the Pope's Papal State paid him its 5 florins (L2172, R321)
    assert state["powers"]["hungary"]["pope"]
    tenth = taxes_t1["byzantium"] // 10
    assert taxes_t1["france"] == taxes_t1["holy_roman_empire"] - 30
    assert taxes_t1["holy_roman_empire"] == taxes_t1["byzantium"] - tenth
    assert taxes_t1["hungary"] == taxes_t1["byzantium"] + 5 + 2 * tenth


def test_taxes_example_L933() -> None:
    state = run("taxes_example_L933.yaml")
    hungary = state["powers"]["hungary"]
    assert sum(1 for t in state["territories"].values() if t["owner"] == "hungary") == 10
    assert hungary["florins"] == 500 + 200 - tithe(state, "hungary", 200)


def test_loan_with_a_loaded_die_L911() -> None:
    state = run("loan_die_L911.yaml")
    assert state["powers"]["hungary"]["loans"] == [400]


def test_reinforcements_example_L974() -> None:
    state = run("reinforcements_L974.yaml")
    placed = sum(t["armies"].get("hungary", 0) for t in state["territories"].values())
    assert placed == starting_vf(state, "hungary") + 11
    assert state["powers"]["hungary"]["reinforcements"] == 0


def test_taxes_example_L935_without_gabelliere() -> None:
    state = run("taxes_L935.yaml")
    assert sum(1 for t in state["territories"].values() if t["owner"] == "hungary") == 12
    taxes = 60 + 40 + 100 + 50
    assert state["powers"]["hungary"]["florins"] == START + taxes - tithe(state, "hungary", taxes)


def test_mulino_example_L2868() -> None:
    state = run("mulino_L2868.yaml")
    hungary = state["powers"]["hungary"]
    assert "mulino" in hungary["techs"]
    taxes = 45 + 50 + 50 + 30
    assert hungary["florins"] == START - 200 + taxes - tithe(state, "hungary", taxes)


def test_feudalesimo_example_L3002() -> None:
    state = run("feudalesimo_L3002.yaml")
    taxes = 35 + 50 + 100
    assert state["powers"]["hungary"]["florins"] == START + taxes - tithe(state, "hungary", taxes)
    placed = sum(t["armies"].get("hungary", 0) for t in state["territories"].values())
    assert placed == starting_vf(state, "hungary") + 7 + 4


def test_investitura_example_L2998() -> None:
    """ex L2998: LT II with INVESTITURA buys 1 VF for 15 florins (L988): taxes 35 + 50 + 100
    (7 territories, the Cathedral, LT II) less 15; 7 VF for the home kingdom + 1 placed."""
    state = run("investitura_L2998.yaml")
    hungary = state["powers"]["hungary"]
    assert hungary["tech_level"] == 2
    taxes = 35 + 50 + 100
    assert hungary["florins"] == START + taxes - tithe(state, "hungary", taxes) - 15
    placed = sum(t["armies"].get("hungary", 0) for t in state["territories"].values())
    assert placed == starting_vf(state, "hungary") + 7 + 1


def test_principessa_takes_bohemia_L2770() -> None:
    state = run("principessa_L2770.yaml")
    for territory in ("boemia", "stiria"):
        assert state["territories"][territory]["owner"] == "hungary"
        assert state["territories"][territory]["armies"] == {"hungary": 5}
    assert "principessa" in state["discards"]
