"""What the barbarians do, told (seed 002 L2304-2374). Everything they do is on the board for all
to see: their levies, attacks, conquests, buildings, captains and ships are public (R258). Only a
CORSARO's secret note (card L2618) is its owner's until it is shown (``CorsaroNoted``)."""

from __future__ import annotations

from typing import ClassVar

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.event_privacy import PowerPrivate


def _losses(lost: dict[str, int]) -> str:
    return ", ".join(f"{who} {n}" for who, n in sorted(lost.items()) if n) or "none"


class BarbariansLevy(Event):
    """The barbarians' levy of the Events (L2364, L2372, L2374; R260)."""

    kind: ClassVar[str] = "mu-barbarian-levy"
    territory: str
    vf: int
    why: str

    def summary(self) -> str:
        return f"The barbarians of {self.territory} levy {self.vf} VF ({self.why})"


class BarbarianAttack(Event):
    """A barbarian attack and its battle (L2310-2322): from ``origin`` (a territory or a ship) on
    ``target`` (a power's territory or its fleet in a sea zone)."""

    kind: ClassVar[str] = "mu-barbarian-attack"
    origin: str
    target: str
    defender: str
    vf: int
    why: str
    won: bool
    lost: dict[str, int]
    rounds: int = 0

    def summary(self) -> str:
        verdict = "the barbarians win" if self.won else "the barbarians are beaten"
        return (
            f"The barbarians of {self.origin} attack {self.defender} in {self.target} with {self.vf} VF "
            f"({self.why}): {verdict} after {self.rounds} rolls; losses: {_losses(self.lost)}"
        )


class BarbariansConquer(Event):
    """The barbarians take a territory (L2322): military and civil buildings kept, Cathedrals and
    commercial buildings destroyed, the power's pieces there lost."""

    kind: ClassVar[str] = "mu-barbarian-conquest"
    territory: str
    taken_from: str
    vf: int
    destroyed: tuple[str, ...] = ()
    pieces: tuple[str, ...] = ()

    def summary(self) -> str:
        tail = f"; destroyed: {', '.join(self.destroyed)}" if self.destroyed else ""
        lost = f"; {self.taken_from} loses {', '.join(self.pieces)}" if self.pieces else ""
        return f"The barbarians take {self.territory} from {self.taken_from} with {self.vf} VF{tail}{lost}"


class BarbarianCaptain(Event):
    """A barbarian Captain placed (level I) or promoted (L2331-2332, L2352), or removed (L2356)."""

    kind: ClassVar[str] = "mu-barbarian-captain"
    place: str
    level: int
    why: str

    def summary(self) -> str:
        if self.level == 0:
            return f"The barbarian Captain in {self.place} falls ({self.why})"
        return f"A barbarian Captain of level {self.level} in {self.place} ({self.why})"


class BarbariansBuild(Event):
    """A step of the build-up ladder (L2324-2337)."""

    kind: ClassVar[str] = "mu-barbarian-build"
    territory: str
    step: int
    what: str

    def summary(self) -> str:
        return f"The barbarians of {self.territory}, over their supply, {self.what} (step {self.step})"


class BarbariansTrimmed(Event):
    """The barbarian VF past the supply limit that could not attack, removed at the end of the
    Events (L2348, ex L2374)."""

    kind: ClassVar[str] = "mu-barbarian-trim"
    place: str
    vf: int

    def summary(self) -> str:
        return f"{self.vf} barbarian VF past the supply limit leave {self.place}"


class BarbarianShipMoved(Event):
    """A pirate or barbarian ship's random move before a power's combat turn (L2338-2346, L1402)."""

    kind: ClassVar[str] = "mu-barbarian-ship"
    ship: str
    start: str
    to: str
    roll: int
    sides: int
    before: str

    def summary(self) -> str:
        die = f"d{self.sides}: {self.roll}"
        return (
            f"Before {self.before}'s combat turn the {self.ship} moves from {self.start} to {self.to} ({die})"
        )


class BarbariansActivated(Event):
    """A power conquered barbarian land: the neighbouring and same-kingdom barbarians rise (L2362)."""

    kind: ClassVar[str] = "mu-barbarians-activated"
    territory: str
    by: str
    added: dict[str, int]

    def summary(self) -> str:
        where = ", ".join(f"{t} +{n}" for t, n in sorted(self.added.items())) or "nowhere"
        return f"{self.by} takes barbarian {self.territory}: the barbarians rise ({where})"


class TreasureDrawn(Event):
    """A power annihilated a barbarian army led by a level II or III Captain: a Treasure card
    (L2358, L2376-2384): VF for its next reinforcements, florins at once, goods where the Captain fell."""

    kind: ClassVar[str] = "mu-treasure"
    power: str
    card: str
    vf: int
    florins: int
    goods: int
    good: str
    place: str

    def summary(self) -> str:
        return (
            f"{self.power} draws the Treasure card {self.card} in {self.place}: {self.vf} VF for its next "
            f"reinforcements, {self.florins} florins, {self.goods} {self.good} set down there"
        )


class CorsaroNoted(PowerPrivate):
    """A CORSARO's secret note: the sea zone where it lies in wait (card L2618); its owner's alone."""

    kind: ClassVar[str] = "mu-corsaro-note"
    power: str
    sea: str

    def summary(self) -> str:
        return f"{self.power}'s CORSARO lies in wait in {self.sea}"


class CorsaroRaid(Event):
    """A CORSARO shown and played on a ship crossing its sea zone (card L2620-2624, ex L2588-2590)."""

    kind: ClassVar[str] = "mu-corsaro"
    power: str
    victim: str
    ship: str
    sea: str
    goods: int
    vf: int
    port: str | None
    mode: str = "kill"

    def summary(self) -> str:
        where = f", taken to {self.port}" if self.port else ", thrown overboard (no port of its own there)"
        done = {"kill": "kills", "prisoners": "takes prisoner", "slaves": "makes Slave goods of"}[self.mode]
        killed = f" and {done} {self.vf} VF" if self.vf else ""
        on = f"{self.power} plays CORSARO in {self.sea} on {self.victim}'s {self.ship}"
        return f"{on}: it steals {self.goods} goods{where}{killed}"


BARBARIAN_EVENTS: tuple[type[Event], ...] = (
    BarbariansLevy,
    BarbarianAttack,
    BarbariansConquer,
    BarbarianCaptain,
    BarbariansBuild,
    BarbariansTrimmed,
    BarbarianShipMoved,
    BarbariansActivated,
    TreasureDrawn,
    CorsaroNoted,
    CorsaroRaid,
)
