"""The Empire cards played after a battle: CERUSICO and MEDICO (seed 002 L2548, ex L2574; L2713,
ex L2691; L1707; technologies L3136-3146; rulings R237, R238).

CERUSICO: "dopo una battaglia recupera 1d4/1d6/1d8 VF di armate se possiedi MEDICINA/CHIRURGIA/
OSPEDALE; ... non si possono recuperare più VF di quelli persi durante 1 battaglia". MEDICO: "dopo
una battaglia recupera 1/2 carte Impero a scelta se possiedi CHIRURGIA/OSPEDALE" (printed
Acquisto, it acts after a battle: cards.toml).

How (R237): ``PLAY cerusico`` / ``PLAY medico [FOR genio]`` is a step of the combat script, read
anywhere in it; the step checks the card and the technology and puts the play in
``WarTurn.after_plays``; the play is made at the end of the combat phase (ex L2574: "alla fine
del Combattimento gioca il CERUSICO"), before CHIRURGIA and OSPEDALE recover (``war/recovery.py``),
so that a defender, whose battles come in the others' scripts, may play it too. CERUSICO takes the
battle of the phase where the power lost the most VF less prisoners (ex L2574: the player's best
choice, which the judge makes); the VF it brings back come in the next reinforcements
(``PowerState.recovered``) and are no longer counted lost, so the technologies recover only from
what is left (L3140: never more than lost). MEDICO (R238) takes back from the discards the cards
the power lost in one battle (L1768): the battle where the ``FOR`` card was lost, that card first,
else the battle where it lost the most cards; in the order lost. A play that finds nothing to act
on leaves the card in the hand (the card is spent only when its effect is made).

Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events import CardPlayed
from adjudicator.rulesets.medioevo.phases.card_play import after_play, tech_problem
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.cargo_state import Done, Refused, war_turn
from adjudicator.rulesets.medioevo.war.clauses import After
from adjudicator.rulesets.medioevo.war.events_aftermath import AfterCardKept
from adjudicator.rulesets.medioevo.war.orders import PlanLine, PlayCombatCard, ScriptStep
from adjudicator.rulesets.medioevo.war.records import Wound

CERUSICO, MEDICO = "cerusico_recover_vf", "medico_recover_cards"
AFTER_HOOKS = frozenset({CERUSICO, MEDICO})
"""The ``hook`` (cards.toml) of the cards this module plays."""
ILLEGAL = "illegal"
CERUSICO_DIE, MEDICO_CARDS = "cerusico_die", "medico_cards"
"""The technologies' parameters (technologies.toml): CERUSICO's die, MEDICO's cards."""
AFTERMATH = "aftermath"


def queue(state: MedioevoState, power: str, action: PlayCombatCard, data: DataSet) -> Done | Refused:
    """The ``PLAY`` step: the card and its technology checked now, the play made at the end of
    the phase (R237)."""
    card = data.cards[action.card]
    why = tech_problem(card, state.powers[power].techs)
    if why is None and action.on is not None:
        why = f"{card.name} is played on your own losses: PLAY {card.name.lower()}, without ON"
    if why is None and action.take is not None and card.hook == CERUSICO:
        why = "CERUSICO recovers VF, not a card: PLAY cerusico, without FOR"
    turn = war_turn(state)
    queued = sum(1 for p, c, _ in turn.after_plays if (p, c) == (power, action.card))
    if why is None and queued >= state.powers[power].cards.count(action.card):
        why = f"{card.name} is already played at the end of this phase"
    if why is not None:
        return Refused(ILLEGAL, why)
    plays = (*turn.after_plays, (power, action.card, action.take or ""))
    state = state.evolve(war=turn.model_copy(update={"after_plays": plays}))
    return Done(state, (), f"{card.name} is played at the end of the combat phase (R237)")


def play_after_battles(state: MedioevoState, data: DataSet, dice: Dice) -> tuple[MedioevoState, list[Event]]:
    """The end of the phase: each queued CERUSICO and MEDICO, in the order the steps ran, then
    the standing ``DOCTRINE [IN t] AFTER <card>`` clauses, silent when they find nothing."""
    if state.war is None:
        return state, []
    events: list[Event] = []
    for power, card_id, take in state.war.after_plays:
        state, done = _one(state, power, card_id, take or None, data, dice)
        events += done
    for power, card_id, place in _standing(state, data):
        state, done = _one(state, power, card_id, None, data, dice, place)
        events += [e for e in done if not isinstance(e, AfterCardKept)]
    return state.evolve(war=war_turn(state).model_copy(update={"after_plays": ()})), events


def _standing(state: MedioevoState, data: DataSet) -> list[tuple[str, str, str | None]]:
    """(power, card, the doctrine's territory or None) of each ``AFTER`` doctrine clause naming
    CERUSICO or MEDICO (R237)."""
    found = []
    for power in sorted(state.powers):
        for d in state.powers[power].doctrines:
            head, _, card = d.clause.partition(" ")
            card = card.strip().lower()
            if head.upper() == "AFTER" and card in data.cards and data.cards[card].hook in AFTER_HOOKS:
                found.append((power, card, d.place))
    return found


