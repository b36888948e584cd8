"""Summer: each noble's turn of actions, from the Counsellor clockwise (L76-112).

By mail (digest §8 #3): a noble's turn is one step, its actions in the order written. A
challenge waits for the victim's answer only when the victim has no standing defence policy
(``POLICY DEFEND WHILE 2``); then the victim gets a "defence" step, and the attacker's remaining
orders go on after it. The house burnt is the victim's choice (L105): its ``POLICY BURN``
preference, else an inner house when the rule allows (digest §8 #3), else an outer one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.events import Visibility
from adjudicator.rulesets.kriegundfrieden import cards as cd
from adjudicator.rulesets.kriegundfrieden.common import Ctx, ask, available, discard, draw, store_standing
from adjudicator.rulesets.kriegundfrieden.events import Shown
from adjudicator.rulesets.kriegundfrieden.orders import (
    BRIBE,
    BUILD,
    CHALLENGE,
    DEFEND,
    WORKERS,
    YIELD,
    KufOrder,
    read_line,
)
from adjudicator.rulesets.kriegundfrieden.state import KufState, Summer

SUMMER = "summer"
SHIELD, CUP, HAMMER, GRAIN = cd.one("shield"), cd.one("cup"), cd.one("hammer"), cd.one("grain")
CHALLENGE_GAIN = 2
"""Cards a successful challenge brings (L107), drawn from the deck (digest §7 #8, ruling K12)."""


def open_summer(state: KufState) -> KufState:
    turns = state.clockwise(state.counsellor)
    return ask(state.evolve(season=SUMMER, summer=Summer(turns=turns)), "turn", turns[0])


def supply(state: KufState, power: str) -> int:
    me = state.player(power)
    return 6 - me.outer - me.inner


def action_problem(state: KufState, power: str, order: KufOrder) -> str | None:
    """Why ``order`` cannot be done now, or None (L87-112)."""
    me = state.player(power)
    have = available(state, power)
    if order.verb == WORKERS:
        n = int(order.args[0])
        if have[2] < n:
            return f"{n} hammer needed, you hold {have[2]} you may spend"
        if me.inner + n > 3 or me.inner + n > me.outer - n:
            return (
                f"with {me.outer} outer and {me.inner} inner houses, "
                f"moving {n} leaves more inner than outer (L92)"
            )
    elif order.verb == BUILD:
        n = int(order.args[0])
        if have[3] < n:
            return f"{n} grain needed, you hold {have[3]} you may spend"
        if n > supply(state, power) or me.outer + n > 6:
            return f"{supply(state, power)} unused houses and {6 - me.outer} free outer sites (L97)"
    elif order.verb in (CHALLENGE, BRIBE):
        need = 0 if order.verb == CHALLENGE else 1
        if order.args[0] == power:
            return "not yourself"
        if have[need] < 1:
            card = "shield" if need == 0 else "cup"
            return f"you hold no {card} you may spend (L103, L110; won cards defend only, L107)"
    return None


def burn_choice(state: KufState, victim: str, wanted: str) -> str:
    """The house ``victim`` loses (L105, K16): ``wanted`` if the rule allows it, else the other."""
    me = state.player(victim)
    legal = [
        w
        for w in ("inner", "outer")
        if (w == "inner" and me.inner) or (w == "outer" and me.outer and me.inner <= me.outer - 1)
    ]
    pref = wanted or me.burn or "inner"
    return pref if pref in legal else (legal[0] if legal else "")


def _answer(state: KufState, attacker: str, victim: str, defend: bool, wanted: str, ctx: Ctx) -> KufState:
    """The challenge settled: a shield against it (L104) or a house burnt and 2 cards (L105-107)."""
    if defend and state.player(victim).hand[0] > 0:
        state = discard(state, victim, SHIELD, defence=True)
        ctx.tell(f"{victim} plays a shield against {attacker}'s challenge: both cards cancel (L104)", victim)
        return state
    house = burn_choice(state, victim, wanted)
    if not house:
        ctx.tell(f"{attacker} challenges {victim}, who has no house: nothing happens (K11)", attacker)
        return state
    me = state.player(victim)
    state = state.with_player(victim, **{house: getattr(me, house) - 1})
    ctx.tell(f"{victim} does not defend: {attacker} burns one of its {house} houses (L105)", attacker)
    if victim in state.player(attacker).robbed:
        ctx.tell(f"{attacker} has had its cards for {victim} this turn already (L107)", attacker)
        return state
    state, _ = draw(
        state,
        attacker,
        CHALLENGE_GAIN,
        ctx,
        f"a challenge won on {victim}, for defence only (L107)",
        guard=True,
    )
    return state.with_player(attacker, robbed=(*state.player(attacker).robbed, victim))


def _policy_defends(state: KufState, victim: str) -> bool | None:
    k = state.player(victim).defend
    return None if k is None else (k > 0 and state.player(victim).hand[0] >= k)


def act(state: KufState, power: str, order: KufOrder, ctx: Ctx) -> tuple[KufState, bool]:
    """One action of ``power``'s turn; False when it waits for a victim's answer."""
    why = action_problem(state, power, order)
    if why is not None:
        ctx.fail(power, order, "cannot", why)
        return state, True
    me = state.player(power)
    ctx.ok(power, order)
    if order.verb == WORKERS:
        n = int(order.args[0])
        state = discard(state, power, cd.one("hammer", n)).with_player(
            power, outer=me.outer - n, inner=me.inner + n
        )
        ctx.tell(f"{power} sends {n} house{'s' * (n > 1)} to work on the cathedral (L87-92)", power)
    elif order.verb == BUILD:
        n = int(order.args[0])
        state = discard(state, power, cd.one("grain", n)).with_player(power, outer=me.outer + n)
        ctx.tell(f"{power} builds {n} farmstead{'s' * (n > 1)} (L94-98)", power)
    elif order.verb == BRIBE:
        victim = order.args[0]
        state = discard(state, power, CUP)
        if state.player(victim).hand[0]:
            state = discard(state, victim, SHIELD, defence=True)
            ctx.tell(f"{power} bribes {victim}'s knight: {victim} discards a shield (L110-111)", power)
        else:
            hand = cd.describe(state.player(victim).hand)
            ctx.tell(
                f"{power} bribes {victim}, who has no shield and shows its hand to {power} (L112)", power
            )
            ctx.events.append(
                Shown(power=victim, briber=power, hand=hand, visibility=Visibility.to(power, victim))
            )
    else:
        victim = order.args[0]
        state = discard(state, power, SHIELD)
        ctx.tell(f"{power} challenges {victim} with a shield (L103)", power)
        defends = _policy_defends(state, victim)
        if defends is None:
            return ask(state, "defence", victim, about=power), False
        state = _answer(state, power, victim, defends, "", ctx)
    return state, True


def play_turn(state: KufState, power: str, orders: Sequence[KufOrder], ctx: Ctx) -> KufState:
    """``power``'s actions in order (L85) until one waits for an answer (the rest kept)."""
    for i, order in enumerate(orders):
        state, done = act(state, power, order, ctx)
        if not done:
            assert state.summer is not None
            queue = tuple(o.canonical() for o in orders[i + 1 :])
            return state.evolve(
                summer=state.summer.model_copy(update={"queue": queue, "victim": order.args[0]})
            )
    return _end_turn(state)


def _end_turn(state: KufState) -> KufState:
    summer = state.summer
    assert summer is not None
    power = summer.turns[0]
    state = state.with_player(power, robbed=())
    turns = summer.turns[1:]
    return state.evolve(summer=Summer(turns=turns), pending=None)


def run_summer(state: KufState, ctx: Ctx) -> tuple[KufState, bool]:
    """The next turn asked for, or the summer over (the cards won become ordinary, K12)."""
    assert state.summer is not None
    if state.pending is not None:
        return state, False
    if state.summer.turns:
        return ask(state, "turn", state.summer.turns[0]), False
    players = {p: me.model_copy(update={"guard": cd.NONE, "robbed": ()}) for p, me in state.players.items()}
    return state.evolve(players=players, summer=None), True


def apply_summer(state: KufState, kind: str, orders: Mapping[str, Sequence[KufOrder]], ctx: Ctx) -> KufState:
    pending = state.pending
    assert pending is not None and state.summer is not None
    power = pending.powers[0]
    state, rest = store_standing(state, power, list(orders.get(power, ())), ctx)
    state = state.evolve(pending=None)
    if kind == "turn":
        return play_turn(state, power, [o for o in rest if o.verb in (WORKERS, BUILD, CHALLENGE, BRIBE)], ctx)
    answer = next((o for o in rest if o.verb in (DEFEND, YIELD)), None)
    if answer is not None:
        ctx.ok(power, answer)
    attacker = pending.about
    wanted = answer.args[0].lower() if answer is not None and answer.args else ""
    defends = answer.verb == DEFEND if answer is not None else bool(_policy_defends(state, power))
    state = _answer(state, attacker, power, defends, wanted, ctx)  # no answer: a policy given now
    queue = [read_line(line, SUMMER, state.seats) for line in state.summer.queue]  # type: ignore[union-attr]
    state = state.evolve(summer=state.summer.model_copy(update={"queue": (), "victim": ""}))  # type: ignore[union-attr]
    return play_turn(state, attacker, queue, ctx)
