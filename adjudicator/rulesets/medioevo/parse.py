"""Order text → Medioevo orders, with a quoted reason for every line that is not accepted."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache, lru_cache

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from adjudicator.core.orders import IssueKind, LineIssue, Order, Submission
from adjudicator.orders.names import NameIndex
from adjudicator.rulesets.medioevo import parse_economy, parse_upgrade
from adjudicator.rulesets.medioevo.calamity import choices
from adjudicator.rulesets.medioevo.calamity.choices import CHOICE_ORDERS
from adjudicator.rulesets.medioevo.church.parse import CHURCH_ORDERS, church_order
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.distant_ports import WORDS as DISTANT_PORT_WORDS
from adjudicator.rulesets.medioevo.distant_ports import BuyDistantPort
from adjudicator.rulesets.medioevo.guarantees import Guarantee
from adjudicator.rulesets.medioevo.order_names import (
    building_index,
    card_index,
    item_index,
    piece_class_index,
    power_index,
    tech_index,
    territory_index,
)
from adjudicator.rulesets.medioevo.order_words import PROPOSAL_EXAMPLE, grammar_text, unreadable
from adjudicator.rulesets.medioevo.orders import (
    Bid,
    Build,
    BuyPiece,
    BuyTech,
    Customize,
    Deploy,
    Keep,
    KeepPriority,
    Place,
    PlaceCathedral,
    PlayPurchaseCard,
    PlayReinforcementCard,
    PlayTaxCard,
    Repair,
    RepayLoan,
    Reserve,
    TakeLoan,
)
from adjudicator.rulesets.medioevo.orders_diplomacy import (
    Accept,
    DeclareWar,
    Dispute,
    PlayDiplomacyCard,
    Policy,
    Propose,
    ProposePeace,
    Revoke,
    ShortenTruce,
    Vote,
)
from adjudicator.rulesets.medioevo.orders_economy import BuyVF, DeclareBankruptcy
from adjudicator.rulesets.medioevo.pacts import PactKind, Stance
from adjudicator.rulesets.medioevo.parse_cards import play
from adjudicator.rulesets.medioevo.parse_diplomacy_cards import gift_or_cancel
from adjudicator.rulesets.medioevo.parse_support import IN, LONG_NUMBER, MAX_DIGITS, Reject, Unsure, resolve
from adjudicator.rulesets.medioevo.pieces_state import label
from adjudicator.rulesets.medioevo.start_bonus import BonusTech
from adjudicator.rulesets.medioevo.state import MedioevoState

_USING = re.compile(r"^(?P<rest>.*?)\s+USING\s+(?P<cb>\d+)\s+CB\s*$", re.IGNORECASE)
_PROPOSAL = re.compile(
    r"^WITH\s+(?P<who>.+?)\s+(?:FOR\s+(?P<turns>\d+)\s+TURNS?|(?P<forever>FOREVER))(?P<secret>\s+SECRET)?\s*$",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"^(?:PACT\s+|ALLIANCE\s+)?(?P<n>\d+)(?:\s+(?P<rest>.*))?$", re.IGNORECASE)
BUY_USAGE = (
    "expected BUY TECH <technology> or BUY <piece> IN <territory> (BUY 1 VF with INVESTITURA, "
    "BUY DISTANT PORT IN <territory>), e.g. BUY TECH Banche, BUY Galea IN Lidia"
)
CUSTOMIZE_USAGE = (
    "expected CUSTOMIZE <piece> <number> WITH +<n> MOVE|ARMIES|GOODS, e.g. CUSTOMIZE galley 1 WITH +1 MOVE"
)
_CUSTOMIZE = re.compile(
    r"^(?P<piece>.+?\s+\d+)\s+(?:WITH|CON)\s+\+?\s*(?P<n>\d+)\s+(?P<disc>[^\d\s].*?)\s*$", re.IGNORECASE
)
DISCS = {
    "MOVE": "pm",
    "MOVES": "pm",
    "PM": "pm",
    "MP": "pm",
    "ARMIES": "armies",
    "ARMY": "armies",
    "ARMATE": "armies",
    "VF": "armies",
    "GOODS": "goods",
    "MERCI": "goods",
}
STANCES = {"HONOUR": Stance.HONOUR, "HONOR": Stance.HONOUR, "NEUTRAL": Stance.NEUTRAL}
VOTES = {"KEPT": False, "RESPECTED": False, "RISPETTATO": False, "BROKEN": True, "ROTTURA": True}


@cache
def _parser() -> Lark:
    return Lark(grammar_text(), parser="lalr")


@lru_cache(maxsize=8192)
def _tree(line: str) -> Tree[Token]:
    """The parse tree of one order line, kept: the same lines come back in every mail of a set (a
    player resends the whole set) and the grammar is pure, so a line is parsed once per process.
    The trees are only read (``_build``), never changed. A line that does not parse is not kept."""
    return _parser().parse(line)


def _using(text: str) -> tuple[str, int | None]:
    """Split off a trailing ``USING n CB``: how many CB pay for PO (L748)."""
    found = _USING.match(text.strip())
    return (found["rest"], int(found["cb"])) if found else (text.strip(), None)


def _proposal(kind: PactKind, text: str, powers: NameIndex) -> Propose:
    head, _, terms = text.partition(":")
    found = _PROPOSAL.match(head.strip())
    if not found:
        raise Reject(
            IssueKind.SYNTAX,
            f"expected {kind.upper()} WITH <power>[, <power>] FOR <n> TURNS|FOREVER [SECRET]: <terms>, "
            f"e.g. {PROPOSAL_EXAMPLE} (a pact always states its length, L633)",
        )
    partners = tuple(dict.fromkeys(resolve(powers, n) for n in found["who"].split(",") if n.strip()))
    turns = None if found["forever"] else int(found["turns"])
    if turns is not None and turns < 1:
        raise Reject(IssueKind.SYNTAX, "a pact lasts 1 turn or more, or FOREVER")
    return Propose(kind, partners, turns, bool(found["secret"]), " ".join(terms.split()))


def _number(text: str, usage: str) -> tuple[int, str]:
    found = _NUMBER.match(text.strip())
    if not found:
        raise Reject(IssueKind.SYNTAX, f"expected {usage}")
    return int(found["n"]), (found["rest"] or "").strip()


def _diplomacy(kind: str, text: str, state: MedioevoState, data: DataSet) -> Order:
    powers = power_index(state, data.board)
    words = text.split()
    match kind:
        case "pact" | "alliance":
            return _proposal(PactKind(kind), text, powers)
        case "peace":
            rest, cb = _using(text)
            if not rest.upper().startswith("WITH "):
                raise Reject(IssueKind.SYNTAX, "expected PEACE WITH <power> [USING n CB]")
            return ProposePeace(resolve(powers, rest[5:]), cb)
        case "accept":
            if words and words[0].upper() == "RANSOM":
                return parse_economy.accept_ransom(words, powers)
            if (
                len(words) < 3
                or words[0].upper() not in ("PACT", "ALLIANCE", "PEACE")
                or words[1].upper() != "FROM"
            ):
                raise Reject(IssueKind.SYNTAX, "expected ACCEPT PACT|ALLIANCE|PEACE|RANSOM FROM <power>")
            return Accept(words[0].lower(), resolve(powers, " ".join(words[2:])))
        case "war":
            rest, cb = _using(text)
            if rest.upper().startswith("ON "):
                rest = rest[3:]
            return DeclareWar(resolve(powers, rest), cb)
        case "revoke":
            rest, cb = _using(text)
            number, extra = _number(rest, "REVOKE <pact number> [USING n CB]")
            if extra:
                raise Reject(IssueKind.SYNTAX, "expected REVOKE <pact number> [USING n CB]")
            return Revoke(number, cb)
        case "policy":
            if len(words) < 2 or words[-1].upper() not in STANCES:
                raise Reject(IssueKind.SYNTAX, "expected POLICY <ally> HONOUR|NEUTRAL")
            return Policy(resolve(powers, " ".join(words[:-1])), STANCES[words[-1].upper()])
        case "shorten":
            found = re.match(r"^TRUCE\s+WITH\s+(.+?)\s+BY\s+(\d+)$", text.strip(), re.IGNORECASE)
            if not found:
                raise Reject(IssueKind.SYNTAX, "expected SHORTEN TRUCE WITH <power> BY <turns>")
            return ShortenTruce(resolve(powers, found[1]), int(found[2]))
        case "dispute":
            number, rest = _number(text, "DISPUTE <pact number> AGAINST <power>")
            if not rest.upper().startswith("AGAINST "):
                raise Reject(IssueKind.SYNTAX, "expected DISPUTE <pact number> AGAINST <power>")
            return Dispute(number, resolve(powers, rest[8:]))
        case "vote":
            number, rest = _number(text, "VOTE <pact number> KEPT|BROKEN")
            if rest.upper() not in VOTES:
                raise Reject(IssueKind.SYNTAX, "expected VOTE <pact number> KEPT|BROKEN")
            return Vote(number, VOTES[rest.upper()])
        case "play":
            return play(text, powers, data)
        case "gift" | "cancel":
            return gift_or_cancel(kind, text, powers, data)
        case "guarantee":  # variant GARANTIRE (L3322)
            return Guarantee(resolve(territory_index(data.board), text))
    return church_order(kind, text, state, data)  # the Church's (church/parse.py), or unknown


def _customize(text: str, data: DataSet) -> Customize:
    found = _CUSTOMIZE.match(text.strip())
    if not found or found["disc"].upper() not in DISCS:
        raise Reject(IssueKind.SYNTAX, CUSTOMIZE_USAGE)
    what, number = found["piece"].rsplit(None, 1)
    kind = resolve(piece_class_index(data), what)
    return Customize(label(data, kind, int(number)), DISCS[found["disc"].upper()], int(found["n"]))


def _repair(text: str, data: DataSet) -> Repair:
    """``REPAIR <building> IN <territory>`` or ``REPAIR <ship> <number>``."""
    parts = IN.split(text.strip(), maxsplit=1)
    if len(parts) == 2:
        return Repair(resolve(building_index(data), parts[0]), resolve(territory_index(data.board), parts[1]))
    what, _, number = text.strip().rpartition(" ")
    if not number.isdigit() or not what:
        raise Reject(
            IssueKind.SYNTAX,
            "expected REPAIR <building> IN <territory> or REPAIR <ship> <number>, e.g. REPAIR galley 1",
        )
    return Repair(label(data, resolve(piece_class_index(data), what), int(number)))


DIPLOMACY_ORDERS = (
    "guarantee",
    "pact",
    "alliance",
    "peace",
    "accept",
    "war",
    "revoke",
    "policy",
    "shorten",
    "dispute",
    "vote",
    "play",
    "gift",
    "cancel",
)


def _build(tree: Tree[Token], data: DataSet, state: MedioevoState) -> Order:
    args = [str(c) for c in tree.children]
    if (trade := parse_economy.trade(str(tree.data), args[-1] if args else "", state, data)) is not None:
        return trade
    if tree.data in CHOICE_ORDERS:  # standing answers to the calamities (calamity/choices.py)
        return choices.parse(str(tree.data), args[-1], state, data)
    if tree.data in DIPLOMACY_ORDERS + CHURCH_ORDERS:
        return _diplomacy(str(tree.data), args[-1], state, data)
    match tree.data:
        case "bid":
            return Bid(int(args[0]))
        case "keep":
            words = args[0].split(None, 1)
            if words[0].upper() == "PRIORITY":
                names = [n for n in (words[1] if len(words) > 1 else "").split(",") if n.strip()]
                if not names:
                    raise Reject(IssueKind.SYNTAX, "KEEP PRIORITY needs card names separated by commas")
                return KeepPriority(tuple(resolve(card_index(data), n) for n in names))
            return Keep(resolve(card_index(data), args[0]))
        case "loan":
            return TakeLoan()
        case "repay":
            return RepayLoan()
        case "buy":
            vf = parse_economy.buy_vf(args[0])
            if vf is not None:
                return vf
            words = args[0].split(None, 1)
            if words[0].upper() in ("TECH", "TECNOLOGIA"):
                if len(words) < 2:
                    raise Reject(IssueKind.SYNTAX, BUY_USAGE)
                return BuyTech(resolve(tech_index(data), words[1]))
            parts = IN.split(args[0], maxsplit=1)
            if len(parts) != 2:
                raise Reject(IssueKind.SYNTAX, BUY_USAGE)
            if " ".join(parts[0].upper().split()) in DISTANT_PORT_WORDS:  # L2396
                return BuyDistantPort(resolve(territory_index(data.board), parts[1]))
            return BuyPiece(
                resolve(item_index(data), parts[0]), resolve(territory_index(data.board), parts[1])
            )
        case "upgrade":
            return parse_upgrade.upgrade(args[0], data)
        case "customize":
            return _customize(args[0], data)
        case "repair":
            return _repair(args[0], data)
        case "build":
            parts = IN.split(args[0], maxsplit=1)
            if len(parts) != 2:
                raise Reject(
                    IssueKind.SYNTAX, "expected BUILD <building> IN <territory>, e.g. BUILD Torre IN Banato"
                )
            return Build(
                resolve(building_index(data), parts[0]), resolve(territory_index(data.board), parts[1])
            )
        case "place":
            return Place(int(args[0]), resolve(territory_index(data.board), args[1]))
        case "reserve":
            return Reserve(int(args[0]))
        case "sell":
            return parse_economy.sell(args[0], data)
        case "bankruptcy":
            return DeclareBankruptcy()
        case "investitura":
            return BuyVF()
        case "victory":
            return parse_economy.victory()
        case "exchange":
            return parse_economy.exchange(args[0], power_index(state, data.board))
        case "ransom":
            return parse_economy.ransom(args[0], power_index(state, data.board))
        case "cathedral":
            return PlaceCathedral(resolve(territory_index(data.board), args[0]))
        case "deploy":
            return Deploy(int(args[0]), resolve(territory_index(data.board), args[1]))
        case "bonus":
            return BonusTech(resolve(tech_index(data), args[0]))
    raise Reject(IssueKind.SYNTAX, f"unknown order {tree.data!r}")


Checker = Callable[[MedioevoState, str, Order, Sequence[Order], Sequence[Order]], str | None]
"""``check(state, power, order, earlier, mail)``: ``earlier`` the orders accepted from the lines
above, ``mail`` every order read from the mail (a card play counts the technologies it buys).
It raises :class:`Unsure` to accept the order with a warning."""


def parse_lines(
    state: MedioevoState,
    power: str,
    lines: Sequence[tuple[int, str]],
    data: DataSet,
    open_phases: Sequence[str],
    window: str,
    check: Checker | None,
    not_now: Callable[[str, str], str | None] | None = None,
) -> Submission:
    """Parse each line on its own, so one bad line never hides the others (godip ParseAll); then
    check each order that was read, in the order written. ``not_now(what, phase)``: the reason
    for a line of a phase not open now, if the caller has one (a step's, steps.py)."""
    read: list[tuple[int, str, Order]] = []
    issues: list[LineIssue] = []
    for number, line in lines:
        try:
            if LONG_NUMBER.search(line):
                raise Reject(
                    IssueKind.SYNTAX, f"a number of more than {MAX_DIGITS} digits: no order takes one"
                )
            try:
                tree = _tree(line)
            except UnexpectedInput as exc:
                raise Reject(IssueKind.SYNTAX, unreadable(line)) from exc
            read.append((number, line, _build(tree, data, state)))
        except Reject as rej:
            issues.append(LineIssue(number, line, rej.kind, rej.message))
    mail = [order for _, _, order in read]
    orders: list[Order] = []
    warnings: list[LineIssue] = []
    for number, line, order in read:
        try:
            if order.phase not in open_phases:
                what = order.canonical().split()[0]
                if isinstance(
                    order, PlayDiplomacyCard | PlayTaxCard | PlayReinforcementCard | PlayPurchaseCard
                ):
                    what = f"PLAY {data.cards[order.card].name}"
                why = not_now(what, order.phase) if not_now else None
                raise Reject(
                    IssueKind.NOT_NOW,
                    why
                    or f"{what} is an order for the "
                    f"{order.phase.replace('_', ' ')} phase, which takes no orders in {window}",
                )
            problem = check(state, power, order, orders, mail) if check else None
            if problem:
                raise Reject(IssueKind.ILLEGAL, problem)
        except Unsure as unsure:
            warnings.append(LineIssue(number, line, IssueKind.UNSURE, unsure.message))
        except Reject as rej:
            issues.append(LineIssue(number, line, rej.kind, rej.message))
            continue
        orders.append(order)
    issues.sort(key=lambda issue: issue.line_no)
    return Submission(orders=tuple(orders), issues=tuple(issues), warnings=tuple(warnings))
