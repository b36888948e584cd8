"""INFILTRATO (seed 002 L2655-2656, ex L2679, ex L2681; L1707, L712, L764, L2630; ruling R241).

"se possiedi STRATEGIA apri le porte di una fortificazione con un livello inferiore al tuo LT
(prima di iniziare la battaglia) evitando l'assedio o l'assalto alle mura; oppure sabota (non
possono muoversi, combattere, commerciare) un numero di MdT pari al tuo LT, non potranno essere
usati per 1 turno (i MdT devono trovarsi tutti nello stesso territorio, non in zone di mare
aperto)".

``PLAY infiltrato ON antiochia`` opens the gates of that territory's fortification, of a level
below the player's LT, for the player's attacks on it this phase (``WarTurn.gates``): an
``ATTACK`` there is a field battle (ex L2679: "si effettua una normale battaglia campale"), read
by ``attacks.attack``; barbarian land behind walls too. ``PLAY infiltrato ON byzantium galley
1`` sabotages that transport and the victim's other transports in the same place (a territory, a
port; not a sea zone), up to the player's LT in all, the named one first, then those of its
kind, then the others, each in the order they were made (ex L2681: two galleys in the port of
Alessandria): until the end of this turn (``WarTurn.sabotaged``; ex L2681 "in questo turno") no
step of their owner's may load, unload, move them or attack, besiege or assault with them
(:func:`sabotage_problem`, read by the runner). Attacked, they defend as any transport (the rule
bars their own actions). Trade is not built in the war window. Offensive: 1 CB to the owner of
the walls or of the transports (L712); barbarian walls give none. Discarded after use.

Pure: no I/O, no clock.
"""

from __future__ import annotations

from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger
from adjudicator.rulesets.medioevo.events import CardPlayed
from adjudicator.rulesets.medioevo.phases.card_play import after_play, tech_problem
from adjudicator.rulesets.medioevo.pieces_state import label, piece_named
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.cargo_state import Done, Refused, key_of, war_turn
from adjudicator.rulesets.medioevo.war.fortress import fortification_level
from adjudicator.rulesets.medioevo.war.orders import (
    COMBAT,
    Assault,
    Attack,
    Load,
    Move,
    NavalAttack,
    PlayCombatCard,
    Siege,
    Unload,
)

INFILTRATO = "infiltrato_gates_or_sabotage"
ILLEGAL, SABOTAGED = "illegal", "sabotaged"

Made = tuple[MedioevoState, str, str | None] | Refused
"""The state after, the effect in words, the power offended (None: barbarians)."""


def play(state: MedioevoState, power: str, action: PlayCombatCard, data: DataSet) -> Done | Refused:
    """The ``PLAY infiltrato`` step: the gates or the sabotage, the card discarded, 1 CB."""
    card = data.cards[action.card]
    why = tech_problem(card, state.powers[power].techs)
    if why is None and action.on is None:
        why = "INFILTRATO: PLAY infiltrato ON <fortified territory> or ON <power> <transport> <n>"
    if why is not None:
        return Refused(ILLEGAL, why)
    assert action.on is not None
    made = _gates(state, power, action.on, data) if action.on in data.board.territories else None
    made = made or _sabotage(state, power, action.on, data)
    if isinstance(made, Refused):
        return made
    state, effect, offended = made
    if offended is not None and (truce := state.truce(power, offended)) is not None:
        return Refused(
            ILLEGAL, f"you have a truce with {offended} until turn {truce.until}: no Empire card (L2630)"
        )
    state = after_play(state, power, action.card, data)  # "si scarta dopo l'uso"
    ledger = Ledger(state, data)
    if offended is not None and offended != power:  # L712, L764
        ledger.grievance(
            offended, power, data.diplomacy_rules.offensive_card_cb, f"offensive card {card.name}"
        )
    played = CardPlayed(power=power, card=card.name, target=action.on, effect=effect, phase=COMBAT)
    return Done(ledger.state, (*ledger.events, played), f"{card.name}: {effect}")


def _gates(state: MedioevoState, power: str, territory: str, data: DataSet) -> Made:
    terr = state.territories.get(territory)
    level = fortification_level(terr.usable(), data) if terr is not None else 0
    lt = state.powers[power].tech_level
    if terr is None or level == 0:
        return Refused(ILLEGAL, f"{territory} has no fortification whose gates INFILTRATO could open")
    if terr.owner == power:
        return Refused(ILLEGAL, f"{territory} is your own")
    if level >= lt:
        return Refused(
            ILLEGAL, f"the walls of {territory} are level {level}: INFILTRATO opens only below your LT {lt}"
        )
    turn = war_turn(state)
    state = state.evolve(war=turn.model_copy(update={"gates": (*turn.gates, (power, territory))}))
    whose = terr.owner or "the barbarians"
    return (
        state,
        f"opens the gates of {territory} ({whose}): {power}'s attacks there are field battles",
        terr.owner,
    )


def _sabotage(state: MedioevoState, power: str, target: str, data: DataSet) -> Made:
    owner, _, name = target.partition(" ")
    piece = piece_named(data, state, owner, name) if owner in state.powers else None
    if piece is None or piece.kind not in {t.kind for t in data.transports.values()}:
        return Refused(ILLEGAL, f"INFILTRATO sabotages a transport (ON byzantium galley 1), not {target}")
    if owner == power:
        return Refused(ILLEGAL, "INFILTRATO sabotages another power's transports")
    if piece.location not in data.board.territories:
        return Refused(ILLEGAL, f"{target} is at open sea in {piece.location}: INFILTRATO cannot reach it")
    lt = state.powers[power].tech_level
    kinds = {t.kind for t in data.transports.values()}
    others = [
        p
        for p in state.pieces_of(owner)
        if p.kind in kinds and p.location == piece.location and p.aboard is None and p.key() != piece.key()
    ]
    others.sort(key=lambda p: p.kind != piece.kind)  # the same kind first (ex L2681: 2 galleys)
    chosen = [piece, *others][:lt]
    turn = war_turn(state)
    keys = tuple(key_of(p) for p in chosen if key_of(p) not in turn.sabotaged)
    state = state.evolve(war=turn.model_copy(update={"sabotaged": (*turn.sabotaged, *keys)}))
    names = ", ".join(label(data, p.kind, p.number) for p in chosen)
    return state, f"sabotages {owner}'s {names} in {piece.location} for this turn", owner


def sabotage_problem(state: MedioevoState, power: str, action: object, data: DataSet) -> str | None:
    """Why a step may not use one of its transports: sabotaged this turn (R241), or None."""
    if state.war is None or not state.war.sabotaged:
        return None
    if isinstance(action, Load | Unload):
        names: tuple[str, ...] = (action.carrier,)
    elif isinstance(action, Move | Attack | NavalAttack | Siege | Assault):
        names = action.pieces
    else:
        return None
    for name in names:
        piece = piece_named(data, state, power, name)
        if piece is not None and key_of(piece) in state.war.sabotaged:
            return f"{name} is sabotaged (INFILTRATO): it cannot move or fight this turn (L2655)"
    return None


def gates_open(state: MedioevoState, power: str, territory: str) -> bool:
    """Whether ``power``'s INFILTRATO opened the gates of ``territory`` this phase (R241)."""
    return state.war is not None and (power, territory) in state.war.gates
