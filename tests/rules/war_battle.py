"""Helpers for the battle tests (seed 002 L1649-L1842): loaded dice, forces and one-roll battles."""

from __future__ import annotations

import re

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.war.battle import fight
from adjudicator.rulesets.medioevo.war.battle_dice import combat_dice_uses
from adjudicator.rulesets.medioevo.war.battle_models import (
    Battle,
    BattleOutcome,
    BattlePlan,
    Captain,
    Force,
    Kind,
    Withdraw,
)

CARDS = default_dataset().cards
ONE_ROUND = BattlePlan(withdraw=Withdraw(after_rounds=1))


def loaded(*values: int) -> Dice:
    return Dice(seed=b"war-battle-test", namespace="T1.war", loaded=list(values))


def attacker(vf: int = 30, power: str = "blue", **kw: object) -> Force:
    kw.setdefault("captains", (Captain("Bruno", 1),))
    kw.setdefault("plan", ONE_ROUND)
    return Force(power=power, vf=vf, **kw)  # type: ignore[arg-type]


def field(att: Force | tuple[Force, ...], dfn: Force | tuple[Force, ...], **kw: object) -> Battle:
    atts = att if isinstance(att, tuple) else (att,)
    dfns = dfn if isinstance(dfn, tuple) else (dfn,)
    return Battle(
        number=kw.pop("number", 1), kind=kw.pop("kind", Kind.FIELD), attackers=atts, defenders=dfns, **kw
    )  # type: ignore[arg-type]


def one_round(att: Force, dfn: Force, *dice: int, **kw: object) -> BattleOutcome:
    return fight(field(att, dfn, **kw), loaded(*dice), CARDS)


def losses(outcome: BattleOutcome) -> tuple[int, int]:
    r = outcome.rounds[0]
    return r.attacker_loss, r.defender_loss


_SLOTS = {
    "N": r"(\d+|assault [a-z_]+|siege [a-z_]+)",
    "R": r"\d+",
    "G": r"\d+",
    "POWER": r"[a-z0-9_]+",
    "T": r"[a-z_]+",
}


def declared(purpose: str, sides: int) -> bool:
    """Whether a roll fits one of ``combat_dice_uses()`` (docs/war.md §5): its purpose matches a
    declared pattern and its die is one of that pattern's sizes."""
    for use in combat_dice_uses(CARDS):
        pattern = " ".join(_SLOTS.get(word, re.escape(word)) for word in use.purpose.split())
        if re.fullmatch(pattern, purpose) and sides in use.sides:
            return True
    return False
