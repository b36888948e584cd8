"""The diplomatic registry: pacts and alliances, wars, truces and open disputes (seed 002 L568-765).

Pact terms are free text (L632-633): the judge stores and shows them, never interprets them; a
dispute over whether a pact was kept goes to an open vote of all powers (L738-740). A secret pact
is seen only by its parties (and the GM).
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict


class PactKind(StrEnum):
    PACT = "pact"
    ALLIANCE = "alliance"


class Stance(StrEnum):
    """A standing alliance policy towards one ally, for when war breaks out (design §7)."""

    HONOUR = "honour"
    NEUTRAL = "neutral"


class Pact(BaseModel):
    """A pact or a military alliance in force; the proposer is listed first."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: int
    kind: PactKind
    parties: tuple[str, ...]
    terms: str = ""
    made: int
    until: int | None = None  # the last turn it binds; None = no end (L633)
    secret: bool = False
    concession: bool = False  # obtained with CONCESSIONE: one-sided, for the first party (L2556-2560)

    def binds(self, power: str) -> bool:
        return power in self.parties

    def between(self, a: str, b: str) -> bool:
        return a in self.parties and b in self.parties

    def label(self) -> str:
        end = f"until turn {self.until}" if self.until is not None else "without end"
        what = "Alliance" if self.kind is PactKind.ALLIANCE else "Concession" if self.concession else "Pact"
        return f"{what} {self.id} ({', '.join(self.parties)}, {end})"


class Truce(BaseModel):
    """A total, mutual truce imposed with DIPLOMATICO (L744-746, L2628-2630)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    parties: tuple[str, str]
    until: int  # the last turn it covers
    imposed_by: str


class Marriage(BaseModel):
    """A PRINCIPESSA handed to another power, who keeps it (L2734-2736): while it lasts, either
    spouse that declares war on the other or breaks a pact with it loses double PO; it ends when
    the two go to war."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    parties: tuple[str, str]
    given_by: str
    made: int


class Dispute(BaseModel):
    """A party says another broke a pact; all powers vote in the next diplomacy phase (L738-740)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    pact: int
    accuser: str
    accused: str
    opened: int


def pair(a: str, b: str) -> tuple[str, str]:
    """A war or truce is between two powers, stored in one order."""
    return (a, b) if a <= b else (b, a)
