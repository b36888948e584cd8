"""Phase 2, Empire cards (seed 002 L476-480; design §7; ruling R17): the draw, KEEP, the price of a
second card, the standing priority list, the deck kept whole, and hands kept secret."""

from __future__ import annotations

from collections import Counter
from typing import cast

from adjudicator.core.dice import Dice
from adjudicator.core.engine import resolve_window, window_label
from adjudicator.core.events import Visibility
from adjudicator.orders.text import split_order_text
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.events import CardsDealt, CardsDrawn
from adjudicator.rulesets.medioevo.orders import Keep, KeepPriority
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState

RULES = MedioevoRuleset()
DATA = default_dataset()
SEED = b"c" * 32
POWERS = ["holy_roman_empire", "hungary", "france", "byzantium"]


def at_cards_window() -> tuple[MedioevoState, list[object]]:
    state, _ = RULES.initial_state("g", POWERS, {}, Dice(SEED, "T0.setup"))
    outcome = resolve_window(RULES, state, {}, SEED)  # T1.bids: turn order, then the draw
    assert window_label(RULES, outcome.state) == "T1.cards"
    return cast(MedioevoState, outcome.state), list(outcome.events)


def all_cards(state: MedioevoState) -> Counter[str]:
    held = Counter(state.deck)
    for power in state.powers.values():
        held.update(power.cards)
        held.update(power.drawn)
    return held


def test_the_deck_for_four_players_is_the_table_column() -> None:
    """L2788-2842: 83 cards for 4 players, shuffled at setup."""
    state, _ = RULES.initial_state("g", POWERS, {}, Dice(SEED, "T0.setup"))
    mu = cast(MedioevoState, state)
    assert Counter(mu.deck) == Counter(DATA.empire_deck.deck_for(4))
    assert len(mu.deck) == 83
    assert list(mu.deck) != sorted(mu.deck)


def test_each_power_draws_lt_plus_one_in_secret() -> None:
    """L478: LT + 1 cards each, in turn order; only the drawer learns which."""
    state, events = at_cards_window()
    for power in POWERS:
        assert len(state.powers[power].drawn) == state.powers[power].tech_level + 1 == 2
    assert len(state.deck) == 83 - 8
    drawn = [e for e in events if isinstance(e, CardsDrawn)]
    assert {e.power: e.visibility for e in drawn} == {p: Visibility.to(p) for p in POWERS}
    dealt = next(e for e in events if isinstance(e, CardsDealt))
    assert dealt.visibility == Visibility.public() and dealt.counts == dict.fromkeys(POWERS, 2)
    # drawn in turn order from the top of the shuffled deck
    first = state.turn_order[0]
    setup, _ = RULES.initial_state("g", POWERS, {}, Dice(SEED, "T0.setup"))
    assert state.powers[first].drawn == cast(MedioevoState, setup).deck[:2]


def test_keep_one_free_a_second_for_100_and_the_rest_to_the_bottom() -> None:
    """L478-480: keep 1, a 2nd for 100 florins; unkept cards go under the deck in turn order."""
    state, _ = at_cards_window()
    hungary = state.powers["hungary"].drawn
    france = state.powers["france"].drawn
    orders = {
        "hungary": [Keep(hungary[1]), Keep(hungary[0])],
        "france": [Keep(france[0])],
        "holy_roman_empire": [],
    }
    outcome = resolve_window(RULES, state, orders, SEED)
    after = cast(MedioevoState, outcome.state)
    assert after.powers["hungary"].cards == (hungary[1], hungary[0])
    assert after.powers["hungary"].florins == state.powers["hungary"].florins - 100
    assert after.bank == state.bank + 100
    assert after.powers["france"].cards == (france[0],)
    assert after.powers["france"].florins == state.powers["france"].florins
    assert all(not p.drawn for p in after.powers.values())
    assert all_cards(after) == all_cards(state)
    put_back = {p: [c for c in state.powers[p].drawn if c not in after.powers[p].cards] for p in POWERS}
    expected_bottom = [c for p in state.turn_order for c in put_back[p]]
    assert list(after.deck[-len(expected_bottom) :]) == expected_bottom
    notes = {r.order: r for r in outcome.results if r.power == "hungary"}
    assert notes[f"KEEP {hungary[0]}"].ok and "100" in notes[f"KEEP {hungary[0]}"].note


