"""GM-loaded dice: which keys name dice the game can still roll, and which values can fit them.

A key is ``T<turn>.<phase>`` (the next rolls of that phase in that turn, e.g. ``T2.taxes``),
``T<turn>.<phase>.<n>-<who>`` (that phase in step ``n`` of a window played step by step, the
step's dice namespace, core/stepping.py ``step_key``: ``T1.claim.2-genoa``) or ``*`` (the next
rolls of any phase). Loaded values are drawn in order by whatever the phase rolls,
so the exact die a value meets is known only at resolution; what is checked here, when the GM
loads them, is all that can be known before: the key names a phase of the ruleset, at or after the
open window and before the game ends, that rolls dice, and each value fits at least the largest
die the ruleset declares for it (``Ruleset.phase_dice``). A value that passes and still meets a
smaller die stops that adjudication with :class:`~adjudicator.errors.LoadedDiceUnfit` (engine.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from adjudicator.core.engine import window_label
from adjudicator.core.ruleset import DieUse, Ruleset
from adjudicator.core.state import GameState
from adjudicator.errors import LoadedDiceRefused

ANY = "*"
"""The key of values for the next rolls of any phase."""
_KEY = re.compile(r"^T(\d{1,6})\.(\w+?)(?:\.(\d{1,4})-([a-z0-9_]+))?$", re.IGNORECASE)


def phase_slots(ruleset: Ruleset) -> dict[str, int]:
    """Each phase id of the ruleset's turn, and the index of the window it resolves in."""
    return {phase: i for i, spec in enumerate(ruleset.windows()) for phase in spec.phases}


def drawn_order(ruleset: Ruleset, keys: Sequence[str]) -> list[str]:
    """Keys in the order their phases come (``*`` last, unreadable ones after it): a store may
    not keep a mapping's order (PostgreSQL's JSONB does not)."""
    slots = phase_slots(ruleset)

    def rank(key: str) -> tuple[int, int, int, str]:
        match = _KEY.match(key)
        if match and match.group(2) in slots:
            return (0, int(match.group(1)), slots[match.group(2)], key)
        return (1 if key == ANY else 2, 0, 0, key)

    return sorted(keys, key=rank)


def describe(uses: Sequence[DieUse]) -> str:
    """``loan POWER: d4/d6/d8; CIAMBELLANO POWER: d4/d6/d8``."""
    return "; ".join(f"{u.purpose}: {'/'.join(f'd{s}' for s in u.sides)}" for u in uses)


def next_rolls(ruleset: Ruleset, state: GameState) -> list[tuple[str, Sequence[DieUse] | None]]:
    """Every phase that may roll dice, keyed by its next turn at or after the open window."""
    found = []
    for phase, index in phase_slots(ruleset).items():
        uses = ruleset.phase_dice(state, phase)
        turn = state.turn if index >= state.window else state.turn + 1
        if (uses is None or uses) and not ruleset.is_over(state.evolve(turn=turn, window=index)):
            found.append(((turn, index), f"T{turn}.{phase}", uses))
    return [(key, uses) for _, key, uses in sorted(found, key=lambda f: f[0])]


def forms(ruleset: Ruleset, state: GameState) -> str:
    """The keys the GM may load now, for a refusal."""
    listed = ", ".join(
        f"{key} ({describe(uses) if uses is not None else 'any die'})"
        for key, uses in next_rolls(ruleset, state)
    )
    return (
        f"expected T<turn>.<phase> (or a step's T<turn>.<phase>.<n>-<who>) for a phase that "
        f"rolls dice, from the open window "
        f"{window_label(ruleset, state)} on: {listed or 'none'}; or * for the next rolls of any phase"
    )


def check_load(ruleset: Ruleset, state: GameState, key: str, values: Sequence[int]) -> str:
    """The key as stored (``T2.taxes``, ``*``) if ``values`` may be loaded for it; otherwise
    raises :class:`LoadedDiceRefused` quoting what was wrong and the forms that would do."""
    shown = " ".join(map(str, values))
    if not values or any(v < 1 for v in values):
        raise LoadedDiceRefused(f"dice {shown or 'none'}: expected whole numbers from 1 up")
    if state.over:
        raise LoadedDiceRefused(f"dice {key} {shown}: the game is over, no die will be rolled")
    if key == ANY:
        found = next_rolls(ruleset, state)
        if all(uses is not None for _, uses in found):
            every = [u for _, uses in found for u in uses or ()]
            _check_values(ANY, values, every, "any phase of the game", ruleset, state)
        return ANY
    match = _KEY.match(key)
    slots = phase_slots(ruleset)
    if match is None:
        raise LoadedDiceRefused(f"dice key {key!r}: {forms(ruleset, state)}")
    phase = next((p for p in slots if p.lower() == match.group(2).lower()), None)
    if phase is None:
        raise LoadedDiceRefused(
            f"dice key {key!r}: no phase {match.group(2)!r} in {ruleset.name}; {forms(ruleset, state)}"
        )
    turn, index = int(match.group(1)), slots[phase]
    step = f".{int(match.group(3))}-{match.group(4).lower()}" if match.group(3) else ""
    canonical = f"T{turn}.{phase}{step}"
    now_at = (state.turn, state.window, len(state.steps) + 1)  # the step open now (1: the first)
    if (turn, index, int(match.group(3) or now_at[2])) < now_at:
        raise LoadedDiceRefused(
            f"dice key {canonical}: already resolved, the game is at {window_label(ruleset, state)}; "
            f"{forms(ruleset, state)}"
        )
    if ruleset.is_over(state.evolve(turn=turn, window=index)):
        raise LoadedDiceRefused(f"dice key {canonical}: the game is over by then; {forms(ruleset, state)}")
    uses = ruleset.phase_dice(state, phase)
    if uses is not None and not uses:
        raise LoadedDiceRefused(f"dice key {canonical}: {phase} rolls no dice; {forms(ruleset, state)}")
    if uses is not None:
        _check_values(canonical, values, uses, phase, ruleset, state)
    return canonical


def _check_values(
    key: str, values: Sequence[int], uses: Sequence[DieUse], where: str, ruleset: Ruleset, state: GameState
) -> None:
    """Each value must fit the largest die declared for ``where``."""
    if not uses:
        raise LoadedDiceRefused(f"dice key {key}: no phase rolls dice in {ruleset.name}")
    largest = max(s for u in uses for s in u.sides)
    too_big = next((v for v in values if v > largest), None)
    if too_big is not None:
        raise LoadedDiceRefused(
            f"dice {key} {' '.join(map(str, values))}: {too_big} fits no die of {where} "
            f"({describe(uses) if key != ANY else f'the largest is a d{largest}'}); "
            f"{forms(ruleset, state)}"
        )
