"""The report map's shared board as layers (report/layered.py): what never changes in a game (the
seas, the borders, the kingdom and territory names) apart from what a window changes (the owners'
colours, the buildings, the badges, the war's marks, the legend), in the SVG's own paint order, so
the mail's board PNG rasterises the names once a game, not once a window (issue 18)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from adjudicator.report.layered import Fills, Layer, LayeredBoard, Marks, Static, Vector
from adjudicator.rulesets.medioevo.mapdraw import FONT, STYLE, Layout, LegendEntry, LegendKey, legend


@dataclass(frozen=True)
class Legend:
    """The legend band's parts, as ``mapdraw.document`` draws them."""

    title: str
    swatches: Sequence[LegendEntry]
    keys: Sequence[LegendKey]


def layered(
    layout: Layout,
    fills: Mapping[str, str],
    signs: Iterable[tuple[float, float, str, str]],
    moves: tuple[Sequence[str], tuple[float, float, float, float] | None],
    badges: Iterable[tuple[float, float, str, str]],
    band: Legend,
) -> LayeredBoard:
    """The board ``mapdraw.document`` draws from ``[seas, land cells, borders, kingdom names,
    signs, moves, labels, badges]`` and the legend: ``signs`` are the buildings and siege rings,
    ``moves`` the arrows' SVG and their box, ``badges`` the armies, pieces and swords."""
    drawn, height = legend(layout.width, layout.height, band.title, band.swatches, band.keys)
    width = float(f"{layout.width:.0f}")
    arrows, box = moves
    whole = (0.0, 0.0, width, layout.height)
    layers: list[Layer] = [
        Static(layout.seas, whole),
        Fills({tid: layout.outlines[tid] for tid in layout.land}, fills),
        Static(f"{layout.borders}\n{layout.kingdom_names}", whole),
        Marks(tuple((x, y, mark) for x, y, mark, _ in signs)),
    ]
    if arrows and box is not None:
        layers.append(Vector("\n".join(arrows), box))
    layers += [
        Static(layout.labels, whole),
        Marks(tuple((x, y, mark) for x, y, mark, _ in badges)),
        Vector("\n".join(drawn), (0.0, layout.height, width, height)),
    ]
    total = float(f"{layout.height + height:.0f}")
    return LayeredBoard(width, total, STYLE, FONT, tuple(layers))
