"""What the state holds of the Church: the see, the excommunications, the tithe refusals, the
Antipope and a crusade under way (seed 002 L2168-2227, L1452-1526).

The Pope himself stays ``PowerState.pope`` (setup draws him, L2170); this record holds the rest.
``MedioevoState.church`` is None in a game the Church never touched, so its JSON is unchanged."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

CALLED, SIDES, PREPARING, MARCHING = "called", "sides", "preparing", "marching"
"""A crusade's stages (digest A49): drawn and waiting for the Pope's plan (``called``), planned and
waiting for the sides (``sides``), the preparation turns, then the march until it ends."""
CRUSADER, DEFENDER, NEUTRAL = "crusader", "defender", "neutral"


class Crusade(BaseModel):
    """A CROCIATA under way (L1452-1526)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    called_by: str  # the Pope's (or the Antipope's) power, who organises it (L1456)
    antipope: bool = False  # called by the Antipope: Rome is a valid objective (L1462)
    drawn: int  # the turn the calamity was drawn
    stage: str = CALLED
    departures: tuple[str, ...] = ()  # the settlements Catholics held when it was drawn (L1466)
    objective: str | None = None  # a territory id
    po: int = 0  # what each participant wins or loses (L1462)
    departure: str | None = None
    prep_turns: int = 0
    march_turn: int = 0  # the turn whose combat the army must leave in (L1508)
    min_vf: int = 0
    defender: str | None = None  # the objective's holder when the plan was made
    sides: dict[str, str] = {}  # power -> crusader / defender / neutral (L1478-1485)
    fanatics: tuple[str, ...] = ()  # who had FANATISMO's +5 VF for it (once, L1474)
    halved: bool = False  # the barbarians took the objective meanwhile (L1462)
    at: str | None = None  # where the marching army stands, once the Pope moved it (L1510, R323)
    marched: int = 0  # the last turn whose Combat began with the Pope's move


class Church(BaseModel):
    """The Church's standing state; every field dropped from the JSON at its default."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    vacant: str | None = None
    """Why there is no Pope: ``"election"`` (one is due, L2180), ``"suspended"`` (a non-Catholic or
    the barbarians hold the Papal State, L2178, ex L2200-2202); None while a Pope reigns."""
    election_turn: int | None = None  # the turn whose Events begin with the election (L2180)
    excommunicated: dict[str, int] = {}  # power -> the turn of its excommunication (L2215-2219)
    lost_po: dict[str, int] = {}  # PO each excommunication took, restored by a pardon (L2217)
    refusals: dict[str, int] = {}  # tithe refusals counted for PO, at most 3 (L2188, L2434)
    streak: dict[str, int] = {}  # consecutive turns of tithe refused (3+: excommunicable, L2211)
    grounds: dict[str, tuple[str, ...]] = {}  # power -> why it may be excommunicated now
    antipope: str | None = None  # the Antipope's power (L2221)
    antipope_capital: str | None = None  # the 4th religious capital's territory (L2221)
    crusade: Crusade | None = None
