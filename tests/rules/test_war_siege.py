"""Fortifications, assaults and sieges as pure calculators (seed 002 L1870-2002): every example of
the siege section with the dice it states. ``war/fortress.py`` (who is inside), ``war/siege.py``;
the assault's rolls are ``battle.fight(Kind.ASSAULT)``'s (the card examples L2476-L2488 are in
test_war_battle.py)."""

from __future__ import annotations

import pytest

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.state import Siege
from adjudicator.rulesets.medioevo.war.battle import fight
from adjudicator.rulesets.medioevo.war.battle_models import Battle, BattlePlan, End, Force, Kind, Withdraw
from adjudicator.rulesets.medioevo.war.fortress import (
    Garrison,
    assault_refusal,
    fortification_level,
    split_garrison,
    with_walls,
)
from adjudicator.rulesets.medioevo.war.siege import (
    Besieged,
    Besieger,
    Decision,
    Ground,
    Outcome,
    Relief,
    Route,
    artillery,
    attrition,
    blocks,
    falls_at_once,
    reduced,
    relief_refusal,
    siege_step,
    siege_turn,
)
from tests.rules.war_battle import declared

DATA = default_dataset()
CATAPULT, TREBUCHET, BOMBARD = 1, 2, 3
TOWER, FORT, CASTLE = 1, 2, 3


def dice(*loaded: int) -> Dice:
    return Dice(b"s" * 32, "T3.war", loaded=list(loaded))


def test_the_fortification_in_a_territory_is_its_military_building_L1888() -> None:
    assert fortification_level(("town", "castle", "cathedral"), DATA) == CASTLE
    assert fortification_level(("village", "tower"), DATA) == TOWER
    assert fortification_level(("city",), DATA) == 0


def test_twelve_vf_and_a_tower_ten_inside_two_outside_ex_L1878_L1892() -> None:
    """Ex L1878-1882: 12 VF and a Torre: 10 inside, 2 outside; the capacities are 10/20/30 (L1892-1894)."""
    split = split_garrison([Garrison("yellow", 12)], TOWER)
    assert (split.inside_vf, split.outside_vf) == (10, 2)
    assert split_garrison([Garrison("yellow", 25)], FORT).outside_vf == 5
    assert split_garrison([Garrison("yellow", 30)], CASTLE).outside_vf == 0
    assert split_garrison([Garrison("yellow", 7)], 0).inside == ()


def test_the_walls_are_assaulted_once_no_defender_is_left_outside_L1896_L1898() -> None:
    """L1896-1898: the defenders beyond the capacity are fought in the field first; then the assault."""
    assert "2 VF stand outside" in (assault_refusal([Garrison("yellow", 12)], TOWER) or "")
    assert assault_refusal([Garrison("yellow", 10)], TOWER) is None
    assert assault_refusal([Garrison("yellow", 10)], 0) is not None


def test_barbarians_go_inside_first_L1830() -> None:
    """L1830: beside a player, the barbarians have priority inside the fortification."""
    split = split_garrison([Garrison("blue", 6), Garrison("barbarians", 8, barbarian=True)], TOWER)
    assert [(g.power, g.vf) for g in split.inside] == [("barbarians", 8), ("blue", 2)]
    assert [(g.power, g.vf) for g in split.outside] == [("blue", 4)]


def assault(attacker_vf: int, defender_vf: int, level: int, plan: BattlePlan | None = None) -> Battle:
    """The walls of ``level`` assaulted: ``battle.fight`` rolls it (R162); ``fortress`` says who is
    inside (``split_garrison``)."""
    return Battle(
        number="assault presburgo",
        kind=Kind.ASSAULT,
        attackers=(Force("blue", attacker_vf, plan=plan or BattlePlan()),),
        defenders=(Force("red", defender_vf, owner=True),),
        fortification=level,
    )


def test_blue_assaults_reds_fort_ex_L1870() -> None:
    """Ex L1870-1876: blue rolls 1d4 = 3, red 1d6 = 4, +2 for the Fortilizio: blue loses 3, red none
    (L1902-1904). The attacker's die is rolled first, each purpose naming the battle, round, side."""
    d = dice(3, 4)
    out = fight(assault(10, 8, FORT, BattlePlan(withdraw=Withdraw(after_rounds=1))), d, DATA.cards)
    r = out.rounds[0]
    assert (r.attack.total, r.defence.total, r.attacker_loss, r.defender_loss) == (3, 6, 3, 0)
    assert [(x.purpose, x.sides) for x in d.rolls] == [
        ("battle assault presburgo round 1 attacker blue", 4),
        ("battle assault presburgo round 1 defender red", 6),
    ]
    assert all(declared(x.purpose, x.sides) for x in d.rolls)  # docs/war.md §5


