"""The inputs and the outcome of one battle (seed 002 L1649-L1842, L2008-L2023, L2057-L2065).

Frozen values only: the lead's wiring builds a :class:`Battle` from the game state and the
players' battle plans and doctrines, :func:`..battle.fight` returns a :class:`BattleOutcome`, and
the wiring applies it. Nothing here reads the state, the clock or any file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Side(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"


class Kind(StrEnum):
    """The battle types of L1649-L1653 that are fought with dice round by round (a siege is not)."""

    FIELD = "field"  # battaglia campale: d6 against d6 (L1754)
    ASSAULT = "assault"  # assalto alle mura: d4 against d6 + the fortification's level (L1902-L1904)
    NAVAL = "naval"  # ramming, then field rounds (L2010-L2018); no ramming in a port (L2021)


class End(StrEnum):
    DEFENDERS_ELIMINATED = "defenders_eliminated"
    ATTACKERS_ELIMINATED = "attackers_eliminated"
    ATTACKERS_WITHDREW = "attackers_withdrew"
    DEFENDERS_RETREATED = "defenders_retreated"
    ROUND_LIMIT = "round_limit"
    UNDEFENDED = "undefended"  # no defender took part (all stood aside or had no VF)


@dataclass(frozen=True, slots=True)
class Captain:
    """A Captain in the battle: level I-III (L1727); a level gained this turn already caps it (L1778)."""

    name: str
    level: int
    promoted_this_turn: bool = False


@dataclass(frozen=True, slots=True)
class Withdraw:
    """When a side leaves the battle (L1721 the attacker; L2057-L2065 the defender's retreat).

    ``after_rounds``: leave once this many rounds have been fought against it; ``below_vf``: leave
    once its VF fall below this; ``before_battle``: a defender retreats before the first round
    (the attacker gains 1 PO, L2059); ``outnumbered``: an attacker leaves as soon as its VF are
    fewer than the defenders' still fighting (``WITHDRAW IF OUTNUMBERED``, R100's default with
    ``after_rounds=10``: ``plans.DEFAULT_WITHDRAW``). ``None`` and False everywhere: fight to the end.
    """

    after_rounds: int | None = None
    below_vf: int | None = None
    before_battle: bool = False
    outnumbered: bool = False


@dataclass(frozen=True, slots=True)
class Steal:
    """LADRO played before the power's roll ``before_round`` (an instant card, L1707): take
    ``card`` from ``victim``'s hand into one's own (ex L1709-L1711); ``victim`` empty: the first
    power of the other side that holds it (R228)."""

    before_round: int
    card: str
    victim: str


@dataclass(frozen=True, slots=True)
class BattlePlan:
    """A power's live decisions, given in advance (issue 17 battle plans and doctrines).

    ``rounds[i]`` are the cards played on roll i+1 (at most LT, all different, L1736); the last
    entry repeats for later rolls. ``sacrifice`` orders the cards to give up when a roll is lost
    with cards played (L1768), first listed first; a card not listed goes after, the last played
    first. ``leaders[i]`` names the Captain leading roll i+1 when several attack together (L1782),
    the last repeating; default the first Captain.
    """

    rounds: tuple[tuple[str, ...], ...] = ()
    sacrifice: tuple[str, ...] = ()
    withdraw: Withdraw = field(default_factory=Withdraw)
    leaders: tuple[str, ...] = ()
    steals: tuple[Steal, ...] = ()

    def cards_for(self, number: int) -> tuple[str, ...]:
        if not self.rounds:
            return ()
        return self.rounds[min(number, len(self.rounds)) - 1]

    def leader_for(self, number: int) -> str | None:
        if not self.leaders:
            return None
        return self.leaders[min(number, len(self.leaders)) - 1]


@dataclass(frozen=True, slots=True)
class Force:
    """One power's armies on one side of the battle.

    ``vf`` are the VF that fight (for an attacker, those that take part less the one kept aboard,
    see :func:`..battle.attack_strength`, ex L1689). ``hand`` holds the Empire cards it may play
    in the rounds. ``galleys`` are the levels of its warships (ramming, L2010), ``bombards`` its
    level III siege engines with the force (L1677, L2018). ``transports`` are the transports it
    must guard with 1 VF each where it does not own the ground (L1683-L1685). ``owner``: it owns
    the territory, so its last VF falls last (L1816). ``joins``: a power present that takes part
    (L1822-L1828); ``at_war``: already at war with the other side (else it declares war to join,
    L1826). ``buildings_here``: it owns buildings in the territory (MONACO). A barbarian force rolls
    with its Captain's level as a bonus (L2354) and takes no prisoners.
    """

    power: str
    vf: int
    lt: int = 1
    technologies: frozenset[str] = frozenset()
    hand: tuple[str, ...] = ()
    plan: BattlePlan = field(default_factory=BattlePlan)
    captains: tuple[Captain, ...] = ()
    cathedrals: int = 0
    bombards: int = 0
    galleys: tuple[int, ...] = ()
    transports: int = 0
    owner: bool = False
    joins: bool = True
    at_war: bool = True
    buildings_here: bool = False
    barbarian: bool = False
    extra_modifiers: tuple[tuple[str, int], ...] = ()
    desert_toll: bool = False  # 1 VF more lost at each roll from the 2nd (variant, L3274-3276)
    double_losses: bool = False  # defending where a SICCITA struck: its losses double (L1352, R303)


@dataclass(frozen=True, slots=True)
class Battle:
    """One attack's dice part. ``number`` names the battle in every die's purpose.

    ``fortification``: the level (1 Tower, 2 Fort, 3 Castle) the defenders hold in an assault
    (L1903). ``buildings``: the territory has buildings (TEMPLARE). ``in_port``: a naval battle in a
    port, without ramming (L2021). ``ground``: the defenders stand on a territory one of them owns;
    False in a sea zone or a barbarian territory, where each transport needs 1 VF (L1683-L1685).
    """

    number: int | str
    kind: Kind
    attackers: tuple[Force, ...]
    defenders: tuple[Force, ...]
    fortification: int = 0
    buildings: bool = False
    in_port: bool = False
    ground: bool = True
    max_rounds: int = 1000


@dataclass(frozen=True, slots=True)
class RollDetail:
    """One side's roll: the die, its value, each modifier by its source, the total."""

    power: str
    sides: int
    value: int
    modifiers: tuple[tuple[str, int], ...]
    total: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RoundRecord:
    number: int
    attack: RollDetail
    defence: RollDetail
    attacker_loss: int
    defender_loss: int
    cards_lost: tuple[tuple[str, str], ...]
    words: str


