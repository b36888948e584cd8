"""Turn 1's economy window played by mail, for the rules tests of phases 4-8: the GM's edits, the
mails parsed as a player's, the window resolved."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from adjudicator.core.dice import Dice
from adjudicator.core.engine import WindowOutcome, resolve_window, window_label
from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.orders.text import split_order_text
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState

RULES = MedioevoRuleset()
DATA = RULES.data
SEED = b"f" * 32
POWERS = ["holy_roman_empire", "hungary", "france", "byzantium"]
PAPAL_STATE = "stato_della_chiesa"


def economy(
    *edits: str,
    rules: MedioevoRuleset = RULES,
    seed: bytes = SEED,
    powers: Sequence[str] = POWERS,
    papal_state: bool = True,
) -> MedioevoState:
    """Turn 1's economy window, after the GM's edits (every phase test module picks its seed).
    ``papal_state=False``: the Pope's Papal State (L2172, R321) is left without owner before the
    edits, for the examples of a plain kingdom."""
    state, _ = rules.initial_state("g", list(powers), {}, Dice(seed, "T0.setup"))
    while window_label(rules, state) != "T1.economy":
        state = resolve_window(rules, state, {}, seed).state
    if not papal_state:
        state = vacate_papal_state(cast(MedioevoState, state))
    for line in edits:
        state, _ = rules.gm_edit(state, line)
    return cast(MedioevoState, state)


def vacate_papal_state(state: MedioevoState) -> MedioevoState:
    """The Papal State without owner or armies, as before the Pope held it at setup (R321)."""
    return state.with_territory(PAPAL_STATE, owner=None, armies={})


def refused(state: MedioevoState, power: str, *lines: str, rules: MedioevoRuleset = RULES) -> list[str]:
    """The reason given for each line of a mail on arrival, '' for an accepted line."""
    submission = rules.parse(state, power, split_order_text("\n".join(lines)).lines)
    reasons = {i.line_no: i.message for i in submission.issues}
    return [reasons.get(n, "") for n in range(1, len(lines) + 1)]


def mail(state: MedioevoState, power: str, *lines: str, rules: MedioevoRuleset = RULES) -> tuple[Order, ...]:
    """The orders of a mail whose every line is accepted."""
    submission = rules.parse(state, power, split_order_text("\n".join(lines)).lines)
    assert submission.issues == (), submission.issues
    return submission.orders


def play(
    state: MedioevoState,
    mails: Mapping[str, Sequence[str]],
    loaded: Mapping[str, Sequence[int]] | None = None,
    rules: MedioevoRuleset = RULES,
) -> WindowOutcome:
    """The window resolved with these mails (every line accepted)."""
    orders = {p: mail(state, p, *lines, rules=rules) for p, lines in mails.items()}
    return resolve_window(rules, state, orders, SEED, loaded)


def after(outcome: WindowOutcome, phase: str) -> MedioevoState:
    """The state right after one phase of the window."""
    return cast(MedioevoState, next(o.state for o in outcome.phases if o.phase == phase))


def results(outcome: WindowOutcome, power: str) -> dict[str, OrderResult]:
    """The power's order results, by canonical order."""
    return {r.order: r for o in outcome.phases for r in o.results if r.power == power}


def events(outcome: WindowOutcome) -> list[Event]:
    return [e for o in outcome.phases for e in o.events]


def tithe(outcome: WindowOutcome, power: str) -> int:
    """The florins the tithe moved to (+) or from (-) ``power`` in the window (L2186, R308)."""
    from adjudicator.rulesets.medioevo.church.events import TithePaid

    net = 0
    for event in events(outcome):
        if isinstance(event, TithePaid):
            net += event.amount if event.pope == power else -event.amount if event.power == power else 0
    return net
