"""The state read and written by the siege steps (``war/sieges.py``; seed 002 L1683, L1727-1729,
L1758-1782; A-52; R150, R160): a power's VF and siege engines in a territory, who defends it, VF
removed after an assault, the captains' attacks and levels, prisoners."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import Piece, label
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.war import clauses
from adjudicator.rulesets.medioevo.war.battle_models import Side
from adjudicator.rulesets.medioevo.war.cargo_state import CARRIED, SIEGE, key_of, war_turn
from adjudicator.rulesets.medioevo.war.doctrines import standing
from adjudicator.rulesets.medioevo.war.fortress import Garrison


def transports_at(state: MedioevoState, power: str, territory: str) -> tuple[Piece, ...]:
    """The power's transports in ``territory`` (in its port for ships), riding none."""
    return tuple(
        p
        for p in state.pieces_of(power)
        if p.kind not in CARRIED and p.location == territory and p.aboard is None
    )


def vf_in(state: MedioevoState, power: str, territory: str) -> int:
    """The power's VF in the territory: on the ground and aboard its transports there (A-52)."""
    terr = state.territories.get(territory, TerritoryState())
    return terr.armies.get(power, 0) + sum(p.vf for p in transports_at(state, power, territory))


def engines_in(state: MedioevoState, power: str, territory: str) -> tuple[int, ...]:
    """The levels of the power's siege engines in the territory, on the ground or aboard."""
    return tuple(
        sorted((p.level for p in state.pieces_of(power, SIEGE) if p.location == territory), reverse=True)
    )


def defenders(state: MedioevoState, power: str, territory: str, data: DataSet) -> tuple[Garrison, ...]:
    """Who defends the territory against ``power``: the owner first (R150), then the powers
    standing there that are not at war with it. In barbarian land behind walls (R220) the
    barbarians first (L1830), then the powers whose doctrine there helps them (L1826-1828)."""
    terr = state.territories[territory]
    owner = terr.owner
    if owner is None:
        helpers = sorted(
            p
            for p, vf in terr.armies.items()
            if vf and p not in (BARBARIANS, power) and _helps_barbarians(state, data, p, territory)
        )
        first = (BARBARIANS,) if terr.armies.get(BARBARIANS, 0) else ()
        return tuple(Garrison(p, terr.armies[p], p == BARBARIANS) for p in (*first, *helpers))
    others = sorted(
        p for p, vf in terr.armies.items() if vf and p not in (owner, power) and not state.at_war(p, owner)
    )
    return tuple(Garrison(p, terr.armies.get(p, 0)) for p in (owner, *others) if terr.armies.get(p, 0))


def _helps_barbarians(state: MedioevoState, data: DataSet, power: str, territory: str) -> bool:
    said = standing(state, power, data, place=territory).get("HELP BARBARIANS")
    return isinstance(said, clauses.Help) and said.yes  # default no (R99)


def attacks_left(state: MedioevoState, captain: Piece) -> int:
    """Attacks the captain may still lead this turn: its level when the phase began (L1727), none
    once a siege is its action this turn (L1728-1729: it besieges once and attacks nothing else)."""
    turn = war_turn(state)
    key = key_of(captain)
    if key in turn.sieging:
        return 0
    allowed = turn.start_level.get(key, captain.level) + turn.extra_attacks.get(key, 0)  # MARESCIALLO
    return allowed - turn.attacks.get(key, 0)


def led(state: MedioevoState, captain: Piece, sieging: bool = False) -> MedioevoState:
    """The captain's action recorded: one attack more, and a siege when it lays one (L1728-1729).
    ``captain`` is the piece as it was before the battle: its level is kept as the level the phase
    began with when none is recorded yet, so a promotion won now adds no attack this turn (L1727,
    L1778)."""
    turn = war_turn(state)
    key = key_of(captain)
    update: dict[str, Any] = {
        "attacks": {**turn.attacks, key: turn.attacks.get(key, 0) + 1},
        "start_level": {key: captain.level, **turn.start_level},
    }
    if sieging and key not in turn.sieging:
        update["sieging"] = (*turn.sieging, key)
    return state.evolve(war=turn.model_copy(update=update))


def engaged(state: MedioevoState, power: str, territory: str) -> int:
    """The VF that fight: those on the ground and aboard, less one kept aboard each loaded
    transport (ex L1689-1691, R136), which so stays its owner's (L1683)."""
    loaded = sum(1 for p in transports_at(state, power, territory) if p.vf)
    return vf_in(state, power, territory) - loaded


def remove_vf(
    state: MedioevoState,
    power: str,
    territory: str,
    loss: int,
    order: Sequence[str] = (),
    data: DataSet | None = None,
) -> MedioevoState:
    """Take ``loss`` VF of the power in the territory: the ground first, then its transports there,
    those a plan's ``LOSSES ORDER`` names first in its order (L1760: "assegna le perdite alle
    proprie forze come preferisce"), the rest in the order they were made, each keeping the VF
    that stays aboard (``engaged``)."""
    terr = state.territories[territory]
    armies = dict(terr.armies)
    off = min(loss, armies.get(power, 0))
    armies[power] = armies.get(power, 0) - off
    loss -= off
    state = state.evolve(
        territories={
            **state.territories,
            territory: terr.model_copy(update={"armies": {k: v for k, v in armies.items() if v}}),
        }
    )
    here = transports_at(state, power, territory)
    named = {label(data, p.kind, p.number): p for p in here} if data is not None else {}
    first = [named[n] for n in order if n in named]
    for piece in [*first, *(p for p in here if p not in first)]:
        if loss == 0:
            break
        off = min(loss, max(0, piece.vf - 1))
        state = state.with_piece(piece, vf=piece.vf - off)
        loss -= off
    return state


def take_prisoners(state: MedioevoState, power: str, side: Side, result: Any, vf: int) -> MedioevoState:
    """Prisoners a winner takes (L1772) go to ``PowerState.prisoners``, by the power they were."""
    other = next((f.power for f in result.forces if f.side is not side and f.lost), None)
    ps = state.powers.get(power)
    if other is None or ps is None:
        return state
    held = {**ps.prisoners, other: ps.prisoners.get(other, 0) + vf}
    return state.evolve(powers={**state.powers, power: ps.model_copy(update={"prisoners": held})})


def lose_engines(state: MedioevoState, power: str, territory: str, left: Sequence[int]) -> MedioevoState:
    """The power's siege engines in the territory once the artillery left ``left`` (levels): the
    strongest go first (A-14, R152)."""
    keep = list(left)
    gone = []
    for piece in sorted(
        (p for p in state.pieces_of(power, SIEGE) if p.location == territory), key=lambda p: p.level
    ):
        if piece.level in keep:
            keep.remove(piece.level)
        else:
            gone.append(piece.key())
    return state.evolve(pieces=tuple(p for p in state.pieces if p.key() not in gone)) if gone else state
