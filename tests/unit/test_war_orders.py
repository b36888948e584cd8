"""The orders of phase 9, combat (docs/war.md §3; seed 002 L1594-L2087): every form reads, its
canonical text reads back to an equal order (by example and by hypothesis over generated orders),
refusals say why, keywords and names are case-insensitive, and the worked example of §3.6 reads
whole."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings

from adjudicator.core.dice import Dice
from adjudicator.core.orders import IssueKind, Order, Submission
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war import clauses as cl
from adjudicator.rulesets.medioevo.war.orders import (
    Attack,
    DoctrineLine,
    Load,
    Move,
    OnFail,
    PlanLine,
    Scope,
    ScriptStep,
)
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from tests.unit.war_orders_strategies import war_orders

RULES = MedioevoRuleset()
POWERS = ("hungary", "france", "byzantium", "mamluks")


@cache
def game() -> MedioevoState:
    """Turn 1 after setup: hungary has cart 1, galley 1, captain 1, engine 1 and LT 1."""
    state, _ = RULES.initial_state(
        "war", list(POWERS), {"noncontiguous_kingdoms": True}, Dice(b"war-orders" * 4, "T0.setup")
    )
    assert isinstance(state, MedioevoState)
    return state


def read(*lines: str, strict: bool = False, power: str = "hungary") -> Submission:
    return parse_war_lines(game(), power, list(enumerate(lines, 1)), RULES.data, strict)


def one(line: str, strict: bool = False) -> Order:
    sub = read(line, strict=strict)
    assert not sub.issues, sub.issues
    (order,) = sub.orders
    return order


def refusal(line: str, strict: bool = False) -> str:
    sub = read(line, strict=strict)
    assert not sub.orders, sub.orders
    (issue,) = sub.issues
    return issue.message


EVERY_FORM = {
    # script steps (§3.1), as typed → canonical
    "load 10 vf on cart 1": "LOAD 10 VF ON cart 1",
    "LOAD 5 ON galley 1 FROM Pest": "LOAD 5 VF ON galley 1 FROM pest",
    "LOAD captain 1 ON cart 1": "LOAD captain 1 ON cart 1",
    "UNLOAD engine 1 FROM cart 1 TO cilicia": "UNLOAD engine 1 FROM cart 1 TO cilicia",
    "MOVE cart 1 TO Cilicia": "MOVE cart 1 TO cilicia",
    "MOVE cart 1, galley 1 VIA armenia, cilicia": "MOVE cart 1, galley 1 VIA armenia, cilicia",
    "MOVE galley 1 TO mar ionio": "MOVE galley 1 TO mar_ionio",
    "ATTACK armenia FROM cart 1 WITH captain 1 PLAN North": (
        "ATTACK armenia FROM cart 1 WITH captain 1 PLAN north"
    ),
    "ATTACK armenia FROM cart 1 WITH captain 1 PLAN default": "ATTACK armenia FROM cart 1 WITH captain 1",
    "attack byzantium galley 1 from galley 1 with captain 1": (
        "ATTACK byzantium galley 1 FROM galley 1 WITH captain 1"
    ),
    "NAVAL ATTACK byzantium IN mar_ionio FROM galley 1 WITH captain 1": (
        "NAVAL ATTACK byzantium IN mar_ionio FROM galley 1 WITH captain 1"
    ),
    "SIEGE cilicia FROM galley 1 WITH captain 1 BY sea": "SIEGE cilicia FROM galley 1 WITH captain 1 BY SEA",
    "SIEGE cilicia": "SIEGE cilicia",
    "ASSAULT cilicia": "ASSAULT cilicia",
    "ASSAULT cilicia FROM cart 1 WITH captain 1 PLAN p": "ASSAULT cilicia FROM cart 1 WITH captain 1 PLAN p",
    "LIFT SIEGE cilicia": "LIFT SIEGE cilicia",
    "CLAIM byzantium galley 2 WITH 1": "CLAIM byzantium galley 2 WITH 1",
    "PLAY Maresciallo ON cart 1": "PLAY maresciallo ON cart 1",
    "PLAY ladro ON Byzantium FOR Balestriere": "PLAY ladro ON byzantium FOR balestriere",
    "PLAY sicario ON byzantium captain 2": "PLAY sicario ON byzantium captain 2",
    "WAR Byzantium": "WAR byzantium",
    # prefixes and suffixes (§3.4)
    "if armenia held by byzantium and not armenia contested: MOVE cart 1 TO armenia chain N on fail chain": (
        "IF armenia HELD BY byzantium AND NOT armenia CONTESTED: MOVE cart 1 TO armenia CHAIN n ON FAIL CHAIN"
    ),
    "MOVE cart 1 TO armenia ON FAIL STOP": "MOVE cart 1 TO armenia ON FAIL STOP",
    "MOVE cart 1 TO armenia ON FAIL SKIP": "MOVE cart 1 TO armenia",
    # plan clauses (§3.2)
    "PLAN north CARDS 1: eroina, genio": "PLAN north CARDS 1: eroina, genio",
    "PLAN north CARDS 3+: condottiero IF fortified": "PLAN north CARDS 3+: condottiero IF FORTIFIED",
    "PLAN north CARDS all: genio IF DEFENDER PLAYED 2": "PLAN north CARDS ALL: genio IF DEFENDER PLAYED 2",
    "PLAN north WITHDRAW AFTER 4": "PLAN north WITHDRAW AFTER 4",
    "PLAN north WITHDRAW BELOW 12": "PLAN north WITHDRAW BELOW 12",
    "PLAN north WITHDRAW IF OUTNUMBERED": "PLAN north WITHDRAW IF OUTNUMBERED",
    "PLAN north CAPTAINS captain 1": "PLAN north CAPTAINS captain 1",
    "PLAN north FORT siege else assault": "PLAN north FORT SIEGE ELSE ASSAULT",
    "PLAN north FORT STOP": "PLAN north FORT STOP",
    "PLAN north OCCUPY 3": "PLAN north OCCUPY 3",
    "PLAN north TAKEN Captain DESTROY": "PLAN north TAKEN captain DESTROY",
    "PLAN north TAKEN byzantium galley 1 SACK": "PLAN north TAKEN byzantium galley 1 SACK",
    "PLAN north LOSSES ORDER cart 1, galley 1": "PLAN north LOSSES ORDER cart 1, galley 1",
    "PLAN north AFTER cerusico": "PLAN north AFTER cerusico",
    "PLAN north BEFORE 2: Ladro FOR balestriere": "PLAN north BEFORE 2: ladro FOR balestriere",
    "PLAN north before 1: ladro for genio from Byzantium": (
        "PLAN north BEFORE 1: ladro FOR genio FROM byzantium"
    ),
    # doctrine clauses (§3.3)
    "DOCTRINE RETREAT BEFORE never": "DOCTRINE RETREAT BEFORE NEVER",
    "DOCTRINE RETREAT BEFORE IF OUTNUMBERED 1.5": "DOCTRINE RETREAT BEFORE IF OUTNUMBERED 1.5",
    "DOCTRINE IN pest RETREAT DURING BELOW 3": "DOCTRINE IN pest RETREAT DURING BELOW 3",
    "DOCTRINE IN pest RETREAT TO banato, transilvania": "DOCTRINE IN pest RETREAT TO banato, transilvania",
    "DOCTRINE RETREAT ON cart 1": "DOCTRINE RETREAT ON cart 1",
    "DOCTRINE CARDS 1: genio IF ATTACKER PLAYS eroina": "DOCTRINE CARDS 1: genio IF ATTACKER PLAYS eroina",
    "DOCTRINE ON cart 1 LOSSES aboard FIRST": "DOCTRINE ON cart 1 LOSSES ABOARD FIRST",
    "DOCTRINE LOSSES ORDER cart 1, galley 1": "DOCTRINE LOSSES ORDER cart 1, galley 1",
    "DOCTRINE LAST ARMY ON cart 1": "DOCTRINE LAST ARMY ON cart 1",
    "DOCTRINE HELP ALLIES no": "DOCTRINE HELP ALLIES NO",
    "DOCTRINE HELP BARBARIANS yes": "DOCTRINE HELP BARBARIANS YES",
    "DOCTRINE RANK 2": "DOCTRINE RANK 2",
    "DOCTRINE REACT guardia IN pest": "DOCTRINE REACT guardia IN pest",
    "DOCTRINE AFTER cerusico": "DOCTRINE AFTER cerusico",
    "DOCTRINE CAPITAL pest": "DOCTRINE CAPITAL pest",
    "DOCTRINE ASK": "DOCTRINE ASK",
    "DOCTRINE IN mar ionio CLEAR": "DOCTRINE IN mar_ionio CLEAR",
}
CONDITIONS = {  # the guards' conditions (war/guards.py), typed → canonical
    "armenia held by Byzantium": "armenia HELD BY byzantium",
    "pest HELD BY me": "pest HELD BY hungary",
    "armenia barbarian": "armenia BARBARIAN",
    "not pest contested": "NOT pest CONTESTED",
    "pest BESIEGED": "pest BESIEGED",
    "at war with France": "AT WAR WITH france",
    "VF IN pest AT LEAST 10": "VF IN pest AT LEAST 10",
    "vf in mar ionio at least 1": "VF IN mar_ionio AT LEAST 1",
    "cart 1 IN mar ionio": "cart 1 IN mar_ionio",
    "galea 1 has 2 pm": "galley 1 HAS 2 PM",
}
EVERY_FORM |= {f"IF {typed}: WAR byzantium": f"IF {c}: WAR byzantium" for typed, c in CONDITIONS.items()}


@pytest.mark.parametrize("typed", list(EVERY_FORM))
def test_every_form_reads_and_its_canonical_text_reads_back_equal(typed: str) -> None:
    order = one(typed)
    assert order.canonical() == EVERY_FORM[typed]
    assert one(order.canonical()) == order


@settings(max_examples=150, deadline=None)
@given(war_orders(RULES.data, game(), "hungary"))
def test_generated_orders_read_back_from_their_canonical_text(order: Order) -> None:
    assert one(order.canonical()) == order


def test_the_worked_example_of_the_design_reads_whole() -> None:
    """docs/war.md §3.6, with the map's names for its places (Alessandria, Egitto)."""
    example = [
        "LOAD 35 VF ON cart 1",
        "LOAD captain 1 ON cart 1",
        "LOAD engine 1 ON cart 1",
        "MOVE cart 1 TO cilicia CHAIN north ON FAIL CHAIN",
        "IF armenia HELD BY byzantium: ATTACK armenia FROM cart 1 WITH captain 1 PLAN north CHAIN north",
        "PLAN north CARDS 1: EROINA, GENIO",
        "PLAN north CARDS 2+: CONDOTTIERO",
        "PLAN north WITHDRAW BELOW 12",
        "PLAN north FORT SIEGE ELSE ASSAULT",
        "DOCTRINE IN alessandria RETREAT DURING BELOW 3",
        "DOCTRINE IN alessandria RETREAT TO egitto",
    ]
    sub = read(*example)
    assert sub.issues == () and len(sub.orders) == len(example)
    load, _, _, move, attack, *rest = sub.orders
    assert load == ScriptStep(Load(35, "cart 1"))
    assert move == ScriptStep(Move(("cart 1",), to="cilicia"), chain="north", on_fail=OnFail.CHAIN)
    assert attack == ScriptStep(
        Attack("armenia", ("cart 1",), ("captain 1",), "north"), ("armenia HELD BY byzantium",), "north"
    )
    assert rest[0] == PlanLine("north", cl.Cards("1", ("eroina", "genio")))
    assert rest[2] == PlanLine("north", cl.Withdraw("BELOW", 12))
    assert rest[-1] == DoctrineLine(cl.RetreatTo(("egitto",)), Scope.IN, "alessandria")
    assert [o.canonical() for o in sub.orders][5] == "PLAN north CARDS 1: eroina, genio"


