"""Prisoners freed in the reinforcements phase (seed 002 L978, L1006; digest §4.10) and
INVESTITURA's VF bought for 15 florins (L988, L1001, L3024, ex L2998).

L1006: "si possono scambiare un egual numero di Prigionieri in proprio possesso con propri
prigionieri posseduti da altri giocatori, oppure contrattare una cifra in Fiorini per liberarli e
riposizionarli sulla mappa nel successivo Posizionamento". Combat does not take prisoners yet: the
GM sets them (``SET captor prisoners owner N``).
"""

from __future__ import annotations

import pytest

from adjudicator.core.events import Scope
from adjudicator.errors import EditError
from adjudicator.rulesets.medioevo.events import ReinforcementsGranted
from adjudicator.rulesets.medioevo.events_economy import PrisonersFreed, RansomPaid, VFBought
from adjudicator.rulesets.medioevo.orders import REINFORCEMENTS
from adjudicator.rulesets.medioevo.phases import reinforcements
from adjudicator.rulesets.medioevo.state import MedioevoState
from tests.rules.economy_window import DATA, RULES, after, economy, events, play, refused, results

LT2 = (
    "MATEMATICA",
    "COMMERCIO",
    "LEGGE",
    "MISTICISMO",
    "AGRICOLTURA",
    "ALLEVAMENTO",
    "CACCIA",
    "INVESTITURA",
)


def captives(*edits: str) -> MedioevoState:
    """Hungary holds 5 VF of France, France 3 of Hungary."""
    return economy("SET hungary prisoners france 5", "SET france prisoners hungary 3", *edits)


def on_map(state: MedioevoState, power: str) -> int:
    return sum(t.armies.get(power, 0) for t in state.territories.values())


def test_the_gm_sets_prisoners() -> None:
    state = captives()
    assert state.powers["hungary"].prisoners == {"france": 5}
    freed = captives("SET hungary prisoners france 0")
    assert freed.powers["hungary"].prisoners == {}
    with pytest.raises(EditError):
        RULES.gm_edit(state, "SET hungary prisoners hungary 2")


def test_L1006_an_equal_exchange_frees_both_sides_for_the_next_positioning() -> None:
    """L1006: an equal number each way, by matching orders; the freed VF join their owner's
    reinforcements and are placed in the positioning that follows (phase 8)."""
    state = captives()
    outcome = play(
        state,
        {"hungary": ["EXCHANGE 3 PRISONERS WITH france"], "france": ["EXCHANGE 3 PRISONERS WITH hungary"]},
    )
    raised = after(outcome, REINFORCEMENTS)
    assert raised.powers["hungary"].prisoners == {"france": 2}
    assert raised.powers["france"].prisoners == {}
    granted = {e.power: e.total for e in events(outcome) if isinstance(e, ReinforcementsGranted)}
    for power in ("hungary", "france"):
        assert raised.powers[power].reinforcements == granted[power] + 3
    freed = [(e.captor, e.owner, e.amount) for e in events(outcome) if isinstance(e, PrisonersFreed)]
    assert sorted(freed) == [("france", "hungary", 3), ("hungary", "france", 3)]
    end = outcome.state
    assert isinstance(end, MedioevoState)
    assert on_map(end, "france") == on_map(state, "france") + granted["france"] + 3


def test_L1006_the_numbers_must_be_equal_and_both_must_agree() -> None:
    state = captives()
    outcome = play(
        state,
        {"hungary": ["EXCHANGE 3 PRISONERS WITH france"], "france": ["EXCHANGE 2 PRISONERS WITH hungary"]},
    )
    reason = results(outcome, "france")["EXCHANGE 2 PRISONERS WITH hungary"].reason
    assert (
        reason is not None and reason.message == "france offered 2, you 3: the numbers must be equal (L1006)"
    )
    assert after(outcome, REINFORCEMENTS).powers["hungary"].prisoners == {"france": 5}
    alone = play(state, {"hungary": ["EXCHANGE 3 PRISONERS WITH france"]})
    reason = results(alone, "hungary")["EXCHANGE 3 PRISONERS WITH france"].reason
    assert reason is not None and reason.message == "france sent no EXCHANGE of prisoners with you (L1006)"
    assert refused(state, "hungary", "EXCHANGE 4 PRISONERS WITH france") == [
        "france holds 3 VF of yours prisoner, not 4"
    ]


