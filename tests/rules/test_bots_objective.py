"""Bots that aim at their objective card (issue 19; seed 002 L2402-2414, L2454; ruling R347): a
territory of the card counts at the end only with the garrison that keeps it from rebellion, so
the bot keeps that garrison when its army leaves, places reinforcements where a card territory
lacks it, and attacks a territory of its card before a weaker one it does not need."""

from __future__ import annotations

from adjudicator.bots_objective import objective_places, placement_budget, safe_garrison
from adjudicator.core.view import PlayerView
from adjudicator.rulesets.medioevo.orders import Place
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.view import view
from tests.rules.test_war_bots import lines_of, open_board


def seen(state: MedioevoState, power: str) -> PlayerView:
    return PlayerView(
        viewer=power, game="g", ruleset="medioevo", turn=state.turn, window="w", data=view(state, power)
    )


def test_the_bot_attacks_its_objective_card_first_and_keeps_the_safe_garrison_L2454() -> None:
    """Hungary holds Ungheria II (Piccola Polonia yellow on it, L2406); at war with the Holy
    Roman Empire, whose Austria next door holds 1 VF and is on no card of Hungary's: barbarian
    Piccola Polonia (1 VF rises, R103) is attacked instead, and Pest (green) keeps 5 VF."""
    state = open_board().evolve(wars=(("holy_roman_empire", "hungary"),))
    state = state.with_territory("austria", armies={"holy_roman_empire": 1})
    assert state.powers["hungary"].objective == "hungary_2"
    lines = lines_of(state, "hungary")
    assert lines[:2] == ["LOAD captain 1 ON cart 1", "LOAD 11 VF ON cart 1"]  # 16 - 5 (L1082)
    attack = next(line for line in lines if line.startswith("ATTACK"))
    assert attack.startswith("ATTACK piccola_polonia FROM cart 1 WITH captain 1")


def test_no_surprise_attack_on_a_power_for_land_off_the_card_L636() -> None:
    """At peace with the Holy Roman Empire, Austria (1 VF, off Hungary's card) is not attacked:
    a surprise attack costs PO (L636) and gives CB (L2451) for nothing that scores."""
    state = open_board().with_power("hungary", objective=None)
    state = state.with_territory("austria", armies={"holy_roman_empire": 1})
    lines = lines_of(state, "hungary")
    assert not any(line.startswith(("WAR", "ATTACK austria")) for line in lines), lines


def test_reinforcements_go_first_where_a_green_territory_lacks_its_garrison_L2410() -> None:
    """Banato (green) with 2 VF and a settlement, Pest with plenty: the bot places 3 VF in
    Banato, green before yellow, within what it surely raises (one a home territory held, less
    one); a territory with its garrison gets nothing."""
    state = open_board().with_power("hungary", reinforcements=0)  # none left over, none raised yet
    state = state.with_territory("banato", armies={"hungary": 2}, buildings=("village",))
    me = seen(state, "hungary")
    assert safe_garrison(me, "banato") == 5
    legal = [Place(1, "pest"), Place(1, "banato")]
    assert objective_places(me, legal) == [Place(3, "banato")]
    assert placement_budget(me) == 6  # 7 home territories held, less 1
    bare = state.with_territory("banato", armies={"hungary": 0}).with_territory("slovacchia", owner=None)
    assert objective_places(seen(bare, "hungary"), legal) == [Place(5, "banato")]  # 6 - 1 held less
    assert placement_budget(seen(bare, "hungary")) == 5
