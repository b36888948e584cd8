"""The CROCIATA (seed 002 L1452-1526; ex L1440, L1494-1502), run through the calamity registry's
effect and ongoing step with a CalamityStrike, and through its Diplomacy and Reinforcements."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike, effect_for, ongoing_steps
from adjudicator.rulesets.medioevo.church import crusade_plan
from adjudicator.rulesets.medioevo.church.events import CrusadeNews
from adjudicator.rulesets.medioevo.church.orders import CrusadeSide, PlanCrusade
from adjudicator.rulesets.medioevo.church.papacy import EXCOMMUNICATED, church_of, with_church
from adjudicator.rulesets.medioevo.church.records import CALLED, CRUSADER, DEFENDER, MARCHING, PREPARING
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger, religion_of
from adjudicator.rulesets.medioevo.phases import reinforcements
from adjudicator.rulesets.medioevo.state import MedioevoState
from tests.rules.church_support import DATA, ROME, dice, diplomacy_mail, economy

POPE = "holy_roman_empire"
CONSTANTINOPLE = "costantinopoli"
STRIKE = CalamityStrike("crociata", "card", (), 1, POPE)


def called(state: MedioevoState) -> MedioevoState:
    effect = effect_for("crociata")
    assert effect is not None
    state, events = effect(state, STRIKE, dice(), DATA)
    assert church_of(state).crusade is not None, events
    return state


def planned(state: MedioevoState, *lines: str) -> MedioevoState:
    orders = {POPE: diplomacy_mail(state, POPE, *lines)} if lines else {}
    ledger = Ledger(state, DATA)
    results: list = []
    crusade_plan.plan(ledger, orders, results)
    assert all(r.ok for r in results), results
    return ledger.state


def step(state: MedioevoState) -> tuple[MedioevoState, tuple]:
    found = dict(ongoing_steps())["crociata"]
    return found(state, dice(), DATA)


def test_drawn_the_pope_plans_and_every_side_is_taken_L1454_L1487() -> None:
    """L1454-1476: the Pope plans (Constantinople, 1 PO, is the Byzantine's); L1478-1487: the
    Catholics join by default, the Orthodox defender defends; the two sides are at war."""
    state = called(economy(POPE))
    assert church_of(state).crusade.stage == CALLED  # type: ignore[union-attr]
    assert CONSTANTINOPLE in crusade_plan.objectives(state, DATA, POPE, False)
    state = planned(state)  # silent: the default plan (R315)
    crusade = church_of(state).crusade
    assert crusade and crusade.objective == CONSTANTINOPLE and crusade.defender == "byzantium"
    assert crusade.departure == ROME and crusade.march_turn == state.turn + 4
    state, _, fanatics = crusade_plan.sides(state, {}, DATA, [])
    crusade = church_of(state).crusade
    assert crusade and crusade.stage == PREPARING
    assert crusade.sides == {POPE: CRUSADER, "hungary": CRUSADER, "france": CRUSADER, "byzantium": DEFENDER}
    assert state.at_war(POPE, "byzantium") and state.at_war("france", "byzantium")
    assert fanatics == {}


def test_example_L1496_1498_fanatismo_gives_5_vf_to_both_sides() -> None:
    """Ex L1496-1498: the Pope asks 30 VF; FANATISMO gives a crusader and a defender +5 VF in the
    Reinforcements (L1474), once."""
    state = called(economy(POPE, "GRANT hungary tech FANATISMO", "GRANT byzantium tech FANATISMO"))
    here = DATA.board.territories
    state = planned(
        state, f"CRUSADE TO {here[CONSTANTINOPLE].name} FROM {here[ROME].name} IN 2 TURNS MIN 30 VF"
    )
    assert church_of(state).crusade.min_vf == 30  # type: ignore[union-attr]
    result = reinforcements.resolve(state, {}, DATA)
    granted = {e.power: e.items for e in result.events if type(e).__name__ == "ReinforcementsGranted"}
    assert granted["hungary"]["FANATISMO (crusade)"] == 5
    assert granted["byzantium"]["FANATISMO (crusade)"] == 5
    assert "FANATISMO (crusade)" not in granted["france"]
    again = reinforcements.resolve(result.state, {}, DATA)
    assert not any(
        "FANATISMO (crusade)" in e.items for e in again.events if type(e).__name__ == "ReinforcementsGranted"
    )


def test_example_L1500_a_catholic_who_refuses_is_excommunicated() -> None:
    """Ex L1500: Hungary refuses to join: excommunicated, -2 PO (L1483, L2215)."""
    state = planned(called(economy(POPE)))
    honor = state.powers["hungary"].honor
    state, _, _ = crusade_plan.sides(state, {"hungary": (CrusadeSide("neutral"),)}, DATA, [])
    assert religion_of(state, "hungary", DATA) == EXCOMMUNICATED
    assert state.powers["hungary"].honor == honor - 2
    assert "may not defend" in (
        crusade_plan.side_problem(state, church_of(state).crusade, "france", DEFENDER, DATA) or ""
    )  # type: ignore[arg-type]


def test_example_L1494_the_departure_lost_loses_the_crusade() -> None:
    """Ex L1494: Venice (here Rome) chosen as departure is taken by the Byzantines and not retaken
    by the end of the preparation: the crusade fails; crusaders lose the PO, defenders gain (R317)."""
    state = planned(called(economy(POPE)))
    state, _, _ = crusade_plan.sides(state, {}, DATA, [])
    march = church_of(state).crusade.march_turn  # type: ignore[union-attr]
    state = state.with_territory(ROME, owner="byzantium")
    honor = {p: h.honor for p, h in state.powers.items()}
    state, events = step(state.evolve(turn=march - 1))
    assert church_of(state).crusade is not None  # still preparing
    state, events = step(state.evolve(turn=march))
    assert church_of(state).crusade is None
    news = next(e for e in events if isinstance(e, CrusadeNews))
    assert news.step == "lost" and news.po == {POPE: -1, "hungary": -1, "france": -1, "byzantium": 1}
    assert state.powers["byzantium"].honor == honor["byzantium"] + 1


def test_example_L1440_the_antipope_alone_with_1_vf_fails() -> None:
    """Ex L1440: no Pope (the barbarians hold Rome); the Hungarian Antipope must organise it, picks
    Constantinople and leaves with 1 VF: the army is destroyed on the way and the crusade is lost."""
    state = economy(None).with_power("hungary", religion="antipope")
    state = with_church(state, antipope="hungary", antipope_capital=state.owned_by("hungary")[0])
    state = state.with_territory(ROME, owner="barbarians", armies={})
    state = called(state)
    assert church_of(state).crusade.called_by == "hungary"  # type: ignore[union-attr]
    state = planned(state)
    state, _, _ = crusade_plan.sides(state, {}, DATA, [])
    crusade = church_of(state).crusade
    assert crusade and crusade.sides["hungary"] == CRUSADER and crusade.sides[POPE] != CRUSADER
    start = crusade.departure
    assert start is not None
    state = state.with_territory(start, armies={"hungary": 1})
    state, _ = step(state.evolve(turn=crusade.march_turn))
    assert church_of(state).crusade.stage == MARCHING  # type: ignore[union-attr]
    state = state.with_territory(start, armies={})
    state = state.evolve(pieces=tuple(p for p in state.pieces if p.owner != "hungary"))
    state, events = step(state.evolve(turn=crusade.march_turn + 1))
    assert church_of(state).crusade is None and events[0].step == "lost"  # type: ignore[attr-defined]


def test_won_when_a_crusader_holds_the_objective_L1524() -> None:
    """L1524: the objective falls: each crusader gains its PO, each defender loses them."""
    state = planned(called(economy(POPE)))
    state, _, _ = crusade_plan.sides(state, {}, DATA, [])
    honor = {p: h.honor for p, h in state.powers.items()}
    state, events = step(state.with_territory(CONSTANTINOPLE, owner="france"))
    assert church_of(state).crusade is None and events[0].step == "won"  # type: ignore[attr-defined]
    assert state.powers["france"].honor == honor["france"] + 1
    assert state.powers["byzantium"].honor == honor["byzantium"] - 1


def test_no_pope_no_antipope_no_crusade_L1456() -> None:
    state, events = effect_for("crociata")(economy(None), STRIKE, dice(), DATA)  # type: ignore[misc]
    assert state.church is None and events[0].step == "not called"  # type: ignore[attr-defined]


def test_crusade_orders_parse_to_their_canonical_forms() -> None:
    state = called(economy(POPE))
    orders = diplomacy_mail(
        state, POPE, "CROCIATA TO Costantinopoli FROM Stato della Chiesa IN 1 TURN MIN 20"
    )
    assert orders == (PlanCrusade(CONSTANTINOPLE, ROME, 1, 20),)
    assert orders[0].canonical() == "CRUSADE TO costantinopoli FROM stato_della_chiesa IN 1 TURN MIN 20 VF"


def test_the_standings_tell_the_crusade_and_the_excommunicated() -> None:
    """The report's standings (church/report.py): the crusade's plan and sides are public."""
    from adjudicator.rulesets.medioevo.church.report import church_paragraph

    assert church_paragraph(economy(POPE).to_json(), {}) is None
    state = planned(called(economy(POPE)))
    state, _, _ = crusade_plan.sides(state, {"hungary": (CrusadeSide("neutral"),)}, DATA, [])
    text = church_paragraph(state.to_json(), {"byzantium": "Impero Bizantino"}) or ""
    assert "crusade (preparing) on costantinopoli (1 PO)" in text
    assert "defenders Impero Bizantino" in text and "excommunicated: hungary" in text


def test_a_bot_free_to_choose_joins_when_strong_enough() -> None:
    """Issue 19: bots join crusades: a power of a third faith, free to choose (L1485), joins when
    strong enough; the defender's faith may not join (L1484) and is left to its default."""
    from adjudicator.bots_church import church_orders
    from adjudicator.core.view import PlayerView
    from adjudicator.rulesets.medioevo.church.legal import options
    from adjudicator.rulesets.medioevo.orders import REINFORCEMENTS

    state = planned(called(economy(POPE)))
    state = state.with_power("france", religion="tengri")  # a third faith: free to choose (L1485)
    legal = options(state, (REINFORCEMENTS,), "france", DATA)
    assert {o.canonical() for o in legal} == {"CRUSADE JOIN", "CRUSADE DEFEND", "CRUSADE NEUTRAL"}

    def view(vf: int) -> PlayerView:
        data = state.to_json()
        data["territories"] = {"x": {"armies": {"france": vf}}}
        return PlayerView(viewer="france", game="g", ruleset="medioevo", turn=1, window="w", data=data)

    assert church_orders(view(100), legal) == ["CRUSADE JOIN"]
    assert church_orders(view(30), legal) == []
    assert church_orders(view(100), options(state, (REINFORCEMENTS,), "byzantium", DATA)) == []
