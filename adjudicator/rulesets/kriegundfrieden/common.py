"""What every season shares: the resolution's context, cards moved, privileges taken, standing
orders stored, the end of the game (pure)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event, Visibility
from adjudicator.core.results import OrderResult
from adjudicator.rulesets.kriegundfrieden import cards as cd
from adjudicator.rulesets.kriegundfrieden.components import RESOURCES
from adjudicator.rulesets.kriegundfrieden.events import Counted, Dealt, GameEnded, Planned, Told
from adjudicator.rulesets.kriegundfrieden.orders import (
    DEFEND,
    DISCARD,
    PLAN,
    POLICY,
    PRIVILEGE,
    RULE,
    KufOrder,
)
from adjudicator.rulesets.kriegundfrieden.state import KufState, Pending, SwapRule

STANDING = (POLICY, PLAN, RULE)
"""Verbs that set a standing order rather than act now."""


@dataclass
class Ctx:
    """One resolution's dice and what it tells: events and a result per order."""

    dice: Dice
    phase: str
    events: list[Event] = field(default_factory=list)
    results: list[OrderResult] = field(default_factory=list)

    def tell(self, text: str, power: str = "", to: Sequence[str] | None = None) -> None:
        vis = Visibility.to(*to) if to is not None else Visibility.public()
        self.events.append(Told(power=power, text=text, visibility=vis))

    def ok(self, power: str, order: KufOrder, note: str = "") -> None:
        self.results.append(OrderResult.success(power, self.phase, order.canonical(), note))

    def fail(self, power: str, order: KufOrder, code: str, why: str) -> None:
        self.results.append(OrderResult.failure(power, self.phase, order.canonical(), code, why))


def available(state: KufState, power: str) -> cd.Counts:
    """Cards ``power`` may spend on anything but a defence (L107: the challenge's gains are not)."""
    me = state.player(power)
    return cd.sub(me.hand, me.guard)


def discard(state: KufState, power: str, spent: cd.Counts, *, defence: bool = False) -> KufState:
    """``power`` discards ``spent`` (face up, to the public pile, L89 …); a defence spends the
    defence-only cards first (L107)."""
    me = state.player(power)
    guard = me.guard
    if defence:
        guard = tuple(max(0, g - s) for g, s in zip(me.guard, spent, strict=True))  # type: ignore[assignment]
    else:
        guard = tuple(min(g, h) for g, h in zip(me.guard, cd.sub(me.hand, spent), strict=True))  # type: ignore[assignment]
    state = state.with_player(power, hand=cd.sub(me.hand, spent), guard=guard)
    return state.evolve(discards=cd.add(state.discards, spent))


def draw(
    state: KufState, power: str, n: int, ctx: Ctx, why: str, *, guard: bool = False
) -> tuple[KufState, cd.Counts]:
    """``power`` draws ``n`` cards from the deck (the discards reshuffled when it runs out, L124):
    the count told to all, the cards to ``power``."""
    got, deck, pile = cd.draw(state.deck, state.discards, n, ctx.dice)
    me = state.player(power)
    state = state.evolve(deck=deck, discards=pile).with_player(
        power, hand=cd.add(me.hand, got), guard=cd.add(me.guard, got) if guard else me.guard
    )
    ctx.events.append(Counted(power=power, count=cd.size(got), why=why))
    ctx.events.append(Dealt(power=power, cards=cd.describe(got), why=why, visibility=Visibility.to(power)))
    return state, got


def scroll_holders(state: KufState, kind: str, taker: str) -> tuple[str, ...]:
    """The opponents of ``taker`` holding a ``kind`` scroll, most seals first, then clockwise."""
    ring = state.clockwise(taker, include=False)[:-1]
    held = [p for p in ring if kind in state.player(p).privileges]
    return tuple(sorted(held, key=lambda p: -state.player(p).vp))


def can_take(state: KufState, power: str, kind: str) -> bool:
    return state.scrolls[RESOURCES.index(kind)] > 0 or bool(scroll_holders(state, kind, power))


def take_privilege(state: KufState, power: str, kind: str, source: str, ctx: Ctx, why: str) -> KufState:
    """``power`` takes a ``kind`` scroll, face up (L62): from the supply, else from an opponent
    (``source``, or the one holding it with the most seals). Nothing if nobody has one."""
    i = RESOURCES.index(kind)
    me = state.player(power)
    if state.scrolls[i] > 0:
        scrolls = list(state.scrolls)
        scrolls[i] -= 1
        state = state.evolve(scrolls=tuple(scrolls))
        ctx.tell(f"{power} takes a {kind} privilege from the supply ({why})", power)
    else:
        holders = scroll_holders(state, kind, power)
        victim = source if source in holders else (holders[0] if holders else "")
        if not victim:
            ctx.tell(f"{power} can take no {kind} privilege: none is left ({why})", power)
            return state
        theirs = list(state.player(victim).privileges)
        theirs.remove(kind)
        state = state.with_player(victim, privileges=tuple(theirs))
        ctx.tell(f"{power} takes {victim}'s {kind} privilege: none is left in the supply ({why}, L62)", power)
    return state.with_player(power, privileges=tuple(sorted((*me.privileges, kind))))


