"""An HTML-only mail to the lines the player saw while writing it.

A mail client's editor makes one block per line the player types (Gmail and Apple Mail a
``<div>``, Outlook a ``<p class=MsoNormal>``, Thunderbird a ``<br>``), and an empty line is a
block holding only ``<br>`` or ``&nbsp;``. The receipt numbers lines as the player saw them
(docs/mail.md), so this converter makes exactly one text line per visible line: a block boundary
ends a line that has text, ``<br>`` always ends one; no blank lines are added between paragraphs
and nothing is escaped (a Markdown converter turned ``--&nbsp;`` into ``\\--`` and ``1.`` into
``1\\.``, and counted each Outlook line twice). ``&nbsp;`` reads as a space, so ``--&nbsp;`` is the
signature separator ``-- ``; ``<blockquote>`` lines are quoted with ``>`` as in plain text; ``<hr>``
is a line of underscores, as Outlook's own text part writes it. Never raises.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

_BLOCKS = frozenset(
    [
        "address",
        "article",
        "aside",
        "blockquote",
        "body",
        "center",
        "dd",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "html",
        "li",
        "main",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "table",
        "tbody",
        "thead",
        "tfoot",
        "tr",
        "ul",
    ]
)
_HIDDEN = frozenset({"head", "script", "style", "template", "title", "noscript"})
_SPACES = re.compile(r"[ \t\r\n\f\v]+")  # HTML's white space: not U+00A0, which is text
RULE = "_" * 32


class _Lines(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.current: list[str] = []
        self.depth = 0  # of <blockquote>
        self.line_depth = 0
        self.hidden = 0
        self.pre = 0

    def _end_line(self, *, always: bool = False) -> None:
        text = "".join(self.current).replace("\xa0", " ").rstrip()
        if always or "".join(self.current).strip(" "):
            prefix = "> " * self.line_depth
            self.lines.append((prefix + text).rstrip() if prefix else text)
        self.current = []
        self.line_depth = self.depth

    def _add(self, text: str) -> None:
        if not self.current:
            self.line_depth = self.depth
            text = text.lstrip(" ")
        if text:
            self.current.append(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HIDDEN:
            self.hidden += 1
        elif tag == "body":
            self.hidden = 0  # a <head> (or <style>) left open ends where the body begins
            self._end_line()
        elif tag == "br":
            self._end_line(always=True)
        elif tag == "hr":
            self._end_line()
            self.current = [RULE]
            self._end_line()
        elif tag in _BLOCKS:
            self._end_line()
            self.depth += tag == "blockquote"
            self.pre += tag == "pre"
            self.line_depth = self.depth
        elif tag in ("td", "th") and self.current:
            self.current.append(" ")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in _HIDDEN:
            self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in _BLOCKS:
            self._end_line()
            if tag == "blockquote":
                self.depth = max(0, self.depth - 1)
            if tag == "pre":
                self.pre = max(0, self.pre - 1)
            self.line_depth = self.depth

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        if not self.pre:
            self._add(_SPACES.sub(" ", data))
            return
        first, *rest = data.split("\n")
        self.current.append(first)
        for line in rest:
            self._end_line(always=True)
            self.current.append(line)


def html_to_text(html: str) -> str:
    """The visible lines of ``html``, one text line each (line ends ``\\n``)."""
    parser = _Lines()
    try:
        parser.feed(html)
        parser.close()
    except Exception:  # html.parser is lenient; anything it still cannot take ends the reading
        pass
    parser._end_line()
    return "\n".join(parser.lines) + "\n"
