"""The siege of a fortification, turn by turn (seed 002 L1908-2002; digest §2.11.3).

A siege may be declared (L1910, L1924) when the defender has a fortification, no defender is left
outside its walls (the field battle against them comes first, L1922: its outcome is this module's
input), and the besieger has more VF than the besieged (A-52) and at least one siege engine (MdA;
one is enough, on either route, L1998). Its sub-phases (L1912-1918):

1. the field battle outside (1st siege turn only: the caller's ``war/battle.py``);
2. artillery (every siege turn, when both sides have MdA, L1926-1930);
3. reduction (from the 2nd siege turn, L1950-1956), or the walls fall at once when the siege
   value is at least twice their resistance (L1946; Costantinopoli needs 2 Bombarde, L1948);
4. a field battle against the defenders the smaller walls no longer hold (from the 2nd turn);
5. attrition at the end of each turn from the 2nd (L1960-1962): :func:`attrition`.

The state records a siege as ``Siege(territory, by, since)`` (rulings R82, R151): its siege turn is
``turn - since + 1``. Everything else is an input here, so the lead wires it to the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.state import Siege
from adjudicator.rulesets.medioevo.war.fortress import capacity

SIEGE_VALUE = {1: 1, 2: 2, 3: 3}  # L1934-1938: Catapulta 1, Trabucco 2, Bombarda 3 (by MdA level)
ARTILLERY_DIE = 6  # L1926: 1d6 per MdA
ARTILLERY_HIT = {1: 6, 2: 5, 3: 4}  # L1926-1928: the least d6 that destroys an enemy MdA
BOMBARD = 3


class Route(StrEnum):
    """How a (coastal) fortification is besieged (L1968-1970, L1994-1996)."""

    LAND = "land"
    SEA = "sea"
    BOTH = "both"


def blocks(route: Route | None, way: str) -> bool:
    """Whether a siege by ``route`` stops transports leaving or entering by ``way`` ("land" or
    "sea"): a land siege shuts the land side only, a sea siege the sea side (ex L1974: Tunisi
    besieged by sea lets a caravan go, keeps a merchantman), a siege by both shuts both."""
    return route is Route.BOTH or (route is not None and route.value == way)


def siege_value(engines: Sequence[int]) -> int:
    """The sum of the besieger's MdA values ("cumulabili", L1956), engines given by level."""
    return sum(SIEGE_VALUE[e] for e in engines)


def siege_turn(siege: Siege, turn: int) -> int:
    """The siege turn of game turn ``turn``: 1 in the turn it was declared (A-15)."""
    return turn - siege.since + 1


@dataclass(frozen=True)
class Besieger:
    power: str
    vf: int  # in the territory and aboard its transports there
    engines: tuple[int, ...]  # the MdA, by level, in the order the owner would lose them last
    logistica: bool = False  # L1962: attrition 10 % less
    harms: int = 0  # ALCHIMIA, GENIO with INGEGNERIA: 1 more attrition loss each to the other (L1962)


@dataclass(frozen=True)
class Besieged:
    power: str
    vf: int  # every defending VF in the territory, inside the walls or not
    engines: tuple[int, ...] = ()
    logistica: bool = False
    harms: int = 0


@dataclass(frozen=True)
class Ground:
    territory: str
    level: int  # the fortification's level now (1 Torre, 2 Fortilizio, 3 Castello)
    desert: bool = False  # L1960: 10 % more attrition
    constantinople: bool = False  # L1948
    route: Route = Route.LAND


@dataclass(frozen=True)
class Artillery:
    """One exchange of artillery (L1926-1930): each side's rolls, and the MdA left to each."""

    besieger_rolls: tuple[int, ...]
    besieged_rolls: tuple[int, ...]
    besieger_engines: tuple[int, ...]
    besieged_engines: tuple[int, ...]


def _hits(engines: Sequence[int], rolls: Sequence[int]) -> int:
    return sum(1 for e, r in zip(engines, rolls, strict=True) if r >= ARTILLERY_HIT[e])


def _lose(engines: Sequence[int], hits: int) -> tuple[int, ...]:
    """The MdA left after ``hits``: the roller picks, the strongest first (A-14, ruling R152)."""
    ordered = sorted(engines, reverse=True)
    return tuple(sorted(ordered[hits:], reverse=True))