def spend_privilege(state: KufState, power: str, kind: str) -> KufState:
    """A spent privilege goes back to the supply (digest §7 #7, ruling K8)."""
    held = list(state.player(power).privileges)
    held.remove(kind)
    scrolls = list(state.scrolls)
    scrolls[RESOURCES.index(kind)] += 1
    return state.with_player(power, privileges=tuple(held)).evolve(scrolls=tuple(scrolls))


def preferred_privilege(state: KufState, power: str, prefer: Sequence[str]) -> str | None:
    """The first type of ``prefer`` ``power`` can take (supply, else an opponent), None if none."""
    return next((k for k in prefer if can_take(state, power, k)), None)


def set_standing(state: KufState, power: str, order: KufOrder, ctx: Ctx) -> KufState:
    """Store one standing order (POLICY, PLAN, IF AGENDA …) on ``power``."""
    me = state.player(power)
    a = order.args
    if order.verb == RULE:
        card = a[2] if len(a) > 2 and a[1] == "SWAP" else ""
        paying = a[-1] if "PAYING" in a else ""
        rule = SwapRule(when=a[0], card=card, paying=paying)
        state = state.with_player(power, swaps=(*me.swaps, rule))
    elif order.verb == PLAN:
        limit = None if a[0] == "ASK" else 0 if a[0] == "PASS" else int(a[2])
        state = state.with_player(power, bid_limit=limit)
    elif a[0] == DEFEND:
        k = {"ALWAYS": 1, "NEVER": 0, "ASK": None}[a[1]] if a[1] != "WHILE" else int(a[2])
        state = state.with_player(power, defend=k)
    elif a[0] == "BURN":
        state = state.with_player(power, burn="" if a[1] == "DEFAULT" else a[1].lower())
    elif a[0] == "APPEAL":
        state = state.with_player(power, appeal="" if a[1] == "ASK" else a[1].lower())
    elif a[0] in (PRIVILEGE, DISCARD):
        field_ = "prefer" if a[0] == PRIVILEGE else "discard"
        state = state.with_player(power, **{field_: () if a[1:] == ("ASK",) else a[1:]})
    ctx.ok(power, order, "standing order kept")
    return state


def standing_lines(state: KufState, power: str) -> tuple[str, ...]:
    """``power``'s standing orders as order lines (what :class:`Planned` and the report show)."""
    me = state.player(power)
    out = [
        f"IF AGENDA {r.when}: "
        + (f"SWAP {r.card}" + (f" PAYING {r.paying}" if r.paying else "") if r.card else "PASS")
        for r in me.swaps
    ]
    if me.bid_limit is not None:
        out.append("PLAN PASS" if me.bid_limit == 0 else f"PLAN UP TO {me.bid_limit}")
    if me.next_bid is not None:
        out.append(f"BID {cd.describe(me.next_bid)} (your next bid)")
    if me.defend is not None:
        out.append(
            {0: "POLICY DEFEND NEVER", 1: "POLICY DEFEND ALWAYS"}.get(
                me.defend, f"POLICY DEFEND WHILE {me.defend}"
            )
        )
    if me.burn:
        out.append(f"POLICY BURN {me.burn.upper()}")
    if me.prefer:
        out.append(f"POLICY PRIVILEGE {' '.join(me.prefer)}")
    if me.appeal:
        out.append(f"POLICY APPEAL {me.appeal.upper()}")
    if me.discard:
        out.append(f"POLICY DISCARD {' '.join(me.discard)}")
    return tuple(out)


def store_standing(
    state: KufState, power: str, orders: Sequence[KufOrder], ctx: Ctx
) -> tuple[KufState, list[KufOrder]]:
    """Store the standing orders among ``orders`` (told to ``power``); the others, in order."""
    rest = []
    stored = False
    for order in orders:
        if order.verb in STANDING:
            state = set_standing(state, power, order, ctx)
            stored = True
        else:
            rest.append(order)
    if stored:
        ctx.events.append(
            Planned(power=power, plan=standing_lines(state, power), visibility=Visibility.to(power))
        )
    return state, rest


def ask(state: KufState, kind: str, *powers: str, about: str = "") -> KufState:
    return state.evolve(pending=Pending(season=state.season, kind=kind, powers=tuple(powers), about=about))


def end_game(state: KufState, ctx: Ctx, reason: str) -> KufState:
    """Most seals win; a tie goes to the most resource cards (L130); a tie on both is shared."""
    vp = {p: state.player(p).vp for p in state.seats}
    held = {p: cd.size(state.player(p).hand) for p in state.seats}
    best = max((vp[p], held[p]) for p in state.seats)
    winners = tuple(p for p in state.seats if (vp[p], held[p]) == best)
    ctx.events.append(GameEnded(winners=winners, vp=vp, cards=held, reason=reason))
    return state.evolve(winners=winners, ending=reason, pending=None)
