"""Order text → the orders of phase 9, combat (docs/war.md §3), with a reason in words for
every line that is not accepted.

A separate grammar (``war/grammar.lark``) rather than more alternatives in the Medioevo one: the
war's lines have a structure of their own (keyword-separated names, piece lists, clauses), and
the Medioevo parser (``parse.py``, near its 400 lines) hands them over whole when ``combat`` is
open. The ``IF`` prefix (the core's ``split_guard``) and the ``CHAIN`` / ``ON FAIL`` suffixes of
a step are taken off before the grammar reads the rest. Names go through the same ``NameIndex``
look-ups as every Medioevo order, so an unknown name gets its "did you mean".

``strict`` (a mail on arrival) adds what depends on the state and cannot become true by the
time the step runs (§3.5): a piece the sender does not have, a card it does not hold, more
cards in one ``CARDS`` clause than its LT (L1736), ``ASK`` in compressed mode. Replay reads
the stored canonical lines with ``strict=False``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from adjudicator.core.guards import split_guard
from adjudicator.core.orders import NOT_AN_ORDER, IssueKind, LineIssue, Order, Submission
from adjudicator.orders.names import did_you_mean
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.parse_support import Reject
from adjudicator.rulesets.medioevo.state import MedioevoState, tech_level
from adjudicator.rulesets.medioevo.variants import COMBAT_RESERVES, on
from adjudicator.rulesets.medioevo.war import clauses as cl
from adjudicator.rulesets.medioevo.war.guards import read_condition
from adjudicator.rulesets.medioevo.war.orders import (
    DoctrineLine,
    OnFail,
    PlanLine,
    PlayCombatCard,
    Scope,
    ScriptStep,
)
from adjudicator.rulesets.medioevo.war.parse_steps import Names, build_step

_SUFFIX = re.compile(
    r"^(?P<body>.*?)(?:\s+CHAIN\s+(?P<chain>[^\s,:#]+))?(?:\s+ON\s+FAIL\s+(?P<fail>\S+))?\s*$", re.IGNORECASE
)
_LONG_NUMBER = re.compile(r"\d{10,}")
MAX_CARDS = 3
"""The highest LT (L446): no CARDS clause can ever name more cards."""
USAGE = {
    "LOAD": "LOAD <n> VF|<piece> ON <transport> [FROM <coast>], e.g. LOAD 10 VF ON cart 1",
    "UNLOAD": "UNLOAD <n> VF|<piece> FROM <transport> [TO <coast>], e.g. UNLOAD captain 1 FROM galley 2",
    "MOVE": "MOVE <transport>[, <transport>] TO <place> or VIA <place>, <place>, e.g. MOVE cart 1 TO cilicia",
    "ATTACK": "ATTACK <territory>|<power> <transport> FROM <transports> WITH <captains> [PLAN <name>]",
    "NAVAL": "NAVAL ATTACK <power> IN <sea or port> FROM <ships> WITH <captains> [PLAN <name>]",
    "SIEGE": "SIEGE <territory> [FROM <transports> WITH <captains> [BY LAND|SEA|BOTH]] [PLAN <name>]",
    "ASSAULT": "ASSAULT <territory> [FROM <transports> WITH <captains>] [PLAN <name>]",
    "LIFT": "LIFT SIEGE <territory>",
    "CLAIM": "CLAIM <power> <transport> WITH <n>, e.g. CLAIM venice galley 2 WITH 1",
    "PLAY": "PLAY <card> [ON <piece or place>], e.g. PLAY MARESCIALLO ON cart 1",
    "WAR": "WAR <power>",
    "PLAN": (
        "PLAN <name> CARDS <round>: <cards> | WITHDRAW AFTER <n>|BELOW <n>|IF OUTNUMBERED | "
        "CAPTAINS <captains> | FORT SIEGE|ASSAULT|STOP [ELSE ASSAULT|STOP] | OCCUPY <n> | "
        "TAKEN <kind> DESTROY|SACK|CONQUER | LOSSES ORDER <transports> | AFTER <card> | "
        "BEFORE <roll>: LADRO FOR <card> [FROM <power>] | RESERVES <n>"
    ),
    "DOCTRINE": (
        "DOCTRINE [IN <place>|ON <transport>] RETREAT BEFORE NEVER|ALWAYS|IF OUTNUMBERED <x> | "
        "RETREAT DURING BELOW <n> | RETREAT TO <places> | RETREAT ON <transport> | CARDS <round>: <cards> | "
        "LOSSES LAND FIRST|ABOARD FIRST|ORDER <transports> | LAST ARMY ON <transport> | "
        "HELP ALLIES|BARBARIANS YES|NO | RANK <n> | REACT <card> [IN <place>] | AFTER <card> | "
        "CAPITAL <territory> | ASK | CLEAR | RESERVES <n>"
    ),
}
_PLAN_CLAUSES = {"cards", "withdraw_after", "withdraw_below", "withdraw_outnumbered", "captains", "fort"}
_PLAN_CLAUSES |= {"occupy", "taken", "losses_order", "after", "before"}
_FORTS = ("SIEGE", "SIEGE ELSE ASSAULT", "SIEGE ELSE STOP", "ASSAULT", "STOP")


class _WholeWords:
    """A post-lexer that changes nothing but keeps WORD in every state of the contextual lexer:
    a keyword is then read only as a whole word (the grammar's literals match a WORD exactly),
    never as the start of a longer one (``MOVEE``, ``TOO``)."""

    always_accept = ("WORD",)

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        return stream


@cache
def _parser() -> Lark:
    return Lark((Path(__file__).parent / "grammar.lark").read_text(), parser="lalr", postlex=_WholeWords())


def _words(tree: Tree[Token] | Token) -> str:
    return str(tree) if isinstance(tree, Token) else " ".join(str(t) for t in tree.children)


def _unreadable(text: str) -> Reject:
    """The form of the order a line opens with; a line that opens with no order's word is not
    an order (a greeting), with a "did you mean" for a misspelt keyword."""
    first = text.split(None, 1)[0].upper() if text.strip() else ""
    form = USAGE.get(first)
    if form:
        return Reject(IssueKind.SYNTAX, f"expected {form}")
    return Reject(IssueKind.NOT_AN_ORDER, NOT_AN_ORDER + did_you_mean(first, list(USAGE)))


class _Reader:
    """Builds the orders of one power's lines against one state and data set."""

    def __init__(self, state: MedioevoState, power: str, data: DataSet, strict: bool) -> None:
        self.state, self.power, self.data, self.strict = state, power, data, strict
        self.names = Names(state, power, data, strict)
        self.lt = tech_level(len(state.powers[power].techs)) if power in state.powers else MAX_CARDS
        self.stealing: frozenset[str] = frozenset()  # the cards this mail's BEFORE clauses steal

    def line(self, text: str) -> tuple[Order, str | None]:
        """The order of one line, and a warning (accepted, but not as things stand)."""
        if _LONG_NUMBER.search(text):
            raise Reject(IssueKind.SYNTAX, "a number of more than 9 digits: no order takes one")
        split = split_guard(text)
        conds, rest = split if split else ((), text)
        conds = tuple(self.condition(c) for c in conds)
        found = _SUFFIX.match(rest.strip())
        body = found["body"] if found else rest
        try:
            tree = _parser().parse(body)
        except UnexpectedInput as exc:
            raise _unreadable(body) from exc
        if tree.data in ("plan_line", "doctrine_line"):
            if conds or (found and (found["chain"] or found["fail"])):
                raise Reject(IssueKind.SYNTAX, "IF, CHAIN and ON FAIL go with script steps, not here")
            if tree.data == "plan_line":
                return self.plan(tree), None
            return self.doctrine(tree)
        return self.step(tree, conds, found), None

    def condition(self, text: str) -> str:
        """A guard's condition in canonical form (war/guards.py), or the line refused."""
        try:
            return read_condition(self.state, self.power, text, self.data).canonical()
        except Reject as rej:
            raise Reject(rej.kind, f"IF {text}: {rej.message}") from rej

    def step(self, tree: Tree[Token], conds: tuple[str, ...], found: re.Match[str] | None) -> ScriptStep:
        chain = found["chain"].lower() if found and found["chain"] else None
        fail_text = (found["fail"] if found and found["fail"] else "SKIP").upper()
        if fail_text not in OnFail.__members__:
            raise Reject(IssueKind.SYNTAX, f"ON FAIL takes SKIP, CHAIN or STOP, not {fail_text}")
        on_fail = OnFail(fail_text)
        if on_fail is OnFail.CHAIN and chain is None:
            raise Reject(
                IssueKind.SYNTAX,
                "ON FAIL CHAIN needs a CHAIN tag on the step (e.g. … CHAIN north ON FAIL CHAIN): "
                "it skips the later steps of that chain",
            )
        return ScriptStep(build_step(tree, self.names), conds, chain, on_fail)

    def plan(self, tree: Tree[Token]) -> PlanLine:
        name, clause = tree.children
        assert isinstance(clause, Tree)
        found = self.clause(clause, plan=True)
        assert isinstance(found, cl.PLAN_CLAUSES)  # the grammar allows no other
        return PlanLine(_words(name).lower(), found)

    def doctrine(self, tree: Tree[Token]) -> tuple[DoctrineLine, str | None]:
        *scope, clause = tree.children
        assert isinstance(clause, Tree)
        found = self.clause(clause, plan=False)
        assert isinstance(found, cl.DEFENCE_CLAUSES)  # the grammar allows no other
        line = DoctrineLine(found)
        if scope:
            node = scope[0]
            assert isinstance(node, Tree)
            if node.data == "scope_in":
                line = DoctrineLine(line.clause, Scope.IN, self.names.place(node.children[0]))
            else:
                line = DoctrineLine(line.clause, Scope.ON, self.names.piece(node.children[0], transport=True))
        faithful = getattr(self.state, "combat_mode", "compressed") == "faithful"
        if isinstance(line.clause, cl.Ask) and self.strict and not faithful:
            raise Reject(IssueKind.ILLEGAL, "ASK is for faithful mode: this game's war is compressed (R97)")
        warning = None
        if isinstance(line.clause, cl.Cards) and self.strict and len(line.clause.cards) > self.lt:
            warning = f"only {self.lt} card(s) a roll count at your LT {self.lt} (L1736)"
        return line, warning

    def clause(self, node: Tree[Token], plan: bool) -> cl.PlanClause | cl.DefenceClause:
        kids = node.children
        n = int(kids[0]) if kids and isinstance(kids[0], Token) and kids[0].type == "AMOUNT" else 0
        match node.data:
            case "cards":
                return self.cards(node, plan)
            case "withdraw_after" | "withdraw_below":
                return cl.Withdraw(str(node.data).split("_")[1].upper(), _at_least(n, 1))
            case "withdraw_outnumbered":
                return cl.Withdraw("IF OUTNUMBERED")
            case "captains":
                return cl.Captains(self.names.pieces(kids[0], captain=True))
            case "fort":
                policy = " ELSE ".join(_words(k).upper() for k in kids)
                if policy not in _FORTS:
                    raise Reject(IssueKind.SYNTAX, f"FORT takes {', '.join(_FORTS)}")
                return cl.Fort(policy)
            case "occupy":
                return cl.Occupy(_at_least(n, 1))
            case "reserves":
                if not on(self.state, COMBAT_RESERVES):
                    raise Reject(IssueKind.ILLEGAL, f"RESERVES: {NOT_ON}")
                return cl.Reserves(_at_least(n, 1))
            case "taken":
                return cl.Taken(self.names.taken(kids[0]), _words(kids[1]).upper())
            case "losses_order":
                return cl.LossesOrder(self.names.pieces(kids[0], transport=True))
            case "losses_first":
                return cl.LossesFirst(_words(kids[0]).upper())
            case "after":
                return cl.After(self.names.card(kids[0], held=plan))
            case "before":
                return self.before(kids, n)
            case "retreat_before":
                return cl.RetreatBefore(_words(kids[0]).upper())
            case "retreat_outnumbered":
                ratio = float(str(kids[0]))
                if ratio <= 0:
                    raise Reject(IssueKind.SYNTAX, "IF OUTNUMBERED takes a ratio above 0, e.g. 2")
                return cl.RetreatBefore("IF OUTNUMBERED", ratio)
            case "retreat_during":
                return cl.RetreatDuring(_at_least(n, 1))
            case "retreat_to":
                return cl.RetreatTo(self.names.places(kids[0]))
            case "retreat_on":
                return cl.RetreatOn(self.names.piece(kids[0], transport=True))
            case "last_army":
                return cl.LastArmy(self.names.piece(kids[0], transport=True))
            case "help":
                return cl.Help(_words(kids[0]).upper(), _words(kids[1]).upper() == "YES")
            case "rank":
                return cl.Rank(_at_least(n, 1))
            case "react":
                place = self.names.place(kids[1]) if len(kids) > 1 else None
                return cl.React(self.names.card(kids[0], held=False), place)
            case "capital":
                return cl.Capital(self.names.place(kids[0], land=True))
            case "ask":
                return cl.Ask()
            case "clear":
                return cl.Clear()
        raise Reject(IssueKind.SYNTAX, f"unknown clause {node.data!r}")

    def before(self, kids: list[Tree[Token] | Token], roll: int) -> cl.Before:
        """``BEFORE 2: LADRO FOR balestriere [FROM byzantium]`` (L1707, ex L1709; R228): LADRO is
        the instant card a battle plays between rolls; the others are script steps (``PLAY``)."""
        card = self.names.card(kids[1], held=True)
        if self.data.cards[card].hook != LADRO:
            name = self.data.cards[card].name
            raise Reject(
                IssueKind.ILLEGAL,
                f"{name} is not played between rolls: BEFORE takes LADRO (steal a card, L1709); "
                f"play {name} as a script step (PLAY {name.lower()} ON …)",
            )
        target = self.names.card(kids[2], held=False)
        victim = self.names.power_of(kids[3]) if len(kids) > 3 else None
        return cl.Before(_at_least(roll, 1), card, target, victim)

    def cards(self, node: Tree[Token], plan: bool) -> cl.Cards:
        rounds_node, names_node, *when_node = node.children
        assert isinstance(rounds_node, Tree) and isinstance(names_node, Tree)
        rounds = "".join(str(t) for t in rounds_node.children).upper()
        if rounds[0].isdigit() and int(rounds.rstrip("+")) < 1:
            raise Reject(IssueKind.SYNTAX, "rounds count from 1: CARDS 1:, CARDS 2+:, CARDS ALL:")
        cards = tuple(self.names.card(c, held=False) for c in names_node.children)
        held = self.state.powers[self.power].cards if self.power in self.state.powers else ()
        for card in cards:  # a card the plan's LADRO steals first may be played (ex L1709, R228)
            if plan and self.strict and card not in held and card not in self.stealing:
                raise Reject(IssueKind.ILLEGAL, f"{self.power} does not hold {self.data.cards[card].name}")
        twice = sorted({c for c in cards if cards.count(c) > 1})
        if twice:
            raise Reject(IssueKind.ILLEGAL, f"{', '.join(twice)} twice: one roll's cards all differ (L1736)")
        most = self.lt if plan and self.strict else MAX_CARDS
        if len(cards) > most:
            raise Reject(
                IssueKind.ILLEGAL, f"{len(cards)} cards in one roll: at most {most}, your LT (L1736)"
            )
        return cl.Cards(rounds, cards, self.when(when_node[0]) if when_node else None)

    def when(self, node: Tree[Token] | Token) -> str:
        assert isinstance(node, Tree)
        if node.data == "if_fortified":
            return "FORTIFIED"
        if node.data == "if_defender_played":
            return f"DEFENDER PLAYED {int(str(node.children[0]))}"
        return f"ATTACKER PLAYS {self.names.card(node.children[0], held=False)}"


NOT_ON = "a clause of the variant RISERVE DI COMBATTIMENTO (L3200-3210), not on in this game"


def _at_least(n: int, least: int) -> int:
    if n < least:
        raise Reject(IssueKind.SYNTAX, f"a number of at least {least} goes here, not {n}")
    return n


LADRO = "ladro_steal"  # the hook of the card that steals (cards.toml)
_STEALS = re.compile(r"^\s*(PLAN\s+\S+\s+BEFORE|PLAY)\s", re.IGNORECASE)


def _stolen(
    state: MedioevoState, power: str, data: DataSet, lines: Sequence[tuple[int, str]]
) -> frozenset[str]:
    """The cards the ``BEFORE 2: ladro FOR card`` and ``PLAY ladro ON power FOR card`` lines of
    one mail steal: its ``CARDS`` lines may name them though the power does not hold them yet
    (ex L1709-L1711)."""
    steals = [text for _, text in lines if _STEALS.match(text)]
    if not steals:
        return frozenset()
    reader = _Reader(state, power, data, strict=False)
    found: set[str] = set()
    for text in steals:
        try:
            order, _ = reader.line(text)
        except Reject:
            continue  # refused again, with its reason, when the line is read
        if isinstance(order, PlanLine) and isinstance(order.clause, cl.Before):
            found.add(order.clause.target)
        action = order.action if isinstance(order, ScriptStep) else None
        if isinstance(action, PlayCombatCard) and action.take and data.cards[action.card].hook == LADRO:
            found.add(action.take)
    return frozenset(found)


def parse_war_lines(
    state: MedioevoState, power: str, lines: Sequence[tuple[int, str]], data: DataSet, strict: bool
) -> Submission:
    """Read one power's combat lines (script steps, PLAN and DOCTRINE lines), each on its own so
    one bad line never hides the others. ``strict``: on arrival (refusals and warnings that
    depend on the state); False for replay of stored canonical lines."""
    reader = _Reader(state, power, data, strict)
    if strict:  # only arrival refuses a card not held (replay reads stored lines)
        reader.stealing = _stolen(state, power, data, lines)
    orders: list[Order] = []
    issues: list[LineIssue] = []
    warnings: list[LineIssue] = []
    for number, text in lines:
        try:
            order, warning = reader.line(text)
        except Reject as rej:
            issues.append(LineIssue(number, text, rej.kind, rej.message))
            continue
        if warning:
            warnings.append(LineIssue(number, text, IssueKind.UNSURE, warning))
        orders.append(order)
    return Submission(orders=tuple(orders), issues=tuple(issues), warnings=tuple(warnings))
