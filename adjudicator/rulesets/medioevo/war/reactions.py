"""The defender's cards played when attacked: GUARDIA, MILIZIANO, CARPENTIERE (seed 002 L2652-2653,
ex L2677; L2722-2723, ex L2697; L2534-2536, ex L2568; L1707; rulings R173, R242).

By mail the defender cannot answer an attack as it comes, so these are standing orders: a
``DOCTRINE [IN pest] REACT guardia [IN pest]`` clause (docs/war.md §3.3) plays the card, if held
with its technology, when an ``ATTACK`` of another power's script is about to be fought on a land
territory the doctrine's owner holds (the clause's scope and its ``IN`` naming that territory, or
neither). Each card is played once an attack, before the first roll, in the order GUARDIA,
MILIZIANO, CARPENTIERE, and discarded:

* GUARDIA (LEGGE): "posiziona 1d4/1d6/1d8 di armate, in base al tuo LT, prima che il territorio
  venga attaccato": the VF rolled join the defenders of the attacked territory.
* MILIZIANO (LEGGE): "+1/+2/+3 armate in base al tuo LT in tutti i territori del tuo Regno se uno
  di essi viene attaccato": only when the attacked territory is of its starting kingdom, each
  territory of it the power still holds gets the VF (ex L2697); the supply trim at the end of the
  phase takes the excess (L2235, ex L2697 "a fine turno ... verranno rimosse").
* CARPENTIERE (CARPENTERIA): a level-I fortification in the attacked territory if it has none,
  or, with INGEGNERIA as well, the one standing one level higher (ex L2568: Torre to Fortilizio);
  the attack then meets the walls as its plan's ``FORT`` says.

The runner calls :func:`before_attack` with the state the attack starts from (an ``ATTACK``, or an
``ASSAULT`` step on the holder's walls, R244: the same storming as an ATTACK's ``FORT ASSAULT``,
which already met them); the attack is then
judged on the state after the reactions. If the attack is refused, nothing of it stands, the
reactions neither (the cards stay in the hand). Pure: no I/O, no clock.
"""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.components.cards import EmpireCard
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events import CardPlayed
from adjudicator.rulesets.medioevo.phases.card_play import after_play, lt_value, tech_problem
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war import clauses
from adjudicator.rulesets.medioevo.war.doctrines import standing
from adjudicator.rulesets.medioevo.war.fortress import fortification_level, with_walls
from adjudicator.rulesets.medioevo.war.orders import COMBAT

GUARDIA, MILIZIANO, CARPENTIERE = "guardia_reinforce", "miliziano_levy", "carpentiere_fortify"
ORDER = (GUARDIA, MILIZIANO, CARPENTIERE)
MAX_WALLS = 3
Made = tuple[MedioevoState, str] | None
"""The state after the card and its effect in words; None: nothing it could do (card kept)."""


def before_attack(
    state: MedioevoState, attacker: str, territory: str, data: DataSet, dice: Dice
) -> tuple[MedioevoState, list[Event]]:
    """The reactions of ``territory``'s holder to ``attacker``'s attack on it (R242)."""
    holder = state.territories[territory].owner if territory in state.territories else None
    if holder is None or holder == attacker or holder not in state.powers:
        return state, []
    if not any(d.clause.upper().startswith("REACT ") for d in state.powers[holder].doctrines):
        return state, []  # the common case, without reading the doctrines (the parser is slow)
    wanted = {
        c.card
        for c in standing(state, holder, data, place=territory).values()
        if isinstance(c, clauses.React) and c.place in (None, territory)
    }
    events: list[Event] = []
    for hook in ORDER:
        card_id = next((c for c in wanted if data.cards[c].hook == hook), None)
        held = state.powers[holder]
        if card_id is None or card_id not in held.cards:
            continue
        card = data.cards[card_id]
        if tech_problem(card, held.techs) is not None:
            continue
        made = _REACTIONS[hook](state, holder, territory, card, data, dice)
        if made is None:
            continue
        state, effect = made
        state = after_play(state, holder, card_id, data)  # "si scarta dopo l'uso"
        events.append(CardPlayed(power=holder, card=card.name, target=territory, effect=effect, phase=COMBAT))
    return state, events


def _guardia(
    state: MedioevoState, power: str, territory: str, card: EmpireCard, data: DataSet, dice: Dice
) -> Made:
    sides = lt_value(card, state.powers[power].tech_level)
    vf = dice.roll(sides, f"GUARDIA {power} in {territory}")
    armies = state.territories[territory].armies
    state = state.with_territory(territory, armies={**armies, power: armies.get(power, 0) + vf})
    return state, f"1d{sides}: {vf} VF join the defence of {territory}"


def _miliziano(
    state: MedioevoState, power: str, territory: str, card: EmpireCard, data: DataSet, dice: Dice
) -> Made:
    kingdom = state.powers[power].kingdom
    realm = data.board.territories_of(kingdom)
    if territory not in realm:
        return None
    vf = lt_value(card, state.powers[power].tech_level)
    held = [t for t in realm if t in state.territories and state.territories[t].owner == power]
    for t in held:
        armies = state.territories[t].armies
        state = state.with_territory(t, armies={**armies, power: armies.get(power, 0) + vf})
    return state, f"{vf} VF in each of {', '.join(held)}"


def _carpentiere(
    state: MedioevoState, power: str, territory: str, card: EmpireCard, data: DataSet, dice: Dice
) -> Made:
    terr = state.territories[territory]
    level = fortification_level(terr.buildings, data)
    upgrade = tuple(card.params.get("upgrade_requires_all", ("carpenteria", "ingegneria")))
    if level == 0:
        forts = {b.level: bid for bid, b in data.buildings.items() if b.category == "fortification"}
        state = state.with_territory(territory, buildings=(*terr.buildings, forts[1]))
        return state, f"a level-I fortification stands in {territory}"
    if level >= MAX_WALLS or any(t not in state.powers[power].techs for t in upgrade):
        return None
    state = state.with_territory(territory, buildings=with_walls(terr.buildings, level + 1, data))
    return state, f"the walls of {territory} rise to level {level + 1}"


_REACTIONS = {GUARDIA: _guardia, MILIZIANO: _miliziano, CARPENTIERE: _carpentiere}
