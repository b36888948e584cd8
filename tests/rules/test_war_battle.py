"""One battle as a pure calculator (seed 002 L1649-L1842, L2008-L2023, L2057-L2065): every battle
example of the rulebook with the dice it states loaded, and the battle's invariants."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.war.battle import attack_strength, fight
from adjudicator.rulesets.medioevo.war.battle_cards import plan_problems
from adjudicator.rulesets.medioevo.war.battle_models import (
    Battle,
    BattleOutcome,
    BattlePlan,
    Captain,
    End,
    Force,
    Kind,
    Side,
    Steal,
    Withdraw,
)
from adjudicator.rulesets.medioevo.war.battle_results import prisoners_of

CARDS = default_dataset().cards
ONE_ROUND = BattlePlan(withdraw=Withdraw(after_rounds=1))


def loaded(*values: int) -> Dice:
    return Dice(seed=b"war-battle-test", namespace="T1.war", loaded=list(values))


def attacker(vf: int = 30, power: str = "blue", **kw: object) -> Force:
    kw.setdefault("captains", (Captain("Bruno", 1),))
    kw.setdefault("plan", ONE_ROUND)
    return Force(power=power, vf=vf, **kw)  # type: ignore[arg-type]


def field(att: Force | tuple[Force, ...], dfn: Force | tuple[Force, ...], **kw: object) -> Battle:
    atts = att if isinstance(att, tuple) else (att,)
    dfns = dfn if isinstance(dfn, tuple) else (dfn,)
    return Battle(
        number=kw.pop("number", 1), kind=kw.pop("kind", Kind.FIELD), attackers=atts, defenders=dfns, **kw
    )  # type: ignore[arg-type]


def one_round(att: Force, dfn: Force, *dice: int, **kw: object) -> BattleOutcome:
    return fight(field(att, dfn, **kw), loaded(*dice), CARDS)


def losses(outcome: BattleOutcome) -> tuple[int, int]:
    r = outcome.rounds[0]
    return r.attacker_loss, r.defender_loss


# --- the round's arithmetic (L1754-L1764) -------------------------------------------------------


def test_only_what_the_cart_carries_takes_part_and_one_vf_stays_aboard_L1689() -> None:
    """002 L1689-L1691: 24 VF with a level I war cart (20 VF): 20 take part, 19 fight."""
    assert attack_strength(24, 20) == (20, 19)
    assert attack_strength(12, 20) == (12, 11)


def test_the_lower_total_loses_the_difference_L1786_L1790() -> None:
    """002 L1786-L1792: 2 against 3, the attacker loses 1 and the defender nothing; 2 against 4, the
    attacker loses 2 and the defender 1 (half the difference, rounded down, L1758)."""
    assert losses(one_round(attacker(), Force("yellow", 10, owner=True), 2, 3)) == (1, 0)
    assert losses(one_round(attacker(), Force("yellow", 10, owner=True), 2, 4)) == (2, 1)


def test_balestriere_adds_one_L1794() -> None:
    """002 L1794: BALESTRIERE, 6 against 2: 7 - 2 = 5, the defender loses 5 and the attacker 2."""
    att = attacker(
        hand=("BALESTRIERE",), plan=BattlePlan(rounds=(("BALESTRIERE",),), withdraw=Withdraw(after_rounds=1))
    )
    out = one_round(att, Force("yellow", 10, owner=True), 6, 2)
    assert out.rounds[0].attack.total == 7
    assert losses(out) == (2, 5)
    assert out.rounds[0].words == (
        "Round 1: blue d6 6 +1 BALESTRIERE = 7 against yellow d6 2 = 2: blue loses 2 VF, yellow loses 5 VF."
    )


def test_a_tie_changes_nothing_L1796() -> None:
    """002 L1796-L1798: BALESTRIERE 3 + 1 against GENIO with INGEGNERIA 2 + 2: a tie, nobody loses
    anything, not even a card (L1764, L1768)."""
    att = attacker(
        hand=("BALESTRIERE",), plan=BattlePlan(rounds=(("BALESTRIERE",),), withdraw=Withdraw(after_rounds=1))
    )
    dfn = Force(
        "yellow",
        10,
        owner=True,
        hand=("GENIO",),
        technologies=frozenset({"ingegneria"}),
        plan=BattlePlan(rounds=(("GENIO",),)),
    )
    out = one_round(att, dfn, 3, 2)
    assert (out.rounds[0].attack.total, out.rounds[0].defence.total) == (4, 4)
    assert losses(out) == (0, 0)
    assert out.rounds[0].cards_lost == ()
    assert out.force("blue").hand == ("BALESTRIERE",) and out.force("yellow").hand == ("GENIO",)


def _l1800(defender_vf: int) -> BattleOutcome:
    plan = BattlePlan(rounds=(("BALESTRIERE", "EROINA"),), withdraw=Withdraw(after_rounds=1))
    att = attacker(
        3 * defender_vf, lt=2, hand=("BALESTRIERE", "EROINA"), plan=plan, cathedrals=1, bombards=1,
        technologies=frozenset({"strategia"}),
    )  # fmt: skip
    return one_round(att, Force("yellow", defender_vf, owner=True), 5, 1)


def test_eroina_strategia_and_a_bombard_L1800_and_the_cap_L1804() -> None:
    """002 L1800-L1804: BALESTRIERE, EROINA (d8), STRATEGIA at 3:1 and 1 Bombard: 1d8 rolls 5, 5 + 3
    = 8 against 1: the defender loses 7 and the attacker 3; a defender with only 4 VF loses 4 and
    the attacker 2, half of what was really lost (L1762)."""
    out = _l1800(10)
    roll = out.rounds[0].attack
    assert roll.sides == 8 and roll.total == 8
    assert dict(roll.modifiers) == {"BALESTRIERE": 1, "STRATEGIA 3:1": 1, "Bombard": 1}
    assert losses(out) == (3, 7)
    assert losses(_l1800(4)) == (2, 4)
    assert _l1800(4).end is End.DEFENDERS_ELIMINATED


def test_strategia_needs_the_3_to_1_ratio_every_round_L2988() -> None:
    """002 L2988: 30 VF against 12 get no bonus; 27 against 8 do (the ratio is recomputed)."""
    att = attacker(
        30, technologies=frozenset({"strategia"}), plan=BattlePlan(withdraw=Withdraw(after_rounds=2))
    )
    out = fight(field(att, Force("yellow", 12, owner=True)), loaded(5, 1, 1, 1), CARDS)
    assert dict(out.rounds[0].attack.modifiers) == {}
    assert out.force("blue").vf_start - out.rounds[0].attacker_loss == 28
    assert out.rounds[1].defence.power == "yellow" and dict(out.rounds[1].attack.modifiers) == {
        "STRATEGIA 3:1": 1
    }


def test_condottiero_with_tattica_and_genio_with_ingegneria_give_four_L1713() -> None:
    """002 L1713: CONDOTTIERO with TATTICA +2, then GENIO with INGEGNERIA: +4 on the die."""
    plan = BattlePlan(rounds=(("CONDOTTIERO", "GENIO"),), withdraw=Withdraw(after_rounds=1))
    techs = frozenset({"tattica", "ingegneria"})
    out = one_round(
        attacker(lt=2, hand=("CONDOTTIERO", "GENIO"), plan=plan, technologies=techs), Force("y", 9), 1, 1
    )
    assert dict(out.rounds[0].attack.modifiers) == {"CONDOTTIERO": 2, "GENIO": 2}


def test_lt_caps_the_cards_on_each_roll_L1693() -> None:
    """002 L1693-L1697, L1736: blue (LT 3) may play 3 cards, yellow (LT 2) at most 2, all different."""
    three = (("BALESTRIERE", "CONDOTTIERO", "ARCIERE"),)
    blue = attacker(lt=3, hand=three[0], plan=BattlePlan(rounds=three, withdraw=Withdraw(after_rounds=1)))
    yellow = Force("yellow", 10, lt=2, hand=("BALESTRIERE", "ARCIERE", "EROINA"), cathedrals=1,
                   plan=BattlePlan(rounds=(("BALESTRIERE", "ARCIERE", "EROINA"),)))  # fmt: skip
    assert plan_problems(blue, Side.ATTACKER, CARDS) == []
    assert plan_problems(yellow, Side.DEFENDER, CARDS) == ["roll 1: 3 cards, but LT 2 allows 2"]
    twice = BattlePlan(rounds=(("ARCIERE", "ARCIERE"),))
    assert "roll 1: the cards must all be different" in plan_problems(
        attacker(lt=3, plan=twice), Side.ATTACKER, CARDS
    )
    assert plan_problems(yellow, Side.ATTACKER, CARDS) == ["roll 1: 3 cards, but LT 2 allows 2"]
    condottiero = attacker(plan=BattlePlan(rounds=(("CONDOTTIERO",),)))
    assert plan_problems(condottiero, Side.DEFENDER, CARDS) == [
        "roll 1: CONDOTTIERO is not played in defence"
    ]
    out = one_round(blue, yellow, 3, 3)
    assert len(out.rounds[0].attack.cards) == 3 and out.rounds[0].defence.cards == ("BALESTRIERE", "ARCIERE")
    assert any("may play only 2 cards" in e for e in out.events)


def test_the_fortified_defender_and_the_stolen_balestriere_L1709() -> None:
    """002 L1709-L1711: a defender in a Tower with EROINA and BALESTRIERE rolls 1d8+3; the attacker
    loses the first roll (and the defender nothing, L1904), steals BALESTRIERE with LADRO, plays it
    with CONDOTTIERO and GENIO with INGEGNERIA: 1d4+4 against the defender's 1d8+1."""
    plan = BattlePlan(
        rounds=((), ("BALESTRIERE", "CONDOTTIERO", "GENIO")),
        steals=(Steal(2, "BALESTRIERE", "red"),),
        withdraw=Withdraw(after_rounds=2),
    )
    hand = ("LADRO", "CONDOTTIERO", "GENIO")
    att = attacker(40, lt=3, hand=hand, technologies=frozenset({"ingegneria"}), plan=plan)
    red = Force("red", 10, lt=2, owner=True, cathedrals=1, hand=("EROINA", "BALESTRIERE"),
                plan=BattlePlan(rounds=(("EROINA", "BALESTRIERE"),)))  # fmt: skip
    out = fight(field(att, red, kind=Kind.ASSAULT, fortification=1), loaded(1, 5, 4, 3), CARDS)
    first, second = out.rounds
    assert (first.attack.sides, first.defence.sides, first.defence.total - first.defence.value) == (4, 8, 3)
    assert (first.attacker_loss, first.defender_loss) == (7, 0)
    assert (second.attack.sides, second.attack.total - second.attack.value) == (4, 4)
    assert (second.defence.sides, second.defence.total - second.defence.value) == (8, 1)
    assert (second.attacker_loss, second.defender_loss) == (2, 4)
    assert second.cards_lost == (("red", "EROINA"),)
    assert out.force("blue").hand == ("CONDOTTIERO", "GENIO", "BALESTRIERE")
    assert out.force("red").hand == () and out.force("red").cards_lost == ("EROINA",)
    assert "LADRO" in out.force("blue").cards_discarded


