"""One window's render pass and mails, in CPU seconds (issue 18): what a campaign's window costs
after its adjudication, without the store and the load's wall time in the way.

Run: .venv/bin/python bench/render_pass.py [--turns N] [--runs R]
Plays the 10-power campaign of ``campaign.py`` to the end of turn N (default 1), keeps the report
inputs of each window as the render pass read them and the report mails as the sender composed
them, then renders each kind of window's 11 reports R times (one ``MapImages`` a window, as the
render pass does) and composes and writes the last window's mails R times. Printed: CPU seconds
of the process and its children (the rasteriser's subprocesses), and the wall time beside.
"""

from __future__ import annotations

import argparse
import resource
import time
from email import policy
from typing import Any

import campaign  # bench/ is the script's folder, first on the path

import adjudicator.mail.sender as sender
import adjudicator.service.rendering as rendering
from adjudicator.mail.compose import compose
from adjudicator.report import raster
from adjudicator.report.mapimages import MapImages
from adjudicator.report.render import render_report
from adjudicator.rulesets.registry import get_ruleset

try:
    from adjudicator.mail.wire import message_bytes
except ImportError:  # a tree from before mail/wire.py, run for comparison

    def message_bytes(message: Any, chosen: Any = None) -> bytes:
        return bytes(message.as_bytes(policy=chosen))


LF = policy.default.clone(linesep="\n")


def cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def capture(turns: int) -> tuple[dict[str, dict[str, Any]], list[Any]]:
    """The last window of each kind's report inputs (by phase), and the last window's mail rows."""
    windows: dict[str, dict[str, Any]] = {}
    rows: list[Any] = []
    read = rendering.ReportRendering._stored_report_inputs
    made = sender.compose

    def kept_inputs(self: Any, session: Any, game: Any, window: Any, viewers: Any) -> Any:
        out = read(self, session, game, window, viewers)
        windows[window.label.split(".")[-1]] = out
        return out

    def kept_rows(row: Any, settings: Any) -> Any:
        rows.append((row.model_copy(), settings))
        return made(row, settings)

    rendering.ReportRendering._stored_report_inputs = kept_inputs  # type: ignore[method-assign]
    sender.compose = kept_rows  # type: ignore[assignment]
    try:
        campaign.run_campaign(turns)
    finally:
        rendering.ReportRendering._stored_report_inputs = read  # type: ignore[method-assign]
        sender.compose = made
    return windows, rows[-11:]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    windows, rows = capture(args.turns)
    ruleset = get_ruleset("medioevo")
    for kind, reports in windows.items():
        for _ in range(args.runs):
            raster._image.cache_clear()  # each window's SVG is new in a campaign: no run finds it
            raster._render.cache_clear()  # (a layered board's kept layers stay: they are the game's)
            c0, t0 = cpu(), time.perf_counter()
            pngs = MapImages()
            for report in reports.values():
                render_report(report, ruleset, pngs=pngs)
            print(
                f"render pass, {kind} window, {len(reports)} reports: {cpu() - c0:.3f} s CPU "
                f"(with the rasteriser's), {time.perf_counter() - t0:.3f} s wall"
            )
    for _ in range(args.runs):
        c0 = cpu()
        messages = [compose(row, settings) for row, settings in rows]
        c1 = cpu()
        for message in messages:
            message_bytes(message, LF)
        c2 = cpu()
        print(
            f"report mails: compose {(c1 - c0) / len(rows) * 1000:.1f} ms, "
            f"bytes {(c2 - c1) / len(rows) * 1000:.1f} ms a mail (CPU)"
        )


if __name__ == "__main__":
    main()
