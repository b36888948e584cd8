"""The conditions of a combat script's ``IF`` guards (docs/war.md §3.4), read when the line
arrives and decided when its step runs, on the board as the steps before left it.

``t HELD BY power|ME``, ``t BARBARIAN`` (no power holds it), ``t CONTESTED`` (L2266),
``t BESIEGED`` (L1908), ``AT WAR WITH power``, ``VF IN t AT LEAST n`` (own VF, on the ground and
aboard own transports there), ``piece IN place``, ``piece HAS n PM`` (movement points left this
phase; counted by the caller, which knows what the phase spent). ``NOT`` before any of them is
the core's (core/guards.py). A condition is stored in canonical form: ids, keywords in capitals.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from adjudicator.core.orders import IssueKind
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.holdings import besieged, contested
from adjudicator.rulesets.medioevo.order_names import piece_class_index, power_index
from adjudicator.rulesets.medioevo.parse_support import Reject, resolve
from adjudicator.rulesets.medioevo.pieces_state import label
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.parse_steps import place_index

_NOT = re.compile(r"^NOT\s+", re.IGNORECASE)
_FORMS = (
    ("held", re.compile(r"^(?P<a>.+?)\s+HELD\s+BY\s+(?P<b>.+)$", re.IGNORECASE)),
    ("war", re.compile(r"^AT\s+WAR\s+WITH\s+(?P<b>.+)$", re.IGNORECASE)),
    ("vf", re.compile(r"^VF\s+IN\s+(?P<a>.+?)\s+AT\s+LEAST\s+(?P<n>\d{1,9})$", re.IGNORECASE)),
    ("pm", re.compile(r"^(?P<a>.+?\s+\d{1,9})\s+HAS\s+(?P<n>\d{1,9})\s+PM$", re.IGNORECASE)),
    ("in", re.compile(r"^(?P<a>.+?\s+\d{1,9})\s+IN\s+(?P<b>.+)$", re.IGNORECASE)),
    ("barbarian", re.compile(r"^(?P<a>.+?)\s+BARBARIANS?$", re.IGNORECASE)),
    ("contested", re.compile(r"^(?P<a>.+?)\s+CONTESTED$", re.IGNORECASE)),
    ("besieged", re.compile(r"^(?P<a>.+?)\s+BESIEGED$", re.IGNORECASE)),
)
FORMS_TEXT = (
    "t HELD BY power|ME, t BARBARIAN, t CONTESTED, t BESIEGED, AT WAR WITH power, "
    "VF IN t AT LEAST n, piece IN place, piece HAS n PM"
)
PmLeft = Callable[[MedioevoState, str, str], int]
"""``pm_left(state, power, piece label)``: the movement points a transport has left."""


@dataclass(frozen=True, slots=True)
class Condition:
    """One condition read: its form, subject (a place id or piece label), argument, number."""

    form: str
    subject: str = ""
    arg: str = ""
    n: int = 0
    negated: bool = False

    def canonical(self) -> str:
        text = {
            "held": f"{self.subject} HELD BY {self.arg}",
            "war": f"AT WAR WITH {self.arg}",
            "vf": f"VF IN {self.subject} AT LEAST {self.n}",
            "pm": f"{self.subject} HAS {self.n} PM",
            "in": f"{self.subject} IN {self.arg}",
        }.get(self.form, f"{self.subject} {self.form.upper()}")
        return ("NOT " if self.negated else "") + text


def _piece(state: MedioevoState, data: DataSet, text: str) -> str:
    what, _, number = text.strip().rpartition(" ")
    return label(data, resolve(piece_class_index(data), what), int(number))


def read_condition(state: MedioevoState, power: str, text: str, data: DataSet) -> Condition:
    """The condition ``text`` names (a :class:`Reject` with the forms if none)."""
    body = _NOT.sub("", text.strip())
    negated = body != text.strip()
    powers = power_index(state, data.board)
    for form, pattern in _FORMS:
        found = pattern.match(body)
        if found is None:
            continue
        parts = found.groupdict()
        n = int(parts.get("n") or 0)
        if form in ("pm", "in"):
            subject = _piece(state, data, parts["a"])
        elif form == "war":
            subject = ""
        else:
            subject = resolve(place_index(data.board, land=form != "vf"), parts["a"])
        arg = ""
        if form in ("held", "war"):
            arg = power if parts["b"].strip().upper() == "ME" else resolve(powers, parts["b"])
        elif form == "in":
            arg = resolve(place_index(data.board), parts["b"])
        return Condition(form, subject, arg, n, negated)
    raise Reject(IssueKind.SYNTAX, f"no condition reads {body!r}: the conditions are {FORMS_TEXT}")


def parse_guard(state: MedioevoState, power: str, text: str, data: DataSet) -> str | None:
    """None if ``text`` reads as a condition, else why not (the core's hook, for Medioevo)."""
    try:
        read_condition(state, power, text, data)
    except Reject as rej:
        return rej.message
    return None


def _vf_in(state: MedioevoState, power: str, place: str) -> int:
    ground = state.territories[place].armies.get(power, 0) if place in state.territories else 0
    aboard = sum(getattr(p, "vf", 0) for p in state.pieces if p.owner == power and p.location == place)
    return ground + aboard


def condition_holds(
    state: MedioevoState, power: str, cond: Condition, data: DataSet, pm_left: PmLeft | None = None
) -> tuple[bool, str]:
    """Whether ``cond`` (its ``NOT`` aside) holds on ``state``, and the fact that decides it."""
    terr = state.territories.get(cond.subject)
    match cond.form:
        case "held":
            owner = terr.owner if terr else None
            return owner == cond.arg, f"{cond.subject} is held by {owner or 'no power'}"
        case "barbarian":
            owner = terr.owner if terr else None
            return owner is None, f"{cond.subject} is held by {owner or 'the barbarians'}"
        case "contested":
            yes = contested(state, cond.subject)
            return yes, f"{cond.subject} is {'' if yes else 'not '}contested"
        case "besieged":
            yes = besieged(state, cond.subject)
            return yes, f"{cond.subject} is {'' if yes else 'not '}besieged"
        case "war":
            yes = state.at_war(power, cond.arg)
            return yes, f"{power} is {'' if yes else 'not '}at war with {cond.arg}"
        case "vf":
            vf = _vf_in(state, power, cond.subject)
            return vf >= cond.n, f"{power} has {vf} VF in {cond.subject}"
        case "in":
            where = _located(state, power, cond.subject, data)
            return where == cond.arg, f"{cond.subject} is {'in ' + where if where else 'not on the map'}"
    left = pm_left(state, power, cond.subject) if pm_left else 0
    return left >= cond.n, f"{cond.subject} has {left} PM left"


def _located(state: MedioevoState, power: str, piece: str, data: DataSet) -> str | None:
    what, _, number = piece.rpartition(" ")
    kind = resolve(piece_class_index(data), what)
    found = state.piece(power, kind, int(number))
    return found.location if found else None


def guard_holds(
    state: MedioevoState, power: str, text: str, data: DataSet, pm_left: PmLeft | None = None
) -> tuple[bool, str]:
    """The core's hook for Medioevo: whether the condition ``text`` (no ``NOT``) holds."""
    return condition_holds(state, power, read_condition(state, power, text, data), data, pm_left)


def guard_failure(
    state: MedioevoState, power: str, conds: tuple[str, ...], data: DataSet, pm_left: PmLeft | None = None
) -> str | None:
    """None if every condition of a step holds (``NOT`` applied), else ``guard failed: <fact>``."""
    for text in conds:
        cond = read_condition(state, power, text, data)
        held, fact = condition_holds(state, power, cond, data, pm_left)
        if held == cond.negated:
            return f"guard failed: {fact}"
    return None