def test_the_loser_of_a_roll_gives_up_a_played_card_L1768() -> None:
    """002 L1768: who played cards and lost the roll loses one of them, of his choice (sacrifice)."""
    plan = BattlePlan(
        rounds=(("BALESTRIERE", "ARCIERE"),), sacrifice=("ARCIERE",), withdraw=Withdraw(after_rounds=1)
    )
    out = one_round(attacker(lt=2, hand=("BALESTRIERE", "ARCIERE"), plan=plan), Force("y", 10), 1, 6)
    assert out.rounds[0].cards_lost == (("blue", "ARCIERE"),)
    assert out.force("blue").hand == ("BALESTRIERE",)


def test_arciere_costs_one_vf_whatever_the_dice_L2502() -> None:
    """002 L2502: ARCIERE, the opponent loses 1 VF more even on a tie (R137)."""
    plan = BattlePlan(rounds=(("ARCIERE",),), withdraw=Withdraw(after_rounds=1))
    assert losses(one_round(attacker(hand=("ARCIERE",), plan=plan), Force("y", 10), 3, 3)) == (0, 1)


def test_an_assault_defender_who_wins_loses_nothing_L1904() -> None:
    """002 L1902-L1904: d4 against d6 + 2 (a Fort); the winning defender loses no VF."""
    out = fight(
        field(attacker(), Force("y", 10, owner=True), kind=Kind.ASSAULT, fortification=2), loaded(1, 1), CARDS
    )
    assert (out.rounds[0].attack.sides, out.rounds[0].defence.total) == (4, 3)
    assert losses(out) == (2, 0)