def test_keywords_names_plans_and_chains_are_case_insensitive() -> None:
    upper = one("ATTACK ARMENIA FROM CART 1 WITH CAPTAIN 1 PLAN NORTH")
    lower = one("attack armenia from cart 1 with captain 1 plan north")
    assert upper == lower
    assert one("MOVE cart 1 TO armenia CHAIN North") == one("move CART 1 to Armenia chain NORTH")


def test_an_unknown_place_is_refused_with_did_you_mean() -> None:
    why = refusal("ATTACK armenja FROM cart 1 WITH captain 1")
    assert "no territory called 'armenja' (did you mean Armenia?)" in why
    assert "(did you mean" in refusal("MOVE galley 1 TO mar ionia")


def test_on_fail_chain_without_a_chain_tag_is_refused() -> None:
    """§3.4: ON FAIL CHAIN skips the later steps of the step's chain, so the step needs one."""
    assert "ON FAIL CHAIN needs a CHAIN tag" in refusal("MOVE cart 1 TO cilicia ON FAIL CHAIN")
    assert "SKIP, CHAIN or STOP" in refusal("MOVE cart 1 TO cilicia ON FAIL RETRY")


def test_guards_chains_and_on_fail_go_only_with_script_steps() -> None:
    assert "go with script steps" in refusal("IF pest HELD BY ME: PLAN north OCCUPY 2")
    assert "go with script steps" in refusal("DOCTRINE RANK 2 CHAIN x")


