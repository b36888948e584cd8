"""The fire sale (Svendita dei beni, seed 002 L921-923; digest §4.7, A27): buildings, transports
(MdT) and siege engines (MdA) sold to the bank for half price, only in the power's own territories
not besieged or contested; in the purchases phase before buying, or ``AT TAXES`` after collecting.

The seeds give no worked example of a sale; the prices are the purchase table's (L811-890).
"""

from __future__ import annotations

from typing import cast

from adjudicator.core.engine import resolve_window
from adjudicator.rulesets.medioevo.events_economy import AssetSold
from adjudicator.rulesets.medioevo.orders import PURCHASES, TAXES
from adjudicator.rulesets.medioevo.phases import fire_sale, taxes
from adjudicator.rulesets.medioevo.phases.loans import amount_due
from adjudicator.rulesets.medioevo.state import MedioevoState
from tests.rules.economy_window import (
    DATA,
    RULES,
    SEED,
    after,
    economy,
    events,
    play,
    refused,
    results,
    tithe,
)


def money(state: MedioevoState) -> int:
    """Florins held by the powers and the bank: the sales must keep it whole."""
    return sum(p.florins for p in state.powers.values()) + state.bank


def test_L923_pieces_sell_for_half_their_list_price_and_the_bank_pays() -> None:
    """L923 "a metà prezzo": a Carro da guerra I (100, L825) brings 50, a Catapulta (100, L870)
    50; the florins come from the bank, so florins + bank stay whole."""
    state = economy()
    outcome = play(state, {"hungary": ["SELL cart 1", "SELL engine 1"]})
    bought = after(outcome, PURCHASES)
    assert bought.powers["hungary"].florins == 1000 + 50 + 50
    assert bought.bank == state.bank - 100
    assert money(bought) == money(state)
    assert [p.kind for p in bought.pieces_of("hungary")] == ["merchant", "caravan", "galley", "captain"]
    sold = [e for e in events(outcome) if isinstance(e, AssetSold)]
    assert [(e.asset, e.territory, e.price) for e in sold] == [
        ("cart 1", "pest", 50),
        ("engine 1", "pest", 50),
    ]


def test_L921_a_sale_pays_for_the_purchases_of_the_same_phase() -> None:
    """L921 "se un giocatore ha bisogno di Fiorini": the sales come first in the purchases, so a
    power without florins sells its caravan to buy a technology, whatever line comes first; the
    purchase is checked on arrival with the florins of the sale."""
    state = economy("SET hungary florins 60")
    assert refused(state, "hungary", "BUY TECH LEGGE") == ["LEGGE costs 100 florins and you have 60"]
    outcome = play(state, {"hungary": ["BUY TECH LEGGE", "SELL caravan 1"]})
    bought = after(outcome, PURCHASES)
    assert "legge" in bought.powers["hungary"].techs
    assert bought.powers["hungary"].florins == 60 + 50 - 100


def test_L923_customisations_count_and_a_damaged_piece_sells_less_its_repair() -> None:
    """A27: the half price covers the piece's level and its customisations (50 florins each, L859);
    a damaged piece sells for that less its repair, 25 % of its value (L1024)."""
    state = economy()
    cart = state.piece("hungary", "war_wagon", 1)
    assert cart is not None
    assert fire_sale.piece_price(DATA, cart) == 50
    fitted = cart.model_copy(update={"pm": 1, "armies": 1, "level": 2})
    assert fire_sale.piece_price(DATA, fitted) == (150 + 50 + 50) // 2
    broken = fitted.model_copy(update={"damaged": True})
    assert fire_sale.piece_price(DATA, broken) == 125 - 250 // 4


def test_L923_only_in_own_territories() -> None:
    """L923 "solo se si trovano nei suoi territori": Hungary's galley waits in a port of another
    kingdom (R35) and cannot be sold; a building of another power neither."""
    state = economy()
    galley = state.piece("hungary", "galley", 1)
    assert galley is not None and state.territories[galley.location].owner != "hungary"
    reasons = refused(state, "hungary", "SELL galley 1", "SELL Borgo IN Pest", "SELL Torre IN Pest")
    assert reasons[0].startswith("galley 1: ") and "is not yours" in reasons[0] and "(L923)" in reasons[0]
    assert reasons[1] == ""
    assert reasons[2] == "there is no Torre in Pest"
    assert refused(state, "france", "SELL Borgo IN Pest")[0].startswith("Pest is not yours")


