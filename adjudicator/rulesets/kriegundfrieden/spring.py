"""Spring: the open ascending auction of resource cards, and the reward (L48-74).

By mail (digest §8 #2): the spring opens with one step for every noble at once ("plans"): each
may give its next bid ahead (``BID 3 hammer``) and a standing plan (``PLAN UP TO 25``: raise as
little as beats the high bid, never past 25; ``PLAN PASS``). The laps run on those; a noble is
asked in a step of its own ("bid") only when it gave neither.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from adjudicator.rulesets.kriegundfrieden import cards as cd
from adjudicator.rulesets.kriegundfrieden.common import (
    Ctx,
    ask,
    available,
    can_take,
    end_game,
    preferred_privilege,
    store_standing,
    take_privilege,
)
from adjudicator.rulesets.kriegundfrieden.components import RESOURCES
from adjudicator.rulesets.kriegundfrieden.orders import BID, PASS, PRIVILEGE, KufOrder, batch
from adjudicator.rulesets.kriegundfrieden.state import Auction, KufState

SPRING = "spring"


def open_spring(state: KufState) -> KufState:
    """The auction's order: clockwise from the Counsellor (L52), or from its left (the example
    L58; option ``auction_start``, ruling K5)."""
    start = state.counsellor if state.auction_start == "counsellor" else state.left_of(state.counsellor)
    auction = Auction(order=state.clockwise(start))
    return ask(state.evolve(season=SPRING, auction=auction), "plans", *state.seats)


def total(state: KufState, power: str) -> int:
    assert state.auction is not None
    kind = cd.agenda_type(state.agenda_card)
    return sum(cd.value(b, state.tables, kind) for b in state.auction.batches.get(power, ()))


def cheapest_raise(state: KufState, power: str, limit: int) -> cd.Counts | None:
    """The batch that beats the high bid by the least (then with the fewest cards), keeping the
    bidder's total at most ``limit``; None if there is none (the plan then passes)."""
    assert state.auction is not None
    have = available(state, power)
    mine, need = total(state, power), state.auction.high - total(state, power) + 1
    kind = cd.agenda_type(state.agenda_card)
    best: tuple[int, int, cd.Counts] | None = None
    for combo in itertools.product(*(range(n + 1) for n in have)):
        cards = (combo[0], combo[1], combo[2], combo[3])
        worth = cd.value(cards, state.tables, kind)
        if worth >= max(need, 1) and mine + worth <= limit:
            key = (worth, cd.size(cards), cards)
            best = key if best is None or key < best else best
    return best[2] if best is not None else None


def bid_problem(state: KufState, power: str, cards: cd.Counts) -> str | None:
    assert state.auction is not None
    if not cd.covers(available(state, power), cards):
        return f"you hold {cd.describe(available(state, power))}"
    new = total(state, power) + cd.value(cards, state.tables, cd.agenda_type(state.agenda_card))
    if new <= state.auction.high:
        return f"your offer would be {new}, not above the high bid {state.auction.high} (L53)"
    return None


def _bid(state: KufState, power: str, cards: cd.Counts, ctx: Ctx) -> KufState:
    before = state.auction
    assert before is not None
    me = state.player(power)
    state = state.with_player(power, hand=cd.sub(me.hand, cards), next_bid=None)
    batches = {**before.batches, power: (*before.batches.get(power, ()), cards)}
    auction = before.model_copy(update={"batches": batches})
    state = state.evolve(auction=auction)
    high = total(state, power)
    ctx.tell(f"{power} bids {cd.describe(cards)}: {high} in all (L53)", power)
    return state.evolve(auction=auction.model_copy(update={"high": high, "leader": power}))


