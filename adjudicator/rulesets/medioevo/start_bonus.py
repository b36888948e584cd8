"""The variant BONUS INIZIO PARTITA (seed 002 L3306-3308, ex L3284; game option
``variant_start_bonus``): each player starts with 3 level-I technologies of its choice and 100
florins more for each player in the game ("con 7 giocatori la partita inizia con 3 tecnologie e 700
fiorini extra", ex L3284).

The florins are given at setup. The technologies are chosen with the setup orders of turn 1's
first window (ruling R35 puts the setup there): ``BONUS <technology>``, up to 3 of them, each a
level-I technology (none has a prerequisite, so the choice is free). What a power leaves unchosen
is filled, when the window is resolved, with the first level-I technologies of the catalogue it
does not hold (MISTICISMO, AGRICOLTURA, ALLEVAMENTO …; ruling R340), so a silent player is not
left behind. The technologies are free and public (L341), the florins private (R7).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.orders import SETUP
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.variants import START_BONUS, on

BONUS_TECHS = 3  # L3308: "3 Tecnologie a scelta di livello 1"
FLORINS_PER_PLAYER = 100  # L3308: "pari al numero dei giocatori x100"


@dataclass(frozen=True, slots=True)
class BonusTech(Order):
    """One of the 3 level-I technologies of BONUS INIZIO PARTITA (L3308), at setup."""

    phase: ClassVar[str] = SETUP
    tech: str

    def canonical(self) -> str:
        return f"BONUS {self.tech}"


class BonusTechnologies(Event):
    """The technologies a power starts with under BONUS INIZIO PARTITA: public, like every
    technology (L341)."""

    kind: ClassVar[str] = "mu-bonus-techs"
    power: str
    techs: tuple[str, ...]
    chosen: int  # how many of them the power named; the rest were the default (R340)

    def summary(self) -> str:
        default = "" if self.chosen == len(self.techs) else f" ({len(self.techs) - self.chosen} by default)"
        return f"{self.power} starts with {', '.join(self.techs)}{default} (BONUS INIZIO PARTITA, L3308)"


def level_one(data: DataSet) -> tuple[str, ...]:
    """The level-I technologies in the catalogue's order."""
    return tuple(t for t, info in data.technologies.items() if info.level == 1)


def with_bonus_florins(state: MedioevoState) -> MedioevoState:
    """The setup's florins plus 100 for each player (L3308, ex L3284), when the variant is on."""
    if not on(state, START_BONUS):
        return state
    extra = FLORINS_PER_PLAYER * len(state.powers)
    for power in state.seats():
        state = state.with_power(power, florins=state.powers[power].florins + extra)
    return state


def check(
    state: MedioevoState, power: str, order: Order, data: DataSet, earlier: Sequence[Order]
) -> str | None:
    """Why a BONUS order is refused on arrival, or None (also for any other order)."""
    if not isinstance(order, BonusTech):
        return None
    return _problem(state, power, order.tech, [o.tech for o in earlier if isinstance(o, BonusTech)], data)


def _problem(state: MedioevoState, power: str, tech: str, taken: Sequence[str], data: DataSet) -> str | None:
    name = data.technologies[tech].name
    if not on(state, START_BONUS):
        return "BONUS is an order of the variant BONUS INIZIO PARTITA (L3306-3308), not on in this game"
    if data.technologies[tech].level != 1:
        return f"{name} is not a level-I technology (L3308)"
    if tech in taken or tech in state.powers[power].techs:
        return f"you have {name} already"
    if len(taken) >= BONUS_TECHS:
        return f"at most {BONUS_TECHS} technologies (L3308): see the lines above"
    return None


def resolve(done: Resolution, orders: Mapping[str, Sequence[Order]], data: DataSet) -> Resolution:
    """The setup's resolution with each power's bonus technologies added (variant on), or as it is."""
    state = done.state
    assert isinstance(state, MedioevoState)
    if not on(state, START_BONUS):
        return done
    events: list[Event] = []
    results: list[OrderResult] = []
    for power in state.seats():
        taken: list[str] = []
        for order in (o for o in orders.get(power, ()) if isinstance(o, BonusTech)):
            problem = _problem(state, power, order.tech, taken, data)
            if problem:
                results.append(OrderResult.failure(power, SETUP, order.canonical(), "illegal", problem))
                continue
            taken.append(order.tech)
            results.append(OrderResult.success(power, SETUP, order.canonical()))
        chosen = len(taken)
        held = state.powers[power].techs
        for tech in level_one(data):
            if len(taken) >= BONUS_TECHS:
                break
            if tech not in taken and tech not in held:
                taken.append(tech)
        state = state.with_power(power, techs=tuple(sorted({*held, *taken})))
        names = tuple(data.technologies[t].name for t in taken)
        events.append(BonusTechnologies(power=power, techs=names, chosen=chosen))
    return replace(done, state=state, events=(*done.events, *events), results=(*done.results, *results))


def legal_orders(state: MedioevoState, power: str, data: DataSet) -> list[Order]:
    """The BONUS orders a power may give at setup (none without the variant)."""
    if not on(state, START_BONUS):
        return []
    held = state.powers[power].techs
    return [BonusTech(t) for t in level_one(data) if t not in held]
