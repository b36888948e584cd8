"""Combat cards played on one's own forces: CONESTABILE (seed 002 L2608-2612, ex L2584; L1707,
L872, L1727; ruling R239) and MARESCIALLO (L2707-2708, ex L2687; ruling R335).

CONESTABILE: "converti 1 VF di armata in 1 Capitano con livello I, se superi il numero massimo di
Capitani che puoi tenere, eliminalo a fine turno. Oppure aumenta il livello di 1 Capitano fino a
III." ``PLAY conestabile ON bitinia`` turns 1 VF of one's armies on the ground there into a new
level-I captain standing there (ex L2584: to lead an attack this turn; a new captain leads as many
attacks as its level, L1727); one VF stays (a captain is not an army; the last VF of a place is
not converted). ``PLAY conestabile ON captain 2`` raises that captain one level, to III at most;
the attacks it may lead this turn stay those of the level it began the phase with (L1727). A
captain made over the limit (as many captains as one's LT, L872) is recorded in
``WarTurn.levied`` and removed to the reserve at the end of the turn, the war window's aftermath
(:func:`dismiss_levies`), if its power still holds more captains than its LT allows then.

MARESCIALLO: "aggiungi 1/2/3 PM al movimento di un convoglio con Capitano in base al suo livello se
possiedi TATTICA e 1 attacco extra con lo stesso Capitano se possiedi STRATEGIA." ``PLAY
maresciallo ON cart 1`` (the convoy: a transport with a captain aboard, the highest-levelled one
counts) or ``ON captain 1`` (the transport it is aboard): that transport has 1/2/3 PM more this
phase, by the captain's level (``WarTurn.marshal_pm``, read by the movement's ``mover_in``), and
with STRATEGIA the captain may lead one attack more this turn (``WarTurn.extra_attacks``, read by
``captains.refusal`` and ``siege_state.attacks_left``). Ex L2687: a level-III captain aboard a war
cart that spent its 9 PM and its captain's 3 attacks gets 3 PM and a 4th attack.

Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events import CardPlayed
from adjudicator.rulesets.medioevo.phases.card_play import after_play, tech_problem
from adjudicator.rulesets.medioevo.phases.piece_purchases import piece_limit
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece, label, piece_named
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.cargo_state import Done, Refused, carrier_ref, key_of, riders, war_turn
from adjudicator.rulesets.medioevo.war.events_aftermath import LevyDismissed
from adjudicator.rulesets.medioevo.war.orders import COMBAT, PlayCombatCard

ILLEGAL = "illegal"
CONESTABILE = "conestabile_captain"
MARESCIALLO = "maresciallo_march"
MAX_LEVEL = 3

Made = tuple[MedioevoState, str] | Refused


def play(state: MedioevoState, power: str, action: PlayCombatCard, data: DataSet) -> Done | Refused:
    """A card of this module played as a ``PLAY`` step: the effect, then the card discarded."""
    card = data.cards[action.card]
    why = tech_problem(card, state.powers[power].techs)
    if why is not None:
        return Refused(ILLEGAL, why)
    made = HANDLERS[card.hook](state, power, action, data)
    if isinstance(made, Refused):
        return made
    state, effect = made
    state = after_play(state, power, action.card, data)  # "si scarta dopo l'uso" (L2612)
    played = CardPlayed(power=power, card=card.name, target=action.on, effect=effect, phase=COMBAT)
    return Done(state, (played,), f"{card.name}: {effect}")


def _conestabile(state: MedioevoState, power: str, action: PlayCombatCard, data: DataSet) -> Made:
    where = action.on
    if where is None:
        return Refused(ILLEGAL, "CONESTABILE: PLAY conestabile ON <territory> (1 VF there) or ON captain <n>")
    if where in state.territories:
        ground = state.territories[where].armies.get(power, 0)
        if ground < 2:
            return Refused(
                ILLEGAL, f"you have {ground} VF on the ground in {where}: one must stay with the captain"
            )
        armies = {**state.territories[where].armies, power: ground - 1}
        state = state.with_territory(where, armies=armies).add_piece(power, CAPTAIN, 1, where)
        captain = state.pieces_of(power, CAPTAIN)[-1]
        named = label(data, CAPTAIN, captain.number)
        limit = piece_limit(data, state.powers[power].techs, CAPTAIN)
        if len(state.pieces_of(power, CAPTAIN)) <= limit:
            return state, f"1 VF in {where} becomes {named}, level I"
        turn = war_turn(state)
        state = state.evolve(war=turn.model_copy(update={"levied": (*turn.levied, key_of(captain))}))
        over = f"over the {limit} captains of its LT: it leaves at the end of the turn"
        return state, f"1 VF in {where} becomes {named}, level I, {over}"
    piece = piece_named(data, state, power, where)
    if piece is None or piece.kind != CAPTAIN:
        return Refused(
            ILLEGAL, f"CONESTABILE is played on a territory of yours or on a captain, not on {where}"
        )
    if piece.level >= MAX_LEVEL:
        return Refused(ILLEGAL, f"{where} is already level III")
    state = state.with_piece(piece, level=piece.level + 1)
    return state, f"{where} rises to level {piece.level + 1}"


def dismiss_levies(state: MedioevoState, data: DataSet) -> tuple[MedioevoState, list[Event]]:
    """The end of the turn: a captain CONESTABILE made over the LT's limit leaves (L2608), the
    latest first, while its power holds more captains than its LT allows."""
    if state.war is None or not state.war.levied:
        return state, []
    events: list[Event] = []
    for key in reversed(state.war.levied):
        captain = next((p for p in state.pieces if key_of(p) == key), None)
        if captain is None or captain.owner not in state.powers:
            continue
        limit = piece_limit(data, state.powers[captain.owner].techs, CAPTAIN)
        if len(state.pieces_of(captain.owner, CAPTAIN)) <= limit:
            continue
        state = state.evolve(pieces=tuple(p for p in state.pieces if p.key() != captain.key()))
        named = label(data, CAPTAIN, captain.number)
        events.append(LevyDismissed(power=captain.owner, captain=named, limit=limit, phase="aftermath"))
    return state, events


def _maresciallo(state: MedioevoState, power: str, action: PlayCombatCard, data: DataSet) -> Made:
    params = data.cards[action.card].params
    piece = piece_named(data, state, power, action.on) if action.on else None
    if piece is None:
        return Refused(
            ILLEGAL, "MARESCIALLO: PLAY maresciallo ON <a transport with a captain> or ON captain <n>"
        )
    captain: Piece | None = piece
    convoy: Piece | None = piece
    if piece.kind == CAPTAIN:
        convoy = next((p for p in state.pieces_of(power) if carrier_ref(p) == piece.aboard), None)
    else:
        aboard = [p for p in riders(state, piece) if p.kind == CAPTAIN]
        captain = max(aboard, key=lambda c: c.level, default=None)
    if captain is None or convoy is None:
        return Refused(ILLEGAL, f"MARESCIALLO needs a convoy with a captain: {action.on} is none (L2707)")
    turn = war_turn(state)
    pm = int(params["pm_by_captain_level"][captain.level - 1])
    moving, leader = label(data, convoy.kind, convoy.number), label(data, CAPTAIN, captain.number)
    key = key_of(convoy)
    update = {"marshal_pm": {**turn.marshal_pm, key: turn.marshal_pm.get(key, 0) + pm}}
    effect = f"{moving} has {pm} PM more this phase ({leader}, level {captain.level})"
    if str(params["extra_attack_requires"]) in state.powers[power].techs:
        key = key_of(captain)
        more = int(params["extra_attacks"])
        update["extra_attacks"] = {**turn.extra_attacks, key: turn.extra_attacks.get(key, 0) + more}
        effect += f", and {leader} may lead {more} attack more this turn (STRATEGIA)"
    return state.evolve(war=turn.model_copy(update=update)), effect


HANDLERS: dict[str, Callable[[MedioevoState, str, PlayCombatCard, DataSet], Made]] = {
    CONESTABILE: _conestabile,
    MARESCIALLO: _maresciallo,
}
"""The cards of this module by ``hook`` (cards.toml)."""
