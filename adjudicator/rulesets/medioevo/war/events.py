"""The events of a combat script's movement steps (docs/war.md §6; seed 002 L1596-1630).

Who sees what follows R115 (L113, L1717): what the table sees is public (moves, cargo loaded and
unloaded, a transport claimed or left without its owner); the steps of a script that failed or
were skipped tell its plan, so they are private to their power (and the GM).
"""

from __future__ import annotations

import re
from typing import ClassVar

from pydantic import BaseModel, ConfigDict

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.event_privacy import PowerPrivate
from adjudicator.rulesets.medioevo.war.battle_models import BattleOutcome, RollDetail, RoundRecord

PLAN_NOTE = re.compile(r"round \d+: ")


class TransportMoved(Event):
    """Transports moving together along a path (L1596-1600), each with the PM it spent."""

    kind: ClassVar[str] = "mu-war-moved"
    power: str
    pieces: tuple[str, ...]
    path: tuple[str, ...]
    pm: tuple[int, ...]

    def summary(self) -> str:
        spent = ", ".join(f"{p} {n} PM" for p, n in zip(self.pieces, self.pm, strict=True))
        return f"{self.power} moves {', '.join(self.pieces)} via {' - '.join(self.path)} ({spent})"


class CargoLoaded(Event):
    """Armies or a piece put aboard a transport (L1560-1566, L1606-1618)."""

    kind: ClassVar[str] = "mu-war-loaded"
    power: str
    carrier: str
    cargo: str  # "15 VF", "captain 1"
    place: str
    pm: int

    def summary(self) -> str:
        return f"{self.power} loads {self.cargo} on {self.carrier} in {self.place} ({self.pm} PM)"


class CargoUnloaded(Event):
    """Armies or a piece taken off a transport (L1566, L1606-1618)."""

    kind: ClassVar[str] = "mu-war-unloaded"
    power: str
    carrier: str
    cargo: str
    place: str
    pm: int

    def summary(self) -> str:
        return f"{self.power} unloads {self.cargo} from {self.carrier} into {self.place} ({self.pm} PM)"


class TransportAbandoned(Event):
    """A transport left with no armies aboard outside its owner's land becomes nobody's (L1630)."""

    kind: ClassVar[str] = "mu-war-abandoned"
    power: str
    piece: str
    place: str

    def summary(self) -> str:
        return f"{self.power}'s {self.piece}, left without armies in {self.place}, belongs to nobody (L1630)"


class TransportClaimed(Event):
    """An ownerless transport taken by putting VF aboard (L1630, A-49, R110)."""

    kind: ClassVar[str] = "mu-war-claimed"
    power: str
    was: str
    piece: str
    vf: int
    place: str

    def summary(self) -> str:
        took = f"{self.power} claims the ownerless {self.was} in {self.place}"
        return f"{took} with {self.vf} VF: now its {self.piece}"


class ScriptStepFailed(PowerPrivate):
    """A step of a power's script not made, with the fact that decided (R98); private (R115)."""

    kind: ClassVar[str] = "mu-war-step-failed"
    power: str
    step: int
    line: str
    code: str
    reason: str

    def summary(self) -> str:
        return f"{self.power}'s step {self.step} ({self.line}) not made: {self.reason}"


class RollShown(BaseModel):
    """One side's roll as the table saw it (L1754): the die, its value, each modifier by its
    source, the total and the cards played on it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    power: str
    die: int
    value: int
    modifiers: tuple[tuple[str, int], ...] = ()
    total: int
    cards: tuple[str, ...] = ()


class RoundShown(BaseModel):
    """One round of a battle (L1754-L1768): both rolls, the VF each side lost, the cards given up."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    n: int
    attack: RollShown
    defence: RollShown
    attacker_loss: int
    defender_loss: int
    cards_lost: tuple[tuple[str, str], ...] = ()  # (power, card)

    @classmethod
    def of(cls, r: RoundRecord) -> RoundShown:
        def roll(d: RollDetail) -> RollShown:
            return RollShown(
                power=d.power, die=d.sides, value=d.value, modifiers=d.modifiers, total=d.total, cards=d.cards
            )

        return cls(
            n=r.number,
            attack=roll(r.attack),
            defence=roll(r.defence),
            attacker_loss=r.attacker_loss,
            defender_loss=r.defender_loss,
            cards_lost=r.cards_lost,
        )


def battle_record(
    outcome: BattleOutcome,
) -> tuple[tuple[RoundShown, ...], tuple[tuple[str, int, int, int], ...], tuple[str, ...]]:
    """The structured parts of a battle's event (docs/war.md §6): its rounds, the ramming's dice
    (power, galley level, d4, damage; L2010) and the battle's other facts in words (retreats,
    withdrawals, captains), without those that tell a plan or a hand (R115): a card the plan
    named but could not play (``round N: ...``, battle_cards.choose_cards) and LADRO's theft,
    which only its two parties learn."""
    rams = outcome.ramming.rolls if outcome.ramming is not None else ()
    notes = tuple(n for n in outcome.events if not PLAN_NOTE.match(n) and "LADRO" not in n)
    return tuple(RoundShown.of(r) for r in outcome.rounds), rams, notes


class BattleFought(Event):
    """One attack's battle (L1649-1842): who fought, the VF each lost and gave as prisoners, who
    won and how it ended; the rounds' words in ``rounds`` (the dice are public, L1754)."""

    kind: ClassVar[str] = "mu-war-battle"
    attacker: str
    defender: str
    territory: str
    winner: str
    end: str
    lost: dict[str, int]
    captured: dict[str, int]  # VF caught retreating (R141)
    prisoners: dict[str, int]  # VF of the other side each power took prisoner, of those lost (L1772)
    rounds: tuple[str, ...] = ()
    battle: str = "field"  # battle_models.Kind: field or naval
    origin: str = ""  # where the attacking transports came from (the map's arrow)
    detail: tuple[RoundShown, ...] = ()
    rams: tuple[tuple[str, int, int, int], ...] = ()
    notes: tuple[str, ...] = ()

    def summary(self) -> str:
        losses = ", ".join(f"{p} lost {n} VF" for p, n in self.lost.items())
        taken = "".join(f", {p} takes {n} VF prisoner" for p, n in self.prisoners.items() if n)
        return (
            f"{self.attacker} attacks {self.defender} in {self.territory}: {losses}{taken};"
            f" the {self.winner} wins ({self.end.replace('_', ' ')}, {len(self.rounds)} rounds)"
        )


class TerritoryConquered(Event):
    """A territory taken by the winner of its battle, who leaves VF in it (L1844-1846)."""

    kind: ClassVar[str] = "mu-war-conquered"
    power: str
    territory: str
    taken_from: str
    occupying: int

    def summary(self) -> str:
        return (
            f"{self.power} conquers {self.territory} from {self.taken_from}, {self.occupying} VF occupying it"
        )


WAR_EVENTS: tuple[type[Event], ...] = (
    TransportMoved,
    CargoLoaded,
    CargoUnloaded,
    TransportAbandoned,
    TransportClaimed,
    ScriptStepFailed,
    BattleFought,
    TerritoryConquered,
)
