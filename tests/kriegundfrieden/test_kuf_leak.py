"""No view tells a secret (digest §6): along a bot game, changing another noble's hidden things (its
cards, which of them defend only, its agenda cards, its standing orders) or the deck's order
leaves every other viewer's view exactly as it was; the hand sizes stay public (K14)."""

from __future__ import annotations

from adjudicator.bots_kuf import kuf_orders
from adjudicator.core.stepping import open_step, resolve_step
from adjudicator.core.view import PlayerView
from tests.kriegundfrieden.kuf_support import RULESET, SEED, hide_secrets_of, new_game


def test_views_hide_what_the_rules_hide() -> None:
    state = new_game(("anna", "bruno", "carla"))
    checked = 0
    for _ in range(120):
        if state.over:
            break
        for owner in state.seats:
            other = hide_secrets_of(state, owner)
            for viewer in (*state.seats, "public"):
                if viewer != owner:
                    assert RULESET.view(other, viewer) == RULESET.view(state, viewer), (owner, viewer)
                    checked += 1
        step = open_step(RULESET, state)
        assert step is not None
        given = {}
        for power in step.powers:
            view = PlayerView(
                viewer=power,
                game="kuf",
                ruleset=RULESET.name,
                turn=state.turn,
                window="w",
                data=RULESET.view(state, power),
            )
            lines = kuf_orders(view, RULESET.legal_orders(state, power))
            given[power] = list(RULESET.parse(state, power, list(enumerate(lines, 1))).orders)
        state = resolve_step(RULESET, state, step, given, SEED).state  # type: ignore[assignment]
    assert checked > 500
