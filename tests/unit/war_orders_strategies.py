"""Hypothesis strategies for the orders of phase 9 (war/orders.py, war/clauses.py), over the ids
of a real data set: every order they draw is one a player could write."""

from __future__ import annotations

from hypothesis import strategies as st

from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, SIEGE, label
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war import clauses as cl
from adjudicator.rulesets.medioevo.war import orders as wo
from adjudicator.rulesets.medioevo.war.parse_steps import TAKEN_KINDS

TAGS = st.sampled_from(
    ("north", "south", "a", "raid2", "plan_b", "default", "chain", "on", "fail", "to", "plan")
)
CONDS = st.sampled_from(
    ("armenia HELD BY byzantium", "NOT pest CONTESTED", "cart 1 HAS 3 PM", "AT WAR WITH france")
)
FORTS = ("SIEGE", "SIEGE ELSE ASSAULT", "SIEGE ELSE STOP", "ASSAULT", "STOP")
DISPOSITIONS = ("DESTROY", "SACK", "CONQUER")


def _tuple(items: st.SearchStrategy[str], most: int = 3) -> st.SearchStrategy[tuple[str, ...]]:
    return st.lists(items, min_size=1, max_size=most, unique=True).map(tuple)


def war_orders(data: DataSet, state: MedioevoState, power: str) -> st.SearchStrategy[Order]:
    """Script steps, PLAN lines and DOCTRINE lines of ``power``."""
    land = st.sampled_from(sorted(data.board.territories))
    place = st.sampled_from(sorted((*data.board.territories, *data.board.seas)))
    cards = st.sampled_from(sorted(data.cards))
    others = st.sampled_from([p for p in state.seats() if p != power])
    number = st.integers(1, 9)
    transports = sorted({t.kind for t in data.transports.values()})
    carts = sorted({t.kind for t in data.transports.values() if t.domain == "land"})

    def labels(kinds: list[str]) -> st.SearchStrategy[str]:
        return st.builds(lambda k, n: label(data, k, n), st.sampled_from(kinds), number)

    transport, captain = labels(transports), labels([CAPTAIN])
    foreign = st.builds(lambda p, lab: f"{p} {lab}", others, transport)
    cargo = st.one_of(st.integers(1, 60), labels([CAPTAIN, SIEGE, *carts]))
    convoy, leaders = _tuple(transport), _tuple(captain)
    route = st.sampled_from((None, "LAND", "SEA", "BOTH"))
    action = st.one_of(
        st.builds(wo.Load, cargo, transport, st.none() | land),
        st.builds(wo.Unload, cargo, transport, st.none() | land),
        st.builds(wo.Move, convoy, place),
        st.builds(lambda p, v: wo.Move(p, via=v), convoy, _tuple(place, 4)),
        st.builds(wo.Attack, land | foreign, convoy, leaders, TAGS),
        st.builds(wo.NavalAttack, others, place, convoy, leaders, TAGS),
        st.builds(wo.Siege, land),
        st.builds(wo.Siege, land, convoy, leaders, route, TAGS),
        st.builds(wo.Assault, land, plan=TAGS),
        st.builds(wo.Assault, land, convoy, leaders, TAGS),
        st.builds(wo.LiftSiege, land),
        st.builds(wo.Claim, foreign, st.integers(1, 20)),
        st.builds(
            wo.PlayCombatCard, cards, st.none() | place | transport | others | foreign, st.none() | cards
        ),
        st.builds(wo.SurpriseWar, others),
    )
    on_fail = st.sampled_from(list(wo.OnFail))
    step = st.builds(
        lambda a, c, t, f: wo.ScriptStep(a, c, t if t or f is not wo.OnFail.CHAIN else "chained", f),
        action,
        st.lists(CONDS, max_size=2, unique=True).map(tuple),
        st.none() | TAGS,
        on_fail,
    )
    rounds = st.sampled_from(("1", "2", "3+", "2+", "ALL"))
    when_plan = st.sampled_from((None, "FORTIFIED", "DEFENDER PLAYED 2"))
    hand = _tuple(cards)
    plan_clause = st.one_of(
        st.builds(cl.Cards, rounds, hand, when_plan),
        st.builds(cl.Withdraw, st.sampled_from(("AFTER", "BELOW")), st.integers(1, 30)),
        st.just(cl.Withdraw("IF OUTNUMBERED")),
        st.builds(cl.Captains, leaders),
        st.builds(cl.Fort, st.sampled_from(FORTS)),
        st.builds(cl.Occupy, st.integers(1, 30)),
        st.builds(cl.Taken, st.sampled_from(TAKEN_KINDS) | foreign, st.sampled_from(DISPOSITIONS)),
        st.builds(cl.LossesOrder, convoy),
        st.builds(cl.After, cards),
        st.builds(cl.Before, number, st.just("ladro"), cards, st.none() | others),
    )
    defence = st.one_of(
        st.builds(cl.RetreatBefore, st.sampled_from(("NEVER", "ALWAYS"))),
        st.builds(lambda r: cl.RetreatBefore("IF OUTNUMBERED", r), st.sampled_from((0.5, 1.5, 2.0, 3.0))),
        st.builds(cl.RetreatDuring, st.integers(1, 30)),
        st.builds(cl.RetreatTo, _tuple(land)),
        st.builds(cl.RetreatOn, transport),
        st.builds(cl.Cards, rounds, hand, st.none() | cards.map(lambda c: f"ATTACKER PLAYS {c}")),
        st.builds(cl.LossesOrder, convoy),
        st.builds(cl.LossesFirst, st.sampled_from(("LAND", "ABOARD"))),
        st.builds(cl.LastArmy, transport),
        st.builds(cl.Help, st.sampled_from(("ALLIES", "BARBARIANS")), st.booleans()),
        st.builds(cl.Rank, st.integers(1, 5)),
        st.builds(cl.React, cards, st.none() | place),
        st.builds(cl.After, cards),
        st.builds(cl.Capital, land),
        st.just(cl.Ask()),
        st.just(cl.Clear()),
    )
    scope = st.one_of(
        st.just((wo.Scope.ALL, "")),
        st.tuples(st.just(wo.Scope.IN), place),
        st.tuples(st.just(wo.Scope.ON), transport),
    )
    doctrine = st.builds(lambda c, s: wo.DoctrineLine(c, s[0], s[1]), defence, scope)
    plan_line = st.builds(wo.PlanLine, TAGS, plan_clause)
    return st.one_of(step, plan_line, doctrine)