def artillery(dice: Dice, label: str, besieger: Sequence[int], besieged: Sequence[int]) -> Artillery:
    """Both sides roll 1d6 for each of their MdA, the besieger first, engine by engine (purposes
    ``{label} artillery besieger`` / ``besieged``); the hits land together (A-14). Nothing is
    rolled unless both sides have MdA (L1926)."""
    if not besieger or not besieged:
        return Artillery((), (), tuple(besieger), tuple(besieged))
    a = tuple(dice.roll(ARTILLERY_DIE, f"{label} artillery besieger") for _ in besieger)
    d = tuple(dice.roll(ARTILLERY_DIE, f"{label} artillery besieged") for _ in besieged)
    return Artillery(a, d, _lose(besieger, _hits(besieged, d)), _lose(besieged, _hits(besieger, a)))


def falls_at_once(engines: Sequence[int], level: int, constantinople: bool = False) -> bool:
    """L1946-1948: a siege value at least twice the walls' resistance (their level) brings them
    down at once; at Costantinopoli only with 2 Bombarde among the MdA (ruling R153)."""
    if level and constantinople and sum(1 for e in engines if e == BOMBARD) < 2:
        return False
    return siege_value(engines) >= 2 * level


def reduced(level: int, engines: Sequence[int]) -> int:
    """The walls after one reduction (L1950-1956, A-12b): level minus the siege value, 0 = gone.
    A catapult turns a Castello into a Fortilizio, then a Torre (ex L1972); a catapult and a
    trebuchet bring a Castello down in one turn (L1956)."""
    return max(0, level - siege_value(engines))


def refusal(
    besieger: Besieger, besieged: Besieged, level: int, declaring: bool = True, engineless: bool = False
) -> str | None:
    """Why no siege can be declared (or go on, ``declaring=False``) now, or None (L1910, L1924,
    L1998, ex L1984). Superiority counts the besieged inside the walls (A-52, R160): at the
    declaration no defender may be left outside (L1922); later, those the walls no longer hold are
    fought in the siege turn's field battle (L1958). ``engineless``: the variant ASSEDIO SENZA
    MACCHINE DI ASSEDIO (L3220-3222) is on, and a siege needs no engine."""
    if level == 0:
        return "there is no fortification to besiege (L1910)"
    outside = besieged.vf - capacity(level)
    if declaring and outside > 0:
        return f"{outside} VF stand outside the walls: beat them in a field battle first (L1922)"
    if not besieger.engines and not engineless:
        return "a siege needs at least one siege engine (L1924, L1998): assault or abandon"
    inside = min(besieged.vf, capacity(level))
    if besieger.vf <= inside:
        return (
            f"{besieger.vf} VF are not more than the {inside} besieged (L1924, ex L1984): "
            "bring reinforcements, assault or abandon"
        )
    return None


class Decision(StrEnum):
    """The besieger's choice at the start of a siege turn after the first (L1950, L1966)."""

    CONTINUE = "continue"
    ASSAULT = "assault"
    ABANDON = "abandon"


class Outcome(StrEnum):
    REFUSED = "refused"  # no siege (declared) or it cannot go on: ``reason`` says why
    ONGOING = "ongoing"
    FELL = "fell"  # the walls are gone: the final field battle against every defender follows
    FIELD_BATTLE = "field_battle"  # the walls shrank: a field battle against ``outside_vf`` follows
    ASSAULT = "assault"  # the besieger turns to an assault (``war/fortress.py``)
    ABANDONED = "abandoned"  # the Captain loses 1 level (L1780)


@dataclass(frozen=True)
class SiegeTurn:
    outcome: Outcome
    level: int  # the fortification's level after this turn's reduction
    besieger_engines: tuple[int, ...]
    besieged_engines: tuple[int, ...]
    artillery: Artillery | None = None
    outside_vf: int = 0  # defenders the walls no longer hold
    reason: str = ""
    captain_levels_lost: int = 0


def _result(outcome: Outcome, ground: Ground, a: Besieger, d: Besieged, reason: str = "") -> SiegeTurn:
    return SiegeTurn(outcome, ground.level, a.engines, d.engines, reason=reason)


