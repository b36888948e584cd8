"""The Empire cards of the purchases phase (seed 002 L2494-2500, L2522-2524, L2614-2616, L2710-2711,
L2728-2729, L2750), played with ``PLAY``:

* ABATE, CONTESSA, OSPITALIERE (``PLAY Abate FOR <technology>``): one technology free, of the
  trees the card's ``params.trees`` name (blue/violet, orange/blue, orange/violet: the trees'
  ``colour`` in technologies.toml), that the power may buy (L803). It counts toward the 3 a turn
  (L807) unless the power holds UNIVERSITÀ (``bypass_turn_limit_with``), when it may be a 4th.
* CAPOMASTRO (``PLAY Capomastro: Torre IN Banato, Borgo IN Pest``): 1/2/3 buildings by LT, free,
  each a level-I building or a one-level upgrade, civil with ARCHITETTURA, fortifications with
  INGEGNERIA; the building's own prerequisites still apply (R13: the card text, not ex L2492).
* ARCHITETTO and MECENATE (``PLAY Architetto``): their discounts act on every purchase of the
  phase (``purchase_terms.py``).
* TACCAGNO (``PLAY Taccagno ON <power>``, needs MATEMATICA): that power buys nothing for the
  player's LT in turns, this one included (``card_effects``, as AVARO).

Every power's TACCAGNO is played first, in turn order; then each power in turn order plays its
other cards, before its purchases (so discounts cover the whole phase and a TACCAGNO acts on its
holder's purchases of this turn wherever it sits in the turn order). Prerequisites and LT are
those held when the phase began (R20). A play that fails stays in hand with its reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.rulesets.medioevo.components.cards import EmpireCard
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events import CardPlayed, TechnologyBought
from adjudicator.rulesets.medioevo.orders import PURCHASES, Build, PlayPurchaseCard
from adjudicator.rulesets.medioevo.phases.building_purchases import (
    bought_event,
    build_problem,
    put_building,
    tech_problem,
)
from adjudicator.rulesets.medioevo.phases.card_play import (
    after_play,
    lt_value,
    play_problem,
    start_lasting,
)
from adjudicator.rulesets.medioevo.phases.purchase_terms import (
    FREE,
    MECENATE,
    blocked,
    categories_by_tech,
    mecenate_pct,
)
from adjudicator.rulesets.medioevo.state import MedioevoState, tech_level

TREES = "trees"  # params of the cards that give a technology
BUILDS = "build_level"  # params of CAPOMASTRO
BLOCKS = "blocks"  # params of TACCAGNO


def gives_tech(card: EmpireCard) -> bool:
    return TREES in card.params


def builds_free(card: EmpireCard) -> bool:
    return BUILDS in card.params


def is_ban(card: EmpireCard) -> bool:
    return BLOCKS in card.params


def trees_text(data: DataSet, card: EmpireCard) -> str:
    """``blue (Istruzione e Medicina) or violet (Religione)``, from the trees' data."""
    trees = [data.trees[t] for t in card.params[TREES]]
    return " or ".join(f"{t.colour} ({t.name})" for t in trees)


def free_tech_problem(
    data: DataSet,
    start: MedioevoState,
    now: MedioevoState,
    power: str,
    card: EmpireCard,
    tech: str,
    bought: int,
) -> str | None:
    """Why ``card`` cannot give ``tech`` now; ``bought``: technologies counted toward the limit."""
    info = data.technologies[tech]
    if info.tree not in card.params[TREES]:
        return f"{card.name} gives a technology of the {trees_text(data, card)} tree, not {info.name}"
    if tech in now.powers[power].techs:
        return f"you already have {info.name}"
    held = start.powers[power].techs
    if card.params.get("bypass_turn_limit_with") in held:
        bought = 0  # UNIVERSITÀ: this one may go past the limit
    return tech_problem(data, held, bought, 0, tech, free=True)


def _by_tech(card: EmpireCard) -> str:
    """``civil buildings with ARCHITETTURA, fortification buildings with INGEGNERIA`` from the params."""
    prefix = "categories_with_"
    return ", ".join(
        f"{'/'.join(v)} buildings with {k[len(prefix) :].upper()}"
        for k, v in card.params.items()
        if k.startswith(prefix)
    )


def capomastro_problem(
    data: DataSet, start: MedioevoState, now: MedioevoState, power: str, order: PlayPurchaseCard
) -> tuple[str | None, MedioevoState, list[tuple[Build, str | None]]]:
    """(why not, the state with the free buildings, each build and what it replaced)."""
    card = data.cards[order.card]
    held = start.powers[power].techs
    most = lt_value(card, tech_level(len(held)))
    if len(order.builds) > most:
        return f"{card.name} builds {most} at your LT (L2522)", now, []
    allowed = categories_by_tech(card.params, held)
    done: list[tuple[Build, str | None]] = []
    for building, territory in order.builds:
        info = data.buildings[building]
        if info.category not in allowed:
            return f"{card.name} builds {_by_tech(card)} (L2522), not a {info.name}", now, []
        build = Build(building, territory)
        problem, replaced, _ = build_problem(data, start, now, power, build, FREE)
        new = replaced is None and info.level == int(card.params[BUILDS])
        step = replaced is not None and info.level - data.buildings[replaced].level == int(
            card.params["upgrade_levels"]
        )
        if problem is None and not (new or step):
            problem = f"{card.name} builds level-I buildings or raises one a level, not a {info.name} (L2522)"
        if problem:
            return problem, now, []
        now = put_building(now, build, replaced)
        done.append((build, replaced))
    return None, now, done


