"""Autumn: income, the appeal to the King, the hand limit (L114-124).

The income is drawn when the summer ends (so the autumn's steps know who may appeal). By mail
(digest §8): a noble who may appeal is asked in a step of its own unless its ``POLICY APPEAL``
says; a robbed noble's privilege comes from its ``POLICY PRIVILEGE`` or a step; nobles above the
hand limit discard together in one step, unless their ``POLICY DISCARD`` says which types go.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.events import Visibility
from adjudicator.rulesets.kriegundfrieden import cards as cd
from adjudicator.rulesets.kriegundfrieden.common import Ctx, ask, discard, draw, store_standing
from adjudicator.rulesets.kriegundfrieden.components import RESOURCES
from adjudicator.rulesets.kriegundfrieden.events import Dealt
from adjudicator.rulesets.kriegundfrieden.orders import APPEAL, DISCARD, NO_APPEAL, KufOrder, batch
from adjudicator.rulesets.kriegundfrieden.spring import apply_privilege, default_privilege
from adjudicator.rulesets.kriegundfrieden.state import KufState

AUTUMN = "autumn"
APPEAL_LIMIT = 5
"""An appellant holds fewer than five resource cards (L122)."""


def appeal_draw(appellant: str) -> str:
    """The dice purpose of the blind draw of an appeal (L122): it tells the victim's cards, so
    only the GM sees the roll (ruleset ``dice_visibility``)."""
    return f"appeal {appellant}"


def open_autumn(state: KufState, ctx: Ctx) -> KufState:
    """Income from the Counsellor clockwise (L118-120), then who may appeal (L122, K13)."""
    state = state.evolve(season=AUTUMN)
    for power in state.clockwise(state.counsellor):
        me = state.player(power)
        state, got = draw(
            state,
            power,
            1 + me.outer // 2,
            ctx,
            f"income: 1 and 1 for each 2 of {me.outer} farmsteads (L119)",
        )
        income = cd.size(got)
        for kind in state.player(power).privileges:  # L120: one of its type from the discards
            i = RESOURCES.index(kind)
            if state.discards[i] > 0:
                state = state.evolve(discards=cd.sub(state.discards, cd.one(kind)))
                me = state.player(power)
                state = state.with_player(power, hand=cd.add(me.hand, cd.one(kind)))
                ctx.tell(
                    f"{power} takes a {kind} from the discard pile for its {kind} privilege (L120)", power
                )
                income += 1
            else:
                ctx.tell(f"{power}'s {kind} privilege finds no {kind} in the discard pile (K9)", power)
        state = state.with_player(power, income=income)
    who = tuple(p for p in state.clockwise(state.counsellor) if state.player(p).income == 1)
    return state.evolve(appeals=who, pending=None)


def targets(state: KufState, power: str) -> tuple[str, ...]:
    """Whom ``power`` may appeal against: an opponent with at least its seals (L122), most cards first."""
    mine = state.player(power).vp
    ring = [p for p in state.clockwise(power, include=False) if p != power and state.player(p).vp >= mine]
    return tuple(sorted(ring, key=lambda p: -cd.size(state.player(p).hand)))


def may_appeal(state: KufState, power: str) -> bool:
    return cd.size(state.player(power).hand) < APPEAL_LIMIT and bool(targets(state, power))


def appeal(state: KufState, power: str, victim: str, ctx: Ctx) -> KufState:
    """Half the victim's cards, rounded down, taken blind (L122); the victim then takes a privilege."""
    hand = list(state.player(victim).hand)
    n = sum(hand) // 2
    taken = [0, 0, 0, 0]
    for _ in range(n):
        pick = ctx.dice.roll(sum(hand), appeal_draw(power)) - 1
        for i in range(4):
            if pick < hand[i]:
                hand[i] -= 1
                taken[i] += 1
                break
            pick -= hand[i]
    got = (taken[0], taken[1], taken[2], taken[3])
    state = state.with_player(victim, hand=cd.sub(state.player(victim).hand, got))
    state = state.with_player(power, hand=cd.add(state.player(power).hand, got))
    ctx.tell(f"{power} appeals to the King and takes {n} of {victim}'s cards blind (L122)", power)
    ctx.events.append(
        Dealt(
            power=power,
            cards=cd.describe(got),
            why=f"the appeal against {victim}",
            visibility=Visibility.to(power, victim),
        )
    )
    return (
        ask(state, "privilege", victim, about=f"robbed by {power}'s appeal (L122)")
        if not state.player(victim).prefer
        else _robbed(state, victim, ctx, power)
    )


