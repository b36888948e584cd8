"""The calamities declare every roll they make (calamity/dice.py) for the Events phase's
``phase_dice``: a GM who loads dice for them is checked against these."""

from __future__ import annotations

import re
import sys

import pytest

from adjudicator.rulesets.medioevo.calamity.dice import calamity_dice_uses
from tests.rules.calamities import board as calamity_board
from tests.rules.calamities import test_choices, test_epidemic, test_general, test_land, test_rivers, test_sea

USES = calamity_dice_uses(calamity_board.DATA, 8)


def declared(purpose: str, sides: int) -> bool:
    for use in USES:
        pattern = re.escape(use.purpose)
        for word in ("POWER", "CARD", "PIECE", "T"):
            pattern = re.sub(rf"\b{word}\b", ".+", pattern)
        if re.fullmatch(pattern, purpose) and sides in use.sides:
            return True
    return purpose.startswith("battle heresy ")  # the combat's own purposes (war/battle_dice.py)


TESTS = [
    getattr(module, name)
    for module in (test_choices, test_epidemic, test_general, test_land, test_rivers, test_sea)
    for name in dir(module)
    if name.startswith("test_")
]


@pytest.mark.parametrize("example", TESTS, ids=lambda f: f.__name__)
def test_every_roll_of_the_examples_is_declared(example, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Each seed example's rolls match a declared purpose and die size."""
    rolled = []
    real = calamity_board.strike

    def spying(*args, **kw):  # type: ignore[no-untyped-def]
        outcome, dice = real(*args, **kw)
        rolled.extend(dice.rolls)
        return outcome, dice

    monkeypatch.setattr(sys.modules[example.__module__], "strike", spying)
    example()
    unknown = [(r.purpose, r.sides) for r in rolled if not declared(r.purpose, r.sides)]
    assert not unknown