def test_a_barbarian_captain_adds_his_level_L2354() -> None:
    """002 L2354: barbarian Captains give +1/+2/+3 in attack and defence; barbarians take no prisoners."""
    barbarians = Force("barbarians", 10, barbarian=True, captains=(Captain("Khan", 2),))
    out = one_round(attacker(), barbarians, 3, 3)
    assert dict(out.rounds[0].defence.modifiers) == {"barbarian Captain": 2}
    assert out.force("barbarians").prisoners == 0 and out.force("blue").lost == 2


# --- captains, prisoners, withdrawal, retreat (L1772-L1782, L2059-L2061) --------------------------


def test_a_captain_who_conquers_gains_a_level_L1806_and_loses_it_on_a_failed_attack_L1808() -> None:
    """002 L1806: a level I Captain who wins becomes level II. L1808: a level II Captain wins (III),
    attacks again and fails (back to II); he gains at most one level a turn (L1778)."""
    win = one_round(attacker(captains=(Captain("Bruno", 1),)), Force("y", 2), 6, 1)
    assert [(c.level_before, c.level_after) for c in win.captains] == [(1, 2)]
    second = attacker(captains=(Captain("Bruno", 3, promoted_this_turn=True),))
    fail = one_round(second, Force("y", 20), 1, 6)
    assert fail.end is End.ATTACKERS_WITHDREW and fail.winner is Side.DEFENDER
    assert [(c.level_before, c.level_after) for c in fail.captains] == [(3, 2)]
    capped = one_round(
        attacker(captains=(Captain("Bruno", 2, promoted_this_turn=True),)), Force("y", 1), 6, 1
    )
    assert capped.captains == ()
    gone = one_round(attacker(captains=(Captain("Bruno", 1),)), Force("y", 20), 1, 6)
    assert gone.captains[0].level_after == 0 and "reserve" in gone.events[-1]


