"""ESATTORE, the toll collector, in commerce (adjudicator/rulesets/medioevo/commerce/toll.py; seed
002 L2636-2638, ex L2598-2602; ruling R298). Pure: states built by hand, the phase resolved
directly."""

from __future__ import annotations

from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.commerce.events import TollCollected
from adjudicator.rulesets.medioevo.commerce.orders import Trade, Voyage
from adjudicator.rulesets.medioevo.commerce.prices import quote
from adjudicator.rulesets.medioevo.commerce.resolve import resolve
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.report_ledger import ledger
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from tests.rules.war_states import war_state

DATA = default_dataset()
BYZANTINE = ("matematica", "mercato")


def game(*pieces: Piece, techs: tuple[str, ...] = BYZANTINE, card: bool = True) -> MedioevoState:
    towns = {
        "costantinopoli": TerritoryState(owner="byzantium", buildings=("city",)),
        "tracia": TerritoryState(owner="byzantium", buildings=("village",)),
    }
    state = war_state(("byzantium", "golden_horde", "hungary"), towns, (), pieces)
    cards = ("esattore",) if card else ()
    state = state.with_power("byzantium", florins=100, techs=techs, cards=cards)
    return state.with_power("golden_horde", florins=1000).with_power("hungary", florins=1000)


def horde_ship() -> Piece:
    """A Mongol merchant ship in the western Black Sea with 30 salt (ex L2600)."""
    where = "mar_nero_occidentale"
    return Piece(owner="golden_horde", kind="merchant", number=1, level=1, location=where, wares={"sale": 30})


def run(state: MedioevoState, power: str, *orders: Order) -> tuple[MedioevoState, list[TollCollected]]:
    done = resolve(state, {power: orders}, DATA)
    assert isinstance(done.state, MedioevoState)
    assert all(r.ok for r in done.results), done.results
    return done.state, [e for e in done.events if isinstance(e, TollCollected)]


def test_goods_through_the_bosporus_pay_the_byzantine_three_florins_each() -> None:
    """Ex L2598-2600: the Byzantine holds MATEMATICA and MERCATO and ESATTORE; a Mongol merchant
    ship crosses the Bosporus (Constantinople on its shore is Byzantine) with 30 goods: the game
    pays the Byzantine 90 Florins. With MATEMATICA only, 30 (L2636: 1 a good)."""
    ship = horde_ship()
    after, tolls = run(game(ship), "golden_horde", Voyage("merchant 1", "mar_di_marmara"))
    assert [(t.power, t.payer, t.goods, t.rate) for t in tolls] == [("byzantium", "golden_horde", 30, 3)]
    assert "across the Bosforo" in tolls[0].summary()
    assert after.powers["byzantium"].florins == 190 and after.bank == -90
    assert after.powers["golden_horde"].florins == 1000  # the game pays, not the carrier
    assert tolls[0].visibility.allows("byzantium") and not tolls[0].visibility.allows("golden_horde")
    rows = ledger(tolls, "byzantium", 190).rows
    assert rows[-1][1:] == ("ESATTORE on 30 goods of golden_horde", "+90")
    _, tolls = run(game(ship, techs=("matematica",)), "golden_horde", Voyage("merchant 1", "mar_di_marmara"))
    assert [t.rate for t in tolls] == [1]


def test_goods_sold_and_bought_at_constantinople_pay_sixty_each_trade() -> None:
    """ESATTORE, ex L2598-2602: the Hungarian sells 20 cloth at Constantinople and buys 20 salt:
    60 Florins to the Byzantine each time."""
    ship = Piece(
        owner="hungary", kind="merchant", number=1, level=3, location="costantinopoli", wares={"tessuti": 20}
    )
    after, tolls = run(
        game(ship),
        "hungary",
        Trade("sell", 20, "tessuti", "merchant 1"),
        Trade("buy", 20, "sale", "merchant 1"),
    )
    assert [(t.goods, t.goods * t.rate) for t in tolls] == [(20, 60), (20, 60)]
    sold = quote(DATA, game(), "hungary", "costantinopoli", "tessuti", "sell")
    bought = quote(DATA, game(), "hungary", "costantinopoli", "sale", "buy")
    assert sold is not None and bought is not None
    assert after.powers["byzantium"].florins == 220
    assert after.bank == 20 * bought.unit - 20 * sold.unit - 120


def test_no_toll_without_the_card_or_the_technology_nor_on_ones_own_goods() -> None:
    """L2636: the card in hand and MATEMATICA or MERCATO; the Byzantine's own goods pay it nothing
    (R298)."""
    ship = horde_ship()
    for state in (game(ship, card=False), game(ship, techs=())):
        _, tolls = run(state, "golden_horde", Voyage("merchant 1", "mar_di_marmara"))
        assert tolls == []
    own = ship.model_copy(update={"owner": "byzantium"})
    _, tolls = run(game(own), "byzantium", Voyage("merchant 1", "mar_di_marmara"))
    assert tolls == []
