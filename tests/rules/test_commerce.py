"""Phase 10, commerce (adjudicator/rulesets/medioevo/commerce/; seed 002 L2089-L2160; R285-R295):
the rules the seed's worked examples (tests/scenarios/medioevo/commerce_*.yaml) do not reach —
cubes and room, two actions of three, a trade ending the move, the two settlements of one player,
MONOPOLIO, the slump, transports that moved in combat, the order text round trip. Pure: states
built by hand, the phase resolved directly."""

from __future__ import annotations

from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.commerce.auction import settle
from adjudicator.rulesets.medioevo.commerce.legal import legal_commerce_orders, notes
from adjudicator.rulesets.medioevo.commerce.orders import (
    ALL,
    Auction,
    ChooseMonopoly,
    Handle,
    Offer,
    Trade,
    Voyage,
)
from adjudicator.rulesets.medioevo.commerce.parse import build, take_trade_lines
from adjudicator.rulesets.medioevo.commerce.prices import quote
from adjudicator.rulesets.medioevo.commerce.resolve import moved_in_combat, resolve
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.war.records import WarTurn
from tests.rules.war_states import war_state

DATA = default_dataset()


def game(*pieces: Piece, florins: int = 1000, **kw: object) -> MedioevoState:
    towns = {
        "sicilia": TerritoryState(owner="hungary", buildings=("city",)),
        "campania": TerritoryState(owner="hungary", buildings=("village",)),
        "tunisi": TerritoryState(owner=None, buildings=("village",)),
        "siria": TerritoryState(owner="venice", buildings=("city",)),
    }
    state = war_state(("hungary", "venice"), towns, (), pieces, **kw)
    return state.with_power("hungary", florins=florins).with_power("venice", florins=florins)


def caravan(where: str, level: int = 1, number: int = 1, **kw: object) -> Piece:
    return Piece(owner="hungary", kind="caravan", number=number, level=level, location=where, **kw)  # type: ignore[arg-type]


def run(state: MedioevoState, *orders: Order) -> tuple[MedioevoState, list[tuple[bool, str]]]:
    done = resolve(state, {"hungary": orders}, DATA)
    assert isinstance(done.state, MedioevoState)
    return done.state, [
        (r.ok, r.note if r.ok else r.reason.message if r.reason else "") for r in done.results
    ]


def test_a_lot_rounds_up_to_whole_cubes_of_ten() -> None:
    """L2107, ex L2128-2130: 7 wine take 1 cube (fit a level I caravan's 10); 15 salt take 2 cubes
    (20 goods of room), so a level I caravan cannot hold them (R287)."""
    state, results = run(game(caravan("sicilia")), Trade("buy", 7, "vino", "caravan 1"))
    assert results[0][0] and state.pieces[0].wares == {"vino": 7}
    state, results = run(game(caravan("sicilia")), Trade("buy", 15, "sale", "caravan 1"))
    assert results == [(False, "caravan 1 holds 10 goods; that would take 20 (cubes of 10, L2107)")]
    assert state.powers["hungary"].florins == 1000 and state.bank == 0


def test_a_trade_after_moving_ends_the_move_but_loading_is_still_allowed() -> None:
    """Ex L2132: a level I caravan moves, buys, and then may not move on although it has PM left;
    it may still load or unload (L2109). Its florins go to the bank (R285)."""
    state, results = run(
        game(caravan("campania")),
        Voyage("caravan 1", "sicilia"),
        Trade("buy", 10, "cereali", "caravan 1"),
        Voyage("caravan 1", "campania"),
        Handle("unload", 5, "cereali", "caravan 1"),
    )
    assert [ok for ok, _ in results] == [True, True, False, True]
    assert "its movement is over (L2108" in results[2][1]
    price = quote(DATA, game(), "hungary", "sicilia", "cereali", "buy")
    assert price is not None and price.unit == 12  # 10 at Palermo, +2 without AGRICOLTURA (L2134-2136)
    assert state.powers["hungary"].florins == 1000 - 120 and state.bank == 120
    assert state.loose_goods[0].amount == 5 and state.loose_goods[0].until == state.turn + 1


def test_two_of_move_buy_and_sell_only() -> None:
    """L2091: each commercial transport does at most 2 of move, buy and sell in the phase."""
    ship = caravan("sicilia", wares={"sale": 10})
    _, results = run(
        game(ship),
        Trade("sell", ALL, "sale", "caravan 1"),
        Trade("buy", 10, "vino", "caravan 1"),
        Voyage("caravan 1", "campania"),
    )
    assert [ok for ok, _ in results] == [True, True, False]
    assert "already did two of move, buy and sell (sell, buy; L2091)" in results[2][1]


