"""What the war keeps in the Medioevo state (docs/war.md §2.2): the records of phase 9 (seed 002
L1594-L2087) that outlive one step, and :func:`prune`, which leaves every war field out of the
state's JSON while it is at its default, so a game that never fought keeps the snapshots and
digests it had before the war existed (as ``GameState.steps`` and ``purchases_order`` do).

Pieces are named in these records by key strings: ``"galley/2"`` (numbering class / number) for a
power's own piece, ``"venice/galley/2"`` (owner / class / number) where the owner is not implied.
Pure: no I/O.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from adjudicator.rulesets.medioevo.events_phase.records import Omens

CombatMode = Literal["compressed", "faithful"]
COMPRESSED: CombatMode = "compressed"
FAITHFUL: CombatMode = "faithful"
"""The values of the game option ``combat_mode`` (R97): every script by one deadline, run in turn
order in one resolution; or one sub-deadline per power in turn order (docs/war.md §4.2, §4.3)."""

SiegeRoute = Literal["land", "sea", "both"]
LAND: SiegeRoute = "land"
SEA: SiegeRoute = "sea"
BOTH: SiegeRoute = "both"
"""How a siege is laid (L1968-1970: by land the besieged's transports still come and go by sea;
by sea they do not; R112)."""


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DoctrineClause(_Record):
    """One standing defence choice of a power (docs/war.md §3.3, R99): what the table's defender
    decides live (retreat L2059-2069, cards L1736, losses L1760, the last army L1683-1685, helping
    an ally L1732 or the barbarians L1826-1828, the new capital L2075), given in advance and kept
    from turn to turn until a later line replaces it. Scope: everywhere (neither ``place`` nor
    ``piece``), one territory or sea zone, or one own transport; the narrowest scope wins."""

    clause: str = Field(min_length=1, description="the canonical clause, e.g. 'RETREAT DURING BELOW 3'")
    place: str | None = Field(default=None, description="territory or sea zone id")
    piece: str | None = Field(default=None, description="own transport as 'cart/2' (class/number)")

    @model_validator(mode="after")
    def _one_scope(self) -> DoctrineClause:
        if self.place is not None and self.piece is not None:
            raise ValueError("a doctrine clause has one scope: a place or a piece, not both")
        return self


class Wreck(_Record):
    """A transport left without its owner (L1630: without armies outside its owner's territories;
    L1683-1685: unprotected by 1 VF in a sea zone or barbarian land): no shield, it cannot move,
    and a power that loads ≥ 1 VF on it takes it (``CLAIM``, A-49, R110); unclaimed by the end of
    the turn ("entro fine turno", L1630) it is removed. It keeps what made it (level and
    discs, as ``Piece`` has them) and its former name, by which ``CLAIM`` names it."""

    kind: str = Field(description="transport kind: galley, war_wagon, merchant, caravan")
    level: int = Field(ge=1, le=3)
    pm: int = Field(default=0, ge=0, description="+1 PM discs (L859-861)")
    armies: int = Field(default=0, ge=0, description="+10 army capacity discs (red)")
    goods: int = Field(default=0, ge=0, description="+10 goods capacity discs (white)")
    location: str = Field(description="territory or sea zone id")
    was: str = Field(description="its former owner and label: 'venice galley 2'")
    turn: int = Field(ge=1, description="the turn it lost its owner: removed at that turn's end (L1630)")


class LooseGoods(_Record):
    """Goods set down in a territory when the commercial transport carrying them was destroyed or
    sacked there (L1862 "vengono scaricate nel territorio e caricate entro il turno successivo"):
    loadable until the end of turn ``until``, then gone (R231; loading them is commerce's)."""

    territory: str
    good: str = Field(description="good id (goods.toml)")
    amount: int = Field(ge=1)
    was: str = Field(description="whose they were: the transport's owner")
    until: int = Field(ge=1, description="the last turn they may be loaded")


class ForcedExit(_Record):
    """A transport caught in the land of a power it is at war with when the war began (L1568-1574,
    A-48, R109): it must leave ``hostile``'s territories in its owner's combat sub-turn of
    ``by_turn`` ("in questo turno o nel turno successivo se ha già mosso"), or be eliminated with
    everything aboard (L1570, L1574). The declarer's own transport so caught may attack only after
    a full turn outside (L1572): ``out_since`` is the turn it got out, None while it is inside."""

    owner: str
    kind: str
    number: int = Field(ge=1)
    hostile: str = Field(description="the power whose territories it must leave")
    by_turn: int = Field(ge=1, description="the turn in whose combat sub-turn of its owner it must be out")
    out_since: int | None = Field(default=None, description="the turn it left; None while inside")
    declarer: bool = Field(
        default=False,
        description="its owner declared the war: it attacks only after a full turn outside (L1572)",
    )

    def key(self) -> tuple[str, str, int]:
        return (self.owner, self.kind, self.number)


class Pending(_Record):
    """Faithful mode (docs/war.md §4.3, R101): an attack stopped before its first round because a
    defender's doctrine there says ``ASK`` (the table's defender answers live: L1717, L1736,
    L2059). ``target``, ``captains`` and ``force`` are what the attacker announces aloud (L1717)
    and all the defender's view shows; the rest is the attacker's and lets its script go on after
    the defence step: the attack's step number and line, the lines still to run and its plans."""

    power: str = Field(description="the attacker")
    step: int = Field(ge=1, description="the attack's step number in the attacker's script")
    line: str = Field(description="the attack step, canonical")
    target: str = Field(description="territory, sea zone, or a transport 'venice/galley/2'")
    captains: tuple[str, ...] = Field(description="the attacking captains, 'captain/1'")
    force: int = Field(ge=0, description="the attacking VF announced")
    defenders: tuple[str, ...] = Field(description="the defenders asked, in the order they answer")
    rest: tuple[str, ...] = ()
    """The script's later steps, canonical lines, each with its guard, chain and on-fail."""
    plans: tuple[str, ...] = ()
    """The attacker's PLAN lines, canonical: the attack and the rest of the script use them."""
    failed_chains: tuple[str, ...] = ()
    """Chains broken before the pause (``ON FAIL CHAIN``), "name step": their later steps stay skipped."""
    waiting: tuple[str, ...] = ()
    """Sieges left for the end of the attacker's sub-turn (R223), played when it ends."""


class Wound(_Record):
    """One battle's toll on one power (``WarTurn.wounded``): where it was fought, the VF of
    armies it lost there less those taken prisoner (L1772), and the Empire cards it lost there
    (L1768): what CERUSICO and MEDICO recover from (L2548, L2713; R237, R238)."""

    where: str = ""
    vf: int = 0
    cards: tuple[str, ...] = ()


class WarTurn(_Record):
    """This turn's bookkeeping of phase 9 (docs/war.md §2.2): made by the phase's first act, set
    back to None at the end of ``aftermath``. Keys of pieces are ``"venice/galley/2"``."""

    spent: dict[str, int] = {}
    """PM spent this phase by each transport (L1576, L1661: the entry into an attacked territory
    is paid before any roll)."""
    moved: tuple[str, ...] = ()
    """Transports that moved this phase (L1602, L1604; a pre-battle retreat goes only on an unmoved
    one, L2063)."""
    parched: tuple[str, ...] = ()
    """Transports that began this phase's movement in a territory a SICCITA struck: half their PM
    for the whole phase (L1348, R297). Left out of the JSON while empty."""
    parched_captains: tuple[str, ...] = ()
    """Captains that began the Combat in a territory a SICCITA struck: they may not attack (L1354,
    R303; ``war/drought_war.py``). Left out of the JSON while empty."""
    start_level: dict[str, int] = {}
    """Each captain's level when the phase began: the attacks it may lead (L1727)."""
    attacks: dict[str, int] = {}
    """Attacks each captain has led (A-26: a captain who led at least one round)."""
    promoted: tuple[str, ...] = ()
    """Captains that gained their one level of the turn (L1778)."""
    sieging: tuple[str, ...] = ()
    """Captains whose action this turn is a siege: they attack nothing else (L1728-1729)."""
    arrivals: tuple[tuple[str, str, int], ...] = ()
    """(territory, power, VF) put down this phase, in order: the supply trim at the end takes the
    last arrived first (L2239, R108)."""
    po_pre_retreat: tuple[str, ...] = ()
    """Attacks whose defender already gave 1 PO for retreating before the first round (L2059), so
    a resumed step does not pay twice."""
    battles: dict[str, int] = {}
    """Battles numbered per sub-turn key, for the dice keys and the reports (docs/war.md §5)."""
    asked: tuple[str, ...] = ()
    """Faithful: defenders given a defence step since the last turn step (docs/war.md §4.3)."""
    pending: Pending | None = None
    """Faithful: the attack waiting for a defence step."""
    heirs: dict[str, str] = {}
    """A power that lost its last territory or transport this phase, and the power that took it
    (L2083, R113): the aftermath's eliminations read it. Left out of the JSON while empty."""
    wounded: dict[str, tuple[Wound, ...]] = {}
    """Each power's battles of this phase that cost it VF or cards, one :class:`Wound` each: their
    VF add up for CHIRURGIA and OSPEDALE (L3140, L3144, R236), one battle's for CERUSICO and
    MEDICO (R237, R238; ``war/recovery.py``, ``war/after_battle.py``). Left out of the JSON
    while empty."""
    after_plays: tuple[tuple[str, str, str], ...] = ()
    """(power, card, card named by ``FOR`` or "") of the ``PLAY`` steps of CERUSICO and MEDICO,
    made at the end of the phase (R237). Left out of the JSON while empty."""

    levied: tuple[str, ...] = ()
    """Captains CONESTABILE made over the LT's limit this turn, removed at its end if still over
    (L2608, R239; ``war/card_own.py``). Left out of the JSON while empty."""

    gates: tuple[tuple[str, str], ...] = ()
    """(power, territory): walls whose gates INFILTRATO opened to that power's attacks this
    phase (L2655, R241; ``war/infiltrato.py``). Left out of the JSON while empty."""
    sabotaged: tuple[str, ...] = ()
    """Transports INFILTRATO sabotaged: they do nothing of their own this turn (L2655, R241).
    Left out of the JSON while empty."""
    marshal_pm: dict[str, int] = {}
    """PM MARESCIALLO added to a convoy this phase, by transport (L2707, R335; ``war/card_own.py``).
    Left out of the JSON while empty."""
    extra_attacks: dict[str, int] = {}
    """Attacks MARESCIALLO with STRATEGIA added to a captain this turn (L2707, R335). Left out of
    the JSON while empty."""

    @model_validator(mode="before")
    @classmethod
    def _old_wounded(cls, data: Any) -> Any:
        """A state saved when ``wounded`` held one number a power (R236) still loads."""
        if isinstance(data, dict) and isinstance(data.get("wounded"), dict):
            old = data["wounded"]
            data = {**data, "wounded": {p: ({"vf": w},) if isinstance(w, int) else w for p, w in old.items()}}
        return data


_DEFAULTS: dict[str, dict[str, Any]] = {
    "pieces": {"vf": 0, "aboard": None, "wares": {}},
    "sieges": {"captain": None, "route": LAND},
}
"""The war's fields of the records a state holds in lists, with the default each is left out at."""
_STATE_DEFAULTS: dict[str, Any] = {
    "combat_mode": COMPRESSED,
    "wrecks": [],
    "exits": [],
    "war": None,
    "loose_goods": [],  # L1862, R231
    "ongoing": None,  # calamities under way (calamity/records.py)
    "variants": [],  # the optional rules (variants.py): none in most games
    "omens": Omens().model_dump(mode="json"),  # phase 7 (events_phase/records.py)
    "relics": [],
    "slumped_markets": [],
    "combat_moved": [],  # commerce (issue 19): transports that moved in combat, until commerce
    "monopolies": {},  # commerce: MONOPOLIO's good of each power (L3180)
    "lots": [],  # commerce: Empire cards on auction (L2150-2154, R296)
    "distant_ports": [],  # distant-port tiles (L2394-2400, R300)
    "guarantees": [],  # variant GARANTIRE (L3320-3332, R301)
    "play_area": [],  # variant PARTITA A 2 (L3252, R302)
}


def prune(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (a Medioevo state's ``model_dump(mode="json")``, changed in place and returned)
    without the war's fields that are at their defaults: ``combat_mode`` when compressed,
    ``wrecks``, ``exits`` and ``war`` when empty, and in each piece, siege and power the added
    fields at their defaults (``vf == 0``, ``aboard``/``captain`` None, ``route == "land"``, no
    ``doctrines``, no moved ``capital``, no ``recovered``, no ``war.heirs`` or ``wounded``).
    Loading fills the defaults back, so the round trip is exact."""
    for name, default in _STATE_DEFAULTS.items():
        if name in data and data[name] == default:
            del data[name]
    for collection, defaults in _DEFAULTS.items():
        for record in data.get(collection, ()):
            _drop_defaults(record, defaults)
    for power in data.get("powers", {}).values():
        _drop_defaults(
            power, {"doctrines": [], "capital": None, "recovered": 0, "converted": None, "calamity": None}
        )
    if isinstance(data.get("ongoing"), dict):
        _drop_defaults(data["ongoing"], {"invasions": []})
    if isinstance(data.get("war"), dict):
        _drop_defaults(
            data["war"],
            {
                "heirs": {},
                "wounded": {},
                "after_plays": [],
                "levied": [],
                "gates": [],
                "sabotaged": [],
                "parched": [],
                "marshal_pm": {},
                "extra_attacks": {},
                "parched_captains": [],
            },
        )
    return data


def _drop_defaults(record: dict[str, Any], defaults: dict[str, Any]) -> None:
    for name, default in defaults.items():
        if name in record and record[name] == default:
            del record[name]
