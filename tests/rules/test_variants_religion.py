"""The variants RELIGIONE KHANATO and RELIGIONE BIZANTINO (church/conversion.py; seed 002
L3212-3218, ex L3246; ruling R299): ``CONVERT <religion>`` in Diplomacy, its PO, the faith the
Church and the co-religionists see, and the Byzantine's rebellion level."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.church import conversion
from adjudicator.rulesets.medioevo.church.conversion import Convert, Converted
from adjudicator.rulesets.medioevo.church.papacy import is_catholic
from adjudicator.rulesets.medioevo.diplomacy_table import religion_of
from adjudicator.rulesets.medioevo.endgame.scoring import rebellion_threshold
from adjudicator.rulesets.medioevo.events_phase.rebellions import tech_modifier
from adjudicator.rulesets.medioevo.phases import diplomacy
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.variants import BYZANTINE_RELIGION, KHANATE_RELIGION
from adjudicator.rulesets.medioevo.war.records import prune
from tests.rules.church_support import DATA, dice, diplomacy_mail
from tests.rules.war_states import war_state

TECHS = tuple(DATA.technologies)


def game(*variants: str) -> MedioevoState:
    towns = {"costantinopoli": TerritoryState(owner="byzantium", buildings=("city",))}
    state = war_state(("byzantium", "golden_horde", "hungary"), towns, (), (), variants=variants)
    return state.with_power("byzantium", honor=5).with_power("golden_horde", honor=5)


def convert(state: MedioevoState, power: str, faith: str) -> tuple[MedioevoState, list]:
    done = diplomacy.resolve(state, {power: (Convert(faith),)}, DATA, dice())
    assert isinstance(done.state, MedioevoState)
    return done.state, list(done.results)


def test_the_khanate_becomes_muslim_once_for_2_po() -> None:
    """L3214: "una sola volta per partita ... cattolico, musulmano o ortodosso, ma perde 2 PO"."""
    state = game(KHANATE_RELIGION)
    assert diplomacy_mail(state, "golden_horde", "CONVERT MUSLIM") == (Convert("muslim"),)
    after, results = convert(state, "golden_horde", "muslim")
    assert results[0].ok
    assert religion_of(after, "golden_horde", DATA) == "muslim" and after.powers["golden_horde"].honor == 3
    again = conversion.check(after, "golden_horde", Convert("orthodox"), DATA)
    assert again is not None and "once a game" in again
    assert "may become catholic or muslim or orthodox" in (
        conversion.check(state, "golden_horde", Convert("buddhist"), DATA) or ""
    )


def test_no_conversion_without_the_variant_nor_for_another_kingdom() -> None:
    """L3192: a variant is played only when all agree; L3212-3218 name two kingdoms only."""
    plain = game()
    after, results = convert(plain, "golden_horde", "muslim")
    assert not results[0].ok and religion_of(after, "golden_horde", DATA) == "buddhist"
    both = game(KHANATE_RELIGION, BYZANTINE_RELIGION)
    assert conversion.check(both, "hungary", Convert("orthodox"), DATA) is not None
    assert (
        conversion.check(both, "byzantium", Convert("muslim"), DATA)
        == "byzantium may become catholic (L3218)"
    )
    assert conversion.options(both, "byzantium", DATA) == [Convert("catholic")]


def test_the_byzantine_becomes_catholic_and_its_rebellion_level_follows_its_lt() -> None:
    """L3218, ex L3246: the Byzantine at LT II becomes Catholic: -1 PO, rebellion level +2; at LT
    III it is +3 in all. It is the Pope's flock now (L2190: a Catholic under the Pope)."""
    lt2 = game(BYZANTINE_RELIGION).with_power("byzantium", techs=TECHS[:8])
    before = tech_modifier(lt2, "byzantium", DATA)
    after, results = convert(lt2, "byzantium", "catholic")
    assert results[0].ok and after.powers["byzantium"].honor == 4
    assert any(
        isinstance(e, Converted)
        for e in diplomacy.resolve(lt2, {"byzantium": (Convert("catholic"),)}, DATA, dice()).events
    )
    assert is_catholic(after, "byzantium", DATA)
    rise2 = tech_modifier(after, "byzantium", DATA) - before
    lt3 = after.with_power("byzantium", techs=TECHS[:16])
    rise3 = tech_modifier(lt3, "byzantium", DATA) - tech_modifier(
        lt2.with_power("byzantium", techs=TECHS[:16]), "byzantium", DATA
    )
    assert (rise2, rise3) == (2, 3)
    owned = after.with_territory("costantinopoli", owner="byzantium", armies={"byzantium": 5}, buildings=())
    plain = lt2.with_territory("costantinopoli", owner="byzantium", armies={"byzantium": 5}, buildings=())
    assert (
        rebellion_threshold(owned, "costantinopoli", DATA)
        == rebellion_threshold(plain, "costantinopoli", DATA) + 2
    )


def test_a_state_without_a_conversion_keeps_its_json() -> None:
    """The new field is left out of the JSON at its default (the digests of other games hold)."""
    dumped = prune(game().model_dump(mode="json"))
    assert all("converted" not in p for p in dumped["powers"].values())
    converted = prune(game().with_power("byzantium", converted="catholic").model_dump(mode="json"))
    assert converted["powers"]["byzantium"]["converted"] == "catholic"
