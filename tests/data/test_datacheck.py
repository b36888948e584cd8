"""`adjudicator data check`: passes on the shipped data, names the file and key of each break."""

from __future__ import annotations

import shutil
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.rulesets.medioevo.dataset import DATA_DIR, DEFAULT_DATASET, load

SHIPPED = DATA_DIR / DEFAULT_DATASET
runner = CliRunner()

Edit = Callable[[dict[str, Any]], None]


def _broken_copy(tmp_path: Path, file: str, edit: Edit) -> Path:
    copy = tmp_path / "broken"
    shutil.copytree(SHIPPED, copy)
    path = copy / file
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return copy


def test_the_shipped_data_set_passes() -> None:
    result = runner.invoke(app, ["data", "check"])
    assert result.exit_code == 0, result.output
    assert "ok" in result.output
    assert load().problems == []


def _one_sided_border(d: dict[str, Any]) -> None:
    terr = d["territories"]
    # Misia lists Costantinopoli (across the Bosforo); drop it on Misia's side only.
    terr["misia"]["borders"] = [b for b in terr["misia"]["borders"] if b != "costantinopoli"]


def _missing_kingdom(d: dict[str, Any]) -> None:
    del d["kingdoms"]["hungary"]


def _unknown_card_in_deck(d: dict[str, Any]) -> None:
    d["empire_deck"]["counts"]["giocoliere"] = [1, 1, 1, 1, 1, 1, 1, 1]


def _wrong_size_class(d: dict[str, Any]) -> None:
    d["kingdoms"]["ilkhanate"]["size"] = "small"


def _port_inland(d: dict[str, Any]) -> None:
    d["territories"]["pest"]["port"] = True


def _capital_without_site(d: dict[str, Any]) -> None:
    del d["territories"]["pest"]["settlement"]


def _cut_off(d: dict[str, Any]) -> None:
    terr = d["territories"]
    terr["rodi"]["seas"] = []
    for tid in list(terr["rodi"]["borders"]):
        terr[tid]["borders"] = [b for b in terr[tid]["borders"] if b != "rodi"]
    terr["rodi"]["borders"] = []
    terr["rodi"]["port"] = False
    terr["rodi"]["island"] = False


def _unknown_prereq(d: dict[str, Any]) -> None:
    d["technologies"]["teologia"]["prereqs"] = ["telepatia"]


def _deck_total(d: dict[str, Any]) -> None:
    d["empire_deck"]["counts"]["abate"][0] += 1


def _no_mountain_cost(d: dict[str, Any]) -> None:
    del d["movement_rules"]["terrain_pm"]["mountain"]


def _unknown_transport_kind(d: dict[str, Any]) -> None:
    d["movement_rules"]["terrain_pm_by_kind"]["chariot"] = {"desert": 2}


BREAKS: dict[str, tuple[str, Edit, str, str]] = {
    "one-sided border": (
        "territories.toml",
        _one_sided_border,
        "territories.costantinopoli.borders",
        "does not list 'costantinopoli' back",
    ),
    "missing kingdom": ("kingdoms.toml", _missing_kingdom, ".kingdom", "unknown kingdom 'hungary'"),
    "unknown card in the deck": (
        "empire_deck.toml",
        _unknown_card_in_deck,
        "empire_deck.counts.giocoliere",
        "unknown card 'giocoliere'",
    ),
    "kingdom of the wrong size class": (
        "kingdoms.toml",
        _wrong_size_class,
        "kingdoms.ilkhanate.size",
        "has 4",
    ),
    "port on an inland territory": ("territories.toml", _port_inland, "territories.pest.port", "inland"),
    "capital without a site": (
        "territories.toml",
        _capital_without_site,
        "kingdoms.hungary.capital",
        "no settlement",
    ),
    "unreachable region": ("territories.toml", _cut_off, "territories.rodi", "unreachable"),
    "unknown prerequisite": (
        "technologies.toml",
        _unknown_prereq,
        "technologies.teologia.prereqs",
        "telepatia",
    ),
    "deck table that does not add up": ("empire_deck.toml", _deck_total, "empire_deck.totals", "3 players"),
    # movement costs (002 L1584-1590): every terrain priced, kinds that exist
    "terrain without a movement cost": (
        "movement.toml",
        _no_mountain_cost,
        "movement_rules.terrain_pm",
        "no cost for 'mountain'",
    ),
    "movement cost for an unknown kind": (
        "movement.toml",
        _unknown_transport_kind,
        "movement_rules.terrain_pm_by_kind.chariot",
        "not a transport kind",
    ),
}


@pytest.mark.parametrize("name", BREAKS)
def test_a_broken_copy_fails_naming_the_problem(name: str, tmp_path: Path) -> None:
    file, edit, key, words = BREAKS[name]
    broken = _broken_copy(tmp_path, file, edit)
    result = runner.invoke(app, ["data", "check", str(broken)])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if key in line and words in line]
    assert lines, result.output
    assert lines[0].split(":")[0].endswith(".toml")


def test_a_file_that_is_not_toml_is_named(tmp_path: Path) -> None:
    copy = tmp_path / "broken"
    shutil.copytree(SHIPPED, copy)
    (copy / "seas.toml").write_text("[seas.x\nname = 1\n", encoding="utf-8")
    result = runner.invoke(app, ["data", "check", str(copy)])
    assert result.exit_code == 1
    assert "seas.toml: not valid TOML" in result.output


def test_a_map_only_data_set_takes_the_rest_from_its_base(tmp_path: Path) -> None:
    """A GM with the official board ships only the map files and keeps our cards (docs/board.md)."""
    own = tmp_path / "official"
    own.mkdir()
    for name in ("kingdoms.toml", "territories.toml", "seas.toml", "features.toml"):
        shutil.copy(SHIPPED / name, own / name)
    (own / "dataset.toml").write_text(
        '[meta]\nname = "official"\nbase = "europe1250"\nsource = "the GM\'s copy of the printed board"\n',
        encoding="utf-8",
    )
    loaded = load(own)
    assert loaded.problems == []
    assert loaded.dataset is not None and loaded.dataset.meta.name == "official"
    assert loaded.origin["cards"] == "europe1250/cards.toml"
