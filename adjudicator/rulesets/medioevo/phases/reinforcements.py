"""Phase 6, reinforcements (seed 002, L962-1004).

Implemented: home-kingdom territories (at most 7, L982), whole other kingdoms by size (L982),
the Horde's principalities (L990), FANATISMO (L987) and FEUDALESIMO (L989). Paid extras
(MERCENARIO, INVESTITURA) and prisoners arrive with the economy issue.
"""

from __future__ import annotations

from adjudicator.core.events import Event
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo.board import Board, KingdomSize
from adjudicator.rulesets.medioevo.events import ReinforcementsGranted
from adjudicator.rulesets.medioevo.phases.taxes import HORDE, unoccupied_principalities
from adjudicator.rulesets.medioevo.state import MedioevoState

HOME_MAX = 7
KINGDOM_BONUS = {KingdomSize.SMALL: 1, KingdomSize.MINOR: 2, KingdomSize.LARGE: 3, KingdomSize.MAJOR: 4}


def reinforcements(state: MedioevoState, power: str, board: Board) -> dict[str, int]:
    held = state.powers[power]
    home = sum(1 for t in board.territories_of(held.kingdom) if state.territories[t].owner == power)
    items = {"home kingdom": min(home, HOME_MAX)}
    for kid, kingdom in board.kingdoms.items():
        members = board.territories_of(kid)
        if kid != held.kingdom and members and all(state.territories[t].owner == power for t in members):
            items[f"kingdom {kingdom.name}"] = KINGDOM_BONUS[kingdom.size]
    if held.kingdom == HORDE:
        items["Russian principalities"] = unoccupied_principalities(state, board) // 3
    if "fanatismo" in held.techs:
        items["FANATISMO"] = 2
    if "feudalesimo" in held.techs:
        items["FEUDALESIMO"] = sum(
            1 for t in state.owned_by(power) if "castle" in state.territories[t].buildings
        )
    return {k: v for k, v in items.items() if v}


def resolve(state: MedioevoState, board: Board) -> Resolution:
    events: list[Event] = []
    for power in state.acting_order():
        items = reinforcements(state, power, board)
        total = sum(items.values())
        state = state.with_power(power, reinforcements=state.powers[power].reinforcements + total)
        events.append(ReinforcementsGranted(power=power, items=items, total=total))
    return Resolution(state, tuple(events))