def test_cards_of_one_roll_are_all_different_and_at_most_the_lt_on_arrival() -> None:
    """L1736: at most LT cards a roll, all different. Hungary is at LT 1 on turn 1."""
    assert "twice" in refusal("PLAN north CARDS 1: genio, GENIO")
    assert "at most 3" in refusal("PLAN north CARDS 1: genio, eroina, condottiero, guardia")
    state = game()
    state = state.with_power("hungary", cards=("genio", "eroina"))
    sub = parse_war_lines(state, "hungary", [(1, "PLAN north CARDS 1: genio, eroina")], RULES.data, True)
    assert not sub.orders and "at most 1, your LT" in sub.issues[0].message
    lone = parse_war_lines(state, "hungary", [(1, "PLAN north CARDS 1: genio")], RULES.data, True)
    assert lone.issues == ()
    # a standing doctrine may outlive this LT: accepted, with a warning
    doctrine = parse_war_lines(state, "hungary", [(1, "DOCTRINE CARDS 1: genio, eroina")], RULES.data, True)
    assert doctrine.orders and doctrine.warnings[0].kind is IssueKind.UNSURE


def test_on_arrival_a_card_not_held_or_a_piece_not_owned_is_refused() -> None:
    assert "does not hold" in refusal("PLAY maresciallo ON cart 1", strict=True)
    assert "does not hold" in refusal("PLAN north AFTER cerusico", strict=True)
    assert one("DOCTRINE REACT guardia", strict=True)  # standing: the card may come later
    assert refusal("MOVE cart 2 TO cilicia", strict=True) == "hungary has no cart 2"
    assert refusal("ATTACK byzantium galley 9 FROM galley 1 WITH captain 1", strict=True) == (
        "byzantium has no galley 9"
    )
    assert one("MOVE cart 2 TO cilicia")  # replay does not look at the board


