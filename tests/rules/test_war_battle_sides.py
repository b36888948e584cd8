"""One battle's end and sides (seed 002 L1772-L1842, L2008-L2065): Captains, prisoners, retreat,
several defenders and attackers, naval ramming, each rulebook example with its dice loaded."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.war import battle_models as bm
from adjudicator.rulesets.medioevo.war.battle import fight
from adjudicator.rulesets.medioevo.war.battle_results import prisoners_of
from tests.rules.war_battle import CARDS, attacker, field, loaded, losses, one_round

# --- captains, prisoners, withdrawal, retreat (L1772-L1782, L2059-L2061) --------------------------


def test_a_captain_who_conquers_gains_a_level_L1806_and_loses_it_on_a_failed_attack_L1808() -> None:
    """002 L1806: a level I Captain who wins becomes level II. L1808: a level II Captain wins (III),
    attacks again and fails (back to II); he gains at most one level a turn (L1778)."""
    win = one_round(attacker(captains=(bm.Captain("Bruno", 1),)), bm.Force("y", 2), 6, 1)
    assert [(c.level_before, c.level_after) for c in win.captains] == [(1, 2)]
    second = attacker(captains=(bm.Captain("Bruno", 3, promoted_this_turn=True),))
    fail = one_round(second, bm.Force("y", 20), 1, 6)
    assert fail.end is bm.End.ATTACKERS_WITHDREW and fail.winner is bm.Side.DEFENDER
    assert [(c.level_before, c.level_after) for c in fail.captains] == [(3, 2)]
    capped = one_round(
        attacker(captains=(bm.Captain("Bruno", 2, promoted_this_turn=True),)), bm.Force("y", 1), 6, 1
    )
    assert capped.captains == ()
    gone = one_round(attacker(captains=(bm.Captain("Bruno", 1),)), bm.Force("y", 20), 1, 6)
    assert gone.captains[0].level_after == 0 and "reserve" in gone.events[-1]


def test_with_tattica_only_the_last_leader_drops_L1782() -> None:
    """002 L1782: several Captains attack together; breaking off drops all of them, with TATTICA only
    the last one who led a roll."""
    two = (bm.Captain("Anna", 2), bm.Captain("Bruno", 2))
    plan = bm.BattlePlan(leaders=("Anna", "Bruno"), withdraw=bm.Withdraw(after_rounds=2))
    out = fight(field(attacker(captains=two, plan=plan), bm.Force("y", 30)), loaded(1, 2, 1, 2), CARDS)
    assert {c.name for c in out.captains} == {"Anna", "Bruno"}
    tattica = attacker(captains=two, plan=plan, technologies=frozenset({"tattica"}))
    out = fight(field(tattica, bm.Force("y", 30)), loaded(1, 2, 1, 2), CARDS)
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
        field(attacker(40, plan=bm.BattlePlan()), bm.Force("y", 25, owner=True)), loaded(*[6, 1] * 5), CARDS
    )
    assert out.end is bm.End.DEFENDERS_ELIMINATED and out.force("blue").prisoners == 2
    assert out.force("y").prisoners == prisoners_of(out.force("blue").lost, 10)


def test_a_defender_retreating_mid_battle_is_partly_captured_L2059_L2061() -> None:
    """002 L2059-L2065: after the battle began the attacker rolls by his Captain's level (d6 for II)
    and captures that many fleeing VF; the retreating Captain loses a level (L2061)."""
    dfn = bm.Force(
        "y",
        10,
        owner=True,
        captains=(bm.Captain("Ugo", 2),),
        plan=bm.BattlePlan(withdraw=bm.Withdraw(below_vf=8)),
    )
    dice = loaded(6, 2, 4)
    out = fight(field(attacker(captains=(bm.Captain("Bruno", 2),), plan=bm.BattlePlan()), dfn), dice, CARDS)
    y = out.force("y")
    assert out.end is bm.End.DEFENDERS_RETREATED and out.winner is bm.Side.ATTACKER
    assert (y.vf_left, y.lost, y.captured, y.retreated) == (0, 4, 4, 2)
    assert out.force("blue").prisoners == 1 + 4
    assert (dice.rolls[-1].purpose, dice.rolls[-1].sides) == ("battle 1 round 1 capture blue", 6)
    assert ("y", "Ugo", 2, 1) in [(c.power, c.name, c.level_before, c.level_after) for c in out.captains]


def test_a_retreat_before_the_battle_gives_the_attacker_1_po_L2059() -> None:
    """002 L2059, L2063: no roll at all; the attacker gains 1 PO and his Captain the level."""
    dfn = bm.Force("y", 10, owner=True, plan=bm.BattlePlan(withdraw=bm.Withdraw(before_battle=True)))
    out = fight(field(attacker(), dfn), loaded(), CARDS)
    assert (out.rounds, out.attacker_po, out.end, out.force("y").retreated) == (
        (),
        1,
        bm.End.DEFENDERS_RETREATED,
        10,
    )
    assert [(c.level_before, c.level_after) for c in out.captains] == [(1, 2)]


# --- several defenders and attackers (L1732, L1810-L1842) ----------------------------------------


def test_defenders_together_take_turns_L1810() -> None:
    """002 L1810, L1840-L1842: blue against yellow and green together: a roll against yellow, then
    one against green, each with its own cards."""
    yellow, green = (
        bm.Force("yellow", 10),
        bm.Force("green", 10, hand=("BALESTRIERE",), plan=bm.BattlePlan(rounds=(("BALESTRIERE",),))),
    )
    out = fight(
        field(attacker(plan=bm.BattlePlan(withdraw=bm.Withdraw(after_rounds=3))), (yellow, green)),
        loaded(3, 3, 3, 3, 3, 3),
        CARDS,
    )
    assert [r.defence.power for r in out.rounds] == ["yellow", "green", "yellow"]
    assert [r.defence.cards for r in out.rounds] == [(), ("BALESTRIERE",), ()]


def test_the_owners_last_army_falls_last_L1812_L1820() -> None:
    """002 L1812-L1820: yellow attacks white (owner, 5 VF) with red (ally, 50 VF). Yellow inflicts 8
    on white, who can lose only 4 (yellow loses 2, L1762); then only red defends, and when red's last
    army falls white's last VF defends."""
    plan = bm.BattlePlan(rounds=(("CONDOTTIERO", "BALESTRIERE"),))
    yellow = attacker(
        100,
        "yellow",
        lt=2,
        hand=("CONDOTTIERO", "BALESTRIERE"),
        plan=plan,
        technologies=frozenset({"tattica"}),
    )
    white, red = bm.Force("white", 5, owner=True), bm.Force("red", 50)
    out = fight(field(yellow, (white, red)), loaded(*[6, 1] * 9), CARDS)
    assert (out.rounds[0].attack.total, out.rounds[0].defence.total) == (9, 1)
    assert losses(out) == (2, 4)
    assert [r.defence.power for r in out.rounds] == ["white"] + ["red"] * 7 + ["white"]
    assert out.end is bm.End.DEFENDERS_ELIMINATED
    assert (out.force("white").lost, out.force("red").lost) == (5, 50)


