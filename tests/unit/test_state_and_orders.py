"""GameState JSON round trip and digest; orders' canonical text parses back to the same order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from adjudicator.core.dice import Dice
from adjudicator.core.engine import resolve_window
from adjudicator.rulesets.medioevo.orders import Bid, Place, RepayLoan, TakeLoan
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState

RULES = MedioevoRuleset()
SEED = b"s" * 32
POWERS = ["holy_roman_empire", "hungary", "france", "byzantium"]


def _state() -> MedioevoState:
    state, _ = RULES.initial_state("g", POWERS, {}, Dice(SEED, "T0.setup"))
    assert isinstance(state, MedioevoState)
    return state


def test_json_round_trip_keeps_the_digest() -> None:
    state = _state()
    again = MedioevoState.from_json(state.to_json())
    assert again == state and again.digest() == state.digest()
    assert state.evolve(turn=2).digest() != state.digest()


def test_resolution_never_changes_the_state_it_was_given() -> None:
    state = _state()
    before = state.to_json()
    resolve_window(RULES, state, {}, SEED)
    assert state.to_json() == before


TERRITORIES = sorted(RULES.board.territories)


@given(
    st.one_of(
        st.builds(Bid, st.integers(0, 10_000)),
        st.just(TakeLoan()),
        st.just(RepayLoan()),
        st.builds(Place, st.integers(1, 99), st.sampled_from(TERRITORIES)),
    )
)
def test_canonical_text_parses_back_to_the_same_order(order: Bid | TakeLoan | RepayLoan | Place) -> None:
    state = _state().evolve(turn=2)  # turn 2 opens the bids window, so BID is accepted
    for window in (0, 1):
        at = state.evolve(window=window)
        parsed = RULES.parse(at, "hungary", [(1, order.canonical())], strict=False)
        if order.phase in {p for p in RULES.windows()[window].phases}:
            assert parsed.orders == (order,)
            assert not parsed.issues
