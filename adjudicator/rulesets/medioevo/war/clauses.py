"""The clauses of the PLAN and DOCTRINE lines of phase 9 (docs/war.md §3.2, §3.3).

Each clause has a ``canonical()`` text (what follows ``PLAN name`` or ``DOCTRINE [scope]``) and a
``slot``: two clauses with the same slot are the same choice, so a later one replaces the earlier
("a later line for the same clause replaces the earlier one"). Every clause has a default (R99,
R100) applied where no line gives it; the defaults live with the code that uses them.
"""

from __future__ import annotations

from dataclasses import dataclass


def _names(items: tuple[str, ...]) -> str:
    return ", ".join(items)


@dataclass(frozen=True, slots=True)
class Cards:
    """Cards to play in the rounds ``rounds`` (``1``, ``2``, ``3+``, ``ALL``): at most LT a roll,
    all different (L1736), and they may change every roll (L1770). ``when`` narrows it:
    ``FORTIFIED``, ``DEFENDER PLAYED n`` (plans), ``ATTACKER PLAYS card`` (doctrines: the attacker
    reveals first)."""

    rounds: str
    cards: tuple[str, ...]
    when: str | None = None

    def canonical(self) -> str:
        return f"CARDS {self.rounds}: {_names(self.cards)}" + (f" IF {self.when}" if self.when else "")

    @property
    def slot(self) -> str:
        return f"CARDS {self.rounds}" + (f" IF {self.when}" if self.when else "")


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Break off the attack (L1721): ``AFTER n`` rounds, ``BELOW n`` own engaged VF, or
    ``IF OUTNUMBERED`` (``n`` None)."""

    how: str
    n: int | None = None

    def canonical(self) -> str:
        return f"WITHDRAW {self.how}" + (f" {self.n}" if self.n is not None else "")

    @property
    def slot(self) -> str:
        return f"WITHDRAW {self.how}"


@dataclass(frozen=True, slots=True)
class Captains:
    """Who leads each roll, in turn (L1782, A-26)."""

    captains: tuple[str, ...]
    slot = "CAPTAINS"

    def canonical(self) -> str:
        return f"CAPTAINS {_names(self.captains)}"


@dataclass(frozen=True, slots=True)
class Fort:
    """What to do when the field is won and walls remain (L1924, L2023): ``SIEGE``,
    ``SIEGE ELSE ASSAULT``, ``SIEGE ELSE STOP``, ``ASSAULT``, ``STOP``."""

    policy: str
    slot = "FORT"

    def canonical(self) -> str:
        return f"FORT {self.policy}"


@dataclass(frozen=True, slots=True)
class Occupy:
    """VF left to hold a conquered territory (L1846)."""

    vf: int
    slot = "OCCUPY"

    def canonical(self) -> str:
        return f"OCCUPY {self.vf}"


@dataclass(frozen=True, slots=True)
class Reserves:
    """VF from the reserve to add at the battle's start (variant RISERVE DI COMBATTIMENTO,
    L3200-3210; war/reserves.py)."""

    vf: int
    slot = "RESERVES"

    def canonical(self) -> str:
        return f"RESERVES {self.vf}"


@dataclass(frozen=True, slots=True)
class Taken:
    """What becomes of a captured thing (L1848-1856, L1836, A-11): a kind (``captain``,
    ``transport``, ``engine``, ``settlement``, ``fortification``, ``cathedral``, ``fair``) or one
    piece's label, and ``DESTROY``, ``SACK`` or ``CONQUER``."""

    what: str
    action: str

    def canonical(self) -> str:
        return f"TAKEN {self.what} {self.action}"

    @property
    def slot(self) -> str:
        return f"TAKEN {self.what}"


@dataclass(frozen=True, slots=True)
class LossesOrder:
    """Whose VF go first, transport by transport (L1760; 1 VF a transport stays, R102)."""

    pieces: tuple[str, ...]
    slot = "LOSSES"

    def canonical(self) -> str:
        return f"LOSSES ORDER {_names(self.pieces)}"


@dataclass(frozen=True, slots=True)
class LossesFirst:
    """A defender's losses from the ground (``LAND``) or aboard (``ABOARD``) first (L1760)."""

    where: str
    slot = "LOSSES"

    def canonical(self) -> str:
        return f"LOSSES {self.where} FIRST"


@dataclass(frozen=True, slots=True)
class After:
    """A card played after the battle (CERUSICO, L1707, L2548)."""

    card: str
    slot = "AFTER"

    def canonical(self) -> str:
        return f"AFTER {self.card}"


