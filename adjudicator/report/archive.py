"""The public archive of a game: a static site a GM can publish, drawn from the public view only.

The site is an index (the game, the dice commitment, the windows, the standings over time), one
page per resolved window (the public report with a navigation bar) and the map of each window.
It is built as a mapping of relative paths to contents first, then written: a second run into the
same folder replaces the first, and removes the pages of windows that no longer stand.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

import adjudicator
from adjudicator.core.ids import inside, path_part
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.view import PUBLIC
from adjudicator.errors import AdjudicatorError
from adjudicator.report.model import ReportInput
from adjudicator.report.render import render_report

TEMPLATES = Path(adjudicator.__file__).resolve().parents[1] / "templates"
MANIFEST = ".adjudicator-archive"
"""The list of files the last run wrote, so the next one removes what it no longer writes."""


@dataclass(frozen=True)
class ArchivedWindow:
    """One resolved window of the archive, with the public's report of it."""

    id: int
    label: str
    report: ReportInput

    @property
    def stem(self) -> str:
        """The file name of its page and map, ``003-T1.economy`` (the demo's folder names); a label
        that is no safe file name (a row written by hand) is refused, never written."""
        return path_part(f"{self.id:03d}-{self.label}")


@dataclass(frozen=True)
class ArchiveGame:
    """What the archive may show of a game: nothing that is not public."""

    id: str
    ruleset: str
    ruleset_version: str
    status: str
    powers: tuple[str, ...]
    seed_hash: str
    seed: str | None
    """The dice seed in hex, only once the GM has revealed it."""
    windows: tuple[ArchivedWindow, ...]


def _environment() -> Environment:
    return Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(("html", "xml")),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
    )


def standings(data: Mapping[str, Any], powers: Sequence[str]) -> list[str]:
    """Honor / territories of each power in a public view's data ('?' where the ruleset has none)."""
    sheets: Mapping[str, Any] = data.get("powers") or {}
    lands: Mapping[str, Any] = data.get("territories") or {}
    cells = []
    for power in powers:
        honor = (sheets.get(power) or {}).get("honor", "?")
        held = sum(1 for t in lands.values() if isinstance(t, Mapping) and t.get("owner") == power)
        cells.append(f"{honor} / {held}")
    return cells


def final_standings(data: Mapping[str, Any]) -> list[dict[str, str]]:
    """The final standings a finished game's last public view records (``endgame.standings``, as
    Medioevo keeps them: rank, power, total PO, winner), each cell as text; empty before the end."""
    ending = data.get("endgame")
    rows = ending.get("standings") if isinstance(ending, Mapping) else None
    if not isinstance(rows, list):
        return []
    return [
        {
            "rank": str(row.get("rank", "")),
            "power": str(row.get("power", "")),
            "total": f"{row.get('total', 0):g}",
            "winner": "winner" if row.get("winner") else "",
        }
        for row in rows
        if isinstance(row, Mapping)
    ]


_BODY = re.compile(r"<body\b[^>]*>", re.IGNORECASE)
_HEAD_END = re.compile(r"</head\s*>", re.IGNORECASE)


def with_navigation(page: str, nav: str) -> str:
    """The report page with the archive's style sheet and navigation bar added (top and bottom)."""
    link = '<link rel="stylesheet" href="../style.css">\n'
    head = _HEAD_END.search(page)
    if head is not None:
        page = page[: head.start()] + link + page[head.start() :]
    else:
        nav = link + nav  # no head to put it in: a link in the body works in every browser
    body = _BODY.search(page)
    if body is None:
        return nav + page + nav
    end = page.lower().rfind("</body")
    tail = len(page) if end < body.end() else end
    return page[: body.end()] + "\n" + nav + page[body.end() : tail] + nav + page[tail:]


def build_archive(game: ArchiveGame, ruleset: Ruleset | None = None) -> dict[str, str]:
    """Every file of the site, by path relative to its folder."""
    for window in game.windows:
        if window.report.viewer != PUBLIC:
            raise AdjudicatorError(f"the archive shows the public view only, not {window.report.viewer!r}'s")
    env = _environment()
    files: dict[str, str] = {"style.css": (TEMPLATES / "archive" / "style.css").read_text(encoding="utf-8")}
    rendered = [render_report(w.report, ruleset, mail=False) for w in game.windows]  # no PNG: unpublished
    pages: list[dict[str, Any]] = []
    for number, (window, report) in enumerate(zip(game.windows, rendered, strict=True), start=1):
        map_href = None
        if report.svg is not None:
            files[f"maps/{window.stem}.svg"] = report.svg
            map_href = f"maps/{window.stem}.svg"
        pages.append(
            {
                "number": number,
                "label": window.label,
                "next_label": window.report.next_label,
                "events": len(window.report.view.events),
                "href": f"windows/{window.stem}.html",
                "map_href": map_href,
            }
        )
    nav = env.get_template("archive/nav.html")
    for i, report in enumerate(rendered):
        here = pages[i]
        bar = nav.render(
            game_id=game.id,
            prev={"href": f"{game.windows[i - 1].stem}.html", "label": pages[i - 1]["label"]} if i else None,
            next=(
                {"href": f"{game.windows[i + 1].stem}.html", "label": pages[i + 1]["label"]}
                if i + 1 < len(pages)
                else None
            ),
            map_href=f"../{here['map_href']}" if here["map_href"] else None,
        )
        files[here["href"]] = with_navigation(report.html, bar)
    table = [
        {
            "label": window.label,
            "href": page["href"],
            "cells": standings(window.report.view.data, game.powers),
        }
        for window, page in zip(game.windows, pages, strict=True)
    ]
    final = final_standings(game.windows[-1].report.view.data) if game.windows else []
    files["index.html"] = env.get_template("archive/index.html").render(
        game=game, pages=pages, standings=table, final=final
    )
    return files


def write_archive(files: Mapping[str, str], out: Path) -> list[Path]:
    """Write the site into ``out``, removing what an earlier run wrote there and this one does not."""
    out.mkdir(parents=True, exist_ok=True)
    manifest = out / MANIFEST
    before = manifest.read_text(encoding="utf-8").split() if manifest.exists() else []
    written = []
    targets = {relative: inside(out, *relative.split("/")) for relative in files}  # all checked first
    for relative, content in sorted(files.items()):
        target = targets[relative]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content, encoding="utf-8")
        written.append(target)
    for stale in sorted(set(before) - set(files)):
        path = out / stale
        if ".." not in Path(stale).parts and path.is_file():
            path.unlink()
    for folder in ("windows", "maps"):
        if (out / folder).is_dir() and not any((out / folder).iterdir()):
            (out / folder).rmdir()
    manifest.write_text("\n".join(sorted(files)) + "\n", encoding="utf-8")
    return written
