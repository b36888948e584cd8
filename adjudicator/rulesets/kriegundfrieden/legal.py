"""The orders a noble may give in the open step (for OPTIONS, the order template and the bots),
and the defaults of a silent noble (digest §8 #1: pass, do not defend, discard the commonest)."""

from __future__ import annotations

from adjudicator.rulesets.kriegundfrieden import cards as cd
from adjudicator.rulesets.kriegundfrieden.autumn import default_discard, targets
from adjudicator.rulesets.kriegundfrieden.common import available, can_take
from adjudicator.rulesets.kriegundfrieden.components import RESOURCES
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
    SWAP,
    TAKE,
    WORKERS,
    YIELD,
    KufOrder,
)
from adjudicator.rulesets.kriegundfrieden.parse import window_season
from adjudicator.rulesets.kriegundfrieden.spring import bid_problem, cheapest_raise, default_privilege, total
from adjudicator.rulesets.kriegundfrieden.state import KufState
from adjudicator.rulesets.kriegundfrieden.summer import action_problem, burn_choice


def _mine(state: KufState, power: str) -> str:
    """The kind of the open step if ``power`` acts in it, else ''."""
    pending = state.pending
    if (
        pending is None
        or pending.season != window_season(state)
        or power not in pending.powers
        or state.ending
    ):
        return ""
    return pending.kind


def defaults(state: KufState, power: str) -> tuple[KufOrder, ...]:
    kind = _mine(state, power)
    season = window_season(state)
    me = state.player(power) if kind else None
    if me is None:
        return ()
    pending = state.pending
    assert pending is not None
    if (
        kind in ("play", "plans")
        and season == "winter"
        and power == (pending.about or pending.powers[0])
        and me.agenda
    ):
        return (KufOrder(season, PLAY, (cd.card_name(sorted(me.agenda)[0], state.tables),)),)
    if kind in ("swap", "bid"):
        return (KufOrder(season, PASS),)
    if kind == "privilege":
        kind_ = default_privilege(state, power)
        return (KufOrder(season, PRIVILEGE, (kind_,)),) if kind_ else ()
    if kind == "defence":
        return (KufOrder(season, YIELD),)
    if kind == "appeal":
        return (KufOrder(season, NO_APPEAL),)
    if kind == "discard":
        return (
            KufOrder(season, DISCARD, tuple(cd.describe(default_discard(state, power, me.discard)).split())),
        )
    return ()


def _names(state: KufState, cards: tuple[str, ...]) -> list[str]:
    return sorted({cd.card_name(c, state.tables) for c in cards})


def _bids(state: KufState, power: str, season: str) -> list[KufOrder]:
    """Single-type batches that beat the high bid, and the cheapest raise."""
    out: list[KufOrder] = []
    have = available(state, power)
    for i, kind in enumerate(RESOURCES):
        for n in range(1, have[i] + 1):
            if state.auction is None or bid_problem(state, power, cd.one(kind, n)) is None:
                out.append(KufOrder(season, BID, (str(n), kind)))
                break
    if state.auction is not None:
        raise_ = cheapest_raise(state, power, 10_000)
        if raise_ is not None:
            out.append(KufOrder(season, BID, tuple(cd.describe(raise_).split())))
    return list(dict.fromkeys(out))