def test_a_power_in_a_barbarian_territory_helps_or_stands_aside_L1822_L1834() -> None:
    """002 L1822-L1828: B may help the barbarians, declaring war on A if at peace; if B does not
    help, a further attack is needed against B."""
    barb = bm.Force("barbarians", 1, barbarian=True)
    helping = bm.Force("b", 5, at_war=False)
    out = fight(field(attacker(), (barb, helping), ground=False), loaded(3, 3), CARDS)
    assert out.force("b").declared_war and "b declares war" in out.events[0]
    aside = bm.Force("b", 5, joins=False)
    out = fight(field(attacker(plan=bm.BattlePlan()), (barb, aside), ground=False), loaded(6, 1), CARDS)
    assert out.end is bm.End.DEFENDERS_ELIMINATED and out.force("b").vf_left == 5
    assert out.force("b").left_battle == "stood aside" and "further attack" in out.events[0]


def test_a_crusade_attacks_in_turns_L1840() -> None:
    """002 L1840-L1842: several attackers (a Crusade) roll one at a time, each with its own cards."""
    a1 = attacker(20, "blue", plan=bm.BattlePlan(withdraw=bm.Withdraw(after_rounds=2)))
    a2 = attacker(20, "green", plan=bm.BattlePlan(withdraw=bm.Withdraw(after_rounds=2)))
    out = fight(field((a1, a2), bm.Force("y", 40)), loaded(*[2, 2] * 4), CARDS)
    assert [r.attack.power for r in out.rounds] == ["blue", "green", "blue", "green"]
    assert out.end is bm.End.ATTACKERS_WITHDREW