def test_pieces_are_refused_in_the_wrong_place() -> None:
    assert "not a captain" in refusal("ATTACK armenia FROM cart 1 WITH cart 1")
    assert "not a transport" in refusal("MOVE captain 1 TO armenia")
    assert "your own" in refusal("MOVE byzantium cart 1 TO armenia")
    assert "another power's" in refusal("CLAIM galley 2 WITH 1")
    assert "cannot be loaded" in refusal("LOAD galley 1 ON cart 1")
    assert "named twice" in refusal("MOVE cart 1, cart 1 TO armenia")
    assert "no kind of piece called 'carrt'" in refusal("MOVE carrt 1 TO armenia")


def test_only_ladro_is_played_between_rolls_and_only_when_held_R228() -> None:
    """002 L1707, ex L1709: BEFORE plays LADRO before a roll; another instant card is a PLAY step."""
    assert "BEFORE takes LADRO" in refusal("PLAN north BEFORE 2: sicario FOR genio")
    assert "does not hold LADRO" in refusal("PLAN north BEFORE 2: ladro FOR genio", strict=True)
    assert "at least 1" in refusal("PLAN north BEFORE 0: ladro FOR genio")
    state = game().with_power("hungary", cards=("ladro",))
    lines = ["PLAN north CARDS 2: genio", "PLAN north BEFORE 2: ladro FOR genio FROM byzantium"]
    sub = parse_war_lines(state, "hungary", list(enumerate(lines, 1)), RULES.data, True)
    assert sub.issues == () and len(sub.orders) == 2  # the card LADRO steals may be named first
    alone = parse_war_lines(state, "hungary", [(1, lines[0])], RULES.data, True)
    assert "does not hold GENIO" in alone.issues[0].message


def test_ask_is_refused_in_compressed_mode_on_arrival() -> None:
    assert "faithful mode" in refusal("DOCTRINE ASK", strict=True)


def test_a_line_that_does_not_read_gets_the_form_of_its_order() -> None:
    assert refusal("MOVE cart 1 armenia").startswith("expected MOVE <transport>")
    assert refusal("Thanks, see you") == "not an order"
    assert refusal("MOVEE cart 1 TO pest") == "not an order (did you mean MOVE?)"
    assert read("Thanks").issues[0].kind is IssueKind.NOT_AN_ORDER
    # a keyword is a whole word: TOO is not TO O, 1x is not 1
    assert refusal("MOVE cart 1 TOO pest").startswith("expected MOVE")
    assert refusal("MOVE cart 1x TO pest").startswith("expected MOVE")
    assert "WITHDRAW AFTER" in refusal("PLAN north RETREAT TO pest")
    assert "at least 1" in refusal("PLAN north OCCUPY 0")


def test_one_bad_line_hides_no_other() -> None:
    sub = read("MOVE cart 1 TO armenja", "MOVE cart 1 TO armenia", "WAR hungary")
    assert [i.line_no for i in sub.issues] == [1, 3]
    assert sub.orders == (ScriptStep(Move(("cart 1",), to="armenia")),)
    assert "war on itself" in sub.issues[1].message
