"""ALLUVIONE and SICCITA, the river calamities (seed 002 L1144-1154, ex L1118; L1340-1356)."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.calamity.events import CalamityHit
from adjudicator.rulesets.medioevo.calamity.registry import ongoing_steps
from adjudicator.rulesets.medioevo.state import CardEffect
from adjudicator.rulesets.medioevo.supply import supply_limit
from tests.rules.calamities.board import DATA, board, land, strike, told

HUNGARIAN_PLAIN = "e16"  # Pest, Bihar, Banato …: the Danube's card


def danube(card_river: int = 1):  # the die that picks the Danube among the card's rivers
    rivers = [
        r for r in DATA.board.rivers.values() if set(r.territories) & set(DATA.events[HUNGARIAN_PLAIN].areas)
    ]
    return [i + 1 for i, r in enumerate(rivers) if r.name == "Danubio"][:1] if len(rivers) > 1 else []


def test_flood_example_L1118_pest_loses_3_vf() -> None:
    """Ex L1118: the Danube floods Pest (PLAIN), Buda with a level-3 settlement, a Fortilizio, a
    Fiera agricola and a Cattedrale; with ARCHITETTURA and LEGGE the City is unharmed, the Fort
    damaged, the Fair and the Cathedral destroyed: 3 VF, +1 plain, -1 LEGGE = 3 VF (L1148-1154)."""
    state = board(
        {"hungary": ("architettura", "legge")},
        {"pest": land("hungary", "city", "fort", "agricultural_fair", "cathedral", vf=10)},
    )
    (after, events), _ = strike("alluvione", HUNGARIAN_PLAIN, state, *danube())
    pest = after.territories["pest"]
    assert pest.buildings == ("city", "fort")
    assert pest.damaged == {"fort": 6}  # repaired by the next turn's purchases (L1056)
    assert pest.armies == {"hungary": 7}
    assert (
        "ALLUVIONE in Pest (hungary): Fiera agricola and Cattedrale destroyed; Fortilizio damaged; "
        "hungary loses 3 VF (3 buildings +1 plain -1 LEGGE = 3 VF)"
    ) in told(events, CalamityHit)


def test_flood_without_technologies_and_ingegneria_L1148_L1150() -> None:
    """L1148: levels 1-2 destroyed, 3 damaged; L1150: INGEGNERIA spares every building (the
    plain's 1 VF is still lost, R268)."""
    state = board(
        {"hungary": (), "austria": ("ingegneria",)},
        {
            "pest": land("hungary", "city", "fort", "village", vf=2),
            "austria": land("austria", "town", "tower", vf=3),
        },
    )
    (after, _), _ = strike("alluvione", HUNGARIAN_PLAIN, state, *danube())
    assert after.territories["pest"].buildings == ("city",) and after.territories["pest"].damaged == {
        "city": 6
    }
    assert after.territories["pest"].armies == {}  # 3 + 1 plain = 4 > 2 VF
    assert after.territories["austria"].buildings == ("town", "tower")
    assert not after.territories["austria"].damaged


def test_castellano_protects_from_the_flood_L2538() -> None:
    """Card L2538: a CASTELLANO's territories are protected from the calamities this turn."""
    shield = CardEffect(
        card="castellano", holder="hungary", played_by="hungary", until=5, territories=("pest",)
    )
    state = board({"hungary": ()}, {"pest": land("hungary", "city", vf=10)}, card_effects=(shield,))
    (after, events), _ = strike("alluvione", HUNGARIAN_PLAIN, state, *danube())
    assert after.territories["pest"] == state.territories["pest"]
    assert "ALLUVIONE: Pest is protected by hungary's CASTELLANO (L2538): unharmed" in told(events)


def test_drought_suspends_supply_technologies_for_its_turn_L1344() -> None:
    """L1344: AGRICOLTURA & co. add no supply in the dried lands, until the end of the turn (A44);
    the next Events phase clears the record."""
    state = board({"hungary": ("agricoltura",)}, {"pest": land("hungary", vf=10)})
    before = supply_limit(state, "pest", DATA)
    (after, events), _ = strike("siccita", HUNGARIAN_PLAIN, state, *danube())
    assert supply_limit(after, "pest", DATA) == before - 5  # AGRICOLTURA's +5 on plains (L2246)
    assert after.ongoing is not None and "pest" in after.ongoing.drought.territories
    assert any("dries up until the end of the turn in" in line for line in told(events))
    step = dict(ongoing_steps())["siccita"]
    cleared, _ = step(after.evolve(turn=6), None, DATA)  # type: ignore[arg-type]
    assert cleared.ongoing is None
    assert cleared.to_json() == state.evolve(turn=6).to_json()