def test_L923_not_in_a_besieged_or_contested_territory() -> None:
    """L923 "non territori sotto assedio o contesi": while armies of a power at war with the owner
    stand in the territory, nothing there is sold (no siege is tracked before combat)."""
    state = economy("WAR hungary france", "PLACE france 5 IN Pest")
    reason = refused(state, "hungary", "SELL engine 1", "SELL Torre IN Banato")
    assert reason[0] == (
        "engine 1: Pest is besieged or contested (france's armies stand there): no sale there (L923)"
    )
    assert reason[1] == ""
    allied = economy("PLACE france 5 IN Pest")  # armies of a power at peace do not contest
    assert refused(allied, "hungary", "SELL engine 1") == [""]


def test_captains_are_not_for_sale() -> None:
    """L923 names buildings, MdT and MdA: a captain is none of them."""
    assert refused(economy(), "hungary", "SELL captain 1") == [
        "a captain is not a building, transport or siege engine: not for sale (L923)"
    ]


def test_a_settlement_sold_leaves_its_site_empty_to_be_built_again() -> None:
    """Ruling: a building goes whole at half the price of its level (a Borgo, 200 at L813, brings
    100), the site stays and a Villaggio can be built there again next turn."""
    state = economy()
    outcome = play(state, {"hungary": ["SELL Borgo IN Pest"]})
    sold = after(outcome, PURCHASES)
    assert sold.territories["pest"].buildings == ("fort", "cathedral")
    assert sold.powers["hungary"].florins == 1000 + 100
    nxt = outcome.state
    while nxt.window != state.window:
        nxt = resolve_window(RULES, nxt, {}, SEED).state
    assert refused(cast(MedioevoState, nxt), "hungary", "BUILD Villaggio IN Pest") == [""]


def test_a_settlement_cannot_go_while_a_fair_needs_it() -> None:
    """A Fair stands only with a settlement (L819-821): sell the Fair first."""
    state = economy("BUILD Banato village tower agricultural_fair")
    assert refused(state, "hungary", "SELL Villaggio IN Banato") == [
        "the Fiera agricola in Banato needs the Villaggio: sell it first"
    ]
    outcome = play(state, {"hungary": ["SELL Fiera agricola IN Banato", "SELL Torre IN Banato"]})
    assert after(outcome, PURCHASES).territories["banato"].buildings == ("village",)
    assert after(outcome, PURCHASES).powers["hungary"].florins == 1000 + 150 + 50


def test_a_sale_at_taxes_comes_after_the_collection_and_repays_a_loan() -> None:
    """Digest §4.6-4.7; ruling: ``AT TAXES`` sells after the power's collection (the Cathedral
    still pays its 50, L896) and before its repayments, so the sale pays the loan back (L915)."""
    state = economy("SET hungary florins 0").with_power("hungary", loans=(400,))
    sales = ["SELL Fortilizio IN Pest AT TAXES", "SELL Cattedrale IN Pest AT TAXES"]
    outcome = play(state, {"hungary": [*sales, "REPAY"]})
    collected = sum(taxes.income(state, "hungary", DATA).values())
    assert collected + 150 < amount_due(400)  # the Cathedral's 50 is collected before it goes
    taxed = after(outcome, TAXES)
    assert taxed.powers["hungary"].loans == ()
    net = tithe(outcome, "hungary")  # the Pope's tithe (L2186, R308)
    assert taxed.powers["hungary"].florins == collected + 150 + 500 - amount_due(400) + net
    assert results(outcome, "hungary")["SELL fort IN pest AT TAXES"].note == "sold for 150 florins"
    assert money(taxed) == money(state)


def test_the_same_asset_is_sold_once() -> None:
    state = economy()
    assert refused(state, "hungary", "SELL cart 1", "SELL carro 1 AT TAXES") == [
        "",
        "SELL cart 1 is already sold by a line above",
    ]
    outcome = play(state, {"hungary": ["SELL cart 1"]})
    assert refused(after(outcome, PURCHASES), "hungary", "SELL cart 1") == ["you have no cart 1"]


def test_a_transport_with_armies_or_pieces_aboard_is_not_sold_R189() -> None:
    """R189 (L923, L1564-1566): a cart with VF aboard, or with its captain aboard, is not sold: its
    cargo would vanish with it; unloaded, it is (found by the bots' war games, which sold a cart
    carrying its captain)."""
    state = economy()
    cart = state.piece("hungary", "war_wagon", 1)
    captain = state.piece("hungary", "captain", 1)
    assert cart is not None and captain is not None
    why = "cart 1 carries armies or pieces: unload them in combat before selling it"
    assert refused(state.with_piece(cart, vf=3), "hungary", "SELL cart 1") == [why]
    aboard = state.with_piece(captain, aboard="war_wagon/1")
    assert refused(aboard, "hungary", "SELL cart 1", "SELL engine 1") == [why, ""]
    assert refused(state, "hungary", "SELL cart 1") == [""]