def test_an_assault_goes_on_until_its_plan_breaks_it_off_L1721() -> None:
    """L1721: the attacker may stop after any round; a tie costs nothing (L1764); an attacker
    spent on the walls is repelled."""
    d = dice(2, 2, 1, 6)
    done = fight(assault(10, 5, TOWER, BattlePlan(withdraw=Withdraw(after_rounds=2))), d, DATA.cards)
    assert [(r.attacker_loss, r.defender_loss) for r in done.rounds] == [(1, 0), (6, 0)]
    assert (done.end, done.force("blue").vf_left) == (End.ATTACKERS_WITHDREW, 3)
    d = dice(1, 6)
    spent = fight(assault(4, 5, CASTLE), d, DATA.cards)
    assert (spent.end, spent.force("blue").vf_left) == (End.ATTACKERS_ELIMINATED, 0)


def test_a_siege_needs_the_outside_beaten_superiority_and_an_engine_L1924() -> None:
    """L1922-1924 (ex L1878): 2 VF outside the Torre are fought first; then a siege needs more VF
    than the besieged and at least one MdA, otherwise assault or abandon."""
    ground = Ground("x", TOWER)
    refused = siege_step(
        dice(), "siege x", ground, 1, Besieger("blue", 20, (CATAPULT,)), Besieged("yellow", 12)
    )
    assert refused.outcome is Outcome.REFUSED and "2 VF stand outside" in refused.reason
    declared = siege_step(
        dice(), "siege x", ground, 1, Besieger("blue", 20, (CATAPULT,)), Besieged("yellow", 10)
    )
    assert declared.outcome is Outcome.ONGOING and declared.level == TOWER
    no_engine = siege_step(dice(), "siege x", ground, 1, Besieger("blue", 20, ()), Besieged("yellow", 10))
    assert "siege engine" in no_engine.reason
    few = siege_step(dice(), "siege x", ground, 1, Besieger("blue", 10, (CATAPULT,)), Besieged("yellow", 10))
    assert few.outcome is Outcome.REFUSED and "not more than" in few.reason


def test_defenders_left_outside_do_not_stop_a_siege_under_way_L1958() -> None:
    """L1958, R160: from the 2nd siege turn defenders outside the walls are fought in the turn's
    field battle; superiority counts those inside (A-52)."""
    step = siege_step(dice(), "s", Ground("x", FORT), 3, Besieger("a", 21, (CATAPULT,)), Besieged("b", 30))
    assert (step.outcome, step.level, step.outside_vf) == (Outcome.FIELD_BATTLE, TOWER, 20)


def test_one_engine_is_enough_on_either_route_L1998() -> None:
    """L1998: one MdA is enough for a siege by land and by sea."""
    ground = Ground("costantinopoli", CASTLE, route=Route.BOTH)
    step = siege_step(dice(), "s", ground, 1, Besieger("a", 20, (CATAPULT,)), Besieged("b", 10))
    assert step.outcome is Outcome.ONGOING


def test_two_trebuchets_bring_a_fort_down_at_once_ex_L1976() -> None:
    """Ex L1976: siege value 4 (2 Trabucchi) against resistance 2 (Fortilizio): the fort is removed
    at once and the final field battle follows (L1946)."""
    step = siege_step(
        dice(), "s", Ground("x", FORT), 1, Besieger("a", 20, (TREBUCHET, TREBUCHET)), Besieged("b", 12)
    )
    assert (step.outcome, step.level, step.outside_vf) == (Outcome.FELL, 0, 12)


def test_constantinople_needs_two_bombards_L1948() -> None:
    """L1948: Costantinopoli's walls fall at once only with 2 Bombarde (R153)."""
    assert falls_at_once((TREBUCHET, TREBUCHET, TREBUCHET), CASTLE)
    assert not falls_at_once((TREBUCHET, TREBUCHET, TREBUCHET), CASTLE, constantinople=True)
    assert falls_at_once((BOMBARD, BOMBARD), CASTLE, constantinople=True)


def test_one_catapult_reduces_a_castle_to_a_tower_in_two_turns_ex_L1972() -> None:
    """Ex L1972 (L1950-1954): one catapult besieges a Castello; each later siege turn reduces it by
    one level, so after 2 reductions a Torre is left and only 10 VF stand inside: the rest must be
    fought in the field (L1958) before the Torre is assaulted."""
    besieger, besieged = Besieger("a", 40, (CATAPULT,)), Besieged("b", 25)
    ground = Ground("x", CASTLE)
    first = siege_step(dice(), "s", ground, 1, besieger, besieged)
    assert (first.outcome, first.level) == (Outcome.ONGOING, CASTLE)
    second = siege_step(dice(), "s", ground, 2, besieger, besieged)
    assert (second.outcome, second.level, second.outside_vf) == (Outcome.FIELD_BATTLE, FORT, 5)
    third = siege_step(dice(), "s", Ground("x", second.level), 3, besieger, Besieged("b", 20))
    assert (third.outcome, third.level, third.outside_vf) == (Outcome.FIELD_BATTLE, TOWER, 10)
    assert reduced(TOWER, (CATAPULT,)) == 0


