"""The rulebook's examples check the rules, not the maps: their reports are drawn without the PNG
(the judge's own mode when no rasteriser is installed), which halves the time each file takes.
The PNGs are tested in tests/report."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from adjudicator.report import raster


@pytest.fixture(autouse=True)
def no_png(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    raster.reset()
    monkeypatch.setattr(raster, "_rasteriser", lambda: None)
    yield
    monkeypatch.undo()
    raster.reset()  # the maps drawn without a PNG are forgotten
