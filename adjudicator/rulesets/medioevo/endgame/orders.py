"""The one order of the game's end: ``VICTORY``, a power's declaration that it reaches the PO
limit (seed 002 L331-333), given in the last window of the turn (ruling R326)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from adjudicator.core.orders import Order

END = "end"
"""The phase that closes each turn: the end conditions are checked there (L321-351)."""


@dataclass(frozen=True, slots=True)
class ClaimVictory(Order):
    """L331: counting the PO held and those it scores at the end of the turn, the power reaches
    the limit; the game ends at the end of this turn. Wrong, the game goes on (L333)."""

    phase: ClassVar[str] = END

    def canonical(self) -> str:
        return "VICTORY"
