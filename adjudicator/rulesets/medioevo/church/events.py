"""The Church's events. Public: the Pope's acts, the election's votes (cast openly, L2180), a
refused tithe and the crusade (issue 19: the Pope's acts are public). The tithe paid is seen by
the payer and the Pope only: it tells the payer's taxes (R7)."""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field

from adjudicator.core.events import Event


class PopeChanged(Event):
    """The see changes hands: a Pope dies, a new one is made, the papacy is suspended."""

    kind: ClassVar[str] = "mu-pope"
    old: str | None  # the power whose Pope died or left, if any
    new: str | None  # the new Pope's power; None while the see is empty
    why: str

    def summary(self) -> str:
        if self.new is None:
            return f"the Pope of {self.old} is dead: {self.why}" if self.old else f"no Pope: {self.why}"
        return f"{self.new} holds the Pope now: {self.why}"


class PapalVotes(Event):
    """The election's open votes (L2180-2182): each voter's candidate and the votes it brings."""

    kind: ClassVar[str] = "mu-papal-votes"
    votes: dict[str, str]  # voter -> candidate
    weight: dict[str, int]  # voter -> votes cast (1 + cathedrals + cards shown + 250 florins paid)
    paid: dict[str, int]  # voter -> florins paid to the bank for votes
    tally: dict[str, int]  # candidate -> votes
    offers: dict[str, int] = Field(default_factory=dict)  # the tied candidates' sealed offers, opened (L2182)

    def summary(self) -> str:
        ballots = "; ".join(f"{v} for {c} ({self.weight[v]})" for v, c in sorted(self.votes.items()))
        tally = ", ".join(f"{c} {n}" for c, n in sorted(self.tally.items(), key=lambda x: (-x[1], x[0])))
        offers = f"; tie broken by the sealed offers {self.offers}" if self.offers else ""
        return f"papal election: {ballots}; tally {tally}{offers}"


class TithePaid(Event):
    """The tithe one Catholic pays the Pope (L2186): seen by the two of them and the GM only, since
    it tells the payer's taxes (R7)."""

    kind: ClassVar[str] = "mu-tithe"
    power: str
    pope: str
    amount: int

    def summary(self) -> str:
        return f"{self.power} pays the Pope ({self.pope}) a tithe of {self.amount} florins (L2186)"


class TitheRefused(Event):
    """Public, as the PO it costs are (L2188)."""

    kind: ClassVar[str] = "mu-tithe-refused"
    power: str
    pope: str
    po: int

    def summary(self) -> str:
        return f"{self.power} refuses the tithe to the Pope ({self.pope}): -{self.po} PO (L2188)"


class Excommunicated(Event):
    """Public: the excommunication and its price (L2215-2219)."""

    kind: ClassVar[str] = "mu-excommunicated"
    power: str
    by: str  # the Pope's or the Antipope's power, or "crusade" for the automatic one (L1483)
    grounds: str
    po: int
    pacts_broken: tuple[int, ...] = ()

    def summary(self) -> str:
        broken = f"; pacts {', '.join(map(str, self.pacts_broken))} dissolved" if self.pacts_broken else ""
        return (
            f"{self.power} is excommunicated by {self.by} ({self.grounds}): -{self.po} PO, its captains "
            f"may not attack this turn{broken}"
        )


class Pardoned(Event):
    kind: ClassVar[str] = "mu-pardoned"
    power: str
    by: str
    po: int  # PO given back (L2217)

    def summary(self) -> str:
        return f"{self.by} lifts the excommunication of {self.power}: +{self.po} PO restored"


class AntipopeFounded(Event):
    """L2221-2227: a new faction, the 4th religious capital and 10 VF."""

    kind: ClassVar[str] = "mu-antipope"
    power: str
    territory: str
    vf: int
    joined: bool = False  # a power that joins an existing Antipope's faction

    def summary(self) -> str:
        if self.joined:
            return f"{self.power} leaves Rome for the Antipope's faction"
        return (
            f"{self.power} elects an Antipope and sets the 4th religious capital in {self.territory} "
            f"with {self.vf} VF"
        )


class CrusadeNews(Event):
    """A crusade's step: called, planned, sides taken, started, won, lost (L1452-1526)."""

    kind: ClassVar[str] = "mu-crusade"
    step: str
    text: str
    po: dict[str, int] = Field(default_factory=dict)

    def summary(self) -> str:
        scored = ", ".join(f"{p} {n:+d} PO" for p, n in sorted(self.po.items()))
        return f"crusade {self.step}: {self.text}" + (f" ({scored})" if scored else "")


CHURCH_EVENTS: tuple[type[Event], ...] = (
    PopeChanged,
    PapalVotes,
    TithePaid,
    TitheRefused,
    Excommunicated,
    Pardoned,
    AntipopeFounded,
    CrusadeNews,
)
