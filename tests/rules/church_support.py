"""States for the Church's rules tests: four powers after setup, the Pope set by the test."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.church.papacy import papal_state
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState
from tests.rules import economy_window

RULES = MedioevoRuleset()
DATA = RULES.data
ROME = papal_state(DATA)
POWERS = ["holy_roman_empire", "hungary", "france", "byzantium"]  # three Catholics, one Orthodox


def with_pope(state: MedioevoState, pope: str | None) -> MedioevoState:
    """``pope``'s power holds the Pope and the Papal State (L2172); None: nobody does."""
    for power in state.seats():
        state = state.with_power(power, pope=power == pope)
    if pope:
        state = state.with_territory(ROME, owner=pope, armies={pope: 5})
    return state


def economy(pope: str | None = "holy_roman_empire", *edits: str) -> MedioevoState:
    return with_pope(economy_window.economy(*edits, powers=POWERS), pope)


def dice(name: str = "church") -> Dice:
    return Dice(b"c" * 32, name)


def diplomacy_mail(state: MedioevoState, power: str, *lines: str) -> tuple:
    """A Diplomacy phase's mail read as the parser reads it, checked by the Church's checks."""
    from adjudicator.rulesets.medioevo.church.legal import check
    from adjudicator.rulesets.medioevo.orders import DIPLOMACY
    from adjudicator.rulesets.medioevo.parse import parse_lines

    numbered = list(enumerate(lines, 1))
    submission = parse_lines(
        state, power, numbered, DATA, (DIPLOMACY,), "cards", lambda s, p, o, e, m: check(s, p, o, DATA)
    )
    assert submission.issues == (), submission.issues
    return submission.orders