def test_with_tattica_only_the_last_leader_drops_L1782() -> None:
    """002 L1782: several Captains attack together; breaking off drops all of them, with TATTICA only
    the last one who led a roll."""
    two = (Captain("Anna", 2), Captain("Bruno", 2))
    plan = BattlePlan(leaders=("Anna", "Bruno"), withdraw=Withdraw(after_rounds=2))
    out = fight(field(attacker(captains=two, plan=plan), Force("y", 30)), loaded(1, 2, 1, 2), CARDS)
    assert {c.name for c in out.captains} == {"Anna", "Bruno"}
    tattica = attacker(captains=two, plan=plan, technologies=frozenset({"tattica"}))
    out = fight(field(tattica, Force("y", 30)), loaded(1, 2, 1, 2), CARDS)
    assert [c.name for c in out.captains] == ["Bruno"]


def test_prisoners_are_10_percent_rounded_down_at_least_1_L2990() -> None:
    """002 L1772, L978, ex L2990: 25 VF lost give 2 prisoners, 5 with STRATEGIA; 3 VF give 1 (R135)."""
    assert (prisoners_of(25, 10), prisoners_of(25, 20), prisoners_of(3, 10), prisoners_of(0, 10)) == (
        2,
        5,
        1,
        0,
    )
    out = fight(
        field(attacker(40, plan=BattlePlan()), Force("y", 25, owner=True)), loaded(*[6, 1] * 5), CARDS
    )
    assert out.end is End.DEFENDERS_ELIMINATED and out.force("blue").prisoners == 2
    assert out.force("y").prisoners == prisoners_of(out.force("blue").lost, 10)


def test_a_defender_retreating_mid_battle_is_partly_captured_L2059_L2061() -> None:
    """002 L2059-L2065: after the battle began the attacker rolls by his Captain's level (d6 for II)
    and captures that many fleeing VF; the retreating Captain loses a level (L2061)."""
    dfn = Force(
        "y", 10, owner=True, captains=(Captain("Ugo", 2),), plan=BattlePlan(withdraw=Withdraw(below_vf=8))
    )
    dice = loaded(6, 2, 4)
    out = fight(field(attacker(captains=(Captain("Bruno", 2),), plan=BattlePlan()), dfn), dice, CARDS)
    y = out.force("y")
    assert out.end is End.DEFENDERS_RETREATED and out.winner is Side.ATTACKER
    assert (y.vf_left, y.lost, y.captured, y.retreated) == (0, 4, 4, 2)
    assert out.force("blue").prisoners == 1 + 4
    assert (dice.rolls[-1].purpose, dice.rolls[-1].sides) == ("battle 1 round 1 capture blue", 6)
    assert ("y", "Ugo", 2, 1) in [(c.power, c.name, c.level_before, c.level_after) for c in out.captains]


def test_a_retreat_before_the_battle_gives_the_attacker_1_po_L2059() -> None:
    """002 L2059, L2063: no roll at all; the attacker gains 1 PO and his Captain the level."""
    dfn = Force("y", 10, owner=True, plan=BattlePlan(withdraw=Withdraw(before_battle=True)))
    out = fight(field(attacker(), dfn), loaded(), CARDS)
    assert (out.rounds, out.attacker_po, out.end, out.force("y").retreated) == (
        (),
        1,
        End.DEFENDERS_RETREATED,
        10,
    )
    assert [(c.level_before, c.level_after) for c in out.captains] == [(1, 2)]


