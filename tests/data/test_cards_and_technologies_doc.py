"""docs/cards-and-technologies.md is the inventory of issue 19's "Tests": each of the 48 Empire
cards (seed 002 L2470-2786, deck L2788-2842) and the 42 technologies (L2848-3188) with the test
that exercises it citing its text. These tests fail when the data has a card or a technology the
inventory lacks, or when a row names a test that is not there or does not cite the record."""

from __future__ import annotations

import ast
import re
import unicodedata
from functools import cache
from pathlib import Path

from adjudicator.rulesets.medioevo.board import Record
from adjudicator.rulesets.medioevo.dataset import default_dataset

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "cards-and-technologies.md"
DATA = default_dataset()
UNTESTED = ("theirs", "not wired")  # the only statuses a row without a test may have


def _rows(section: str) -> dict[str, list[str]]:
    """The rows of one section's table, by the id in their first cell (`abate`)."""
    text = DOC.read_text(encoding="utf-8").split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, list[str]] = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `") and cells:
            rows[cells[0].strip("`")] = cells
    return rows


def _plain(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


def _lines(text: str) -> set[int]:
    """Every seed line a text cites: L2494, L2494-2496, L2494-L2496."""
    cited: set[int] = set()
    for first, last in re.findall(r"L(\d{3,4})(?:-L?(\d{3,4}))?", text):
        cited.update(range(int(first), int(last or first) + 1))
    return cited


@cache
def _functions(path: str) -> dict[str, str]:
    """The test functions of a file, by name (each file parsed once)."""
    source = (ROOT / path).read_text(encoding="utf-8")
    lines = source.splitlines()
    return {
        node.name: "\n".join(lines[node.lineno - 1 : node.end_lineno])
        for node in ast.parse(source).body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test")
    }


def _unit(reference: str) -> str:
    """The text of a test function (`path::name`) or of a scenario file (`path`)."""
    path, _, name = reference.partition("::")
    if not name:
        return (ROOT / path).read_text(encoding="utf-8")
    if name not in _functions(path):
        raise AssertionError(f"{reference}: no such test")
    return _functions(path)[name]


def _names(key: str, record: Record) -> set[str]:
    name = _plain(getattr(record, "name", key))
    return {key, name, name.replace(" ", "_").replace("'", "")}


def _problems(key: str, record: Record, cells: list[str]) -> list[str]:
    tests = re.findall(r"`(tests/[^`]+)`", cells[4])
    status = cells[5]
    if not tests:
        return [] if status.startswith(UNTESTED) else [f"{key}: no test, and its status is {status!r}"]
    own = _lines(record.source)
    problems = []
    for reference in tests:
        if not (ROOT / reference.partition("::")[0]).is_file():
            problems.append(f"{key}: {reference} does not exist")
            continue
        text = _unit(reference)
        plain = _plain(text)
        named = any(re.search(rf"(?<![a-z]){re.escape(n)}(?![a-z])", plain) for n in _names(key, record))
        if not named or not _lines(text) & own:
            problems.append(f"{key}: {reference} does not name it and cite one of {record.source!r}")
    return problems


def test_every_card_of_the_data_and_of_the_deck_table_has_a_row_L2470_L2788() -> None:
    rows = _rows("Empire cards")
    assert len(DATA.cards) == 48  # the catalogue L2494-2768
    assert set(rows) == set(DATA.cards), (set(DATA.cards) - set(rows), set(rows) - set(DATA.cards))
    assert set(DATA.empire_deck.counts) <= set(rows)  # the deck table L2788-2842


def test_every_technology_of_the_data_has_a_row_L2848() -> None:
    rows = _rows("Technologies")
    assert len(DATA.technologies) == 42  # the 42 markers of L2848-3188
    assert set(rows) == set(DATA.technologies), set(DATA.technologies) ^ set(rows)


def test_each_row_names_a_test_that_cites_the_record_or_says_whose_it_is() -> None:
    problems = []
    for section, records in (("Empire cards", DATA.cards), ("Technologies", DATA.technologies)):
        for key, cells in _rows(section).items():
            if key in records:
                problems += _problems(key, records[key], cells)
    assert problems == []