def siege_step(
    dice: Dice,
    label: str,
    ground: Ground,
    number: int,
    besieger: Besieger,
    besieged: Besieged,
    decision: Decision = Decision.CONTINUE,
    engineless: bool = False,
) -> SiegeTurn:
    """The start of siege turn ``number`` in the besieger's Combat (1 = the turn it is declared,
    after the field battle outside). Rolls are named ``{label} turn N ...``. With ``engineless``
    (the variant ASSEDIO SENZA MACCHINE DI ASSEDIO, L3220-3222) a besieger without engines lays
    and keeps its siege with no artillery and no reduction: only the attrition wears the besieged
    down (ex L3238: 3 VF behind a Torre fall in the 4th turn)."""
    if number > 1 and decision is Decision.ABANDON:
        return SiegeTurn(
            Outcome.ABANDONED,
            ground.level,
            besieger.engines,
            besieged.engines,
            reason="the besieger abandons the siege (L1966, L1780)",
            captain_levels_lost=1,
        )
    if number > 1 and decision is Decision.ASSAULT:
        return _result(Outcome.ASSAULT, ground, besieger, besieged, "the besieger assaults the walls (L1966)")
    why = refusal(besieger, besieged, ground.level, declaring=number == 1, engineless=engineless)
    if why is not None:
        return _result(Outcome.REFUSED, ground, besieger, besieged, why)
    if not besieger.engines:  # only with ``engineless``: refusal() stops it otherwise
        why = "a siege without siege engines: only attrition (variant, L3222)"
        return _result(Outcome.ONGOING, ground, besieger, besieged, why)
    shots = artillery(dice, f"{label} turn {number}", besieger.engines, besieged.engines)
    left, theirs = shots.besieger_engines, shots.besieged_engines
    if not left:
        return SiegeTurn(
            Outcome.REFUSED,
            ground.level,
            left,
            theirs,
            shots,
            reason="the besieger has no siege engine left (L1930, A-14): assault or abandon",
        )
    if falls_at_once(left, ground.level, ground.constantinople):
        return SiegeTurn(
            Outcome.FELL,
            0,
            left,
            theirs,
            shots,
            besieged.vf,
            f"siege value {siege_value(left)} is at least twice the resistance {ground.level} (L1946)",
        )
    if number == 1:
        return SiegeTurn(
            Outcome.ONGOING, ground.level, left, theirs, shots, reason="the siege is declared (L1924)"
        )
    level = reduced(ground.level, left)
    if level == 0:
        return SiegeTurn(
            Outcome.FELL, 0, left, theirs, shots, besieged.vf, "the walls are reduced to nothing (L1954)"
        )
    outside = max(0, besieged.vf - capacity(level))
    outcome = Outcome.FIELD_BATTLE if outside else Outcome.ONGOING
    return SiegeTurn(
        outcome, level, left, theirs, shots, outside, f"the walls are reduced to level {level} (L1952)"
    )


def attrition_loss(vf: int, desert: bool, logistica: bool, harmed: int) -> int:
    """VF one side loses to attrition (L1960-1962): 10 % rounded down, at least 1, 10 % more in a
    DESERTO, 10 % less with LOGISTICA (so none outside the desert, A-3, ruling R154), plus 1 for
    each ALCHIMIA or GENIO with INGEGNERIA of the other side; never more than it has."""
    pct = 10 + (10 if desert else 0) - (10 if logistica else 0)
    loss = max(1, vf * pct // 100) if pct > 0 else 0
    return min(vf, loss + harmed)


@dataclass(frozen=True)
class Attrition:
    besieger_loss: int
    besieged_loss: int


def attrition(ground: Ground, number: int, besieger: Besieger, besieged: Besieged) -> Attrition:
    """End of siege turn ``number``: both sides lose to attrition from the 2nd turn on (L1960,
    ex L1978: 15 and 10 VF at a Fortilizio lose 1 each)."""
    if number < 2:
        return Attrition(0, 0)
    return Attrition(
        attrition_loss(besieger.vf, ground.desert, besieger.logistica, besieged.harms),
        attrition_loss(besieged.vf, ground.desert, besieged.logistica, besieger.harms),
    )


@dataclass(frozen=True)
class Relief:
    """A force that tries to break a siege (L2000-2002): from inside the walls or from outside."""

    location: str
    captains: int
    vf: int = 0
    galleys: int = 0


def relief_refusal(force: Relief, route: Route, against: str) -> str | None:
    """Why ``force`` cannot attack the besiegers' ``against`` side ("land" armies or "sea" fleet),
    or None. Every attacking army needs its own Captain (L2000); against a siege by sea the
    besieged fight a naval battle with the ships in port and/or a relief fleet, each fleet with its
    Captain (L2002): a fleet sails out only where galleys and a Captain are together (ex L1992:
    a Captain alone in Costantinopoli cannot, the Captain with 2 galleys at Caffa can; ex L1986)."""
    if not blocks(route, against):
        return f"no besieger stands by {against} (the siege is by {route.value})"
    if force.captains == 0:
        return f"no Captain at {force.location}: every attacking army needs its own (L2000)"
    if against == "sea" and force.galleys == 0:
        return (
            f"no galley at {force.location}: a fleet sails out only with galleys and a Captain "
            "(L2002, ex L1992)"
        )
    if force.vf == 0:
        return f"no VF at {force.location} to attack with"
    return None