def queue_plans(state: MedioevoState, orders: Mapping[str, Sequence[Order]], data: DataSet) -> MedioevoState:
    """``PLAN p AFTER cerusico``: the card queued as a ``PLAY`` step would queue it, when a step
    of the power's script attacks with plan ``p`` (R237)."""
    for power, lines in orders.items():
        used = {getattr(s.action, "plan", None) for s in lines if isinstance(s, ScriptStep)}  # fights
        after = {
            o.plan: o.clause.card for o in lines if isinstance(o, PlanLine) and isinstance(o.clause, After)
        }
        for plan, card in after.items():
            if plan in used and power in state.powers and card in state.powers[power].cards:
                queued = queue(state, power, PlayCombatCard(card), data)
                state = queued.state if isinstance(queued, Done) else state
    return state


def _one(
    state: MedioevoState,
    power: str,
    card_id: str,
    take: str | None,
    data: DataSet,
    dice: Dice,
    place: str | None = None,
) -> tuple[MedioevoState, list[Event]]:
    """One play: on the battles of the phase, or only those in ``place`` (a doctrine's scope)."""
    card = data.cards[card_id]
    held = state.powers.get(power)
    if held is None:
        return state, []
    why = f"{power} no longer holds it" if card_id not in held.cards else tech_problem(card, held.techs)
    if why is not None:
        return state, [AfterCardKept(power=power, card=card.name, reason=why, phase=AFTERMATH)]
    full = war_turn(state).wounded.get(power, ())
    wounds = tuple(w if place in (None, w.where) else Wound(where=w.where) for w in full)
    if card.hook == CERUSICO:
        made = _cerusico(state, power, wounds, data, dice)
    else:
        made = _medico(state, power, wounds, take, data)
    if isinstance(made, str):
        return state, [AfterCardKept(power=power, card=card.name, reason=made, phase=AFTERMATH)]
    state, cured, effect = made
    left = tuple(c if place in (None, w.where) else w for c, w in zip(cured, full, strict=True))
    turn = war_turn(state)
    state = state.evolve(war=turn.model_copy(update={"wounded": {**turn.wounded, power: left}}))
    state = after_play(state, power, card_id, data)  # "si scarta dopo l'uso" (L2550, L2714)
    return state, [CardPlayed(power=power, card=card.name, target=None, effect=effect, phase=AFTERMATH)]


Made = tuple[MedioevoState, tuple[Wound, ...], str] | str
"""The state after the card, the power's battles left to recover from, the effect in words; or
why nothing was done."""


def _best_param(state: MedioevoState, power: str, name: str, data: DataSet) -> int:
    """The highest value of a technology parameter among those ``power`` holds (the ladder's
    highest rung, as R236)."""
    techs = (data.technologies[t] for t in state.powers[power].techs if t in data.technologies)
    return max((int(t.params.get(name, 0)) for t in techs), default=0)


def _cerusico(state: MedioevoState, power: str, wounds: tuple[Wound, ...], data: DataSet, dice: Dice) -> Made:
    """1d4/1d6/1d8 VF back, at most the VF of the battle where the power lost the most (ex L2574)."""
    worst = max(range(len(wounds)), key=lambda i: wounds[i].vf, default=None)
    if worst is None or wounds[worst].vf <= 0:
        return "no VF of armies lost in a battle this phase (prisoners excluded)"
    sides = _best_param(state, power, CERUSICO_DIE, data)
    rolled = dice.roll(sides, f"cerusico {power}")
    wound = wounds[worst]
    vf = min(rolled, wound.vf)
    state = state.with_power(power, recovered=state.powers[power].recovered + vf)
    left = (*wounds[:worst], wound.model_copy(update={"vf": wound.vf - vf}), *wounds[worst + 1 :])
    effect = (
        f"recovers {vf} VF (1d{sides}: {rolled}) of the {wound.vf} lost in the battle in {wound.where}: "
        "they join the next reinforcements"
    )
    return state, left, effect


def _medico(
    state: MedioevoState, power: str, wounds: tuple[Wound, ...], take: str | None, data: DataSet
) -> Made:
    """1/2 of the cards lost in one battle back to the hand, from the discards (R238)."""
    discards = list(state.discards)
    usable = [tuple(c for c in w.cards if c in discards) for w in wounds]
    if take is not None:
        where = [i for i, cards in enumerate(usable) if take in cards]
        if not where:
            return f"{data.cards[take].name} was not lost in a battle this phase"
        pick = where[-1]
    else:
        most = max(range(len(wounds)), key=lambda i: len(usable[i]), default=None)
        if most is None or not usable[most]:
            return "no Empire card lost in a battle this phase"
        pick = most
    n = _best_param(state, power, MEDICO_CARDS, data)
    ordered = sorted(usable[pick], key=lambda c: c != take)[:n]
    for c in ordered:
        discards.remove(c)
    hand = (*state.powers[power].cards, *ordered)
    state = state.with_power(power, cards=hand).evolve(discards=tuple(discards))
    kept = list(wounds[pick].cards)
    for c in ordered:
        kept.remove(c)
    wound = wounds[pick]
    left = (*wounds[:pick], wound.model_copy(update={"cards": tuple(kept)}), *wounds[pick + 1 :])
    names = ", ".join(data.cards[c].name for c in ordered)
    return state, left, f"takes back {names}, lost in the battle in {wound.where}"