@dataclass(frozen=True, slots=True)
class RamRecord:
    """The ramming before a naval battle (L2010): each galley's d4 + level (+1 ALCHIMIA, L2016)."""

    rolls: tuple[tuple[str, int, int, int], ...]  # (power, galley level, d4, damage)
    attacker_loss: int
    defender_loss: int


@dataclass(frozen=True, slots=True)
class CaptainChange:
    power: str
    name: str
    level_before: int
    level_after: int  # 0: removed to its owner's reserve (L1780)
    reason: str


@dataclass(frozen=True, slots=True)
class ForceResult:
    """What became of one force: ``vf_start == vf_left + lost + retreated + captured``."""

    power: str
    side: Side
    vf_start: int
    vf_left: int
    lost: int
    retreated: int
    captured: int
    prisoners: int
    cards_played: tuple[str, ...]
    cards_lost: tuple[str, ...]
    cards_discarded: tuple[str, ...]
    hand: tuple[str, ...]
    left_battle: str
    declared_war: bool
    unprotected_transports: int


@dataclass(frozen=True, slots=True)
class BattleOutcome:
    winner: Side
    end: End
    forces: tuple[ForceResult, ...]
    rounds: tuple[RoundRecord, ...]
    ramming: RamRecord | None
    captains: tuple[CaptainChange, ...]
    attacker_po: int
    events: tuple[str, ...]

    def force(self, power: str) -> ForceResult:
        return next(f for f in self.forces if f.power == power)
