"""Building Krieg und Frieden states for the seed's worked examples, and playing steps (pure)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.core.dice import Dice
from adjudicator.core.engine import WindowOutcome, resolve_window
from adjudicator.core.stepping import open_step, resolve_step
from adjudicator.rulesets.kriegundfrieden import cards as cd
from adjudicator.rulesets.kriegundfrieden.common import Ctx
from adjudicator.rulesets.kriegundfrieden.ruleset import KriegUndFriedenRuleset
from adjudicator.rulesets.kriegundfrieden.spring import open_spring
from adjudicator.rulesets.kriegundfrieden.state import SEASONS, KufState
from adjudicator.rulesets.kriegundfrieden.summer import open_summer

RULESET = KriegUndFriedenRuleset()
SEED = b"kriegundfrieden-tests-seed-32byt"
SEATS = ("fritz", "klaus", "wolfgang", "peter")
"""Clockwise, as in the auction example (L58): Klaus sits left of Fritz, the Counsellor."""


def new_game(seats: Sequence[str] = SEATS, **options: Any) -> KufState:
    state, _ = RULESET.initial_state("kuf", tuple(seats), options, Dice(SEED, "setup"))
    assert isinstance(state, KufState)
    return state


def hands(state: KufState, **by_power: cd.Counts) -> KufState:
    for power, hand in by_power.items():
        state = state.with_player(power, hand=hand, guard=cd.NONE)
    return state


def card_of(state: KufState, kind: str, reward: str) -> str:
    """The id of the first agenda card of ``kind`` with ``reward``."""
    n = state.tables.agenda[kind].index(reward) + 1
    return f"{kind}-{n}"


def in_spring(state: KufState, agenda: str, counsellor: str) -> KufState:
    """The spring window opened on ``agenda`` (a card id), ``counsellor`` in office."""
    state = state.evolve(
        window=SEASONS.index("spring"), season="spring", agenda_card=agenda, counsellor=counsellor, steps=()
    )
    return open_spring(state)


def in_summer(state: KufState, counsellor: str) -> KufState:
    state = state.evolve(window=SEASONS.index("summer"), counsellor=counsellor, steps=(), agenda_card="")
    return open_summer(state)


def ctx() -> Ctx:
    return Ctx(Dice(SEED, "T1.test"), "test")


def play(state: KufState, orders: Mapping[str, str] | None = None, *, strict: bool = True) -> WindowOutcome:
    """Resolve the step open on ``state`` (or the window, if none) with these order texts (each
    line accepted at the receipt when ``strict``; else read loosely, as early orders are)."""
    step = open_step(RULESET, state)
    given = {}
    for power, text in (orders or {}).items():
        read = RULESET.parse(state, power, list(enumerate(text.splitlines(), 1)), strict=strict)
        assert not read.issues, read.issues
        given[power] = list(read.orders)
    if step is None:
        return resolve_window(RULESET, state, given, SEED)
    return resolve_step(RULESET, state, step, given, SEED)


def told(outcome: WindowOutcome) -> list[str]:
    """The public moves told (standing orders and cards dealt left out)."""
    return [
        e.summary()
        for e in outcome.events
        if e.kind.startswith("kuf") and e.kind not in ("kuf-planned", "kuf-dealt")
    ]


def kuf(outcome: WindowOutcome) -> KufState:
    assert isinstance(outcome.state, KufState)
    return outcome.state


def hide_secrets_of(state: KufState, power: str) -> KufState:
    """``state`` with ``power``'s hidden things changed (its cards, which defend only, its agenda
    cards, its standing orders) and the deck reversed: no other viewer may see a difference."""
    me = state.player(power)
    hand = (me.hand[1], me.hand[2], me.hand[3], me.hand[0])
    agenda = tuple(sorted(f"{c.split('-')[0]}-{5 - int(c.split('-')[1])}" for c in me.agenda))
    changed = state.with_player(
        power, hand=hand, guard=(0, 0, 0, 0), agenda=agenda, defend=3, burn="outer", prefer=("cup",)
    )
    return changed.evolve(deck=tuple(reversed(state.deck)))
