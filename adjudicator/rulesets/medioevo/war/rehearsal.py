"""A combat script rehearsed on arrival (docs/war.md §3.5; rulings R85, R86, R98): the sender's
steps are run alone on the board as it stands, and each step that would not be made is kept with
a warning that says why, as the economy's rehearsal does for purchases and placements.

Only warnings: the powers before the sender in the turn order play first (L456-458, L1596), and
their moves and battles may make a step good (or bad) by the time it runs, where it is judged
again (R98). The rehearsal stops at the first step that fights (ATTACK, NAVAL ATTACK, SIEGE,
ASSAULT, a card's dice duel, R240): what follows depends on dice not yet rolled, so nothing is
said of it. The sender's sieges going on at the start of its turn need dice too, so the
rehearsal does not play them. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.orders import IssueKind, LineIssue, Submission
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.card_duels import HANDLERS as DUELS
from adjudicator.rulesets.medioevo.war.orders import (
    Assault,
    Attack,
    NavalAttack,
    PlanLine,
    PlayCombatCard,
    ScriptStep,
    Siege,
)
from adjudicator.rulesets.medioevo.war.run import run_script

FIGHTS = (Attack, NavalAttack, Siege, Assault)
"""Steps that roll dice: the rehearsal stops before the first of them."""


def _duel(action: object, data: DataSet) -> bool:
    """A ``PLAY`` of a card that rolls dice (INQUISITORE, FLAGELLANTE: R240)."""
    return isinstance(action, PlayCombatCard) and data.cards[action.card].hook in DUELS


def with_rehearsal(
    state: MedioevoState, power: str, lines: Sequence[tuple[int, str]], read: Submission, data: DataSet
) -> Submission:
    """``read`` (the war parser's reading of ``lines``) with a warning for each step, up to the
    first that fights, that would not be made on the board as it stands."""
    refused = {issue.line_no for issue in read.issues}
    kept = [(n, t) for n, t in lines if n not in refused]
    if len(kept) != len(read.orders):  # one order a line: if not, say nothing rather than misplace
        return read
    steps: list[tuple[int, str, ScriptStep]] = []
    for (number, text), order in zip(kept, read.orders, strict=True):
        if isinstance(order, ScriptStep):
            if isinstance(order.action, FIGHTS) or _duel(order.action, data):
                break
            steps.append((number, text, order))
    if not steps:
        return read
    plans = tuple(o for o in read.orders if isinstance(o, PlanLine))
    _, script = run_script(state, power, [s for _, _, s in steps], data, None, plans)
    warnings = list(read.warnings)
    for (number, text, _), result in zip(steps, script.results, strict=True):  # one result a step
        if not result.ok and result.reason is not None:
            why = f"as things stand: {result.reason.message}"
            warnings.append(LineIssue(number, text, IssueKind.UNSURE, why))
    return Submission(
        orders=read.orders,
        issues=read.issues,
        ready=read.ready,
        warnings=tuple(sorted(warnings, key=lambda w: w.line_no)),
    )
