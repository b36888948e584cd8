"""A strict HTML checker for the reports, on the standard library's parser.

Browsers forgive almost anything; mail clients forgive less and differently. So the reports are
held to a stricter rule than HTML requires: a doctype first, ``<html lang>``, ``<meta charset>``
and a non-empty ``<title>``, every element that is not void closed explicitly and in order, no
closing tag without its opening, every attribute value quoted, no duplicate attributes, no bare
``&`` and no unknown entity. Inside ``<svg>`` (foreign content) ``<path/>`` closes itself.
:func:`html_problems` returns the problems found, each with its line; none means the page passes.
"""

from __future__ import annotations

import re
from html.entities import name2codepoint
from html.parser import HTMLParser

VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
)
FOREIGN = frozenset({"svg", "math"})
ATTRIBUTE = re.compile(r"""\s*([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?""")
BARE_AMPERSAND = re.compile(r"&(?!(?:[A-Za-z][A-Za-z0-9]*|#[0-9]+|#[xX][0-9A-Fa-f]+);)")


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.problems: list[str] = []
        self.stack: list[tuple[str, int]] = []
        self.seen_tag = False
        self.doctype = False
        self.html_lang = False
        self.charset = False
        self.title: list[str] | None = None
        self.title_text = ""
        self.counts: dict[str, int] = {}
        self.closed_html = False

    def problem(self, what: str) -> None:
        self.problems.append(f"line {self.getpos()[0]}: {what}")

    def in_foreign(self) -> bool:
        return any(tag in FOREIGN for tag, _ in self.stack)

    # ---- declarations ---------------------------------------------------------------------
    def handle_decl(self, decl: str) -> None:
        if decl.strip().lower() != "doctype html":
            self.problem(f"unexpected declaration <!{decl}>")
        elif self.seen_tag or self.doctype:
            self.problem("the doctype must come first, once")
        self.doctype = True

    def handle_pi(self, data: str) -> None:
        self.problem(f"processing instruction <?{data}>")

    def unknown_decl(self, data: str) -> None:
        if not (data.startswith("CDATA[") and self.in_foreign()):
            self.problem(f"unknown declaration <![{data}]>")

    # ---- tags ---------------------------------------------------------------------------------
    def _attributes(self, tag: str) -> dict[str, str | None]:
        raw = self.get_starttag_text() or ""
        body = raw[1 + len(tag) : -1].rstrip("/")
        found: dict[str, str | None] = {}
        for match in ATTRIBUTE.finditer(body):
            name, value = match.group(1).lower(), match.group(2)
            if name in found:
                self.problem(f"<{tag}> repeats the attribute {name}")
            if value is not None and value[0] not in "\"'":
                self.problem(f"<{tag}> attribute {name}={value}: the value is not quoted")
            if value is not None and BARE_AMPERSAND.search(value):
                self.problem(f"<{tag}> attribute {name}: a bare '&' (write &amp;)")
            found[name] = None if value is None else value.strip("\"'")
        return found

    def _open(self, tag: str, attrs: list[tuple[str, str | None]]) -> dict[str, str | None]:
        if self.closed_html:
            self.problem(f"<{tag}> after </html>")
        self.seen_tag = True
        self.counts[tag] = self.counts.get(tag, 0) + 1
        if tag in ("html", "head", "body", "title") and self.counts[tag] > 1:
            self.problem(f"a second <{tag}>")
        found = self._attributes(tag)
        if tag == "html":
            if not self.doctype:
                self.problem("no <!doctype html> before <html>")
            if not (found.get("lang") or "").strip():
                self.problem("<html> has no lang")
        if tag == "meta" and "charset" in found:
            if (found["charset"] or "").lower() != "utf-8":
                self.problem(f"<meta charset={found['charset']}>: expected utf-8")
            self.charset = True
        if tag == "script":
            self.problem("a <script> element")
        return found

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._open(tag, attrs)
        if tag in VOID:
            return
        self.stack.append((tag, self.getpos()[0]))
        if tag == "title":
            self.title = []

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._open(tag, attrs)
        if tag not in VOID and not (self.in_foreign() or tag in FOREIGN):
            self.problem(f"<{tag}/>: only void and SVG elements close themselves in HTML")

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            self.problem(f"</{tag}>: {tag} is a void element")
            return
        if not any(open_tag == tag for open_tag, _ in self.stack):
            self.problem(f"stray </{tag}>")
            return
        while self.stack:
            open_tag, line = self.stack.pop()
            if open_tag == tag:
                break
            self.problem(f"<{open_tag}> (line {line}) not closed before </{tag}>")
        if tag == "title" and self.title is not None:
            self.title_text = "".join(self.title).strip()
            self.title = None
        if tag == "html":
            self.closed_html = True

    # ---- text -------------------------------------------------------------------------------
    def handle_data(self, data: str) -> None:
        if self.title is not None:
            self.title.append(data)
        if self.closed_html and data.strip():
            self.problem("text after </html>")
        raw_text = self.stack and self.stack[-1][0] in ("style", "script")
        if not raw_text and "&" in data:
            self.problem(f"a bare '&' in the text near {data.strip()[:40]!r} (write &amp;)")
        if not raw_text and "<" in data:
            self.problem(f"a bare '<' in the text near {data.strip()[:40]!r} (write &lt;)")

    def handle_entityref(self, name: str) -> None:
        if name not in name2codepoint and name != "apos":
            self.problem(f"unknown entity &{name};")
        if self.title is not None:
            self.title.append(f"&{name};")

    def handle_charref(self, name: str) -> None:
        if self.title is not None:
            self.title.append(f"&#{name};")

    def finish(self) -> list[str]:
        self.close()
        for tag, line in reversed(self.stack):
            self.problems.append(f"line {line}: <{tag}> is never closed")
        for tag in ("html", "head", "body"):
            if tag not in self.counts:
                self.problems.append(f"no <{tag}>")
        if not self.doctype:
            self.problems.append("no <!doctype html>")
        if not self.charset:
            self.problems.append("no <meta charset>")
        if not self.title_text:
            self.problems.append("no <title>, or an empty one")
        return self.problems


def html_problems(page: str) -> list[str]:
    """Every problem the strict check finds in ``page``; an empty list when it passes."""
    checker = _Checker()
    checker.feed(page)
    return checker.finish()
