"""The Church's order lines (grammar.lark's ``excommunicate`` … ``tithe`` rules) → orders."""

from __future__ import annotations

import re

from adjudicator.core.orders import IssueKind, Order
from adjudicator.rulesets.medioevo.church.conversion import Convert
from adjudicator.rulesets.medioevo.church.orders import (
    CrusadeSide,
    Elect,
    Excommunicate,
    FoundAntipope,
    Pardon,
    PlanCrusade,
    RefuseTithe,
)
from adjudicator.rulesets.medioevo.church.records import CRUSADER, DEFENDER, NEUTRAL
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.order_names import card_index, power_index, territory_index
from adjudicator.rulesets.medioevo.parse_support import Reject, resolve
from adjudicator.rulesets.medioevo.state import MedioevoState

CHURCH_ORDERS = ("excommunicate", "pardon", "antipope", "crusade", "elect", "tithe", "convert")
FAITH_WORDS = {
    "CATHOLIC": "catholic",
    "CATTOLICO": "catholic",
    "MUSLIM": "muslim",
    "MUSULMANO": "muslim",
    "ORTHODOX": "orthodox",
    "ORTODOSSO": "orthodox",
}
SIDES = {"JOIN": CRUSADER, "CRUSADER": CRUSADER, "DEFEND": DEFENDER, "DEFENDER": DEFENDER, "NEUTRAL": NEUTRAL}
PLAN_USAGE = (
    "expected CRUSADE TO <objective> FROM <departure> IN <n> TURNS MIN <n> VF, or CRUSADE JOIN|DEFEND|NEUTRAL"
)
ELECT_USAGE = "expected ELECT <power> [PAY <florins>] [SHOWING <card>[, <card>]] [OFFER <florins>]"
_PLAN = re.compile(
    r"^TO\s+(?P<to>.+?)\s+FROM\s+(?P<from>.+?)\s+IN\s+(?P<n>\d+)\s+TURNS?\s+MIN\s+(?P<vf>\d+)(?:\s+VF)?\s*$",
    re.IGNORECASE,
)
_ELECT = re.compile(
    r"^(?P<who>.+?)(?:\s+PAY\s+(?P<pay>\d+))?(?:\s+SHOWING\s+(?P<cards>.+?))?(?:\s+OFFER\s+(?P<offer>\d+))?\s*$",
    re.IGNORECASE,
)


def church_order(kind: str, text: str, state: MedioevoState, data: DataSet) -> Order:
    """One Church order from its rule's name and the rest of the line."""
    powers = power_index(state, data.board)
    words = text.split()
    match kind:
        case "excommunicate":
            return Excommunicate(resolve(powers, text))
        case "pardon":
            return Pardon(resolve(powers, text))
        case "antipope":
            if [w.upper() for w in words] == ["JOIN"]:
                return FoundAntipope()
            if len(words) < 2 or words[0].upper() != "IN":
                raise Reject(IssueKind.SYNTAX, "expected ANTIPOPE IN <territory> or ANTIPOPE JOIN")
            return FoundAntipope(resolve(territory_index(data.board), " ".join(words[1:])))
        case "crusade":
            if len(words) == 1 and words[0].upper() in SIDES:
                return CrusadeSide(SIDES[words[0].upper()])
            found = _PLAN.match(text.strip())
            if not found:
                raise Reject(IssueKind.SYNTAX, PLAN_USAGE)
            places = territory_index(data.board)
            return PlanCrusade(
                resolve(places, found["to"]),
                resolve(places, found["from"]),
                int(found["n"]),
                int(found["vf"]),
            )
        case "elect":
            found = _ELECT.match(text.strip())
            if not found:
                raise Reject(IssueKind.SYNTAX, ELECT_USAGE)
            names = [n for n in (found["cards"] or "").split(",") if n.strip()]
            shown = tuple(dict.fromkeys(resolve(card_index(data), n) for n in names))
            return Elect(
                resolve(powers, found["who"]), int(found["pay"] or 0), shown, int(found["offer"] or 0)
            )
        case "convert":
            faith = FAITH_WORDS.get(text.strip().upper())
            if faith is None:
                raise Reject(IssueKind.SYNTAX, "expected CONVERT CATHOLIC|MUSLIM|ORTHODOX (L3212-3218)")
            return Convert(faith)
        case "tithe":
            if [w.upper() for w in words] != ["REFUSE"]:
                raise Reject(IssueKind.SYNTAX, "expected TITHE REFUSE (the tithe is paid unless refused)")
            return RefuseTithe()
    raise Reject(IssueKind.SYNTAX, f"unknown order {kind!r}")
