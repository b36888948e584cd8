"""What a power decides when a calamity asks it, given by mail as standing choices (R319).

At the table the players answer when the calamity is drawn: the bids for the Nizari and the
victim (CONGIURA, seed 002 L1246), the INQUISITORE against the heretics (ERESIA, L1284), the items
a civil war keeps (GUERRA CIVILE, L1294). The calamity is drawn in the Events phase, inside the
economy window, so by mail the answer is given beforehand, like the war's doctrines (R99): a line
of the Reinforcements (the phase before the Events, same window) that stands until replaced.
Silent, the defaults of R279-R282 are kept:

* ``NIZARI BID <florins> ON <power>`` (``NIZARI NONE``): the most florins the power pays for the
  Nizari, and its primary victim; no bid, no conspiracy (A39);
* ``HERESY INQUISITORE [IN <territory>]`` (``HERESY NONE``): play an INQUISITORE card from the hand
  against a heresy that strikes the power, in that territory, else where the heretics are most;
* ``CIVIL WAR KEEP <place>, <place>`` (``CIVIL WAR KEEP NONE``): the territories, or the places of
  fleets, to keep in faction 1 first; the rest as R282 keeps them (most VF).

The choices are private (view.py), as a doctrine is (R115).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from adjudicator.core.orders import IssueKind, Order
from adjudicator.core.results import OrderResult
from adjudicator.rulesets.medioevo.calamity.records import CalamityChoices
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.order_names import power_index, territory_index
from adjudicator.rulesets.medioevo.orders import REINFORCEMENTS
from adjudicator.rulesets.medioevo.parse_support import Reject, Unsure, resolve
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.parse_steps import place_index

INQUISITORE = "inquisitore"  # the Empire card (cards.toml)
CHOICE_ORDERS = ("nizari", "heresy", "civil")
"""grammar.lark's rules for these lines."""
NONE = "NONE"


class CalamityChoice(Order):
    """Marks the standing calamity choices (recorded by :func:`record` in the Reinforcements)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class NizariBid(CalamityChoice):
    phase: ClassVar[str] = REINFORCEMENTS
    amount: int = 0  # 0: no bid
    victim: str | None = None

    def canonical(self) -> str:
        return f"NIZARI BID {self.amount} ON {self.victim}" if self.amount else f"NIZARI {NONE}"


@dataclass(frozen=True, slots=True)
class HeresyInquisitor(CalamityChoice):
    phase: ClassVar[str] = REINFORCEMENTS
    play: bool = True
    territory: str | None = None

    def canonical(self) -> str:
        if not self.play:
            return f"HERESY {NONE}"
        return "HERESY INQUISITORE" + (f" IN {self.territory}" if self.territory else "")


@dataclass(frozen=True, slots=True)
class CivilWarKeep(CalamityChoice):
    phase: ClassVar[str] = REINFORCEMENTS
    places: tuple[str, ...] = ()

    def canonical(self) -> str:
        return "CIVIL WAR KEEP " + (", ".join(self.places) or NONE)


NIZARI_USAGE = "expected NIZARI BID <florins> ON <power>, or NIZARI NONE"
HERESY_USAGE = "expected HERESY INQUISITORE [IN <territory>], or HERESY NONE"
CIVIL_USAGE = "expected CIVIL WAR KEEP <territory or sea>[, …], or CIVIL WAR KEEP NONE"


def parse(kind: str, text: str, state: MedioevoState, data: DataSet) -> Order:
    """One choice line from its grammar rule and the rest of the line."""
    words = text.split()
    upper = [w.upper() for w in words]
    if kind == "nizari":
        if upper == [NONE]:
            return NizariBid()
        if len(words) < 4 or upper[0] != "BID" or not words[1].isdigit() or upper[2] != "ON":
            raise Reject(IssueKind.SYNTAX, NIZARI_USAGE)
        return NizariBid(int(words[1]), resolve(power_index(state, data.board), " ".join(words[3:])))
    if kind == "heresy":
        if upper == [NONE]:
            return HeresyInquisitor(play=False)
        if (
            not upper
            or upper[0] != "INQUISITORE"
            or (len(words) > 1 and (upper[1] != "IN" or len(words) < 3))
        ):
            raise Reject(IssueKind.SYNTAX, HERESY_USAGE)
        where = resolve(territory_index(data.board), " ".join(words[2:])) if len(words) > 2 else None
        return HeresyInquisitor(territory=where)
    if upper[:2] != ["WAR", "KEEP"] or len(words) < 3:
        raise Reject(IssueKind.SYNTAX, CIVIL_USAGE)
    if upper[2:] == [NONE]:
        return CivilWarKeep()
    names = [n for n in " ".join(words[2:]).split(",") if n.strip()]
    return CivilWarKeep(tuple(dict.fromkeys(resolve(place_index(data.board), n) for n in names)))


def check(state: MedioevoState, power: str, order: Order) -> str | None:
    """The arrival checks; raises :class:`Unsure` to accept with a warning."""
    if isinstance(order, NizariBid) and order.amount:
        if order.victim == power:
            return "the Nizari's victim must be another power (L1246): you cannot name yourself"
        if order.amount > state.powers[power].florins:
            return f"you bid {order.amount} but hold {state.powers[power].florins} florins"
    if isinstance(order, HeresyInquisitor) and order.play and INQUISITORE not in state.powers[power].cards:
        raise Unsure("you hold no INQUISITORE now: the choice stands and is used once you hold one")
    return None


def options(state: MedioevoState, power: str) -> list[Order]:
    """The template's lines: the standing choice, or its default, and the other forms."""
    now = choices_of(state, power)
    rivals = [p for p in state.seats() if p != power]
    found: list[Order] = [NizariBid(now.nizari_bid, now.nizari_victim) if now.nizari_bid else NizariBid()]
    if rivals and not now.nizari_bid:
        found.append(NizariBid(min(100, state.powers[power].florins) or 0, rivals[0]))
    found.append(HeresyInquisitor(now.inquisitore, now.inquisitore_in))
    found.append(CivilWarKeep(now.civil_war_keep))
    return [o for o in found if not (isinstance(o, NizariBid) and o.amount == 0 and o.victim)]