def _robbed(state: KufState, victim: str, ctx: Ctx, power: str) -> KufState:
    return apply_privilege(state.evolve(pending=None), victim, (), ctx, f"robbed by {power}'s appeal (L122)")


def run_autumn(state: KufState, ctx: Ctx) -> tuple[KufState, bool]:
    """The appeals in order (each on the hands as they are then, K13), then the hand limit."""
    while state.appeals:
        power = state.appeals[0]
        if not may_appeal(state, power) or state.player(power).appeal == "never":
            state = state.evolve(appeals=state.appeals[1:])
            continue
        if state.player(power).appeal != "always":
            return ask(state, "appeal", power), False
        state = appeal(state.evolve(appeals=state.appeals[1:]), power, targets(state, power)[0], ctx)
        if state.pending is not None:
            return state, False
    over = [p for p in state.clockwise(state.counsellor) if cd.size(state.player(p).hand) > state.hand_limit]
    asked = []
    for power in over:
        if state.player(power).discard:
            state = _discard(state, power, None, ctx)
        else:
            asked.append(power)
    if asked:
        return ask(state, "discard", *asked), False
    return state, True


def default_discard(state: KufState, power: str, order: Sequence[str] = ()) -> cd.Counts:
    """The excess over the limit (L124): the types of ``order`` first, then the most numerous."""
    hand = list(state.player(power).hand)
    out = [0, 0, 0, 0]
    for _ in range(sum(hand) - state.hand_limit):
        firsts = [RESOURCES.index(t) for t in order if hand[RESOURCES.index(t)]]
        i = firsts[0] if firsts else max(range(4), key=lambda j: (hand[j], -j))
        hand[i] -= 1
        out[i] += 1
    return (out[0], out[1], out[2], out[3])


def _discard(state: KufState, power: str, order: KufOrder | None, ctx: Ctx) -> KufState:
    excess = cd.size(state.player(power).hand) - state.hand_limit
    cards = batch(order) if order is not None else None
    if order is not None and cards is not None:
        if not cd.covers(state.player(power).hand, cards) or cd.size(cards) != excess:
            ctx.fail(
                power, order, "wrong-discard", f"discard exactly {excess} of your cards: the default is used"
            )
            cards = None
        else:
            ctx.ok(power, order)
    cards = cards or default_discard(state, power, state.player(power).discard)
    ctx.tell(f"{power} discards {cd.describe(cards)} down to {state.hand_limit} cards (L124)", power)
    return discard(state, power, cards)


def apply_autumn(state: KufState, kind: str, orders: Mapping[str, Sequence[KufOrder]], ctx: Ctx) -> KufState:
    pending = state.pending
    assert pending is not None
    if kind == "privilege":
        power = pending.powers[0]
        return apply_privilege(
            state.evolve(pending=None), power, list(orders.get(power, ())), ctx, pending.about
        )
    for power in pending.powers:
        state, rest = store_standing(state, power, list(orders.get(power, ())), ctx)
        if kind == "discard":
            state = _discard(state, power, next((o for o in rest if o.verb == DISCARD), None), ctx)
            continue
        answer = next((o for o in rest if o.verb in (APPEAL, NO_APPEAL)), None)
        state = state.evolve(appeals=state.appeals[1:], pending=None)
        if answer is None and state.player(power).appeal == "always":  # POLICY APPEAL ALWAYS given now
            return appeal(state, power, targets(state, power)[0], ctx)
        if answer is None or answer.verb == NO_APPEAL:
            if answer is not None:
                ctx.ok(power, answer)
            ctx.tell(f"{power} does not appeal to the King", power)
            continue
        if answer.args[0] not in targets(state, power):
            ctx.fail(
                power, answer, "no-appeal", f"{answer.args[0]} has fewer seals than you (L122): no appeal"
            )
            continue
        ctx.ok(power, answer)
        return appeal(state, power, answer.args[0], ctx)
    return state.evolve(pending=None)


def close_autumn(state: KufState) -> KufState:
    players = {p: me.model_copy(update={"income": -1}) for p, me in state.players.items()}
    return state.evolve(players=players, appeals=())


__all__ = [
    "AUTUMN",
    "apply_autumn",
    "close_autumn",
    "default_discard",
    "default_privilege",
    "open_autumn",
    "run_autumn",
]
