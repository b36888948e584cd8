"""Distant ports (PORTI LONTANI, seed 002 L2394-2400, ex L2386, L274, L1614; ruling R300).

"Durante l'Acquisto si possono acquistare i tasselli porti lontani per 100 Fiorini, che verranno
posizionati durante il Posizionamento. Un porto lontano può essere posizionato in un qualsiasi
territorio costiero che non contenga già un porto ed è considerato un porto a tutti gli effetti."

* ``BUY DISTANT PORT IN <territory>`` in purchases: the board's price (``features.toml``
  ``distant_ports.price``), paid to the bank; any coastal territory, one's own or not (L2398: "un
  qualsiasi territorio costiero"), without a printed port or another tile, while the box has
  tiles left (``markers``). Purchases and positioning share the economy window, so the territory
  is named with the purchase and the tile waits, unplaced, until positioning (R300).
* Positioning (phase 8) puts the tiles down, before the armies: from then on it is a port for all
  (movement into and out of port, loading at 1 PM, L2400; trade at the settlement there, ex
  L2386: Jerusalem by sea through a port in Judea).

The tiles are ``MedioevoState.distant_ports`` (left out of the JSON while none). Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.commerce.records import DistantPort
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.event_privacy import PowerPrivate
from adjudicator.rulesets.medioevo.orders import PURCHASES
from adjudicator.rulesets.medioevo.state import MedioevoState

WORDS = ("DISTANT PORT", "PORTO LONTANO")


@dataclass(frozen=True, slots=True)
class BuyDistantPort(Order):
    """A distant-port tile bought for ``territory``, put down at positioning (L2396-2398)."""

    phase: ClassVar[str] = PURCHASES
    territory: str

    def canonical(self) -> str:
        return f"BUY DISTANT PORT IN {self.territory}"


class DistantPortBought(PowerPrivate):
    """Private until it is placed, as every purchase is (R7)."""

    kind: ClassVar[str] = "mu-port-bought"
    territory: str
    cost: int

    def summary(self) -> str:
        return f"{self.power} buys a distant port for {self.territory} for {self.cost} florins (L2396)"


class DistantPortPlaced(Event):
    """Public: the tile on the map (L2396-2398)."""

    kind: ClassVar[str] = "mu-port-placed"
    power: str
    territory: str

    def summary(self) -> str:
        return f"{self.power} places a distant port in {self.territory}: a port for all (L2398)"


def in_force(state: MedioevoState) -> frozenset[str]:
    """The territories whose distant port is on the map (movement's ``World``)."""
    return frozenset(p.territory for p in state.distant_ports if p.placed)


def port_problem(state: MedioevoState, data: DataSet, power: str, territory: str) -> tuple[str | None, int]:
    """Why ``power`` may not buy a tile for ``territory`` now, and its price."""
    tiles = data.board.distant_ports
    if tiles is None:
        return "this board has no distant ports", 0
    place = data.board.territories[territory]
    if not place.seas:
        return f"{place.name} is not on the coast (L2398)", 0
    if place.port or any(p.territory == territory for p in state.distant_ports):
        return f"{place.name} has a port already (L2398)", 0
    if len(state.distant_ports) >= tiles.markers:
        return f"all {tiles.markers} distant-port tiles are in play (L274)", 0
    if state.powers[power].florins < tiles.price:
        return f"a distant port costs {tiles.price} florins; you have {state.powers[power].florins}", 0
    return None, tiles.price


def buy(state: MedioevoState, power: str, order: BuyDistantPort, cost: int) -> tuple[MedioevoState, Event]:
    """The tile bought, waiting for positioning (the price is paid by the purchases phase)."""
    tile = DistantPort(territory=order.territory, owner=power, bought=state.turn)
    event = DistantPortBought(power=power, territory=order.territory, cost=cost)
    return state.evolve(distant_ports=(*state.distant_ports, tile)), event


def place_all(state: MedioevoState) -> tuple[MedioevoState, list[Event]]:
    """Positioning puts every tile bought this turn on the map (L2396)."""
    waiting = [p for p in state.distant_ports if not p.placed]
    if not waiting:
        return state, []
    tiles = tuple(p.model_copy(update={"placed": True}) for p in state.distant_ports)
    events: list[Event] = [DistantPortPlaced(power=p.owner, territory=p.territory) for p in waiting]
    return state.evolve(distant_ports=tiles), events
