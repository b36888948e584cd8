"""Where a game of Krieg und Frieden stands: the table, each noble, the season's progress.

A turn of the judge is a year (L33); its four windows are the seasons. ``pending`` is the next
decision the rules wait for (who, of what kind, in which season): the steps of a window are read
from it (ruleset.py ``next_step``), so a step is a pure function of the state. Standing orders
(a swap rule, a bidding plan, a defence policy …, docs §8 of the digest) live on the player:
they answer a decision without a round trip by mail.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.core.state import GameState
from adjudicator.rulesets.kriegundfrieden.cards import NONE, Counts
from adjudicator.rulesets.kriegundfrieden.components import Tables

SEASONS = ("winter", "spring", "summer", "autumn")


class SwapRule(BaseModel):
    """``IF AGENDA <when>: SWAP <card> [PAYING <type>]`` (or ``: PASS``): standing for one winter."""

    model_config = ConfigDict(frozen=True)

    when: str
    """An agenda type, ``type/reward``, or ``any``."""
    card: str = ""
    """The card to put in its place (``type`` or ``type/reward``); '' for PASS."""
    paying: str = ""
    """The privilege to spend ('' : the first the player holds)."""


class Player(BaseModel):
    model_config = ConfigDict(frozen=True)

    hand: Counts = NONE
    guard: Counts = NONE
    """The cards of ``hand`` won by a challenge this summer: for defence only (L107)."""
    agenda: tuple[str, ...] = ()
    outer: int = 0
    inner: int = 0
    privileges: tuple[str, ...] = ()
    vp: int = 0
    income: int = -1
    """Cards drawn this autumn (L119-120); -1 outside the autumn."""
    robbed: tuple[str, ...] = ()
    """Victims whose burnt house paid this player 2 cards in its summer turn (L107)."""
    # standing orders (plans): each answers a decision when it comes
    defend: int | None = None
    """Defend a challenge while holding at least this many shields; 0 never; None: ask."""
    burn: str = ""
    """The house to lose first, ``inner`` or ``outer``; '' the rule's default (inner if legal)."""
    prefer: tuple[str, ...] = ()
    """Privilege types in order of preference, for a reward (L62) or a robbery (L122)."""
    appeal: str = ""
    """``always`` (against the richest in cards), ``never``, or '' (ask)."""
    discard: tuple[str, ...] = ()
    """Resource types to discard first at the hand limit (L124); () : ask."""
    swaps: tuple[SwapRule, ...] = ()
    bid_limit: int | None = None
    """This spring's plan: raise as needed up to this total; 0 pass; None ask."""
    next_bid: Counts | None = None
    """A batch given ahead, for the player's next turn to bid (used once)."""


class Pending(BaseModel):
    """The next decision: its season, kind and who makes it (``about``: the attacker of a
    challenge, the appellant of a robbery)."""

    model_config = ConfigDict(frozen=True)

    season: str
    kind: str
    powers: tuple[str, ...]
    about: str = ""


class Auction(BaseModel):
    """The spring auction (L52-58): the order of bidding, each bidder's batches, who passed."""

    model_config = ConfigDict(frozen=True)

    order: tuple[str, ...]
    batches: dict[str, tuple[Counts, ...]] = Field(default_factory=dict)
    passed: tuple[str, ...] = ()
    high: int = 0
    leader: str = ""
    cursor: int = 0
    """Index in ``order`` of the bidder whose turn it is."""


class Summer(BaseModel):
    model_config = ConfigDict(frozen=True)

    turns: tuple[str, ...]
    """The players still to play their turn, the one playing first (L78)."""
    queue: tuple[str, ...] = ()
    """What is left of the playing noble's orders (canonical lines), after a challenge's answer."""
    victim: str = ""


class KufState(GameState):
    seats: tuple[str, ...]
    """The players clockwise, as given at creation."""
    tables: Tables
    players: dict[str, Player]
    counsellor: str
    deck: tuple[str, ...] = ()
    discards: Counts = NONE
    scrolls: Counts = NONE
    """Privilege scrolls in the supply, by type."""
    agenda_card: str = ""
    placer: str = ""
    """Who put the agenda card on the table (no swap turn for them until it changes, L43)."""
    passed: tuple[str, ...] = ()
    """Players who passed on the card on the table (L43)."""
    cursor: str = ""
    """Whose turn it is in the winter's swap loop."""
    removed: tuple[str, ...] = ()
    cathedral: int = 0
    season: str = "winter"
    pending: Pending | None = None
    auction: Auction | None = None
    summer: Summer | None = None
    appeals: tuple[str, ...] = ()
    """Autumn: the players still to be asked whether they appeal (L122), in order."""
    auction_start: str = "counsellor"
    variant: bool = False
    last_year: int = 0
    """0: play until the cathedral is built (L128); else the game ends after this year."""
    hand_limit: int = 10
    winners: tuple[str, ...] = ()
    ending: str = ""

    def player(self, power: str) -> Player:
        return self.players[power]

    def with_player(self, power: str, **changes: object) -> KufState:
        return self.evolve(players={**self.players, power: self.players[power].model_copy(update=changes)})

    def clockwise(self, start: str, *, include: bool = True) -> tuple[str, ...]:
        """Every seat from ``start`` clockwise (``include``: ``start`` first, else left of it)."""
        i = self.seats.index(start)
        ring = self.seats[i:] + self.seats[:i]
        return ring if include else ring[1:] + ring[:1]

    def left_of(self, power: str) -> str:
        return self.clockwise(power, include=False)[0]
