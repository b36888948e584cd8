"""What the calamities leave in the state after the turn they strike (``MedioevoState.ongoing``):
an EPIDEMIA under way (L1256-1276), a SICCITA's territories for the rest of its turn (L1340-1356,
digest A44) and the Fairs a RIVOLTE took off the map for one turn (MERCATO, L1408).

None when nothing is under way, and then left out of the JSON (war/records.py ``prune``): the
state of a game no calamity touched is the JSON it was before."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Epidemic(BaseModel):
    """An EPIDEMIA under way: the losses each territory suffered on the last turn it was hit
    (what it carries on with and spreads, L1262, L1274), the territories that can no longer be
    infected (losses reached 0, or no army left: R270), and how many turns in a row it has
    damaged the Papal State (the Pope's roll, L1140)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    since: int
    active: dict[str, int] = {}
    survivors: tuple[str, ...] = ()  # active territories where armies survived last turn's losses
    spent: tuple[str, ...] = ()
    papal_turns: int = 0


class Drought(BaseModel):
    """A SICCITA: its river and the territories it dries, for the turn it struck (digest A44)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    turn: int
    river: str
    territories: tuple[str, ...]


class SuspendedFair(BaseModel):
    """A Fair a RIVOLTE removed from a MERCATO owner's territory until ``back`` (L1408)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    territory: str
    fair: str
    back: int


class Invasion(BaseModel):
    """An INVASIONE BARBARA on the march (L1166-1182, R263): the barbarian Captain who commands it
    (its army is the barbarian VF where it stands), the capital it marches on, its siege engine's
    level (0: none) and the fortified territory it besieges this turn, if any."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    captain: int
    target: str
    kingdom: str
    engine: int = 0
    besieging: str | None = None


class Ongoing(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    epidemic: Epidemic | None = None
    drought: Drought | None = None
    fairs: tuple[SuspendedFair, ...] = ()
    invasions: tuple[Invasion, ...] = ()  # left out of the JSON when none (war/records.py prune)

    def empty(self) -> bool:
        return self.epidemic is None and self.drought is None and not self.fairs and not self.invasions


def infected(ongoing: Ongoing | None) -> frozenset[str]:
    """The territories an EPIDEMIA under way still strikes (not spent): other powers' transports
    there may not leave them (L1271)."""
    found = ongoing.epidemic if ongoing else None
    return frozenset(t for t in found.active if t not in found.spent) if found else frozenset()


def dry(ongoing: Ongoing | None, turn: int, territory: str) -> bool:
    """Whether a SICCITA of turn ``turn`` holds ``territory`` (supply.py; the later phases)."""
    found = ongoing.drought if ongoing else None
    return found is not None and found.turn == turn and territory in found.territories


class CalamityChoices(BaseModel):
    """A power's standing answers to the calamities that ask it (calamity/choices.py, R319):
    ``PowerState.calamity``, None (left out of the JSON) while every answer is the default."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    nizari_bid: int = 0
    nizari_victim: str | None = None
    inquisitore: bool = False
    inquisitore_in: str | None = None  # a territory id; None: where the heretics are most
    civil_war_keep: tuple[str, ...] = ()  # territory or sea ids, in the order given
