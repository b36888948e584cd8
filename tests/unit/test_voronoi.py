"""The Voronoi tiling that draws the board: cells tile the frame and edges name their neighbours."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.report.voronoi import FRAME, cells

WIDTH, HEIGHT = 400.0, 300.0
points = st.lists(
    st.tuples(st.floats(1, WIDTH - 1), st.floats(1, HEIGHT - 1)), min_size=2, max_size=60, unique=True
)


def _area(poly: tuple[tuple[float, float], ...]) -> float:
    n = len(poly)
    return (
        abs(sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))) / 2
    )


@settings(max_examples=60, deadline=None)
@given(points)
def test_cells_tile_the_frame_and_neighbours_are_mutual(sites: list[tuple[float, float]]) -> None:
    tiles = cells(sites, WIDTH, HEIGHT)
    assert math.isclose(sum(_area(t.polygon) for t in tiles), WIDTH * HEIGHT, rel_tol=1e-6)
    across = [{e.neighbour for e in t.edges} - {FRAME} for t in tiles]
    for i, others in enumerate(across):
        for j in others:
            assert i in across[j]


def test_every_point_of_a_cell_is_nearest_to_its_own_site() -> None:
    sites = [(50.0, 50.0), (300.0, 80.0), (200.0, 250.0), (120.0, 180.0)]
    for i, tile in enumerate(cells(sites, WIDTH, HEIGHT)):
        cx = sum(p[0] for p in tile.polygon) / len(tile.polygon)
        cy = sum(p[1] for p in tile.polygon) / len(tile.polygon)
        nearest = min(range(len(sites)), key=lambda j: math.dist((cx, cy), sites[j]))
        assert nearest == i
