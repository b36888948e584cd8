"""A battle plan read from the PLAN lines (docs/war.md §3.2; seed 002 L1721, L1736, L1760,
L1770, L1782, L1846; rulings R100, R173): the clauses of one plan, each slot's latest, as the
battle's :class:`BattlePlan`, the VF to occupy with and the losses' order."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from adjudicator.rulesets.medioevo.war import clauses
from adjudicator.rulesets.medioevo.war.battle_models import BattlePlan, Steal, Withdraw
from adjudicator.rulesets.medioevo.war.orders import PlanLine

DEFAULT_OCCUPY = 1  # L1846: at least 1 VF holds the conquered territory (R100's default)
DEFAULT_WITHDRAW = Withdraw(after_rounds=10, outnumbered=True)
"""R100's default for an attack whose plan has no ``WITHDRAW`` clause (L1721: the attacker may
break off after any round): after 10 rounds, or as soon as its VF are fewer than the defenders'.
Any ``WITHDRAW`` clause replaces it whole (R212): ``WITHDRAW BELOW 1`` fights to the end."""


def card_rounds(cards: Sequence[clauses.Cards], fortified: bool = False) -> tuple[tuple[str, ...], ...]:
    """``CARDS r: …`` clauses as ``BattlePlan.rounds`` (the last entry repeats): ``n`` that roll,
    ``n+`` from it on, ``ALL`` every roll not otherwise named (L1736, L1770). ``IF FORTIFIED``
    counts only against walls; conditions on the other side's cards are not read (R173)."""
    exact: dict[int, tuple[str, ...]] = {}
    onward: dict[int, tuple[str, ...]] = {}
    every: tuple[str, ...] = ()
    for c in cards:
        if c.when is not None and not (c.when == "FORTIFIED" and fortified):
            continue
        spec = c.rounds.upper()
        if spec == "ALL":
            every = c.cards
        elif spec.endswith("+"):
            onward[int(spec[:-1])] = c.cards
        else:
            exact[int(spec)] = c.cards
    if not (exact or onward or every):
        return ()
    last = max([*exact, *onward, 0]) + 1

    def at(n: int) -> tuple[str, ...]:
        if n in exact:
            return exact[n]
        starts = [s for s in onward if s <= n]
        return onward[max(starts)] if starts else every

    return tuple(at(n) for n in range(1, last + 1))


def clauses_of(lines: Sequence[PlanLine], name: str) -> list[clauses.PlanClause]:
    """The clauses of plan ``name``, each slot's latest (§3.2: a later line replaces)."""
    by_slot: dict[str, clauses.PlanClause] = {}
    for line in lines:
        if line.plan == name:
            by_slot.pop(line.clause.slot, None)
            by_slot[line.clause.slot] = line.clause
    return list(by_slot.values())


def plan_of(lines: Sequence[PlanLine], name: str) -> tuple[BattlePlan, int]:
    """The battle plan ``name`` from the PLAN lines, and the VF to occupy with; defaults where a
    clause is not given (R100; ``DEFAULT_WITHDRAW`` unless a ``WITHDRAW`` clause is given).
    ``CARDS`` by round (1, 2, 3+, ALL; R173); ``BEFORE`` as LADRO's steals (R228)."""
    plan, occupy = BattlePlan(), DEFAULT_OCCUPY
    chosen = clauses_of(lines, name)
    if not any(isinstance(c, clauses.Withdraw) for c in chosen):
        plan = replace(plan, withdraw=DEFAULT_WITHDRAW)
    for c in chosen:
        if isinstance(c, clauses.Withdraw) and c.how.upper() == "AFTER":
            plan = replace(plan, withdraw=replace(plan.withdraw, after_rounds=c.n))
        elif isinstance(c, clauses.Withdraw) and c.how.upper() == "BELOW":
            plan = replace(plan, withdraw=replace(plan.withdraw, below_vf=c.n))
        elif isinstance(c, clauses.Withdraw):  # IF OUTNUMBERED
            plan = replace(plan, withdraw=replace(plan.withdraw, outnumbered=True))
        elif isinstance(c, clauses.Captains):
            plan = replace(plan, leaders=c.captains)
        elif isinstance(c, clauses.Occupy):
            occupy = c.vf
        elif isinstance(c, clauses.Before):  # LADRO between rolls (ex L1709, R228)
            plan = replace(plan, steals=(*plan.steals, Steal(c.roll, c.target, c.victim or "")))
    rounds = card_rounds([c for c in chosen if isinstance(c, clauses.Cards)])
    return replace(plan, rounds=rounds), occupy


def losses_order(lines: Sequence[clauses.PlanClause]) -> tuple[str, ...]:
    """The attacker's ``LOSSES ORDER`` (its transports whose VF go first, L1760)."""
    found = [c for c in lines if isinstance(c, clauses.LossesOrder)]
    return found[-1].pieces if found else ()
