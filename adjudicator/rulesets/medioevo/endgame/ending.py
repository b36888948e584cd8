"""When the game ends (seed 002 L321-351) and what ending it does.

Three ways, which may be combined (L339): the turn limit (option ``turns``, L329), the time limit
(option ``end_date``: the service records its passing with the edit ``TIME UP``, and the turn in
progress is completed, L327) and the PO limit (option ``po_limit``): a power declares it reaches
the limit counting its end-of-game PO (``VICTORY``, L331-333), or a power holds that many PO at
the end of a turn (L335). All are checked in the ``end`` phase, the last of each turn. The GM may
end a game at once (``END``). Ending scores every power (standings.py) and records the standings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event, GmEdited, Visibility
from adjudicator.core.options import OptionSpec
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import Resolution
from adjudicator.errors import EditError
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.endgame.events import (
    GameEnded,
    ObjectiveDealt,
    TimeLimitReached,
    VictoryClaimed,
)
from adjudicator.rulesets.medioevo.endgame.orders import END, ClaimVictory
from adjudicator.rulesets.medioevo.endgame.records import AUTOMATIC, DECLARED, Endgame
from adjudicator.rulesets.medioevo.endgame.standings import final_standings, total
from adjudicator.rulesets.medioevo.state import MedioevoState

OPTIONS = {
    "end_date": OptionSpec("date", "the time limit: the turn in progress then is the last (L325-327)"),
    "po_limit": OptionSpec("count", "end the game when a power reaches this many PO (L329-335)"),
    "po_limit_claims": OptionSpec(
        "choice",
        "declared: a power sends VICTORY (L331); automatic: the judge claims for every power",
        (DECLARED, AUTOMATIC),
    ),
}
"""The Medioevo options of the game's end (``turns`` and ``end_date`` are the judge's own)."""

OBJECTIVE_ROLL = "objective"
"""The purpose of the roll that deals a power its objective card, then the power's id: private."""
END_EDIT, TIME_EDIT, OBJECTIVE_EDIT = "END", "TIME UP", "OBJECTIVE"


def setup(
    state: MedioevoState, options: Mapping[str, Any], dice: Dice, data: DataSet
) -> tuple[MedioevoState, tuple[Event, ...]]:
    """The end's options recorded, and each power dealt at random one objective card of its
    starting kingdom (L2404), in seat order, one die each (its own purpose, so no other roll of
    the setup moves)."""
    limit = options.get("po_limit")
    claims = options.get("po_limit_claims", DECLARED)
    if limit is not None or claims != DECLARED:
        state = state.evolve(endgame=Endgame(po_limit=limit, po_claims=claims))
    events: list[Event] = []
    for power in state.seats():
        kingdom = state.powers[power].kingdom
        cards = sorted(cid for cid, card in data.objectives.items() if card.kingdom == kingdom)
        if not cards:
            continue
        card = cards[dice.roll(len(cards), f"{OBJECTIVE_ROLL} {power}") - 1]
        state = state.with_power(power, objective=card)
        events.append(ObjectiveDealt(phase="setup", power=power, card=card, name=data.objectives[card].name))
    return state, tuple(events)


def takes_orders(state: MedioevoState) -> bool:
    """The end phase takes orders (``VICTORY``) only in a game with a PO limit that powers claim."""
    return state.endgame.po_limit is not None and state.endgame.po_claims == DECLARED


def is_over(state: MedioevoState) -> bool:
    """Over once the turn that ended the game is behind (or at once when the GM ended it)."""
    ending = state.endgame
    return state.over or (ending.last_turn is not None and state.turn > ending.last_turn)


def resolve(state: MedioevoState, orders: Mapping[str, Sequence[Order]], data: DataSet) -> Resolution:
    """The end of a turn: the claims of victory checked (L331-333), then each end condition; if
    one holds the game ends now, scored (L2420-2460)."""
    ending = state.endgame
    events: list[Event] = []
    results: list[OrderResult] = []
    reasons: list[str] = []
    limit = ending.po_limit
    if limit is not None:
        claimants = (
            state.seats()
            if ending.po_claims == AUTOMATIC
            else tuple(
                p for p in state.seats() if any(isinstance(o, ClaimVictory) for o in orders.get(p, ()))
            )
        )
        for power in claimants:
            counted = total(state, power, data)
            if counted >= limit:
                reasons.append(f"declared:{power}")
            if ending.po_claims == DECLARED or counted >= limit:
                events.append(VictoryClaimed(power=power, total=counted, limit=limit))
            if ending.po_claims == DECLARED:
                results.append(_claim_result(power, counted, limit))
        if any(state.powers[p].honor >= limit for p in state.seats()):
            reasons.append("po_limit")  # L335: the PO held only
    if state.turn_limit is not None and state.turn >= state.turn_limit:
        reasons.append("turns")
    if ending.time_up:
        reasons.append("time")
    if not reasons:
        return Resolution(state=state, events=tuple(events), results=tuple(results))
    ended, told = finish(state, reasons[0], data)
    return Resolution(state=ended, events=(*events, *told), results=tuple(results))


