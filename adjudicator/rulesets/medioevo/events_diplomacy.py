"""Diplomacy events: pacts, war and peace, PO and CB changes, truces and votes (seed 002 L568-765)."""

from __future__ import annotations

from typing import ClassVar

from adjudicator.core.events import Event


def _names(powers: tuple[str, ...]) -> str:
    return ", ".join(powers[:-1]) + f" and {powers[-1]}" if len(powers) > 1 else "".join(powers)


class PactMade(Event):
    """A pact or alliance enters the registry; a secret one is told to its parties only (L633)."""

    kind: ClassVar[str] = "mu-pact-made"
    pact: int
    pact_kind: str
    parties: tuple[str, ...]
    terms: str
    until: int | None
    secret: bool

    def summary(self) -> str:
        what = "a military alliance" if self.pact_kind == "alliance" else "a pact"
        end = f"until turn {self.until}" if self.until is not None else "without end"
        secret = " (secret)" if self.secret else ""
        terms = f": {self.terms}" if self.terms else ""
        return f"{_names(self.parties)} make {what}, no. {self.pact}, {end}{secret}{terms}"


class PactEnded(Event):
    kind: ClassVar[str] = "mu-pact-ended"
    pact: int
    pact_kind: str
    parties: tuple[str, ...]
    by: str | None
    reason: str

    def summary(self) -> str:
        what = "Alliance" if self.pact_kind == "alliance" else "Pact"
        who = f" by {self.by}" if self.by else ""
        return f"{what} {self.pact} ({_names(self.parties)}) ends{who}: {self.reason}"


class ProposalUnanswered(Event):
    """Told to the proposer and the partners: a proposal nobody matched (it still cost an action)."""

    kind: ClassVar[str] = "mu-proposal-unanswered"
    power: str
    proposal: str
    missing: tuple[str, ...]

    def summary(self) -> str:
        return f'{self.power}\'s proposal "{self.proposal}" was not accepted by {_names(self.missing)}'


class WarDeclared(Event):
    kind: ClassVar[str] = "mu-war-declared"
    declarer: str
    target: str
    surprise: bool = False

    def summary(self) -> str:
        how = " by surprise" if self.surprise else ""
        return f"{self.declarer} declares war{how} on {self.target}"


class WarJoined(Event):
    kind: ClassVar[str] = "mu-war-joined"
    power: str
    side_of: str
    against: tuple[str, ...]

    def summary(self) -> str:
        return f"{self.power} goes to war on {self.side_of}'s side against {_names(self.against)}"


class StaysNeutral(Event):
    kind: ClassVar[str] = "mu-neutral"
    power: str
    broken_with: tuple[str, ...]

    def summary(self) -> str:
        return f"{self.power} stays out of the war and breaks its alliances with {_names(self.broken_with)}"


class PeaceMade(Event):
    kind: ClassVar[str] = "mu-peace"
    parties: tuple[str, str]
    mutual: bool

    def summary(self) -> str:
        how = "both sued for peace: nothing else happens (L639)" if self.mutual else "peace is made"
        return f"{_names(self.parties)}: {how}"


class HonorChanged(Event):
    """PO are public (L341)."""

    kind: ClassVar[str] = "mu-honor"
    power: str
    delta: int
    reason: str

    def summary(self) -> str:
        return f"{self.power} {'gains' if self.delta > 0 else 'loses'} {abs(self.delta)} PO: {self.reason}"


class GrievanceChanged(Event):
    """CB are written on the holder's own sheet: told to the holder (ruling R7)."""

    kind: ClassVar[str] = "mu-cb"
    holder: str
    against: str
    delta: int
    total: int
    reason: str

    def summary(self) -> str:
        verb = "gains" if self.delta > 0 else "gives up"
        return (
            f"{self.holder} {verb} {abs(self.delta)} CB against {self.against} "
            f"(now {self.total}): {self.reason}"
        )


class TruceChanged(Event):
    kind: ClassVar[str] = "mu-truce"
    parties: tuple[str, str]
    until: int | None
    by: str
    reason: str

    def summary(self) -> str:
        state = f"truce until turn {self.until}" if self.until is not None else "the truce is over"
        return f"{_names(self.parties)}: {state} ({self.reason}, {self.by})"


class DisputeOpened(Event):
    """The disputed pact is made public and goes to an open vote (L738-740)."""

    kind: ClassVar[str] = "mu-dispute"
    pact: int
    accuser: str
    accused: str
    parties: tuple[str, ...]
    terms: str
    vote_turn: int

    def summary(self) -> str:
        terms = f" (terms: {self.terms})" if self.terms else ""
        return (
            f"{self.accuser} says {self.accused} broke pact {self.pact} of {_names(self.parties)}{terms}; "
            f"every power votes VOTE {self.pact} KEPT or BROKEN in the diplomacy of turn {self.vote_turn}"
        )


class VoteCounted(Event):
    kind: ClassVar[str] = "mu-vote"
    pact: int
    accused: str
    votes: dict[str, str]
    broken: bool

    def summary(self) -> str:
        shown = ", ".join(f"{p} {v}" for p, v in sorted(self.votes.items())) or "nobody voted"
        outcome = f"broken by {self.accused}" if self.broken else "kept (a tie counts as kept)"
        return f"Vote on pact {self.pact}: {shown}; the pact is {outcome}"
