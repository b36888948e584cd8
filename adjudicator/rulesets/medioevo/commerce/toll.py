"""ESATTORE, the toll collector (seed 002 L2636-2638, ex L2598-2602, L3040, L2920; ruling R298).

"ESATTORE (Commercio): ottieni 1 fiorino per ogni merce di passaggio nei tuoi territori se
possiedi MATEMATICA, 3 fiorini se possiedi MERCATO. Non cumulabile con altri ESATTORI, da
conservare." The card is kept: while a power holds it (one counts, however many copies) with
MATEMATICA or MERCATO, the bank pays it, in every commerce phase, for each good of another power

* aboard a transport whose commerce move enters one of its territories (a port of it for a ship)
  or crosses a strait with a shore of it (ex L2600: 30 goods through the Bosporus, 90 Florins),
  once a move however many of its lands the move passes;
* bought or sold at a settlement of it (ex L2602: 20 cloth sold and 20 salt bought at
  Constantinople, 60 Florins each).

A power's own goods pay it nothing (R298). Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.commerce.events import TollCollected
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.phases.card_play import ladder_step
from adjudicator.rulesets.medioevo.state import MedioevoState

ESATTORE = "esattore"


def rate(data: DataSet, state: MedioevoState, power: str) -> int:
    """The Florins a good ``power`` earns with ESATTORE: 1 with MATEMATICA, 3 with MERCATO
    (L2636, the card's ladder); 0 without the card in hand or either technology."""
    held = state.powers[power]
    if ESATTORE not in held.cards:
        return 0
    card = data.cards[ESATTORE]
    step = ladder_step(held.techs, card.ladder)
    return int(card.values[step - 1]) if step else 0


def _passage(data: DataSet, state: MedioevoState, holder: str, path: Sequence[str]) -> str | None:
    """How a move along ``path`` passes ``holder``'s lands: a territory of it entered, or a strait
    with a shore of it crossed (by land or by sea); None if it does not."""
    board, owned = data.board, state.territories
    for a, b in pairwise(path):
        ends = {a, b}
        for strait in board.straits.values():
            if ends in (set(strait.shores), set(strait.seas)) and any(
                s in owned and owned[s].owner == holder for s in strait.shores
            ):
                return f"across the {strait.name}"
        if b in owned and owned[b].owner == holder:
            return f"through {board.territories[b].name}"
    return None


def _pay(
    state: MedioevoState, holder: str, payer: str, goods: int, each: int, how: str
) -> tuple[MedioevoState, Event]:
    total = goods * each
    florins = state.powers[holder].florins + total
    state = state.with_power(holder, florins=florins).evolve(bank=state.bank - total)
    return state, TollCollected(power=holder, payer=payer, goods=goods, rate=each, how=how, florins=florins)


def _holders(data: DataSet, state: MedioevoState, payer: str) -> list[tuple[str, int]]:
    found = ((p, rate(data, state, p)) for p in state.acting_order() if p != payer)
    return [(p, r) for p, r in found if r]


def transit_tolls(
    state: MedioevoState, data: DataSet, payer: str, path: Sequence[str], goods: int
) -> tuple[MedioevoState, list[Event]]:
    """Each holder's toll on ``goods`` of ``payer`` moved along ``path`` in commerce."""
    events: list[Event] = []
    if goods <= 0:
        return state, events
    for holder, each in _holders(data, state, payer):
        how = _passage(data, state, holder, path)
        if how is not None:
            state, event = _pay(state, holder, payer, goods, each, how)
            events.append(event)
    return state, events


def trade_toll(
    state: MedioevoState, data: DataSet, payer: str, territory: str, goods: int
) -> tuple[MedioevoState, list[Event]]:
    """The toll of the holder whose settlement ``payer`` just traded ``goods`` at (ex L2602)."""
    owner = state.territories[territory].owner if territory in state.territories else None
    each = rate(data, state, owner) if owner in state.powers and owner != payer else 0
    if not owner or not each or goods <= 0:
        return state, []
    place = data.board.territories[territory].name
    state, event = _pay(state, owner, payer, goods, each, f"traded at {place}")
    return state, [event]
