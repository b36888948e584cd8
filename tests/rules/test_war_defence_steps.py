"""The faithful mode's defence steps (war/asking.py, war/defence_steps.py, war/turns.py; docs/war.md
§4.3; rulings R101, R247-R249): an ATTACK about to start its first round on a defender whose
doctrine there says ``ASK`` stops before it (seed 002 L1717: the attacker announces captains, force
and target; L1736: the defender's cards are chosen after; L2059, L2063: its retreat before the first
round), the defender's step opens, its DOCTRINE lines decide the battle and the attacker's script
goes on. Pure: ex L1560's first attack as tests/rules/test_war_faithful.py plays it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from adjudicator.core.engine import WindowOutcome, resolve_window
from adjudicator.core.events import DiceRolled
from adjudicator.core.guards import parse_orders
from adjudicator.core.orders import IssueKind, Order
from adjudicator.core.stepping import open_step, resolve_step, resolve_steps
from adjudicator.core.steps import Step
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.events_conquest import AttackAnnounced
from adjudicator.rulesets.medioevo.war.records import COMPRESSED, DoctrineClause
from adjudicator.rulesets.medioevo.war.window import COMBAT
from tests.rules.economy_window import RULES, SEED
from tests.rules.test_war_faithful import DICE, FAITHFUL, MAILS, early, war

ASKS = DoctrineClause(clause="ASK", place="transilvania")
NEVER = DoctrineClause(clause="RETREAT BEFORE NEVER")
ALWAYS = "DOCTRINE IN transilvania RETREAT BEFORE ALWAYS"
AFTER = "MOVE cart 1 TO bihar"  # hungary's step 5, after the attack: the script goes on


def asking(state: MedioevoState, *doctrines: DoctrineClause) -> MedioevoState:
    return state.with_power("byzantium", doctrines=doctrines)


def labels(outcomes: Sequence[WindowOutcome]) -> list[str]:
    return [o.label for o in outcomes]


def events(outcome: WindowOutcome) -> list[object]:
    return [e for p in outcome.phases for e in p.events]


def bounded(state: MedioevoState, orders: dict[str, tuple[Order, ...]], cap: int = 8) -> list[WindowOutcome]:
    """The window's steps one by one, at most ``cap`` (an attack asked about twice would loop)."""
    outcomes: list[WindowOutcome] = []
    while (step := open_step(RULES, state)) is not None and len(outcomes) < cap:
        given = {p: orders[p] for p in step.powers if p in orders}
        outcomes.append(resolve_step(RULES, state, step, given, SEED, DICE))
        state = cast(MedioevoState, outcomes[-1].state)
    assert open_step(RULES, state) is None, labels(outcomes)
    return outcomes


def test_the_attack_stops_for_the_defender_and_its_step_opens_L1717_R101() -> None:
    state = asking(war(FAITHFUL), ASKS, NEVER)
    first = resolve_step(RULES, state, Step(("hungary",), (COMBAT,)), early(state, MAILS), SEED, DICE)
    after = cast(MedioevoState, first.state)
    assert after.war is not None and after.war.pending is not None
    pending = after.war.pending
    assert (pending.power, pending.step, pending.target, pending.force) == ("hungary", 4, "transilvania", 14)
    assert after.territories["transilvania"].owner == "byzantium"  # no round was fought
    assert not [e for e in events(first) if isinstance(e, DiceRolled)]
    (told,) = [e for e in events(first) if isinstance(e, AttackAnnounced)]
    assert told.captains == ("captain 1",) and told.defenders == ("byzantium",)
    assert open_step(RULES, after) == Step(("byzantium",), (COMBAT,), "defence")
    seen = RULES.view(after, "byzantium")["war"]["pending"]  # what the table hears, no more
    assert seen == {
        "power": "hungary",
        "target": "transilvania",
        "captains": ["captain 1"],
        "force": 14,
        "defenders": ["byzantium"],
    }
    assert "line" in RULES.view(after, "hungary")["war"]["pending"]


def test_pause_and_resume_give_the_compressed_battle_with_the_same_doctrine_and_dice_R248() -> None:
    """Byzantium silent in its defence step fights by its doctrine (ASK reads as no): the same
    battle as the compressed window with the same doctrine and dice; its dice are the defence
    step's (docs/war.md §5)."""
    compressed = asking(war({}), NEVER)
    at_once = cast(
        MedioevoState, resolve_window(RULES, compressed, early(compressed, MAILS), SEED, DICE).state
    )
    state = asking(war(FAITHFUL), ASKS, NEVER)
    outcomes = resolve_steps(RULES, state, early(state, MAILS), SEED, DICE)
    assert labels(outcomes) == [
        "T1.war.1-hungary",
        "T1.war.2-byzantium",
        "T1.war.3-byzantium",
        "T1.war.4-france",
        "T1.war.5-holy_roman_empire",
        "T1.war.6-close",
    ]
    rolled = {e.phase for o in outcomes for e in events(o) if isinstance(e, DiceRolled)}
    assert rolled == {"T1.combat.2-byzantium"}
    final = cast(MedioevoState, outcomes[-1].state)
    assert final.territories["transilvania"].owner == "hungary"
    assert final.evolve(combat_mode=COMPRESSED).territories == at_once.territories
    assert final.pieces == at_once.pieces
    cart = final.piece("byzantium", "war_wagon", 1)
    assert cart is not None and cart.vf == 5  # its script ran in its turn step, after the defence


