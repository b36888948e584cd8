"""Contested and besieged territories (seed 002 L2264-2280, L1534, L923): they count for neither
the taxes nor the reinforcements of their owner, and no reinforcement is placed in them.

Until combat (phase 9) is played by mail, a siege is recorded by the GM (``SIEGE territory BY
power``); a territory is contested while armies of powers at war with each other (or with its
owner) stand in it (L2266, ruling R54)."""

from __future__ import annotations

import pytest

from adjudicator.core.engine import resolve_window
from adjudicator.errors import EditError
from adjudicator.rulesets.medioevo import holdings
from adjudicator.rulesets.medioevo.phases import reinforcements, taxes
from adjudicator.rulesets.medioevo.state import MedioevoState
from tests.rules import economy_window
from tests.rules.economy_window import DATA, RULES, after, play, refused, results

POWERS = ["byzantium", "mamluks", "hungary"]


def economy(*edits: str) -> MedioevoState:
    """Hungary (the Pope) without the Papal State (R321): the examples' plain kingdom."""
    return economy_window.economy(*edits, powers=POWERS, papal_state=False)


def test_example_L2280_the_besieged_alessandria_pays_5_less_and_gives_1_vf_less() -> None:
    """L2280: Byzantium besieges Alessandria; the Mamluk gets -5 florins in the Taxes and -1 VF in
    the Reinforcements (L2266: the territory is not counted). Its Cathedral there still pays."""
    free = economy("WAR byzantium mamluks")
    besieged = economy("WAR byzantium mamluks", "SIEGE Alessandria BY byzantium")
    assert holdings.besieged(besieged, "alessandria") and not holdings.besieged(free, "alessandria")
    before, now = taxes.income(free, "mamluks", DATA), taxes.income(besieged, "mamluks", DATA)
    assert sum(now.values()) == sum(before.values()) - 5
    assert now["cathedrals"] == before["cathedrals"] == 50
    vf_before = reinforcements.reinforcements(free, "mamluks", DATA)
    vf_now = reinforcements.reinforcements(besieged, "mamluks", DATA)
    assert sum(vf_now.values()) == sum(vf_before.values()) - 1
    assert vf_now["home kingdom"] == vf_before["home kingdom"] - 1


def test_a_contested_territory_counts_for_no_one_L2266() -> None:
    """L2266: armies of two powers at war in one territory: it is contested and counts for neither
    taxes nor reinforcements. At peace the armies of another power change nothing (L2268)."""
    at_peace = economy("PLACE mamluks 5 IN Bihar")
    at_war = economy("WAR hungary mamluks", "PLACE mamluks 5 IN Bihar")
    assert not holdings.contested(at_peace, "bihar") and holdings.contested(at_war, "bihar")
    assert taxes.income(at_war, "hungary", DATA)["territories"] == 30
    assert taxes.income(at_peace, "hungary", DATA)["territories"] == 35
    assert reinforcements.reinforcements(at_war, "hungary", DATA)["home kingdom"] == 6
    assert reinforcements.reinforcements(at_peace, "hungary", DATA)["home kingdom"] == 7


def test_a_besieged_religious_capital_gives_no_vf_L2266() -> None:
    """L995, L2266: Gerusalemme (Giudea) besieged is not counted on the reinforcement sheet."""
    state = economy("WAR byzantium mamluks", "SIEGE Giudea BY byzantium")
    assert "religious capitals" not in reinforcements.reinforcements(state, "mamluks", DATA)


def test_mulino_counts_no_contested_plain_L905_L2266() -> None:
    """L905, L2266: MULINO pays per PLAIN owned; a contested plain is not counted."""
    state = economy("GRANT hungary tech MULINO", "GRANT hungary tech MATEMATICA")
    contested = economy(
        "GRANT hungary tech MULINO",
        "GRANT hungary tech MATEMATICA",
        "WAR hungary mamluks",
        "PLACE mamluks 1 IN Bihar",
    )
    assert (
        taxes.income(contested, "hungary", DATA)["MULINO"]
        == taxes.income(state, "hungary", DATA)["MULINO"] - 5
    )


