"""Empire cards (Carte Impero, seed 002 L476-566, L2470-2786) and the deck table (L2788-2842)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import Field

from adjudicator.rulesets.medioevo.board import Record


class CardPhase(StrEnum):
    """The phase icon at the card's top left (L484)."""

    DIPLOMACY = "diplomacy"
    PURCHASE = "purchase"
    TAXES = "taxes"
    REINFORCEMENTS = "reinforcements"
    EVENTS = "events"
    COMBAT = "combat"
    TRADE = "trade"


class Timing(StrEnum):
    PHASE = "phase"
    ROUND = "round"
    INSTANT = "instant"
    AFTER_BATTLE = "after_battle"
    TRIGGER = "trigger"


class Persistence(StrEnum):
    """The keep/discard icon at the card's top right (L486-552)."""

    KEEP = "keep"
    DISCARD = "discard"
    KEEP_UNLESS_LOST = "keep_unless_lost"
    DURATION_LT = "duration_lt"
    HELD_BY_TARGET = "held_by_target"


class EmpireCard(Record):
    """One distinct Empire card; the numbers of its effect are data, procedures are named hooks."""

    name: str
    name_en: str
    phase: CardPhase
    timing: Timing
    roles: tuple[str, ...] = ()
    offensive: bool = False
    persistence: Persistence
    cumulative: bool = False
    target: str = "self"
    requires_any: tuple[str, ...] = ()
    requires_all: tuple[str, ...] = ()
    ladder: tuple[str, ...] = ()
    scales_with: str = "none"
    values: tuple[float, ...] = ()
    hook: str = ""
    summary: str
    note: str = ""
    params: dict[str, Any] = Field(default_factory=dict)


class EmpireDeck(Record):
    """Copies of each card by number of players (QUANTITÀ CARTE IMPERO)."""

    players: tuple[int, ...]
    totals: tuple[int, ...]
    counts: dict[str, tuple[int, ...]] = Field(description="card id -> copies, one per entry of players")

    def deck_for(self, players: int) -> dict[str, int]:
        """The copies of each card in a deck for ``players`` players (the 3-player deck below 3)."""
        column = self.players.index(max(min(players, self.players[-1]), self.players[0]))
        return {card: copies[column] for card, copies in self.counts.items() if copies[column]}
