"""The Empire cards of the diplomacy phase (seed 002 L2518-2756, L744, L764): DIPLOMATICO,
CONCESSIONE, SPIA and TARGA D'ORO here; BARDO, GIULLARE and CASTELLANO in ``court_cards.py``;
PRINCIPESSA in ``principessa.py``.

A play is checked when the mail arrives (the card in hand or just drawn, its technologies, the
clauses the card takes, its target) and again when the power's turn comes in the phase; it spends
no diplomatic action (L744, rulings). An offensive card (🔥) played on a power gives it 1 CB against
the player (L764), where the card's ``fire_cb_modes`` do not exclude the mode played and the card's
own CB do not already include it (``fire_cb_included``). The card goes to the discards; what lasts
of it is in the state (a truce, a pact, a marriage, a ``card_effects`` entry).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from adjudicator.core.dice import Dice
from adjudicator.core.events import Visibility
from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.components.cards import EmpireCard
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger, same_religion
from adjudicator.rulesets.medioevo.events import CardPlayed
from adjudicator.rulesets.medioevo.events_cards import SpyReport
from adjudicator.rulesets.medioevo.events_diplomacy import PeaceMade, TruceChanged
from adjudicator.rulesets.medioevo.orders_diplomacy import CancelProtection, Gift, PlayDiplomacyCard
from adjudicator.rulesets.medioevo.pacts import Pact, PactKind, Truce, pair
from adjudicator.rulesets.medioevo.phases import court_cards, principessa
from adjudicator.rulesets.medioevo.phases.card_play import after_play, ladder_step, tech_problem
from adjudicator.rulesets.medioevo.state import MedioevoState

DIPLOMATICO = "diplomatico"
CONCESSIONE = "concessione"
SPIA = "spia"
TARGA = "targa_doro"
BOTH = "both"
NO_OBJECTIVE = "not dealt (Objective cards are not in the game state yet)"

Problem = Callable[[MedioevoState, str, PlayDiplomacyCard, DataSet], str | None]
Effect = Callable[[Ledger, str, PlayDiplomacyCard, Dice], str]


def _modes(card: EmpireCard) -> tuple[str, ...]:
    """The words a card takes after its target: DIPLOMATICO's modes, CONCESSIONE's pacts or BOTH."""
    if "pacts" in card.params:
        return (*card.params["pacts"], BOTH)
    return tuple(card.params.get("modes", ()))


# ---- checks ---------------------------------------------------------------------------------------


def _no_problem(state: MedioevoState, power: str, order: PlayDiplomacyCard, data: DataSet) -> str | None:
    return None


def _concession_problem(
    state: MedioevoState, power: str, order: PlayDiplomacyCard, data: DataSet
) -> str | None:
    target = order.target
    assert target is not None
    if state.at_war(power, target):
        return f"you are at war with {target}: a CONCESSIONE is obtained from a power at peace (L2556)"
    wanted = _pacts_of(order, data)
    held = [k for k in wanted if _concession(state, power, target, k) is not None]
    if len(held) == len(wanted):
        return f"you already hold a {' and a '.join(held)} concession from {target}"
    return None


def _targa_problem(state: MedioevoState, power: str, order: PlayDiplomacyCard, data: DataSet) -> str | None:
    target = order.target
    assert target is not None
    if not state.at_war(power, target):
        return f"you are not at war with {target} (L2752)"
    return None


def _shape(order: PlayDiplomacyCard) -> str:
    return "".join(
        c
        for c, given in zip("tmip", (order.target, order.mode, order.item, order.places), strict=True)
        if given
    )


def card_problem(
    state: MedioevoState,
    power: str,
    order: PlayDiplomacyCard,
    data: DataSet,
    earlier: Sequence[Order] = (),
    drawn_counts: bool = True,
) -> str | None:
    """Why the power cannot play this card now, or None. ``earlier``: its plays accepted before in
    this mail (on arrival, with ``drawn_counts``) or in this phase."""
    held = state.powers[power]
    card = data.cards[order.card]
    copies = held.cards.count(order.card) + (held.drawn.count(order.card) if drawn_counts else 0)
    used = sum(1 for o in earlier if isinstance(o, PlayDiplomacyCard) and o.card == order.card)
    if copies == 0:
        return f"{card.name} is not in your hand"
    if used and not card.cumulative:
        return f"{card.name} is not cumulative: one a turn (L554)"
    if drawn_counts and used >= copies:
        return f"you hold {copies} {card.name}, all played already"
    if order.card not in CARDS:
        return f"playing {card.name} by mail is not supported yet"
    takes, usage, problem, _ = CARDS[order.card]
    missing = tech_problem(card, held.techs)
    if missing:
        return missing
    if _shape(order) not in takes.split("|"):
        return f"expected {usage}"
    if order.mode is not None and order.mode not in _modes(card):
        return f"expected {usage}"
    if order.target is not None:
        if order.target == power:
            return f"{card.name} is played on another power, not yourself"
        truce = state.truce(power, order.target)
        if truce is not None and card.offensive and order.card != DIPLOMATICO:
            return (
                f"you have a truce with {order.target} until turn {truce.until}: "
                "no Empire card against it (L2630)"
            )
    return problem(state, power, order, data)


def check(
    state: MedioevoState, power: str, order: Order, data: DataSet, earlier: Sequence[Order] = ()
) -> str | None:
    """The card orders of the phase, on arrival."""
    match order:
        case PlayDiplomacyCard():
            return card_problem(state, power, order, data, earlier)
        case Gift():
            return court_cards.gift_problem(state, power, order, earlier)
        case CancelProtection():
            return court_cards.cancel_problem(state, power, order)
    return None


# ---- effects --------------------------------------------------------------------------------------


def play(
    ledger: Ledger, power: str, order: PlayDiplomacyCard, dice: Dice, earlier: Sequence[Order]
) -> tuple[str, bool, int]:
    """Play the card when the power's turn comes: (note, played, actions spent: always 0)."""
    problem = card_problem(ledger.state, power, order, ledger.data, earlier, drawn_counts=False)
    if problem:
        return problem, False, 0
    card = ledger.data.cards[order.card]
    ledger.state = after_play(ledger.state, power, order.card, ledger.data)
    effect = CARDS[order.card][3](ledger, power, order, dice)
    _fire_cb(ledger, power, order, card)
    ledger.events.append(CardPlayed(power=power, card=card.name, target=order.target, effect=effect))
    return effect, True, 0


