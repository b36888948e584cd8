"""The papal election (seed 002 L2180-2182, ex L2204-2208), run where the Events phase begins.

Each Catholic under the Pope (not excommunicated, L2215) votes openly with ``ELECT <power>``: 1
vote, +1 for each Cathedral he owns, each VESCOVO, CARDINALE or EROINA he shows and each 250
florins he pays to the bank. A silent Catholic votes for himself (R307). Only such a Catholic may
be elected. Most votes wins; on a tie the tied candidates' sealed offers (``OFFER n`` on their own
ballot) decide, the winner paying his; equal offers: the first in turn order (R307). Then up to 10
VF of the Papal State's holder leave it, 1 VF staying for each of his transports there, and 10 VF
of the new Pope stand there; the new Pope's power owns it (ex L2206-2208)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.rulesets.medioevo.church.events import PapalVotes
from adjudicator.rulesets.medioevo.church.orders import Elect
from adjudicator.rulesets.medioevo.church.papacy import (
    ELECTION,
    catholics,
    church_of,
    make_pope,
    papal_state,
)
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.orders import REINFORCEMENTS
from adjudicator.rulesets.medioevo.state import MedioevoState

VOTE_CARDS = ("vescovo", "cardinale", "eroina")  # L2180
FLORINS_PER_VOTE = 250
SEAT_VF = 10  # VF removed from the old holder and given to the new Pope (L2182)


def due(state: MedioevoState) -> bool:
    church = church_of(state)
    return church.vacant == ELECTION and (church.election_turn or 0) <= state.turn


def ballot(state: MedioevoState, power: str, orders: Sequence[Order]) -> Elect:
    return next((o for o in orders if isinstance(o, Elect)), Elect(power))


def weight(state: MedioevoState, power: str, vote: Elect) -> tuple[int, int]:
    """(votes, florins paid): 1 + Cathedrals + cards shown from the hand + 250s paid (L2180)."""
    held = state.powers[power]
    cathedrals = sum(1 for t in state.owned_by(power) if "cathedral" in state.territories[t].buildings)
    shown = sum(1 for c in vote.shown if c in VOTE_CARDS and c in held.cards)
    bought = min(vote.pay, held.florins) // FLORINS_PER_VOTE
    return 1 + cathedrals + shown + bought, bought * FLORINS_PER_VOTE


def check(state: MedioevoState, power: str, order: Order, data: DataSet) -> str | None:
    if not isinstance(order, Elect):
        return None
    if not due(state):
        return "no papal election is due this turn (L2180)"
    voters = catholics(state, data)
    if power not in voters:
        return "only the Catholics under the Pope vote (L2180, L2215)"
    if order.candidate not in voters:
        return f"{order.candidate} cannot be elected: only a Catholic under the Pope may be (L2215)"
    return None


def hold(
    state: MedioevoState, orders: Mapping[str, Sequence[Order]], data: DataSet
) -> tuple[MedioevoState, list[Event], list[OrderResult]]:
    """The election, if one is due: votes counted, the tie broken, the Papal State garrisoned."""
    events: list[Event] = []
    results: list[OrderResult] = []
    if not due(state):
        return state, events, results
    voters = catholics(state, data)
    votes: dict[str, str] = {}
    weights: dict[str, int] = {}
    paid: dict[str, int] = {}
    ballots = {p: ballot(state, p, orders.get(p, ())) for p in voters}
    for power, vote in ballots.items():
        candidate = vote.candidate if vote.candidate in voters else power
        weights[power], paid[power] = weight(state, power, vote)
        votes[power] = candidate
        if paid[power]:
            held = state.powers[power]
            state = state.with_power(power, florins=held.florins - paid[power]).evolve(
                bank=state.bank + paid[power]
            )
        if any(isinstance(o, Elect) for o in orders.get(power, ())):
            note = f"{weights[power]} vote(s) for {candidate}"
            results.append(OrderResult.success(power, REINFORCEMENTS, vote.canonical(), note))
    if not votes:
        return state, events, results
    tally: dict[str, int] = {}
    for power, candidate in votes.items():
        tally[candidate] = tally.get(candidate, 0) + weights[power]
    best = max(tally.values())
    tied = [p for p in voters if tally.get(p) == best]
    offers: dict[str, int] = {}
    winner = tied[0]
    if len(tied) > 1:
        offers = {p: min(ballots[p].offer, state.powers[p].florins) for p in tied}
        winner = max(tied, key=lambda p: offers[p])  # the first in turn order on equal offers
        held = state.powers[winner]
        state = state.with_power(winner, florins=held.florins - offers[winner]).evolve(
            bank=state.bank + offers[winner]
        )
    events.append(
        PapalVotes(
            votes=votes, weight=weights, paid={p: n for p, n in paid.items() if n}, tally=tally, offers=offers
        )
    )
    state = seat(state, winner, data)
    return make_pope(state, winner, "elected (L2180-2182)", events), events, results


def seat(state: MedioevoState, pope: str, data: DataSet) -> MedioevoState:
    """The new Pope takes the Papal State (ex L2206): up to 10 VF of its holder leave, 1 staying for
    each of his transports there; 10 VF of the new Pope stand there."""
    rome = papal_state(data)
    held = state.territories[rome]
    armies = dict(held.armies)
    holder = held.owner
    if holder and holder != pope and holder in armies:
        keep = sum(
            1
            for p in state.pieces
            if p.owner == holder and p.location == rome and p.kind not in ("captain", "siege")
        )
        armies[holder] = max(min(armies[holder], keep), armies[holder] - SEAT_VF)
        if not armies[holder]:
            del armies[holder]
    armies[pope] = armies.get(pope, 0) + SEAT_VF
    return state.with_territory(rome, owner=pope, armies=armies)
