"""Phase 4: customisation discs of transports (seed 002 L859-861, L882-886) and repairs of
damaged buildings and ships (L1024, L1056, L1420)."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.events import BuildingReduced, PieceCustomised, PieceReduced, Repaired
from adjudicator.rulesets.medioevo.orders import Customize, Repair
from adjudicator.rulesets.medioevo.phases import placement, taxes
from tests.rules.test_purchase_cards import (
    DATA,
    LT3,
    after,
    economy,
    mail,
    money,
    notes,
    purchases,
    rejected,
    techs,
)


def test_customisation_example_L884_galley_iii_with_three_pm_and_thirty_armies() -> None:
    """Ex L884: at LT III a Galea III (300) customised at once with +3 PM (150) and +30 armies (150):
    600 florins. The discs are asked for the piece the same mail buys (L882)."""
    state = economy(*techs("byzantium", *LT3))
    orders = mail(
        state,
        "byzantium",
        "BUY Galea III IN Costantinopoli",
        "CUSTOMIZE galley 2 WITH +3 MOVE",
        "PERSONALIZZA galea 2 CON +30 armate",
    )
    assert orders[1:] == (Customize("galley 2", "pm", 3), Customize("galley 2", "armies", 30))
    resolution = purchases(state, {"byzantium": orders})
    galley = after(resolution).piece("byzantium", "galley", 2)
    assert galley is not None and (galley.level, galley.pm, galley.armies) == (3, 3, 3)
    assert after(resolution).powers["byzantium"].florins == 1000 - 600
    assert money(after(resolution)) == money(state)
    shown = [e.summary() for e in resolution.events if isinstance(e, PieceCustomised)]
    assert shown == [
        "byzantium customises galley 2 with +3 PM for 150 florins",
        "byzantium customises galley 2 with +30 armies for 150 florins",
    ]


def test_customisation_limits_L859() -> None:
    """One disc of a kind per level; armies on war transports, goods on commercial ones; only
    transports; in an own settlement."""
    state = economy()
    reasons = rejected(
        state,
        "hungary",
        "CUSTOMIZE caravan 1 WITH +20 GOODS",
        "CUSTOMIZE caravan 1 WITH +10 ARMIES",
        "CUSTOMIZE cart 1 WITH +5 ARMIES",
        "CUSTOMIZE engine 1 WITH +1 MOVE",
        "CUSTOMIZE galley 1 WITH +1 MOVE",
        "CUSTOMIZE caravan 1 WITH +10 GOODS",
        "CUSTOMIZE cart 1 WITH 1 PM",
    )
    assert reasons == [
        "a level-1 transport takes at most 1 +10 goods discs and caravan 1 has 0 (L859)",
        "a Carovana I takes no +10 armies discs (L859: military transports)",
        "ARMIES discs add 10 each: write +10, +20...",
        "only transports are customised (L859), not engine 1",
        "galley 1 must stand in one of your settlements to be customised (L884)",
        "",
        "",
    ]


def test_a_damaged_cathedral_pays_no_tax_until_repaired_L1024() -> None:
    """A damaged building gives nothing; REPAIR costs 25 % of its value, to the bank."""
    state = economy("DAMAGE Pest cathedral")
    before = taxes.income(state, "hungary", DATA)
    assert "cathedrals" not in before
    resolution = purchases(state, {"hungary": mail(state, "hungary", "REPAIR Cattedrale IN Pest")})
    repaired = after(resolution)
    assert repaired.territories["pest"].damaged == {}
    assert repaired.powers["hungary"].florins == 1000 - 250 and repaired.bank == state.bank + 250
    assert [e.cost for e in resolution.events if isinstance(e, Repaired)] == [250]
    assert taxes.income(repaired, "hungary", DATA)["cathedrals"] == 50


def test_unrepaired_buildings_lose_a_level_at_the_end_of_the_purchases_L1056() -> None:
    """Borgo → Villaggio; a Torre (level 1) is removed; a Borgo cannot be raised while damaged."""
    state = economy("DAMAGE Pest town", "DAMAGE Banato tower")
    assert rejected(state, "hungary", "BUILD Citta IN Pest", "BUY Carovana IN Pest") == [
        "a Città needs ARCHITETTURA",
        "Pest had no settlement of yours when the phase began (L1534, L1538)",
    ]
    resolution = purchases(state, {})
    land = after(resolution).territories
    assert land["pest"].buildings == ("village", "fort", "cathedral") and land["pest"].damaged == {}
    assert land["banato"].buildings == ("village",)
    reduced = [e.summary() for e in resolution.events if isinstance(e, BuildingReduced)]
    assert reduced == [
        "The damaged tower in banato, not repaired, is lost",
        "The damaged town in pest, not repaired, falls to a village",
    ]


def test_a_damaged_settlement_is_no_site_and_a_damaged_line_is_repaired_before_it_rises() -> None:
    state = economy("DAMAGE Pest town", *techs("hungary", *LT3))
    reasons = rejected(state, "hungary", "BUILD Citta IN Pest", "PLACE 3 IN Pest")
    assert reasons == [
        "the Borgo in Pest is damaged: REPAIR it first (L1024)",
        "Pest has no settlement to muster troops in",
    ]
    assert "pest" not in placement.placement_sites(state, "hungary", DATA)


def test_a_damaged_ship_is_repaired_for_a_quarter_or_lost_L1420() -> None:
    state = economy("DAMAGE PIECE hungary galley 1", "DAMAGE PIECE hungary merchant 1")
    assert rejected(state, "hungary", "RIPARA carovana 1") == ["caravan 1 is not damaged"]
    orders = mail(state, "hungary", "REPAIR galley 1")
    assert orders[0] == Repair("galley 1")
    resolution = purchases(state, {"hungary": orders})
    assert notes(resolution)["REPAIR galley 1"] == "paid 50 florins"
    later = after(resolution)
    assert later.piece("hungary", "galley", 1) is not None
    assert later.piece("hungary", "merchant", 1) is None  # level I, not repaired: lost
    assert [e.level for e in resolution.events if isinstance(e, PieceReduced)] == [0]


def test_repairs_are_allowed_under_taccagno() -> None:
    """Ruling: a repair is not a purchase; TACCAGNO (L2750) does not stop it."""
    mu = economy("DAMAGE Pest cathedral", "GRANT france card TACCAGNO", "GRANT france tech MATEMATICA")
    orders = {
        "france": mail(mu, "france", "PLAY Taccagno ON hungary"),
        "hungary": mail(mu, "hungary", "REPAIR Cattedrale IN Pest", "BUY TECH Legge"),
    }
    resolution = purchases(mu, orders)
    assert after(resolution).territories["pest"].damaged == {}
    assert "legge" not in after(resolution).powers["hungary"].techs
