"""The final scoring line by line (seed 002 L2420-2460, R328-R331): each line of the table of
L2440-2452 on a state made by GM edits, the territories safe from rebellion (L2454, L1082-1098),
the winner and the tie-breaks."""

from __future__ import annotations

from typing import cast

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo import edits
from adjudicator.rulesets.medioevo.endgame import scoring
from adjudicator.rulesets.medioevo.endgame.standings import final_standings, score_lines
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState
from tests.rules.economy_window import vacate_papal_state

RULES = MedioevoRuleset()
DATA = RULES.data
POWERS = ["holy_roman_empire", "hungary", "byzantium"]
HUNGARY = ("pest", "banato", "slovacchia", "bihar", "transilvania", "slavonia", "croazia")


def start(*lines: str) -> MedioevoState:
    state, _ = RULES.initial_state("g", POWERS, {}, Dice(b"e" * 32, "T0.setup"))
    state = cast(MedioevoState, state)
    for line in lines:
        state = cast(MedioevoState, RULES.gm_edit(state, line)[0])
    return state


def points(state: MedioevoState, power: str, key: str) -> float:
    return next(line.points for line in score_lines(state, power, DATA) if line.key == key)


def test_rebellion_threshold_L1082_example_L1098() -> None:
    """L1098: with LEGGE a Tower lowers the rebellion level by 2 in all (3 VF suffice) and a Castle
    by 4 (1 VF suffices); L1082: VASSALLAGGIO and FEUDALESIMO raise it by 1 each."""
    state = start("GRANT hungary tech LEGGE", "BUILD banato village tower", "BUILD bihar village castle")
    assert scoring.rebellion_threshold(state, "banato", DATA) == 3
    assert scoring.rebellion_threshold(state, "bihar", DATA) == 1
    state = edits.apply_edit(state, "GRANT hungary tech VASSALLAGGIO", DATA)
    assert scoring.rebellion_threshold(state, "banato", DATA) == 4
    assert scoring.rebellion_threshold(state, "slavonia", DATA) == 4  # its tower: 5 - 1 + 1 - 1
    assert scoring.rebellion_threshold(state, "pest", DATA) == 3  # the capital's fort: 5 - 1 + 1 - 2


def test_kingdoms_count_only_with_every_territory_safe_L2440_L2454() -> None:
    """L2442: a Major kingdom (7 territories) owned is 3 PO, the power's own included (R328);
    L2454: one territory with too few armies to be safe and the kingdom scores nothing."""
    state = start()
    assert points(state, "hungary", "kingdoms") == 3  # the setup's 5 VF garrisons, towers: safe
    thin = state.with_territory("croazia", armies={"hungary": 1})
    assert points(thin, "hungary", "kingdoms") == 0


def test_technologies_every_7_and_level_4_L2443_L2444() -> None:
    """L2443: 1 PO for every 7 technologies; L2444: 1 PO for each technology of the 4th level."""
    level1 = [t for t, tech in DATA.technologies.items() if tech.level < 4][:13]
    top = [t for t, tech in DATA.technologies.items() if tech.level == 4][:1]
    state = start().with_power("hungary", techs=tuple(sorted([*level1, *top])))
    assert points(state, "hungary", "technologies") == 2  # 14 technologies
    assert points(state, "hungary", "level4") == 1


def test_objective_card_example_L2388() -> None:
    """L2388: 6 green, 6 yellow and 4 red territories held: -2 + 3 + 4 = 5 PO."""
    card = DATA.objectives["hungary_1"]
    state = start("OBJECTIVE hungary hungary_1")
    state = state.with_territory(card.green[-1], owner="byzantium", armies={"byzantium": 5})
    for tid in (*card.yellow[:6], *card.red[:4]):
        state = state.with_territory(tid, owner="hungary", armies={"hungary": 5})
    assert points(state, "hungary", "objective") == 5
    beyond = state.with_territory("bosnia" if "bosnia" not in card.yellow else "austria", owner="hungary")
    beyond = beyond.with_territory("austria", owner="hungary", armies={"hungary": 5})
    assert points(beyond, "hungary", "objective") == 5  # "other territories have no value" (L2390)


