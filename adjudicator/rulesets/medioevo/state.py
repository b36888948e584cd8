"""The Medioevo game state: powers, territories, turn order (documented in docs/state.md)."""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Mapping
from functools import cached_property
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, computed_field, model_validator

from adjudicator.core.state import GameState
from adjudicator.rulesets.medioevo.calamity.records import CalamityChoices, Ongoing
from adjudicator.rulesets.medioevo.church.records import Church
from adjudicator.rulesets.medioevo.commerce.records import DistantPort, Lot
from adjudicator.rulesets.medioevo.endgame.records import Endgame
from adjudicator.rulesets.medioevo.endgame.records import prune as prune_endgame
from adjudicator.rulesets.medioevo.events_phase.records import Omens, RelicMarker
from adjudicator.rulesets.medioevo.guarantee_records import GuaranteeMark
from adjudicator.rulesets.medioevo.pacts import Dispute, Marriage, Pact, PactKind, Stance, Truce, pair
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.war.records import (
    COMPRESSED,
    LAND,
    CombatMode,
    DoctrineClause,
    ForcedExit,
    LooseGoods,
    SiegeRoute,
    WarTurn,
    Wreck,
    prune,
)


def tech_level(tech_count: int) -> int:
    """LT from the number of technologies: <8 → I, 8-15 → II, 16+ → III (seed 002, L446)."""
    return 1 if tech_count < 8 else 2 if tech_count < 16 else 3


class PowerState(BaseModel):
    """One player's kingdom: money, honor, technologies, cards, loans, grievances."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kingdom: str
    florins: int
    honor: int = 0
    techs: tuple[str, ...] = ()
    loans: tuple[int, ...] = ()
    cards: tuple[str, ...] = ()
    drawn: tuple[str, ...] = ()
    keep_priority: tuple[str, ...] = ()
    casus_belli: dict[str, int] = {}
    reinforcements: int = 0
    reserve: int = 0  # VF behind the screen, for a later positioning (LOGISTICA, L1540)
    recovered: int = 0  # VF healed after battle, for the next reinforcements (L3140, L3144, R236)
    pope: bool = False
    bankruptcy_used: bool = False
    religion: str | None = None  # set when it differs from the kingdom's (excommunication)
    converted: str | None = None  # the faith taken under RELIGIONE KHANATO/BIZANTINO (L3212-3218)
    alliance_policy: tuple[tuple[str, Stance], ...] = ()  # standing, in the order given
    piece_serials: dict[str, int] = {}  # the last number given to a piece of each class
    prisoners: dict[str, int] = {}  # VF of each other power this power holds prisoner (L978, L1772)
    doctrines: tuple[DoctrineClause, ...] = ()
    """Standing defence clauses, in the order given (docs/war.md §3.3, R99); private (R115)."""
    objective: str | None = None  # the objective card dealt at setup (L2404): private (view.py)
    calamity: CalamityChoices | None = None  # standing answers to the calamities (R319): private
    capital: str | None = None
    """Where the capital stands once the first one fell (L2071-2077, R113): a territory id, or ""
    with none left (it may build one anywhere it holds); None: the kingdom's capital on the board."""

    @model_validator(mode="before")
    @classmethod
    def _drop_derived(cls, data: Any) -> Any:
        if isinstance(data, dict) and "tech_level" in data:
            data = {k: v for k, v in data.items() if k != "tech_level"}
        return data

    @computed_field  # type: ignore[prop-decorator]
    @property
    def tech_level(self) -> int:
        return tech_level(len(self.techs))