def test_a_reduced_fortification_is_replaced_by_the_lower_one_L1952_L1954() -> None:
    """L1952-1954: a Castello reduced once becomes a Fortilizio in its place; at 0 it is removed."""
    assert with_walls(("town", "castle", "cathedral"), FORT, DATA) == ("town", "fort", "cathedral")
    assert with_walls(("town", "tower"), 0, DATA) == ("town",)


def test_a_catapult_and_a_trebuchet_bring_a_castle_down_in_one_turn_L1956() -> None:
    """L1956: MdA add up: 1 + 2 against a Castello; not at once (3 < 6), but the first reduction
    removes it (L1954)."""
    besieger, besieged = Besieger("a", 40, (CATAPULT, TREBUCHET)), Besieged("b", 25)
    assert siege_step(dice(), "s", Ground("x", CASTLE), 1, besieger, besieged).outcome is Outcome.ONGOING
    fallen = siege_step(dice(), "s", Ground("x", CASTLE), 2, besieger, besieged)
    assert (fallen.outcome, fallen.level, fallen.outside_vf) == (Outcome.FELL, 0, 25)


def test_artillery_both_sides_roll_each_engine_besieger_first_L1926() -> None:
    """L1926-1930: with MdA on both sides each rolls 1d6 per engine at the start of the besieger's
    turn: 6 for a catapult, 5+ for a trebuchet, 4+ for a bombard destroys an enemy MdA. The
    besieger's catapult rolls 6, the besieged trebuchet 5: both are gone, and a besieger with no
    MdA left cannot go on (A-14)."""
    d = dice(6, 5)
    step = siege_step(
        d,
        "siege napoli",
        Ground("napoli", FORT),
        2,
        Besieger("a", 20, (CATAPULT,)),
        Besieged("b", 10, (TREBUCHET,)),
    )
    assert [r.purpose for r in d.rolls] == [
        "siege napoli turn 2 artillery besieger",
        "siege napoli turn 2 artillery besieged",
    ]
    assert all(declared(r.purpose, r.sides) for r in d.rolls)  # docs/war.md §5
    assert step.artillery is not None and step.artillery.besieged_engines == ()
    assert step.outcome is Outcome.REFUSED and "no siege engine left" in step.reason
    miss = artillery(dice(5, 3), "s", (CATAPULT,), (BOMBARD,))
    assert (miss.besieger_engines, miss.besieged_engines) == ((CATAPULT,), (BOMBARD,))
    assert artillery(dice(), "s", (CATAPULT,), ()).besieger_rolls == ()


def test_artillery_hits_the_strongest_engine_first_A14() -> None:
    """A-14 (R152): the roller picks the MdA it destroys: the enemy's strongest."""
    shots = artillery(dice(4, 1, 1), "s", (BOMBARD,), (CATAPULT, TREBUCHET))
    assert shots.besieged_engines == (CATAPULT,)


def test_attrition_at_the_end_of_the_second_siege_turn_ex_L1978() -> None:
    """Ex L1978-1980: at the end of the 2nd siege turn yellow besieges with 15 VF and a catapult
    the 10 VF of green in a Fortilizio: each side loses 1 (10 % rounded down, at least 1, L1960).
    Nothing at the end of the 1st turn."""
    ground = Ground("x", FORT)
    yellow, green = Besieger("yellow", 15, (CATAPULT,)), Besieged("green", 10)
    assert attrition(ground, 2, yellow, green) == attrition(ground, 2, yellow, green).__class__(1, 1)
    assert (
        attrition(ground, 1, yellow, green).besieger_loss,
        attrition(ground, 1, yellow, green).besieged_loss,
    ) == (0, 0)


@pytest.mark.parametrize(
    ("desert", "logistica", "harms", "loss"),
    [
        (False, False, 0, 4),
        (True, False, 0, 9),
        (False, True, 0, 0),
        (True, True, 0, 4),
        (False, False, 2, 6),
    ],
)
def test_attrition_desert_logistica_and_alchimia_L1960_L1962(
    desert: bool, logistica: bool, harms: int, loss: int
) -> None:
    """L1960-1962: 10 % (45 VF: 4), 10 % more in the DESERTO, 10 % less with LOGISTICA (none outside
    the desert, A-3), 1 more for each ALCHIMIA or GENIO with INGEGNERIA of the other side."""
    ground = Ground("x", FORT, desert=desert)
    out = attrition(
        ground, 3, Besieger("a", 45, (CATAPULT,), logistica=logistica), Besieged("b", 10, harms=harms)
    )
    assert out.besieger_loss == loss


