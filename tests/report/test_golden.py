"""The reports of a few fixed windows, compared byte for byte with the files in tests/golden/reports.

A change to a report shows up here as a diff to review. To accept it, regenerate the files
(tests/golden/README.md) and read the diff in git before committing::

    ADJUDICATOR_REGEN_GOLDEN=1 .venv/bin/pytest tests/report/test_golden.py
"""

from __future__ import annotations

import difflib
import os
import re
import warnings
from pathlib import Path

import pytest

from adjudicator.core.view import GM, PUBLIC
from adjudicator.report.render import RenderedReport, render_report
from tests.report.fixtures import PACT_WINDOW, PROPOSER, FixtureGame

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "reports"
ROOT = GOLDEN.parent.parent.parent
REGEN = os.environ.get("ADJUDICATOR_REGEN_GOLDEN", "") not in ("", "0")
WINDOWS = ("T2.bids", PACT_WINDOW, "T1.economy")
"""A bids window with bids in it, the cards window that made the HTML pact, an economy window."""
VIEWERS = (PROPOSER, GM, PUBLIC)
FORMS = {"txt": "text", "html": "html", "json": "json", "svg": "svg"}
CASES = [(label, viewer) for label in WINDOWS for viewer in VIEWERS]
MAP_VIEWER = PROPOSER
"""Whose map SVG is kept as a golden file; the HTML files hold a marker where their map goes, so a
change to the map shows once per window, not in every HTML file."""
INLINE_SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)


def forms(viewer: str) -> dict[str, str]:
    return {k: v for k, v in FORMS.items() if k != "svg" or viewer == MAP_VIEWER}


def golden_form(rendered: RenderedReport, attribute: str, label: str) -> str:
    """The form as compared: the HTML with its inline map cut out (the map is its own file)."""
    value = getattr(rendered, attribute) or ""
    if attribute == "html":
        value = INLINE_SVG.sub(f"<!-- the map: golden/reports/{label}/{MAP_VIEWER}.svg -->", value)
    return str(value)


def golden_path(label: str, viewer: str, suffix: str) -> Path:
    return GOLDEN / label / f"{viewer}.{suffix}"


def _diff(expected: str, actual: str, name: str) -> str:
    lines = difflib.unified_diff(
        expected.splitlines(), actual.splitlines(), f"golden/{name}", "rendered", lineterm="", n=2
    )
    shown = list(lines)
    more = f"\n... {len(shown) - 80} more lines" if len(shown) > 80 else ""
    return "\n".join(shown[:80]) + more


@pytest.mark.parametrize(("label", "viewer"), CASES)
def test_report_matches_golden(report_game: FixtureGame, label: str, viewer: str) -> None:
    rendered = report_game.render(label, viewer)
    problems: list[str] = []
    for suffix, attribute in forms(viewer).items():
        actual = golden_form(rendered, attribute, label)
        path = golden_path(label, viewer, suffix)
        name = str(path.relative_to(GOLDEN))
        if REGEN:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(actual, encoding="utf-8", newline="")
            continue
        if not path.exists():
            problems.append(f"{name} is missing: regenerate the golden files (tests/golden/README.md)")
            continue
        expected = path.read_bytes().decode("utf-8")
        if expected != actual:
            problems.append(f"{name} differs from the rendered report:\n{_diff(expected, actual, name)}")
    if REGEN:
        warnings.warn(f"golden files of {label} {viewer} rewritten: review the diff", stacklevel=1)
    assert not problems, "\n\n".join(problems)


def test_no_stale_golden_files() -> None:
    """Every file under tests/golden/reports is one the tests compare (regeneration removes others)."""
    expected = {golden_path(label, viewer, suffix) for label, viewer in CASES for suffix in forms(viewer)}
    present = {p for p in GOLDEN.rglob("*") if p.is_file()} if GOLDEN.exists() else set()
    stale = sorted(present - expected)
    if REGEN:
        for path in stale:
            path.unlink()
        for folder in sorted({p.parent for p in stale}, reverse=True):
            if folder.exists() and not any(folder.iterdir()):
                folder.rmdir()
        return
    assert not stale, f"golden files no test compares: {[str(p.relative_to(GOLDEN)) for p in stale]}"


@pytest.mark.parametrize(("label", "viewer"), CASES)
def test_golden_output_is_portable(report_game: FixtureGame, label: str, viewer: str) -> None:
    """Nothing of the machine or the moment of the run: no absolute path of this checkout, no temp dir."""
    rendered = report_game.render(label, viewer)
    for attribute in FORMS.values():
        content: str = getattr(rendered, attribute)
        assert str(ROOT) not in content
        assert "/tmp/" not in content and "adjudicator-report-fixture-" not in content


def test_rendering_is_repeatable(report_game: FixtureGame) -> None:
    """The same input renders to the same bytes (no clock, no random order), so golden files hold."""
    again = render_report(report_game.input(PACT_WINDOW, PROPOSER), report_game.ruleset)
    assert again == report_game.render(PACT_WINDOW, PROPOSER)
