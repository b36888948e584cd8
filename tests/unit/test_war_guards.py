"""The conditions of a combat script's IF guards (war/guards.py, docs/war.md §3.4): read on
arrival in canonical form (every form: CONDITIONS in test_war_orders.py), refused with the forms
or a "did you mean", decided on a state with the fact that decides them."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.guards import guard_failure, guard_holds
from adjudicator.rulesets.medioevo.war.orders import ScriptStep
from tests.unit.test_war_orders import RULES, game, read, refusal


def test_a_guarded_step_keeps_its_conditions_in_canonical_form() -> None:
    (step,) = read("if pest held by me and not at war with france: MOVE cart 1 TO pest").orders
    assert isinstance(step, ScriptStep)
    assert step.conds == ("pest HELD BY hungary", "NOT AT WAR WITH france")


def test_a_condition_that_does_not_read_refuses_its_line() -> None:
    assert "no condition reads 'armenia FALLEN'" in refusal("IF armenia FALLEN: MOVE cart 1 TO armenia")
    assert refusal("IF armenja HELD BY ME: MOVE cart 1 TO pest").startswith(
        "IF armenja HELD BY ME: no territory called 'armenja' (did you mean Armenia?)"
    )


def _with_vf(state: MedioevoState, territory: str, vf: int) -> MedioevoState:
    armies = {**state.territories[territory].armies, "hungary": vf}
    return state.with_territory(territory, armies=armies)


def test_conditions_are_decided_on_the_state_with_the_fact() -> None:
    state = game()
    home = state.owned_by("hungary")[0]
    cart = state.piece("hungary", "war_wagon", 1)
    assert cart is not None
    data = RULES.data
    assert guard_holds(state, "hungary", f"{home} HELD BY ME", data) == (True, f"{home} is held by hungary")
    assert guard_failure(state, "hungary", (f"{home} HELD BY byzantium",), data) == (
        f"guard failed: {home} is held by hungary"
    )
    assert guard_failure(state, "hungary", ("NOT AT WAR WITH france",), data) is None
    assert guard_failure(state, "hungary", ("AT WAR WITH france",), data) == (
        "guard failed: hungary is not at war with france"
    )
    armed = _with_vf(state, home, 12)
    assert guard_failure(armed, "hungary", (f"VF IN {home} AT LEAST 12",), data) is None
    assert guard_failure(armed, "hungary", (f"VF IN {home} AT LEAST 13",), data) == (
        f"guard failed: hungary has 12 VF in {home}"
    )
    assert guard_failure(state, "hungary", (f"cart 1 IN {cart.location}",), data) is None
    assert guard_failure(state, "hungary", ("cart 1 HAS 3 PM",), data, lambda s, p, piece: 2) == (
        "guard failed: cart 1 has 2 PM left"
    )
