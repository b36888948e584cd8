"""The tithe, excommunication, pardon and the Antipope (seed 002 L2184-2227, PO table L2433-2435)."""

from __future__ import annotations

from adjudicator.core.events import Visibility
from adjudicator.rulesets.medioevo.church import acts, tithe
from adjudicator.rulesets.medioevo.church.events import Excommunicated, TithePaid, TitheRefused
from adjudicator.rulesets.medioevo.church.papacy import ANTIPOPE, EXCOMMUNICATED, church_of
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger, religion_of
from adjudicator.rulesets.medioevo.events import TaxesCollected
from adjudicator.rulesets.medioevo.pacts import Pact, PactKind
from adjudicator.rulesets.medioevo.phases import diplomacy
from tests.rules import economy_window
from tests.rules.church_support import DATA, dice, economy

POPE = "holy_roman_empire"


def test_tithe_is_a_tenth_of_the_taxes_L2186() -> None:
    """L2186: 10% of each Catholic's taxes to the Pope, rounded down (digest A41); not the
    Orthodox, not the Pope himself."""
    state = economy(POPE, "SET hungary florins 1000", "SET france florins 1000")
    events = [
        TaxesCollected(power=p, items={}, total=n)
        for p, n in (("hungary", 255), ("france", 99), ("byzantium", 500))
    ]
    before = state.powers[POPE].florins
    state = tithe.collect(state, {}, DATA, events)
    told = [e for e in events if isinstance(e, TithePaid)]
    assert {e.power: e.amount for e in told} == {"hungary": 25, "france": 9}
    assert told[0].visibility == Visibility.to(told[0].power, POPE)  # the payer's taxes are private (R7)
    assert state.powers[POPE].florins == before + 34
    assert state.powers["hungary"].florins == 975


def test_tithe_refused_costs_1_po_a_turn_at_most_3_and_makes_excommunicable_L2188_L2211() -> None:
    """L2188: -1 PO each turn refused; the table caps it at -3 (L2434); 3 turns of refusal are a
    ground for excommunication (L2211)."""
    state = economy(POPE)
    refuse = {"hungary": economy_window.mail(state, "hungary", "TITHE REFUSE")}
    honor = state.powers["hungary"].honor
    for turn in range(4):
        told: list = [TaxesCollected(power="hungary", items={}, total=100)]
        state = tithe.collect(state, refuse, DATA, told)
        assert [e.po for e in told if isinstance(e, TitheRefused)] == [1 if turn < 3 else 0]
        assert (tithe.TITHE_GROUND in church_of(state).grounds.get("hungary", ())) == (turn >= 2)
    assert state.powers["hungary"].honor == honor - 3
    assert "only a Catholic" in economy_window.refused(state, "byzantium", "TITHE REFUSE")[0]


def test_excommunication_needs_grounds_and_costs_2_po_L2192_L2215() -> None:
    """L2192-2213: no ground, no excommunication; 10 CB of the Pope against him are one (A-38).
    L2215-2219: -2 PO, pacts with Catholics dissolved, another religion; the pardon gives the PO
    back (L2217)."""
    state = economy(POPE)
    pact = Pact(id=1, kind=PactKind.PACT, parties=("france", "hungary"), made=1, until=None, terms="")
    state = state.evolve(pacts=(pact,), next_pact=2)
    ledger = Ledger(state, DATA)
    assert "no ground" in (acts.check(state, POPE, acts.Excommunicate("hungary"), DATA) or "")
    state = state.with_power(POPE, casus_belli={"hungary": 10})
    orders = {POPE: (acts.Excommunicate("hungary"),)}
    ledger = Ledger(state, DATA)
    results: list = []
    honor = state.powers["hungary"].honor
    acts.resolve(ledger, orders, results)
    state = ledger.state
    assert results[0].ok, results
    assert state.powers["hungary"].honor == honor - 2
    assert religion_of(state, "hungary", DATA) == EXCOMMUNICATED and state.pacts == ()
    assert any(isinstance(e, Excommunicated) and e.pacts_broken == (1,) for e in ledger.events)
    ledger = Ledger(state, DATA)
    acts.resolve(ledger, {POPE: (acts.Pardon("hungary"),)}, results)
    assert ledger.state.powers["hungary"].honor == honor and ledger.state.powers["hungary"].religion is None


def test_antipope_founded_by_the_excommunicated_L2221() -> None:
    """L2221: the excommunicated power elects an Antipope, the 4th religious capital in one of its
    territories with 10 VF (+1 PO, L2433); a Catholic who joins him is excommunicated (L2227)."""
    state = economy(POPE).with_power("hungary", religion=EXCOMMUNICATED)
    home = next(t for t in state.owned_by("hungary"))
    vf = state.territories[home].armies["hungary"]
    ledger = Ledger(state, DATA)
    results: list = []
    acts.resolve(ledger, {"hungary": (acts.FoundAntipope(home),), "france": (acts.FoundAntipope(),)}, results)
    state = ledger.state
    assert all(r.ok for r in results), results
    assert church_of(state).antipope == "hungary" and church_of(state).antipope_capital == home
    assert state.territories[home].armies["hungary"] == vf + 10
    assert religion_of(state, "france", DATA) == ANTIPOPE


def test_church_orders_in_the_diplomacy_phase() -> None:
    """The acts through the Diplomacy phase itself, as a mail gives them."""
    state = economy(POPE).with_power(POPE, casus_belli={"france": 12})
    result = diplomacy.resolve(state, {POPE: (acts.Excommunicate("france"),)}, DATA, dice())
    assert religion_of(result.state, "france", DATA) == EXCOMMUNICATED  # type: ignore[arg-type]


def test_excommunicated_captains_may_not_attack_that_turn_L2219() -> None:
    """L2219: the excommunicated power's captains may not attack for 1 turn (R312): this turn."""
    from adjudicator.rulesets.medioevo.church.papacy import with_church
    from adjudicator.rulesets.medioevo.church.war_hooks import barred

    state = with_church(economy(POPE), excommunicated={"hungary": 1})
    assert barred(state, "hungary") is not None and barred(state, "france") is None
    assert barred(state.evolve(turn=2), "hungary") is None


def test_a_failed_attack_on_the_papal_state_is_a_ground_L2192() -> None:
    """L2192: a Catholic who attacks the Papal State held by a Catholic without taking it may be
    excommunicated; taking it makes him Pope instead (L2176)."""
    from adjudicator.rulesets.medioevo.church.war_hooks import ROME_GROUND, after_attack
    from adjudicator.rulesets.medioevo.war.cargo_state import Done
    from tests.rules.church_support import ROME

    state = economy(POPE)
    result = after_attack(state, "hungary", ROME, DATA, Done(state))
    assert isinstance(result, Done)
    assert church_of(result.state).grounds["hungary"] == (ROME_GROUND,)
    assert any("Papal State" in g for g in acts.grounds(result.state, POPE, "hungary", DATA))
    taken = state.with_territory(ROME, owner="hungary")
    assert after_attack(state, "hungary", ROME, DATA, Done(taken)).state.church is None  # type: ignore[union-attr]
    assert after_attack(state, "byzantium", ROME, DATA, Done(state)).state.church is None  # type: ignore[union-attr]
