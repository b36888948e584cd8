"""What happens in Krieg und Frieden, as events with who may see them.

Public unless said: bids lie face up (L52), houses, seals, privileges and the cathedral are on the
table. Private: what a noble draws (to that noble), a hand shown to a briber (L112, to the two of
them), the cards an appeal takes blind (L122, to the two of them), standing orders (to their owner).
"""

from __future__ import annotations

from typing import ClassVar

from adjudicator.core.events import Event


class KufStarted(Event):
    kind: ClassVar[str] = "kuf-started"
    seats: tuple[str, ...]
    counsellor: str
    agenda: str

    def summary(self) -> str:
        return (
            f"Krieg und Frieden for {', '.join(self.seats)} (clockwise). "
            f"{self.counsellor} holds the keystone "
            f"Revolt and is the King's Counsellor; it is the first year's agenda ({self.agenda})."
        )


class Dealt(Event):
    """Cards a noble got: ``cards`` in words, ``why`` (deal, income, challenge, appeal …)."""

    kind: ClassVar[str] = "kuf-dealt"
    power: str
    cards: str
    why: str

    def summary(self) -> str:
        return f"{self.power} gets {self.cards} ({self.why})"


class Counted(Event):
    """How many cards a noble drew (public; what they are is in a private :class:`Dealt`)."""

    kind: ClassVar[str] = "kuf-counted"
    power: str
    count: int
    why: str

    def summary(self) -> str:
        return f"{self.power} draws {self.count} card{'s' if self.count != 1 else ''} ({self.why})"


class Told(Event):
    """One move of the game told in a sentence: an agenda played or swapped, a pass, a bid, a house
    built, a challenge and its answer, a reward, a discard. ``power`` is whose move it was."""

    kind: ClassVar[str] = "kuf-told"
    power: str = ""
    text: str

    def summary(self) -> str:
        return self.text


class Shown(Event):
    """A bribed noble with no shield shows the briber its hand (L112)."""

    kind: ClassVar[str] = "kuf-shown"
    power: str
    briber: str
    hand: str

    def summary(self) -> str:
        return f"{self.power} has no shield and shows {self.briber} the hand: {self.hand}"


class Planned(Event):
    """A noble's standing orders as they now stand (to that noble only)."""

    kind: ClassVar[str] = "kuf-planned"
    power: str
    plan: tuple[str, ...]

    def summary(self) -> str:
        return f"{self.power}'s standing orders: {'; '.join(self.plan) or 'none'}"


class GameEnded(Event):
    kind: ClassVar[str] = "kuf-game-ended"
    winners: tuple[str, ...]
    vp: dict[str, int]
    cards: dict[str, int]
    reason: str

    def summary(self) -> str:
        table = ", ".join(f"{p} {v} VP ({self.cards.get(p, 0)} cards)" for p, v in self.vp.items())
        verb = "wins" if len(self.winners) == 1 else "win"
        return f"The game ends: {self.reason}. {' and '.join(self.winners)} {verb}. {table}"


KUF_EVENTS: tuple[type[Event], ...] = (KufStarted, Dealt, Counted, Told, Shown, Planned, GameEnded)
