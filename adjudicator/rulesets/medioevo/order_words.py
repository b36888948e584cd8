"""Which refused lines were meant as orders: those that open with an order's word (``BUY``,
``PLACE``, ``GUERRA`` …, from the grammar), a near miss of one (``BULD``, ``LAON``) or a number.
A line that opens with none ("Thanks", "Regards, Bob") is reported too, but says nothing about
the orders, so it does not hold READY back (R87)."""

from __future__ import annotations

import difflib
import re
from dataclasses import replace
from functools import cache
from pathlib import Path

from adjudicator.core.orders import IssueKind, Submission

_RULE = re.compile(r"^\w+:\s*(\((?P<group>[^)]*)\)|(?P<one>\"\w+\"i))", re.MULTILINE)
_LITERAL = re.compile(r"\"(\w+)\"i")
_FIRST_WORD = re.compile(r"[^\W_]+")
NEAR_MISS = 0.75
"""difflib's ratio from which a first word is a typing slip for an order's word: LAON, BULD and
KEEEP are; Please, Dear and Regards are not."""


@cache
def order_words() -> frozenset[str]:
    """The words an order may open with: the first literal of each alternative of each rule."""
    words: set[str] = set()
    for rule in _RULE.finditer((Path(__file__).parent / "grammar.lark").read_text()):
        for alternative in (rule["group"] or rule["one"]).split("|"):
            found = _LITERAL.search(alternative)
            if found:
                words.add(found[1].upper())
    return frozenset(words)


def meant_as_order(line: str) -> bool:
    first = _FIRST_WORD.match(line.strip())
    if first is None:
        return False
    word = first[0].upper()
    return word[0].isdigit() or bool(difflib.get_close_matches(word, order_words(), n=1, cutoff=NEAR_MISS))


def mark_non_orders(submission: Submission) -> Submission:
    """The submission with each refused line that opens with no order's word marked NOT_AN_ORDER."""
    issues = tuple(
        i
        if i.kind is not IssueKind.SYNTAX or meant_as_order(i.line)
        else replace(i, kind=IssueKind.NOT_AN_ORDER)
        for i in submission.issues
    )
    return replace(submission, issues=issues)
