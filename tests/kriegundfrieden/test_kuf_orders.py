"""The order language: every order orders/kriegundfrieden.md shows reads, and its canonical text
reads back to the same order; refusals say why."""

from __future__ import annotations

import re
from pathlib import Path

from adjudicator.core.orders import IssueKind
from adjudicator.rulesets.kriegundfrieden.orders import Refused, read_line
from tests.kriegundfrieden.kuf_support import SEATS

DOC = Path(__file__).resolve().parents[2] / "orders" / "kriegundfrieden.md"


def _doc_orders() -> list[str]:
    start = DOC.read_text(encoding="utf-8").split("## The orders", 1)[1].split("## Examples", 1)[0]
    found = []
    for row in start.splitlines():
        cells = row.split("|")
        if len(cells) > 3 and "`" in cells[2]:
            found += re.findall(r"`([^`]+)`", cells[2])
    return found


def test_every_documented_order_reads_and_its_canonical_text_reads_back() -> None:
    orders = _doc_orders()
    assert len(orders) >= 20
    for text in orders:
        order = read_line(text, "summer", SEATS)
        again = read_line(order.canonical(), "summer", SEATS)
        assert again == order, text


def test_the_example_mails_read_whole() -> None:
    blocks = [
        b
        for b in re.findall(r"```[a-z]*\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
        if b.startswith("GAME")
    ]
    assert len(blocks) == 3
    for block in blocks:
        for line in block.splitlines()[1:]:  # the envelope first
            if line.strip() != "READY":
                read_line(line, "winter", ("fritz", "klaus", "wolfgang", "peter"))


def test_refusals_name_what_is_wrong() -> None:
    cases = {
        "BID 3 florins": (IssueKind.SYNTAX, "'florins' is no resource"),
        "CHALLENGE otto": (IssueKind.ILLEGAL, "unknown noble 'otto'"),
        "SWAP plague": (IssueKind.SYNTAX, "'plague' is no agenda card"),
        "Thanks!": (IssueKind.NOT_AN_ORDER, "not an order"),
        "POLICY DEFEND SOMETIMES": (IssueKind.SYNTAX, "POLICY DEFEND WHILE"),
    }
    for text, (kind, words) in cases.items():
        try:
            read_line(text, "summer", SEATS)
        except Refused as refused:
            assert refused.kind is kind and words in refused.message, text
        else:
            raise AssertionError(f"{text!r} was read")


def test_canonical_forms() -> None:
    assert read_line("bid 2 cups, 3 hammers", "spring", SEATS).canonical() == "BID 2 cup 3 hammer"
    assert read_line(
        "if agenda is War : swap Famine/Cathedral paying knight", "winter", SEATS
    ).canonical() == ("IF AGENDA war: SWAP famine/cathedral PAYING shield")
    assert read_line("no appeal", "autumn", SEATS).canonical() == "NO APPEAL"
    assert read_line("assign 2", "summer", SEATS).canonical() == "WORKERS 2"


def test_the_receipt_sums_a_bid_and_a_turn() -> None:
    """The mailed receipt's summary: a bid's worth on the agenda's table (L16, L53), what a turn spends."""
    from adjudicator.rulesets.kriegundfrieden import cards as cd
    from tests.kriegundfrieden.kuf_support import RULESET, card_of, hands, in_spring, in_summer, new_game

    state = hands(new_game(), fritz=cd.counts(hammer=3, grain=2))
    spring = in_spring(state, card_of(state, "famine", "cathedral"), "fritz")
    orders = RULESET.parse(spring, "fritz", [(1, "BID 3 hammer"), (2, "PLAN UP TO 20")]).orders
    lines = RULESET.receipt_summary(spring, "fritz", orders)
    assert lines[0] == "BID 3 hammer: worth 9 against famine, 9 in all on the table"
    assert lines[1].startswith("PLAN UP TO 20: a standing order")
    summer = in_summer(state, "fritz")
    orders = RULESET.parse(summer, "fritz", [(1, "BUILD 2"), (2, "WORKERS 1")]).orders
    assert RULESET.receipt_summary(summer, "fritz", orders) == [
        "your turn spends 1 hammer 2 grain; you keep 2 hammer"
    ]


def test_every_standing_order_is_kept_and_shown_back_as_an_order() -> None:
    """POLICY, PLAN and IF AGENDA lines (the doc's and each ASK/NEVER form) are stored on the
    noble, and the standing orders the report lists read back as orders."""
    from adjudicator.rulesets.kriegundfrieden.common import STANDING, set_standing, standing_lines
    from tests.kriegundfrieden.kuf_support import ctx, new_game

    extra = ["POLICY DEFEND ALWAYS", "POLICY DEFEND NEVER", "POLICY DEFEND ASK", "POLICY BURN DEFAULT"]
    extra += ["POLICY APPEAL NEVER", "POLICY PRIVILEGE ASK", "POLICY DISCARD ASK", "PLAN PASS", "PLAN ASK"]
    state = new_game()
    for text in [*_doc_orders(), *extra]:
        order = read_line(text, "winter", SEATS)
        if order.verb in STANDING:
            state = set_standing(state, "klaus", order, ctx())
    for line in standing_lines(new_game().model_copy(update={"players": state.players}), "klaus"):
        read_line(line, "winter", SEATS)
