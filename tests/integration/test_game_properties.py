"""The properties checked on the bot game (game_properties.py) catch what they are for: florins
below zero with no loan (L909-917), a PO or CB change no event tells (L341, L764), an Empire card
lost or made up (the deck table L2788-2842). Pure, on turn 1's economy window."""

from __future__ import annotations

from collections import Counter

from adjudicator.rulesets.medioevo.events_diplomacy import GrievanceChanged, HonorChanged
from tests.integration.game_properties import window_problems
from tests.rules.economy_window import DATA, POWERS, economy

DECK = Counter(DATA.empire_deck.deck_for(len(POWERS)))
STATE = economy()  # once: each test changes it by hand


def test_a_sound_window_has_no_problem() -> None:
    state = STATE
    assert window_problems(state, state, [], DECK) == []


def test_florins_below_zero_need_a_loan_L909() -> None:
    state = STATE
    broke = state.with_power("hungary", florins=-5)
    assert window_problems(state, broke, [], DECK) == ["hungary has -5 florins and no loan"]
    assert window_problems(state, broke.with_power("hungary", loans=(300,)), [], DECK) == []


def test_po_and_cb_are_the_sum_of_their_events_L341_L764() -> None:
    state = STATE
    after = state.with_power("hungary", honor=2, casus_belli={"france": 1})
    assert window_problems(state, after, [], DECK) == [
        "hungary: PO 0 -> 2, the events say +0",
        "hungary: CB against france changed by +1, the events say +0",
    ]
    told = [
        HonorChanged(power="hungary", delta=3, reason="x"),
        HonorChanged(power="hungary", delta=-1, reason="y"),
        GrievanceChanged(holder="hungary", against="france", delta=1, total=1, reason="z"),
    ]
    assert window_problems(state, after, told, DECK) == []


def test_every_card_is_in_one_place_L2788() -> None:
    state = STATE
    card = state.deck[0]
    lost = state.evolve(deck=state.deck[1:])
    assert window_problems(state, lost, [], DECK) == [
        f"cards found but not in the deck table: {{}}; missing: {{{card!r}: 1}}"
    ]
    doubled = state.with_power("hungary", cards=(*state.powers["hungary"].cards, card))
    assert window_problems(state, doubled, [], DECK) == [
        f"cards found but not in the deck table: {{{card!r}: 1}}; missing: {{}}"
    ]
    moved = lost.evolve(discards=(*lost.discards, card))
    assert window_problems(state, moved, [], DECK) == []