def test_reinforcements_of_an_ally_end_the_superiority_ex_L1982() -> None:
    """Ex L1982-1984: A besieges with 15 VF and 1 MdA B's 10 VF in Napoli (Fortilizio); C, allied to
    B, lands 10 VF: A is no longer superior and must bring reinforcements, assault or stop."""
    ground = Ground("napoli", FORT)
    blocked = siege_step(dice(), "s", ground, 2, Besieger("A", 15, (CATAPULT,)), Besieged("B", 20))
    assert blocked.outcome is Outcome.REFUSED and "15 VF are not more than the 20 besieged" in blocked.reason
    reinforced = siege_step(dice(), "s", ground, 2, Besieger("A", 21, (CATAPULT,)), Besieged("B", 20))
    # with 21 VF the siege goes on: the Fortilizio is reduced to a Torre, which holds 10 of the 20
    assert (reinforced.outcome, reinforced.level, reinforced.outside_vf) == (Outcome.FIELD_BATTLE, TOWER, 10)
    turned = siege_step(
        dice(), "s", ground, 2, Besieger("A", 15, (CATAPULT,)), Besieged("B", 20), Decision.ASSAULT
    )
    assert turned.outcome is Outcome.ASSAULT
    left = siege_step(
        dice(), "s", ground, 2, Besieger("A", 15, (CATAPULT,)), Besieged("B", 20), Decision.ABANDON
    )
    assert (left.outcome, left.captain_levels_lost) == (Outcome.ABANDONED, 1)


def test_a_siege_by_sea_lets_a_caravan_go_and_keeps_a_merchantman_ex_L1974() -> None:
    """Ex L1974 (L1968-1970, L1994-1996): Tunisi besieged by sea: a caravan may leave by land, a
    merchantman must stay; by land the reverse; by both, nothing moves."""
    assert blocks(Route.SEA, "sea") and not blocks(Route.SEA, "land")
    assert blocks(Route.LAND, "land") and not blocks(Route.LAND, "sea")
    assert blocks(Route.BOTH, "land") and blocks(Route.BOTH, "sea")
    assert not blocks(None, "land")


def test_a_fleet_sails_out_only_where_galleys_and_a_captain_are_together_ex_L1992() -> None:
    """Ex L1992 (L2002): red, besieged by sea in Costantinopoli, has a Captain there and a Captain
    with 2 galleys at Caffa: only the fleet from Caffa may attack the besiegers."""
    home = Relief("costantinopoli", captains=1, vf=10)
    caffa = Relief("caffa", captains=1, vf=20, galleys=2)
    assert "no galley at costantinopoli" in (relief_refusal(home, Route.SEA, "sea") or "")
    assert relief_refusal(caffa, Route.SEA, "sea") is None
    assert "no besieger stands by land" in (relief_refusal(home, Route.SEA, "land") or "")


def test_both_fleets_break_a_siege_and_the_besieger_without_engine_withdraws_ex_L1986() -> None:
    """Ex L1986-1990: red, besieged by sea and land in Costantinopoli, attacks the besieging fleet
    (which carries the only MdA) with the galley in port and the 2 galleys from Caffa; once the MdA
    is sunk the besieger cannot go on (L1930) and must assault or withdraw. Without a Captain no
    army attacks (L2000)."""
    assert relief_refusal(Relief("costantinopoli", 1, 10, 1), Route.BOTH, "sea") is None
    assert relief_refusal(Relief("caffa", 1, 20, 2), Route.BOTH, "sea") is None
    assert "no Captain" in (relief_refusal(Relief("caffa", 0, 20, 2), Route.BOTH, "sea") or "")
    after = siege_step(
        dice(),
        "s",
        Ground("costantinopoli", CASTLE, constantinople=True, route=Route.BOTH),
        2,
        Besieger("a", 40, ()),
        Besieged("red", 20),
    )
    assert after.outcome is Outcome.REFUSED and "siege engine" in after.reason


def test_the_siege_turn_counts_from_the_turn_it_was_declared_A15() -> None:
    """L1914-1918, A-15: the turn of the declaration is the 1st siege turn."""
    assert siege_turn(Siege(territory="napoli", by="A", since=3), 3) == 1
    assert siege_turn(Siege(territory="napoli", by="A", since=3), 5) == 3