# --- several defenders and attackers (L1732, L1810-L1842) ----------------------------------------


def test_defenders_together_take_turns_L1810() -> None:
    """002 L1810, L1840-L1842: blue against yellow and green together: a roll against yellow, then
    one against green, each with its own cards."""
    yellow, green = (
        Force("yellow", 10),
        Force("green", 10, hand=("BALESTRIERE",), plan=BattlePlan(rounds=(("BALESTRIERE",),))),
    )
    out = fight(
        field(attacker(plan=BattlePlan(withdraw=Withdraw(after_rounds=3))), (yellow, green)),
        loaded(3, 3, 3, 3, 3, 3),
        CARDS,
    )
    assert [r.defence.power for r in out.rounds] == ["yellow", "green", "yellow"]
    assert [r.defence.cards for r in out.rounds] == [(), ("BALESTRIERE",), ()]


def test_the_owners_last_army_falls_last_L1812_L1820() -> None:
    """002 L1812-L1820: yellow attacks white (owner, 5 VF) with red (ally, 50 VF). Yellow inflicts 8
    on white, who can lose only 4 (yellow loses 2, L1762); then only red defends, and when red's last
    army falls white's last VF defends."""
    plan = BattlePlan(rounds=(("CONDOTTIERO", "BALESTRIERE"),))
    yellow = attacker(
        100,
        "yellow",
        lt=2,
        hand=("CONDOTTIERO", "BALESTRIERE"),
        plan=plan,
        technologies=frozenset({"tattica"}),
    )
    white, red = Force("white", 5, owner=True), Force("red", 50)
    out = fight(field(yellow, (white, red)), loaded(*[6, 1] * 9), CARDS)
    assert (out.rounds[0].attack.total, out.rounds[0].defence.total) == (9, 1)
    assert losses(out) == (2, 4)
    assert [r.defence.power for r in out.rounds] == ["white"] + ["red"] * 7 + ["white"]
    assert out.end is End.DEFENDERS_ELIMINATED
    assert (out.force("white").lost, out.force("red").lost) == (5, 50)


def test_a_power_in_a_barbarian_territory_helps_or_stands_aside_L1822_L1834() -> None:
    """002 L1822-L1828: B may help the barbarians, declaring war on A if at peace; if B does not
    help, a further attack is needed against B."""
    barb = Force("barbarians", 1, barbarian=True)
    helping = Force("b", 5, at_war=False)
    out = fight(field(attacker(), (barb, helping), ground=False), loaded(3, 3), CARDS)
    assert out.force("b").declared_war and "b declares war" in out.events[0]
    aside = Force("b", 5, joins=False)
    out = fight(field(attacker(plan=BattlePlan()), (barb, aside), ground=False), loaded(6, 1), CARDS)
    assert out.end is End.DEFENDERS_ELIMINATED and out.force("b").vf_left == 5
    assert out.force("b").left_battle == "stood aside" and "further attack" in out.events[0]


def test_a_crusade_attacks_in_turns_L1840() -> None:
    """002 L1840-L1842: several attackers (a Crusade) roll one at a time, each with its own cards."""
    a1 = attacker(20, "blue", plan=BattlePlan(withdraw=Withdraw(after_rounds=2)))
    a2 = attacker(20, "green", plan=BattlePlan(withdraw=Withdraw(after_rounds=2)))
    out = fight(field((a1, a2), Force("y", 40)), loaded(*[2, 2] * 4), CARDS)
    assert [r.attack.power for r in out.rounds] == ["blue", "green", "blue", "green"]
    assert out.end is End.ATTACKERS_WITHDREW


def test_unguarded_transports_in_a_barbarian_territory_L1699() -> None:
    """002 L1683-L1685, L1699-L1701: B in a barbarian territory has a war transport and a merchant
    transport; down from 5 VF to 1 it can guard only one of them."""
    b = Force("b", 5, transports=2, captains=(Captain("Ugo", 1),))
    out = one_round(attacker(20), b, 6, 2, ground=False)
    assert (out.force("b").vf_left, out.force("b").unprotected_transports) == (1, 1)


# --- naval (L2008-L2023) -------------------------------------------------------------------------


