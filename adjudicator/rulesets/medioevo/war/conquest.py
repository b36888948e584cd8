"""Conquest of territories, settlements, transports and capitals (seed 002 L1679-1685,
L1844-1862, L2071-2083, L2427-2438; digest §2.10, A-11, A-44, A-59, A-60).

* A territory is conquered when none of the defender's VF is left facing the attacker (L1679);
  the attacker must occupy it with at least 1 VF (L1846). Until the last defender falls nothing
  in it can be touched (L1681).
* What the beaten side leaves there (Captains, transports, siege engines, buildings) is dealt with
  piece by piece (L1848-1856): destroyed (+1 PO for each of a player's, L2427-2431; a barbarian
  Captain of level III 1 PO, the barbarians' other pieces nothing, L1852), sacked (half its value
  in florins, L1854) or conquered (settlements, siege engines, commercial and religious
  buildings, transports; fortifications too, A-11; never Captains, L1854). What the conqueror's
  LT caps leave no room for cannot be conquered: it is sacked instead (ruling R158).
* At sea and in barbarian land each transport needs 1 VF to be defended; the ones beyond the
  defender's VF are ownerless and may be occupied (L1683-1685): :func:`protected`.
* A transport whose last VF falls is conquered the same way (L1858); the goods of a commercial
  transport destroyed or sacked are dropped on land, or at sea go to the winner's merchantmen in
  the zone or are lost (L1862, A-59): :func:`goods_fate`.
* A capital taken gives the conqueror 10 % of the victim's florins, rounded down (L2079, A-44);
  the victim makes another settlement its capital, the largest (then the first by id) by default.
* A religious capital taken: +1 PO to the conqueror, -2 PO to the loser (L2437-2438).
* A power whose last territory and last transport are gone is eliminated: whoever did it takes its
  Empire cards, technologies (no duplicates) and florins (L2083): :func:`elimination`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, SIEGE, Piece
from adjudicator.rulesets.medioevo.state import BARBARIANS

DISC_VALUE = 50  # each customisation disc adds its price (L859) to a piece's value
RELIGIOUS_CAPITAL_PO = (1, -2)  # L2437-2438: to the conqueror, to the loser


class Fate(StrEnum):
    DESTROY = "destroy"
    SACK = "sack"
    CONQUER = "conquer"


@dataclass(frozen=True)
class Spoil:
    """One thing of the beaten side in the conquered territory (or aboard the taken transport)."""

    label: str  # "castle", "galley 2", "captain 1"
    kind: str  # "building", a transport kind, "siege" or "captain"
    owner: str  # a power, or "barbarians"
    level: int
    value: int  # florins (the table's cost for its level, + 50 a disc, A-60)
    slot: str = ""  # the LT cap it would take when conquered ("galley", "siege"...); "" none


def spoils(data: DataSet, buildings: Sequence[str], owner: str, pieces: Sequence[Piece]) -> tuple[Spoil, ...]:
    """The spoils in a territory: its buildings (``owner``'s) and the beaten side's pieces."""
    out = [Spoil(b, "building", owner, data.buildings[b].level, data.buildings[b].cost) for b in buildings]
    for p in pieces:
        if p.kind == CAPTAIN:
            cost = data.captains[p.level].cost
        elif p.kind == SIEGE:
            cost = next(s.cost for s in data.siege_engines.values() if s.level == p.level)
        else:
            cost = next(t.cost for t in data.transports.values() if t.kind == p.kind and t.level == p.level)
            cost += DISC_VALUE * (p.pm + p.armies + p.goods)
        name = data.purchase_rules.piece_names.get(p.kind, (p.kind,))[0]
        slot = "" if p.kind == CAPTAIN else p.kind
        out.append(Spoil(f"{name} {p.number}", p.kind, p.owner, p.level, cost, slot))
    return tuple(out)


@dataclass(frozen=True)
class Taken:
    spoil: Spoil
    fate: Fate
    po: int
    florins: int
    note: str = ""


def destroy_po(spoil: Spoil) -> int:
    """PO for destroying ``spoil`` (L2427-2431, L1852)."""
    if spoil.owner == BARBARIANS:
        return 1 if spoil.kind == CAPTAIN and spoil.level == 3 else 0
    return 1


def dispose(
    spoils_: Sequence[Spoil],
    choices: Mapping[str, Fate],
    room: Mapping[str, int] = {},
    default: Fate = Fate.CONQUER,
    fallback: Fate = Fate.SACK,
) -> tuple[Taken, ...]:
    """Each spoil's fate, by label in ``choices`` (else ``default``). ``room``: how many more of
    each capped slot the conqueror may own (its LT caps); a spoil without room (ex L1836), or a
    Captain (L1854), cannot be conquered: it gets ``fallback`` (sacked unless told, R158)."""
    if fallback is Fate.CONQUER:
        raise ValueError("what cannot be conquered is destroyed or sacked (L1852-1854)")
    done = "destroyed" if fallback is Fate.DESTROY else "sacked"
    left = dict(room)
    out: list[Taken] = []
    for s in spoils_:
        fate, note = choices.get(s.label, default), ""
        if fate is Fate.CONQUER and s.kind == CAPTAIN:
            fate, note = fallback, f"a Captain cannot be conquered (L1854): {done}"
        elif fate is Fate.CONQUER and s.slot and s.slot in left:
            if left[s.slot] <= 0:
                word = s.label.rpartition(" ")[0] or s.slot  # "cart", as orders name it
                fate, note = fallback, f"no room under the LT cap for another {word} (ex L1836): {done}"
            else:
                left[s.slot] -= 1
        po = destroy_po(s) if fate is Fate.DESTROY else 0
        florins = s.value // 2 if fate is Fate.SACK else 0
        out.append(Taken(s, fate, po, florins, note))
    return tuple(out)


def occupation_refusal(vf_available: int, occupy: int) -> str | None:
    """The conqueror must occupy with at least 1 VF (L1846), no more than it has there."""
    if occupy < 1:
        return "a conquered territory must be occupied with at least 1 VF (L1846)"
    if occupy > vf_available:
        return f"only {vf_available} VF can occupy it, not {occupy}"
    return None


def protected(transports: Sequence[str], vf: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """At sea or in barbarian land (L1683-1685): the transports ``vf`` VF still protect, one VF
    each, in the owner's order of preference (ex L1699-1701), and the ones left ownerless."""
    keep = max(0, vf)
    return tuple(transports[:keep]), tuple(transports[keep:])


def goods_fate(fate: Fate, at_sea: bool, winner_merchant_here: bool) -> str:
    """What happens to a commercial transport's goods (L1862, A-59): conquered with it; dropped in
    the territory (anyone may load them by the end of next turn); at sea, loaded by the winner's
    merchantmen in the zone, or lost."""
    if fate is Fate.CONQUER:
        return "conquered"
    if not at_sea:
        return "dropped"
    return "winner_may_load" if winner_merchant_here else "lost"


def capital_tribute(victim_florins: int) -> int:
    """The conqueror of a capital takes 10 % of the victim's florins, rounded down (L2079, A-44)."""
    return max(0, victim_florins) // 10


def new_capital(settlements: Mapping[str, int]) -> str | None:
    """The victim's new capital by default (L2075-2077, A-44): its largest settlement, then the
    first by territory id; None when it has none (it may build one in any territory it owns)."""
    if not settlements:
        return None
    return min(settlements, key=lambda t: (-settlements[t], t))


@dataclass(frozen=True)
class Inheritance:
    cards: tuple[str, ...]
    techs: tuple[str, ...]  # only those the heir lacks
    florins: int


def eliminated(territories: int, transports: int) -> bool:
    """A power is out when its last territory and last transport are gone (L2083)."""
    return territories == 0 and transports == 0


def elimination(
    victim_cards: Sequence[str], victim_techs: Sequence[str], victim_florins: int, heir_techs: Sequence[str]
) -> Inheritance:
    """What the eliminating power takes (L2083): every Empire card, the technologies it lacks
    ("quelle doppie non contano"), every florin."""
    return Inheritance(
        tuple(victim_cards), tuple(t for t in victim_techs if t not in heir_techs), max(0, victim_florins)
    )
