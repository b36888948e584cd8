"""The words orders open with, read from the grammar: their examples for a line that cannot be read
(`unreadable`), and which refused lines were meant as orders: those that open with an order's word (``BUY``,
``PLACE``, ``GUERRA`` …, from the grammar), a near miss of one (``BULD``, ``LAON``) or a number.
A line that opens with none ("Thanks", "Regards, Bob") is reported too, but says nothing about
the orders, so it does not hold READY back (R87)."""

from __future__ import annotations

import difflib
import re
from dataclasses import replace
from functools import cache
from pathlib import Path

from adjudicator.core.orders import NOT_AN_ORDER, IssueKind, Submission
from adjudicator.orders.names import did_you_mean

_RULE = re.compile(r"^\w+:\s*(\((?P<group>[^)]*)\)|(?P<one>\"\w+\"i))", re.MULTILINE)
_LITERAL = re.compile(r"\"(\w+)\"i")
_FIRST_WORD = re.compile(r"[^\W_]+")
NEAR_MISS = 0.75
"""difflib's ratio from which a first word is a typing slip for an order's word: LAON, BULD and
KEEEP are; Please, Dear and Regards are not."""


PROPOSAL_EXAMPLE = "PACT WITH hungary FOR 3 TURNS: free passage for my armies"
EXAMPLES = (
    "CATHEDRAL IN Pest",
    "DEPLOY 20 IN Pest",
    "BID 40",
    "KEEP Condottiero",
    "KEEP PRIORITY Mercante, Gabelliere",
    "BUY TECH Banche",
    "BUILD Torre IN Banato",
    "BUY Galea IN Lidia",
    "UPGRADE galley 1 TO 2",
    "LOAN",
    "REPAY",
    "CUSTOMIZE galley 1 WITH +1 MOVE",
    "REPAIR Cattedrale IN Pest",
    "PLACE 5 IN Pest",
    "RESERVE 5",
    PROPOSAL_EXAMPLE,
    "ALLIANCE WITH hungary FOR 3 TURNS",
    "ACCEPT ALLIANCE FROM france",
    "WAR ON hungary",
    "PEACE WITH hungary",
    "REVOKE 3",
    "POLICY france HONOUR",
    "PLAY Diplomatico ON hungary TRUCE",
    "PLAY Gabelliere",
    "PLAY Avaro ON france",
    "PLAY Mercenario 10",
    "PLAY Abate FOR Monoteismo",
    "PLAY Capomastro: Torre IN Banato",
    "SHORTEN TRUCE WITH hungary BY 1",
    "DISPUTE 3 AGAINST france",
    "VOTE 3 BROKEN",
    "SELL Torre IN Banato",
    "SELL galley 2 AT TAXES",
    "BANKRUPTCY",
    "BUY 1 VF",
    "EXCHANGE 5 PRISONERS WITH france",
    "RANSOM 5 PRISONERS FROM france FOR 100",
    "ACCEPT RANSOM FROM hungary",
    "PLAY Giullare FOR Torre IN Pest",
    "GIFT 100 TO france",
    "CANCEL GIFT 100 TO france",
    "VICTORY",
    "BUY 10 Spezie WITH caravan 1",
    "SELL ALL Spezie WITH merchant 1",
    "MOVE caravan 1 TO Alessandria",
    "LOAD 10 Spezie ON merchant 1",
    "UNLOAD 10 Spezie FROM caravan 1",
    "ENSLAVE 30 byzantium WITH caravan 1",
    "MONOPOLY Sale",
    "AUCTION Gabelliere RESERVE 200",
    "OFFER 250 FOR Gabelliere OF holy_roman_empire",
    "NIZARI BID 100 ON france",
    "HERESY INQUISITORE IN Pest",
    "CIVIL WAR KEEP Persia, Mesopotamia",
)
"""One example of each form of order, for the receipt of a line that opens with an order's keyword
and cannot be read: it shows the examples of that keyword only."""


@cache
def _keywords() -> dict[str, tuple[str, ...]]:
    """Each word that opens an order (``BUY``, Italian ``COMPRA`` …) and the examples of its orders,
    read from the grammar, so a new order's keyword is known here without a second list."""
    grammar = grammar_text()
    out: dict[str, tuple[str, ...]] = {}
    for rule, body in re.findall(r"^(\w+):\s*(.+)$", grammar, re.MULTILINE):
        head = body.split(")")[0] if body.startswith("(") else body.split()[0]
        words = re.findall(r'"([A-Z]+)"i', head)
        english = {w for w in words if any(e.split()[0] == w for e in EXAMPLES)}
        examples = tuple(e for e in EXAMPLES if e.split()[0] in english)
        for word in words:
            out[word] = examples or (rule.upper(),)
    return out


def unreadable(line: str) -> str:
    """Why ``line`` cannot be read, in a line: ``not an order`` (with a near keyword: ``did you mean
    BUY?``) when no order opens with its first word, else the examples of that word's orders."""
    word = line.split()[0].upper() if line.split() else ""
    keywords = _keywords()
    if word not in keywords:
        return f"{NOT_AN_ORDER}{did_you_mean(word, list(keywords))}"
    return f"cannot read this {word} order; expected e.g. {', '.join(keywords[word])}"


@cache
def grammar_text() -> str:
    """The order grammar (grammar.lark): the parser, the order words and their examples all read it."""
    return (Path(__file__).parent / "grammar.lark").read_text(encoding="utf-8")


@cache
def order_words() -> frozenset[str]:
    """The words an order may open with: the first literal of each alternative of each rule."""
    words: set[str] = set()
    for rule in _RULE.finditer(grammar_text()):
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