@dataclass(frozen=True, slots=True)
class Before:
    """An instant card played just before one's roll ``roll`` (L1707: before the round, outside
    the LT limit): ``LADRO FOR balestriere`` steals that card from the other side, or ``FROM`` one
    power of it, and it may be played on that very roll (ex L1709-L1711, R149, R228)."""

    roll: int
    card: str
    target: str
    victim: str | None = None

    def canonical(self) -> str:
        source = f" FROM {self.victim}" if self.victim else ""
        return f"BEFORE {self.roll}: {self.card} FOR {self.target}{source}"

    @property
    def slot(self) -> str:
        return f"BEFORE {self.roll}"


@dataclass(frozen=True, slots=True)
class RetreatBefore:
    """Retreat before the battle (L2059, L2063): ``NEVER``, ``ALWAYS``, or when the attackers
    are at least ``ratio`` times the defenders (``IF OUTNUMBERED x``)."""

    policy: str
    ratio: float | None = None
    slot = "RETREAT BEFORE"

    def canonical(self) -> str:
        if self.ratio:
            return f"RETREAT BEFORE IF OUTNUMBERED {self.ratio:g}"
        return f"RETREAT BEFORE {self.policy}"


@dataclass(frozen=True, slots=True)
class RetreatDuring:
    """Retreat during the battle when own VF in it fall below ``below`` (L2059-2065)."""

    below: int
    slot = "RETREAT DURING"

    def canonical(self) -> str:
        return f"RETREAT DURING BELOW {self.below}"


@dataclass(frozen=True, slots=True)
class RetreatTo:
    """Adjacent territories to retreat to, in order (L2063-2069, A-21)."""

    places: tuple[str, ...]
    slot = "RETREAT TO"

    def canonical(self) -> str:
        return f"RETREAT TO {_names(self.places)}"


@dataclass(frozen=True, slots=True)
class RetreatOn:
    """An unmoved own transport to retreat aboard, before the battle only (L2063)."""

    piece: str
    slot = "RETREAT ON"

    def canonical(self) -> str:
        return f"RETREAT ON {self.piece}"


@dataclass(frozen=True, slots=True)
class LastArmy:
    """The transport that keeps the last army (L1683-1685, L1699-1701)."""

    piece: str
    slot = "LAST ARMY"

    def canonical(self) -> str:
        return f"LAST ARMY ON {self.piece}"


@dataclass(frozen=True, slots=True)
class Help:
    """``HELP ALLIES YES|NO`` (defend with allies where I stand, L1732, L1840-1842) or
    ``HELP BARBARIANS YES|NO`` (join the barbarians' side, declaring war, L1826-1828)."""

    whom: str
    yes: bool

    def canonical(self) -> str:
        return f"HELP {self.whom} {'YES' if self.yes else 'NO'}"

    @property
    def slot(self) -> str:
        return f"HELP {self.whom}"


@dataclass(frozen=True, slots=True)
class Rank:
    """My place among several defenders (L1816, R104)."""

    n: int
    slot = "RANK"

    def canonical(self) -> str:
        return f"RANK {self.n}"


@dataclass(frozen=True, slots=True)
class React:
    """A card played when attacked (GUARDIA, MILIZIANO, CARPENTIERE; L1707), in one place or
    wherever the scope says."""

    card: str
    place: str | None = None

    def canonical(self) -> str:
        return f"REACT {self.card}" + (f" IN {self.place}" if self.place else "")

    @property
    def slot(self) -> str:
        return f"REACT {self.card}" + (f" IN {self.place}" if self.place else "")


@dataclass(frozen=True, slots=True)
class Capital:
    """The new capital if the capital falls (L2075, R113), by its territory."""

    territory: str
    slot = "CAPITAL"

    def canonical(self) -> str:
        return f"CAPITAL {self.territory}"


@dataclass(frozen=True, slots=True)
class Ask:
    """Faithful mode only: a defence step before the first round (§4.3, R101)."""

    slot = "ASK"

    def canonical(self) -> str:
        return "ASK"


@dataclass(frozen=True, slots=True)
class Clear:
    """Drop every standing clause of the scope."""

    slot = "CLEAR"

    def canonical(self) -> str:
        return "CLEAR"


PlanClause = Cards | Withdraw | Captains | Fort | Occupy | Taken | LossesOrder | After | Before | Reserves
DefenceClause = (
    RetreatBefore
    | RetreatDuring
    | RetreatTo
    | RetreatOn
    | Cards
    | LossesOrder
    | LossesFirst
    | LastArmy
    | Help
    | Rank
    | React
    | After
    | Capital
    | Ask
    | Clear
    | Reserves
)
PLAN_CLAUSES = (Cards, Withdraw, Captains, Fort, Occupy, Taken, LossesOrder, After, Before, Reserves)
DEFENCE_CLAUSES = (
    RetreatBefore,
    RetreatDuring,
    RetreatTo,
    RetreatOn,
    Cards,
    LossesOrder,
    LossesFirst,
    LastArmy,
    Help,
    Rank,
    React,
    After,
    Capital,
    Ask,
    Clear,
    Reserves,
)
