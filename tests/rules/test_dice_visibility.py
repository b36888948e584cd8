"""Who sees a die (ruling R78): a loan's die only its power (and the GM), the Empire deck's shuffle
only the GM, every other roll everyone (seed 002 L113, L478, L558, L911-919)."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.engine import dice_events
from adjudicator.core.events import DiceRolled, Scope
from tests.rules.economy_window import POWERS, RULES, SEED, economy, play


def test_a_loans_die_is_seen_by_its_power_and_the_gm_only() -> None:
    """L911: the loan is 1d4/1d6/1d8 x100 florins; R7 keeps the amount the borrower's."""
    outcome = play(economy(), {"hungary": ["LOAN"]})
    rolls = [e for e in outcome.events if isinstance(e, DiceRolled) and e.purpose == "loan hungary"]
    assert len(rolls) == 1
    seen = rolls[0].visibility
    assert seen.allows("hungary") and seen.allows("gm")
    assert not any(seen.allows(p) for p in POWERS if p != "hungary") and not seen.allows("public")


def test_the_deck_shuffle_is_the_gms_and_the_popes_die_is_public() -> None:
    """L478 draws from the top of a deck nobody has seen; the Pope's draw (setup) is open."""
    dice = Dice(SEED, "setup")
    RULES.initial_state("g", list(POWERS), {}, dice)
    events = dice_events(RULES, dice, "setup")
    deck = [e for e in events if e.purpose == "empire deck"]
    assert deck and all(e.visibility.scope is Scope.GM for e in deck)
    pope = [e for e in events if e.purpose == "pope"]
    assert pope and all(e.visibility.allows("public") for e in pope)
