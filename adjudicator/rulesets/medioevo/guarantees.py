"""The variant OPZIONE DIPLOMATICA: GARANTIRE (seed 002 L3320-3332, ex L3296-3304; ruling R301).

* ``GUARANTEE <territory>`` in Diplomacy spends one diplomatic action: the power's marker goes on
  that territory of a kingdom no player plays, and the power is its "protettore" (L3322); several
  powers may guarantee one kingdom (L3324), each once.
* The protector may send troops and build fortifications there at its own expense (L3326): in
  positioning ``PLACE n IN <territory>`` of the guaranteed kingdom held by nobody turns n of its VF
  into barbarian armies, at most 1 VF a territory a turn (ex L3300: 1 VF to each of 4); in
  purchases it may ``BUILD Torre IN <territory>`` there, the one fortification level a territory
  may get from protectors (ex L3298-3300: a Torre in Puglia and one in Malta).
* When a territory of the guaranteed kingdom is attacked, the protector gains CB against the
  attacker: 1 if the protector's religion differs from the territory's kingdom's, 2 if it is the
  same (L3330, ex L3304: the French, Catholic, 2 CB against the Muslim attacker of Sicily).
* At the end, for each guaranteed kingdom not free, the protector loses 0.5 PO for each of its
  territories held or occupied by another player's armies (L3332).

A barbarian Captain bought for the kingdom (L3328, ex L3302) is not built: captains are bought
where the power has a settlement. The guarantees are ``MedioevoState.guarantees`` (left out of the
JSON while none). Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.guarantee_records import GuaranteeMark
from adjudicator.rulesets.medioevo.orders import DIPLOMACY
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState
from adjudicator.rulesets.medioevo.variants import GUARANTEE, on

PER_TERRITORY_VF = 1  # L3326: "massimo 1 VF per ogni territorio"
FORTIFICATION_LEVEL = 1  # L3326: "massimo 1 livello di fortificazione per territorio"
CB_OTHER_FAITH, CB_SAME_FAITH = 1, 2  # L3330
PO_PER_TERRITORY = 0.5  # L3332


@dataclass(frozen=True, slots=True)
class Guarantee(Order):
    """``GUARANTEE <territory>``: become the protector of that territory's kingdom (L3322)."""

    phase: ClassVar[str] = DIPLOMACY
    territory: str

    def canonical(self) -> str:
        return f"GUARANTEE {self.territory}"


class KingdomGuaranteed(Event):
    """Public: the marker is seen by all (L3322)."""

    kind: ClassVar[str] = "mu-guaranteed"
    power: str
    kingdom: str
    marker: str

    def summary(self) -> str:
        return f"{self.power} guarantees the {self.kingdom} (marker in {self.marker}; L3322)"


def protectors(state: MedioevoState, kingdom: str) -> tuple[str, ...]:
    return tuple(g.power for g in state.guarantees if g.kingdom == kingdom)


def guarded(state: MedioevoState, data: DataSet, power: str, territory: str) -> bool:
    """Whether ``power`` guarantees the kingdom of ``territory`` (and it is nobody's)."""
    kingdom = data.board.territories[territory].kingdom
    held = state.territories.get(territory)
    return power in protectors(state, kingdom) and held is not None and held.owner is None


def check(state: MedioevoState, power: str, order: Order, data: DataSet) -> str | None:
    if not isinstance(order, Guarantee):
        return None
    if not on(state, GUARANTEE):
        return "GUARANTEE is the variant OPZIONE DIPLOMATICA: GARANTIRE, not on in this game (L3320)"
    kingdom = data.board.territories[order.territory].kingdom
    played = {held.kingdom for held in state.powers.values()}
    name = data.board.kingdoms[kingdom].name if kingdom in data.board.kingdoms else kingdom
    if kingdom in played:
        return f"{name} is a player's kingdom: only a kingdom nobody plays is guaranteed (R301)"
    if power in protectors(state, kingdom):
        return f"you guarantee {name} already"
    return None


