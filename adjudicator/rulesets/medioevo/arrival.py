"""Arrival checks that depend on the mail's other lines: each order is judged by its phase's own
resolution, run on a copy of the state with only this power's orders, applied as the phase applies
them (the lines accepted above it in the order written; sales, card plays and the cathedral first,
wherever they stand, as the phase takes them). One path, so a line is refused on arrival for the
reason it would fail at the deadline, and not for one the lines above remove.

Setup deployment (004 L69-70) and purchases (002 L795-890) depend on nothing but the power's own
orders and the window's start (bar a TACCAGNO another power plays, judged at the deadline): what
fails there is refused (R85). Positioning (L1532-1554) places the VF that the reinforcements bring
(L962-1006), which freed prisoners (L1006) and the other phases of the window can still change:
what fails there is a warning, and the order is kept (R86).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from adjudicator.core.dice import Dice
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.orders import (
    PLACEMENT,
    PURCHASES,
    Deploy,
    PlaceCathedral,
    PlayPurchaseCard,
    Reserve,
)
from adjudicator.rulesets.medioevo.orders_economy import Sell
from adjudicator.rulesets.medioevo.phases import deployment, placement, purchase_cards, purchases
from adjudicator.rulesets.medioevo.phases.purchases import Buying
from adjudicator.rulesets.medioevo.state import MedioevoState

Resolve = Callable[[MedioevoState, str, Mapping[str, Sequence[Order]], Dice], Resolution]
"""The ruleset's ``resolve`` for one phase."""


class LeastDice(Dice):
    """Every die shows 1: a rehearsal assumes the least a roll can bring (a loan, CIAMBELLANO)."""

    def roll(self, sides: int, purpose: str) -> int:
        return 1


def _failure(results: Sequence[OrderResult], power: str, order: Order) -> str | None:
    """Why ``order``, the last the power gave, failed in the rehearsal; None when it succeeded."""
    text = order.canonical()
    mine = [r for r in results if r.power == power and r.order == text]
    if not mine or mine[-1].ok:
        return None
    reason = mine[-1].reason
    return reason.message if reason else "it would fail"


def deploy_problem(
    state: MedioevoState,
    power: str,
    order: Deploy,
    earlier: Sequence[Order],
    mail: Sequence[Order],
    data: DataSet,
) -> str | None:
    """A DEPLOY after the ones above it, the mail's cathedral placed first (as the phase does)."""
    first = [o for o in mail if isinstance(o, PlaceCathedral)]
    given = (*first, *(o for o in earlier if isinstance(o, Deploy)), order)
    return _failure(deployment.resolve(state, {power: given}, data).results, power, order)


class Rehearsal:
    """One mail's rehearsals, made as its lines are checked in order: its purchases, one line at a
    time on the state the lines above left; the window's phases before the positioning, with the
    mail's orders (dice showing 1), once for all its PLACE lines, as they do not depend on them."""

    def __init__(self, resolve: Resolve, before: Sequence[str], data: DataSet) -> None:
        self.resolve, self.before, self.data = resolve, tuple(before), data
        self._done: dict[tuple[str, tuple[Order, ...]], tuple[MedioevoState, MedioevoState]] = {}
        self._buying: dict[
            tuple[str, tuple[Order, ...]], tuple[MedioevoState, tuple[Order, ...], Buying]
        ] = {}

    def purchase_problem(
        self, state: MedioevoState, power: str, order: Order, earlier: Sequence[Order], mail: Sequence[Order]
    ) -> str | None:
        """A purchase after the ones above it: bought, paid and counted before it is judged."""
        first = tuple(o for o in mail if isinstance(o, Sell | PlayPurchaseCard))
        above = tuple(
            o for o in earlier if o.phase == PURCHASES and not isinstance(o, Sell | PlayPurchaseCard)
        )
        cached = self._buying.get((power, first))
        if cached is not None and cached[0] is state and above[: len(cached[1])] == cached[1]:
            _, done, buying = cached
        else:
            banned = purchase_cards.play_bans(state, {power: first}, self.data, [], [])
            done, buying = (), purchases.begin(state, banned, power, first, self.data, [], [])
        for earlier_order in above[len(done) :]:
            buying = purchases.buy(buying, earlier_order, self.data, [], [])
        self._buying[(power, first)] = (state, above, buying)
        results: list[OrderResult] = []
        purchases.buy(buying, order, self.data, [], results)
        return _failure(results, power, order)

    def state_before_placement(
        self, state: MedioevoState, power: str, mail: Sequence[Order]
    ) -> MedioevoState:
        """The state when the positioning begins, as things stand (made once a mail)."""
        key = (power, tuple(mail))
        done = self._done.get(key)
        if done is not None and done[0] is state:
            return done[1]
        start = state
        for phase in self.before:
            given = {power: [o for o in mail if o.phase == phase]}
            state = _as_medioevo(self.resolve(state, phase, given, LeastDice(b"", f"arrival {phase}")))
        self._done[key] = (start, state)
        return state

    def placement_warning(
        self, state: MedioevoState, power: str, order: Order, earlier: Sequence[Order], mail: Sequence[Order]
    ) -> str | None:
        """Why a PLACE would fail as things stand, after the lines above it (RESERVE first)."""
        state = self.state_before_placement(state, power, mail)
        reserve = [o for o in mail if isinstance(o, Reserve)]
        above = [o for o in earlier if o.phase == PLACEMENT and not isinstance(o, Reserve)]
        results: list[OrderResult] = []
        placement.place_orders(state, power, (*reserve, *above, order), self.data, [], results)
        why = _failure(results, power, order)
        if why is None:
            return None
        return f"as things stand, {why}; kept, and judged at the deadline with the VF you get then"


def _as_medioevo(resolution: Resolution) -> MedioevoState:
    assert isinstance(resolution.state, MedioevoState)
    return resolution.state