def notes(state: MedioevoState, power: str) -> dict[str, str]:
    """The template's notes: which line is the standing choice, what the others would do; none
    for a viewer who is no power (the GM, the public report)."""
    found: dict[str, str] = {}
    if power not in state.powers:
        return found
    for order in options(state, power):
        standing = order.canonical() in _standing(state, power)
        match order:
            case NizariBid(amount=0):
                what = "no bid for the Nizari in a CONGIURA (L1246)"
            case NizariBid():
                what = "a CONGIURA: bid up to this, the power named the victim (L1246)"
            case HeresyInquisitor(play=False):
                what = "no INQUISITORE against an ERESIA (R279)"
            case HeresyInquisitor():
                what = "an ERESIA: play an INQUISITORE from your hand (L1284)"
            case CivilWarKeep(places=()):
                what = "a GUERRA CIVILE keeps what holds most VF (R282); name places to keep them first"
            case _:
                what = "a GUERRA CIVILE keeps these first (L1294)"
        found[order.canonical()] = ("standing now: " if standing else "") + what
    return found


def _standing(state: MedioevoState, power: str) -> set[str]:
    now = choices_of(state, power)
    return {
        NizariBid(now.nizari_bid, now.nizari_victim if now.nizari_bid else None).canonical(),
        HeresyInquisitor(now.inquisitore, now.inquisitore_in).canonical(),
        CivilWarKeep(now.civil_war_keep).canonical(),
    }


def choices_of(state: MedioevoState, power: str) -> CalamityChoices:
    return state.powers[power].calamity or CalamityChoices()


def record(
    state: MedioevoState, orders: Mapping[str, Sequence[Order]], results: list[OrderResult]
) -> MedioevoState:
    """The Reinforcements: each power's last line of each kind replaces its standing choice."""
    for power in state.acting_order():
        given = [o for o in orders.get(power, ()) if isinstance(o, CalamityChoice)]
        if not given:
            continue
        now = choices_of(state, power)
        for order in given:
            later = [o for o in given[given.index(order) + 1 :] if type(o) is type(order)]
            text = order.canonical()
            if later:
                results.append(
                    OrderResult.failure(power, REINFORCEMENTS, text, "superseded", "a later line replaces it")
                )
                continue
            problem = check_now(state, power, order)
            if problem:
                results.append(OrderResult.failure(power, REINFORCEMENTS, text, "not-allowed", problem))
                continue
            now = _apply(now, order)
            results.append(OrderResult.success(power, REINFORCEMENTS, text, "standing until replaced (R319)"))
        state = state.with_power(power, calamity=None if now == CalamityChoices() else now)
    return state


def check_now(state: MedioevoState, power: str, order: Order) -> str | None:
    try:
        return check(state, power, order)
    except Unsure:
        return None


def _apply(now: CalamityChoices, order: Order) -> CalamityChoices:
    match order:
        case NizariBid(amount=amount, victim=victim):
            return now.model_copy(update={"nizari_bid": amount, "nizari_victim": victim if amount else None})
        case HeresyInquisitor(play=play, territory=where):
            return now.model_copy(update={"inquisitore": play, "inquisitore_in": where if play else None})
        case CivilWarKeep(places=places):
            return now.model_copy(update={"civil_war_keep": places})
    return now
