"""Krieg und Frieden's orders: one line each, read into :class:`KufOrder` (verb and arguments).

The grammar is in orders/kriegundfrieden.md. Every order's canonical text (``BID 3 hammer 2 cup``,
``IF AGENDA war: SWAP famine/cathedral PAYING shield``) parses back to an equal order, so the log
stores and replays orders as text. ``read_line`` checks syntax and names only (a loose read);
what the state allows is checked by parse.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from adjudicator.core.orders import NOT_AN_ORDER, IssueKind, Order
from adjudicator.rulesets.kriegundfrieden.cards import Counts, describe
from adjudicator.rulesets.kriegundfrieden.components import AGENDAS, RESOURCES, REWARDS

# verbs, by the decision they answer
PLAY, SWAP, TAKE, PASS, RULE = "PLAY", "SWAP", "TAKE", "PASS", "IF"
BID, PLAN = "BID", "PLAN"
PRIVILEGE = "PRIVILEGE"
WORKERS, BUILD, CHALLENGE, BRIBE = "WORKERS", "BUILD", "CHALLENGE", "BRIBE"
DEFEND, YIELD = "DEFEND", "YIELD"
APPEAL, NO_APPEAL, DISCARD = "APPEAL", "NO-APPEAL", "DISCARD"
POLICY = "POLICY"
ACTIONS = (WORKERS, BUILD, CHALLENGE, BRIBE)
"""The four summer actions (L80-83), in any order and number (L85)."""

_ALIASES = {"ASSIGN": WORKERS, "FARMSTEAD": BUILD, "ATTACK": CHALLENGE, "CORRUPT": BRIBE, "RAISE": BID}
_NUMBER = re.compile(r"^\d{1,3}$")


@dataclass(frozen=True, slots=True)
class KufOrder(Order):
    """``verb`` and its arguments in canonical form; ``season`` is the phase it is given in."""

    season: str
    verb: str
    args: tuple[str, ...] = ()

    @property  # the season's phase, per instance (a standing order may be given in any season)
    def phase(self) -> str:  # type: ignore[override]
        return self.season

    def canonical(self) -> str:
        if self.verb == RULE:  # args: when, then the order's words
            return f"IF AGENDA {self.args[0]}: {' '.join(self.args[1:])}"
        if self.verb == NO_APPEAL:
            return "NO APPEAL"
        return " ".join((self.verb, *self.args))


class Refused(ValueError):
    def __init__(self, kind: IssueKind, message: str) -> None:
        super().__init__(message)
        self.kind, self.message = kind, message


def syntax(message: str) -> Refused:
    return Refused(IssueKind.SYNTAX, message)


def agenda_name(word: str) -> str:
    """``famine`` or ``famine/cathedral`` (case folded); refused otherwise."""
    kind, _, rew = word.lower().partition("/")
    kind = {"revolts": "revolt", "wars": "war", "tax": "taxes", "famines": "famine"}.get(kind, kind)
    if kind not in AGENDAS or (rew and rew not in REWARDS):
        raise syntax(
            f"{word!r} is no agenda card: expected one of {', '.join(AGENDAS)}, or e.g. famine/cathedral"
        )
    return f"{kind}/{rew}" if rew else kind


def resource(word: str) -> str:
    low = word.lower().rstrip("s") if word.lower() not in ("grain",) else "grain"
    low = {"knight": "shield", "wealth": "cup", "labour": "hammer", "food": "grain", "ear": "grain"}.get(
        low, low
    )
    if low not in RESOURCES:
        raise syntax(f"{word!r} is no resource: expected one of {', '.join(RESOURCES)}")
    return low


def cards_of(words: list[str]) -> Counts:
    """``3 hammer 2 cup`` (a number before each type; ``hammer`` alone is one) as counts."""
    out = [0, 0, 0, 0]
    i = 0
    while i < len(words):
        n = 1
        if _NUMBER.match(words[i]):
            n = int(words[i])
            i += 1
            if i == len(words):
                raise syntax("a number must be followed by a resource, e.g. 3 hammer")
        out[RESOURCES.index(resource(words[i]))] += n
        i += 1
    if not any(out):
        raise syntax("expected cards, e.g. 3 hammer 2 cup")
    return (out[0], out[1], out[2], out[3])


def _count(words: list[str], usage: str) -> str:
    if len(words) != 1 or not _NUMBER.match(words[0]) or int(words[0]) < 1:
        raise syntax(usage)
    return str(int(words[0]))


def _power(word: str, seats: tuple[str, ...]) -> str:
    if word.lower() not in seats:
        raise Refused(IssueKind.ILLEGAL, f"unknown noble {word!r}: expected one of {', '.join(seats)}")
    return word.lower()


def _swap_args(words: list[str]) -> tuple[str, ...]:
    """``SWAP <card> [PAYING <type>]`` / ``TAKE [PAYING <type>]`` / ``PASS`` as canonical words."""
    head = words[0].upper() if words else ""
    rest = words[1:]
    paying: tuple[str, ...] = ()
    if len(rest) >= 2 and rest[-2].upper() == "PAYING":
        paying = ("PAYING", resource(rest[-1]))
        rest = rest[:-2]
    if head == SWAP and len(rest) == 1:
        return (SWAP, agenda_name(rest[0]), *paying)
    if head == TAKE and not rest:
        return (TAKE, *paying)
    if head == PASS and not rest and not paying:
        return (PASS,)
    raise syntax("expected SWAP <card> [PAYING <privilege>], TAKE [PAYING <privilege>] or PASS")


def _policy(words: list[str]) -> tuple[str, ...]:
    what = words[0].upper() if words else ""
    rest = [w.upper() for w in words[1:]]
    if what == DEFEND:
        if rest in (["ALWAYS"], ["NEVER"], ["ASK"]):
            return (DEFEND, rest[0])
        if len(rest) == 2 and rest[0] == "WHILE" and _NUMBER.match(rest[1]) and int(rest[1]) >= 1:
            return (DEFEND, "WHILE", str(int(rest[1])))
        raise syntax("expected POLICY DEFEND WHILE <shields> | ALWAYS | NEVER | ASK")
    if what == "BURN" and rest in (["INNER"], ["OUTER"], ["DEFAULT"]):
        return ("BURN", rest[0])
    if what == "APPEAL" and rest in (["ALWAYS"], ["NEVER"], ["ASK"]):
        return ("APPEAL", rest[0])
    if what in (PRIVILEGE, DISCARD) and rest:
        if rest == ["ASK"]:
            return (what, "ASK")
        types = tuple(resource(w) for w in words[1:])
        if len(set(types)) != len(types):
            raise syntax(f"POLICY {what}: name each type once")
        return (what, *types)
    raise syntax(
        "expected POLICY DEFEND WHILE <k>|ALWAYS|NEVER|ASK, POLICY BURN INNER|OUTER|DEFAULT, "
        "POLICY PRIVILEGE <types>|ASK, POLICY APPEAL ALWAYS|NEVER|ASK or POLICY DISCARD <types>|ASK"
    )


def read_line(text: str, season: str, seats: tuple[str, ...]) -> KufOrder:
    """One line as an order of ``season``, syntax and names only; :class:`Refused` says why not."""
    cleaned = " ".join(text.replace(",", " ").split())
    rule = re.match(r"^IF\s+AGENDA\s+(?:IS\s+)?(\S+)\s*:\s*(.+)$", cleaned, re.IGNORECASE)
    if rule is not None:
        when = "any" if rule[1].lower() == "any" else agenda_name(rule[1])
        then = _swap_args(rule[2].split())
        if then[0] == TAKE:
            raise syntax("IF AGENDA …: SWAP <card> or PASS (TAKE is given in your own swap turn)")
        return KufOrder(season, RULE, (when, *then))
    words = cleaned.split()
    head = words[0].upper() if words else ""
    head = _ALIASES.get(head, head)
    rest = words[1:]
    if head in (SWAP, TAKE, PASS):
        args = _swap_args([head, *rest])
        return KufOrder(season, args[0], args[1:])
    if head == PLAY:
        if len(rest) != 1:
            raise syntax("expected PLAY <agenda card>, e.g. PLAY famine")
        return KufOrder(season, PLAY, (agenda_name(rest[0]),))
    if head == BID:
        return KufOrder(season, BID, tuple(describe(cards_of(rest)).split()))
    if head == DISCARD:
        return KufOrder(season, DISCARD, tuple(describe(cards_of(rest)).split()))
    if head == PLAN:
        up = [w.upper() for w in rest]
        if up in (["PASS"], ["ASK"]):
            return KufOrder(season, PLAN, (up[0],))
        if len(up) == 3 and up[:2] == ["UP", "TO"] and _NUMBER.match(up[2]):
            return KufOrder(season, PLAN, ("UP", "TO", str(int(up[2]))))
        raise syntax("expected PLAN UP TO <total>, PLAN PASS or PLAN ASK")
    if head == PRIVILEGE:
        if len(rest) == 1:
            return KufOrder(season, PRIVILEGE, (resource(rest[0]),))
        if len(rest) == 3 and rest[1].upper() == "FROM":
            return KufOrder(season, PRIVILEGE, (resource(rest[0]), "FROM", _power(rest[2], seats)))
        raise syntax("expected PRIVILEGE <type> [FROM <noble>], e.g. PRIVILEGE shield")
    if head in (WORKERS, BUILD):
        return KufOrder(season, head, (_count(rest, f"expected {head} <houses>, e.g. {head} 2"),))
    if head in (CHALLENGE, BRIBE, APPEAL):
        if len(rest) != 1:
            raise syntax(f"expected {head} <noble>, e.g. {head} {seats[-1]}")
        return KufOrder(season, head, (_power(rest[0], seats),))
    if head == "NO" and [w.upper() for w in rest] == ["APPEAL"]:
        return KufOrder(season, NO_APPEAL)
    if head == DEFEND and not rest:
        return KufOrder(season, DEFEND)
    if head == YIELD:
        up = [w.upper() for w in rest]
        if up in ([], ["INNER"], ["OUTER"]):
            return KufOrder(season, YIELD, tuple(up))
        raise syntax("expected YIELD, YIELD INNER or YIELD OUTER")
    if head == POLICY:
        return KufOrder(season, POLICY, _policy(rest))
    raise Refused(IssueKind.NOT_AN_ORDER, NOT_AN_ORDER + " (the orders are in orders/kriegundfrieden.md)")


def batch(order: KufOrder) -> Counts:
    """The cards of a BID or DISCARD."""
    return cards_of(list(order.args))
