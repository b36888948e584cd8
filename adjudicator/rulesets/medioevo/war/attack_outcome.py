"""A battle's outcome written on the state, for the land and naval attack steps (seed 002
L1683, L1760, L1768-1782, L2059; rulings R102, R136, R139, R142): VF taken off transports,
prisoners, cards, PO, captains' levels, and the public ``BattleFought`` event."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events_diplomacy import HonorChanged
from adjudicator.rulesets.medioevo.honor import change_honor
from adjudicator.rulesets.medioevo.pieces_state import Piece, label
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.battle_dice import card_key
from adjudicator.rulesets.medioevo.war.battle_models import BattleOutcome, Captain, Force, Kind
from adjudicator.rulesets.medioevo.war.captains import levels_after
from adjudicator.rulesets.medioevo.war.cargo_state import add_ground, key_of, war_turn
from adjudicator.rulesets.medioevo.war.events import BattleFought, battle_record
from adjudicator.rulesets.medioevo.war.orders import Attack

CATHEDRAL = "cathedral"


@dataclass(frozen=True)
class Sortie:
    """An attack step checked so far: who attacks, its order, the transports and the captains."""

    power: str
    order: Attack
    carriers: list[Piece]
    leaders: list[Piece]


def force_of(
    state: MedioevoState, power: str, vf: int, captains: Iterable[Piece], data: DataSet, **more: Any
) -> Force:
    """One side of a battle as ``power`` holds it now: its LT, technologies and hand, the
    ``vf`` that fight and the ``captains`` that lead them (one risen this turn rises no more,
    L1778), the cathedrals it holds (EROINA); ``more``: the battle's own facts (plan, galleys,
    ownership …, battle_models.Force)."""
    held = state.powers[power]
    promoted = war_turn(state).promoted
    leaders = tuple(Captain(label(data, c.kind, c.number), c.level, key_of(c) in promoted) for c in captains)
    cathedrals = sum(1 for t in state.owned_by(power) if CATHEDRAL in state.territories[t].usable())
    return Force(
        power=power,
        vf=vf,
        lt=held.tech_level,
        technologies=frozenset(held.techs),
        hand=held.cards,
        captains=leaders,
        cathedrals=cathedrals,  # EROINA needs one (L2632)
        **more,
    )


def reread(state: MedioevoState, pieces: Sequence[Piece]) -> list[Piece]:
    return [p for p in state.pieces if any(key_of(p) == key_of(q) for q in pieces)]


def count_attack(state: MedioevoState, captain: Piece) -> MedioevoState:
    turn = war_turn(state)
    key = key_of(captain)
    return state.evolve(
        war=turn.model_copy(update={"attacks": {**turn.attacks, key: turn.attacks.get(key, 0) + 1}})
    )


def take_aboard(
    state: MedioevoState,
    pieces: Sequence[Piece],
    vf: int,
    keep: int,
    order: Sequence[str] = (),
    data: DataSet | None = None,
) -> MedioevoState:
    """Take ``vf`` VF off ``pieces``, each keeping ``keep``: those ``order`` names first, in its
    order (a plan's or doctrine's ``LOSSES ORDER``, L1760), then the one with most VF aboard first
    (L1760's default)."""
    named = {label(data, p.kind, p.number): p for p in pieces} if data is not None else {}
    first = [named[n] for n in order if n in named]
    rest = sorted((p for p in pieces if p not in first), key=lambda p: -p.vf)
    for piece in [*first, *rest]:
        if vf <= 0:
            break
        off = min(vf, max(0, piece.vf - keep))
        state = state.with_piece(piece, vf=piece.vf - off)
        vf -= off
    return state


def hold(
    state: MedioevoState, power: str, territory: str, carriers: Sequence[Piece], vf: int
) -> tuple[MedioevoState, int]:
    """The conqueror puts ``vf`` VF down to hold ``territory`` (L1844-1846), off ``carriers``, each
    keeping 1 aboard (R102): as many as they have. Recorded in ``WarTurn.arrivals`` for the supply
    trim (L2239, R108). Returns the state and the VF put down."""
    put = max(0, min(vf, sum(max(0, p.vf - 1) for p in carriers)))
    state = take_aboard(state, carriers, put, keep=1)
    state = add_ground(state, power, territory, put)
    turn = war_turn(state)
    return state.evolve(
        war=turn.model_copy(update={"arrivals": (*turn.arrivals, (territory, power, put))})
    ), put


def settle(
    state: MedioevoState, data: DataSet, power: str, defender: str, outcome: BattleOutcome
) -> tuple[MedioevoState, list[HonorChanged]]:
    """What a battle leaves besides the VF: prisoners to their captors (L1772), cards (A-19), the
    PO of a retreat before the battle (L2059, with its event), captains' levels (0: back to the
    reserve, L1780; a rise recorded in ``WarTurn.promoted``, L1778). The barbarians hold no hand
    and no prisoners."""
    for force in outcome.forces:
        if force.power not in state.powers:
            continue
        held = state.powers[force.power]
        prisoners = dict(held.prisoners)
        others = [
            f.power
            for f in outcome.forces
            if f.side is not force.side and f.lost + f.captured and f.power in state.powers
        ]
        if force.prisoners and others:
            other = defender if force.power == power else power
            other = other if other in others else others[0]
            prisoners[other] = prisoners.get(other, 0) + force.prisoners
        gone = dict.fromkeys(card_key(c) for c in (*force.cards_lost, *force.cards_discarded))
        hand = tuple(card_key(c) for c in force.hand)  # the outcome shows ids in capitals
        discards = (*state.discards, *gone)
        state = state.with_power(force.power, prisoners=prisoners, cards=hand)
        state = state.evolve(discards=discards)
    why = f"{defender} retreated before the battle (L2059)"
    state, told = change_honor(state, power, outcome.attacker_po, why)
    return levels_after(state, data, outcome.captains), told


def fought_event(
    power: str, defender: str, target: str, outcome: BattleOutcome, kind: Kind = Kind.FIELD, origin: str = ""
) -> BattleFought:
    """The public battle, round by round (R115); ``origin``: where the attackers came from."""
    detail, rams, notes = battle_record(outcome)
    return BattleFought(
        attacker=power,
        defender=defender,
        territory=target,
        winner=outcome.winner.value,
        end=outcome.end.value,
        lost={f.power: f.lost for f in outcome.forces},
        captured={f.power: f.captured for f in outcome.forces},
        prisoners={f.power: f.prisoners for f in outcome.forces},
        rounds=tuple(r.words for r in outcome.rounds),
        battle=kind.value,
        origin=origin,
        detail=detail,
        rams=rams,
        notes=notes,
        phase="combat",
    )