def _pass(state: KufState, power: str, ctx: Ctx) -> KufState:
    """A pass is for the year (L54); the noble takes back its last batch only (L56, L58)."""
    before = state.auction
    assert before is not None
    batches = before.batches.get(power, ())
    back = batches[-1] if batches else cd.NONE
    lost = cd.NONE
    for b in batches[:-1]:
        lost = cd.add(lost, b)
    me = state.player(power)
    state = state.with_player(power, hand=cd.add(me.hand, back), next_bid=None)
    state = state.evolve(discards=cd.add(state.discards, lost))
    rest = {p: b for p, b in before.batches.items() if p != power}
    words = f": takes back {cd.describe(back)}, discards {cd.describe(lost)}" if batches else ""
    ctx.tell(f"{power} passes{words} (L54-56)", power)
    auction = before.model_copy(update={"passed": (*before.passed, power), "batches": rest})
    return state.evolve(auction=auction)


def decide(state: KufState, power: str, order: KufOrder | None, ctx: Ctx) -> KufState:
    """``power``'s turn to bid: its order, else its next bid given ahead, else its plan."""
    me = state.player(power)
    cards: cd.Counts | None = None
    if order is not None and order.verb == BID:
        cards = batch(order)
        why = bid_problem(state, power, cards)
        if why is not None:
            ctx.fail(power, order, "bid-refused", f"{why}: you pass")
            cards = None
        else:
            ctx.ok(power, order)
    elif order is None and me.next_bid is not None and bid_problem(state, power, me.next_bid) is None:
        cards = me.next_bid
    elif order is None and me.bid_limit:
        cards = cheapest_raise(state, power, me.bid_limit)
    elif order is not None:
        ctx.ok(power, order)
    state = _bid(state, power, cards, ctx) if cards is not None else _pass(state, power, ctx)
    assert state.auction is not None
    return state.evolve(auction=state.auction.model_copy(update={"cursor": state.auction.cursor + 1}))


def _decided(state: KufState, power: str) -> bool:
    me = state.player(power)
    return me.bid_limit is not None or (
        me.next_bid is not None and bid_problem(state, power, me.next_bid) is None
    )


def run_spring(state: KufState, ctx: Ctx) -> tuple[KufState, bool]:
    """The laps (L52-55) until a noble must be asked (False) or one bidder is left (True)."""
    if state.auction is None:  # awarded already (a reward's privilege was asked for)
        return state, True
    for _ in range(10_000):  # each turn raises the high bid or passes for good: the laps end
        auction = state.auction
        assert auction is not None
        active = [p for p in auction.order if p not in auction.passed]
        if not active or (len(active) == 1 and auction.leader == active[0]):
            return _award(state, ctx)
        power = auction.order[auction.cursor % len(auction.order)]
        if power in auction.passed:
            state = state.evolve(auction=auction.model_copy(update={"cursor": auction.cursor + 1}))
            continue
        if len(active) == 1 and auction.leader == power:
            return _award(state, ctx)
        if not _decided(state, power):
            return ask(state, "bid", power), False
        state = decide(state, power, None, ctx)
    return state, True


def _award(state: KufState, ctx: Ctx) -> tuple[KufState, bool]:
    """The winner pays all it offered and becomes Counsellor (L55); its reward (L60-72); the
    card leaves the game (L74). Nobody bid: the Counsellor stays, no reward (K6)."""
    auction = state.auction
    assert auction is not None
    card = state.agenda_card
    state = state.evolve(removed=(*state.removed, card), agenda_card="")
    winner = auction.leader if auction.leader and auction.leader not in auction.passed else ""
    if not winner:
        ctx.tell(
            f"Nobody bids: {state.counsellor} stays Counsellor, no reward; the card leaves the game (K6, L74)"
        )
        return state.evolve(auction=None), True
    paid = cd.NONE
    for b in auction.batches.get(winner, ()):
        paid = cd.add(paid, b)
    state = state.evolve(discards=cd.add(state.discards, paid), counsellor=winner)
    ctx.tell(
        f"{winner} wins the auction with {auction.high}, discards {cd.describe(paid)} "
        "and is the King's Counsellor (L55)",
        winner,
    )
    state = state.evolve(auction=None)
    if cd.reward(card, state.tables) == "privilege":
        state = state.with_player(winner, vp=state.player(winner).vp + 1)
        ctx.tell(f"{winner} takes a royal seal: 1 VP (L62)", winner)
        return _privilege_choice(state, winner, ctx, "the privilege reward")
    return _build(state, winner, ctx)


