"""The Jinja environment for everything rendered from ``templates/``.

HTML templates (``*.html.j2``) autoescape, so a player's text (a pact's terms, a press line) is
shown as text and never as markup; text templates (``*.txt.j2``) do not. An undefined name is an
error, not an empty string, so a template that asks for something the report lacks fails loudly.
"""

from __future__ import annotations

import textwrap
from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

import adjudicator
from adjudicator.report.document import Table

TEMPLATES = Path(adjudicator.__file__).resolve().parents[1] / "templates"
WIDTH = 78


def text_table(table: Table, indent: int = 2) -> str:
    """A table as aligned columns of plain text."""
    rows = [table.columns, *table.rows, *((table.total,) if table.total else ())]
    widths = [max(len(row[i]) if i < len(row) else 0 for row in rows) for i in range(len(table.columns))]

    def fmt(row: tuple[str, ...]) -> str:
        cells = (cell.ljust(w) for cell, w in zip(row, widths, strict=False))
        return (" " * indent + "  ".join(cells)).rstrip()

    out = [f"{' ' * indent}{table.caption}"] if table.caption else []
    out += [fmt(table.columns), " " * indent + "  ".join("-" * w for w in widths)]
    out += [fmt(row) for row in table.rows]
    if table.total:
        out += [" " * indent + "  ".join("-" * w for w in widths), fmt(table.total)]
    return "\n".join(out)


def wrap(text: str, first: str = "  ", rest: str = "    ") -> str:
    """One entry wrapped to the mail's width, continuation lines indented under it."""
    return textwrap.fill(
        text,
        WIDTH,
        initial_indent=first,
        subsequent_indent=rest,
        break_long_words=False,
        break_on_hyphens=False,
    )


@lru_cache(maxsize=4)
def environment(root: Path = TEMPLATES) -> Environment:
    env = Environment(
        loader=FileSystemLoader(root),
        autoescape=select_autoescape(enabled_extensions=("html.j2", "html"), default_for_string=False),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["text_table"] = text_table
    env.filters["wrap"] = wrap
    return env


def stylesheet(name: str = "report.css") -> str:
    return (TEMPLATES / name).read_text(encoding="utf-8")
