"""The variant ASSEDIO SENZA MACCHINE DI ASSEDIO (seed 002 L3220-3222, ex L3238): a siege laid
without siege engines, worn down by attrition alone (L1960-1962) until nobody is left inside."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.state import Siege, TerritoryState
from adjudicator.rulesets.medioevo.variants import SIEGE_WITHOUT_ENGINES
from adjudicator.rulesets.medioevo.war import orders
from adjudicator.rulesets.medioevo.war.cargo_state import Refused
from adjudicator.rulesets.medioevo.war.siege import Besieged, Besieger, Ground, Outcome, siege_step
from adjudicator.rulesets.medioevo.war.siege_turns import continue_siege
from adjudicator.rulesets.medioevo.war.sieges import siege
from tests.rules.test_war_aftermath import PLAIN, run, state
from tests.rules.test_war_siege_run import CAP, CAPTAIN, DATA, T, dice, done, game

DICE = Dice(b"s" * 32, "T3.combat")


def test_a_siege_without_engines_is_laid_only_with_the_variant_L3222() -> None:
    """L1924: without the variant a siege needs an engine; with it, the siege is laid and goes on
    with no artillery and no reduction of the walls (L3222: only attrition)."""
    ground = Ground(PLAIN, 1)
    besieger, besieged = Besieger("red", 10, ()), Besieged("barbarians", 3, (1,))
    refused = siege_step(DICE, "siege", ground, 1, besieger, besieged)
    assert refused.outcome is Outcome.REFUSED and "siege engine" in refused.reason
    for number in (1, 2, 3):
        turn = siege_step(DICE, "siege", ground, number, besieger, besieged, engineless=True)
        assert (turn.outcome, turn.level, turn.artillery) == (Outcome.ONGOING, 1, None)
        assert turn.besieged_engines == (1,)  # nothing shot at them either


def test_antiochia_falls_to_attrition_in_the_4th_turn_ex_L3238() -> None:
    """Ex L3238: 3 VF of barbarians behind a Torre, besieged without engines, are taken in 4
    turns: 1 VF lost at the end of each siege turn from the 2nd (L1960), none left at the end of
    the 4th, when the territory is the besieger's with its Torre standing."""
    vf = []
    for turn in (4, 5, 6):  # siege turns 2, 3, 4 of a siege laid on turn 3
        s = state(
            turn, **{PLAIN: TerritoryState(armies={"barbarians": 3, "red": 10}, buildings=("city", "tower"))}
        )
        s = s.evolve(sieges=(Siege(territory=PLAIN, by="red", since=3),), variants=(SIEGE_WITHOUT_ENGINES,))
        if vf:
            s = s.with_territory(PLAIN, armies={"barbarians": vf[-1], "red": 10})
        after, _ = run(s)
        vf.append(after.territories[PLAIN].armies.get("barbarians", 0))
    assert vf == [2, 1, 0]
    taken = after.territories[PLAIN]
    assert (taken.owner, after.sieges) == ("red", ())
    assert "tower" in taken.buildings


def test_without_the_variant_attrition_takes_nothing_L1960() -> None:
    s = state(6, **{PLAIN: TerritoryState(armies={"barbarians": 1, "red": 10}, buildings=("city", "tower"))})
    after, _ = run(s.evolve(sieges=(Siege(territory=PLAIN, by="red", since=3),)))
    assert after.territories[PLAIN].owner is None and len(after.sieges) == 1


def test_the_siege_step_lays_a_siege_without_engines_and_continues_it_L3222() -> None:
    """The SIEGE step with a captain and no engine (war/sieges.py): refused without the variant
    (L1924), laid with it; its 2nd turn rolls nothing and leaves the walls as they are."""
    bare = game(15, 3, "tower", CAPTAIN)
    refused = siege(bare, "hungary", orders.Siege(T, captains=CAP), DATA, dice())
    assert isinstance(refused, Refused) and "siege engine" in refused.reason
    laid = done(
        siege(
            bare.evolve(variants=(SIEGE_WITHOUT_ENGINES,)),
            "hungary",
            orders.Siege(T, captains=CAP),
            DATA,
            dice(),
        )
    )
    assert laid.state.sieges == (Siege(territory=T, by="hungary", since=3, captain=1, route="land"),)
    later = laid.state.evolve(turn=4, war=None)
    d = dice()
    step = done(continue_siege(later, "hungary", T, DATA, d))
    assert d.rolls == [] and "tower" in step.state.territories[T].buildings and len(step.state.sieges) == 1
