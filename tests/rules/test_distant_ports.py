"""Distant ports (adjudicator/rulesets/medioevo/distant_ports.py; seed 002 L2394-2400, ex L2386;
ruling R300): bought in purchases, placed at positioning, then a port for everyone."""

from __future__ import annotations

from typing import cast

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.calamity.common import Work
from adjudicator.rulesets.medioevo.calamity.storm import nearest_port
from adjudicator.rulesets.medioevo.commerce.orders import Handle, Trade, Voyage
from adjudicator.rulesets.medioevo.commerce.records import DistantPort
from adjudicator.rulesets.medioevo.commerce.resolve import resolve as commerce
from adjudicator.rulesets.medioevo.distant_ports import DistantPortPlaced
from adjudicator.rulesets.medioevo.orders import PLACEMENT
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.report_ledger import ledger
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.war.movement_state import world_of
from tests.rules.economy_window import refused
from tests.rules.test_piece_purchases import RULES, SEED, buy, economy
from tests.rules.war_states import war_state

DATA = RULES.data


def test_the_mamluk_places_a_distant_port_in_judea_and_trades_with_jerusalem_by_sea() -> None:
    """Ex L2386: "Il giocatore mameluco posiziona un porto lontano in Giudea: ora è possibile
    commerciare via mare con Gerusalemme". L2396: bought in purchases for 100 florins, placed at
    positioning; L2398: a port for all purposes."""
    state = economy("mamluks", 1)
    florins = state.powers["mamluks"].florins
    state, notes = buy(state, "mamluks", "BUY DISTANT PORT IN Giudea")
    assert notes == {"BUY DISTANT PORT IN giudea": "paid 100 florins"}
    assert state.powers["mamluks"].florins == florins - 100
    assert state.distant_ports == (DistantPort(territory="giudea", owner="mamluks", bought=1),)
    assert not world_of(DATA, state).has_port("giudea")  # not before positioning (L2396)
    placed = RULES.resolve(state, PLACEMENT, {}, Dice(SEED, "T1.placement"))
    after = cast(MedioevoState, placed.state)
    assert [e.territory for e in placed.events if isinstance(e, DistantPortPlaced)] == ["giudea"]
    assert world_of(DATA, after).has_port("giudea") and after.distant_ports[0].placed
    assert ledger(placed.events, "mamluks", 0).rows  # the positioning tells it; the purchase is private


def test_a_ship_docks_loads_and_trades_at_a_distant_port() -> None:
    """L2400: ships may dock where a distant port stands (not stay at sea), and loading costs as
    with a settlement (1 PM, L1614); ex L2386: trade at Jerusalem from the sea."""
    towns = {"giudea": TerritoryState(owner="mamluks", buildings=("city",))}
    ship = Piece(owner="mamluks", kind="merchant", number=1, level=1, location="mare_d_egitto")
    state = war_state(("hungary", "mamluks"), towns, (), (ship,)).with_power("mamluks", florins=1000)
    orders = {"mamluks": [Voyage("merchant 1", "giudea"), Trade("buy", 10, "vino", "merchant 1")]}
    done = commerce(state, orders, DATA)
    assert not done.results[0].ok  # no port in Giudea: the ship stays at sea (L2400)
    tile = DistantPort(territory="giudea", owner="mamluks", bought=1, placed=True)
    done = commerce(state.evolve(distant_ports=(tile,)), orders, DATA)
    assert [r.ok for r in done.results] == [True, True], done.results
    moved = cast(MedioevoState, done.state)
    assert moved.pieces[0].location == "giudea" and moved.pieces[0].wares == {"vino": 10}
    unload = commerce(moved, {"mamluks": [Handle("unload", 10, "vino", "merchant 1")]}, DATA)
    assert unload.results[0].ok and "(1 PM)" in unload.results[0].note


def test_a_distant_port_only_on_a_coast_without_a_port_while_tiles_last() -> None:
    """L2398: "qualsiasi territorio costiero che non contenga già un porto"; L274: the box's tiles."""
    state = economy("mamluks", 1)
    _, notes = buy(state, "mamluks", "BUY DISTANT PORT IN Palestina\nBUY DISTANT PORT IN Transgiordania")
    assert notes == {
        "BUY DISTANT PORT IN palestina": "Palestina has a port already (L2398)",
        "BUY DISTANT PORT IN transgiordania": "Transgiordania is not on the coast (L2398)",
    }
    assert DATA.board.distant_ports is not None
    full = tuple(
        DistantPort(territory=t, owner="hungary", bought=1)
        for t in ("sinai", "galilea", "libia", "cirenaica")[: DATA.board.distant_ports.markers]
    )
    _, notes = buy(state.evolve(distant_ports=full), "mamluks", "BUY DISTANT PORT IN Giudea")
    assert notes == {"BUY DISTANT PORT IN giudea": "all 4 distant-port tiles are in play (L274)"}
    assert refused(state, "mamluks", "BUY DISTANT PORT IN Palestina", "BUY PORTO LONTANO IN Giudea") == [
        "Palestina has a port already (L2398)",
        "",
    ]  # judged on arrival too


def test_a_storm_shelters_a_ship_in_a_distant_port() -> None:
    """L2398: "considerato un porto a tutti gli effetti": the Storm's nearest port (L1417) may be a
    distant port; the Golfo della Sirte has no printed port on its coast."""
    ship = Piece(owner="hafsids", kind="galley", number=1, level=1, location="golfo_della_sirte")
    state = war_state(("hafsids",), {t: TerritoryState() for t in DATA.board.territories}, (), (ship,))
    work = Work(state, DATA, Dice(SEED, "storm"), "tempesta")
    assert nearest_port(work, "hafsids", "golfo_della_sirte") != "sirte"
    tile = DistantPort(territory="sirte", owner="hafsids", bought=1, placed=True)
    work = Work(state.evolve(distant_ports=(tile,)), DATA, Dice(SEED, "storm"), "tempesta")
    assert nearest_port(work, "hafsids", "golfo_della_sirte") == "sirte"
