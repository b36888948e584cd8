"""The end of the combat phase (docs/war.md §4.5; seed 002 L1568-1574, L1630, L1960-1962,
L2067, L2083, L2239-2243), in the order the design gives, each change an event:

1. forced exits not made: the transport is eliminated with everything aboard (L1570, L1574,
   R109); one that got out keeps its record until it has spent a full turn outside (L1572);
2. siege attrition, for sieges in their 2nd turn or later (L1960-1962, ``siege.attrition``);
3. the supply trim (L2239, L2067, R108: ``supply_war.end_of_phase``, the last arrived first from
   ``WarTurn.arrivals``; VF aboard do not count, L2243). The excess goes back to the player's
   reserve, the box of unplaced pieces: it is out of play ("verranno eliminate", ex L2278), not
   ``PowerState.reserve`` (LOGISTICA's VF kept for a later positioning, L1540);
4. ownerless transports nobody claimed are removed (L1630 "entro fine turno": the end of the
   turn, while commerce is not played by mail);
5. CHIRURGIA and OSPEDALE: VF lost in this phase's battles recovered for the next
   reinforcements (L3140, L3144, R236: ``war/recovery.py``);
6. eliminations (L2083, R113: ``conquest.eliminated`` and ``conquest.elimination``);

then ``state.war`` is None.

Pure: no I/O, no clock. ``dice`` is the phase's (nothing here rolls yet).
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.board import Terrain
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import Piece, label
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState, Siege
from adjudicator.rulesets.medioevo.war.after_battle import play_after_battles
from adjudicator.rulesets.medioevo.war.card_own import dismiss_levies
from adjudicator.rulesets.medioevo.war.conquest import eliminated, elimination
from adjudicator.rulesets.medioevo.war.drought_war import attrition_factor
from adjudicator.rulesets.medioevo.war.events_aftermath import (
    Inherited,
    PowerEliminated,
    SiegeAttrition,
    SupplyTrimmed,
    TransportLost,
    WreckRemoved,
)
from adjudicator.rulesets.medioevo.war.fortress import fortification_level
from adjudicator.rulesets.medioevo.war.records import ForcedExit
from adjudicator.rulesets.medioevo.war.recovery import recover
from adjudicator.rulesets.medioevo.war.siege import (
    Attrition,
    Besieged,
    Besieger,
    Ground,
    Route,
    attrition,
    siege_turn,
)
from adjudicator.rulesets.medioevo.war.siege_field import siege_conquest
from adjudicator.rulesets.medioevo.war.siege_state import defenders, engines_in
from adjudicator.rulesets.medioevo.war.siege_turns import engineless
from adjudicator.rulesets.medioevo.war.supply_war import Arrival, end_of_phase
from adjudicator.rulesets.medioevo.war.walls_battle import WallsPlan

Step = tuple[MedioevoState, list[Event]]


def aftermath(
    state: MedioevoState, data: DataSet, dice: Dice, heirs: Mapping[str, str] = {}
) -> tuple[MedioevoState, list[Event]]:
    """The state at the end of phase 9 and what happened, in order. ``heirs``: for a power that
    loses its last territory or transport this phase, the power that took it (R113); the attacks
    record it in ``WarTurn.heirs``, which this reads, ``heirs`` adding to it (a GM's call). A power
    eliminated by no one (barbarians, attrition) is absent. Refused while an attack waits for a
    defence step (docs/war.md §4.3)."""
    if state.war is not None and state.war.pending is not None:
        raise ValueError("the aftermath cannot run while an attack waits for its defence step")
    heirs = {**(state.war.heirs if state.war is not None else {}), **heirs}
    events: list[Event] = []
    for part in (_forced_exits, _attrition, _supply):
        state, done = part(state, data)
        events += done
    state, done = _wrecks(state)
    events += done
    state, done = play_after_battles(state, data, dice)  # CERUSICO, MEDICO (R237, R238)
    events += done
    state, done = recover(state, data)
    events += done
    state, done = dismiss_levies(state, data)  # CONESTABILE's captains over the limit (R239)
    events += done
    state, done = _eliminations(state, data, heirs)
    events += done
    return state.evolve(war=None), events


# --- pieces and the VF aboard


def carrier_key(piece: Piece) -> str:
    """How ``Piece.aboard`` names a carrier: ``"galley/2"`` (class/number)."""
    return f"{piece.kind}/{piece.number}"


def riders(state: MedioevoState, carrier: Piece) -> tuple[Piece, ...]:
    """Every piece aboard ``carrier``, and aboard those, recursively (a cart in a ship, L777)."""
    direct = tuple(p for p in state.pieces if p.owner == carrier.owner and p.aboard == carrier_key(carrier))
    return direct + tuple(r for p in direct for r in riders(state, p))


def without_pieces(state: MedioevoState, gone: set[tuple[str, str, int]]) -> MedioevoState:
    return state.evolve(pieces=tuple(p for p in state.pieces if p.key() not in gone))


def remove_vf(state: MedioevoState, power: str, territory: str, vf: int) -> MedioevoState:
    """``vf`` of ``power``'s VF in ``territory`` lost: from the ground first, then aboard its
    transports there in the order they were made."""
    terr = state.territories[territory]
    ground = terr.armies.get(power, 0)
    take = min(ground, vf)
    if take:
        armies = {**terr.armies, power: ground - take}
        state = state.with_territory(territory, armies={k: v for k, v in armies.items() if v})
    vf -= take
    for piece in state.pieces:
        if vf <= 0:
            break
        if piece.owner == power and piece.location == territory and piece.vf > 0:
            take = min(piece.vf, vf)
            state = state.with_piece(piece, vf=piece.vf - take)
            vf -= take
    return state


def vf_in(state: MedioevoState, power: str, territory: str) -> int:
    """``power``'s VF in ``territory``, on the ground and aboard its pieces there (A-52)."""
    aboard = sum(p.vf for p in state.pieces if p.owner == power and p.location == territory)
    return state.territories[territory].armies.get(power, 0) + aboard


# --- 1. forced exits (L1568-1574, R109)


def _forced_exits(state: MedioevoState, data: DataSet) -> Step:
    events: list[Event] = []
    kept: list[ForcedExit] = []
    for exit_ in state.exits:
        piece = state.piece(*exit_.key())
        if piece is None:
            continue  # gone already (lost in a battle, taken): nothing left to leave
        terr = state.territories.get(piece.location)
        inside = terr is not None and terr.owner == exit_.hostile
        if inside and exit_.by_turn <= state.turn:
            state, lost = _eliminate_transport(state, data, piece, exit_.hostile)
            events.append(lost)
        elif inside:
            kept.append(exit_.model_copy(update={"out_since": None}))
        elif exit_.out_since is None:
            kept.append(exit_.model_copy(update={"out_since": state.turn}))
        elif exit_.out_since >= state.turn:
            kept.append(exit_)  # L1572: a full turn outside is not over yet
    return state.evolve(exits=tuple(kept)), events


def _eliminate_transport(
    state: MedioevoState, data: DataSet, piece: Piece, hostile: str
) -> tuple[MedioevoState, TransportLost]:
    aboard = riders(state, piece)
    lost = TransportLost(
        power=piece.owner,
        piece=label(data, piece.kind, piece.number),
        place=piece.location,
        vf=piece.vf + sum(p.vf for p in aboard),
        carried=tuple(label(data, p.kind, p.number) for p in aboard),
        reason=f"it did not leave {hostile}'s territories in time (L1570, L1574)",
    )
    return without_pieces(state, {piece.key(), *(p.key() for p in aboard)}), lost


# --- 2. siege attrition (L1960-1962)


def _attrition(state: MedioevoState, data: DataSet) -> Step:
    events: list[Event] = []
    for siege in state.sieges:
        number = siege_turn(siege, state.turn)
        if number < 2 or siege.territory not in state.territories:
            continue
        defender = state.territories[siege.territory].owner or BARBARIANS  # behind their walls (R220)
        loss = attrition(
            _ground(state, data, siege),
            number,
            Besieger(siege.by, vf_in(state, siege.by, siege.territory), (), *_techs(state, data, siege.by)),
            Besieged(defender, vf_in(state, defender, siege.territory), (), *_techs(state, data, defender)),
        )
        factor = attrition_factor(state, siege.territory)  # SICCITA: double on both sides (L1356)
        loss = Attrition(
            min(loss.besieger_loss * factor, vf_in(state, siege.by, siege.territory)),
            min(loss.besieged_loss * factor, vf_in(state, defender, siege.territory)),
        )
        state = remove_vf(state, siege.by, siege.territory, loss.besieger_loss)
        state = remove_vf(state, defender, siege.territory, loss.besieged_loss)
        events.append(
            SiegeAttrition(
                territory=siege.territory,
                besieger=siege.by,
                besieger_loss=loss.besieger_loss,
                besieged=defender,
                besieged_loss=loss.besieged_loss,
                siege_turn=number,
            )
        )
        state, events = _starved(state, data, siege, defender, events)
    return state, events


def _starved(state: MedioevoState, data: DataSet, siege: Siege, loser: str, events: list[Event]) -> Step:
    """ASSEDIO SENZA MACCHINE DI ASSEDIO (variant, L3220-3222): a siege without engines takes the
    territory when the attrition leaves nobody inside and a besieger standing (ex L3238: 3 VF
    behind a Torre, taken in the 4th turn), its walls standing (nothing knocked them down)."""
    where = siege.territory
    if not engineless(state) or engines_in(state, siege.by, where) or vf_in(state, siege.by, where) == 0:
        return state, events
    if any(g.vf for g in defenders(state, siege.by, where, data)):
        return state, events
    state, taken = siege_conquest(state, siege.by, where, loser, data, WallsPlan())
    return state, [*events, *taken]


def _ground(state: MedioevoState, data: DataSet, siege: Siege) -> Ground:
    terr = state.territories[siege.territory]
    return Ground(
        siege.territory,
        fortification_level(terr.usable(), data),
        desert=data.board.territories[siege.territory].terrain is Terrain.DESERT,
        route=Route(siege.route),
    )


def _techs(state: MedioevoState, data: DataSet, power: str | None) -> tuple[bool, int]:
    """LOGISTICA (10 % less attrition, L1962) and the technologies that harm the other side at a
    siege (``siege_damage``: ALCHIMIA, L1962); GENIO is a card played in a battle, not here."""
    techs = state.powers[power].techs if power in state.powers else ()
    params = [data.technologies[t].params for t in techs if t in data.technologies]
    logistica = any(int(p.get("attrition_reduction_pct", 0)) > 0 for p in params)
    return logistica, sum(int(p.get("siege_damage", 0)) for p in params)


# --- 3. supply (L2239-2243, R108)


def _supply(state: MedioevoState, data: DataSet) -> Step:
    arrivals: dict[str, list[Arrival]] = {}
    for territory, power, vf in state.war.arrivals if state.war else ():
        arrivals.setdefault(territory, []).append(Arrival(power, vf))
    events: list[Event] = []
    for cut in end_of_phase(state, data, arrivals):
        armies = dict(state.territories[cut.territory].armies)
        for power, vf in cut.removed:
            armies[power] -= vf
        state = state.with_territory(cut.territory, armies={k: v for k, v in armies.items() if v})
        events.append(
            SupplyTrimmed(territory=cut.territory, limit=cut.limit, present=cut.present, removed=cut.removed)
        )
    return state, events


# --- 4. ownerless transports (L1630, R110)


def _wrecks(state: MedioevoState) -> Step:
    gone = [w for w in state.wrecks if w.turn <= state.turn]
    events: list[Event] = [WreckRemoved(was=w.was, place=w.location) for w in gone]
    goods = tuple(g for g in state.loose_goods if g.until >= state.turn)  # past their turn (L1862)
    wrecks = tuple(w for w in state.wrecks if w.turn > state.turn)
    return state.evolve(wrecks=wrecks, loose_goods=goods), events


# --- 5. eliminations (L2083, R113)


def transports_of(state: MedioevoState, data: DataSet, power: str) -> tuple[Piece, ...]:
    kinds = {t.kind for t in data.transports.values()}
    return tuple(p for p in state.pieces if p.owner == power and p.kind in kinds)


def out_of_the_game(state: MedioevoState, power: str) -> bool:
    """Already eliminated: nothing left of it, and no place in the turn order."""
    ps = state.powers[power]
    on_board = any(t.armies.get(power, 0) for t in state.territories.values())
    return not (
        power in state.turn_order or ps.florins or ps.cards or ps.techs or on_board or state.pieces_of(power)
    )


def _eliminations(state: MedioevoState, data: DataSet, heirs: Mapping[str, str]) -> Step:
    events: list[Event] = []
    for power in sorted(state.powers):
        holds = sum(1 for t in state.territories.values() if t.owner == power)
        if not eliminated(holds, len(transports_of(state, data, power))) or out_of_the_game(state, power):
            continue
        heir = heirs.get(power)
        heir = heir if heir in state.powers and heir != power else None
        state, taken = _inherit(state, power, heir)
        events += [PowerEliminated(power=power, heir=heir), taken]
    return state, events


def _inherit(state: MedioevoState, power: str, heir: str | None) -> tuple[MedioevoState, Inherited]:
    victim = state.powers[power]
    heir_techs = state.powers[heir].techs if heir else ()
    got = elimination(victim.cards, victim.techs, victim.florins, heir_techs)
    powers = dict(state.powers)
    powers[power] = victim.model_copy(
        update={"florins": 0, "cards": (), "drawn": (), "techs": (), "reserve": 0, "reinforcements": 0}
    )
    changes: dict[str, object] = {}
    if heir:
        h = powers[heir]
        powers[heir] = h.model_copy(
            update={
                "cards": h.cards + got.cards,
                "techs": h.techs + got.techs,
                "florins": h.florins + got.florins,
            }
        )
    else:
        changes = {"discards": state.discards + got.cards, "bank": state.bank + got.florins}
    territories = {
        tid: t.model_copy(update={"armies": {k: v for k, v in t.armies.items() if k != power}})
        if power in t.armies
        else t
        for tid, t in state.territories.items()
    }
    state = state.evolve(
        powers=powers,
        territories=territories,
        pieces=tuple(p for p in state.pieces if p.owner != power),
        sieges=tuple(s for s in state.sieges if s.by != power),
        exits=tuple(e for e in state.exits if e.owner != power),
        turn_order=tuple(p for p in state.turn_order if p != power),
        **changes,
    )
    return state, Inherited(power=power, heir=heir, cards=got.cards, techs=got.techs, florins=got.florins)