def test_no_reinforcements_placed_in_a_besieged_settlement_L1534() -> None:
    """L1534: reinforcements go into the power's settlements, not those under siege: a PLACE there
    is refused on arrival, and the default placement passes over it (the capital here)."""
    state = economy("WAR hungary mamluks", "SIEGE Pest BY mamluks", "SET hungary reinforcements 3")
    assert refused(state, "hungary", "PLACE 3 IN Pest") == [
        "Pest is besieged: no reinforcements are placed there (L1534)"
    ]
    assert refused(state, "hungary", "PLACE 3 IN Banato") == [""]
    outcome = play(state, {})  # 3 waiting + 6 VF raised: Pest besieged is not counted (L2266)
    placed = after(outcome, "placement")
    assert placed.territories["pest"].armies == state.territories["pest"].armies
    assert (
        sum(t.armies.get("hungary", 0) for t in placed.territories.values())
        == sum(t.armies.get("hungary", 0) for t in state.territories.values())
        + 3
        + 6  # Pest besieged: 6 (L2266)
    )


def test_no_reinforcements_placed_in_a_contested_territory_L2266() -> None:
    """L2266, L1534: a contested territory is no one's: no PLACE there."""
    state = economy("WAR hungary mamluks", "PLACE mamluks 2 IN Banato")
    assert refused(state, "hungary", "PLACE 3 IN Banato") == [
        "Banato is contested (armies at war stand there): no reinforcements are placed there (L2266, L1534)"
    ]


def test_no_fire_sale_in_a_territory_besieged_by_sea_L923() -> None:
    """L923, L1970: a siege by sea leaves no enemy VF in the territory, but it is still besieged:
    nothing there is sold."""
    state = economy("WAR hungary mamluks", "SIEGE Banato BY mamluks")
    assert refused(state, "hungary", "SELL tower IN Banato")[0].startswith("Banato is besieged")


def test_the_gm_records_and_lifts_a_siege() -> None:
    """A siege needs war between the besieger and the owner (or barbarian besiegers, L1170);
    peace ends it; ``SIEGE territory LIFTED`` removes it."""
    with pytest.raises(EditError):
        economy("SIEGE Pest BY mamluks")
    state = economy("WAR hungary mamluks", "SIEGE Pest BY mamluks")
    siege = state.siege("pest")
    assert siege is not None and siege.by == "mamluks" and siege.since == 1
    assert not holdings.besieged(state.evolve(wars=()), "pest")  # peace lifts it
    lifted, _ = RULES.gm_edit(state, "SIEGE Pest LIFTED")
    assert not holdings.besieged(lifted, "pest")  # type: ignore[arg-type]
    barbarians = economy("SIEGE Pest BY barbarians")
    assert holdings.besieged(barbarians, "pest")


def test_a_siege_shows_in_the_results_of_the_placement() -> None:
    """The refusal on arrival and at the deadline say the same (one predicate, L1534)."""
    state = economy("WAR hungary mamluks", "SET hungary reinforcements 3")
    orders = economy_window.mail(state, "hungary", "PLACE 3 IN Pest")
    besieged, _ = RULES.gm_edit(state, "SIEGE Pest BY mamluks")
    outcome = resolve_window(RULES, besieged, {"hungary": orders}, economy_window.SEED)
    result = results(outcome, "hungary")["PLACE 3 IN pest"]
    assert not result.ok and result.reason is not None
    assert result.reason.message == "Pest is besieged: no reinforcements are placed there (L1534)"


def test_nothing_is_bought_for_a_besieged_settlement_L1534() -> None:
    """L1534: what is bought is placed in the power's settlements, not those under siege; a purchase
    there could only be lost (L1542), so it is refused on arrival."""
    state = economy("WAR hungary mamluks", "SIEGE Pest BY mamluks")
    reason = "Pest is besieged: nothing bought is placed there (L1534)"
    assert refused(state, "hungary", "BUILD tower IN Pest", "BUY Carovana I IN Pest") == [reason, reason]
    assert refused(state, "hungary", "BUILD fort IN Bihar") == ["a Fortilizio needs INGEGNERIA"]
