"""Bankruptcy (Bancarotta, seed 002 L925-931; digest §4.8, A26): once a game, a power that cannot
settle its debts has them cancelled, receives 1000 florins and loses 3 PO.

The seeds give no worked example. The trigger (A26) is a ruling: by default the power's open loans
with their interest come to more than its florins when it declares, after its collection, sales
and repayments; ``economy_rules.bankruptcy_trigger = "any"`` lets it declare at will.
"""

from __future__ import annotations

from adjudicator.rulesets.medioevo.components.economy import BankruptcyTrigger
from adjudicator.rulesets.medioevo.events_diplomacy import HonorChanged
from adjudicator.rulesets.medioevo.events_economy import BankruptcyDeclared
from adjudicator.rulesets.medioevo.orders import TAXES
from adjudicator.rulesets.medioevo.phases import taxes
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState
from tests.rules.economy_window import DATA, after, economy, events, play, refused, results, tithe


def indebted(florins: int = 0, loans: tuple[int, ...] = (400,)) -> MedioevoState:
    return economy(f"SET hungary florins {florins}").with_power("hungary", loans=loans)


def test_L927_L931_debts_cancelled_1000_florins_3_po_once() -> None:
    """L927-931: "tutti i debiti vengono azzerati", "riceve 1000 fiorini come ad inizio partita"
    (added to what it holds), "perde 3 PO"; the bank pays, and the PO loss is reported."""
    state = indebted()
    outcome = play(state, {"hungary": ["BANKRUPTCY"]})
    taxed = after(outcome, TAXES)
    held = taxed.powers["hungary"]
    collected = sum(taxes.income(state, "hungary", DATA).values())
    assert held.loans == ()
    assert held.florins == collected + 1000 + tithe(outcome, "hungary")  # the tithe (L2186, R308)
    assert held.honor == -3
    assert held.bankruptcy_used
    assert taxed.bank + sum(p.florins for p in taxed.powers.values()) == state.bank + sum(
        p.florins for p in state.powers.values()
    )
    said = events(outcome)
    assert any(isinstance(e, BankruptcyDeclared) and e.florins == 1000 and e.po == 3 for e in said)
    assert any(isinstance(e, HonorChanged) and e.power == "hungary" and e.delta == -3 for e in said)
    assert results(outcome, "hungary")["BANKRUPTCY"].note == (
        "debts of 440 florins cancelled, 1000 florins received, 3 PO lost"
    )
    again = taxed.with_power("hungary", loans=(100,), florins=0)
    assert refused(again, "hungary", "BANKRUPTCY") == [
        "bankruptcy is declared once a game, and you have declared it (L927)"
    ]


def test_L927_a_power_that_can_settle_its_debts_is_refused() -> None:
    """A26 ruling: judged after the collection and repayments, a power whose florins cover its
    loans with interest is not bankrupt: the order fails with the sums."""
    state = indebted(florins=1000)
    outcome = play(state, {"hungary": ["BANKRUPTCY"]})
    taxed = after(outcome, TAXES)
    assert taxed.powers["hungary"].loans == (400,)
    assert not taxed.powers["hungary"].bankruptcy_used
    reason = results(outcome, "hungary")["BANKRUPTCY"].reason
    assert reason is not None and reason.message.startswith("you can settle your debts (440 florins due")


def test_L927_no_debts_no_bankruptcy() -> None:
    assert refused(economy(), "hungary", "BANKRUPTCY") == [
        "you have no debts to cancel: bankruptcy is for a power that cannot settle them (L927)"
    ]


def test_no_new_loan_in_the_phase_of_a_bankruptcy() -> None:
    """Ruling: the bankruptcy comes after the repayments and before new loans; a LOAN of the same
    phase is refused, or the cancelled debt could be borrowed again at once."""
    state = indebted()
    outcome = play(state, {"hungary": ["LOAN", "BANKRUPTCY"]})
    assert after(outcome, TAXES).powers["hungary"].loans == ()
    reason = results(outcome, "hungary")["LOAN"].reason
    assert reason is not None and reason.code == "bankrupt"


def test_the_any_flag_lets_a_power_declare_at_will() -> None:
    """The other reading of L927 (A26), for a GM who wants it: ``bankruptcy_trigger = "any"``."""
    rules_data = DATA.model_copy(
        update={
            "economy_rules": DATA.economy_rules.model_copy(
                update={"bankruptcy_trigger": BankruptcyTrigger.ANY}
            )
        }
    )
    rules = MedioevoRuleset(rules_data)
    state = economy(rules=rules)
    assert refused(state, "hungary", "BANKRUPTCY", rules=rules) == [""]
    outcome = play(state, {"hungary": ["BANKRUPTCY"]}, rules=rules)
    held = after(outcome, TAXES).powers["hungary"]
    assert held.florins == 1000 + sum(taxes.income(state, "hungary", DATA).values()) + 1000 + tithe(
        outcome, "hungary"
    )
    assert held.honor == -3