def test_ramming_then_field_rounds_L2037() -> None:
    """002 L2010-L2014, ex L2037-L2041: green's level III galley (40 VF) rams blue's level I galley
    escorting a merchantman (25 VF); both roll 2: green sinks 5, blue 3. Then a field round."""
    green = attacker(40, "green", galleys=(3,))
    blue = Force("blue", 25, galleys=(1,), transports=2)
    dice = loaded(2, 2, 3, 3)
    out = fight(field(green, blue, kind=Kind.NAVAL, ground=False), dice, CARDS)
    assert out.ramming is not None
    assert (out.ramming.defender_loss, out.ramming.attacker_loss) == (5, 3)
    assert [r.purpose for r in dice.rolls] == [
        "battle 1 ram attacker green galley 1",
        "battle 1 ram defender blue galley 1",
        "battle 1 round 1 attacker green",
        "battle 1 round 1 defender blue",
    ]
    assert (out.force("green").vf_left, out.force("blue").vf_left) == (37, 20)


def test_alchimia_at_sea_and_no_ramming_in_a_port_L2016_L2021() -> None:
    """002 L2016: ALCHIMIA +1 per warship in the ramming and +1 to the roll after; L2021, ex L2043:
    attacking a port there is no ramming, the battle is fought at once."""
    green = attacker(40, "green", galleys=(1, 1), technologies=frozenset({"alchimia"}))
    out = fight(
        field(green, Force("blue", 25, galleys=(1,)), kind=Kind.NAVAL, ground=False),
        loaded(1, 1, 1, 2, 2),
        CARDS,
    )
    assert out.ramming is not None and out.ramming.defender_loss == 6
    assert dict(out.rounds[0].attack.modifiers) == {"ALCHIMIA": 1}
    dice = loaded(4, 4)
    out = fight(field(green, Force("blue", 25, galleys=(1,)), kind=Kind.NAVAL, in_port=True), dice, CARDS)
    assert out.ramming is None and dice.rolls[0].purpose == "battle 1 round 1 attacker green"


# --- cards' conditions from the data (L2632, L2725, L2758) ---------------------------------------


def test_card_conditions_come_from_the_card_data_L2632_L2725_L2758() -> None:
    """EROINA needs a Cathedral (L2632); MONACO defends where the defender has buildings, +2 with
    MISTICISMO (L2725); TEMPLARE attacks a territory with buildings, +2 with MONOTEISMO (L2758). A
    card that cannot act is not played, so it cannot be lost either."""
    eroina = attacker(
        hand=("EROINA",), plan=BattlePlan(rounds=(("EROINA",),), withdraw=Withdraw(after_rounds=1))
    )
    out = one_round(eroina, Force("y", 10), 1, 6)
    assert out.rounds[0].attack.sides == 6 and out.force("blue").hand == ("EROINA",)
    assert "round 1: blue does not play EROINA: EROINA needs a Cathedral" in out.events
    monk = Force("y", 10, hand=("MONACO",), plan=BattlePlan(rounds=(("MONACO",),)), buildings_here=True)
    assert dict(one_round(attacker(), monk, 1, 1).rounds[0].defence.modifiers) == {"MONACO": 1}
    mystic = Force(
        "y", 10, hand=("MONACO",), plan=monk.plan, buildings_here=True, technologies=frozenset({"misticismo"})
    )
    assert dict(one_round(attacker(), mystic, 1, 1).rounds[0].defence.modifiers) == {"MONACO": 2}
    assert (
        one_round(attacker(), Force("y", 10, hand=("MONACO",), plan=monk.plan), 1, 1).rounds[0].defence.cards
        == ()
    )
    templar_plan = BattlePlan(rounds=(("TEMPLARE",),), withdraw=Withdraw(after_rounds=1))
    templar = attacker(hand=("TEMPLARE",), plan=templar_plan, technologies=frozenset({"monoteismo"}))
    assert dict(one_round(templar, Force("y", 10), 1, 1, buildings=True).rounds[0].attack.modifiers) == {
        "TEMPLARE": 2
    }
    assert one_round(templar, Force("y", 10), 1, 1).rounds[0].attack.cards == ()


def _card_roll(
    cards: tuple[str, ...], techs: tuple[str, ...] = (), kind: Kind = Kind.FIELD, lt: int = 2
) -> Force:
    plan = BattlePlan(rounds=(cards,), withdraw=Withdraw(after_rounds=1))
    return attacker(20, lt=lt, hand=cards, plan=plan, technologies=frozenset(techs), cathedrals=1)


