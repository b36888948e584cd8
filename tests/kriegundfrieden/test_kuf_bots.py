"""Bots play Krieg und Frieden to its end with no refused order; orders read back from their
canonical text; a silent noble's default orders are legal at every step; the same seed and
orders give the same game (issue 20)."""

from __future__ import annotations

import pytest

from adjudicator.bots_kuf import kuf_orders
from adjudicator.core.engine import resolve_window, window_label
from adjudicator.core.stepping import open_step, resolve_step, step_label
from adjudicator.core.view import PlayerView
from adjudicator.rulesets.kriegundfrieden.state import KufState
from tests.kriegundfrieden.kuf_support import RULESET, SEED, new_game


def _play_to_the_end(seats: tuple[str, ...]) -> tuple[KufState, list[str], int]:
    state = new_game(seats)
    refused: list[str] = []
    steps = 0
    while not state.over:
        steps += 1
        assert steps < 3000, "the game does not end"
        step = open_step(RULESET, state)
        if step is None:
            state = resolve_window(RULESET, state, {}, SEED).state  # type: ignore[assignment]
            continue
        label = step_label(RULESET, state, step)
        given = {}
        for power in step.powers:
            defaults = [o.canonical() for o in RULESET.default_orders(state, step.phases[0], power)]
            silent = RULESET.parse(state, power, list(enumerate(defaults, 1)))
            refused += [f"{label} {power} default: {i.describe()}" for i in silent.issues]
            view = PlayerView(
                viewer=power,
                game="kuf",
                ruleset="kriegundfrieden",
                turn=state.turn,
                window=label,
                data=RULESET.view(state, power),
            )
            lines = kuf_orders(view, RULESET.legal_orders(state, power))
            read = RULESET.parse(state, power, list(enumerate(lines, 1)))
            refused += [f"{label} {power}: {i.describe()}" for i in read.issues]
            again = RULESET.parse(state, power, [(1, o.canonical()) for o in read.orders][:1], strict=False)
            assert again.orders[:1] == read.orders[:1]  # canonical text reads back to the order
            given[power] = list(read.orders)
        out = resolve_step(RULESET, state, step, given, SEED)
        refused += [f"{out.label} {r.describe()}" for r in out.results if not r.ok]
        state = out.state  # type: ignore[assignment]
    assert window_label(RULESET, state)
    return state, refused, steps


@pytest.mark.parametrize("seats", [("anna", "bruno", "carla"), ("anna", "bruno", "carla", "dora")])
def test_bots_play_to_the_end_without_a_refused_order(seats: tuple[str, ...]) -> None:
    """001 L128: the game ends with the cathedral's last piece (or the agenda cards run out)."""
    state, refused, _ = _play_to_the_end(seats)
    assert state.over and state.winners and state.ending
    assert refused == []


def test_the_option_turns_ends_the_game_after_that_year() -> None:
    """Option ``turns``: the game ends when that year's autumn is over (scored as L130)."""
    from adjudicator.core.engine import resolve_window as window

    state = new_game(("anna", "bruno", "carla"), turns=1)
    for _ in range(60):
        if state.over:
            break
        step = open_step(RULESET, state)
        state = (
            resolve_step(RULESET, state, step, {}, SEED) if step else window(RULESET, state, {}, SEED)
        ).state  # type: ignore[assignment]
    assert state.over and state.turn == 1 and "last year" in state.ending


def test_the_same_seed_and_orders_give_the_same_game() -> None:
    first, _, steps = _play_to_the_end(("anna", "bruno", "carla"))
    again, _, steps_again = _play_to_the_end(("anna", "bruno", "carla"))
    assert (first.digest(), steps) == (again.digest(), steps_again)
