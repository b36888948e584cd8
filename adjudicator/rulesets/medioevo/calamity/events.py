"""What the calamities tell (seed 002 L1134-1450): public, since every effect is on the map, but
the INQUISIZIONE's trials, which name Empire cards held in a hand (private until played, R7)."""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.event_privacy import PowerPrivate


def _listed(items: tuple[str, ...]) -> str:
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else "".join(items)


class CalamityHit(Event):
    """One territory struck: the buildings destroyed and damaged, the VF each side lost, and how
    the losses were counted (``detail``)."""

    kind: ClassVar[str] = "mu-calamity-hit"
    calamity: str
    territory: str
    owner: str | None = None
    destroyed: tuple[str, ...] = ()
    damaged: tuple[str, ...] = ()
    losses: dict[str, int] = Field(default_factory=dict)
    detail: str = ""

    def summary(self) -> str:
        held = f" ({self.owner})" if self.owner else " (barbarian)"
        parts = []
        if self.destroyed:
            parts.append(f"{_listed(self.destroyed)} destroyed")
        if self.damaged:
            parts.append(f"{_listed(self.damaged)} damaged")
        lost = [
            f"{'the barbarians lose' if who == 'barbarians' else who + ' loses'} {vf} VF"
            for who, vf in sorted(self.losses.items())
            if vf
        ]
        parts.extend(lost)
        told = "; ".join(parts) or "no loss"
        why = f" ({self.detail})" if self.detail else ""
        return f"{self.calamity} in {self.territory}{held}: {told}{why}"


class CalamityNotice(Event):
    """What a calamity does that is not a loss in one territory: where it strikes, whom it picks,
    a default taken for a decision, an effect left to a later phase."""

    kind: ClassVar[str] = "mu-calamity-notice"
    calamity: str
    text: str

    def summary(self) -> str:
        return f"{self.calamity}: {self.text}"


class PiecesSwept(Event):
    """L1138: a calamity killed every army in a territory, so its captains, transports and siege
    engines are eliminated too."""

    kind: ClassVar[str] = "mu-pieces-swept"
    calamity: str
    territory: str
    pieces: tuple[str, ...]

    def summary(self) -> str:
        return (
            f"{self.calamity}: no army is left in {self.territory}, so {_listed(self.pieces)} "
            f"{'is' if len(self.pieces) == 1 else 'are'} eliminated (L1138)"
        )


class PopeDied(Event):
    """The Pope dies (L1138, L1140). The power keeps its kingdom; the election of a new Pope is
    the Church's (L2168+): until then no power is Pope."""

    kind: ClassVar[str] = "mu-pope-died"
    power: str
    calamity: str
    cause: str

    def summary(self) -> str:
        return (
            f"The Pope ({self.power}) dies: {self.cause} ({self.calamity}). "
            "No power is Pope until a new one is elected"
        )


class PopeSpared(Event):
    """The Pope's roll when a calamity strikes the Papal State (L1140) and he survives."""

    kind: ClassVar[str] = "mu-pope-spared"
    power: str
    calamity: str
    roll: int
    needed: int

    def summary(self) -> str:
        return (
            f"{self.calamity} strikes the Papal State: the Pope ({self.power}) rolls {self.roll}, "
            f"needing less than {self.needed} to live, and lives (L1140)"
        )


class CardsTried(PowerPrivate):
    """The INQUISIZIONE's trials of one victim's Empire cards (L1386-1392): private, as a hand is."""

    kind: ClassVar[str] = "mu-cards-tried"
    protected: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    saved: tuple[str, ...] = ()

    def summary(self) -> str:
        parts = [f"protected {_listed(self.protected)}"] if self.protected else []
        if self.lost:
            parts.append(f"lost {_listed(self.lost)}")
        if self.saved:
            parts.append(f"saved at trial {_listed(self.saved)}")
        return f"INQUISIZIONE: {self.power}'s Empire cards: {'; '.join(parts) or 'none to try'}"


CALAMITY_EVENTS: tuple[type[Event], ...] = (
    CalamityHit,
    CalamityNotice,
    PiecesSwept,
    PopeDied,
    PopeSpared,
    CardsTried,
)
