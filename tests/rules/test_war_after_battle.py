"""CERUSICO and MEDICO played after the battles (war/after_battle.py; seed 002 L2548, L2713,
L3136-3146; R237, R238): the branches the scenarios ex L2574 and ex L2691 do not take. Pure: a
state by hand with this phase's ``WarTurn.wounded``, the step run by ``run_scripts``, the play
made by ``play_after_battles``."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.state import MedioevoState, PowerState, TerritoryState
from adjudicator.rulesets.medioevo.war.after_battle import play_after_battles, queue_plans
from adjudicator.rulesets.medioevo.war.events import BattleFought, RollShown, RoundShown
from adjudicator.rulesets.medioevo.war.events_aftermath import AfterCardKept
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.records import DoctrineClause, WarTurn, Wound
from adjudicator.rulesets.medioevo.war.recovery import record_wounded
from adjudicator.rulesets.medioevo.war.run import RunOutcome, run_scripts
from tests.rules.war_states import war_state

DATA = default_dataset()


def game(wounded: dict[str, tuple[Wound, ...]], techs: tuple[str, ...] = ("chirurgia",)) -> MedioevoState:
    pest = {"pest": TerritoryState(owner="hungary", armies={"hungary": 10})}
    state = war_state(("hungary", "venice"), pest, (), (), discards=("genio", "eroina", "arciere"))
    state = state.evolve(war=WarTurn(wounded=wounded))
    return state.with_power("hungary", cards=("cerusico", "medico"), techs=techs)


def run(state: MedioevoState, *lines: str) -> RunOutcome:
    sub = parse_war_lines(state, "hungary", list(enumerate(lines, 1)), DATA, strict=False)
    assert not sub.issues, sub.issues
    return run_scripts(state, {"hungary": sub.orders}, DATA)


def test_a_play_with_nothing_to_act_on_keeps_the_card_and_tells_its_holder_R237() -> None:
    """No VF lost in battle (all taken prisoner), no card lost: both cards stay in the hand."""
    state = game({"hungary": (Wound(where="pest", vf=0),)})
    out = run(state, "PLAY cerusico", "PLAY medico")
    assert all(r.ok for r in out.results)
    after, events = play_after_battles(out.state, DATA, Dice(b"s", "t"))
    assert after.powers["hungary"].cards == ("cerusico", "medico")
    assert after.powers["hungary"].recovered == 0
    kept = [e for e in events if isinstance(e, AfterCardKept)]
    assert [k.reason for k in kept] == [
        "no VF of armies lost in a battle this phase (prisoners excluded)",
        "no Empire card lost in a battle this phase",
    ]
    assert kept[0].visibility.allows("hungary") and not kept[0].visibility.allows("venice")
    assert after.war is not None and after.war.after_plays == ()


def test_medico_takes_the_battle_of_the_most_cards_one_with_chirurgia_L2713() -> None:
    """Without FOR: the battle where the most cards were lost, the first lost first; CHIRURGIA
    gives 1 card (``medico_cards``); a card named but not lost is refused at the end."""
    wounds = (
        Wound(where="pest", vf=2, cards=("arciere",)),
        Wound(where="bihar", vf=1, cards=("genio", "eroina")),
    )
    out = run(game({"hungary": wounds}), "PLAY medico")
    after, _ = play_after_battles(out.state, DATA, Dice(b"s", "t"))
    assert after.powers["hungary"].cards == ("cerusico", "genio")
    assert after.discards == ("eroina", "arciere", "medico")
    assert after.war is not None and after.war.wounded["hungary"][1].cards == ("eroina",)
    out = run(game({"hungary": wounds}), "PLAY medico FOR templare")
    after, events = play_after_battles(out.state, DATA, Dice(b"s", "t"))
    assert "medico" in after.powers["hungary"].cards
    assert any(isinstance(e, AfterCardKept) and "TEMPLARE was not lost" in e.reason for e in events)


def test_the_step_is_refused_without_the_technology_or_twice_for_one_card_R237() -> None:
    state = game({}, techs=())
    (refused,) = run(state, "PLAY cerusico").results
    assert (
        refused.reason is not None and "CERUSICO needs one of MEDICINA, CHIRURGIA" in refused.reason.message
    )
    first, second = run(game({}), "PLAY cerusico", "PLAY cerusico").results
    assert first.ok and second.reason is not None
    assert "already played at the end of this phase" in second.reason.message


def test_a_state_saved_with_one_number_a_power_still_loads_R236() -> None:
    turn = WarTurn.model_validate({"wounded": {"hungary": 3}})
    assert turn.wounded == {"hungary": (Wound(vf=3),)}


def test_a_standing_after_doctrine_plays_on_its_scope_and_is_silent_with_nothing_R237() -> None:
    """``DOCTRINE IN bihar AFTER cerusico``: only the battle in Bihar counts (2 VF, though Pest
    cost 5); a phase with no loss there plays nothing and says nothing."""
    wounds = (Wound(where="pest", vf=5), Wound(where="bihar", vf=2))
    state = game({"hungary": wounds})
    standing = (DoctrineClause(clause="AFTER cerusico", place="bihar"),)
    state = state.with_power("hungary", doctrines=standing)
    after, events = play_after_battles(state, DATA, Dice(b"s", "t", loaded=[6]))
    assert after.powers["hungary"].recovered == 2 and "cerusico" not in after.powers["hungary"].cards
    assert after.war is not None and [w.vf for w in after.war.wounded["hungary"]] == [5, 0]
    quiet = state.evolve(war=WarTurn(wounded={"hungary": (Wound(where="pest", vf=5),)}))
    after, events = play_after_battles(quiet, DATA, Dice(b"s", "t"))
    assert events == [] and "cerusico" in after.powers["hungary"].cards


def test_a_plans_after_clause_is_queued_when_an_attack_uses_the_plan_R237() -> None:
    lines = [(1, "PLAN p AFTER medico"), (2, "ATTACK bihar FROM cart 1 WITH captain 1 PLAN p")]
    orders = parse_war_lines(game({}), "hungary", lines, DATA, strict=False).orders
    assert queue_plans(game({}), {"hungary": orders}, DATA).war == WarTurn(
        after_plays=(("hungary", "medico", ""),)
    )
    assert queue_plans(game({}), {"hungary": orders[:1]}, DATA).war == WarTurn()


def _roll(power: str) -> RollShown:
    return RollShown(power=power, die=6, value=1, total=1)


def test_each_battle_is_one_wound_less_its_prisoners_with_its_lost_cards_R237() -> None:
    """A battle against two defenders: the attacker's prisoners are charged to the main defender
    (venice), the defenders' to the attacker, as ``attack_outcome`` charges them (L1772); the
    cards lost are read from the rounds (L1768); a second resolution adds its battle."""
    state = game({})
    state = state.evolve(powers={**state.powers, "sicily": PowerState(kingdom="sicily", florins=0)})
    lost = RoundShown(
        n=1,
        attack=_roll("hungary"),
        defence=_roll("venice"),
        attacker_loss=6,
        defender_loss=3,
        cards_lost=(("hungary", "GENIO"),),
    )
    battle = BattleFought(
        attacker="hungary",
        defender="venice",
        territory="friuli",
        winner="defender",
        end="withdrawn",
        lost={"hungary": 6, "venice": 2, "sicily": 1},
        captured={},
        prisoners={"hungary": 1, "venice": 2},
        detail=(lost,),
    )
    after = record_wounded(state, state, [battle])
    assert after.war is not None and after.war.wounded == {
        "hungary": (Wound(where="friuli", vf=4, cards=("genio",)),),
        "venice": (Wound(where="friuli", vf=1),),
        "sicily": (Wound(where="friuli", vf=1),),
    }
    again = record_wounded(after, after, [battle.model_copy(update={"territory": "pest"})])
    assert again.war is not None and [w.where for w in again.war.wounded["hungary"]] == ["friuli", "pest"]
