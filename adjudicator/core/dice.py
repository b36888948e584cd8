"""Dice you can audit: HMAC-SHA256 of the game seed and a per-roll key, stdlib only.

A roll's value depends on nothing but the seed and its key, so once the seed is revealed any
player can recompute every roll of the game with :func:`roll_value` (or a dozen lines in any
language). The seed's commitment (:func:`seed_commitment`) is public from the start, so the seed
cannot be changed after orders are in.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

T = TypeVar("T")

COMMITMENT_PREFIX = b"adjudicator-dice-v1|"
_SPACE = 1 << 64


def new_seed() -> bytes:
    return secrets.token_bytes(32)


def seed_commitment(seed: bytes) -> str:
    """The public SHA-256 that binds the game to its seed."""
    return hashlib.sha256(COMMITMENT_PREFIX + seed).hexdigest()


def roll_value(seed: bytes, key: str, sides: int) -> int:
    """The value 1..sides of the roll named ``key``: unbiased by rejection sampling."""
    if sides < 1:
        raise ValueError(f"a die needs at least one side, not {sides}")
    limit = _SPACE - (_SPACE % sides)
    attempt = 0
    while True:
        digest = hmac.new(seed, f"{key}#{attempt}".encode(), hashlib.sha256).digest()
        number = int.from_bytes(digest[:8], "big")
        if number < limit:
            return number % sides + 1
        attempt += 1


@dataclass(frozen=True, slots=True)
class Roll:
    key: str
    purpose: str
    sides: int
    value: int
    loaded: bool


class LoadedDiceError(ValueError):
    """A GM-loaded value that does not fit the die it is used for (the engine names its key)."""

    def __init__(self, value: int, sides: int, purpose: str) -> None:
        super().__init__(f"loaded value {value} does not fit a d{sides} ({purpose})")
        self.value, self.sides, self.purpose = value, sides, purpose


@dataclass
class Dice:
    """The roller handed to one phase's resolution.

    Keys are ``namespace|purpose|n``, with ``n`` counting rolls of that purpose in this phase, so
    the same phase with the same orders always rolls the same numbers. Values loaded by the GM are
    used first, in order, and marked as loaded.
    """

    seed: bytes
    namespace: str
    loaded: list[int] = field(default_factory=list)
    rolls: list[Roll] = field(default_factory=list)
    _counters: dict[str, int] = field(default_factory=dict)

    def roll(self, sides: int, purpose: str) -> int:
        n = self._counters.get(purpose, 0)
        self._counters[purpose] = n + 1
        key = f"{self.namespace}|{purpose}|{n}"
        if self.loaded:
            value = self.loaded.pop(0)
            if not 1 <= value <= sides:
                raise LoadedDiceError(value, sides, purpose)
            self.rolls.append(Roll(key, purpose, sides, value, True))
            return value
        value = roll_value(self.seed, key, sides)
        self.rolls.append(Roll(key, purpose, sides, value, False))
        return value

    def shuffle(self, items: Sequence[T], purpose: str) -> tuple[T, ...]:
        """Fisher-Yates with one roll per position."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.roll(i + 1, purpose) - 1
            out[i], out[j] = out[j], out[i]
        return tuple(out)


def verify_rolls(seed: bytes, rolls: Sequence[tuple[str, int, int]]) -> list[str]:
    """Recompute (key, sides, value) triples from a revealed seed; returns the mismatches."""
    return [
        f"{key}: recorded {value}, recomputed {roll_value(seed, key, sides)}"
        for key, sides, value in rolls
        if roll_value(seed, key, sides) != value
    ]
