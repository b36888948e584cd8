"""The end of a battle: who won, prisoners, Captains, cards (seed 002 L1768-L1782, L2059-L2061).

Prisoners (L1772, L978, ex L2990; R135): 10 % of the VF a power destroyed (20 % with STRATEGIA),
rounded down but at least 1, counted once over the whole battle; barbarians take none. VF
captured in a retreat are prisoners as well (R141). Captains (L1776-L1782; R142): the attackers'
Captains who led a roll gain a level when the defenders are gone (at most one a turn, at most
III); when the attack fails each attacking power's Captains lose one (only the last leader with
TATTICA), a level I Captain going back to the reserve; a defender's Captains lose one when it
retreats during the battle (L2061).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from adjudicator.rulesets.medioevo.war.battle_dice import STRATEGIA, CardEffect
from adjudicator.rulesets.medioevo.war.battle_models import (
    Battle,
    BattleOutcome,
    CaptainChange,
    End,
    Force,
    ForceResult,
    RamRecord,
    RoundRecord,
    Side,
)

if TYPE_CHECKING:
    from adjudicator.rulesets.medioevo.war.battle import Fighter

MAX_LEVEL = 3
ROUND_LIMIT = "broke off at the round limit"  # R143
TATTICA = "tattica"


def prisoners_of(destroyed: int, rate_pct: int) -> int:
    """``rate_pct`` % of ``destroyed`` VF, rounded down, at least 1 when any fell (R135)."""
    return max(1, destroyed * rate_pct // 100) if destroyed > 0 else 0


def _end(attackers: list[Fighter], defenders: list[Fighter]) -> tuple[Side, End]:
    if not defenders:
        return Side.ATTACKER, End.UNDEFENDED
    if any(a.left == ROUND_LIMIT for a in attackers):
        return Side.DEFENDER, End.ROUND_LIMIT
    if not any(d.active for d in defenders):
        if any(d.left == "eliminated" for d in defenders):
            return Side.ATTACKER, End.DEFENDERS_ELIMINATED
        return Side.ATTACKER, End.DEFENDERS_RETREATED
    if all(a.left == "eliminated" for a in attackers):
        return Side.DEFENDER, End.ATTACKERS_ELIMINATED
    return Side.DEFENDER, End.ATTACKERS_WITHDREW


def _captains(winner: Side, attackers: list[Fighter], defenders: list[Fighter]) -> list[CaptainChange]:
    changes: list[CaptainChange] = []
    for a in attackers:
        if winner is Side.ATTACKER and a.left != "withdrew":
            leaders = set(a.leaders) or {c.name for c in a.force.captains}
            for c in a.force.captains:
                if c.name in leaders and c.level < MAX_LEVEL and not c.promoted_this_turn:
                    changes.append(
                        CaptainChange(a.power, c.name, c.level, c.level + 1, "won the battle (L1776)")
                    )
        else:
            last = a.leaders[-1] if a.leaders else None
            only_last = TATTICA in a.force.technologies and last is not None
            for c in a.force.captains:
                if only_last and c.name != last:
                    continue
                changes.append(
                    CaptainChange(a.power, c.name, c.level, c.level - 1, "attack failed (L1780-L1782)")
                )
    for d in defenders:
        if d.left == "retreated":
            for c in d.force.captains:
                changes.append(
                    CaptainChange(d.power, c.name, c.level, c.level - 1, "retreated from the battle (L2061)")
                )
    return changes


def outcome_of(
    battle: Battle,
    attackers: list[Fighter],
    defenders: list[Fighter],
    rounds: list[RoundRecord],
    ramming: RamRecord | None,
    attacker_po: int,
    events: list[str],
    effects: Mapping[str, CardEffect],
) -> BattleOutcome:
    winner, end = _end(attackers, defenders)
    results: list[ForceResult] = []
    fighters = {f.power: f for f in attackers + defenders}
    for force in battle.attackers + battle.defenders:
        f = fighters.get(force.power)
        if f is None:  # stood aside, or came with no VF
            results.append(_idle(force, Side.ATTACKER if force in battle.attackers else Side.DEFENDER))
            continue
        rate = 20 if STRATEGIA in f.force.technologies else 10
        prisoners = 0 if f.force.barbarian else prisoners_of(f.destroyed, rate) + f.took_captive
        for key in f.played:
            if key not in f.cards_lost and key in f.hand and effects[key].persistence == "discard":
                f.hand.remove(key)
                f.discarded.append(key)
        unprotected = 0 if battle.ground else max(0, f.force.transports - f.vf)
        results.append(
            ForceResult(
                power=f.power,
                side=f.side,
                vf_start=f.force.vf,
                vf_left=f.vf,
                lost=f.lost,
                retreated=f.retreated,
                captured=f.captured,
                prisoners=prisoners,
                cards_played=tuple(k.upper() for k in f.played),
                cards_lost=tuple(k.upper() for k in f.cards_lost),
                cards_discarded=tuple(k.upper() for k in f.discarded),
                hand=tuple(k.upper() for k in f.hand),
                left_battle=f.left or "held the field",
                declared_war=f.declared_war,
                unprotected_transports=unprotected,
            )
        )
    changes = _captains(winner, attackers, defenders)
    for c in changes:
        fate = "goes back to the reserve" if c.level_after == 0 else f"is now level {c.level_after}"
        events.append(f"{c.power}'s Captain {c.name} {fate}: {c.reason}")
    return BattleOutcome(
        winner, end, tuple(results), tuple(rounds), ramming, tuple(changes), attacker_po, tuple(events)
    )


def _idle(force: Force, side: Side) -> ForceResult:
    return ForceResult(
        power=force.power,
        side=side,
        vf_start=force.vf,
        vf_left=force.vf,
        lost=0,
        retreated=0,
        captured=0,
        prisoners=0,
        cards_played=(),
        cards_lost=(),
        cards_discarded=(),
        hand=tuple(c.upper() for c in force.hand),
        left_battle="stood aside",
        declared_war=False,
        unprotected_transports=0,
    )