def test_the_card_examples_L2476_L2488_L2582_L2596_L2669_L2671() -> None:
    """The round cards' own examples: ARCIERE (L2476-L2478: EROINA and ARCIERE, 6 against the
    barbarians' 4+1 in a Tower: 1 VF by the dice and 1 by ARCIERE wipe out their 2 VF); BALESTRIERE
    (L2488: both play it assaulting a Tower, 4+1 against 1+1+2: A loses 0, B 1 VF and the card);
    CONDOTTIERO (L2582: 6+1 against 5, B -2, A -1); EROINA (L2596: d6 instead of d4 against a barbarian
    Tower, 3 against 6+1: A loses 4 VF and EROINA, the barbarians nothing); GENIO (L2669: with
    MATEMATICA 5+1 against 3, B -3, A -1; L2671: with INGEGNERIA 2+2 against 6, A -2 and GENIO, B -1)."""
    tower = {"kind": Kind.ASSAULT, "fortification": 1}
    out = one_round(_card_roll(("EROINA", "ARCIERE")), Force("barbarians", 2, barbarian=True), 6, 4, **tower)
    assert (out.rounds[0].attack.sides, out.rounds[0].defence.total, losses(out)) == (6, 5, (0, 2))
    assert out.end is End.DEFENDERS_ELIMINATED
    b = Force("b", 10, owner=True, hand=("BALESTRIERE",), plan=BattlePlan(rounds=(("BALESTRIERE",),)))
    out = one_round(_card_roll(("BALESTRIERE",)), b, 4, 1, **tower)
    assert (out.rounds[0].attack.total, out.rounds[0].defence.total, losses(out)) == (5, 4, (0, 1))
    assert out.rounds[0].cards_lost == (("b", "BALESTRIERE"),)
    out = one_round(_card_roll(("CONDOTTIERO",)), Force("b", 10), 6, 5)
    assert (out.rounds[0].attack.total, losses(out)) == (7, (1, 2))
    out = one_round(_card_roll(("EROINA",)), Force("barbarians", 2, barbarian=True), 3, 6, **tower)
    assert (out.rounds[0].attack.sides, out.rounds[0].defence.total, losses(out)) == (6, 7, (4, 0))
    assert out.force("blue").cards_lost == ("EROINA",)
    out = one_round(_card_roll(("GENIO",), ("matematica",)), Force("b", 10), 5, 3)
    assert (out.rounds[0].attack.total, losses(out)) == (6, (1, 3))
    out = one_round(_card_roll(("GENIO",), ("ingegneria",)), Force("b", 10), 2, 6)
    assert (out.rounds[0].attack.total, losses(out), out.force("blue").cards_lost) == (4, (2, 1), ("GENIO",))


def test_alchimia_galley_example_L3090() -> None:
    """002 L3090: a level 3 galley with ALCHIMIA rams with 1d4+3+1, then rolls 1d6+1."""
    green = attacker(40, "green", galleys=(3,), technologies=frozenset({"alchimia"}))
    out = fight(
        field(green, Force("blue", 25, galleys=(1,)), kind=Kind.NAVAL, ground=False),
        loaded(2, 2, 3, 3),
        CARDS,
    )
    assert out.ramming is not None and out.ramming.rolls[0] == ("green", 3, 2, 6)
    assert (out.rounds[0].attack.sides, out.rounds[0].attack.total) == (6, 4)


def test_bombards_add_one_each_up_to_lt_but_not_in_an_assault_L1677_L2018() -> None:
    """002 L1677, L2018: +1 per level III siege engine in field and naval battles (R138), at most LT."""
    out = one_round(attacker(lt=2, bombards=3), Force("y", 20), 1, 1)
    assert dict(out.rounds[0].attack.modifiers) == {"Bombard": 2}
    out = fight(
        field(attacker(lt=2, bombards=3), Force("y", 20), kind=Kind.ASSAULT, fortification=1),
        loaded(1, 1),
        CARDS,
    )
    assert dict(out.rounds[0].attack.modifiers) == {}


def test_alchimia_on_land_costs_the_loser_one_more_vf_L3056() -> None:
    """L3054-L3056: ALCHIMIA's "+1 damage in pitched battles": 1 VF more on each roll it wins (R138)."""
    out = one_round(attacker(technologies=frozenset({"alchimia"})), Force("y", 20), 4, 2)
    assert losses(out) == (1, 3)


def test_nobody_defends_and_the_round_limit() -> None:
    """No defender takes part: the attackers win without a roll; a battle that reaches its round
    limit ends with the attackers breaking off (R143)."""
    out = fight(field(attacker(), Force("y", 5, joins=False)), loaded(), CARDS)
    assert (out.end, out.winner, out.rounds) == (End.UNDEFENDED, Side.ATTACKER, ())
    out = fight(field(attacker(plan=BattlePlan()), Force("y", 5), max_rounds=2), loaded(3, 3, 3, 3), CARDS)
    assert (out.end, out.winner, len(out.rounds)) == (End.ROUND_LIMIT, Side.DEFENDER, 2)
    assert out.captains[0].level_after == 0