def test_no_buying_and_selling_one_good_at_two_settlements_of_one_player() -> None:
    """L2113-2114: bought at Palermo (Hungary's), wine may not be sold at another Hungarian
    settlement without MERCATO; with MERCATO it may (R289)."""
    two = (caravan("sicilia"), caravan("campania", number=2, wares={"vino": 10}))
    orders = (Trade("buy", 10, "vino", "caravan 1"), Trade("sell", 10, "vino", "caravan 2"))
    _, results = run(game(*two), *orders)
    assert not results[1][0] and "without MERCATO (L2113)" in results[1][1]
    merchant = game(*two)
    merchant = merchant.with_power("hungary", techs=("mercato",))
    _, results = run(merchant, *orders)
    assert results[1][0]


def test_monopolio_keeps_its_good_to_its_holder_and_pays_it_a_tenth() -> None:
    """L3180: MONOPOLIO's good is bought only by its holder in the land zone where it has the most
    settlements, and the bank pays it 10 % of the trade in that good there (R293)."""
    state = game(caravan("sicilia")).evolve(monopolies={"venice": "vino"})
    state = state.with_power("venice", techs=("monopolio",))
    # Hungary holds 2 settlements in Sicily's zone, Venice none there: no monopoly in that zone
    done, results = run(state, Trade("buy", 10, "vino", "caravan 1"))
    assert results[0][0] and done.powers["venice"].florins == 1000
    zone = DATA.board.territories["sicilia"].land_zone
    venetian = {t: TerritoryState(owner="venice", buildings=("village",)) for t in _zone(zone, 3)}
    state = state.evolve(territories={**state.territories, **venetian})
    done, results = run(state, Trade("buy", 10, "vino", "caravan 1"))
    assert results == [(False, "venice's MONOPOLIO: only venice buys Vino in this land zone (L3180)")]
    ship = caravan("sicilia", wares={"vino": 10})
    done, results = run(state.evolve(pieces=(ship,)), Trade("sell", 10, "vino", "caravan 1"))
    assert results[0][0]
    sold = 10 * (DATA.markets["palermo"].prices["vino"] - 2)
    assert done.powers["venice"].florins == 1000 + sold // 10
    assert done.bank == -sold - sold // 10


def _zone(zone: int, n: int) -> list[str]:
    return [
        t
        for t, v in sorted(DATA.board.territories.items())
        if v.land_zone == zone and t not in ("sicilia", "campania")
    ][:n]


def test_a_slumped_market_pays_ten_less_a_good_sold() -> None:
    """L1068: the Events' market slump: -10 a good sold there this turn, read from the state's
    ``slumped_markets`` when phase 7 has set it (R294), none before."""
    state = game()
    plain = quote(DATA, state, "hungary", "sicilia", "spezie", "sell")
    assert plain is not None and plain.unit == 51  # Palermo's table price (L2122)
    object.__setattr__(state, "slumped_markets", ("sicilia",))  # the field phase 7 adds
    slumped = quote(DATA, state, "hungary", "sicilia", "spezie", "sell")
    assert slumped is not None and slumped.unit == 41 and "-10 slump" in slumped.steps
    bought = quote(DATA, state, "hungary", "sicilia", "spezie", "buy")
    assert bought is not None and bought.unit == 51  # buying is not struck


def test_gilde_and_a_textile_fair_add_to_a_sale() -> None:
    """L2138: GILDE +1/+2/+3 a good sold by LT; L2147: a textile Fair +3 on cloth sold."""
    state = game().with_power("hungary", techs=("gilde", "tessitura"))
    state = state.with_territory("sicilia", buildings=("city", "textile_fair"))
    got = quote(DATA, state, "hungary", "sicilia", "tessuti", "sell")
    base = DATA.markets["palermo"].prices["tessuti"]
    assert got is not None and got.unit == base + 3 + 1


def test_a_transport_that_moved_in_combat_does_not_move_in_commerce() -> None:
    """L1602-1604: the war window leaves which transports moved (``combat_moved``); commerce
    refuses them a MOVE, lets them trade, and forgets the list at its end (R291)."""
    before = game(caravan("sicilia")).evolve(war=WarTurn(moved=("hungary/caravan/1",)))
    state = moved_in_combat(before, before.evolve(war=None))
    assert state.combat_moved == ("hungary/caravan/1",)
    done, results = run(state, Voyage("caravan 1", "campania"), Trade("buy", 10, "sale", "caravan 1"))
    assert [ok for ok, _ in results] == [False, True]
    assert "moved in combat this turn" in results[0][1]
    assert done.combat_moved == () and "combat_moved" not in done.to_json()


