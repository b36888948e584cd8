"""What phase 7 keeps in the state (seed 002 L1030-1098): the calamity trigger's window, the Event
deck, this turn's card and stopped transports, and the relics on the map.

Every field has a default the state's JSON leaves out (``war/records.py`` ``prune``), so the state of
a game that never reached phase 7 is the JSON it was before.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

STOP, HALF = "stop", "half"
"""How an Event's transport stop (L1060) holds a transport: it cannot move, or moves at half PM
(ASTRONOMIA at sea, CARTOGRAFIA on land)."""


class Omens(BaseModel):
    """Phase 7's bookkeeping from turn to turn."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    window: int = 1
    """The doubles that trigger a calamity at the next roll: 1 (double 1) up to 6 (any double),
    0 for the turn after a calamity, which rolls nothing (L1034-1040)."""
    deck: tuple[str, ...] = ()
    """The Event deck, top first (GM only: the view shows its size)."""
    discards: tuple[str, ...] = ()
    """Event cards drawn, face up; shuffled into a new deck when the deck runs out (R252)."""
    shuffled: bool = False
    """Whether the deck was ever shuffled (on the first draw, with the audited dice, R252)."""
    card: str | None = None
    """The card drawn this turn (its territories are the calamity's red area, L1048)."""
    stalled: dict[str, str] = {}
    """Transports held by this turn's transport stop (L1060): ``owner/kind/number`` -> stop|half."""
    turn: int = 0
    """The turn these records were made in: ``stalled`` holds only in that turn."""


class RelicMarker(BaseModel):
    """A relic on the map (L1072-1080): lying where it was found or dropped, carried by a captain,
    or kept in a Cathedral."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    relic: str
    """Its id in ``treasures.toml`` (``santo_graal`` …)."""
    territory: str
    """Where it lies, where its captain was last seen, or the Cathedral's territory."""
    carrier: str | None = None
    """The captain carrying it, ``owner/captain/number``; None when it lies or is kept."""
    cathedral: bool = False
    """Kept in the Cathedral of ``territory``: worth 2 PO instead of 1 at the end (L1080)."""
    taken_by: str | None = None
    """The first power that took it and scored its PO (L1078); nobody scores it again (R254)."""
