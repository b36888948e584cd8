"""A noble's order lines read: syntax and names always, and with ``strict`` what the open step and
the table allow (the receipt's checks; the resolution checks again on the state it meets)."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.orders import IssueKind, LineIssue, Order, Submission
from adjudicator.rulesets.kriegundfrieden import cards as cd
from adjudicator.rulesets.kriegundfrieden.autumn import targets
from adjudicator.rulesets.kriegundfrieden.common import available, can_take
from adjudicator.rulesets.kriegundfrieden.orders import (
    APPEAL,
    BID,
    BRIBE,
    BUILD,
    CHALLENGE,
    DEFEND,
    DISCARD,
    NO_APPEAL,
    PASS,
    PLAN,
    PLAY,
    POLICY,
    PRIVILEGE,
    RULE,
    SWAP,
    TAKE,
    WORKERS,
    YIELD,
    KufOrder,
    Refused,
    batch,
    read_line,
)
from adjudicator.rulesets.kriegundfrieden.spring import bid_problem
from adjudicator.rulesets.kriegundfrieden.state import SEASONS, KufState
from adjudicator.rulesets.kriegundfrieden.summer import action_problem

ALLOWED: dict[tuple[str, str], tuple[str, ...]] = {
    ("winter", "plans"): (PLAY, SWAP, PASS, RULE),
    ("winter", "play"): (PLAY, RULE),
    ("winter", "swap"): (SWAP, TAKE, PASS, RULE),
    ("spring", "plans"): (BID, PASS, PLAN),
    ("spring", "bid"): (BID, PASS, PLAN),
    ("spring", "privilege"): (PRIVILEGE,),
    ("summer", "turn"): (WORKERS, BUILD, CHALLENGE, BRIBE),
    ("summer", "defence"): (DEFEND, YIELD),
    ("autumn", "appeal"): (APPEAL, NO_APPEAL),
    ("autumn", "privilege"): (PRIVILEGE,),
    ("autumn", "discard"): (DISCARD,),
}
"""What each kind of step takes, besides POLICY lines (standing orders, taken in any step)."""


def window_season(state: KufState) -> str:
    return SEASONS[state.window]


def _strict(state: KufState, power: str, order: KufOrder, earlier: list[KufOrder], sim: KufState) -> KufState:
    """Raise :class:`Refused` if ``order`` does not fit the open step; the state as the orders so
    far leave it (for a turn's actions in a row)."""
    pending = state.pending
    season = window_season(state)
    if pending is None or pending.season != season or power not in pending.powers:
        raise Refused(IssueKind.NOT_NOW, "you have no decision to make now: wait for your step's mail")
    allowed = ALLOWED.get((season, pending.kind), ())
    if order.verb != POLICY and order.verb not in allowed:
        words = ", ".join(v.replace("NO-APPEAL", "NO APPEAL").replace("IF", "IF AGENDA …:") for v in allowed)
        raise Refused(IssueKind.NOT_NOW, f"this step ({season}: {pending.kind}) takes {words} or POLICY")
    me = state.player(power)
    if order.verb == PLAY and power != (pending.about or pending.powers[0]):
        raise Refused(
            IssueKind.NOT_NOW, f"{pending.about or pending.powers[0]} plays the agenda card, not you"
        )
    if order.verb in (PLAY, SWAP) and cd.find_card(me.agenda, order.args[0], state.tables) is None:
        raise Refused(IssueKind.ILLEGAL, f"you hold no {order.args[0]} agenda card")
    if "PAYING" in order.args and order.verb != POLICY and order.args[-1] not in me.privileges:
        raise Refused(IssueKind.ILLEGAL, f"you hold no {order.args[-1]} privilege")
    if order.verb == TAKE and me.agenda:
        raise Refused(IssueKind.ILLEGAL, "TAKE is for a noble without agenda cards (L46): SWAP one of yours")
    if order.verb in (BID, DISCARD) and not cd.covers(
        me.hand if order.verb == DISCARD else available(state, power), batch(order)
    ):
        raise Refused(IssueKind.ILLEGAL, f"you hold {cd.describe(me.hand)}")
    if order.verb == BID and pending.kind == "bid":
        why = bid_problem(state, power, batch(order))
        if why:
            raise Refused(IssueKind.ILLEGAL, why)
    if order.verb == PRIVILEGE and not can_take(state, power, order.args[0]):
        raise Refused(
            IssueKind.ILLEGAL, f"no {order.args[0]} privilege is left, in the supply or with an opponent"
        )
    if order.verb == APPEAL and order.args[0] not in targets(state, power):
        raise Refused(IssueKind.ILLEGAL, f"{order.args[0]} has fewer seals than you (L122)")
    if order.verb in (WORKERS, BUILD, CHALLENGE, BRIBE):
        why = action_problem(sim, power, order)
        if why:
            raise Refused(IssueKind.ILLEGAL, why)
        return _after(sim, power, order)
    if order.verb == DISCARD:
        excess = cd.size(me.hand) - state.hand_limit
        if cd.size(batch(order)) != excess:
            raise Refused(IssueKind.ILLEGAL, f"discard exactly {excess} card{'s' * (excess != 1)} (L124)")
    if order.verb == PLAN and pending.kind not in ("plans", "bid"):
        raise Refused(IssueKind.NOT_NOW, "PLAN is for the spring auction")
    return sim


def _after(sim: KufState, power: str, order: KufOrder) -> KufState:
    """The simulated state after one action (cards and houses only)."""
    me = sim.player(power)
    n = int(order.args[0]) if order.verb in (WORKERS, BUILD) else 1
    kind = {WORKERS: "hammer", BUILD: "grain", CHALLENGE: "shield", BRIBE: "cup"}[order.verb]
    sim = sim.with_player(power, hand=cd.sub(me.hand, cd.one(kind, n)))
    if order.verb == WORKERS:
        sim = sim.with_player(power, outer=me.outer - n, inner=me.inner + n)
    elif order.verb == BUILD:
        sim = sim.with_player(power, outer=me.outer + n)
    return sim


def parse_lines(state: KufState, power: str, lines: Sequence[tuple[int, str]], strict: bool) -> Submission:
    orders: list[Order] = []
    issues: list[LineIssue] = []
    season = window_season(state)
    sim = state
    read: list[KufOrder] = []
    for line_no, text in lines:
        if not text.strip():
            continue
        try:
            order = read_line(text, season, state.seats)
            if strict:
                sim = _strict(state, power, order, read, sim)
        except Refused as refused:
            issues.append(LineIssue(line_no, text, refused.kind, refused.message))
            continue
        read.append(order)
        orders.append(order)
    return Submission(orders=tuple(orders), issues=tuple(issues))
