"""The ramming that opens a naval battle in open sea (seed 002 L2008-L2021, ex L2037-L2041).

Every galley rams: 1d4 + its level (+1 per warship with ALCHIMIA, L2016) is the VF the enemy fleet
loses. Both sides ram at once, without the winner's half-loss, each loss capped at the VF the
fleet has (R144). In a port there is no ramming (L2021).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.war.battle_dice import ALCHIMIA, RAM_DIE
from adjudicator.rulesets.medioevo.war.battle_models import Battle, RamRecord

if TYPE_CHECKING:
    from adjudicator.rulesets.medioevo.war.battle import Fighter


def ram(
    battle: Battle, attackers: list[Fighter], defenders: list[Fighter], dice: Dice, events: list[str]
) -> RamRecord:
    """Roll every galley, attacker's first (in the side's order), then apply both sides' damage."""
    rolls: list[tuple[str, int, int, int]] = []
    damage: dict[int, list[tuple[Fighter, int]]] = {0: [], 1: []}
    for index, (side, name) in enumerate(((attackers, "attacker"), (defenders, "defender"))):
        for f in side:
            if not f.active:
                continue
            bonus = 1 if ALCHIMIA in f.force.technologies else 0
            for g, level in enumerate(f.force.galleys, start=1):
                value = dice.roll(RAM_DIE, f"battle {battle.number} ram {name} {f.power} galley {g}")
                rolls.append((f.power, level, value, value + level + bonus))
                damage[index].append((f, value + level + bonus))
    defender_loss = _apply(damage[0], defenders)
    attacker_loss = _apply(damage[1], attackers)
    events.append(f"ramming: the attackers sink {defender_loss} VF, the defenders {attacker_loss} VF (L2010)")
    return RamRecord(tuple(rolls), attacker_loss, defender_loss)


def _apply(hits: list[tuple[Fighter, int]], victims: list[Fighter]) -> int:
    """Each rammer's damage falls on the enemy fleet in its declared order; the rammer is credited
    with what it destroyed (prisoners, L1772)."""
    total = 0
    for rammer, amount in hits:
        for victim in victims:
            if amount == 0:
                break
            hit = min(amount, victim.vf)
            if hit:
                victim.lose(hit)
                rammer.destroyed += hit
                amount -= hit
                total += hit
    return total