def test_L1006_a_ransom_offered_and_accepted_moves_the_florins() -> None:
    """L1006 "contrattare una cifra in Fiorini": France offers 120 florins for 3 of its VF held by
    Hungary, Hungary accepts; the florins pass from one to the other, the bank is untouched, and
    the price is told to the two parties only (florins are private, R7)."""
    state = captives()
    outcome = play(
        state,
        {"france": ["RANSOM 3 PRISONERS FROM hungary FOR 120"], "hungary": ["ACCEPT RANSOM FROM france"]},
    )
    raised = after(outcome, REINFORCEMENTS)
    assert raised.powers["hungary"].prisoners == {"france": 2}
    taxed = after(outcome, "taxes")
    assert raised.powers["france"].florins == taxed.powers["france"].florins - 120
    assert raised.powers["hungary"].florins == taxed.powers["hungary"].florins + 120
    assert raised.bank == taxed.bank
    paid = next(e for e in events(outcome) if isinstance(e, RansomPaid))
    assert paid.visibility.scope is Scope.POWERS and set(paid.visibility.powers) == {"france", "hungary"}
    assert results(outcome, "hungary")["ACCEPT RANSOM FROM france"].ok


def test_a_ransom_not_accepted_or_not_affordable_fails() -> None:
    state = captives()
    offer = "RANSOM 3 PRISONERS FROM hungary FOR 900"
    unanswered = play(state, {"france": [offer]})
    reason = results(unanswered, "france")[offer].reason
    assert reason is not None and reason.message == "hungary did not accept (ACCEPT RANSOM FROM france)"
    poor = captives("SET france florins 0")
    outcome = play(poor, {"france": [offer], "hungary": ["ACCEPT RANSOM FROM france"]})
    taxed = after(outcome, "taxes").powers["france"].florins
    assert results(outcome, "france")[offer].reason is not None
    assert results(outcome, "france")[offer].reason.message == (  # type: ignore[union-attr]
        f"the ransom is 900 florins and france holds {taxed}"
    )
    answer = results(outcome, "hungary")["ACCEPT RANSOM FROM france"]
    assert not answer.ok
    assert refused(state, "hungary", "ACCEPT RANSOM FROM byzantium") == ["you hold no prisoners of byzantium"]


def test_example_L2998_investitura_buys_1_vf_for_15_florins() -> None:
    """ex L2998: a level-2 player with INVESTITURA buys 1 VF extra for 15 florins (L988, L1001),
    paid to the bank; the VF is a line of the reinforcement sheet."""
    state = economy(*(f"GRANT hungary tech {t}" for t in (*LT2, "INVESTITURA")))
    assert state.powers["hungary"].tech_level == 2
    outcome = play(state, {"hungary": ["BUY 1 VF"]})
    raised = after(outcome, REINFORCEMENTS)
    taxed = after(outcome, "taxes")
    assert raised.powers["hungary"].florins == taxed.powers["hungary"].florins - 15
    assert raised.bank == taxed.bank + 15
    granted = next(
        e for e in events(outcome) if isinstance(e, ReinforcementsGranted) and e.power == "hungary"
    )
    assert granted.items["INVESTITURA"] == 1
    assert any(isinstance(e, VFBought) and (e.vf, e.cost) == (1, 15) for e in events(outcome))
    assert reinforcements.vf_for_sale(state.powers["hungary"].techs, DATA) == [("investitura", 1, 15)]


def test_investitura_is_needed_and_sells_one_vf_a_turn() -> None:
    """L988: "1 VF extra"; without INVESTITURA nothing is for sale. Bought by the same mail in the
    purchases it counts in the reinforcements of the same turn (R10)."""
    state = economy("GRANT hungary tech LEGGE")
    assert refused(state, "hungary", "BUY 1 VF") == ["buying VF needs INVESTITURA (L988)"]
    assert refused(state, "hungary", "BUY TECH INVESTITURA", "INVESTITURA", "BUY 1 VF") == [
        "",
        "",
        "one BUY n VF a phase: see the line above",
    ]
    assert refused(state, "hungary", "BUY TECH INVESTITURA", "BUY 2 VF") == [
        "",
        "you may buy 1 VF a turn (L988)",
    ]
    outcome = play(state, {"hungary": ["BUY TECH INVESTITURA", "BUY 1 VF"]})
    assert results(outcome, "hungary")["BUY 1 VF"].note == "paid 15 florins"
