"""A report as a tree of sections, before it becomes text or HTML.

Rulesets say *what* a report holds by building :class:`Section` objects; the templates under
``templates/`` say *how* it looks, once for text and once for HTML. Both forms are rendered from
the same document, so the plain-text alternative of a mail never says less than its HTML part.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Line:
    """One entry of a list: an event, an order and its result, a sheet line."""

    text: str
    status: str = ""
    """``ok``, ``failed``, ``default`` or '' (a plain entry)."""
    detail: str = ""
    """Why an order failed, or a note on how it went."""


@dataclass(frozen=True)
class Table:
    """Rows of cells under named columns; numbers are given as text, already formatted."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""
    total: tuple[str, ...] = ()
    """An optional last row set apart (a sum, a balance)."""


@dataclass(frozen=True)
class Section:
    """A titled part of a report: paragraphs, then lists, then tables, then subsections."""

    key: str
    """A stable anchor (``happened``, ``phase-taxes``, ``sheet``)."""
    title: str
    paragraphs: tuple[str, ...] = ()
    lines: tuple[Line, ...] = ()
    tables: tuple[Table, ...] = ()
    children: tuple[Section, ...] = ()
    empty: str = ""
    """What to say when the section has nothing else (``nothing happened``)."""

    @property
    def is_empty(self) -> bool:
        return not (self.paragraphs or self.lines or self.tables or self.children)


@dataclass(frozen=True)
class ReportDocument:
    """One viewer's report of one window, ready for the text and HTML templates."""

    game: str
    viewer: str
    """A power id, ``gm`` or ``public``."""
    audience: str
    """Who it is for, in words (``hungary``, ``the GM``, ``the public``)."""
    label: str
    next_label: str
    deadline: str
    """The next deadline in the viewer's time zone, or '' when the window has none."""
    sections: tuple[Section, ...]
    order_template: str = ""
    dice_seed_hash: str = ""
    dice_seed: str = ""
    """The seed itself, once the game is over and it is revealed ('' before)."""
    has_map: bool = False
    map_caption: str = ""
    region_caption: str = ""
    """In a mail with a close-up of the reader's own territories, what it shows ('' without one)."""
    notes: tuple[str, ...] = field(default=())
    header: tuple[str, ...] = field(default=())
    """Lines under the title, from the ruleset: the game's options that change the rules."""
    """Footnotes: how to read the report, where the rules are."""

    @property
    def title(self) -> str:
        return f"{self.game}: {self.label} for {self.audience}"
