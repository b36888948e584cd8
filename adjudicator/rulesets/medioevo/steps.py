"""Medioevo's purchases played power by power in turn order: the game option ``purchases_order``.

Seed 002 L458: every phase but the Empire cards, diplomacy and combat "si possono svolgere
contemporaneamente": at the table the players may buy at once, and otherwise they buy one after
the other in the turn order phase 1 set (L460-474, ``MedioevoState.turn_order``). By mail the
default stays simultaneous (design.md §6: one deadline for the economy window); with
``purchases_order = "in_turn"`` the GM has the purchases phase (L795-890) played as one step per
power in turn order, each power buying on the state the powers before it left (it sees their
purchases), then the window's other phases (taxes, reinforcements, positioning) as the closing
step, every power at once (core/stepping.py ``open_step``). Ruling R96. The option ``combat_mode``
(R97, docs/war.md §1) is declared here too: with ``faithful`` the war window is played the same
way, one combat step per power in turn order, then the aftermath as the closing step
(``war/turns.py``, L458, L1596, R200-R202). Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from adjudicator.core.engine import window_label, window_spec
from adjudicator.core.options import OptionSpec
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.state import GameState
from adjudicator.core.stepping import open_step, step_label
from adjudicator.core.steps import CLOSE, Step, in_order
from adjudicator.errors import AdjudicatorError
from adjudicator.rulesets.medioevo.orders import PLACEMENT, PURCHASES
from adjudicator.rulesets.medioevo.state import IN_TURN, TOGETHER, MedioevoState
from adjudicator.rulesets.medioevo.war import turns
from adjudicator.rulesets.medioevo.war.orders import COMBAT
from adjudicator.rulesets.medioevo.war.records import COMPRESSED, FAITHFUL

OPTION = "purchases_order"
CHOICES = (TOGETHER, IN_TURN)
COMBAT_OPTION = "combat_mode"
COMBAT_CHOICES = (COMPRESSED, FAITHFUL)
OPTIONS = {
    OPTION: OptionSpec(
        "choice",
        "together (default): every power buys at once; in_turn: the purchases are played power by "
        "power in turn order, each seeing the purchases before it (L458, L795-890, R96)",
        CHOICES,
    ),
    COMBAT_OPTION: OptionSpec(
        "choice",
        "compressed (default): every power mails its combat script by one deadline and the scripts "
        "run power by power in turn order; faithful: one sub-deadline per power in turn order, "
        "each seeing the board the powers before it left (L458, L1596, R97)",
        COMBAT_CHOICES,
    ),
}


def read_option(options: Mapping[str, Any], name: str = OPTION) -> str:
    """The game's value of the choice option ``name`` (``purchases_order`` unless named), its
    first choice when not given; raises AdjudicatorError on a value it does not take."""
    choices = OPTIONS[name].choices
    value = options.get(name, choices[0])
    if value not in choices:
        raise AdjudicatorError(f"option {name} {value!r}: expected one of {', '.join(choices)}")
    return cast(str, value)


def in_the_game(state: MedioevoState) -> tuple[str, ...]:
    """The powers in turn order (L460-474) that still hold a territory: one that holds none has no
    place to buy in (L799) and nothing to tax, so it is out of the game and gets no step."""
    return tuple(p for p in state.acting_order() if p in state.powers and state.owned_by(p))


TURNED = {PURCHASES: ("purchases", "bought"), COMBAT: ("combat", "fought")}
"""The phases played power by power in a step each, with the words their refusals use."""


def next_step(ruleset: Ruleset, state: MedioevoState, done: Sequence[Step]) -> Step | None:
    """With ``in_turn``, on the window that holds the purchases: each power's purchases step in
    turn order; with ``faithful``, on the war window: each power's combat step (war/turns.py);
    then None: the closing step follows. Elsewhere None: simultaneous, as ever."""
    phases = window_spec(ruleset, state).phases
    if COMBAT in phases:
        return turns.next_step(state, done)
    if state.purchases_order != IN_TURN or PURCHASES not in phases:
        return None
    return in_order(in_the_game(state), done, (PURCHASES,))


def open_in_turn(ruleset: Ruleset, state: MedioevoState) -> Step | None:
    """The step open on ``state`` when its window is played step by step, else None."""
    stepped = state.purchases_order == IN_TURN or state.combat_mode == FAITHFUL
    return open_step(ruleset, state) if stepped else None


def rehearsed_phases(ruleset: Ruleset, state: MedioevoState) -> tuple[str, ...]:
    """The phases a mail's orders are rehearsed over (R85, R86): the open step's, else the
    window's, up to the positioning (none in a window without one: the war window's steps)."""
    phases = window_spec(ruleset, state).phases
    if PLACEMENT not in phases:
        return ()
    step = open_in_turn(ruleset, state)
    if step is not None:
        return tuple(p for p in step.phases if p != PLACEMENT)
    return phases[: phases.index(PLACEMENT)]


def parse_scope(
    ruleset: Ruleset, state: MedioevoState, power: str, strict: bool
) -> tuple[tuple[str, ...], str, Callable[[str, str], str | None] | None] | None:
    """In a step (strict parsing only: early orders for a later step are read leniently over the
    whole window), the phases ``power`` may give orders for now, the step's label, and the reason
    a line of another phase of the window is refused; None outside steps."""
    step = open_in_turn(ruleset, state)
    if step is None or not strict:
        return None
    mine = step.powers if power in step.powers else ()
    phases = tuple(p for p in step.phases if mine and ruleset.takes_orders(state, p))
    here = step_label(ruleset, state, step)
    window = window_label(ruleset, state)

    def not_now(what: str, phase: str) -> str | None:
        if phase not in window_spec(ruleset, state).phases:
            return None
        name, did = TURNED.get(phase, ("", ""))
        if name and step.kind == CLOSE:
            return (
                f"{what} is an order for the {name} phase, which is over in {window}: "
                f"each power {did} in its own step, in turn order"
            )
        if name:
            return (
                f"{what} is for your own {name} step of {window} ({here} is open now): "
                f"send it with WINDOW {window}, it waits for your step"
            )
        if step.kind != CLOSE:
            return (
                f"{what} is for the closing step of {window}: send it when that step opens, "
                f"or now with WINDOW {window}"
            )
        return None

    return phases, here, not_now


def legal_phases(ruleset: Ruleset, state: GameState, power: str, phases: tuple[str, ...]) -> tuple[str, ...]:
    """The open phases ``power`` may give orders for: in a step, the step's (none for a power
    that does not act in it); else the window's ``phases``."""
    scope = parse_scope(ruleset, cast(MedioevoState, state), power, True)
    return phases if scope is None else scope[0]


def buyers(state: MedioevoState, orders: Mapping[str, object]) -> tuple[str, ...] | None:
    """Whose purchases a resolution of the phase makes: in a turn step (``in_turn``) only its
    actor's, the one power ``orders`` holds (its unrepaired buildings are reduced at the end of
    its own step, L1024); None, every power's, when the purchases are made together."""
    return tuple(orders) if state.purchases_order == IN_TURN else None
