"""The ``war`` window (phase 9, seed 002 L1594-L2087; docs/war.md §4.1, §4.2; rulings R97, R98,
R112): what the ruleset calls to read a mail's combat lines and to resolve the window's two
phases.

``combat`` runs every power's script in turn order (``war/run.py``) after the turn's bookkeeping
is opened (``open_war_turn``: each captain's level when the phase began, the attacks it may lead,
L1727); in faithful mode (``war/turns.py``, R200-R202) each turn step runs its one actor's
sub-turn alone, and a defence step resolves the attack that waited for it and the rest of the
attacker's script (``war/defence_steps.py``, R101). ``aftermath``
is the end of the phase (``war/aftermath.py``): forced exits, siege attrition, the supply trim,
wrecks, eliminations; then ``state.war`` is None again, so a state between turns holds no war
bookkeeping.

Lines are routed by their first word: in the war window every war line goes to the war parser
(``war/parse.py``), anything else to the Medioevo parser, which says for which phase it is; out
of the war window a war line is refused as "an order for the combat phase" rather than as
unreadable. Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from adjudicator.core.dice import Dice
from adjudicator.core.orders import IssueKind, LineIssue, Order, Submission
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo.church import crusade_march
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war import turns
from adjudicator.rulesets.medioevo.war.after_battle import queue_plans
from adjudicator.rulesets.medioevo.war.aftermath import aftermath
from adjudicator.rulesets.medioevo.war.cargo_state import key_of, war_turn
from adjudicator.rulesets.medioevo.war.defence_steps import resume
from adjudicator.rulesets.medioevo.war.doctrines import apply_doctrines
from adjudicator.rulesets.medioevo.war.drought_war import parched_captains
from adjudicator.rulesets.medioevo.war.orders import COMBAT
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.recovery import record_wounded
from adjudicator.rulesets.medioevo.war.rehearsal import with_rehearsal
from adjudicator.rulesets.medioevo.war.run import run_scripts, run_sub_turns

AFTERMATH = "aftermath"
"""The closing phase of the war window (L2235-L2243: supply and attrition at the end of combat)."""

WAR_ONLY = frozenset(
    {"LOAD", "UNLOAD", "MOVE", "ATTACK", "NAVAL", "SIEGE", "ASSAULT", "LIFT", "CLAIM", "PLAN", "DOCTRINE"}
)
"""First words no other phase's order begins with."""
IN_WAR = WAR_ONLY | {"WAR", "PLAY", "IF"}
"""First words read by the war parser while the war window is open (``WAR <power>`` there is a
declaration on the spot, R111; ``PLAY`` a card of the phase; ``IF`` a guarded step)."""


def first_word(text: str) -> str:
    words = text.split(None, 1)
    return words[0].upper().rstrip(":") if words else ""


def split_lines(
    lines: Sequence[tuple[int, str]], combat_open: bool
) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """(war lines, other lines): with combat open, the lines the war parser reads; otherwise
    the lines that can only be war orders (refused as not now by :func:`not_now_issues`)."""
    words = IN_WAR if combat_open else WAR_ONLY
    war = [(n, t) for n, t in lines if first_word(t) in words]
    return war, [(n, t) for n, t in lines if first_word(t) not in words]


def not_now_issues(
    lines: Sequence[tuple[int, str]],
    window: str,
    not_now: Callable[[str, str], str | None] | None = None,
) -> tuple[LineIssue, ...]:
    """A war line sent while another window is open: what it is and when to send it; in a war
    window played step by step, ``not_now`` (rulesets/medioevo/steps.py) says which step takes it."""
    return tuple(
        LineIssue(
            n,
            t,
            IssueKind.NOT_NOW,
            (not_now(first_word(t), COMBAT) if not_now else None)
            or f"{first_word(t)} is an order for the combat phase, which takes no orders in {window}: "
            "send it when the war window opens",
        )
        for n, t in lines
    )


def parse_combat(
    state: MedioevoState, power: str, lines: Sequence[tuple[int, str]], data: DataSet, strict: bool
) -> Submission:
    """The war parser's reading of ``lines`` (script steps, PLAN and DOCTRINE lines); on arrival
    (``strict``) with the script rehearsed on the board as it stands (``war/rehearsal.py``)."""
    lines, asks = turns.doctrine_only(state, lines) if strict else (lines, ())
    read = parse_war_lines(state, power, lines, data, strict)
    read = with_rehearsal(state, power, lines, read, data) if strict else read
    return merge(read, Submission(issues=asks)) if asks else read


def merge(first: Submission, second: Submission) -> Submission:
    """Two parsers' readings of one mail, issues in line order."""
    return Submission(
        orders=(*first.orders, *second.orders),
        issues=tuple(sorted((*first.issues, *second.issues), key=lambda i: i.line_no)),
        warnings=tuple(sorted((*first.warnings, *second.warnings), key=lambda i: i.line_no)),
    )


def open_war_turn(state: MedioevoState) -> MedioevoState:
    """The phase's bookkeeping opened: each captain's level as the phase begins, the number of
    attacks it may lead this turn (L1727), kept even when a battle changes its level."""
    turn = war_turn(state)
    levels = {key_of(p): p.level for p in state.pieces if p.kind == CAPTAIN}
    dry = (
        *turn.parched_captains,
        *parched_captains(state, state.pieces, frozenset(turn.start_level)),
    )  # L1354
    return state.evolve(
        war=turn.model_copy(update={"start_level": {**levels, **turn.start_level}, "parched_captains": dry})
    )


def resolve_combat(
    state: MedioevoState, orders: Mapping[str, Sequence[Order]], dice: Dice, data: DataSet
) -> Resolution:
    """Every power's script in turn order, with the sieges it keeps going (docs/war.md §4.2)."""
    state = apply_doctrines(open_war_turn(state), orders)  # DOCTRINE lines stand from now on (R99)
    state, marched = crusade_march.march(state, data)  # the Pope moves the crusade army (L1510)
    scripts = {power: tuple(lines) for power, lines in orders.items() if lines}
    if turns.faithful(state) and turns.pending(state):  # a defence step: the attack, then the script
        outcome = resume(state, data, dice)
    elif turns.faithful(state):  # a turn step: its one actor's sub-turn, silent or not
        outcome = run_sub_turns(turns.new_turn_step(state), orders, data, dice)
    else:
        outcome = run_scripts(state, scripts, data, dice)
    after = record_wounded(state, outcome.state, outcome.events)  # for CHIRURGIA, OSPEDALE (R236)
    after = queue_plans(after, orders, data)  # a plan's AFTER cerusico (R237)
    return Resolution(after, (*marched, *outcome.events), outcome.results)


def resolve_aftermath(state: MedioevoState, dice: Dice, data: DataSet) -> Resolution:
    """The end of phase 9 (docs/war.md §4.5); nothing when no war bookkeeping and nothing to do."""
    new, events = aftermath(state, data, dice)
    return Resolution(new, tuple(events))


__all__ = ["AFTERMATH", "COMBAT", "parse_combat", "resolve_aftermath", "resolve_combat", "split_lines"]
