"""INQUISITORE and FLAGELLANTE (war/card_duels.py; seed 002 L2658, L2640, L712; R240): the
branches the scenarios ex L2683 and ex L2665 do not take. Pure: a state by hand, the step run by
``run_scripts`` with loaded dice."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.rehearsal import with_rehearsal
from adjudicator.rulesets.medioevo.war.run import RunOutcome, run_scripts
from tests.rules.war_states import war_state

DATA = default_dataset()


def game() -> MedioevoState:
    """Venice: 8 VF in a cathedral town (immune to FLAGELLANTE), 9 in Friuli; no cathedral of
    Hungary's, one of Venice's."""
    places = {
        "venezia": TerritoryState(owner="venice", armies={"venice": 8}, buildings=("town", "cathedral")),
        "friuli": TerritoryState(owner="venice", armies={"venice": 9}),
    }
    state = war_state(("hungary", "venice"), places, (), ())
    state = state.with_power("hungary", cards=("inquisitore", "flagellante"))
    return state.with_power("venice", cards=("genio", "eroina"))


def run(state: MedioevoState, line: str, dice: list[int] | None) -> RunOutcome:
    sub = parse_war_lines(state, "hungary", [(1, line)], DATA, strict=False)
    assert not sub.issues, sub.issues
    roller = Dice(b"seed", "t", loaded=list(dice)) if dice is not None else None
    return run_scripts(state, {"hungary": sub.orders}, DATA, roller)


def test_a_tie_discards_nothing_but_the_card_is_spent_and_offends_L2658() -> None:
    """Hungary 3+0 against Venice 2+1 (its cathedral): "se ottieni di più", so nothing."""
    out = run(game(), "PLAY inquisitore ON venice", [3, 2])
    assert out.results[0].ok and "hungary 3+0 against venice 2+1: no card discarded" in out.results[0].note
    assert out.state.powers["venice"].cards == ("genio", "eroina")
    assert out.state.powers["hungary"].cards == ("flagellante",)
    assert out.state.powers["venice"].casus_belli == {"hungary": 1}


def test_flagellante_spares_a_cathedral_territory_L2640() -> None:
    """Only Friuli is rolled for (one pair of dice); Venezia's cathedral makes it immune."""
    out = run(game(), "PLAY flagellante ON venice", [6, 1])
    assert out.state.territories["friuli"].armies == {"venice": 8}
    assert out.state.territories["venezia"].armies == {"venice": 8}


def test_a_duel_without_dice_is_not_made_and_the_rehearsal_says_nothing_of_it_R240() -> None:
    out = run(game(), "PLAY inquisitore ON venice", None)
    assert not out.results[0].ok and out.state.powers == game().powers
    lines = [(1, "PLAY inquisitore ON venice")]
    read = parse_war_lines(game(), "hungary", lines, DATA, strict=True)
    assert with_rehearsal(game(), "hungary", lines, read, DATA).warnings == ()