def test_a_silent_power_keeps_by_its_standing_priority_or_the_first_card() -> None:
    """R17 (design §7): no KEEP → the first drawn card in the priority list, else the first drawn."""
    state, _ = at_cards_window()
    drawn = state.powers["byzantium"].drawn
    wanted = drawn[1]
    orders = {"byzantium": [KeepPriority(("ladro", wanted))]}
    after = cast(MedioevoState, resolve_window(RULES, state, orders, SEED).state)
    expected = "ladro" if "ladro" in drawn else wanted
    assert after.powers["byzantium"].cards == (expected,)
    assert after.powers["byzantium"].keep_priority == ("ladro", wanted)
    # France sent nothing and has no list: it keeps the first card it drew
    assert after.powers["france"].cards == (state.powers["france"].drawn[0],)


def test_keep_orders_are_checked_against_the_draw() -> None:
    state, _ = at_cards_window()
    drawn = state.powers["hungary"].drawn
    absent = next(c for c in DATA.cards if c not in drawn)
    text = split_order_text(
        f"KEEP {DATA.cards[drawn[0]].name.title()}\nKEEP {DATA.cards[absent].name}\n"
        "KEEP Giocoliere\nKEEP PRIORITY Targa d'oro, mercante\nKEEP PRIORITY\nLOAN"
    )
    submission = RULES.parse(state, "hungary", text.lines)
    assert submission.orders == (Keep(drawn[0]), KeepPriority(("targa_doro", "mercante")))
    messages = {i.line_no: i.message for i in submission.issues}
    assert messages[2].startswith(f"{DATA.cards[absent].name} is not among the cards you drew")
    assert messages[3] == "no Empire card called 'Giocoliere'"
    assert messages[5] == "KEEP PRIORITY needs card names separated by commas"
    assert "LOAN is an order for the taxes phase" in messages[6]


def test_a_second_card_needs_100_florins_and_a_third_is_refused() -> None:
    state, _ = at_cards_window()
    state = state.with_power("hungary", florins=60, drawn=("ladro", "spia", "monaco"))
    orders = {"hungary": [Keep("ladro"), Keep("spia"), Keep("monaco")]}
    outcome = resolve_window(RULES, state, orders, SEED)
    after = cast(MedioevoState, outcome.state)
    assert after.powers["hungary"].cards == ("ladro",)
    failed = {r.order: r.reason.code for r in outcome.results if r.power == "hungary" and r.reason}
    assert failed == {"KEEP spia": "no-money", "KEEP monaco": "no-money"}
    rich = state.with_power("hungary", florins=500)
    outcome = resolve_window(RULES, rich, orders, SEED)
    after = cast(MedioevoState, outcome.state)
    assert after.powers["hungary"].cards == ("ladro", "spia")
    failed = {r.order: r.reason.code for r in outcome.results if r.power == "hungary" and r.reason}
    assert failed == {"KEEP monaco": "too-many"}
    assert Counter(after.deck) - Counter(rich.deck) >= Counter(["monaco"])


def test_other_powers_never_see_a_hand_a_draw_or_the_deck() -> None:
    state, _ = at_cards_window()
    seen = RULES.view(state, "france")
    assert seen["deck"] is None and seen["deck_size"] == len(state.deck)
    for power in POWERS:
        mine = seen["powers"][power]
        if power == "france":
            assert tuple(mine["drawn"]) == state.powers["france"].drawn
        else:
            assert "drawn" not in mine and "cards" not in mine and "keep_priority" not in mine
