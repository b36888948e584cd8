"""``PLAY`` steps of the combat phase: the instant Empire cards played in a script (seed 002
L1705-L1707, L2506-2508, L2661-2663, L2740-2744; rulings R228, R229).

LADRO steals a named card from a power's hand (``PLAY ladro ON byzantium FOR balestriere``),
ASSASSINO removes one from an opponent's hand to the discards (``PLAY assassino ON byzantium FOR
genio``: the effect ex L1705 gives SICARIO, from an older version of the card, R229), SICARIO
eliminates a captain (``PLAY sicario ON byzantium captain 2``) or an offensive card handed to a
power (``PLAY sicario ON byzantium FOR avaro``, one's own included). Each is discarded after use
and gives the offensive card's CB (L712, L764) to the power it is played against: the victim, or
for a card SICARIO ends, the power that handed it (R229). INQUISITORE and FLAGELLANTE take the
same path with the phase's dice (``war/card_duels.py``, R240); CERUSICO and MEDICO are queued for
the end of the phase (``war/after_battle.py``, R237, R238), CONESTABILE and INFILTRATO have their
own modules (``war/card_own.py``, ``war/infiltrato.py``; R239, R241), MARESCIALLO too
(``war/card_own.py``, R335). The other combat cards are
refused with where they belong: a die roll's card in a plan's ``CARDS``, LADRO between rolls in
its ``BEFORE``, GUARDIA, MILIZIANO and CARPENTIERE in a doctrine's ``REACT`` (R242), PIRATA not
yet played by the judge.
"""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.components.cards import EmpireCard
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger
from adjudicator.rulesets.medioevo.events import CardPlayed
from adjudicator.rulesets.medioevo.phases.card_play import after_play, tech_problem
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, label
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war import after_battle, card_duels, card_own, infiltrato, reactions
from adjudicator.rulesets.medioevo.war.cargo_state import Done, Refused
from adjudicator.rulesets.medioevo.war.orders import COMBAT, PlayCombatCard

ILLEGAL, NOT_YET = "illegal", "not-yet"
LADRO, ASSASSINO, SICARIO = "ladro_steal", "assassino_discard", "sicario_kill"


def play(
    state: MedioevoState, power: str, action: PlayCombatCard, data: DataSet, dice: Dice | None = None
) -> Done | Refused:
    """Make a ``PLAY`` step, or refuse it with the reason in words; the card is spent only when
    its effect is made."""
    card = data.cards[action.card]
    if action.card not in state.powers[power].cards:
        return Refused(ILLEGAL, f"{power} no longer holds {card.name}")
    if card.phase != COMBAT:
        return Refused(ILLEGAL, f"{card.name} is a card of the {card.phase} phase, not of combat")
    if card.hook in after_battle.AFTER_HOOKS:  # CERUSICO, MEDICO: at the end of the phase (R237)
        return after_battle.queue(state, power, action, data)
    if card.hook == infiltrato.INFILTRATO:  # the gates or a sabotage (R241)
        return infiltrato.play(state, power, action, data)
    if card.hook in card_own.HANDLERS:  # CONESTABILE: on one's own forces (R239)
        return card_own.play(state, power, action, data)
    handler = _HANDLERS.get(card.hook)
    duel = card_duels.HANDLERS.get(card.hook)  # INQUISITORE, FLAGELLANTE (R240)
    if handler is None and duel is None:
        return Refused(*_elsewhere(card))
    if duel is not None and dice is None:
        return Refused(NOT_YET, f"the judge has no dice for {card.name} here")
    why = tech_problem(card, state.powers[power].techs)
    victim = _victim(state, action)
    if why is None and victim is None:
        named = " FOR <card>" if duel is None else ""
        why = f"{card.name} is played on another power: PLAY {card.name.lower()} ON <power>{named}"
    elif why is None and victim == power and not (card.hook == SICARIO and action.take):
        why = f"{card.name} is played on another power, not on yourself"
    elif why is None and victim is not None and (truce := state.truce(power, victim)) is not None:
        why = f"you have a truce with {victim} until turn {truce.until}: no Empire card against it (L2630)"
    if why is not None:
        return Refused(ILLEGAL, why)
    assert victim is not None
    if duel is not None and dice is not None:
        made = duel(state, power, victim, action, data, dice)
    else:
        assert handler is not None
        made = handler(state, power, victim, action, data)
    if isinstance(made, Refused):
        return made
    state, effect, offended = made
    state = after_play(state, power, action.card, data)  # discarded after use (L2663, L2744)
    ledger = Ledger(state, data)
    if card.offensive and offended != power:  # L712, L764: the power it is played against: 1 CB
        cb = data.diplomacy_rules.offensive_card_cb
        ledger.grievance(offended, power, cb, f"offensive card {card.name}")
    played = CardPlayed(power=power, card=card.name, target=action.on, effect=effect, phase=COMBAT)
    return Done(ledger.state, (*ledger.events, played), f"{card.name}: {effect}")


