"""Auditable dice: HMAC-SHA256 of seed and key, rejection sampling, loaded dice."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

import pytest

from adjudicator.core.dice import Dice, LoadedDiceError, roll_value, seed_commitment, verify_rolls

SEED = bytes(range(32))


def test_a_roll_is_the_documented_hmac_so_anyone_can_recompute_it() -> None:
    digest = hmac.new(SEED, b"T2.taxes|loan hungary|0#0", hashlib.sha256).digest()
    expected = int.from_bytes(digest[:8], "big") % 6 + 1
    assert roll_value(SEED, "T2.taxes|loan hungary|0", 6) == expected


def test_rolls_are_fair_over_many_keys() -> None:
    counts = Counter(roll_value(SEED, f"k{i}", 6) for i in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(900 < c < 1100 for c in counts.values())


def test_same_namespace_and_purpose_give_the_same_numbers() -> None:
    a, b = Dice(SEED, "T1.x"), Dice(SEED, "T1.x")
    assert [a.roll(8, "p") for _ in range(5)] == [b.roll(8, "p") for _ in range(5)]
    assert [r.key for r in a.rolls] == [f"T1.x|p|{i}" for i in range(5)]


def test_shuffle_is_a_permutation_recorded_roll_by_roll() -> None:
    dice = Dice(SEED, "T1.turn_order")
    items = list("abcdefghij")
    shuffled = dice.shuffle(items, "order")
    assert sorted(shuffled) == items
    assert len(dice.rolls) == len(items) - 1
    assert verify_rolls(SEED, [(r.key, r.sides, r.value) for r in dice.rolls]) == []


def test_loaded_dice_come_first_and_are_marked() -> None:
    dice = Dice(SEED, "T2.taxes", loaded=[3])
    assert dice.roll(6, "loan") == 3
    second = dice.roll(6, "loan")
    assert dice.rolls[0].loaded and not dice.rolls[1].loaded
    assert second == roll_value(SEED, "T2.taxes|loan|1", 6)


def test_a_loaded_value_that_does_not_fit_the_die_is_refused() -> None:
    with pytest.raises(LoadedDiceError):
        Dice(SEED, "T2.taxes", loaded=[7]).roll(6, "loan")


def test_commitment_binds_the_seed() -> None:
    assert seed_commitment(SEED) == hashlib.sha256(b"adjudicator-dice-v1|" + SEED).hexdigest()
    assert seed_commitment(SEED) != seed_commitment(bytes(32))
