"""The combat cards that are a dice duel with a chosen power: INQUISITORE and FLAGELLANTE (seed
002 L2658-2659, ex L2683; L2640-2641, ex L2665; L1707, L712; ruling R240).

INQUISITORE: "scegli un giocatore, entrambi tirate 1d6 (+1 al tiro del dado per ogni Cattedrale);
se ottieni di più, scarta 1 sua carta Impero scelta a caso (+1/+2 carte se possedete
TEOLOGIA/FANATISMO)". ``PLAY inquisitore ON venice``: each rolls 1d6 plus its own cathedrals (ex
L2683: A 5+1, B 2+2); higher wins; the player's TEOLOGIA/FANATISMO make it 2/3 cards (cards.toml
ruling 5), drawn at random from the victim's hand (dice) and discarded ("scarta": the card text,
over the example's "elimina dal gioco"). A tie, or a lower roll, does nothing.

FLAGELLANTE: "scegli un giocatore, entrambe tirate 1d6 per ogni suo territorio con più di 5 VF
(+1/+2 al tiro del dado con TEOLOGIA/FANATISMO); se ottieni di più, elimina 1 VF da quel
territorio (i territori con Cattedrali e Capitali religiose sono immuni)". ``PLAY flagellante ON
venice``: for each territory the victim owns with more than 5 of its VF on the ground, not
holding a cathedral nor a religious capital tile, in the order of their ids, each rolls 1d6 plus its own
TEOLOGIA/FANATISMO bonus (ex L2665: A 1d6+2, B 1d6+1); each win removes 1 VF there.

Each roll is the phase's, its purpose naming the card, the player and the victim (and the
territory). The card is discarded and gives its 1 CB (L712, L764) through ``card_plays.play``,
which calls these handlers. Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.components.cards import EmpireCard
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.phases.card_play import ladder_step
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.cargo_state import Refused
from adjudicator.rulesets.medioevo.war.orders import PlayCombatCard

INQUISITORE, FLAGELLANTE = "inquisitore_trial", "flagellante_purge"
CATHEDRAL = "cathedral"

Made = tuple[MedioevoState, str, str] | Refused
"""As ``card_plays.Made``: the state after, the effect in words, the power played against."""


def _ladder(card: EmpireCard, techs: tuple[str, ...], base: str) -> int:
    """The card's value for the highest rung of its ladder held, else its ``base`` param."""
    step = ladder_step(techs, card.ladder)
    return int(card.values[step - 1]) if step else int(card.params.get(base, 0))


def cathedrals(state: MedioevoState, power: str) -> int:
    """Cathedrals standing in ``power``'s territories (L2658: +1 a die for each)."""
    return sum(t.buildings.count(CATHEDRAL) for t in state.territories.values() if t.owner == power)


def _inquisitore(
    state: MedioevoState, power: str, victim: str, action: PlayCombatCard, data: DataSet, dice: Dice
) -> Made:
    card = data.cards[action.card]
    mine, theirs = cathedrals(state, power), cathedrals(state, victim)
    purpose = f"INQUISITORE {power} on {victim}"
    a = dice.roll(6, f"{purpose} {power}")
    d = dice.roll(6, f"{purpose} {victim}")
    duel = f"{power} {a}+{mine} against {victim} {d}+{theirs}"
    if a + mine <= d + theirs:
        return state, f"{duel}: no card discarded", victim
    hand = list(state.powers[victim].cards)
    n = min(_ladder(card, state.powers[power].techs, "base_cards"), len(hand))
    drawn = [hand.pop(dice.roll(len(hand), f"{purpose} card") - 1) for _ in range(n)]
    state = state.with_power(victim, cards=tuple(hand)).evolve(discards=(*state.discards, *drawn))
    names = ", ".join(data.cards[c].name for c in drawn) or "nothing (an empty hand)"
    return state, f"{duel}: discards {names} from {victim}'s hand", victim


def _flagellante(
    state: MedioevoState, power: str, victim: str, action: PlayCombatCard, data: DataSet, dice: Dice
) -> Made:
    card = data.cards[action.card]
    low = int(card.params.get("min_vf_exclusive", 5))
    holy = {c.territory for c in data.board.religious_capitals.values()}
    mine = _ladder(card, state.powers[power].techs, "base_roll_bonus")
    theirs = _ladder(card, state.powers[victim].techs, "base_roll_bonus")
    struck: list[str] = []
    for tid in sorted(state.territories):
        terr = state.territories[tid]
        vf = terr.armies.get(victim, 0)
        if terr.owner != victim or vf <= low or CATHEDRAL in terr.buildings or tid in holy:
            continue
        purpose = f"FLAGELLANTE {power} on {victim} in {tid}"
        a = dice.roll(6, f"{purpose} {power}") + mine
        d = dice.roll(6, f"{purpose} {victim}") + theirs
        if a > d:
            state = state.with_territory(tid, armies={**terr.armies, victim: vf - 1})
            struck.append(tid)
    where = ", ".join(struck) or "no territory"
    return state, f"1 VF of {victim}'s removed in {where} (+{mine} against +{theirs})", victim


HANDLERS: dict[str, Callable[[MedioevoState, str, str, PlayCombatCard, DataSet, Dice], Made]] = {
    INQUISITORE: _inquisitore,
    FLAGELLANTE: _flagellante,
}
"""The duels by ``hook`` (cards.toml)."""