def _victim(state: MedioevoState, action: PlayCombatCard) -> str | None:
    """The power a card is played on: ``ON byzantium`` or the owner of ``ON byzantium captain 2``."""
    if action.on is None:
        return None
    first = action.on.split(" ", 1)[0]
    return first if first in state.powers else None


def _elsewhere(card: EmpireCard) -> tuple[str, str]:
    """Where a combat card that is no ``PLAY`` step of the judge's is played instead."""
    if card.hook == "pirata_spawn_galley":
        return (
            NOT_YET,
            "PIRATA places a barbarian pirate galley at sea: the judge has no barbarian ships yet (issue 19)",
        )
    if card.hook in reactions.ORDER:
        react = f"DOCTRINE REACT {card.name.lower()} [IN <territory>]"
        return ILLEGAL, f"{card.name} is played when attacked, by a standing {react} (R242)"
    if card.timing == "round":
        return ILLEGAL, f"{card.name} is played on a die roll: name it in a plan's CARDS (L1736)"
    return NOT_YET, f"the judge does not play {card.name} yet"


Made = tuple[MedioevoState, str, str] | Refused
"""The state after the card's effect, the effect in words and the power it was played against."""


def _from_hand(state: MedioevoState, victim: str, action: PlayCombatCard, data: DataSet) -> Made:
    """The named card taken out of ``victim``'s hand (LADRO, ASSASSINO), or why not."""
    card = data.cards[action.card].name
    if action.take is None:
        return Refused(ILLEGAL, f"name the card: PLAY {card.lower()} ON {victim} FOR <card>")
    held = list(state.powers[victim].cards)
    name = data.cards[action.take].name
    if action.take not in held:
        return Refused(ILLEGAL, f"{victim} holds no {name}: {card} is kept")
    held.remove(action.take)
    return state.with_power(victim, cards=tuple(held)), name, victim


def _steal(state: MedioevoState, power: str, victim: str, action: PlayCombatCard, data: DataSet) -> Made:
    """LADRO: "ruba ad un giocatore 1 carta Impero a scelta" (L2661); the GILDE modes are not built."""
    taken = _from_hand(state, victim, action, data)
    if isinstance(taken, Refused) or action.take is None:
        return taken
    state, name, _ = taken
    state = state.with_power(power, cards=(*state.powers[power].cards, action.take))
    return state, f"steals {name} from {victim}", victim


def _discard(state: MedioevoState, power: str, victim: str, action: PlayCombatCard, data: DataSet) -> Made:
    """ASSASSINO: "elimina 1 carta Impero a scelta dalla mano di un tuo avversario" (L2506, ex
    L2480; the effect ex L1705 gives SICARIO, R229)."""
    taken = _from_hand(state, victim, action, data)
    if isinstance(taken, Refused) or action.take is None:
        return taken
    state, name, _ = taken
    state = state.evolve(discards=(*state.discards, action.take))
    return state, f"removes {name} from {victim}'s hand", victim


def _kill(state: MedioevoState, power: str, victim: str, action: PlayCombatCard, data: DataSet) -> Made:
    """SICARIO: "elimina 1 Capitano a scelta; oppure elimina un'altra carta di offesa consegnata
    a qualsiasi giocatore" (L2740); the GILDE mode (the Pope) is not built."""
    assert action.on is not None
    if action.take is not None:
        effects = [e for e in state.card_effects if e.holder == victim and e.card == action.take and e.given]
        name = data.cards[action.take].name
        if not effects or not data.cards[action.take].offensive:
            return Refused(ILLEGAL, f"no offensive {name} handed to {victim} acts now")
        state = state.evolve(card_effects=tuple(e for e in state.card_effects if e is not effects[0]))
        return state, f"ends the {name} {effects[0].played_by} handed to {victim}", effects[0].played_by
    words = action.on.split(" ")[1:]
    captain = next(
        (p for p in state.pieces_of(victim, CAPTAIN) if label(data, p.kind, p.number) == " ".join(words)),
        None,
    )
    if captain is None:
        return Refused(
            ILLEGAL, f"SICARIO eliminates a captain (ON {victim} captain 1) or a card (ON {victim} FOR avaro)"
        )
    state = state.evolve(pieces=tuple(p for p in state.pieces if p.key() != captain.key()))
    named = label(data, CAPTAIN, captain.number)
    return state, f"eliminates {victim}'s {named} in {captain.location}", victim


_HANDLERS: dict[str, Callable[[MedioevoState, str, str, PlayCombatCard, DataSet], Made]] = {
    LADRO: _steal,
    ASSASSINO: _discard,
    SICARIO: _kill,
}