def test_military_transports_carry_no_goods() -> None:
    """L848-855: a galley or war cart has no goods room: it does not trade (R291)."""
    cart = Piece(owner="hungary", kind="war_wagon", number=1, level=1, location="sicilia")
    _, results = run(game(cart), Trade("buy", 10, "sale", "cart 1"))
    assert results == [(False, "cart 1 is a military transport: it carries no goods (L848-855)")]


def test_order_texts_parse_back_and_the_template_offers_priced_trades() -> None:
    """Each canonical text reads back to an equal order (orders/medioevo.md); the template offers
    the trades with their prices and the moves with their PM."""
    state = game(caravan("sicilia", level=2, wares={"sale": 10}))
    offered = legal_commerce_orders(state, "hungary", DATA)
    assert Trade("sell", ALL, "sale", "caravan 1") in offered
    assert Voyage("caravan 1", "campania") in offered
    said = notes(state, "hungary", DATA)
    assert said["BUY 10 cereali WITH caravan 1"].startswith("12 (10 +2 no AGRICOLTURA) each, 120")
    for order in (*offered, ChooseMonopoly("sale"), Handle("load", 5, "sale", "caravan 1", "sicilia")):
        kind, _, rest = order.canonical().partition(" ")
        assert build(kind.lower(), rest, state, DATA) == order
    assert build("buy", "TECH Banche", state, DATA) is None  # the purchases' BUY


def test_state_json_unchanged_without_commerce() -> None:
    """A state that never traded is the JSON it was before commerce existed."""
    data = game().to_json()
    assert "monopolies" not in data and "combat_moved" not in data


def test_auction_lots_are_limited_by_fairs_and_settled_as_proxy_bids() -> None:
    """L2152: as many cards on auction a turn as Fairs owned; L2154 (R296, as R1): the highest
    sealed maximum pays the next + 5, at least the reserve; a lone bidder pays the reserve (5
    without one); a bid below the reserve, or above the florins held, is void."""
    state = game().with_territory("sicilia", buildings=("city", "mining_fair"))
    state = state.with_power("hungary", cards=("gabelliere", "mercante"))
    first = Auction("gabelliere", 100)
    done = resolve(state, {"hungary": (first, Auction("mercante"))}, DATA)
    assert [r.ok for r in done.results] == [True, False]
    assert done.results[1].reason is not None and "owns 1 Fairs" in done.results[1].reason.message
    lots = done.state
    assert isinstance(lots, MedioevoState) and lots.lots[0].card == "gabelliere"
    lots = lots.with_power("venice", florins=150)
    sold = settle(lots, {"venice": (Offer(150, "gabelliere", "hungary"),)}, DATA)
    assert sold.results[0].ok and sold.results[0].note == "GABELLIERE bought for 100"
    after = sold.state
    assert isinstance(after, MedioevoState) and after.lots == ()
    assert after.powers["venice"].cards == ("gabelliere",) and after.powers["hungary"].florins == 1100
    void = settle(
        lots, {"venice": (Offer(90, "gabelliere", "hungary"), Offer(900, "gabelliere", "hungary"))}, DATA
    )
    assert [r.ok for r in void.results] == [False, False] and void.state.powers["hungary"].florins == 1000


def test_in_the_commerce_window_move_load_unload_are_commerce_lines() -> None:
    """MOVE, LOAD and UNLOAD open war lines too; in the commerce window they are commerce's, and
    any other war word stays with the war's reader (refused there as not now)."""
    war = [(1, "MOVE caravan 1 TO sicilia"), (3, "ATTACK pest FROM cart 1 WITH captain 1"), (4, "unload: x")]
    assert take_trade_lines(war, [(2, "BUY 10 sale WITH caravan 1")]) == (
        [(3, "ATTACK pest FROM cart 1 WITH captain 1")],
        [(1, "MOVE caravan 1 TO sicilia"), (2, "BUY 10 sale WITH caravan 1"), (4, "unload: x")],
    )


def test_the_gm_and_the_public_get_no_commerce_template() -> None:
    """A report rebuilt for the GM or the public asks for the notes too: there are none (it once
    raised KeyError 'gm', tests/report/test_history.py)."""
    state = game(caravan("sicilia"))
    assert notes(state, "gm", DATA) == {} and legal_commerce_orders(state, "public", DATA) == []
