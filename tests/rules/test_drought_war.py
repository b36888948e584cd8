"""A SICCITA under way read by the war (adjudicator/rulesets/medioevo/war/drought_war.py; seed 002
L1352-1356, ex L1312; ruling R303): the defenders' fixed -1 and double losses, the captains who
began the Combat in the dried lands and may not attack, the sieges that go on only with LOGISTICA
and lose double on both sides. Pure: states built by hand, dice loaded."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo.calamity.records import Drought, Ongoing
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.war import events_aftermath as ev
from adjudicator.rulesets.medioevo.war.aftermath import aftermath
from adjudicator.rulesets.medioevo.war.events import BattleFought
from adjudicator.rulesets.medioevo.war.legal import war_options
from adjudicator.rulesets.medioevo.war.orders import Attack, ScriptStep
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.siege_turns import continue_siege
from adjudicator.rulesets.medioevo.war.window import resolve_combat
from tests.rules import test_war_aftermath as siege_end
from tests.rules import test_war_attack_run as attack
from tests.rules import test_war_siege_run as sieges

DATA = attack.DATA
T = "transilvania"


def dried(state: MedioevoState, *lands: str) -> MedioevoState:
    """This turn's drought on ``lands`` (the river does not matter here)."""
    return state.evolve(ongoing=Ongoing(drought=Drought(turn=state.turn, river="po", territories=lands)))


def first_round(state: MedioevoState, loaded: list[int]) -> str:
    out, _ = attack.run(state, loaded, "ATTACK transilvania FROM cart 1 WITH captain 1")
    (fought,) = attack.events(out, BattleFought)
    return fought.rounds[0]


def test_ex_L1312_the_defender_in_the_dried_lands_rolls_at_minus_one_L1352() -> None:
    """Ex L1312: A attacks B in a territory the drought struck, coming from one it did not: B
    defends at -1 (L1352, "un -1 fisso al tiro del dado"). Equal dice (4 and 4), a tie without the
    drought, are a win of the attacker by 1, and B's loss of 1 is doubled."""
    wet = attack.game(cart_vf=15, venice=5)
    assert "a tie: nothing happens" in first_round(wet, [4, 4] * 20)
    words = first_round(dried(wet, T), [4, 4] * 20)
    assert "venice d6 4 -1 SICCITA = 3" in words
    assert "hungary loses 0 VF, venice loses 2 VF" in words


def test_the_defender_s_losses_double_not_the_attacker_s_L1352() -> None:
    """L1352: "le perdite in battaglia raddoppiano" for the armies that defend there. A 1 against a
    4: without the drought Hungary loses 3 and Venice 1 (half, L1758); with it Venice's 4 - 1 = 3
    beats the 1 by 2, Hungary loses 2 (not doubled: it attacks) and Venice 1 doubled to 2."""
    wet = attack.game(cart_vf=15, venice=5)
    assert "hungary loses 3 VF, venice loses 1 VF" in first_round(wet, [1, 4] * 20)
    assert "hungary loses 2 VF, venice loses 2 VF" in first_round(dried(wet, T), [1, 4] * 20)


def combat(state: MedioevoState, script: str) -> Resolution:
    lines = list(enumerate(script.strip().splitlines(), 1))
    sub = parse_war_lines(state, "hungary", lines, DATA, strict=False)
    assert not sub.issues, sub.issues
    dice = Dice(seed=b"drought-war", namespace="T3.war", loaded=[6, 1] * 10)
    return resolve_combat(state, {"hungary": sub.orders}, dice, DATA)


def test_a_captain_who_began_the_combat_in_the_dried_lands_may_not_attack_L1354() -> None:
    """L1354: "I Capitani che iniziano il Combattimento in questi territori non possono attaccare":
    captain 1 aboard the cart in Bihar, struck, may not lead the attack on Transilvania (refused,
    with the line); one that began at Pest and crosses Bihar on its way may."""
    out = combat(
        dried(attack.game(cart_vf=15, venice=3), "bihar"), "ATTACK transilvania FROM cart 1 WITH captain 1"
    )
    (result,) = out.results
    assert not result.ok and result.reason is not None and result.reason.code == "no-attacks"
    assert "SICCITA struck: it may not attack (L1354)" in result.reason.message
    assert out.state.territories[T].owner == "venice"
    rehearsed, _ = attack.run(  # the script runner alone, as a rehearsal on arrival runs it
        dried(attack.game(cart_vf=15, venice=3), "bihar"),
        [6, 1],
        "ATTACK transilvania FROM cart 1 WITH captain 1",
    )
    assert not rehearsed.results[0].ok
    passing = """
LOAD captain 1 ON cart 1
LOAD 15 VF ON cart 1
MOVE cart 1 VIA bihar
ATTACK transilvania FROM cart 1 WITH captain 1
"""
    done = combat(dried(attack.game(venice=3), "bihar"), passing)
    assert [r.ok for r in done.results] == [True] * 4, done.results
    assert done.state.territories[T].owner == "hungary"


