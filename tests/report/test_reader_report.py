"""What a player reads in a report (issue 15): one set of names, no line or table twice, its own
secret pacts among the pacts it knows, no repository paths, a short order template with REPAY."""

from __future__ import annotations

import copy
import re
from dataclasses import replace

from adjudicator.core.view import GM
from adjudicator.report.document import Section
from adjudicator.report.render import build_document, render_report
from adjudicator.rulesets.medioevo.events import CardsKept, CardsKeptCount
from tests.report.fixtures import ACCEPTOR, POWERS, SCRIPT_TERMS, VIEWERS, FixtureGame
from tests.rules.economy_window import RULES, economy

READER = ACCEPTOR
"""Hungary: a party of the HTML pact from T1.cards on."""
REPO_PATH = re.compile(r"\b(docs|orders|rulesets|adjudicator|tests)/|\b[\w-]+\.md\b")


def _walk(section: Section) -> list[Section]:
    return [section, *(s for child in section.children for s in _walk(child))]


def _tables(report_game: FixtureGame, label: str, viewer: str) -> list[tuple[str, tuple[str, ...]]]:
    doc = build_document(report_game.input(label, viewer), report_game.ruleset)
    return [(t.caption, t.columns) for s in doc.sections for part in _walk(s) for t in part.tables]


def test_a_pact_is_shown_in_one_table(report_game: FixtureGame) -> None:
    """The reader's own pact was in the sheet's table and again in the standings' table."""
    captions = [c for c, columns in _tables(report_game, "T2.bids", READER) if "terms" in columns]
    assert captions == ["Pacts known to you"], captions
    text = report_game.render("T2.bids", READER).text
    assert text.count("<script>alert(1)</script>") == 1, "the pact's terms are printed once"


def test_the_readers_own_secret_pact_is_among_the_pacts_known_to_it(report_game: FixtureGame) -> None:
    """A secret pact is known to its parties (L633): the reader's own belongs in the table."""
    given = report_game.input("T2.bids", READER)
    data = copy.deepcopy(given.view.data)
    for pact in data["pacts"]:
        pact["secret"] = True
    report = replace(given, view=given.view.model_copy(update={"data": data}))
    text = render_report(report, report_game.ruleset).text
    known = text.split("Pacts known to you", 1)
    assert len(known) == 2, "no table of the pacts known to the reader"
    assert "its parties (secret)" in known[1]
    assert SCRIPT_TERMS.split(" ", 1)[0] in known[1]


def test_kingdoms_are_named_with_their_power_id_in_text_tables_and_legend(report_game: FixtureGame) -> None:
    board = RULES.board
    rendered = report_game.render("T2.bids", READER)
    for power in POWERS:
        name = f"{board.kingdoms[power].name} ({power})"
        assert name in rendered.text, name
        assert name in (rendered.svg or ""), name
    assert f"Kingdom: {board.kingdoms[READER].name} ({READER})." in " ".join(rendered.text.split())


def test_no_event_is_told_twice(report_game: FixtureGame) -> None:
    """A power kept its cards: its own line names them, the public line only counts them."""
    for label in report_game.labels:
        for viewer in (READER, GM):
            events = report_game.input(label, viewer).view.events
            full = {(e.power) for e in events if isinstance(e, CardsKept)}
            told = build_document(report_game.input(label, viewer), report_game.ruleset).sections[0]
            lines = [line.text for part in _walk(told) for line in part.lines]
            assert len(lines) == len(set(lines)), (label, viewer, lines)
            for event in events:
                if isinstance(event, CardsKeptCount) and event.power in full:
                    assert event.summary() not in lines, (label, viewer, event.summary())


def test_no_repository_path_reaches_a_reader(report_game: FixtureGame) -> None:
    for label, viewer in [(label, v) for label in report_game.labels for v in VIEWERS]:
        rendered = report_game.render(label, viewer)
        for form in (rendered.text, rendered.mail_html, rendered.order_template):
            found = REPO_PATH.search(form)
            assert found is None, (label, viewer, form[max(0, found.start() - 60) : found.end() + 60])


def test_the_order_template_offers_repay_and_one_bid_line(report_game: FixtureGame) -> None:
    """REPAY is legal in the taxes phase with a loan (002 L915); the bids are one line, not 21."""
    state = economy("SET hungary florins 300").with_power("hungary", loans=(300,))
    assert "REPAY" in [order.canonical() for order in RULES.legal_orders(state, "hungary")]
    assert "REPAY" not in [order.canonical() for order in RULES.legal_orders(state, "france")]
    given = report_game.input("T1.commerce", READER)  # the template is for T2.bids
    template = build_document(given, report_game.ruleset).order_template
    bids = [line for line in template.splitlines() if line.startswith("# BID")]
    assert len(bids) == 1 and re.fullmatch(r"# BID 0 +# any multiple of 5 from 0 to 100", bids[0]), bids
