"""Captains in a land attack, and the CB an attack gives (seed 002 L1725-1729, L1776-1782, L758;
rulings R107, R119, R142).

* A captain leads as many attacks a turn as its level when the phase began (L1727:
  ``WarTurn.start_level``, recorded the first time the captain acts if the phase's opening did
  not); a captain whose action this turn is a siege attacks nothing else (L1728-1729,
  ``WarTurn.sieging``); nor does one that began the Combat where a SICCITA struck (L1354,
  ``WarTurn.parched_captains``, R303). Every captain who led a roll spends one attack (R107); with no roll (an
  undefended territory) every captain named does.
* After the attack its captains rise (once a turn, ``WarTurn.promoted``, L1778) or fall
  (``battle.fight``'s changes, R142); a conquest without a roll raises all of them.
* Attacking a territory of a kingdom gives 1 CB against the attacker to every other power of that
  kingdom's religion, barbarian or a player's alike (L758, ex L710; the Pope's doubled, L752).
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger, religion_of
from adjudicator.rulesets.medioevo.guarantees import attacked_cb
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece, label
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.battle_models import BattleOutcome, BattlePlan, CaptainChange
from adjudicator.rulesets.medioevo.war.cargo_state import Refused, key_of, war_turn
from adjudicator.rulesets.medioevo.war.drought_war import parched_captains

MAX_LEVEL = 3


def start(state: MedioevoState, captains: Sequence[Piece]) -> MedioevoState:
    """Each captain's level when the phase began, kept the first time it acts (L1727), and whether
    it began in the drought's lands (L1354) when the phase's opening did not say (a rehearsal)."""
    turn = war_turn(state)
    levels = dict(turn.start_level)
    dry = (*turn.parched_captains, *parched_captains(state, captains, frozenset(levels)))
    for c in captains:
        levels.setdefault(key_of(c), c.level)
    return state.evolve(war=turn.model_copy(update={"start_level": levels, "parched_captains": dry}))


def refusal(state: MedioevoState, captains: Sequence[Piece], data: DataSet) -> Refused | None:
    """Why one of ``captains`` may not lead this attack (L1727-1729), or None."""
    turn = war_turn(state)
    for c in captains:
        name = label(data, CAPTAIN, c.number)
        key = key_of(c)
        if key in turn.sieging:
            return Refused("no-attacks", f"{name} besieges this turn: it attacks nothing else (L1728-1729)")
        if key in turn.parched_captains:
            why = "began the Combat in a territory the SICCITA struck: it may not attack (L1354)"
            return Refused("no-attacks", f"{name} {why}")
        level = turn.start_level.get(key, c.level)
        if turn.attacks.get(key, 0) >= level + turn.extra_attacks.get(key, 0):  # MARESCIALLO (L2707)
            return Refused(
                "no-attacks",
                f"{name} has led {turn.attacks.get(key, 0)} attack(s), all that its level {level} at the"
                " start of the turn allows (L1727)",
            )
    return None


def leaders_of(plan: BattlePlan, captains: Sequence[Piece], rolls: int, data: DataSet) -> list[Piece]:
    """The captains who led a roll (A-26): the plan's leader of each roll, else the first named;
    every captain named when no roll was fought."""
    if rolls == 0:
        return list(captains)
    names = {label(data, CAPTAIN, c.number): c for c in captains}
    first = next(iter(names), "")
    led = []
    for n in range(1, rolls + 1):
        name = plan.leader_for(n)
        chosen = names.get(name or "", names.get(first))
        if chosen is not None and chosen not in led:
            led.append(chosen)
    return led


def spend_attacks(state: MedioevoState, captains: Sequence[Piece]) -> MedioevoState:
    turn = war_turn(state)
    attacks = dict(turn.attacks)
    for c in captains:
        attacks[key_of(c)] = attacks.get(key_of(c), 0) + 1
    return state.evolve(war=turn.model_copy(update={"attacks": attacks}))


def levels_after(state: MedioevoState, data: DataSet, changes: Sequence[CaptainChange]) -> MedioevoState:
    """Captains' levels after a battle (L1776-1782): up (recorded in ``promoted``, L1778), down,
    or back to the reserve at 0 (L1780)."""
    for change in changes:
        piece = next(
            (
                p
                for p in state.pieces_of(change.power, CAPTAIN)
                if label(data, p.kind, p.number) == change.name
            ),
            None,
        )
        if piece is None:
            continue
        if change.level_after == 0:
            state = state.evolve(pieces=tuple(p for p in state.pieces if p.key() != piece.key()))
            continue
        state = state.with_piece(piece, level=change.level_after)
        if change.level_after > change.level_before:
            turn = war_turn(state)
            if key_of(piece) not in turn.promoted:
                state = state.evolve(
                    war=turn.model_copy(update={"promoted": (*turn.promoted, key_of(piece))})
                )
    return state


def promote_unopposed(
    state: MedioevoState, data: DataSet, power: str, captains: Sequence[Piece]
) -> MedioevoState:
    """A conquest with no roll raises every captain of the attack (R142), once a turn (L1778)."""
    promoted = war_turn(state).promoted
    changes = [
        CaptainChange(power, label(data, CAPTAIN, c.number), c.level, c.level + 1, "conquered (L1776)")
        for c in captains
        if c.level < MAX_LEVEL and key_of(c) not in promoted
    ]
    return levels_after(state, data, changes)


def rolls_led(outcome: BattleOutcome | None) -> int:
    return 0 if outcome is None else len(outcome.rounds)


def co_religionists_cb(
    state: MedioevoState, data: DataSet, power: str, owner: str | None, territory: str
) -> tuple[MedioevoState, list[Event]]:
    """1 CB against ``power`` to every other power of the attacked kingdom's religion, not the
    territory's owner (L758, ex L710, R119); the Pope's doubled (L752)."""
    kingdom = data.board.kingdoms.get(data.board.territories[territory].kingdom)
    if kingdom is None:
        return state, []
    faith = str(kingdom.religion)
    ledger = Ledger(state, data)
    rules = data.diplomacy_rules
    for other in state.seats():
        if other in (power, owner) or religion_of(state, other, data) != faith:
            continue
        delta = rules.pope_cb_factor if state.powers[other].pope else 1
        why = f"{power} attacked {territory}, a {faith} kingdom's land (L758)"
        ledger.grievance(other, power, delta, why)
    faiths = {p: religion_of(state, p, data) for p in state.seats()}
    for protector, cb, why in attacked_cb(state, data, power, territory, faiths):  # GARANTIRE (L3330)
        ledger.grievance(protector, power, cb, why)
    return ledger.state, list(ledger.events)