def legal_orders(state: KufState, power: str) -> tuple[KufOrder, ...]:
    kind = _mine(state, power)
    if not kind:
        return ()
    season = window_season(state)
    me = state.player(power)
    pending = state.pending
    assert pending is not None
    out: list[KufOrder] = []
    if season == "winter":
        if kind in ("plans", "play") and power == (pending.about or pending.powers[0]):
            out += [KufOrder(season, PLAY, (n,)) for n in _names(state, me.agenda)]
        if kind in ("plans", "swap") and me.privileges:
            table = cd.card_name(state.agenda_card, state.tables) if state.agenda_card else ""
            for name in _names(state, me.agenda):
                if name != table:
                    out.append(KufOrder(season, SWAP, (name, "PAYING", me.privileges[0])))
            if kind == "swap" and not me.agenda:
                out.append(KufOrder(season, TAKE, ("PAYING", me.privileges[0])))
            out.append(KufOrder(season, PASS))
    elif season == "spring" and kind in ("plans", "bid"):
        out += _bids(state, power, season)
        out.append(KufOrder(season, PASS))
        if state.agenda_card:
            worth = cd.value(available(state, power), state.tables, cd.agenda_type(state.agenda_card))
            mine = total(state, power) if state.auction is not None else 0
            out += [
                KufOrder(season, PLAN, ("UP", "TO", str(mine + worth // d))) for d in (2, 1) if worth // d
            ]
        out.append(KufOrder(season, PLAN, ("PASS",)))
    elif kind == "privilege":
        out += [KufOrder(season, PRIVILEGE, (k,)) for k in RESOURCES if can_take(state, power, k)]
    elif kind == "turn":
        for verb, n in ((WORKERS, 1), (BUILD, 1)):
            for k in range(1, 4):
                order = KufOrder(season, verb, (str(k),))
                if action_problem(state, power, order) is None:
                    out.append(order)
            del n
        for verb in (CHALLENGE, BRIBE):
            out += [
                o
                for o in (KufOrder(season, verb, (p,)) for p in state.seats if p != power)
                if action_problem(state, power, o) is None
            ]
    elif kind == "defence":
        if me.hand[0]:
            out.append(KufOrder(season, DEFEND))
        out.append(KufOrder(season, YIELD))
        out += [
            KufOrder(season, YIELD, (w.upper(),))
            for w in ("inner", "outer")
            if burn_choice(state, power, w) == w
        ]
    elif kind == "appeal":
        out += [KufOrder(season, APPEAL, (p,)) for p in targets(state, power)]
        out.append(KufOrder(season, NO_APPEAL))
    elif kind == "discard":
        out += list(defaults(state, power))
    out += [
        KufOrder(season, POLICY, ("DEFEND", "WHILE", "2")),
        KufOrder(season, POLICY, ("BURN", "INNER")),
        KufOrder(season, POLICY, ("APPEAL", "ALWAYS")),
    ]
    return tuple(out)


def receipt_lines(state: KufState, power: str, orders: list[KufOrder]) -> list[str]:
    """What a mail's orders come to, in words (the receipt's summary)."""
    out: list[str] = []
    agenda = cd.agenda_type(state.agenda_card) if state.agenda_card else ""
    spent = cd.NONE
    for order in orders:
        if order.verb == BID and agenda:
            cards = cd.cards_of_words(order.args)
            mine = total(state, power) if state.auction is not None else 0
            worth = cd.value(cards, state.tables, agenda)
            out.append(
                f"{order.canonical()}: worth {worth} against {agenda}, {mine + worth} in all on the table"
            )
        elif order.verb in (WORKERS, BUILD, CHALLENGE, BRIBE):
            kind = {WORKERS: "hammer", BUILD: "grain", CHALLENGE: "shield", BRIBE: "cup"}[order.verb]
            spent = cd.add(spent, cd.one(kind, int(order.args[0]) if order.verb in (WORKERS, BUILD) else 1))
        elif order.verb in (POLICY, PLAN) or order.verb == "IF":
            out.append(f"{order.canonical()}: a standing order, kept until you change it")
    if cd.size(spent):
        left = cd.sub(state.player(power).hand, spent)
        out.append(f"your turn spends {cd.describe(spent)}; you keep {cd.describe(left)}")
    return out


def notes(state: KufState, power: str) -> dict[str, str]:
    """A word on some legal orders, for the order template (canonical line → note)."""
    out: dict[str, str] = {}
    agenda = cd.agenda_type(state.agenda_card) if state.agenda_card else ""
    for order in legal_orders(state, power):
        line = order.canonical()
        if order.verb == BID and agenda:
            worth = cd.value(cd.cards_of_words(order.args), state.tables, agenda)
            mine = total(state, power) if state.auction is not None else 0
            high = state.auction.high if state.auction is not None else 0
            out[line] = f"worth {worth}: {mine + worth} in all, the high bid is {high}"
        elif order.verb in (PLAY, SWAP):
            kind, _, reward = order.args[0].partition("/")
            row = dict(zip(RESOURCES, state.tables.values[kind], strict=True))
            out[line] = f"{reward} reward; a card is worth " + ", ".join(f"{k} {v}" for k, v in row.items())
        elif order.verb == APPEAL:
            n = cd.size(state.player(order.args[0]).hand)
            out[line] = f"{order.args[0]} holds {n} cards: you take {n // 2}, blind"
    return out
