"""Voronoi cells clipped to a rectangle, in pure Python, with the neighbour behind every edge.

The board is drawn as the Voronoi tiling of its land and sea centres. Knowing which site lies
behind each cell edge lets the drawing mark coasts, kingdom frontiers and rivers on the right
edges. A few hundred sites take well under a second, so no geometry library is needed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Point = tuple[float, float]
FRAME = -1


@dataclass(frozen=True)
class Edge:
    """One side of a cell; ``neighbour`` is the index of the site across it, or FRAME."""

    start: Point
    end: Point
    neighbour: int


@dataclass(frozen=True)
class Cell:
    site: Point
    edges: tuple[Edge, ...]

    @property
    def polygon(self) -> tuple[Point, ...]:
        return tuple(edge.start for edge in self.edges)


def _clip(edges: list[Edge], site: Point, other: Point, index: int) -> list[Edge]:
    """Keep the part of a convex cell nearer to ``site`` than to ``other``."""
    mx, my = (site[0] + other[0]) / 2, (site[1] + other[1]) / 2
    nx, ny = other[0] - site[0], other[1] - site[1]

    def side(p: Point) -> float:
        return (p[0] - mx) * nx + (p[1] - my) * ny

    def cross(a: Point, b: Point) -> Point:
        sa, sb = side(a), side(b)
        t = sa / (sa - sb)
        return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))

    out: list[Edge] = []
    entry: Point | None = None
    exit_: Point | None = None
    for edge in edges:
        a_in, b_in = side(edge.start) <= 0, side(edge.end) <= 0
        if a_in and b_in:
            out.append(edge)
        elif a_in:
            exit_ = cross(edge.start, edge.end)
            out.append(Edge(edge.start, exit_, edge.neighbour))
        elif b_in:
            entry = cross(edge.start, edge.end)
            out.append(Edge(entry, edge.end, edge.neighbour))
    if exit_ is None or entry is None:
        return out if out else []
    # the new edge runs along the bisector from where the cell leaves it to where it comes back
    for i, edge in enumerate(out):
        if edge.end == exit_:
            out.insert(i + 1, Edge(exit_, entry, index))
            break
    return out


def cells(sites: Sequence[Point], width: float, height: float) -> list[Cell]:
    """The Voronoi cell of every site within the rectangle (0, 0)-(width, height)."""
    frame = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
    result: list[Cell] = []
    for i, site in enumerate(sites):
        edges = [Edge(frame[k], frame[(k + 1) % 4], FRAME) for k in range(4)]
        others = sorted(
            (j for j in range(len(sites)) if j != i and sites[j] != site),
            key=lambda j: math.dist(site, sites[j]),
        )
        for j in others:
            reach = max(math.dist(site, e.start) for e in edges) if edges else 0.0
            if math.dist(site, sites[j]) > 2 * reach:
                break
            edges = _clip(edges, site, sites[j], j)
            if not edges:
                break
        result.append(Cell(site, tuple(e for e in edges if math.dist(e.start, e.end) > 1e-9)))
    return result