def check(
    state: MedioevoState, power: str, order: PlayPurchaseCard, data: DataSet, earlier: Sequence[Order]
) -> str | None:
    """The play as it arrives: the card, its target, and what it asks for, on the phase's start."""
    techs = state.powers[power].techs
    problem = play_problem(state, power, order, data, earlier=earlier, techs=techs, drawn_counts=True)
    return problem or _effect_problem(state, state, power, order, data, bought=0)[0]


def _effect_problem(
    start: MedioevoState, now: MedioevoState, power: str, order: PlayPurchaseCard, data: DataSet, bought: int
) -> tuple[str | None, MedioevoState, list[tuple[Build, str | None]]]:
    card = data.cards[order.card]
    if is_ban(card):
        return None, now, []
    ban = blocked(now, power, data)
    if ban and (gives_tech(card) or builds_free(card)):
        return ban, now, []
    if gives_tech(card):
        if order.tech is None:
            return f"write PLAY {card.name} FOR <technology>", now, []
        return free_tech_problem(data, start, now, power, card, order.tech, bought), now, []
    if builds_free(card):
        return capomastro_problem(data, start, now, power, order)
    if order.card == MECENATE and not mecenate_pct(data, start.powers[power].techs):
        return f"{card.name} gives you no discount: it needs LT II, MERCATO, BANCHE or MONOPOLIO", now, []
    return None, now, []


def play_bans(
    state: MedioevoState,
    orders: Mapping[str, Sequence[Order]],
    data: DataSet,
    events: list[Event],
    results: list[OrderResult],
) -> MedioevoState:
    """Every TACCAGNO, in turn order, before anyone buys."""
    for power in state.acting_order():
        plays = [o for o in orders.get(power, ()) if isinstance(o, PlayPurchaseCard)]
        for order in (o for o in plays if is_ban(data.cards[o.card])):
            problem = play_problem(
                state, power, order, data, earlier=(), techs=state.powers[power].techs, drawn_counts=False
            )
            if problem:
                results.append(OrderResult.failure(power, PURCHASES, order.canonical(), "card", problem))
                continue
            state = after_play(state, power, order.card, data)
            state, effect = start_lasting(state, power, order.card, order.target, data, events)
            results.append(OrderResult.success(power, PURCHASES, order.canonical(), effect))
    return state


def play_own(
    start: MedioevoState,
    state: MedioevoState,
    power: str,
    given: Sequence[Order],
    data: DataSet,
    events: list[Event],
    results: list[OrderResult],
) -> tuple[MedioevoState, list[PlayPurchaseCard], int]:
    """The power's other card plays in the order written: (state, the plays made, technologies
    they gave that count toward the limit)."""
    made: list[PlayPurchaseCard] = []
    counted = 0
    for order in (o for o in given if isinstance(o, PlayPurchaseCard)):
        card = data.cards[order.card]
        if is_ban(card):
            continue
        techs = start.powers[power].techs
        problem = play_problem(state, power, order, data, earlier=made, techs=techs, drawn_counts=False)
        built: list[tuple[Build, str | None]] = []
        if problem is None:
            problem, after, built = _effect_problem(start, state, power, order, data, counted)
        if problem:
            results.append(OrderResult.failure(power, PURCHASES, order.canonical(), "card", problem))
            continue
        made.append(order)
        state = after_play(after, power, order.card, data)
        effect = "its discount acts on your purchases of the phase"
        if order.tech is not None:
            mine = state.powers[power].techs
            state = state.with_power(power, techs=tuple(sorted({*mine, order.tech})))
            counted += card.params.get("bypass_turn_limit_with") not in techs
            effect = f"{data.technologies[order.tech].name} acquired free"
            events.append(TechnologyBought(power=power, tech=order.tech, cost=0))
        elif built:
            events.extend(bought_event(power, build, replaced, 0) for build, replaced in built)
            effect = f"{len(built)} building(s) free"
        events.append(CardPlayed(power=power, card=card.name, target=None, effect=effect))
        results.append(OrderResult.success(power, PURCHASES, order.canonical(), effect))
    return state, made, counted


def playable(state: MedioevoState, power: str, data: DataSet) -> list[PlayPurchaseCard]:
    """Every play of the purchases cards the power holds that it may make now (for the bots):
    each free technology, each single free building, each target of a TACCAGNO."""
    held = state.powers[power]
    options: list[PlayPurchaseCard] = []
    for card_id in dict.fromkeys((*held.cards, *held.drawn)):
        card = data.cards[card_id]
        if card.phase != "purchase":
            continue
        if gives_tech(card):
            candidates = [PlayPurchaseCard(card_id, tech=t) for t in data.technologies]
        elif builds_free(card):
            candidates = [
                PlayPurchaseCard(card_id, builds=((b, t),))
                for t in state.owned_by(power)
                for b in data.buildings
            ]
        elif is_ban(card):
            candidates = [PlayPurchaseCard(card_id, target=p) for p in state.seats() if p != power]
        else:
            candidates = [PlayPurchaseCard(card_id)]
        options.extend(o for o in candidates if check(state, power, o, data, ()) is None)
    return options
