"""Speed of the report map: a 10-power Medioevo game (every playable kingdom), one map per viewer.

Run: .venv/bin/python bench/report_map.py [--maps N] [--png WIDTH]
Target: a report map's SVG in under 100 ms once the board is laid out (the first map lays it out:
the Voronoi tiling and the static layers, kept per board). With --png, also the time of the
PNG (cairosvg) of each distinct map, which is told but has no target here.
"""

from __future__ import annotations

import argparse
import time

from adjudicator.core.dice import Dice
from adjudicator.core.view import GM, PUBLIC, PlayerView
from adjudicator.report.raster import svg_to_png
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset

TARGET_SECONDS = 0.1


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--maps", type=int, default=50)
    parser.add_argument("--png", type=int, default=0, help="also rasterise each map this wide")
    args = parser.parse_args()
    ruleset = MedioevoRuleset()
    powers = list(ruleset.board.playable_kingdoms())
    state, _ = ruleset.initial_state("bench", powers, {"turns": 10}, Dice(b"b" * 32, "setup"))
    viewers = [*powers, GM, PUBLIC]
    views = [
        PlayerView(
            viewer=v, game="bench", ruleset="medioevo", turn=1, window="T1.cards", data=ruleset.view(state, v)
        )
        for v in viewers
    ]
    t0 = time.perf_counter()
    first = ruleset.report_map(views[0], "T1.bids")
    layout = time.perf_counter() - t0
    timings: list[float] = []
    for i in range(args.maps):
        t0 = time.perf_counter()
        drawing = ruleset.report_map(views[i % len(views)], "T1.bids")
        timings.append(time.perf_counter() - t0)
    timings.sort()
    worst = timings[-1]
    print(f"{len(powers)} powers, map {first.width}x{first.height} px, {len(first.svg) // 1024} KiB of SVG")
    print(f"first map (lays the board out): {layout * 1000:.0f} ms")
    print(
        f"{len(timings)} maps: median {timings[len(timings) // 2] * 1000:.1f} ms, "
        f"worst {worst * 1000:.1f} ms (target < {TARGET_SECONDS * 1000:.0f} ms)"
    )
    if args.png:
        t0 = time.perf_counter()
        png = svg_to_png(drawing.svg, args.png)
        took = time.perf_counter() - t0
        print(f"PNG {args.png} px wide: {took * 1000:.0f} ms" if png else "PNG: cairosvg cannot load")
    raise SystemExit(0 if worst < TARGET_SECONDS else 1)


if __name__ == "__main__":
    main()
