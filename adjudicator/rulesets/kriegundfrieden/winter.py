"""Winter: the Counsellor plays an agenda card, the others may swap it for a privilege (L35-46).

By mail (digest §8 #4): the winter opens with one step for every noble at once ("plans"): the
noble who must play plays, the others give conditional swap orders (``IF AGENDA war: SWAP
famine PAYING shield``). The swap loop then runs on those orders; a noble is asked in a step of
its own only when its orders do not say what to do with the card on the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.rulesets.kriegundfrieden import cards as cd
from adjudicator.rulesets.kriegundfrieden.common import Ctx, ask, end_game, spend_privilege, store_standing
from adjudicator.rulesets.kriegundfrieden.orders import PASS, PLAY, SWAP, TAKE, KufOrder
from adjudicator.rulesets.kriegundfrieden.state import KufState, SwapRule

WINTER = "winter"


def must_play(state: KufState, start: str) -> str:
    """The first noble from ``start`` clockwise holding agenda cards (L39, L46); '' if none."""
    return next((p for p in state.clockwise(start) if state.player(p).agenda), "")


def open_winter(state: KufState, ctx: Ctx) -> KufState:
    """A new year's winter (L37-39): who plays; one step for all when anyone could swap."""
    state = state.evolve(season=WINTER, agenda_card="", placer="", passed=(), cursor="", pending=None)
    player = must_play(state, state.counsellor)
    if not player:  # digest §7 #14, ruling K10: no agenda card is left to play
        return end_game(state, ctx, "no agenda card is left to play in the winter")
    swappers = [p for p in state.seats if state.player(p).privileges or p == player]
    if len(swappers) > 1:  # the player and those who could swap (a privilege to pay, L42)
        return ask(state, "plans", *swappers, about=player)
    return ask(state, "play", player)


def play(state: KufState, power: str, order: KufOrder | None, ctx: Ctx) -> KufState:
    """``power`` puts an agenda card face up (L37); no or a wrong card: its first one."""
    hand = state.player(power).agenda
    card = cd.find_card(hand, order.args[0], state.tables) if order is not None else None
    if order is not None and card is None:
        ctx.fail(power, order, "no-card", f"you hold no {order.args[0]} card: your first card is played")
    card = card or sorted(hand)[0]
    if (
        order is not None
        and card is not None
        and order.args[0] in (cd.agenda_type(card), cd.card_name(card, state.tables))
    ):
        ctx.ok(power, order)
    state = state.with_player(power, agenda=tuple(c for c in hand if c != card))
    ctx.tell(f"{power} plays the agenda card {cd.card_name(card, state.tables)}", power)
    return state.evolve(
        agenda_card=card, placer=power, passed=(), cursor=state.cursor or state.left_of(state.counsellor)
    )


def _eligible(state: KufState, power: str) -> bool:
    """A swap turn: not the card's placer, no pass since it changed, a privilege to pay (L42-46, K7)."""
    return power != state.placer and power not in state.passed and bool(state.player(power).privileges)


def _rule_order(state: KufState, power: str) -> KufOrder | None:
    """The first of ``power``'s swap orders that decides on the card on the table."""
    table = state.agenda_card
    for rule in state.player(power).swaps:
        if rule.when not in ("any", cd.agenda_type(table), cd.card_name(table, state.tables)):
            continue
        if not rule.card:
            return KufOrder(WINTER, PASS)
        order = KufOrder(WINTER, SWAP, (rule.card, *(("PAYING", rule.paying) if rule.paying else ())))
        if _swap_problem(state, power, order) is None:
            return order
    return None


def _swap_problem(state: KufState, power: str, order: KufOrder) -> str | None:
    me = state.player(power)
    paying = order.args[-1] if "PAYING" in order.args else ""
    if paying and paying not in me.privileges:
        return f"you hold no {paying} privilege (you hold {', '.join(me.privileges) or 'none'})"
    if not me.privileges:
        return "you hold no privilege to pay with (L42)"
    if order.verb == TAKE:
        return None if not me.agenda else "TAKE is for a noble with no agenda card (L46): SWAP one of yours"
    card = cd.find_card(me.agenda, order.args[0], state.tables)
    if card is None:
        return f"you hold no {order.args[0]} agenda card"
    if cd.card_name(card, state.tables) == cd.card_name(state.agenda_card, state.tables):
        return f"{cd.card_name(card, state.tables)} is the card on the table already"
    return None


