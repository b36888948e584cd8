"""The example mails under orders/examples/ parse as the order language documentation says."""

from __future__ import annotations

from pathlib import Path
from typing import cast

from adjudicator.core.dice import Dice
from adjudicator.core.engine import resolve_window
from adjudicator.core.orders import Order
from adjudicator.core.state import GameState
from adjudicator.orders.text import split_order_text
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState

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
        ("commerce.txt", "T1.commerce"),
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


def test_valid_purchase_cards_example_is_accepted_whole() -> None:
    """economy-purchase-cards.txt: the cards in hand, the technologies they need, a damaged
    Cathedral in Pest and a Banato with no Torre (GM edits)."""
    state = state_at("T1.economy")
    for card in ("MECENATE", "ARCHITETTO", "ABATE", "CAPOMASTRO", "TACCAGNO"):
        state, _ = RULES.gm_edit(state, f"GRANT hungary card {card}")
    for tech in ("BANCHE", "ARCHITETTURA", "INGEGNERIA", "MATEMATICA"):
        state, _ = RULES.gm_edit(state, f"GRANT hungary tech {tech}")
    state, _ = RULES.gm_edit(state, "DAMAGE Pest cathedral")
    state, _ = RULES.gm_edit(state, "BUILD Banato village")
    text = split_order_text((EXAMPLES / "valid" / "economy-purchase-cards.txt").read_text())
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


def test_valid_assets_example_is_accepted_whole() -> None:
    """economy-assets.txt: fire sales, bankruptcy, INVESTITURA and prisoners (GM edits set the
    loan, the technologies and the prisoners)."""
    state = state_at("T1.economy")
    for edit in (
        "GRANT hungary tech LEGGE",
        "GRANT hungary tech INVESTITURA",
        "SET hungary prisoners france 5",
        "SET france prisoners hungary 3",
        "SET hungary prisoners byzantium 2",
    ):
        state, _ = RULES.gm_edit(state, edit)
    state = cast(MedioevoState, state).with_power("hungary", loans=(400,))
    text = split_order_text((EXAMPLES / "valid" / "economy-assets.txt").read_text())
    submission = RULES.parse(state, "hungary", text.lines)
    assert submission.issues == ()
    assert len(submission.orders) == len(text.lines)


def test_invalid_assets_examples_are_rejected_line_by_line() -> None:
    text = split_order_text((EXAMPLES / "invalid" / "economy-assets.txt").read_text())
    submission = RULES.parse(state_at("T1.economy"), "hungary", text.lines)
    assert submission.orders == ()
    assert [i.line_no for i in submission.issues] == list(range(2, 12))
    messages = [i.message for i in submission.issues]
    assert "is not yours" in messages[0]
    assert messages[1].startswith("a captain is not a building")
    assert messages[2] == "there is no Castello in Pest"
    assert messages[3].startswith("Parigi is not yours")
    assert messages[4].startswith("expected SELL <building> IN <territory>")
    assert messages[5].startswith("you have no debts to cancel")
    assert messages[6] == "buying VF needs INVESTITURA (L988)"
    assert messages[7] == "you hold 0 VF of france prisoner, not 2"
    assert messages[8].startswith("expected RANSOM <n> PRISONERS FROM <power> FOR <florins>")
    assert messages[9] == "you hold no prisoners of france"


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


VALID_WINDOWS = (
    ("economy.txt", "T1.economy"),
    ("bids.txt", "T2.bids"),
    ("cards.txt", "T1.cards"),
    ("diplomacy.txt", "T1.cards"),
    ("setup.txt", "T1.cards"),
)


def round_trip_problems(state: GameState, power: str, orders: list[Order]) -> list[str]:
    """Orders whose canonical line (what the judge stores and reads again at the deadline) does
    not parse back to the same order: such an order would be lost without an answer."""
    problems = []
    for order in orders:
        again = RULES.parse(state, power, [(1, order.canonical())], strict=False)
        if again.orders != (order,):
            problems.append(f"{order.canonical()!r} reads back as {again.orders} {again.issues}")
    return problems


def test_canonical_lines_of_the_examples_read_back_as_the_same_orders() -> None:
    for name, window in VALID_WINDOWS:
        state = state_at(window)
        text = split_order_text((EXAMPLES / "valid" / name).read_text())
        orders = list(RULES.parse(state, "hungary", text.lines).orders)
        assert round_trip_problems(state, "hungary", orders) == [], name


def test_canonical_lines_of_every_legal_order_read_back_as_the_same_orders() -> None:
    """The bots' and OPTIONS' orders, with a hand of every Empire card and the technologies most
    cards ask for, in every kind of window."""
    techs = ("ISTRUZIONE", "LETTERATURA", "MATEMATICA", "CONIO", "FORGIATURA", "BANCHE", "ARCHITETTURA")
    for window in ("T1.cards", "T1.economy", "T2.bids", "T2.cards", "T2.economy"):
        state = state_at(window)
        for card in sorted(set(RULES.data.cards)):
            state, _ = RULES.gm_edit(state, f"GRANT hungary card {card}")
        for tech in techs:
            state, _ = RULES.gm_edit(state, f"GRANT hungary tech {tech}")
        orders = list(RULES.legal_orders(state, "hungary"))
        assert orders, window
        assert round_trip_problems(state, "hungary", orders) == [], window