def test_a_siege_in_the_dried_lands_goes_on_only_with_logistica_L1356() -> None:
    """L1356: "Gli assedi possono continuare se l'assediate possiede LOGISTICA" (the besieger, digest
    A44): Hungary's siege of Transilvania, in its 2nd turn where the drought struck, is lifted
    without LOGISTICA (its captain loses a level, L1780); with it the siege goes on."""
    state = dried(sieges.sieged(40, 25), T)
    out = sieges.done(continue_siege(state, "hungary", T, DATA, sieges.dice()))
    assert out.state.sieges == () and "only with LOGISTICA (L1356)" in out.note
    learned = state.with_power("hungary", techs=("logistica",))
    kept = sieges.done(continue_siege(learned, "hungary", T, DATA, sieges.dice(6, 1)))
    assert len(kept.state.sieges) == 1


def test_a_siege_s_field_battle_in_the_dried_lands_costs_both_sides_double_L1356() -> None:
    """L1356: "le perdite raddoppiano da entrambe le parti". Ex L1972's siege turn (the catapult takes
    the Castello to a Fortilizio, 5 defenders outside) with LOGISTICA, a 6 against a 1: without the
    drought Hungary loses 2 (half the 5 it kills, L1758) and the 5 outside fall; with it Hungary's 2
    are doubled to 4 (the besieger's too) and Venice still loses its 5 (no more than stand
    outside, L1762)."""
    wet = sieges.sieged(40, 25).with_power("hungary", techs=("logistica",))
    normal = sieges.done(continue_siege(wet, "hungary", T, DATA, sieges.dice(6, 1)))
    dry = sieges.done(continue_siege(dried(wet, T), "hungary", T, DATA, sieges.dice(6, 1)))
    (battle,) = [e for e in normal.events if isinstance(e, BattleFought)]
    assert battle.lost == {"hungary": 2, "venice": 5}
    (battle,) = [e for e in dry.events if isinstance(e, BattleFought)]
    assert battle.lost == {"hungary": 4, "venice": 5}


def test_siege_attrition_doubles_on_both_sides_in_the_dried_lands_L1356() -> None:
    """Ex L1978's attrition (15 besiegers and 10 inside a Fortilizio lose 1 each at the end of the
    2nd siege turn) where the drought struck: 2 each (L1356)."""
    state = dried(siege_end._siege(turn=4, since=3), siege_end.PLAIN)
    after, events = siege_end.run(state)
    assert after.territories[siege_end.PLAIN].armies == {"mamluks": 8, "red": 13}
    (worn,) = [e for e in events if isinstance(e, ev.SiegeAttrition)]
    assert (worn.besieger_loss, worn.besieged_loss) == (2, 2)


def test_no_drought_no_change_in_the_siege_s_attrition() -> None:
    """The same siege without the drought keeps ex L1978's 1 each (the factor is the drought's)."""
    after, _ = aftermath(siege_end._siege(turn=4, since=3), DATA, siege_end.DICE)
    assert after.territories[siege_end.PLAIN].armies == {"mamluks": 9, "red": 14}


def test_the_template_offers_exactly_the_attacks_the_judge_takes_L3252() -> None:
    """The template's attacks are judged on the judge's own movement world (``world_taking``): in
    a two-player game (area: Hungary's kingdom, L3252) Venice's Rutenia Rossa, beside Bihar but
    outside the area, was offered and then refused by the judge; now the template offers, of
    Venice's lands beside the cart, exactly those the judge lets it attack."""
    state = attack.game(cart_vf=15, venice=3, play_area=("hungary",))
    rutenia = TerritoryState(owner="venice", armies={"venice": 3})
    state = state.evolve(territories={**state.territories, "rutenia_rossa": rutenia})
    steps = [o.order for o in war_options(state, "hungary", DATA) if isinstance(o.order, ScriptStep)]
    offered = {s.action.target for s in steps if isinstance(s.action, Attack)}
    taken: set[str] = set()
    for target in ("transilvania", "rutenia_rossa"):
        out, _ = attack.run(state, [6, 1] * 10, f"ATTACK {target} FROM cart 1 WITH captain 1")
        if out.results[0].ok:
            taken.add(target)
        else:
            assert out.results[0].reason is not None and "L3252" in out.results[0].reason.message
    assert taken == {"transilvania"}
    assert offered & {"transilvania", "rutenia_rossa"} == taken