def swap(state: KufState, power: str, order: KufOrder, ctx: Ctx) -> KufState:
    """SWAP (L42), TAKE (L46) or PASS (L43) in ``power``'s swap turn; a refused swap is a pass."""
    if order.verb in (SWAP, TAKE):
        why = _swap_problem(state, power, order)
        if why is not None:
            ctx.fail(power, order, "cannot-swap", f"{why}: you pass")
            order = KufOrder(WINTER, PASS)
    me = state.player(power)
    nxt = state.left_of(power)
    if order.verb == PASS:
        ctx.tell(f"{power} passes on {cd.card_name(state.agenda_card, state.tables)}", power)
        return state.evolve(passed=(*state.passed, power), cursor=nxt)
    paying = order.args[-1] if "PAYING" in order.args else me.privileges[0]
    state = spend_privilege(state, power, paying)
    old = state.agenda_card
    hand = [*state.player(power).agenda, old]
    ctx.ok(power, order)
    if order.verb == TAKE:
        state = state.with_player(power, agenda=tuple(sorted(hand)))
        ctx.tell(
            f"{power} pays a {paying} privilege and takes {cd.card_name(old, state.tables)} "
            "back into hand (L46)",
            power,
        )
        forced = must_play(state, nxt)
        return (
            state.evolve(agenda_card="", placer="", passed=(), cursor=nxt, pending=None) if forced else state
        )
    card = cd.find_card(me.agenda, order.args[0], state.tables)
    assert card is not None
    hand.remove(card)
    state = state.with_player(power, agenda=tuple(sorted(hand)))
    ctx.tell(
        f"{power} pays a {paying} privilege and swaps {cd.card_name(card, state.tables)} for "
        f"{cd.card_name(old, state.tables)} (L42)",
        power,
    )
    return state.evolve(agenda_card=card, placer=power, passed=(), cursor=nxt)


def run_winter(state: KufState, ctx: Ctx) -> tuple[KufState, bool]:
    """The swap loop from the cursor, on standing orders, until a noble must be asked (False) or
    every noble who could swap has passed on the card (True; L44)."""
    for _ in range(1000):  # each turn passes or spends a privilege: the loop ends
        if not state.agenda_card:
            player = must_play(state, state.cursor or state.counsellor)
            return ask(state, "play", player), False
        ring = state.clockwise(state.cursor or state.left_of(state.counsellor))
        power = next((p for p in ring if _eligible(state, p)), "")
        if not power:
            return state, True
        state = state.evolve(cursor=power)
        order = _rule_order(state, power)
        if order is None:
            return ask(state, "swap", power), False
        state = swap(state, power, order, ctx)
    return state, True


def apply_winter(state: KufState, kind: str, orders: Mapping[str, Sequence[KufOrder]], ctx: Ctx) -> KufState:
    """The answers of a winter step: ``plans`` (every noble's standing orders and the one who must
    play), ``play`` or ``swap`` (one noble)."""
    pending = state.pending
    assert pending is not None
    for power in pending.powers:
        mine = list(orders.get(power, ()))
        if kind == "plans":  # a plain SWAP or PASS now stands for "whatever the card" (IF AGENDA any)
            mine = [
                KufOrder(WINTER, "IF", ("any", *o.canonical().split())) if o.verb in (SWAP, PASS) else o
                for o in mine
            ]
        state, rest = store_standing(state, power, mine, ctx)
        if kind in ("plans", "play") and power == (pending.about or pending.powers[0]):
            first = next((o for o in rest if o.verb == PLAY), None)
            state = play(state, power, first, ctx)
        elif kind == "swap":
            now = next((o for o in rest if o.verb in (SWAP, TAKE, PASS)), None) or _rule_order(state, power)
            state = swap(state, power, now or KufOrder(WINTER, PASS), ctx)
    return state.evolve(pending=None)


def close_winter(state: KufState) -> KufState:
    """The winter's swap orders lapse with it."""
    players = {p: me.model_copy(update={"swaps": ()}) for p, me in state.players.items()}
    return state.evolve(players=players, passed=(), cursor="", placer="")


__all__ = ["WINTER", "SwapRule", "apply_winter", "close_winter", "open_winter", "run_winter"]
