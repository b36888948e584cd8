"""Every calamity on a real game's board (the setup of tests/rules/economy_window.py) and the
steps under way over the next turns: no error, no VF below 1 kept in a territory's armies, a state
that survives its JSON, a report line for every event."""

from __future__ import annotations

import pytest

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike, effect_for, ongoing_steps
from adjudicator.rulesets.medioevo.state import MedioevoState
from tests.rules import economy_window

DATA = economy_window.DATA
CARDS = ("e16", "e18", "e28")  # Hungary's plain, the Straits, the Nile: powers, barbarians, seas


@pytest.fixture(scope="module")
def game() -> MedioevoState:
    return economy_window.economy().evolve(turn=4)


@pytest.mark.parametrize("calamity", sorted(c for c in DATA.calamities if effect_for(c)))
def test_every_calamity_on_a_real_board(game: MedioevoState, calamity: str) -> None:
    function = effect_for(calamity)
    assert function is not None
    for card in CARDS:
        info = DATA.events[card]
        strike = CalamityStrike(
            calamity=calamity,
            card=card,
            red_area=info.areas,
            land_zone=info.land_zone,
            first_player="hungary",
        )
        state, events = function(game, strike, Dice(b"smoke", "T4.events"), DATA)
        assert all(e.summary() for e in events)
        for turn in range(5, 8):
            for _, step in ongoing_steps():
                state, more = step(state.evolve(turn=turn), Dice(b"smoke", f"T{turn}.events"), DATA)
                assert all(e.summary() for e in more)
        assert all(n > 0 for t in state.territories.values() for n in t.armies.values())
        assert MedioevoState.from_json(state.to_json()) == state