def _claim_result(power: str, counted: float, limit: int) -> OrderResult:
    """The answer to ``VICTORY``: the PO counted against the limit (L331), or why it goes on (L333)."""
    line = ClaimVictory().canonical()
    if counted >= limit:
        return OrderResult.success(
            power, END, line, f"{counted:g} PO of {limit}: the game ends with this turn"
        )
    why = f"you count {counted:g} PO of the {limit} of the limit: the game goes on (L333)"
    return OrderResult.failure(power, END, line, "below-limit", why)


def finish(state: MedioevoState, reason: str, data: DataSet) -> tuple[MedioevoState, tuple[Event, ...]]:
    """The game ended now for ``reason``: every power scored and ranked, the standings kept."""
    standings = final_standings(state, data)
    ending = state.endgame.model_copy(
        update={"ended": reason, "last_turn": state.turn, "standings": standings}
    )
    event = GameEnded(
        reason=reason,
        turn=state.turn,
        winners=tuple(s.power for s in standings if s.winner),
        standings=tuple(s.model_dump(mode="json") for s in standings),
    )
    return state.evolve(endgame=ending), (event,)


def time_up_edit(state: MedioevoState, end_date: str) -> str | None:
    """``TIME UP <date>`` while the time limit is not yet recorded and the game goes on."""
    if state.endgame.time_up or state.endgame.ended is not None or is_over(state):
        return None
    return f"{TIME_EDIT} {end_date}"


def is_end_edit(command: str) -> bool:
    """Whether ``command`` is one of this module's edits: END, TIME UP, OBJECTIVE."""
    words = command.upper().split()
    return words[:1] in ([END_EDIT], [OBJECTIVE_EDIT]) or words[:2] == TIME_EDIT.split()


def gm_edit(state: MedioevoState, command: str, data: DataSet) -> tuple[MedioevoState, tuple[Event, ...]]:
    """``END [why]``: the GM ends the game now, scored as it stands. ``TIME UP [date]``: the time
    limit has passed (the service sends it at the first deadline after ``end_date``): the turn in
    progress is the last (L327). ``OBJECTIVE power card``: the power holds that objective card of
    its kingdom instead (a deal to correct; scenarios); seen by that power and the GM only."""
    said = " ".join(command.split())
    if is_over(state) or state.endgame.ended is not None:
        raise EditError(f"{said!r}: the game is over already")
    verb = command.upper().split()[0]
    if verb == OBJECTIVE_EDIT:
        return _objective(state, said, data)
    edited = GmEdited(phase="gm", command=said, visibility=Visibility.public())
    if verb == END_EDIT:
        ended, told = finish(state, "gm", data)
        return ended.evolve(over=True), (edited, *(e.model_copy(update={"phase": "gm"}) for e in told))
    if state.endgame.time_up:
        raise EditError(f"{said!r}: the time limit was recorded already")
    date = " ".join(command.split()[2:]) or "the end date"
    return state.evolve(endgame=state.endgame.model_copy(update={"time_up": True})), (
        edited,
        TimeLimitReached(phase="gm", end_date=date),
    )


def _objective(state: MedioevoState, said: str, data: DataSet) -> tuple[MedioevoState, tuple[Event, ...]]:
    words = said.split()
    if len(words) != 3 or words[1].lower() not in state.powers:
        raise EditError(f"{said!r}: expected OBJECTIVE power card, e.g. OBJECTIVE hungary hungary_1")
    power, card = words[1].lower(), words[2].lower()
    kingdom = state.powers[power].kingdom
    cards = sorted(c for c, o in data.objectives.items() if o.kingdom == kingdom)
    if card not in cards:
        raise EditError(f"{said!r}: {card!r} is not an objective card of {kingdom}: {', '.join(cards)}")
    edited = GmEdited(phase="gm", command=said, visibility=Visibility.to(power))
    dealt = ObjectiveDealt(phase="gm", power=power, card=card, name=data.objectives[card].name)
    return state.with_power(power, objective=card), (edited, dealt)
