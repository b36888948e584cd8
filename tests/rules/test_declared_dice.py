"""Medioevo declares every die it rolls (``phase_dice``), so the GM's loaded dice can be checked
when loaded; a loaded value that still does not fit stops the window with a named error (issue 14)."""

from __future__ import annotations

import pytest

from adjudicator.core.dice import Dice
from adjudicator.core.engine import resolve_window
from adjudicator.core.events import DiceRolled
from adjudicator.core.loaded import check_load
from adjudicator.core.state import GameState
from adjudicator.errors import LoadedDiceRefused, LoadedDiceUnfit
from adjudicator.rulesets.medioevo.orders import DIPLOMACY
from tests.rules.economy_window import POWERS, RULES, SEED, economy, mail, play
from tests.rules.test_card_plays import LT2, LT3_MORE, grant
from tests.rules.test_diplomacy import at_diplomacy
from tests.rules.test_diplomacy_cards import with_techs


def _declared(state: GameState, roll: DiceRolled) -> bool:
    phase = roll.phase.split(".", 1)[1]
    purpose = roll.purpose
    for power in (*POWERS, "mamluks"):
        purpose = purpose.replace(power, "POWER")
    return any(u.purpose == purpose and roll.sides in u.sides for u in RULES.phase_dice(state, phase))


def test_every_roll_of_the_economy_and_the_turn_order_is_declared() -> None:
    state = economy(*grant("hungary", *LT2, *LT3_MORE, "BANCHE"), "GRANT hungary card CIAMBELLANO")
    outcome = play(state, {"hungary": ["LOAN", "PLAY Ciambellano"], "france": ["LOAN"]})
    war = resolve_window(RULES, outcome.state, {}, SEED)  # T1.war: nobody fights
    trade = resolve_window(RULES, war.state, {}, SEED)  # T1.commerce: nobody trades
    bids = resolve_window(RULES, trade.state, {}, SEED)  # T2.bids: the turn order's shuffle
    rolls = [e for o in (outcome, bids) for e in o.events if isinstance(e, DiceRolled)]
    assert {r.sides for r in rolls} >= {4, 8, 3, 2} and len(rolls) >= 5
    assert [r for r in rolls if not _declared(state, r)] == []


def test_the_principessas_die_is_declared() -> None:
    state = with_techs(
        at_diplomacy(["hungary", "france", "mamluks"], "GRANT hungary card PRINCIPESSA"), "hungary", count=8
    )
    orders = {"hungary": mail(state, "hungary", "PLAY Principessa IN Boemia")}
    dice = Dice(SEED, "T1.diplomacy")
    RULES.resolve(state, DIPLOMACY, orders, dice)
    assert dice.rolls and all(
        _declared(
            state,
            DiceRolled(phase="T1.diplomacy", key=r.key, sides=r.sides, value=r.value, purpose=r.purpose),
        )
        for r in dice.rolls
    )


def test_check_load_names_the_canonical_key_and_refuses_what_no_roll_can_use() -> None:
    state = economy()  # T1.economy is open
    assert check_load(RULES, state, "t1.Taxes", [8, 1]) == "T1.taxes"
    assert check_load(RULES, state, "T2.turn_order", [4, 3, 2]) == "T2.turn_order"
    assert check_load(RULES, state, "*", [8]) == "*"
    # * [31]: the largest die of the game is the Event deck's reshuffle, a d30 (phase 7, R252)
    for key, values in [("T1.diplomacy", [1]), ("T2.turn_order", [5]), ("T1.placement", [1]), ("*", [31])]:
        with pytest.raises(LoadedDiceRefused):
            check_load(RULES, state, key, values)


@pytest.mark.parametrize(("key", "source"), [("T1.taxes", "T1.taxes"), ("*", "*")])
def test_a_loaded_value_that_does_not_fit_names_its_key(key: str, source: str) -> None:
    """hungary at LT I borrows with a d4: 7 (loaded for the phase, or for any phase) stops the
    window with LoadedDiceUnfit naming where the value came from, not a traceback."""
    state = economy()
    with pytest.raises(LoadedDiceUnfit) as stopped:
        play(state, {"hungary": ["LOAN"]}, {key: [7]})
    assert (stopped.value.key, stopped.value.value, stopped.value.sides) == (source, 7, 4)
    assert stopped.value.purpose == "loan hungary" and stopped.value.game == "g"


def test_the_phase_key_is_drawn_before_star_and_blamed_right() -> None:
    """T1.taxes [2] serves hungary's loan, then * [9] meets france's d4: the error names *."""
    state = economy()
    with pytest.raises(LoadedDiceUnfit) as stopped:
        play(state, {"hungary": ["LOAN"], "france": ["LOAN"]}, {"T1.taxes": [2], "*": [9]})
    assert stopped.value.key == "*"


def test_unused_values_of_a_resolved_phase_are_dropped_and_later_keys_kept() -> None:
    state = economy()
    outcome = play(state, {"hungary": ["LOAN"]}, {"T1.taxes": [2, 3], "T2.turn_order": [1], "*": [1]})
    assert outcome.loaded_left == {"T2.turn_order": (1,)}  # * [1]: the events phase's icon (L1052)
    assert outcome.inputs.loaded_dice == {"T1.taxes": (2, 3), "T2.turn_order": (1,), "*": (1,)}
