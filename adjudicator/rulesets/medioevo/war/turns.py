"""The faithful combat mode (game option ``combat_mode = "faithful"``; docs/war.md §4.3; rulings
R97, R101, R200-R202): the war window played as issue 16's turn steps (docs/turn-by-turn.md),
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
nothing to move, attack or keep going, so it gets no step. Defence steps (``ASK``, R101) are not
built: ``ASK`` is refused at receipt in this mode too (``war/window.py``, R202). Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.orders import IssueKind, LineIssue
from adjudicator.core.steps import Step, in_order
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, SIEGE
from adjudicator.rulesets.medioevo.state import MedioevoState
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
    return in_order(fighters(state), done, (COMBAT,))


def faithful(state: MedioevoState) -> bool:
    """Whether the war window is played as turn steps (``combat_mode = "faithful"``, R97)."""
    return state.combat_mode == FAITHFUL


ASK_REFUSED = (
    "ASK (a defence step before the first round, R101) is not built yet: the judge answers for you "
    "by your other DOCTRINE lines; leave ASK out (R202)"
)


def refuse_asks(lines: Sequence[tuple[int, str]]) -> tuple[list[tuple[int, str]], tuple[LineIssue, ...]]:
    """(the lines to read, the ``DOCTRINE [IN place | ON piece] ASK`` lines refused): in faithful
    mode until defence steps are built (R202), as the compressed mode refuses ASK (war/parse.py)."""
    asks = [(n, t) for n, t in lines if _asks(t)]
    refused = tuple(LineIssue(n, t, IssueKind.ILLEGAL, ASK_REFUSED) for n, t in asks)
    return [line for line in lines if line not in asks], refused


def _asks(text: str) -> bool:
    words = text.upper().split()
    return len(words) > 1 and words[0] == "DOCTRINE" and words[-1] == "ASK"
