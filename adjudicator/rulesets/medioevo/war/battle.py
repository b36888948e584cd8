"""One battle, round by round (seed 002 L1715-L1842, L2008-L2023, L2057-L2065).

:func:`fight` plays a :class:`Battle` with the audited dice: the naval ramming first (L2010),
then rolls until one side has no armies left, withdraws (L1721) or retreats (L2059). Each roll
pits one attacker against one defender, each side taking turns in its declared order (L1732,
L1840-L1842), the territory owner's last VF falling last (L1816). Dice are rolled attacker
before defender, round by round, each named ``battle N round R attacker|defender POWER``, so a
loaded die lands where the rulebook's example puts it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.components.cards import EmpireCard
from adjudicator.rulesets.medioevo.war.battle_cards import card_to_lose, choose_cards
from adjudicator.rulesets.medioevo.war.battle_dice import (
    STRATEGIA,
    CardEffect,
    Situation,
    card_key,
    combat_effects,
    roll_spec,
)
from adjudicator.rulesets.medioevo.war.battle_models import (
    Battle,
    BattleOutcome,
    Force,
    Kind,
    RollDetail,
    RoundRecord,
    Side,
)
from adjudicator.rulesets.medioevo.war.battle_naval import ram
from adjudicator.rulesets.medioevo.war.battle_results import ROUND_LIMIT, outcome_of
from adjudicator.rulesets.medioevo.war.retreat import capture


@dataclass
class Fighter:
    """A force while the battle runs (mutable bookkeeping, never returned)."""

    force: Force
    side: Side
    vf: int
    hand: list[str]
    lost: int = 0
    retreated: int = 0
    captured: int = 0
    destroyed: int = 0  # VF of the enemy this power destroyed (prisoners, L1772)
    took_captive: int = 0  # VF captured in a retreat (R141)
    rolls: int = 0
    played: list[str] = field(default_factory=list)
    cards_lost: list[str] = field(default_factory=list)
    discarded: list[str] = field(default_factory=list)
    leaders: list[str] = field(default_factory=list)  # the Captain leading each roll (L1782)
    left: str = ""
    declared_war: bool = False

    @property
    def power(self) -> str:
        return self.force.power

    @property
    def active(self) -> bool:
        return not self.left and self.vf > 0

    def lose(self, vf: int) -> None:
        self.vf -= vf
        self.lost += vf
        if self.vf == 0:
            self.left = "eliminated"


def attack_strength(available: int, capacity: int, keep_aboard: int = 1) -> tuple[int, int]:
    """The VF that take part and those that fight when ``available`` VF attack from transports of
    ``capacity``: only what the transports carry takes part, and one VF stays aboard (ex L1689-L1691:
    24 VF on a level I war cart, 20 take part, 19 fight; R136)."""
    taking_part = min(available, capacity)
    return taking_part, max(0, taking_part - keep_aboard)


def losable(f: Fighter, side: list[Fighter], ground: bool) -> int:
    """The VF ``f`` may lose now: the owner keeps its last VF while an ally still fights (L1816)."""
    if not f.active:
        return 0
    if ground and f.force.owner and any(o is not f and o.active for o in side):
        return f.vf - 1
    return f.vf


def next_fighter(side: list[Fighter], turn: int, ground: bool) -> Fighter:
    """The side's fighter for this roll: the next in its declared order that can still lose VF."""
    n = len(side)
    for step in range(n):
        f = side[(turn + step) % n]
        if losable(f, side, ground) > 0:
            return f
    raise AssertionError("next_fighter on a side with no VF")  # callers check alive() first


def alive(side: list[Fighter]) -> bool:
    return any(f.active for f in side)


def fight(battle: Battle, dice: Dice, cards: Mapping[str, EmpireCard]) -> BattleOutcome:
    """Play ``battle`` to its end. ``cards`` is the scenario's card data (``dataset.cards``)."""
    powers = [f.power for f in battle.attackers + battle.defenders]
    if len(set(powers)) != len(powers):
        raise ValueError(f"a power may stand only once in a battle: {', '.join(powers)}")
    if not any(f.vf > 0 for f in battle.attackers):
        raise ValueError("no attacking force has VF")
    effects = combat_effects(cards)
    attackers = [_fighter(f, Side.ATTACKER) for f in battle.attackers if f.vf > 0]
    defenders = [_fighter(f, Side.DEFENDER) for f in battle.defenders if f.joins and f.vf > 0]
    events: list[str] = []
    for f in battle.defenders:
        if not f.joins:
            events.append(f"{f.power} stands aside: a further attack is needed against it (L1828)")
    for d in defenders:
        if not d.force.at_war and not d.force.barbarian:
            d.declared_war = True
            events.append(f"{d.power} declares war to join the defence (L1826)")
    attacker_po = _retreat_before_battle(defenders, events)
    ramming = None
    if battle.kind is Kind.NAVAL and not battle.in_port and alive(attackers) and alive(defenders):
        ramming = ram(battle, attackers, defenders, dice, events)
    records: list[RoundRecord] = []
    turns = {Side.ATTACKER: 0, Side.DEFENDER: 0}
    number = 0
    while alive(attackers) and alive(defenders) and number < battle.max_rounds:
        number += 1
        a = next_fighter(attackers, turns[Side.ATTACKER], battle.ground)
        d = next_fighter(defenders, turns[Side.DEFENDER], battle.ground)
        turns[Side.ATTACKER] = attackers.index(a) + 1
        turns[Side.DEFENDER] = defenders.index(d) + 1
        for actor in (a, d):
            _steal(actor, number, attackers + defenders, cards, events)  # before its next roll
        records.append(_round(battle, number, a, d, defenders, effects, dice, events))
        if alive(defenders):
            _leave(battle, number, (a, d), (attackers, defenders), dice, events)
    if alive(attackers) and alive(defenders):
        for a in attackers:
            if a.active:
                a.left = ROUND_LIMIT
        events.append(f"after {battle.max_rounds} rounds the attackers break off (R143)")
    return outcome_of(battle, attackers, defenders, records, ramming, attacker_po, events, effects)


