"""The faithful combat mode (game option ``combat_mode = "faithful"``; docs/war.md §4.3; rulings
R97, R101, R200-R202, R247-R249): the war window played as issue 16's turn steps (docs/turn-by-turn.md),
one per power in turn order, each with its own sub-deadline and seeing the board the powers
before it left.

Seed 002 L458: combat is one of the phases that may not be played at once ("con l'eccezione di
... Combattimento", not "contemporaneamente"): the powers act one after the other in the turn order of phase 1
(L460-474); L1596: "il giocatore di turno" moves and attacks, then the next. The compressed mode
(``war/run.py: run_scripts``) plays every sub-turn inside one resolution; here each sub-turn is a
step (``T3.war.1-hungary``), resolved with its actor's orders alone (``war/window.py`` calls
``run_sub_turns`` for that power: its sieges go on, then its script), and the window's other
phase, ``aftermath``, is the closing step every power shares (it takes no orders, so it resolves
at once).

A power has a part when it holds a territory or a transport, or besieges (R200): one with none has
nothing to move, attack or keep going, so it gets no step. After a turn step whose attack waits
for a defender whose doctrine says ``ASK`` (``war/asking.py``), that defender's defence step
opens (R101, R247-R249): its DOCTRINE lines decide the attack (``war/defence_steps.py``). Pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from adjudicator.core.orders import IssueKind, LineIssue
from adjudicator.core.state import GameState
from adjudicator.core.steps import Step, in_order
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, SIEGE
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.defence_steps import DEFENCE
from adjudicator.rulesets.medioevo.war.orders import COMBAT
from adjudicator.rulesets.medioevo.war.records import FAITHFUL
from adjudicator.rulesets.medioevo.war.run import turn_order


def has_part(state: MedioevoState, power: str) -> bool:
    """Whether ``power`` has something to do in the combat phase (R200): a territory it holds
    (its ground VF there may be loaded, L1566), a transport (the pieces that move and attack, L1596-1598),
    or a siege it keeps going (L1950-1958)."""
    return (
        bool(state.owned_by(power))
        or any(p.owner == power and p.kind not in (SIEGE, CAPTAIN) for p in state.pieces)
        or any(s.by == power for s in state.sieges)
    )


def fighters(state: MedioevoState) -> tuple[str, ...]:
    """The powers with a part, in the turn order (L460-474) as the compressed runner orders them."""
    return turn_order(state, tuple(p for p in state.powers if has_part(state, p)))


def next_step(state: MedioevoState, done: Sequence[Step]) -> Step | None:
    """In faithful mode, on the war window: the next power's turn step, ``(COMBAT,)`` (the closing
    step, ``aftermath``, follows when None comes back after some steps). Asked on the state the
    steps so far left, so a power that lost its every territory and transport to an earlier
    power's attacks gets no step. None in compressed mode (one deadline for every script)."""
    if not faithful(state):
        return None
    return in_order(fighters(state), done, (COMBAT,), then=defence_steps, state=state)


def faithful(state: MedioevoState) -> bool:
    """Whether the war window is played as turn steps (``combat_mode = "faithful"``, R97)."""
    return state.combat_mode == FAITHFUL


def pending(state: MedioevoState) -> bool:
    """Whether an attack waits for a defence step: the step open is that defence step (R101)."""
    return state.war is not None and state.war.pending is not None


def new_turn_step(state: MedioevoState) -> MedioevoState:
    """A turn step begins: the defenders asked since the last one are forgotten (``asked`` lists
    those of the turn step being played and its defence steps, for :func:`defence_steps`)."""
    if state.war is None or not state.war.asked:
        return state
    return state.evolve(war=state.war.model_copy(update={"asked": ()}))


def defence_steps(state: GameState, turn_step: Step) -> tuple[Step, ...]:
    """The defence steps after ``turn_step``: one for each defender asked since it began, in the
    order asked (R101). ``core/steps.in_order`` passes over those already played."""
    war = cast(MedioevoState, state).war
    return tuple(Step((d,), (COMBAT,), DEFENCE) for d in (war.asked if war is not None else ()))


DOCTRINE_ONLY = (
    "{word} is not read in a defence step: its orders are DOCTRINE lines, which decide the "
    "attack announced and stand (R101); send your script with WINDOW {window}, it waits for your step"
)


def doctrine_only(
    state: MedioevoState, lines: Sequence[tuple[int, str]]
) -> tuple[list[tuple[int, str]], tuple[LineIssue, ...]]:
    """(the lines to read, the lines refused): in a defence step only ``DOCTRINE`` lines are read
    (R101, R249); elsewhere every line."""
    if not (faithful(state) and pending(state)):
        return list(lines), ()
    window = f"T{state.turn}.war"
    other = [(n, t) for n, t in lines if _first(t) != "DOCTRINE"]
    refused = tuple(
        LineIssue(n, t, IssueKind.NOT_NOW, DOCTRINE_ONLY.format(word=_first(t), window=window))
        for n, t in other
    )
    return [line for line in lines if line not in other], refused


def _first(text: str) -> str:
    words = text.split(None, 1)
    return words[0].upper().rstrip(":") if words else ""
