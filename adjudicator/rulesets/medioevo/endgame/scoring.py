"""The PO a power adds at the end of the game (seed 002 L2440-2452), one pure function a line.

Every line that counts territories counts only those held with enough armies not to risk a
rebellion (L2454, L2412): :func:`safe_territories`. Lines that read state other helpers add
(relics, the Antipope) read it through :func:`relics_in` and :func:`is_antipope`, which return
nothing until that state exists (docs/endgame.md)."""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.rulesets.medioevo.board import KingdomSize
from adjudicator.rulesets.medioevo.church.conversion import rebellion_rise
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import MedioevoState

REBELLION_VF = 5
"""L1082: a territory with fewer than 5 VF of its owner's armies is at risk of rebellion."""
LOWER_REBELLION, RAISE_REBELLION = ("legge",), ("vassallaggio", "feudalesimo")
"""L1082: LEGGE lowers the rebellion level by 1, VASSALLAGGIO and FEUDALESIMO raise it by 1 each."""
KINGDOM_PO = {KingdomSize.MINOR: 1, KingdomSize.LARGE: 2, KingdomSize.MAJOR: 3}
"""L2440-2442: a Minor (3-4 territories), Large (5-6) or Major (7) kingdom owned whole."""
TECHS_A_PO = 7  # L2443: every 7 technologies, 1 PO
TOP_TECH_LEVEL = 4  # L2444: each technology of the 4th level, 1 PO
PRISONERS_A_PO = 10  # L2446, example L2462: 28 prisoners, 2 PO
FLORINS_A_PO = 1000  # L2447
CB_A_PO = 5  # L2451, L732: 1 PO lost for every 5 CB one other player holds against you
GREEN_MISSING, YELLOW_HELD, RED_HELD, EMPIRE = -2.0, 0.5, 1.0, 3.0  # L2408-2414


def rebellion_threshold(state: MedioevoState, territory: str, data: DataSet) -> int:
    """The VF its owner needs in ``territory`` not to risk a rebellion (L1082, example L1098:
    LEGGE and a Tower leave 3 VF, LEGGE and a Castle 1 VF): :func:`threshold_of`."""
    held = state.territories[territory]
    techs = state.powers[held.owner].techs if held.owner in state.powers else ()
    rise = rebellion_rise(state, held.owner) if held.owner else 0  # RELIGIONE BIZANTINO (L3218)
    return threshold_of(techs, held.usable(), data) + rise


def threshold_of(techs: Iterable[str], buildings: Iterable[str], data: DataSet) -> int:
    """5 VF (L1082), -1 with LEGGE, +1 for each of VASSALLAGGIO and FEUDALESIMO, less the level
    of the working fortification among ``buildings`` (a Tower 1, a Castle 3: L1098)."""
    owned = set(techs)
    level = max(
        (data.buildings[b].level for b in buildings if data.buildings[b].category == "fortification"),
        default=0,
    )
    return (
        REBELLION_VF
        - len(owned.intersection(LOWER_REBELLION))
        + len(owned.intersection(RAISE_REBELLION))
        - level
    )


def safe_territories(state: MedioevoState, power: str, data: DataSet) -> frozenset[str]:
    """The territories ``power`` owns with enough of its own armies not to risk a rebellion: the
    only ones that count for PO at the end (L2454, L2412)."""
    return frozenset(
        t
        for t in state.owned_by(power)
        if state.territories[t].armies.get(power, 0) >= rebellion_threshold(state, t, data)
    )


def kingdoms_po(state: MedioevoState, power: str, data: DataSet) -> tuple[float, str]:
    """L2440-2442: 1, 2 or 3 PO for each Minor, Large or Major kingdom whose every territory the
    power holds safely (its own starting kingdom included, ruling R328)."""
    safe = safe_territories(state, power, data)
    owned = [
        (kid, KINGDOM_PO[k.size])
        for kid, k in data.board.kingdoms.items()
        if k.size in KINGDOM_PO and set(data.board.territories_of(kid)) <= safe
    ]
    return float(sum(po for _, po in owned)), ", ".join(kid for kid, _ in owned)


