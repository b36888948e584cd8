"""The year's flow: a step's answers applied, then the season run on standing orders until a noble
must be asked or the season ends, when the next season opens (pure).

The opening of a season is done by the resolution that ends the one before (the autumn's income
when the summer ends), so the next window knows at once who it waits for. A resolution never runs
a season past its opening: each window holds its own season's moves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.rulesets.kriegundfrieden.autumn import (
    AUTUMN,
    apply_autumn,
    close_autumn,
    open_autumn,
    run_autumn,
)
from adjudicator.rulesets.kriegundfrieden.common import Ctx, end_game
from adjudicator.rulesets.kriegundfrieden.orders import KufOrder
from adjudicator.rulesets.kriegundfrieden.spring import (
    SPRING,
    apply_spring,
    close_spring,
    open_spring,
    run_spring,
)
from adjudicator.rulesets.kriegundfrieden.state import KufState
from adjudicator.rulesets.kriegundfrieden.summer import SUMMER, apply_summer, open_summer, run_summer
from adjudicator.rulesets.kriegundfrieden.winter import (
    WINTER,
    apply_winter,
    close_winter,
    open_winter,
    run_winter,
)

APPLY = {WINTER: apply_winter, SPRING: apply_spring, SUMMER: apply_summer, AUTUMN: apply_autumn}
RUN = {WINTER: run_winter, SPRING: run_spring, SUMMER: run_summer, AUTUMN: run_autumn}


def resolve_season(
    state: KufState, season: str, orders: Mapping[str, Sequence[KufOrder]], ctx: Ctx
) -> KufState:
    """One resolution of ``season``'s window: the open decision's answers (silent nobles' are the
    defaults the engine gave), then the season on."""
    if state.ending or state.season != season:
        return state
    pending = state.pending
    if pending is not None and pending.season == season:
        state = APPLY[season](state, pending.kind, orders, ctx)
    if state.pending is not None:
        return state
    state, done = RUN[season](state, ctx)
    if not done or state.ending:
        return state
    return next_season(state, ctx)


def next_season(state: KufState, ctx: Ctx) -> KufState:
    """Close the season and open the next (its decisions are the next window's)."""
    season = state.season
    if season == WINTER:
        return open_spring(close_winter(state))
    if season == SPRING:
        state = close_spring(state, ctx)
        return state if state.ending else open_summer(state)
    if season == SUMMER:
        return open_autumn(state, ctx)
    state = close_autumn(state)
    if state.last_year and state.turn >= state.last_year:
        return end_game(state, ctx, f"the game's last year, {state.last_year}, is over (option turns)")
    return open_winter(state, ctx)