def test_unguarded_transports_in_a_barbarian_territory_L1699() -> None:
    """002 L1683-L1685, L1699-L1701: B in a barbarian territory has a war transport and a merchant
    transport; down from 5 VF to 1 it can guard only one of them."""
    b = bm.Force("b", 5, transports=2, captains=(bm.Captain("Ugo", 1),))
    out = one_round(attacker(20), b, 6, 2, ground=False)
    assert (out.force("b").vf_left, out.force("b").unprotected_transports) == (1, 1)


# --- naval (L2008-L2023) -------------------------------------------------------------------------


def test_ramming_then_field_rounds_L2037() -> None:
    """002 L2010-L2014, ex L2037-L2041: green's level III galley (40 VF) rams blue's level I galley
    escorting a merchantman (25 VF); both roll 2: green sinks 5, blue 3. Then a field round."""
    green = attacker(40, "green", galleys=(3,))
    blue = bm.Force("blue", 25, galleys=(1,), transports=2)
    dice = loaded(2, 2, 3, 3)
    out = fight(field(green, blue, kind=bm.Kind.NAVAL, ground=False), dice, CARDS)
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
        field(green, bm.Force("blue", 25, galleys=(1,)), kind=bm.Kind.NAVAL, ground=False),
        loaded(1, 1, 1, 2, 2),
        CARDS,
    )
    assert out.ramming is not None and out.ramming.defender_loss == 6
    assert dict(out.rounds[0].attack.modifiers) == {"ALCHIMIA": 1}
    dice = loaded(4, 4)
    out = fight(
        field(green, bm.Force("blue", 25, galleys=(1,)), kind=bm.Kind.NAVAL, in_port=True), dice, CARDS
    )
    assert out.ramming is None and dice.rolls[0].purpose == "battle 1 round 1 attacker green"


def test_ladro_takes_from_the_other_sides_first_holder_never_from_an_ally_R228() -> None:
    """002 ex L1709 (R228): ``BEFORE 2: ladro FOR genio`` without ``FROM`` robs the first power of
    the other side that holds GENIO (here the second defender); named ``FROM`` an ally, no LADRO
    is played and it stays in hand."""
    steal = bm.BattlePlan(steals=(bm.Steal(2, "GENIO", ""),), withdraw=bm.Withdraw(after_rounds=2))
    defenders = (bm.Force("y", 10, owner=True), bm.Force("g", 10, hand=("GENIO",)))
    out = fight(field(attacker(hand=("LADRO",), plan=steal), defenders), loaded(1, 2, 1, 2), CARDS)
    assert out.force("blue").hand == ("GENIO",) and out.force("g").hand == ()
    ally = bm.BattlePlan(steals=(bm.Steal(2, "GENIO", "red"),), withdraw=bm.Withdraw(after_rounds=2))
    pair = (attacker(hand=("LADRO",), plan=ally), attacker(power="red", hand=("GENIO",)))
    out = fight(field(pair, bm.Force("y", 60)), loaded(1, 2, 1, 2), CARDS)
    assert out.force("blue").hand == ("LADRO",) and out.force("red").hand == ("GENIO",)
    assert "blue plays no LADRO: red fights on its side" in out.events