class Siege(BaseModel):
    """A fortified settlement under siege (L1908-1998): by a power at war with its owner, or by
    the barbarians (``by = "barbarians"``, L1170). Set by the GM (``SIEGE``) until combat is played
    by mail. While it lasts the territory counts for neither the owner's taxes nor its
    reinforcements (L2266, ex L2280) and takes no reinforcements (L1534)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    territory: str
    by: str
    since: int  # the turn the siege was declared (its 1st turn, L1914-1918)
    captain: int | None = None  # the besieging captain's number (L1728); None for a GM siege (R82)
    route: SiegeRoute = LAND  # land, sea or both (L1968-1970, R112)


BARBARIANS = "barbarians"


class TerritoryState(BaseModel):
    """Who owns a territory, whose armies (VF) stand in it, and what is built there."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    owner: str | None = None
    armies: dict[str, int] = {}
    buildings: tuple[str, ...] = ()
    damaged: dict[str, int] = {}  # building -> the turn by whose purchases phase it must be repaired
    # the buildings as they stood before this turn's first new one: what is raised this turn adds
    # no supply until the positioning is over (L1538, ex L1546); None when nothing was raised
    built_over: tuple[str, ...] | None = None

    def raise_building(self, building: str, replaced: str | None) -> TerritoryState:
        """The territory with ``building`` standing, in place of ``replaced`` if given."""
        kept = [b for b in self.buildings if b != replaced]
        before = self.buildings if self.built_over is None else self.built_over
        return self.model_copy(update={"buildings": (*kept, building), "built_over": before})

    def usable(self) -> tuple[str, ...]:
        """The buildings that work: a damaged one gives nothing until repaired (L1024, L1056)."""
        return tuple(b for b in self.buildings if b not in self.damaged)

    def on_map(self) -> tuple[str, ...]:
        """The working buildings on the map: one bought (or had from a card) this turn reaches it
        only in the positioning (L1534, ruling R80), so the taxes and reinforcements of its turn
        count what stood before it (``built_over``)."""
        standing = self.buildings if self.built_over is None else self.built_over
        return tuple(b for b in standing if b not in self.damaged)

    def settlement(self) -> str | None:
        """The working settlement: a damaged one musters, buys and trades nothing (L783, L1024)."""
        return next((b for b in self.usable() if b in SETTLEMENTS), None)


TOGETHER, IN_TURN = "together", "in_turn"  # the values of the option purchases_order (R96)
SETTLEMENTS = ("village", "town", "city")  # the civil buildings of pieces.toml


