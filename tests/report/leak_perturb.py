"""What one viewer may not see, changed at random: the other powers' secrets, the GM's, hidden events.

Each function returns something the judge could have produced (a valid state, typed events,
results), differing from the original only where the viewer must see no difference. The leak test
renders the viewer's report from both and requires the same bytes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, cast

from adjudicator.core.events import (
    DiceRolled,
    Event,
    GmEdited,
    OrdersDefaulted,
    SeedRevealed,
    Visibility,
)
from adjudicator.core.results import OrderResult, Reason
from adjudicator.core.view import GM, PUBLIC
from adjudicator.rulesets.medioevo.calamity.records import CalamityChoices
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger
from adjudicator.rulesets.medioevo.orders_diplomacy import Propose
from adjudicator.rulesets.medioevo.pacts import Pact, PactKind, Stance
from adjudicator.rulesets.medioevo.phases import proposals
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState, PowerState
from adjudicator.rulesets.medioevo.view import PRIVATE_FIELDS
from adjudicator.rulesets.medioevo.war.records import DoctrineClause
from adjudicator.rulesets.registry import get_ruleset
from adjudicator.service.history import StoredWindow

CANARY = "LEAKCANARY"
"""Every made-up text starts with this, so a report that prints one is easy to spot in a diff."""

Perturber = Callable[[random.Random, PowerState, Sequence[str], Sequence[str]], Any]
"""(rng, the power's state, every power id, every Empire card id) -> a new value of one field."""


def _cards(rng: random.Random, _: PowerState, __: Sequence[str], cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(rng.choice(cards) for _ in range(rng.randint(1, 5)))


def _other_number(rng: random.Random, value: int, top: int) -> int:
    """A number in 0..top (or above ``value``) other than ``value``."""
    return rng.choice([n for n in (rng.randint(0, top), value + rng.randint(1, top)) if n != value])


def _others(power: PowerState, powers: Sequence[str]) -> list[str]:
    return [p for p in powers if p != power.kingdom] or list(powers)


PERTURB: dict[str, Perturber] = {
    "florins": lambda rng, p, _, __: _other_number(rng, p.florins, 3000),
    "cards": _cards,
    "drawn": _cards,
    "keep_priority": _cards,
    "loans": lambda rng, p, _, __: (*p.loans, rng.choice([100, 200, 300, 450])),
    "reinforcements": lambda rng, p, _, __: _other_number(rng, p.reinforcements, 9),
    "reserve": lambda rng, p, _, __: _other_number(rng, p.reserve, 9),
    "casus_belli": lambda rng, p, powers, _: {
        **p.casus_belli,
        rng.choice(_others(p, powers)): rng.randint(1, 4) + max(p.casus_belli.values(), default=0),
    },
    "bankruptcy_used": lambda rng, p, _, __: not p.bankruptcy_used,
    "alliance_policy": lambda rng, p, powers, _: (
        *p.alliance_policy,
        (rng.choice(_others(p, powers)), rng.choice(list(Stance))),
    ),
    "objective": lambda rng, p, _, __: rng.choice(
        [c for c, o in default_dataset().objectives.items() if o.kingdom == p.kingdom and c != p.objective]
    ),
    "doctrines": lambda rng, p, _, __: (
        *p.doctrines,
        DoctrineClause(clause=f"{CANARY} RETREAT DURING BELOW {rng.randint(1, 9)}"),
    ),
    "calamity": lambda rng, p, powers, _: CalamityChoices(  # the standing calamity choices (R319)
        nizari_bid=rng.randint(1, 999) + (p.calamity.nizari_bid if p.calamity else 0),
        nizari_victim=rng.choice(_others(p, powers)),
    ),
}
"""One way to change each private field of a power (the view's PRIVATE_FIELDS, checked below)."""


def missing_perturbers() -> list[str]:
    """Private fields this module cannot change yet: the leak test fails until each has one."""
    return [f for f in PRIVATE_FIELDS if f not in PERTURB]


def perturb_state(
    state: MedioevoState,
    viewer: str,
    secret_of: Sequence[str],
    rng: random.Random,
    cards: Sequence[str],
    *,
    hidden: bool,
) -> MedioevoState:
    """``state`` with every private field of each power in ``secret_of`` changed and, if ``hidden``,
    what only the GM sees (the deck's order, the bank) and the secret pacts ``viewer`` is not party to."""
    powers = tuple(state.powers)
    for power in secret_of:
        held = state.powers[power]
        changes = {name: PERTURB[name](rng, held, powers, cards) for name in PRIVATE_FIELDS}
        state = state.with_power(power, **changes)
    if not hidden:
        return state
    pacts: list[Pact] = []
    for pact in state.pacts:
        if pact.secret and viewer not in pact.parties:
            pact = pact.model_copy(update={"terms": f"{CANARY} {rng.random()}", "until": state.turn + 7})
        pacts.append(pact)
    others = [p for p in state.seats() if p != viewer]
    if len(others) >= 2:
        a, b = rng.sample(others, 2)
        state = _secret_pact(state.evolve(pacts=tuple(pacts)), a, b, rng)
    else:
        state = state.evolve(pacts=tuple(pacts))
    deck = tuple(rng.choice(cards) for _ in state.deck)  # the same size: the size is public
    return state.evolve(deck=deck, bank=state.bank + rng.randint(1, 9999))


def _secret_pact(state: MedioevoState, a: str, b: str, rng: random.Random) -> MedioevoState:
    """``state`` after ``a`` and ``b`` made a secret pact, the way the judge makes one (its number
    and the registry's count included): nothing a third power sees may change (issue 14)."""
    data = cast(MedioevoRuleset, get_ruleset("medioevo")).data
    kind, turns = rng.choice(list(PactKind)), rng.randint(1, 5)
    mine = Propose(kind, (b,), turns, True, f"{CANARY} secret terms {rng.random()}")
    ledger = Ledger(state, data, orders={a: [mine], b: [Propose(kind, (a,), turns, True)]})
    note, made, _ = proposals.propose(ledger, a, mine)
    assert made, note
    return ledger.state


def _mutated(event: Event, rng: random.Random) -> Event:
    """The same event with every field but its phase and audience changed."""
    changes: dict[str, Any] = {}
    for name in type(event).model_fields:
        value = getattr(event, name)
        if name in ("phase", "visibility"):
            continue
        if isinstance(value, bool):
            changes[name] = not value
        elif isinstance(value, int):
            changes[name] = value + rng.randint(1, 99)
        elif isinstance(value, str):
            changes[name] = f"{CANARY}-{name}-{rng.randint(0, 10**6)}"
        elif isinstance(value, tuple):
            changes[name] = (*value, f"{CANARY}-{rng.randint(0, 10**6)}")
        elif isinstance(value, dict):
            changes[name] = {**value, f"{CANARY}-{rng.randint(0, 10**6)}": (CANARY,)}
    return event.model_copy(update=changes)


def _hidden_events(viewer: str, phase: str, others: Sequence[str], rng: random.Random) -> list[Event]:
    """Made-up events the viewer may not see: the GM's dice, seed and edits, another power's defaults."""
    seed = f"{CANARY}{rng.getrandbits(64):016x}"
    made: list[Event] = [
        DiceRolled(
            phase=phase, key=f"{CANARY}|dice", sides=6, value=rng.randint(1, 6), visibility=Visibility.gm()
        ),
        SeedRevealed(phase=phase, seed=seed, visibility=Visibility.gm()),
        GmEdited(phase=phase, command=f"SET {CANARY} florins 9999", visibility=Visibility.gm()),
    ]
    if others:
        who = rng.choice(list(others))
        made.append(
            OrdersDefaulted(
                phase=phase, power=who, orders=(f"{CANARY} order",), visibility=Visibility.to(who)
            )
        )
    return [e for e in made if not e.visibility.allows(viewer)]


def perturb_events(
    events: Sequence[Event], viewer: str, others: Sequence[str], rng: random.Random
) -> tuple[Event, ...]:
    """The events with those ``viewer`` may not see changed, some dropped, and new hidden ones added."""
    out: list[Event] = []
    for event in events:
        if event.visibility.allows(viewer):
            out.append(event)
            continue
        roll = rng.random()
        if roll < 0.7:
            out.append(_mutated(event, rng))
        if roll > 0.5:
            out.extend(_hidden_events(viewer, event.phase, others, rng))
    phase = events[-1].phase if events else "T0.leak"
    out.extend(_hidden_events(viewer, phase, others, rng))
    return tuple(out)


def perturb_results(
    results: Sequence[OrderResult], viewer: str, others: Sequence[str], rng: random.Random
) -> tuple[OrderResult, ...]:
    """The results with every other power's changed (order text, outcome, reason) and one added."""
    if viewer == GM:
        return tuple(results)
    out: list[OrderResult] = []
    for r in results:
        if viewer != PUBLIC and r.power == viewer:
            out.append(r)
            continue
        out.append(
            OrderResult.failure(r.power, r.phase, f"{CANARY} {r.order}", "leak", f"{CANARY} reason")
            if r.ok
            else OrderResult.success(r.power, r.phase, f"{CANARY} {r.order}", note=CANARY)
        )
    if others and results:
        who = rng.choice(list(others))
        out.append(
            OrderResult(
                power=who,
                phase=results[-1].phase,
                order=f"{CANARY} BID {rng.randint(1, 99)}",
                ok=False,
                reason=Reason(code="leak", message=CANARY),
            )
        )
    return tuple(out)


@dataclass(frozen=True)
class Secrets:
    """Which of what a viewer may not see to change: one group at a time names the culprit of a leak."""

    powers: tuple[str, ...] = ()
    """The powers whose private fields change."""
    hidden: bool = False
    """The GM's secrets: the deck's order, the bank, the secret pacts the viewer is not party to."""
    events: bool = False
    """The events the viewer may not see (changed, dropped, new ones added)."""
    results: bool = False
    """The other powers' results."""

    def name(self) -> str:
        parts = [f"{p}'s private fields" for p in self.powers]
        parts += ["the GM's secrets (deck, bank, secret pacts)"] if self.hidden else []
        parts += ["the events it may not see"] if self.events else []
        parts += ["the other powers' orders and results"] if self.results else []
        return ", ".join(parts) or "nothing"


def every_secret(viewer: str, powers: Sequence[str]) -> Secrets:
    return Secrets(tuple(p for p in powers if p != viewer), hidden=True, events=True, results=True)


def one_at_a_time(viewer: str, powers: Sequence[str]) -> list[Secrets]:
    return [
        *(Secrets((p,)) for p in powers if p != viewer),
        Secrets(hidden=True),
        Secrets(events=True),
        Secrets(results=True),
    ]


def perturb_stored(
    stored: StoredWindow, viewer: str, secrets: Secrets, seed: int, cards: Sequence[str]
) -> StoredWindow:
    """``stored`` as ``viewer`` must not be able to tell it from the real one."""
    state = cast(MedioevoState, stored.state)
    others = [p for p in state.seats() if p != viewer]
    rng = random.Random(seed)
    changed = perturb_state(state, viewer, secrets.powers, rng, cards, hidden=secrets.hidden)
    events = perturb_events(stored.events, viewer, others, rng) if secrets.events else stored.events
    results = perturb_results(stored.results, viewer, others, rng) if secrets.results else stored.results
    return replace(stored, state=changed, events=events, results=results)