def _build(state: KufState, winner: str, ctx: Ctx) -> tuple[KufState, bool]:
    """The next cathedral piece (L63-70) and a seal for each inner house, which go home (L72)."""
    piece = state.cathedral
    tables = state.tables
    me = state.player(winner)
    vp = tables.cathedral_vp[piece] + me.inner
    state = state.with_player(winner, vp=me.vp + vp, inner=0).evolve(cathedral=piece + 1)
    ctx.tell(
        f"{winner} builds the {tables.pieces[piece].replace('_', ' ')} "
        f"({tables.cathedral_vp[piece]} VP) and takes "
        f"{me.inner} VP for its workers, who go home (L66-72): {vp} VP",
        winner,
    )
    if state.variant:
        return _privilege_choice(state, winner, ctx, "the variant's privilege for a piece (L139)")
    return state, True


def _privilege_choice(state: KufState, power: str, ctx: Ctx, why: str) -> tuple[KufState, bool]:
    kind = preferred_privilege(state, power, state.player(power).prefer)
    if kind is None and any(can_take(state, power, k) for k in RESOURCES):
        return ask(state, "privilege", power, about=why), False
    if kind is not None:
        state = take_privilege(state, power, kind, "", ctx, why)
    return state, True


def apply_privilege(state: KufState, power: str, orders: Sequence[KufOrder], ctx: Ctx, why: str) -> KufState:
    """A PRIVILEGE answer (L62, L122); none, or one that cannot be had: the default choice."""
    state, rest = store_standing(state, power, orders, ctx)
    order = next((o for o in rest if o.verb == PRIVILEGE), None)
    kind = order.args[0] if order is not None else ""
    if order is not None and not can_take(state, power, kind):
        ctx.fail(power, order, "no-scroll", f"no {kind} privilege is left anywhere: the default is taken")
        kind = ""
    elif order is not None:
        ctx.ok(power, order)
    kind = kind or default_privilege(state, power)
    source = order.args[2] if order is not None and len(order.args) == 3 else ""
    return take_privilege(state, power, kind, source, ctx, why) if kind else state


def default_privilege(state: KufState, power: str) -> str:
    """A silent noble's privilege: its preference, else the type most left in the supply."""
    kind = preferred_privilege(state, power, state.player(power).prefer)
    if kind:
        return kind
    ranked = sorted(RESOURCES, key=lambda k: -state.scrolls[RESOURCES.index(k)])
    return next((k for k in ranked if can_take(state, power, k)), "")


def apply_spring(state: KufState, kind: str, orders: Mapping[str, Sequence[KufOrder]], ctx: Ctx) -> KufState:
    pending = state.pending
    assert pending is not None
    for power in pending.powers:
        mine = list(orders.get(power, ()))
        if kind == "privilege":
            return apply_privilege(state.evolve(pending=None), power, mine, ctx, pending.about)
        state, rest = store_standing(state, power, mine, ctx)
        now = next((o for o in rest if o.verb in (BID, PASS)), None)
        if kind == "plans" and now is not None and now.verb == BID:
            state = state.with_player(power, next_bid=batch(now))
            ctx.ok(power, now, "your next bid, when your turn comes")
        elif kind == "plans" and now is not None:
            state = state.with_player(power, bid_limit=0)
            ctx.ok(power, now, "you pass when your turn comes")
        elif kind == "bid":  # no BID or PASS: a plan given in this step answers, else a pass
            state = state.evolve(pending=None)
            fallback = None if _decided(state, power) else KufOrder(SPRING, PASS)
            state = decide(state, power, now or fallback, ctx)
    return state.evolve(pending=None)


def close_spring(state: KufState, ctx: Ctx) -> KufState:
    """Plans lapse; the game ends with the cathedral's last piece (L128)."""
    players = {
        p: me.model_copy(update={"bid_limit": None, "next_bid": None}) for p, me in state.players.items()
    }
    state = state.evolve(players=players)
    if state.cathedral >= len(state.tables.cathedral_vp):
        return end_game(state, ctx, "the cathedral's last piece is built (L128)")
    return state