def test_a_battle_needs_attacking_vf_and_each_power_once() -> None:
    with pytest.raises(ValueError, match="no attacking force has VF"):
        fight(field(attacker(0), Force("y", 5)), loaded(), CARDS)
    with pytest.raises(ValueError, match="only once"):
        fight(field(attacker(5, "y"), Force("y", 5)), loaded(), CARDS)


# --- invariants (hypothesis) ---------------------------------------------------------------------

ROUND_CARDS = ("ARCIERE", "BALESTRIERE", "CONDOTTIERO", "EROINA", "GENIO", "MONACO", "TEMPLARE")
TECHS = ("strategia", "tattica", "alchimia", "ingegneria", "matematica", "misticismo", "monoteismo")


@st.composite
def forces(draw: st.DrawFn, power: str, side: Side) -> Force:
    lt = draw(st.integers(1, 3))
    hand = tuple(draw(st.lists(st.sampled_from(ROUND_CARDS), unique=True, max_size=5)))
    rounds = tuple(
        tuple(draw(st.lists(st.sampled_from(ROUND_CARDS), unique=True, max_size=lt)))
        for _ in range(draw(st.integers(0, 3)))
    )
    withdraw = Withdraw(
        after_rounds=draw(st.none() | st.integers(1, 6)),
        below_vf=draw(st.none() | st.integers(1, 20)),
        before_battle=side is Side.DEFENDER and draw(st.integers(0, 9)) == 0,
    )
    return Force(
        power=power,
        vf=draw(st.integers(1, 60)),
        lt=lt,
        technologies=frozenset(draw(st.lists(st.sampled_from(TECHS), unique=True, max_size=4))),
        hand=hand,
        plan=BattlePlan(rounds=rounds, withdraw=withdraw),
        captains=tuple(
            Captain(f"{power}{i}", draw(st.integers(1, 3))) for i in range(draw(st.integers(0, 2)))
        ),
        cathedrals=draw(st.integers(0, 1)),
        bombards=draw(st.integers(0, 2)),
        galleys=tuple(draw(st.lists(st.integers(1, 3), max_size=2))),
        transports=draw(st.integers(0, 3)),
        owner=side is Side.DEFENDER and power == "d0",
        joins=draw(st.integers(0, 5)) > 0,
        buildings_here=draw(st.booleans()),
        barbarian=side is Side.DEFENDER and draw(st.integers(0, 5)) == 0,
    )


@st.composite
def battles(draw: st.DrawFn) -> Battle:
    kind = draw(st.sampled_from(list(Kind)))
    return Battle(
        number=draw(st.integers(1, 9)),
        kind=kind,
        attackers=tuple(draw(forces(f"a{i}", Side.ATTACKER)) for i in range(draw(st.integers(1, 2)))),
        defenders=tuple(draw(forces(f"d{i}", Side.DEFENDER)) for i in range(draw(st.integers(1, 3)))),
        fortification=draw(st.integers(0, 3)) if kind is Kind.ASSAULT else 0,
        buildings=draw(st.booleans()),
        in_port=draw(st.booleans()),
        ground=draw(st.booleans()),
    )


@settings(max_examples=150, deadline=None)
@given(battle=battles(), seed=st.binary(min_size=4, max_size=8))
def test_vf_are_never_negative_always_accounted_for_and_the_same_dice_fight_the_same_battle(
    battle: Battle, seed: bytes
) -> None:
    """VF never negative; every VF that started is left, lost, retreated or captured (L1758-L1772,
    L2059); each roll's losses within what the sides had; the same seed gives the same battle."""
    out = fight(battle, Dice(seed=seed, namespace="prop"), CARDS)
    for f in out.forces:
        assert min(f.vf_left, f.lost, f.retreated, f.captured, f.prisoners) >= 0
        assert f.vf_start == f.vf_left + f.lost + f.retreated + f.captured
    lost = sum(f.lost for f in out.forces)
    assert (
        sum(r.attacker_loss + r.defender_loss for r in out.rounds)
        + (out.ramming.attacker_loss + out.ramming.defender_loss if out.ramming else 0)
        == lost
    )
    captured = sum(f.captured for f in out.forces)
    taken = sum(f.prisoners for f in out.forces)
    assert taken <= lost + captured
    assert fight(battle, Dice(seed=seed, namespace="prop"), CARDS) == out