def _fighter(force: Force, side: Side) -> Fighter:
    return Fighter(force, side, force.vf, [card_key(c) for c in force.hand])


def _retreat_before_battle(defenders: list[Fighter], events: list[str]) -> int:
    """Defenders that leave before the first roll: the attacker gains 1 PO (L2059, L2063)."""
    po = 0
    for d in defenders:
        if d.force.plan.withdraw.before_battle and not d.force.barbarian:
            d.retreated, d.vf, d.left = d.vf, 0, "retreated before the battle"
            po = 1
            events.append(f"{d.power} retreats with {d.retreated} VF before the battle (L2059)")
    if po:
        events.append("the attackers gain 1 PO for the retreat before the battle (L2059)")
    return po


def _steal(
    f: Fighter, number: int, everyone: list[Fighter], cards: Mapping[str, EmpireCard], events: list[str]
) -> None:
    """LADRO, an instant card played before the round (L1707, ex L1709-L1711)."""
    for steal in f.force.plan.steals:
        if steal.before_round != f.rolls + 1 or "ladro" not in f.hand:
            continue
        key = card_key(steal.card)
        others = [v for v in everyone if v.side is not f.side]
        victim = next((v for v in others if key in v.hand and steal.victim in ("", v.power)), None)
        if victim is None:
            why = f"{steal.victim or 'the other side'} holds no {key.upper()}"
            if any(v.power == steal.victim and v.side is f.side for v in everyone):
                why = f"{steal.victim} fights on its side"  # R228: never an ally's hand
            events.append(f"{f.power} plays no LADRO: {why}")
            continue
        f.hand.remove("ladro")
        if "ladro" in cards and str(cards["ladro"].persistence) == "discard":
            f.discarded.append("ladro")
        victim.hand.remove(key)
        f.hand.append(key)
        events.append(
            f"before round {number} {f.power} plays LADRO and steals {key.upper()} from {victim.power}"
        )


def _situation(battle: Battle, side: Side, own: int, other: Fighter) -> Situation:
    return Situation(
        kind=battle.kind,
        side=side,
        fortification=battle.fortification,
        buildings=battle.buildings,
        own_vf=own,
        opponent_vf=other.vf,
        opponent_has_strategia=STRATEGIA in other.force.technologies,
    )


def _desert(f: Fighter) -> int:
    """The desert's extra VF, from the force's second roll on (variant, L3274-3276)."""
    return 1 if f.force.desert_toll and f.rolls >= 2 else 0


def _doubled(f: Fighter) -> int:
    """The factor on a force's losses: 2 for one defending where a SICCITA struck (L1352)."""
    return 2 if f.force.double_losses else 1


def _roll(f: Fighter, played: tuple[CardEffect, ...], spec_sides: int, purpose: str, dice: Dice) -> int:
    f.rolls += 1
    for effect in played:
        if effect.card not in f.played:
            f.played.append(effect.card)
    return dice.roll(spec_sides, purpose)


