"""The SICCITA in the war (seed 002 L1352-1356, ex L1312; ruling R303): the calamity
(``calamity/rivers.py``) marks its lands for the turn, ``drought.struck`` reads them, and phase 9
reads them here.

* The armies that defend in a territory struck have a fixed -1 on the die and their battle losses
  double (L1352; ex L1312: B defends at -1 against A come from outside): every defender of an
  ATTACK's field battle or of a battle at the walls there. "Fixed": no card or technology cancels
  it (it is a modifier of its own, "SICCITA", after the rest).
* A Captain who begins the Combat in a territory struck may not attack (L1354): where it stood
  when the phase opened (``WarTurn.parched_captains``), wherever it has moved since.
* A siege there goes on only if the besieger has LOGISTICA (L1356; digest A44: "assediate" read as
  the besieger), and its losses double on both sides: the siege turns' field battles and the
  attrition at the end of the turn.

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from adjudicator.rulesets.medioevo.drought import struck
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.battle_models import Battle, Force
from adjudicator.rulesets.medioevo.war.cargo_state import key_of

MALUS = ("SICCITA", -1)  # L1352: "un -1 fisso al tiro del dado"
LOGISTICA = "logistica"


def _parched(force: Force, malus: bool) -> Force:
    mods = (*force.extra_modifiers, MALUS) if malus else force.extra_modifiers
    return replace(force, extra_modifiers=mods, double_losses=True)


def parched_battle(battle: Battle, state: MedioevoState, territory: str, siege: bool = False) -> Battle:
    """``battle`` fought in ``territory`` with the drought's effects when it struck there: each
    defender -1 and double losses (L1352); in a siege's battle the attackers' losses double too
    (L1356)."""
    if not struck(state, territory):
        return battle
    attackers = tuple(_parched(a, False) for a in battle.attackers) if siege else battle.attackers
    return replace(battle, attackers=attackers, defenders=tuple(_parched(d, True) for d in battle.defenders))


def parched_captains(state: MedioevoState, pieces: Iterable[Piece], known: frozenset[str]) -> tuple[str, ...]:
    """The captains among ``pieces`` (keys ``"power/captain/n"``) not in ``known`` that stand in a
    territory the drought struck as the Combat begins: they may not attack this turn (L1354)."""
    captains = (p for p in pieces if p.kind == CAPTAIN and key_of(p) not in known)
    return tuple(key_of(p) for p in captains if struck(state, p.location))


def siege_halted(state: MedioevoState, power: str, territory: str) -> str | None:
    """Why ``power``'s siege of ``territory`` may not go on for the drought (L1356), or None."""
    if not struck(state, territory) or LOGISTICA in state.powers[power].techs:
        return None
    return f"a SICCITA struck {territory}: a siege goes on there only with LOGISTICA (L1356)"


def attrition_factor(state: MedioevoState, territory: str) -> int:
    """The factor on both sides' siege attrition at ``territory``: 2 where the drought struck (L1356)."""
    return 2 if struck(state, territory) else 1
