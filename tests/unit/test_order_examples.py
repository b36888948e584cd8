"""The example mails under orders/examples/ parse as the order language documentation says."""

from __future__ import annotations

from pathlib import Path

from adjudicator.core.dice import Dice
from adjudicator.core.engine import resolve_window
from adjudicator.core.state import GameState
from adjudicator.orders.text import split_order_text
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset

EXAMPLES = Path(__file__).resolve().parents[2] / "orders" / "examples"
RULES = MedioevoRuleset()
SEED = b"e" * 32


def state_at(window: str) -> GameState:
    state, _ = RULES.initial_state(
        "demo", ["hungary", "france", "byzantium", "holy_roman_empire"], {}, Dice(SEED, "T0.setup")
    )
    while f"T{state.turn}.{RULES.windows()[state.window].name}" != window:
        state = resolve_window(RULES, state, {}, SEED).state
    return state


def test_valid_examples_are_accepted_whole() -> None:
    for name, window in (
        ("economy.txt", "T1.economy"),
        ("bids.txt", "T2.bids"),
        ("cards.txt", "T1.cards"),
        ("diplomacy.txt", "T1.cards"),
        ("setup.txt", "T1.cards"),
    ):
        text = split_order_text((EXAMPLES / "valid" / name).read_text())
        submission = RULES.parse(state_at(window), "hungary", text.lines)
        assert submission.issues == (), name
        assert len(submission.orders) == len(text.lines)


def test_valid_card_plays_example_is_accepted_whole() -> None:
    """economy-cards.txt: the cards it plays are in hand (GM edits), MATEMATICA is bought by the mail."""
    state = state_at("T1.economy")
    for card in ("GABELLIERE", "AVARO", "USURAI", "MERCENARIO", "MERCENARIO"):
        state, _ = RULES.gm_edit(state, f"GRANT hungary card {card}")
    state, _ = RULES.gm_edit(state, "GRANT hungary tech CONIO")
    text = split_order_text((EXAMPLES / "valid" / "economy-cards.txt").read_text())
    submission = RULES.parse(state, "hungary", text.lines)
    assert submission.issues == ()
    assert len(submission.orders) == len(text.lines)


def test_invalid_examples_are_rejected_line_by_line() -> None:
    text = split_order_text((EXAMPLES / "invalid" / "economy.txt").read_text())
    submission = RULES.parse(state_at("T1.economy"), "hungary", text.lines)
    assert submission.orders == ()
    assert [i.line_no for i in submission.issues] == list(range(2, 13))
    messages = [i.message for i in submission.issues]
    assert "BID is an order for the turn order phase" in messages[0]
    assert messages[1] == "no territory called 'Atlantide'"
    assert messages[2] == "Parigi is not yours"
    assert messages[3] == "BANCHE needs CONIO held at the start of the phase (L803)"
    assert messages[4] == "you have no loan to repay"
    assert messages[5] == "Pest already has a Fortilizio"
    assert messages[6] == "a Castello needs INGEGNERIA"
    assert messages[7].startswith("expected BUY TECH <technology> or BUY <piece> IN <territory>")
    assert messages[8] == "Pest has no port for a Galea I"
    assert messages[9] == "a Capitano II needs SCUOLA MILITARE"
    assert messages[10] == "a Carro da guerra II needs LT 2"


def test_invalid_diplomacy_examples_are_rejected_line_by_line() -> None:
    text = split_order_text((EXAMPLES / "invalid" / "diplomacy.txt").read_text())
    submission = RULES.parse(state_at("T1.cards"), "hungary", text.lines)
    assert submission.orders == ()
    assert [i.line_no for i in submission.issues] == list(range(2, 16))
    messages = [i.message for i in submission.issues]
    assert messages[0].startswith("expected PACT WITH <power>")
    assert messages[1].startswith("a military alliance is between two powers")
    assert messages[2] == "you cannot make a pact with yourself"
    assert messages[3] == "you are not at war with france"
    assert messages[4] == "you are not a party to any pact number 9"
    assert messages[5] == "no vote is open on pact 1"
    assert messages[6] == "DIPLOMATICO is not in your hand"
    assert messages[7] == "PLAY GABELLIERE is an order for the taxes phase, which takes no orders in T1.cards"
    assert messages[8] == "no power called 'england'"
    assert messages[9] == "BARDO is not in your hand"
    assert messages[10] == "you hold 1000 florins"
    assert messages[11] == "a gift is for another power's feast"
    assert messages[12] == "you cannot cancel your own CASTELLANO"
    assert messages[13] == "no barbarian kingdom called 'Ungheria'"


def test_valid_diplomacy_card_plays_example_is_accepted_whole() -> None:
    """diplomacy-cards.txt: the cards it plays are in hand (GM edits), ISTRUZIONE for the CASTELLANO."""
    state = state_at("T1.cards")
    for card in ("CONCESSIONE", "SPIA", "PRINCIPESSA", "GIULLARE", "BARDO", "CASTELLANO"):
        state, _ = RULES.gm_edit(state, f"GRANT hungary card {card}")
    state, _ = RULES.gm_edit(state, "GRANT hungary tech ISTRUZIONE")
    state, _ = RULES.gm_edit(state, "BUILD Banato village")
    text = split_order_text((EXAMPLES / "valid" / "diplomacy-cards.txt").read_text())
    submission = RULES.parse(state, "hungary", text.lines)
    assert submission.issues == ()
    assert len(submission.orders) == len(text.lines)
