"""``adjudicator archive`` of the fixture game, compared file by file (SHA-256) with
tests/golden/archive.sha256, and made without a single PNG: the archive publishes the SVG maps
only, so rasterising one per window (0.4 s each, issue 18) was work thrown away.

Regenerate the digests with the golden files (tests/golden/README.md)::

    ADJUDICATOR_REGEN_GOLDEN=1 .venv/bin/pytest tests/report/test_archive_golden.py
"""

from __future__ import annotations

import hashlib
import os
import warnings
from pathlib import Path

from adjudicator.core.view import PUBLIC
from adjudicator.report import raster
from adjudicator.report.archive import ArchivedWindow, ArchiveGame, build_archive
from tests.report.fixtures import GAME, POWERS, FixtureGame

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "archive.sha256"
REGEN = os.environ.get("ADJUDICATOR_REGEN_GOLDEN", "") not in ("", "0")


def archive_of(game: FixtureGame) -> ArchiveGame:
    windows = tuple(
        ArchivedWindow(id=i, label=label, report=game.input(label, PUBLIC))
        for i, label in enumerate(game.labels, start=1)
    )
    return ArchiveGame(GAME, "medioevo", "1", "over", POWERS, "0" * 64, None, windows)


def test_the_archive_matches_its_golden_digests_and_makes_no_png(report_game: FixtureGame) -> None:
    raster.reset()
    files = build_archive(archive_of(report_game), report_game.ruleset)
    assert raster._image.cache_info().misses == 0, "the archive rasterised a map it does not publish"
    lines = [f"{hashlib.sha256(text.encode()).hexdigest()}  {name}" for name, text in sorted(files.items())]
    actual = "\n".join(lines) + "\n"
    if REGEN:
        GOLDEN.write_text(actual, encoding="utf-8")
        warnings.warn(f"golden file {GOLDEN.name} rewritten: review the diff", stacklevel=1)
        return
    assert GOLDEN.read_text(encoding="utf-8") == actual