def options(state: MedioevoState, power: str, data: DataSet) -> list[Order]:
    """The order template's GUARANTEE lines: one for each kingdom nobody plays that borders the
    power's lands (its first territory), when the variant is on."""
    if not on(state, GUARANTEE):
        return []
    board = data.board
    near = {board.territories[o].kingdom for t in state.owned_by(power) for o in board.territories[t].borders}
    tries = (Guarantee(board.territories_of(k)[0]) for k in sorted(near) if board.territories_of(k))
    return [o for o in tries if check(state, power, o, data) is None]


def act(state: MedioevoState, power: str, order: Guarantee, data: DataSet) -> tuple[MedioevoState, Event]:
    kingdom = data.board.territories[order.territory].kingdom
    mark = GuaranteeMark(power=power, kingdom=kingdom, marker=order.territory, since=state.turn)
    state = state.evolve(guarantees=(*state.guarantees, mark))
    name = data.board.kingdoms[kingdom].name if kingdom in data.board.kingdoms else kingdom
    return state, KingdomGuaranteed(power=power, kingdom=name, marker=order.territory)


def place_problem(amount: int, already: int) -> str | None:
    """Why a protector may not send ``amount`` more VF to a territory it sent ``already`` to this
    positioning (L3326: 1 VF a territory, ex L3300)."""
    if amount + already > PER_TERRITORY_VF:
        return f"a protector sends at most {PER_TERRITORY_VF} VF a territory a turn (L3326)"
    return None


def send(state: MedioevoState, power: str, territory: str, amount: int) -> MedioevoState:
    """``amount`` of the power's reinforcements become barbarian armies in ``territory`` (L3326)."""
    terr = state.territories[territory]
    armies = {**terr.armies, BARBARIANS: terr.armies.get(BARBARIANS, 0) + amount}
    left = state.powers[power].reinforcements - amount
    return state.with_territory(territory, armies=armies).with_power(power, reinforcements=left)


def build_problem(state: MedioevoState, data: DataSet, territory: str, building: str) -> str | None:
    """A protector's building in a guaranteed territory: only one fortification level, a Torre
    where none stands (L3326, ex L3298-3300)."""
    info = data.buildings[building]
    standing = [
        b for b in state.territories[territory].buildings if data.buildings[b].category == info.category
    ]
    if info.category != "fortification" or info.level > FORTIFICATION_LEVEL or standing:
        level = FORTIFICATION_LEVEL
        return f"a protector builds there only {level} fortification level, where none stands (L3326)"
    return None


def attacked_cb(
    state: MedioevoState, data: DataSet, attacker: str, territory: str, faith_of: dict[str, str]
) -> list[tuple[str, int, str]]:
    """(protector, CB, why) for an attack by ``attacker`` on ``territory`` (L3330)."""
    kingdom = data.board.territories[territory].kingdom
    info = data.board.kingdoms.get(kingdom)
    if info is None:
        return []
    faith = str(info.religion)
    out = []
    for protector in protectors(state, kingdom):
        if protector == attacker or protector not in state.powers:
            continue
        cb = CB_SAME_FAITH if faith_of.get(protector) == faith else CB_OTHER_FAITH
        out.append(
            (protector, cb, f"{attacker} attacked {territory} of the {info.name} it guarantees (L3330)")
        )
    return out


def end_po(state: MedioevoState, power: str, data: DataSet) -> tuple[float, str]:
    """L3332: -0.5 PO for each territory of a kingdom the power guarantees held or occupied by
    another player's armies."""
    taken: list[str] = []
    for mark in (g for g in state.guarantees if g.power == power):
        for tid in data.board.territories_of(mark.kingdom):
            held = state.territories.get(tid)
            if held is None:
                continue
            others = {p for p, vf in held.armies.items() if vf > 0 and p in state.powers and p != power}
            if (held.owner in state.powers and held.owner != power) or others:
                taken.append(tid)
    return -PO_PER_TERRITORY * len(taken), ", ".join(taken)


class BarbariansSent(Event):
    """Public: a protector's VF turned into barbarian armies in a guaranteed territory (L3326)."""

    kind: ClassVar[str] = "mu-guard-sent"
    power: str
    territory: str
    amount: int

    def summary(self) -> str:
        where = f"{self.territory}, which it guarantees"
        return f"{self.power} sends {self.amount} VF as barbarian armies to {where} (L3326)"