def _fire_cb(ledger: Ledger, power: str, order: PlayDiplomacyCard, card: EmpireCard) -> None:
    """The offensive card's 1 CB for the power it is played on (L764; R14)."""
    if not card.offensive or order.target is None or card.params.get("fire_cb_included", False):
        return
    modes = card.params.get("fire_cb_modes")
    mode = order.mode or principessa.MARRIAGE
    if modes is not None and mode not in modes:
        return
    cb = ledger.data.diplomacy_rules.offensive_card_cb
    ledger.grievance(order.target, power, cb, f"offensive card {card.name}")


def _diplomatico(ledger: Ledger, power: str, order: PlayDiplomacyCard, dice: Dice) -> str:
    """A truce of 1-4 turns or 2/4/6 CB removed, by ISTRUZIONE/LETTERATURA/FILOSOFIA(/UNIVERSITÀ)
    (L2628-2630, L744-746, ex L714, L2592-2594)."""
    card = ledger.data.cards[order.card]
    target = order.target
    assert target is not None
    step = ladder_step(ledger.state.powers[power].techs, card.ladder)
    if order.mode != "truce":
        removed = card.params["cb_removed_by_ladder"][step - 1]
        ledger.grievance(target, power, -removed, f"DIPLOMATICO of {power}")
        return f"{removed} CB {target} held against {power} removed"
    turns = card.params["truce_turns_by_ladder"][step - 1]
    until = ledger.state.turn + turns - 1
    old = ledger.state.truce(power, target)
    truces = [t for t in ledger.state.truces if t.parties != pair(power, target)]  # an expired one too
    truce = Truce(
        parties=pair(power, target), until=max(until, old.until if old else until), imposed_by=power
    )
    ledger.state = ledger.state.evolve(truces=(*truces, truce))
    ledger.events.append(
        TruceChanged(parties=truce.parties, until=truce.until, by=power, reason="DIPLOMATICO")
    )
    return f"a truce of {turns} turn{'s' if turns != 1 else ''}, until turn {truce.until}"


def _pacts_of(order: PlayDiplomacyCard, data: DataSet) -> list[str]:
    pacts = list(data.cards[CONCESSIONE].params["pacts"])
    return pacts if order.mode == BOTH else [str(order.mode)]


def _concession(state: MedioevoState, power: str, target: str, kind: str) -> Pact | None:
    return next(
        (
            p
            for p in state.pacts
            if p.concession and p.parties == (power, target) and p.terms.startswith(kind)
        ),
        None,
    )


TERMS = {
    "trade": "trade: {p} may trade with {t}'s settlements",
    "passage": "passage: {p}'s armies and transports may cross {t}'s territories",
}


def _concession_play(ledger: Ledger, power: str, order: PlayDiplomacyCard, dice: Dice) -> str:
    """One-sided pacts without end that the target cannot refuse; 2 CB for it per pact, the
    offensive card's CB included (L2556-2560, ex L2578-2580)."""
    target = order.target
    assert target is not None
    params = ledger.data.cards[CONCESSIONE].params
    made = []
    for kind in _pacts_of(order, ledger.data):
        if _concession(ledger.state, power, target, kind) is not None:
            continue
        terms = TERMS.get(kind, kind).format(p=power, t=target) + " (CONCESSIONE: one-sided, no end)"
        pact = Pact(
            id=ledger.state.new_pact_id(secret=False),  # a CONCESSIONE is public
            kind=PactKind.PACT,
            parties=(power, target),
            terms=terms,
            made=ledger.state.turn,
            concession=True,
        )
        ledger.add_pact(pact)
        ledger.grievance(target, power, int(params["cb_per_pact"]), f"CONCESSIONE of a {kind} pact")
        made.append(f"{pact.label()}: {kind}")
    return "; ".join(made)


