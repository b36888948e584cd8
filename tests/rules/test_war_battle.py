"""One battle as a pure calculator (seed 002 L1715-L1804, L2470-L2758): the round, its dice and
modifiers, losses and cards, with the dice each rulebook example states loaded."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.medioevo.war.battle import attack_strength, fight
from adjudicator.rulesets.medioevo.war.battle_cards import plan_problems
from adjudicator.rulesets.medioevo.war.battle_models import (
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
from tests.rules.war_battle import CARDS, attacker, field, loaded, losses, one_round

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


def test_the_optional_terrain_variant_enters_as_named_modifiers_L3260() -> None:
    """L3260-L3280 (optional variant): the wiring names terrain bonuses; they add to the roll."""
    hill = one_round(attacker(extra_modifiers=(("higher ground", 1),)), Force("y", 10), 3, 3)
    assert (hill.rounds[0].attack.total, losses(hill)) == (4, (0, 1))
    river = one_round(attacker(extra_modifiers=(("across a river", -1),)), Force("y", 10), 3, 3)
    assert (dict(river.rounds[0].attack.modifiers), losses(river)) == ({"across a river": -1}, (1, 0))


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
