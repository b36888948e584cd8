"""The variant OPZIONE DIPLOMATICA: GARANTIRE (guarantees.py; seed 002 L3320-3332, ex L3296-3304;
ruling R301). Pure: states built by hand, the phases resolved directly."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.endgame.standings import score_lines
from adjudicator.rulesets.medioevo.guarantees import BarbariansSent, Guarantee, KingdomGuaranteed
from adjudicator.rulesets.medioevo.orders import Build, Place
from adjudicator.rulesets.medioevo.phases import diplomacy, placement, purchases
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.variants import GUARANTEE
from adjudicator.rulesets.medioevo.war.captains import co_religionists_cb
from tests.rules.church_support import DATA, dice, diplomacy_mail
from tests.rules.war_states import war_state

SICILY = ("campania", "puglia", "sicilia", "isola_di_malta")  # the Regno di Sicilia, barbarian


def game(*variants: str) -> MedioevoState:
    lands = {t: TerritoryState(owner=None, armies={BARBARIANS: 3}, buildings=("village",)) for t in SICILY}
    lands["borgogna"] = TerritoryState(owner="france", buildings=("city",))
    state = war_state(("france", "mamluks"), lands, (), (), variants=variants)
    return state.with_power("france", florins=1000, reinforcements=10)


def guaranteed() -> MedioevoState:
    done = diplomacy.resolve(game(GUARANTEE), {"france": (Guarantee("puglia"),)}, DATA, dice())
    assert isinstance(done.state, MedioevoState)
    return done.state


def test_france_guarantees_sicily_with_a_marker_in_puglia() -> None:
    """Ex L3296: "il Regno di Francia usa l'azione GARANTIRE sul Regno di Sicilia e posiziona un
    suo segnalino in Puglia": one diplomatic action (L3322), public; refused without the variant."""
    assert diplomacy_mail(game(GUARANTEE), "france", "GUARANTEE Puglia") == (Guarantee("puglia"),)
    done = diplomacy.resolve(game(GUARANTEE), {"france": (Guarantee("puglia"),)}, DATA, dice())
    assert [r.ok for r in done.results] == [True]
    (event,) = [e for e in done.events if isinstance(e, KingdomGuaranteed)]
    assert event.kingdom == "Regno di Sicilia" and event.visibility.allows("mamluks")
    again = diplomacy.resolve(done.state, {"france": (Guarantee("sicilia"),)}, DATA, dice())  # type: ignore[arg-type]
    refused = again.results[0]
    assert not refused.ok and refused.reason is not None and "already" in refused.reason.message
    plain = diplomacy.resolve(game(), {"france": (Guarantee("puglia"),)}, DATA, dice())
    assert not plain.results[0].ok
    template = diplomacy.legal_orders(game(GUARANTEE), "france", DATA)
    assert any(isinstance(o, Guarantee) for o in template)
    assert not any(isinstance(o, Guarantee) for o in diplomacy.legal_orders(game(), "france", DATA))


def test_the_protector_sends_one_vf_a_territory_and_builds_a_tower() -> None:
    """Ex L3298-3300: France turns 4 of its VF into barbarian armies, 1 in each of the 4
    territories, and puts a Torre in Puglia and one in Malta (L3326: at most 1 VF a territory and
    1 fortification level)."""
    state = guaranteed()
    places = [Place(1, t) for t in SICILY] + [Place(1, "puglia")]
    done = placement.resolve(state, {"france": places}, DATA)
    after = done.state
    assert isinstance(after, MedioevoState)
    assert [r.ok for r in done.results][:5] == [True, True, True, True, False]
    why = done.results[4].reason
    assert why is not None and "at most 1 VF a territory a turn (L3326)" in why.message
    assert all(after.territories[t].armies == {BARBARIANS: 4} for t in SICILY)
    assert sum(e.amount for e in done.events if isinstance(e, BarbariansSent)) == 4
    builds = [Build("tower", "puglia"), Build("tower", "isola_di_malta"), Build("fort", "sicilia")]
    bought = purchases.resolve(state, {"france": builds}, DATA)
    assert [r.ok for r in bought.results] == [True, True, False]
    assert "tower" in bought.state.territories["puglia"].buildings  # type: ignore[attr-defined]
    elsewhere = purchases.resolve(game(GUARANTEE), {"france": builds[:1]}, DATA)
    assert not elsewhere.results[0].ok  # not guaranteed: not yours (L799)


def test_an_attack_on_the_guaranteed_kingdom_gives_the_protector_cb() -> None:
    """L3330, ex L3304: Sicily is Catholic as France: 2 CB against the Mamluk for each territory
    attacked; a protector of another faith would get 1."""
    state, _ = co_religionists_cb(guaranteed(), DATA, "mamluks", None, "sicilia")
    assert state.powers["france"].casus_belli == {"mamluks": 3}  # 1 co-religionist (L758) + 2 (L3330)
    orthodox = guaranteed().with_power("france", converted="orthodox")
    state, _ = co_religionists_cb(orthodox, DATA, "mamluks", None, "sicilia")
    assert state.powers["france"].casus_belli == {"mamluks": 1}


def test_the_protector_loses_half_a_po_for_each_territory_taken_at_the_end() -> None:
    """L3332: "Per ogni Regno garantito non libero ... il protettore perderà 0,5 PO per ogni
    territorio": two of Sicily's territories held by the Mamluk, -1 PO."""
    state = guaranteed()
    for t in ("sicilia", "campania"):
        state = state.with_territory(t, owner="mamluks", armies={"mamluks": 5})
    (line,) = [x for x in score_lines(state, "france", DATA) if x.key == "guarantees"]
    assert line.points == -1.0 and line.detail == "campania, sicilia"
    assert not [x for x in score_lines(game(), "france", DATA) if x.key == "guarantees"]