def test_objective_card_empire_example_L2392() -> None:
    """L2392: every territory of the card held: 3.5 (yellow) + 7 (red) + 3 (the Empire) = 13.5."""
    card = DATA.objectives["hungary_1"]
    state = start("OBJECTIVE hungary hungary_1")
    for tid in (*card.yellow, *card.red):
        state = state.with_territory(tid, owner="hungary", armies={"hungary": 5})
    assert points(state, "hungary", "objective") == 13.5
    unsafe = state.with_territory(card.red[0], armies={})  # L2412: at risk, not counted
    assert points(unsafe, "hungary", "objective") == 3.5 + 6


def test_prisoners_example_L2462() -> None:
    """L2462: 7 prisoners of B, 5 of C and 16 of D: 28 prisoners, 2 PO."""
    state = start().with_power("hungary", prisoners={"a": 7, "b": 5, "c": 16})
    assert points(state, "hungary", "prisoners") == 2


def test_florins_every_1000_L2447() -> None:
    assert points(start("SET hungary florins 2999"), "hungary", "florins") == 2


def test_cathedrals_L2448_safe_only_and_relics_read_as_none_yet_L1080() -> None:
    """L2448: 1 PO for each Cathedral owned (the setup's, in the capital), in a safe territory
    (L2454); L1080's relic (2 PO) is read through ``relics_in``, 0 until relics exist."""
    state = start()
    assert points(state, "hungary", "cathedrals") == 1
    assert scoring.relics_in(state, "pest") == 0
    assert points(state.with_territory("pest", armies={"hungary": 0}), "hungary", "cathedrals") == 0


def test_religious_capitals_and_the_pope_L2449_L2450() -> None:
    """L2449: Costantinopoli held is 1 PO; L2450: the Pope 1 PO (the Antipope through
    ``is_antipope``, no Antipope yet)."""
    state = start("SET holy_roman_empire pope 1", "SET hungary pope 0", "SET byzantium pope 0")
    assert points(state, "byzantium", "capitals") == 1
    assert points(state, "hungary", "capitals") == 0
    assert points(state, "holy_roman_empire", "pope") == 1
    assert points(state, "hungary", "pope") == 0 and not scoring.is_antipope(state, "hungary")


def test_casus_belli_per_creditor_example_L732() -> None:
    """L732: France owes 4 CB to the Mamluks and 7 to Hungary: it loses 1 PO (5 CB to one player)."""
    state = start("SET holy_roman_empire cb hungary 4", "SET byzantium cb hungary 7")
    assert points(state, "hungary", "casus_belli") == -1
    assert points(start("SET byzantium cb hungary 10"), "hungary", "casus_belli") == -2


def test_unpaid_loans_L919() -> None:
    """L919: each loan not repaid at the end of the game costs 1 PO."""
    assert points(start().with_power("hungary", loans=(200, 300)), "hungary", "loans") == -2


def test_total_adds_the_po_held_L2424() -> None:
    """L2424: the PO held during the game (positive or negative) plus those of the end."""
    state = start("SET hungary honor -4")
    lines = score_lines(state, "hungary", DATA)
    assert lines[0].key == "held" and lines[0].points == -4
    row = next(s for s in final_standings(state, DATA) if s.power == "hungary")
    assert row.total == sum(line.points for line in lines)


def test_ties_go_to_territories_then_armies_then_florins_L2456_L2460() -> None:
    """L2456-2460: most PO wins; equal PO, more territories; then more armies; then more florins;
    equal on all four, the victory is shared (R329)."""
    pope = next(p for p in POWERS if start().powers[p].pope)
    even = start(f"SET {pope} honor -1", "SET byzantium honor -1")  # the Pope's PO, Costantinopoli's
    even = vacate_papal_state(even)  # every power 7 territories (the Pope's Papal State: R321)
    for power in POWERS:
        even = even.with_power(power, reserve=0)
    ranked = final_standings(even, DATA)
    assert len({s.total for s in ranked}) == 1 and all(s.winner for s in ranked)  # all equal: shared
    more_land = edits.apply_edit(even, "GIVE hungary bosnia", DATA)
    assert [s.power for s in final_standings(more_land, DATA) if s.winner] == ["hungary"]
    more_vf = edits.apply_edit(even, "PLACE hungary 1 IN pest", DATA)
    assert [s.power for s in final_standings(more_vf, DATA) if s.winner] == ["hungary"]
    richer = edits.apply_edit(even, "SET byzantium florins 1001", DATA)
    ranked = final_standings(richer, DATA)
    assert [s.power for s in ranked if s.winner] == ["byzantium"]
    assert [s.rank for s in ranked] == [1, 2, 2]