def _round(
    battle: Battle,
    number: int,
    a: Fighter,
    d: Fighter,
    defenders: list[Fighter],
    effects: Mapping[str, CardEffect],
    dice: Dice,
    events: list[str],
) -> RoundRecord:
    """One roll of the dice (L1717-L1720) and its result (L1756-L1772)."""
    sit_a = _situation(battle, Side.ATTACKER, a.vf, d)
    sit_d = _situation(battle, Side.DEFENDER, d.vf, a)
    a_cards, a_notes = choose_cards(a.force, a.rolls + 1, a.hand, effects, sit_a)
    d_cards, d_notes = choose_cards(d.force, d.rolls + 1, d.hand, effects, sit_d)
    events.extend(f"round {number}: {note}" for note in a_notes + d_notes)
    names = [c.name for c in a.force.captains]
    leader = a.force.plan.leader_for(a.rolls + 1)
    leader = leader if leader in names else (names[0] if names else "")
    if leader:
        a.leaders.append(leader)
    spec_a = roll_spec(a.force, a_cards, sit_a)
    spec_d = roll_spec(d.force, d_cards, sit_d)
    prefix = f"battle {battle.number} round {number}"
    a_val = _roll(a, a_cards, spec_a.sides, f"{prefix} attacker {a.power}", dice)
    d_val = _roll(d, d_cards, spec_d.sides, f"{prefix} defender {d.power}", dice)
    a_tot = a_val + sum(v for _, v in spec_a.modifiers)
    d_tot = d_val + sum(v for _, v in spec_d.modifiers)
    cap_d = losable(d, defenders, battle.ground)
    loss_a = loss_d = 0
    if a_tot > d_tot:
        loss_d = min(a_tot - d_tot, cap_d)  # L1758, capped L1762 (R140)
        loss_a = loss_d // 2
        loss_d += spec_a.win_damage
    elif d_tot > a_tot:
        loss_a = min(d_tot - a_tot, a.vf)
        loss_d = 0 if battle.kind is Kind.ASSAULT else loss_a // 2  # L1904
        loss_a += spec_d.win_damage
    loss_d = min(loss_d + spec_a.extra_vf_loss, cap_d)  # ARCIERE whatever the dice (R137)
    loss_a = min(loss_a + spec_d.extra_vf_loss, a.vf)
    loss_a = min(loss_a + _desert(a), a.vf)  # variant MODIFICATORI TERRENO (L3274)
    loss_d = min(loss_d + _desert(d), cap_d)
    loss_a = min(loss_a * _doubled(a), a.vf)  # SICCITA (L1352, R303)
    loss_d = min(loss_d * _doubled(d), cap_d)
    a.lose(loss_a)
    d.lose(loss_d)
    a.destroyed += loss_d
    d.destroyed += loss_a
    lost_cards: list[tuple[str, str]] = []
    loser = (a, a_cards) if a_tot < d_tot else (d, d_cards) if d_tot < a_tot else None
    if loser is not None and loser[1]:  # L1768
        gone = card_to_lose(loser[0].force, loser[1])
        loser[0].hand.remove(gone.card)
        loser[0].cards_lost.append(gone.card)
        lost_cards.append((loser[0].power, gone.name))
    detail_a = RollDetail(
        a.power, spec_a.sides, a_val, spec_a.modifiers, a_tot, tuple(e.name for e in a_cards)
    )
    detail_d = RollDetail(
        d.power, spec_d.sides, d_val, spec_d.modifiers, d_tot, tuple(e.name for e in d_cards)
    )
    words = _words(number, detail_a, detail_d, loss_a, loss_d, lost_cards)
    return RoundRecord(number, detail_a, detail_d, loss_a, loss_d, tuple(lost_cards), words)


def _words(
    number: int, a: RollDetail, d: RollDetail, loss_a: int, loss_d: int, lost: list[tuple[str, str]]
) -> str:
    def shown(r: RollDetail) -> str:
        mods = "".join(f" {v:+d} {src}" for src, v in r.modifiers)
        return f"{r.power} d{r.sides} {r.value}{mods} = {r.total}"

    if a.total == d.total:
        result = "a tie: nothing happens"
    else:
        result = f"{a.power} loses {loss_a} VF, {d.power} loses {loss_d} VF"
    text = f"Round {number}: {shown(a)} against {shown(d)}: {result}"
    for power, card in lost:
        text += f"; {power} gives up {card}"
    return text + "."


def _leave(
    battle: Battle,
    number: int,
    pair: tuple[Fighter, Fighter],
    sides: tuple[list[Fighter], list[Fighter]],
    dice: Dice,
    events: list[str],
) -> None:
    """After the roll: the attacker may withdraw (L1721; outnumbered by the defenders still
    fighting, R100, R212), the defender retreat (L2059-L2065)."""
    (a, d), (attackers, defenders) = pair, sides
    wa = a.force.plan.withdraw
    against = sum(f.vf for f in defenders if f.active)
    if a.active and (
        (wa.after_rounds is not None and a.rolls >= wa.after_rounds)
        or (wa.below_vf is not None and a.vf < wa.below_vf)
        or (wa.outnumbered and a.vf < against)
    ):
        a.left = "withdrew"
        events.append(f"after round {number} {a.power} withdraws with {a.vf} VF (L1721)")
    wd = d.force.plan.withdraw
    if (
        d.active
        and not d.force.barbarian
        and (
            (wd.after_rounds is not None and d.rolls >= wd.after_rounds)
            or (wd.below_vf is not None and d.vf < wd.below_vf)
        )
    ):
        captors = [f for f in attackers if f.vf > 0] or [a]
        captor = max(captors, key=lambda f: max((c.level for c in f.force.captains), default=1))
        level = max((c.level for c in captor.force.captains), default=1)
        purpose = f"battle {battle.number} round {number} capture {captor.power}"
        roll, d.captured = capture(dice, purpose, d.vf, level)
        captor.took_captive += d.captured
        d.retreated = d.vf - d.captured
        d.vf = 0
        d.left = "retreated"
        events.append(
            f"after round {number} {d.power} retreats: {captor.power} rolls {roll} and captures "
            f"{d.captured} VF, {d.retreated} VF get away (L2059)"
        )