def _spy(ledger: Ledger, power: str, order: PlayDiplomacyCard, dice: Dice) -> str:
    """Every pact of the target, secret ones and their terms included, and its Objective card:
    told to the player only (L2746-2748, ex L2774)."""
    target = order.target
    assert target is not None
    pacts = tuple(
        f"{p.label()}{' SECRET' if p.secret else ''}{': ' + p.terms if p.terms else ''}"
        for p in ledger.state.pacts
        if p.binds(target)
    )
    ledger.events.append(
        SpyReport(
            power=power,
            target=target,
            pacts=pacts,
            objective=NO_OBJECTIVE,
            visibility=Visibility.to(power),
        )
    )
    return f"sees every pact and the Objective card of {target} (told to {power} only)"


def _targa(ledger: Ledger, power: str, order: PlayDiplomacyCard, dice: Dice) -> str:
    """Unconditional peace with the target and its allies at war with the player; the player
    leaves its own alliances with powers still at war with them; it loses no PO, every CB of the
    table counts (L2752-2756, ex L2778)."""
    target = order.target
    assert target is not None
    params = ledger.data.cards[TARGA].params
    factor = int(params["po_loss"])
    state = ledger.state
    enemies = [target, *(a for a in state.allies(target) if state.at_war(power, a))]
    peace = ledger.data.diplomatic_acts["peace"]
    for enemy in enemies:
        cell = peace.cell(same_religion(ledger, power, enemy))
        ledger.apply_cell(cell, power, enemy, f"peace by TARGA D'ORO with {enemy}", [0], po_factor=factor)
        key = pair(power, enemy)
        ledger.state = ledger.state.evolve(wars=tuple(w for w in ledger.state.wars if w != key))
        ledger.peace_now.add(key)
        ledger.events.append(PeaceMade(parties=key, mutual=False))
    left = []
    if params["leaves_own_alliance"]:
        alliance_row = ledger.data.diplomatic_acts["alliance"]
        for ally in ledger.state.allies(power):
            if any(ledger.state.at_war(ally, e) for e in enemies):
                alliance = ledger.state.alliance(power, ally)
                assert alliance is not None
                cell = alliance_row.cell(same_religion(ledger, power, ally), revoke=True)
                reason = f"{power} leaves it by the peace of TARGA D'ORO"
                ledger.apply_cell(cell, power, ally, reason, [0], po_factor=factor)
                ledger.end_pact(alliance, power, reason)
                left.append(ally)
    leaves = f"; it leaves its alliance with {', '.join(left)}" if left else ""
    return f"peace with {', '.join(enemies)} without PO lost{leaves}"


# card id -> (clauses it takes, usage, extra check, effect); clauses: t target, m mode, i item, p places
CARDS: dict[str, tuple[str, str, Problem, Effect]] = {
    DIPLOMATICO: ("tm", "PLAY Diplomatico ON <power> TRUCE|CB", _no_problem, _diplomatico),
    CONCESSIONE: (
        "tm",
        "PLAY Concessione ON <power> TRADE|PASSAGE|BOTH",
        _concession_problem,
        _concession_play,
    ),
    SPIA: ("t", "PLAY Spia ON <power>", _no_problem, _spy),
    TARGA: ("t", "PLAY Targa d'oro ON <power>", _targa_problem, _targa),
    principessa.PRINCIPESSA: (
        "t|p",
        "PLAY Principessa ON <power>, or PLAY Principessa IN <barbarian Small Kingdom>",
        principessa.problem,
        principessa.play,
    ),
    court_cards.BARDO: ("", "PLAY Bardo", _no_problem, court_cards.feast),
    court_cards.GIULLARE: (
        "i|ip",
        "PLAY Giullare FOR CARD|TAXES, or PLAY Giullare FOR <fortification, transport or siege "
        "engine> IN <territory>",
        court_cards.jester_problem,
        court_cards.jester,
    ),
    court_cards.CASTELLANO: (
        "p",
        "PLAY Castellano IN <territory>[, <territory>]",
        court_cards.castellan_problem,
        court_cards.castellan,
    ),
}


# ---- options for the bots -------------------------------------------------------------------------


def legal_plays(state: MedioevoState, power: str, data: DataSet) -> list[PlayDiplomacyCard]:
    """The plays of the diplomacy cards the power holds that it may make now (a sample of places)."""
    held = state.powers[power]
    others = [p for p in state.seats() if p != power]
    options: list[PlayDiplomacyCard] = []
    for card_id in dict.fromkeys((*held.cards, *held.drawn)):
        card = data.cards[card_id]
        if card.phase != "diplomacy" or card_id not in CARDS:
            continue
        modes = _modes(card) if "m" in CARDS[card_id][0] else (None,)
        candidates = [PlayDiplomacyCard(card_id, o, m) for o in others for m in modes]
        candidates += court_cards.candidates(state, power, card_id, data)
        candidates += principessa.candidates(state, card_id, data)
        options += [o for o in candidates if card_problem(state, power, o, data) is None]
    return options
