"""R100's default withdrawal and ``WITHDRAW IF OUTNUMBERED`` (seed 002 L1721: after each round
"l'attaccante decide se iniziare un nuovo round o ritirarsi"; R100, R212): an attack whose plan
says nothing of withdrawing breaks off after 10 rounds, or as soon as its VF are fewer than the
defenders' still fighting; any ``WITHDRAW`` clause replaces that default whole."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.war import clauses
from adjudicator.rulesets.medioevo.war.battle import fight
from adjudicator.rulesets.medioevo.war.battle_models import BattlePlan, Force, Side, Withdraw
from adjudicator.rulesets.medioevo.war.orders import PlanLine
from adjudicator.rulesets.medioevo.war.plans import DEFAULT_WITHDRAW, plan_of
from tests.rules.war_battle import CARDS, attacker, field, loaded


def test_the_default_plan_withdraws_after_10_rounds_or_outnumbered_R100() -> None:
    """R100: no WITHDRAW clause: after 10 rounds, or when outnumbered."""
    plan, _ = plan_of((), "DEFAULT")
    assert plan.withdraw == DEFAULT_WITHDRAW == Withdraw(after_rounds=10, outnumbered=True)


def test_a_withdraw_clause_replaces_the_default_whole_R212() -> None:
    """R212: ``WITHDRAW BELOW 1`` fights to the end (no 10-round limit, no outnumbered rule);
    ``WITHDRAW IF OUTNUMBERED`` alone has no round limit."""
    below, _ = plan_of((PlanLine(plan="p", clause=clauses.Withdraw("BELOW", 1)),), "p")
    assert below.withdraw == Withdraw(below_vf=1)
    outnumbered, _ = plan_of((PlanLine(plan="p", clause=clauses.Withdraw("IF OUTNUMBERED")),), "p")
    assert outnumbered.withdraw == Withdraw(outnumbered=True)


def test_the_attacker_breaks_off_when_its_vf_are_fewer_than_the_defenders_L1721() -> None:
    """L1721, R100: 12 against 10; a 1 against a 6 costs the attacker 5 (7 left against 8): it
    withdraws after that roll, the defender keeping the field."""
    att = attacker(12, plan=BattlePlan(withdraw=DEFAULT_WITHDRAW))
    out = fight(field(att, Force(power="red", vf=10)), loaded(1, 6, 6, 1), CARDS)
    assert len(out.rounds) == 1 and out.winner is Side.DEFENDER
    assert any("blue withdraws with 7 VF (L1721)" in e for e in out.events)


def test_the_default_breaks_off_after_10_rounds_L1721() -> None:
    """R100: even rolls (3 against 3: nobody loses, L1756) for ever: the attacker leaves after its
    10th roll; fighting on takes a plan that says so."""
    att = attacker(10, plan=BattlePlan(withdraw=DEFAULT_WITHDRAW))
    out = fight(field(att, Force(power="red", vf=10)), loaded(*[3] * 40), CARDS)
    assert len(out.rounds) == 10 and any("after round 10 blue withdraws" in e for e in out.events)
    on = attacker(10, plan=BattlePlan(withdraw=Withdraw(below_vf=1)))
    assert len(fight(field(on, Force(power="red", vf=10)), loaded(*[3] * 40), CARDS).rounds) > 10
