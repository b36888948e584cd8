"""Dotted paths into a state's JSON, as scenario expectations use them."""

from __future__ import annotations

from adjudicator.service.expectations import MISSING, lookup, state_failures

STATE = {
    "powers": {"hungary": {"florins": 700}},
    "turn_order": ["france", "hungary"],
    "pieces": [
        {"owner": "hungary", "kind": "caravan", "number": 1, "level": 2},
        {"owner": "hungary", "kind": "caravan", "number": 2, "level": 1},
        {"owner": "france", "kind": "caravan", "number": 1, "level": 3},
    ],
}


def test_paths_keys_indexes_and_selectors() -> None:
    assert lookup(STATE, "powers.hungary.florins") == 700
    assert lookup(STATE, "turn_order.0") == "france"
    assert lookup(STATE, "turn_order.-1") == "hungary"
    assert lookup(STATE, "pieces[owner=hungary,number=2].level") == 1
    assert lookup(STATE, "pieces[owner=france].level") == 3


def test_missing_and_ambiguous_paths() -> None:
    assert lookup(STATE, "powers.france") is MISSING
    assert lookup(STATE, "turn_order.2") is MISSING
    assert lookup(STATE, "pieces[owner=hungary].level") is MISSING  # two match: not one
    assert lookup(STATE, "pieces[owner=england].level") is MISSING
    assert state_failures({"pieces[owner=hungary].level": 2}, STATE) == [
        "state pieces[owner=hungary].level: no such value in the state"
    ]
    assert state_failures({"powers.hungary.florins": 600}, STATE) == [
        "state powers.hungary.florins: expected 600, got 700"
    ]
