"""``MedioevoState.owned_by`` answers from an index found once per state (issue 18: the engine asked
it thousands of times a window, each a walk over every territory); a new state never shows an old
state's owners."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState


def _state() -> MedioevoState:
    rules = MedioevoRuleset()
    state, _ = rules.initial_state(
        "g", ["holy_roman_empire", "hungary", "france", "byzantium"], {"turns": 3}, Dice(b"o" * 32, "setup")
    )
    assert isinstance(state, MedioevoState)
    return state


def test_owned_by_follows_every_way_a_state_changes_its_territories() -> None:
    state = _state()
    assert "pest" in state.owned_by("hungary") and "pest" not in state.owned_by("france")
    taken = state.with_territory("pest", owner="france")  # evolve with new territories
    assert "pest" in taken.owned_by("france") and "pest" not in taken.owned_by("hungary")
    assert "pest" in state.owned_by("hungary")  # the old state is as it was
    richer = taken.with_power("france", florins=999)  # territories untouched: the index is kept
    assert richer.owned_by("france") == taken.owned_by("france")
    copied = taken.model_copy(update={"territories": state.territories})
    assert "pest" in copied.owned_by("hungary") and "pest" not in copied.owned_by("france")
    assert state.owned_by("nobody") == ()


def test_the_index_is_not_part_of_the_state() -> None:
    state = _state()
    state.owned_by("hungary")
    assert "ownership" not in state.to_json()
    assert state == state.evolve() and state.digest() == MedioevoState.from_json(state.to_json()).digest()


def test_evolve_validates_the_changed_fields_and_refuses_unknown_ones() -> None:
    state = _state()
    moved = state.evolve(turn="4", deck=["a", "b"])  # coerced as the model does: int, tuple
    assert moved.turn == 4 and moved.deck == ("a", "b") and state.turn == 1
    for bad in ({"turn": "four"}, {"turnn": 4}):
        try:
            state.evolve(**bad)
        except ValueError:  # pydantic's ValidationError
            continue
        raise AssertionError(f"evolve took {bad}")