class CardEffect(BaseModel):
    """An Empire card that acts over several turns once played (AVARO, USURAI: L2510-2512,
    L2762-2764), or later in its turn (GIULLARE's double taxes, CASTELLANO's protection). The
    card itself is in the discards; this record is what is left of it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    card: str
    holder: str  # the power it acts on: the one that keeps the card at the table
    played_by: str  # the holder itself for a kept USURAI
    until: int  # the last turn it acts: the turn of play + the player's LT at play - 1 (ex L2486)
    territories: tuple[str, ...] = ()  # what a CASTELLANO protects (L2538)

    @property
    def given(self) -> bool:
        return self.holder != self.played_by


SECRET_PACT_IDS = range(10_000, 100_000)
"""The numbers of secret pacts; public ones count from 1 and stay below them."""


class MedioevoState(GameState):
    powers: dict[str, PowerState]
    territories: dict[str, TerritoryState]
    turn_order: tuple[str, ...] = ()
    bank: int = 0
    deck: tuple[str, ...] = ()
    discards: tuple[str, ...] = ()  # Empire cards played and discarded, face up
    board: str = "europe1250"
    turn_limit: int | None = None
    pacts: tuple[Pact, ...] = ()
    next_pact: int = 1  # the number of the next public pact: secret ones are not counted (GM only)
    wars: tuple[tuple[str, str], ...] = ()
    truces: tuple[Truce, ...] = ()
    marriages: tuple[Marriage, ...] = ()  # PRINCIPESSA handed to another power (L2734-2736)
    disputes: tuple[Dispute, ...] = ()
    pieces: tuple[Piece, ...] = ()  # transports, siege engines and captains on the map
    sieges: tuple[Siege, ...] = ()  # one at most a territory (L1908-1998)
    purchases_order: str = TOGETHER
    """The game option (steps.py, R96): ``together`` (every power at once) or ``in_turn``; left
    out of the JSON when ``together``, so the digests of simultaneous games are unchanged."""
    combat_mode: CombatMode = COMPRESSED
    """The game option (war/records.py, R97): ``compressed`` or ``faithful``."""
    wrecks: tuple[Wreck, ...] = ()  # ownerless transports (L1630, L1683; R110)
    exits: tuple[ForcedExit, ...] = ()  # transports that must leave hostile land (L1568-1574; R109)
    loose_goods: tuple[LooseGoods, ...] = ()  # a sunk or sacked transport's goods set down (L1862)
    war: WarTurn | None = None  # this turn's phase 9 bookkeeping, None outside it
    ongoing: Ongoing | None = None  # calamities under way (calamity/records.py), None when none
    variants: tuple[str, ...] = ()
    """The optional rules on (game options, variants.py, L3190-3336); left out of the JSON when none."""
    endgame: Endgame = Endgame()  # the end's options, and why and how it ended (endgame/records.py)
    omens: Omens = Omens()  # phase 7's trigger window, Event deck and card (events_phase/)
    relics: tuple[RelicMarker, ...] = ()  # relics found through a Grail icon (L1072-1080)
    slumped_markets: tuple[str, ...] = ()  # territories whose markets pay 10 less this turn (L1068)
    combat_moved: tuple[str, ...] = ()  # transports moved in this turn's combat (L1602-1604), to commerce
    monopolies: dict[str, str] = {}  # noqa: RUF012  # power -> its MONOPOLIO good (L3180)
    lots: tuple[Lot, ...] = ()  # Empire cards on auction, bid for in the next window (L2150, R296)
    distant_ports: tuple[DistantPort, ...] = ()  # distant-port tiles (L2394-2400, distant_ports.py)
    guarantees: tuple[GuaranteeMark, ...] = ()  # variant GARANTIRE's protectors (L3322, guarantees.py)
    play_area: tuple[str, ...] = ()  # variant PARTITA A 2: the kingdoms in play (L3252); () all
    church: Church | None = None  # the see, excommunications, crusade (church/records.py)

    def to_json(self) -> dict[str, Any]:
        """The JSON without the options and war fields at their defaults (``prune``): the state of
        a game that never fought is the JSON it was before the war existed."""
        data = super().to_json()
        if self.purchases_order == TOGETHER:
            del data["purchases_order"]
        return prune_endgame(prune(data))
        if self.church is None:
            del data["church"]
        return prune(data)

    def siege(self, territory: str) -> Siege | None:
        return next((s for s in self.sieges if s.territory == territory), None)

    def with_siege(self, territory: str, siege: Siege | None) -> MedioevoState:
        """The state with ``territory`` under ``siege``, or free of any if None."""
        kept = tuple(s for s in self.sieges if s.territory != territory)
        return self.evolve(sieges=kept if siege is None else (*kept, siege))

    def pieces_of(self, power: str, kind: str | None = None) -> tuple[Piece, ...]:
        """A power's pieces (of one numbering class), in the order they were made."""
        return tuple(p for p in self.pieces if p.owner == power and (kind is None or p.kind == kind))

    def piece(self, power: str, kind: str, number: int) -> Piece | None:
        return next((p for p in self.pieces if p.key() == (power, kind, number)), None)

    def add_piece(self, power: str, kind: str, level: int, location: str, **extra: Any) -> MedioevoState:
        """A new piece with the next number of its class for that power (numbers are never reused)."""
        serials = self.powers[power].piece_serials
        number = serials.get(kind, 0) + 1
        piece = Piece(owner=power, kind=kind, number=number, level=level, location=location, **extra)
        state = self.with_power(power, piece_serials={**serials, kind: number})
        return state.evolve(pieces=(*state.pieces, piece))

    def with_piece(self, piece: Piece, **changes: Any) -> MedioevoState:
        updated = piece.model_copy(update=changes)
        return self.evolve(pieces=tuple(updated if p.key() == piece.key() else p for p in self.pieces))

    card_effects: tuple[CardEffect, ...] = ()

    def effects_on(self, power: str, card: str | None = None) -> tuple[CardEffect, ...]:
        """The card effects acting on ``power`` this turn (of one card, if named)."""
        return tuple(
            e
            for e in self.card_effects
            if e.holder == power and e.until >= self.turn and (card is None or e.card == card)
        )

    def seats(self) -> tuple[str, ...]:
        """The powers in a fixed order. Never iterate ``powers`` itself: PostgreSQL's JSONB
        does not keep key order, and the rules must not depend on where a state was stored."""
        return tuple(sorted(self.powers))

    def acting_order(self) -> tuple[str, ...]:
        """The order in which powers act: the turn order once there is one."""
        return self.turn_order or self.seats()

    def with_power(self, power: str, **changes: Any) -> MedioevoState:
        updated = self.powers[power].model_copy(update=changes)
        return self.evolve(powers={**self.powers, power: updated})

    def with_territory(self, territory: str, **changes: Any) -> MedioevoState:
        updated = self.territories[territory].model_copy(update=changes)
        return self.evolve(territories={**self.territories, territory: updated})

    def owned_by(self, power: str) -> tuple[str, ...]:
        return self.ownership.get(power, ())

    @cached_property
    def ownership(self) -> dict[str, tuple[str, ...]]:
        """Each owner's territories in board order, found once per state (the state is frozen):
        taxes, reinforcements and holdings ask it thousands of times a window (issue 18)."""
        out: dict[str, list[str]] = {}
        for t, ts in self.territories.items():
            if ts.owner is not None:
                out.setdefault(ts.owner, []).append(t)
        return {owner: tuple(ts) for owner, ts in out.items()}

    def evolve(self, **changes: Any) -> Self:
        """``GameState.evolve``, keeping ``ownership`` when the territories are not changed."""
        out = super().evolve(**changes)
        if "territories" not in changes and "ownership" in self.__dict__:
            out.__dict__["ownership"] = self.__dict__["ownership"]
        return out

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy without what was worked out of this state (``ownership``)."""
        copied = super().model_copy(update=update, deep=deep)
        copied.__dict__.pop("ownership", None)
        return copied

    def at_war(self, a: str, b: str) -> bool:
        return pair(a, b) in self.wars

    def truce(self, a: str, b: str) -> Truce | None:
        """The truce in force between ``a`` and ``b`` this turn: ``until`` is its last turn (1/2/3
        turns from the turn of play, L2628), so from the turn after it binds nothing, even while
        the entry waits for the next diplomacy phase to clear it from the registry."""
        return next((t for t in self.truces if t.parties == pair(a, b) and t.until >= self.turn), None)

    def marriage(self, a: str, b: str) -> Marriage | None:
        return next((m for m in self.marriages if m.parties == pair(a, b)), None)

    def alliance(self, a: str, b: str) -> Pact | None:
        return next((p for p in self.pacts if p.kind is PactKind.ALLIANCE and p.between(a, b)), None)

    def allies(self, power: str) -> tuple[str, ...]:
        """The powers in a military alliance with ``power``, in seat order."""
        return tuple(p for p in self.seats() if p != power and self.alliance(power, p) is not None)

    def pact(self, pact_id: int) -> Pact | None:
        return next((p for p in self.pacts if p.id == pact_id), None)

    def new_pact_id(self, secret: bool) -> int:
        """The number a new pact gets. Public pacts count 1, 2, 3 ...; a secret pact gets a number
        in 10000-99999 drawn from the state's digest (which holds what only the GM sees: the deck),
        so no number any power sees counts the secret pacts it is not party to, or tells how many
        there are (issue 14). Deterministic, so a replay numbers every pact the same."""
        if not secret:
            return self.next_pact
        taken = {p.id for p in self.pacts} | {d.pact for d in self.disputes}
        digest = self.digest()
        for attempt in itertools.count():
            drawn = hashlib.sha256(f"{digest}|secret-pact|{attempt}".encode()).digest()
            number = SECRET_PACT_IDS.start + int.from_bytes(drawn[:8], "big") % len(SECRET_PACT_IDS)
            if number not in taken:
                return number
        raise AssertionError("unreachable")

    def with_pact(self, pact: Pact) -> MedioevoState:
        """``pact`` enters the registry; a public one moves the public count on."""
        following = self.next_pact if pact.secret else max(self.next_pact, pact.id + 1)
        return self.evolve(pacts=(*self.pacts, pact), next_pact=following)