def technologies_po(state: MedioevoState, power: str, data: DataSet) -> tuple[float, str]:
    """L2443: 1 PO for every 7 technologies."""
    count = len(state.powers[power].techs)
    return float(count // TECHS_A_PO), f"{count} technologies"


def top_technologies_po(state: MedioevoState, power: str, data: DataSet) -> tuple[float, str]:
    """L2444: 1 PO for each technology of the 4th level."""
    top = [t for t in state.powers[power].techs if data.technologies[t].level == TOP_TECH_LEVEL]
    return float(len(top)), ", ".join(top)


def objective_po(state: MedioevoState, power: str, data: DataSet) -> tuple[float, str]:
    """L2408-2414 (examples L2388-2392): -2 PO for each green territory missing, +1/2 for each
    yellow, +1 for each red one held safely; all 21 held: the Empire, +3 PO."""
    card_id = state.powers[power].objective
    if card_id is None:
        return 0.0, "no objective card"
    card = data.objectives[card_id]
    safe = safe_territories(state, power, data)
    green = sum(1 for t in card.green if t in safe)
    yellow = sum(1 for t in card.yellow if t in safe)
    red = sum(1 for t in card.red if t in safe)
    points = (len(card.green) - green) * GREEN_MISSING + yellow * YELLOW_HELD + red * RED_HELD
    empire = green + yellow + red == len(card.green) + len(card.yellow) + len(card.red)
    detail = f"{card.name}: green {green}/{len(card.green)}, yellow {yellow}, red {red}"
    return points + (EMPIRE if empire else 0.0), detail + (", the Empire" if empire else "")


def prisoners_po(state: MedioevoState, power: str, data: DataSet) -> tuple[float, str]:
    """L2446 (example L2462: 7 + 5 + 16 = 28 prisoners, 2 PO): 1 PO for every 10, all captors'
    prisoners of every power together."""
    count = sum(state.powers[power].prisoners.values())
    return float(count // PRISONERS_A_PO), f"{count} prisoners"


def florins_po(state: MedioevoState, power: str, data: DataSet) -> tuple[float, str]:
    """L2447: 1 PO for every 1000 florins."""
    florins = state.powers[power].florins
    return float(florins // FLORINS_A_PO), f"{florins} florins"


def relics_in(state: MedioevoState, territory: str) -> int:
    """The relics kept in ``territory``'s Cathedral (L1076-1080; phase 7's markers,
    events_phase/records.py)."""
    return sum(1 for r in state.relics if r.cathedral and r.territory == territory)


def cathedrals_po(state: MedioevoState, power: str, data: DataSet) -> tuple[float, str]:
    """L2448, L1080: 1 PO for each Cathedral in a territory held safely, 2 if it holds a Relic."""
    safe = sorted(safe_territories(state, power, data))
    held = [t for t in safe if "cathedral" in state.territories[t].buildings]
    relics = [t for t in held if relics_in(state, t) > 0]
    return float(len(held) + len(relics)), ", ".join(held)


def religious_capitals_po(state: MedioevoState, power: str, data: DataSet) -> tuple[float, str]:
    """L2449: 1 PO for each religious capital held safely (the board's, L237)."""
    safe = safe_territories(state, power, data)
    capitals = {c.territory for c in data.board.religious_capitals.values()}
    if state.church is not None and state.church.antipope_capital:  # the Antipope's 4th (L2221)
        capitals.add(state.church.antipope_capital)
    held = sorted(t for t in capitals if t in safe)
    return float(len(held)), ", ".join(held)


def is_antipope(state: MedioevoState, power: str) -> bool:
    """Whether ``power`` is the Antipope (L2221; the Church's record, church/records.py)."""
    return state.church is not None and state.church.antipope == power


def pope_po(state: MedioevoState, power: str, data: DataSet) -> tuple[float, str]:
    """L2450: 1 PO for being the Pope or the Antipope."""
    if state.powers[power].pope:
        return 1.0, "the Pope"
    return (1.0, "the Antipope") if is_antipope(state, power) else (0.0, "")


def casus_belli_po(state: MedioevoState, power: str, data: DataSet) -> tuple[float, str]:
    """L2451, L754, example L732 (4 CB to one player and 7 to another: 1 PO lost): -1 PO for
    every 5 CB one other power holds against ``power``, counted creditor by creditor."""
    owed = {q: state.powers[q].casus_belli.get(power, 0) for q in state.seats() if q != power}
    lost = sum(cb // CB_A_PO for cb in owed.values())
    detail = ", ".join(f"{cb} CB to {q}" for q, cb in owed.items() if cb)
    return float(-lost), detail


def loans_po(state: MedioevoState, power: str, data: DataSet) -> tuple[float, str]:
    """L919: -1 PO for each loan not repaid at the end of the game."""
    loans = len(state.powers[power].loans)
    return float(-loans), f"{loans} loans"
