"""Every HTML form of every report of the fixture game passes the strict check, and pact terms
written in HTML show as text: escaped in the HTML, literal in the text part and the JSON."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from typing import Any

import pytest

from adjudicator.core.view import GM
from tests.report.fixtures import (
    ACCEPTOR,
    LABELS,
    PACT_WINDOW,
    PROPOSER,
    SCRIPT_TERMS,
    VIEWERS,
    FixtureGame,
)
from tests.report.html_check import html_problems

FORMS = ("html", "mail_html")
PACT_READERS = (PROPOSER, ACCEPTOR, GM)
"""Who must see the pact's terms in the report of the window that made it."""


# ---- the checker itself: each rule fails the page that breaks it ---------------------------------
GOOD = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>T1 &amp; more</title><style>p > b {}</style></head>
<body><p class="x">a &lt;b&gt; &amp; &#39; &eacute;<br><svg viewBox="0 0 1 1"><path d="M0 0"/></svg></p>
</body></html>
"""
BROKEN = {
    "no doctype": GOOD.replace("<!doctype html>", ""),
    "no lang": GOOD.replace(' lang="en"', ""),
    "no charset": GOOD.replace('<meta charset="utf-8">', ""),
    "no title": GOOD.replace("<title>T1 &amp; more</title>", ""),
    "unclosed": GOOD.replace("</p>", ""),
    "stray close": GOOD.replace("</p>", "</p></div>"),
    "out of order": GOOD.replace("</p>\n</body>", "</body></p>"),
    "unquoted": GOOD.replace('class="x"', "class=x"),
    "repeated attribute": GOOD.replace('class="x"', 'class="x" class="y"'),
    "bare ampersand": GOOD.replace("&amp; &#39;", "& x"),
    "bare ampersand in attribute": GOOD.replace('class="x"', 'title="a & b"'),
    "raw tag in text": GOOD.replace("&lt;b&gt;", "<b>"),
    "bare less-than": GOOD.replace("&lt;b&gt;", "< b"),
    "script": GOOD.replace("<br>", "<br><script>alert(1)</script>"),
    "closed void": GOOD.replace("<br>", "<br></br>"),
    "self-closed div": GOOD.replace("<br>", "<div/>"),
    "unknown entity": GOOD.replace("&eacute;", "&bogus;"),
    "text after html": GOOD + "tail",
}


def test_the_checker_passes_a_good_page() -> None:
    assert html_problems(GOOD) == []


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_the_checker_finds_each_broken_rule(name: str) -> None:
    assert html_problems(BROKEN[name]), f"{name}: the checker found nothing"


# ---- every report of the fixture game ------------------------------------------------------------
@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("viewer", VIEWERS)
@pytest.mark.parametrize("label", LABELS)
def test_every_report_is_valid_html(report_game: FixtureGame, label: str, viewer: str, form: str) -> None:
    page = getattr(report_game.render(label, viewer), form)
    problems = html_problems(page)
    assert not problems, f"{label} {viewer} .{form}:\n" + "\n".join(problems[:30])


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("viewer", VIEWERS)
@pytest.mark.parametrize("label", LABELS)
def test_no_report_has_a_script_element(report_game: FixtureGame, label: str, viewer: str, form: str) -> None:
    page = getattr(report_game.render(label, viewer), form)
    assert not re.search(r"<\s*script", page, re.IGNORECASE)


class _Text(HTMLParser):
    """The text a reader sees (entities decoded), outside <style>."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.skip += tag in ("style", "script")

    def handle_endtag(self, tag: str) -> None:
        self.skip -= tag in ("style", "script")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def _squash(text: str) -> str:
    return " ".join(text.split())


def visible_text(page: str) -> str:
    parser = _Text()
    parser.feed(page)
    parser.close()
    return _squash(" ".join(parser.parts))


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("viewer", PACT_READERS)
def test_pact_terms_are_escaped_in_html(report_game: FixtureGame, viewer: str, form: str) -> None:
    page = getattr(report_game.render(PACT_WINDOW, viewer), form)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<b>bold</b>" not in page and "<b c>" not in page
    assert _squash(SCRIPT_TERMS) in visible_text(page), "the reader does not see the terms as written"


@pytest.mark.parametrize("viewer", PACT_READERS)
def test_pact_terms_are_literal_in_text(report_game: FixtureGame, viewer: str) -> None:
    text = report_game.render(PACT_WINDOW, viewer).text
    assert _squash(SCRIPT_TERMS) in _squash(text)
    assert "&lt;" not in text and "&amp;" not in text


@pytest.mark.parametrize("viewer", PACT_READERS)
def test_pact_terms_are_literal_in_json(report_game: FixtureGame, viewer: str) -> None:
    found = _strings(json.loads(report_game.render(PACT_WINDOW, viewer).json))
    assert any(SCRIPT_TERMS in s for s in found)