def test_the_defenders_doctrine_sent_in_its_step_decides_the_battle_L2059() -> None:
    """Told of 14 VF led by captain 1, byzantium retreats before the first round (L2059): no roll,
    transilvania taken unopposed; its DOCTRINE line stands after."""
    state = asking(war(FAITHFUL), ASKS, NEVER)
    orders = early(state, {"hungary": MAILS["hungary"], "byzantium": (ALWAYS,)})
    outcomes = resolve_steps(RULES, state, orders, SEED, DICE)
    assert not [e for o in outcomes for e in events(o) if isinstance(e, DiceRolled)]
    final = cast(MedioevoState, outcomes[-1].state)
    assert final.territories["transilvania"].owner == "hungary"
    assert "RETREAT BEFORE ALWAYS" in [d.clause for d in final.powers["byzantium"].doctrines]


def test_the_rest_of_the_script_runs_after_and_no_second_ask_for_the_attack_R101() -> None:
    state = asking(war(FAITHFUL), ASKS, NEVER)
    orders = early(state, {"hungary": (*MAILS["hungary"], AFTER)})
    outcomes = bounded(state, orders)
    defence = outcomes[1]
    assert defence.label == "T1.war.2-byzantium"
    results = [r for p in defence.phases for r in p.results]
    assert [(r.power, r.ok) for r in results] == [("hungary", True), ("hungary", True)]
    assert len([e for o in outcomes for e in events(o) if isinstance(e, AttackAnnounced)]) == 1
    assert labels(outcomes)[2] == "T1.war.3-byzantium"  # its turn step: one defence step only
    final = cast(MedioevoState, outcomes[-1].state)
    cart = final.piece("hungary", "war_wagon", 1)
    assert cart is not None and cart.location == "bihar"  # step 5 ran in the defence step
    assert final.war is None  # the aftermath ran: nothing pending


def test_in_a_defence_step_only_doctrine_lines_are_read_R249() -> None:
    state = asking(war(FAITHFUL), ASKS, NEVER)
    first = resolve_step(RULES, state, Step(("hungary",), (COMBAT,)), early(state, MAILS), SEED, DICE)
    after = cast(MedioevoState, first.state)
    sub = parse_orders(RULES, after, "byzantium", [(1, "LOAD 5 VF ON cart 1"), (2, ALWAYS)])
    assert [(i.kind, i.line_no) for i in sub.issues] == [(IssueKind.NOT_NOW, 1)]
    assert "only" not in sub.issues[0].message and "DOCTRINE lines" in sub.issues[0].message
    assert len(sub.orders) == 1


def test_without_ask_a_faithful_round_has_no_defence_step() -> None:
    state = asking(war(FAITHFUL), NEVER)
    outcomes = resolve_steps(RULES, state, early(state, MAILS), SEED, DICE)
    assert len(outcomes) == 5 and not any("defence" in o.label for o in outcomes)


def test_a_later_attack_on_a_defender_that_asks_opens_another_defence_step_R248() -> None:
    """Byzantium asks everywhere: hungary's attack on transilvania pauses, and after it (in the
    defence step) its attack on valacchia pauses again: two defence steps, each attack fought once."""
    state = asking(war(FAITHFUL, "PLACE byzantium 2 IN valacchia"), DoctrineClause(clause="ASK"), NEVER)
    captain = state.piece("hungary", "captain", 1)
    assert captain is not None
    state = state.with_piece(captain, level=2)  # two attacks this turn (L1727)
    script = (*MAILS["hungary"], "ATTACK valacchia FROM cart 1 WITH captain 1")
    outcomes = resolve_steps(RULES, state, early(state, {"hungary": script}), SEED, {"*": [6, 1] * 6})
    assert labels(outcomes)[:3] == ["T1.war.1-hungary", "T1.war.2-byzantium", "T1.war.3-byzantium"]
    announced = [e.target for o in outcomes for e in events(o) if isinstance(e, AttackAnnounced)]
    assert announced == ["transilvania", "valacchia"]
    second = [r for p in outcomes[2].phases for r in p.results]
    assert [(r.power, r.order) for r in second] == [
        ("hungary", "ATTACK valacchia FROM cart 1 WITH captain 1")
    ]
