"""The walls in the order template (``war/legal.py``; seed 002 L1643-1645, L1886-1924, L1966,
ex L2476; rulings R185, R211, R220).

What the template says of a fortified target, and the SIEGE and ASSAULT steps it lists, a power's
walls and the barbarians' alike (R220: barbarian land behind walls is besieged and assaulted as a
power's, ex L2476 "assalta una Torre dei Barbari").

* An ``ATTACK`` on walls follows the plan's ``FORT`` clause (R211), which the template cannot
  know: its note says in words what each choice needs there: a siege an engine and more VF than
  those the walls hold (L1910, L1924), an assault rolls 1d4 against 1d6 + the walls' level
  (L1902-1903); on barbarian land, how many barbarians rise behind them (L1643-1645, R103).
* ``SIEGE t FROM … WITH …`` and ``ASSAULT t FROM … WITH …`` are listed where an own transport
  stands in an enemy's fortified territory or barbarian land behind walls, and only when the
  judge's own step (``war/sieges.py``) makes them on the board as it stands: superiority, an
  engine for a siege, nobody outside the walls, a captain with an attack left (L1727-1728). The
  step is tried on a copy of the board with the template's own dice: its battle's rolls are not
  the game's, only whether it is made counts.
* ``SIEGE t``, ``ASSAULT t`` and ``LIFT SIEGE t`` for each own siege (L1966, R112).
"""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, label
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war import sieges
from adjudicator.rulesets.medioevo.war.cargo_state import CARRIED, Done
from adjudicator.rulesets.medioevo.war.fortress import fortification_level, split_garrison
from adjudicator.rulesets.medioevo.war.orders import Assault, LiftSiege, ScriptStep, Siege
from adjudicator.rulesets.medioevo.war.siege_common import rise
from adjudicator.rulesets.medioevo.war.siege_state import defenders
from adjudicator.rulesets.medioevo.war.siege_turns import engineless

TEMPLATE_DICE = b"order template"
"""The dice a listed SIEGE or ASSAULT is tried with: whether the step is made does not depend on
them (a refusal comes before any roll); the rolls are thrown away with the copy of the board."""


def walls_name(level: int, data: DataSet) -> str:
    """The fortification of ``level`` by its English name (Tower, Fort, Castle; L1892-1894)."""
    found = [b.name_en for b in data.buildings.values() if b.category == "fortification" and b.level == level]
    return found[0] if found else f"walls of level {level}"


def _inside(state: MedioevoState, power: str, target: str, data: DataSet) -> tuple[int, int]:
    """The VF inside the walls and outside them when ``power`` comes, the barbarians risen first
    on their land (L1643-1645, L1830, R220)."""
    risen, _ = rise(state, power, target, data)
    split = split_garrison(
        defenders(risen, power, target, data), fortification_level(risen.territories[target].usable(), data)
    )
    return split.inside_vf, split.outside_vf


def walls_note(state: MedioevoState, power: str, target: str, data: DataSet) -> str:
    """The words an ATTACK on ``target`` adds about its walls (empty without): the choices of the
    plan's FORT clause and what each needs there (L1902-1903, L1910, L1924, R211, R220)."""
    terr = state.territories[target]
    level = fortification_level(terr.usable(), data)
    if not level:
        return ""
    inside, outside = _inside(state, power, target, data)
    held = f"its {walls_name(level, data)} holds {inside} VF"
    if outside:
        held += f", {outside} outside to beat first (L1896)"
    if terr.owner is None:
        held += " (the barbarians rise when none stand there, R220)"
    siege = state.siege(target)
    if siege is not None:  # another's: its own are not listed (``legal._targets``)
        return (
            f"; {held}, under {siege.by}'s siege: FORT SIEGE is refused (one siege at a time),"
            f" FORT ASSAULT rolls 1d4 against 1d6+{level} (L1902-1903)"
        )
    needs = (
        "more VF (without an engine only attrition, L3222)" if engineless(state) else "an engine and more VF"
    )
    return (
        f"; {held}: FORT SIEGE needs {needs} (L1910, L1924),"
        f" FORT ASSAULT rolls 1d4 against 1d6+{level} (L1902-1903)"
    )


def siege_options(state: MedioevoState, power: str, data: DataSet) -> list[tuple[Order, str]]:
    """The SIEGE, ASSAULT and LIFT SIEGE steps ``power`` may send now, with their notes."""
    out: list[tuple[Order, str]] = []
    for current in state.sieges:
        if current.by == power:
            level = fortification_level(state.territories[current.territory].usable(), data)
            odds = f": 1d4 against 1d6+{level} (L1902-1903)" if level else ""
            turn = state.turn - current.since + 1
            out.append((ScriptStep(Siege(current.territory)), f"siege turn {turn}"))
            out.append(
                (ScriptStep(Assault(current.territory)), f"storm the walls with the besieging force{odds}")
            )
            out.append((ScriptStep(LiftSiege(current.territory)), "its captain loses a level (L1780)"))
    besieged = {s.territory for s in state.sieges}
    for piece in state.pieces_of(power):
        place = piece.location
        terr = state.territories.get(place)
        if piece.kind in CARRIED or piece.aboard is not None or terr is None or place in besieged:
            continue
        if terr.owner == power or (terr.owner is not None and not state.at_war(power, terr.owner)):
            continue
        level = fortification_level(terr.usable(), data)
        captains = sorted(p.number for p in state.pieces_of(power, CAPTAIN) if p.location == place)
        if not level or not captains:
            continue
        force = ((label(data, piece.kind, piece.number),), (label(data, CAPTAIN, captains[0]),))
        whose = f"{terr.owner}'s" if terr.owner else "the barbarians'"
        walls = f"{whose} {walls_name(level, data)}"
        inside, _ = _inside(state, power, place, data)
        notes = {
            Siege: f"besiege {walls}, {inside} VF inside (L1910, L1924)",
            Assault: f"storm {walls} now, {inside} VF inside: 1d4 against 1d6+{level} (L1902-1903)",
        }
        for kind, note in notes.items():
            step = ScriptStep(kind(place, *force))
            if _made(state, power, step, data):
                out.append((step, note))
    return out


def _made(state: MedioevoState, power: str, step: ScriptStep, data: DataSet) -> bool:
    """Whether the judge's own SIEGE or ASSAULT handler makes ``step`` on this board."""
    action = step.action
    handler = sieges.SIEGE_HANDLERS[type(action)]
    dice = Dice(TEMPLATE_DICE, f"T{state.turn}.template")
    return isinstance(handler(state, power, action, data, dice, ()), Done)
