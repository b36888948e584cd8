"""Phase 6, reinforcements (seed 002, L962-1006).

Implemented: every line of the reinforcement sheet (L992-1004) that needs no order:

* the home kingdom's territories still held, at most 7 (L982, L994);
* each other kingdom held whole, by size: Small 1, Minor 2, Large 3, Major 4 (L982);
* 2 VF per religious capital held (the sheet, L995; the board data's ``religious_capitals``);
* the Golden Horde's 1 VF per 3 Russian principalities no player occupies (L990, L996);
* FANATISMO's free VF every turn (L987, L2902, ex L2864);
* FEUDALESIMO's VF per Castle (L989, L3036, ex L3002).

The technologies' amounts are their ``params`` in ``technologies.toml`` (``free_vf_per_turn``,
``vf_per_castle``); each technology's line of ``items`` carries its name. Not here: INVESTITURA's
optional VF bought for 15 florins (L988, L3024, ex L2998) and MERCENARIO (L986, ex L972), which
need orders, CARDINALE and CAVALIERE (cards), FANATISMO's +5 VF to a CROCIATA participant
(L987, L1474; the crusade comes with the events), and the exchange and ransom of prisoners
(L1006), which come with combat.
"""

from __future__ import annotations

from adjudicator.core.events import Event
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo.board import Board, KingdomSize
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events import ReinforcementsGranted
from adjudicator.rulesets.medioevo.phases.taxes import (
    HORDE,
    held_technologies,
    owned_with,
    unoccupied_principalities,
)
from adjudicator.rulesets.medioevo.state import MedioevoState

HOME_MAX = 7
KINGDOM_BONUS = {KingdomSize.SMALL: 1, KingdomSize.MINOR: 2, KingdomSize.LARGE: 3, KingdomSize.MAJOR: 4}
PER_RELIGIOUS_CAPITAL = 2
PRINCIPALITIES_PER_VF = 3
CASTLE = "castle"


def religious_capitals(state: MedioevoState, power: str, board: Board) -> int:
    """The religious capitals of the board standing in the power's territories (L995)."""
    return sum(
        1 for rc in board.religious_capitals.values() if state.territories[rc.territory].owner == power
    )


def reinforcements(state: MedioevoState, power: str, data: DataSet) -> dict[str, int]:
    """The reinforcement sheet's lines for one power: the base lines, then one line per
    technology that gives VF, named after it."""
    board = data.board
    held = state.powers[power]
    home = sum(1 for t in board.territories_of(held.kingdom) if state.territories[t].owner == power)
    items = {
        "home kingdom": min(home, HOME_MAX),
        "religious capitals": PER_RELIGIOUS_CAPITAL * religious_capitals(state, power, board),
    }
    if held.kingdom == HORDE:
        items["Russian principalities"] = unoccupied_principalities(state, board) // PRINCIPALITIES_PER_VF
    for kid, kingdom in board.kingdoms.items():
        members = board.territories_of(kid)
        if kid != held.kingdom and members and all(state.territories[t].owner == power for t in members):
            items[f"kingdom {kingdom.name}"] = KINGDOM_BONUS[kingdom.size]
    for tech in held_technologies(state, power, data):
        amount = int(tech.params.get("free_vf_per_turn", 0))
        amount += int(tech.params.get("vf_per_castle", 0)) * owned_with(state, power, CASTLE)
        if amount:
            items[tech.name] = amount
    return {k: v for k, v in items.items() if v}


def resolve(state: MedioevoState, data: DataSet) -> Resolution:
    events: list[Event] = []
    for power in state.acting_order():
        items = reinforcements(state, power, data)
        total = sum(items.values())
        state = state.with_power(power, reinforcements=state.powers[power].reinforcements + total)
        events.append(ReinforcementsGranted(power=power, items=items, total=total))
    return Resolution(state, tuple(events))
