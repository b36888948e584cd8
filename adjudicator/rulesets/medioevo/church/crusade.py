"""The calamity CROCIATA (seed 002 L1452-1526; ex L1440, L1494-1502): its effect when drawn and
its step on each later Events phase (calamity/registry.py).

Stages (digest A49): ``called`` when drawn, until the organiser's plan (the Pope's, else the
Antipope's, L1456) in the next Diplomacy (:mod:`.crusade_plan`); ``sides`` until the next
Reinforcements, where each power's side is taken and FANATISMO's +5 VF given; ``preparing`` for
the preparation turns; ``marching`` from the combat of the turn they end in (L1508), until the
objective falls to a crusader (won), the crusade army is gone (lost, L1516), the departure is lost
by the end of the preparation (lost, L1468, ex L1494), or a Catholic outside the crusade takes
the objective (only he scores and the army disbands, L1462). Barbarians taking the objective halve
its PO (floor, minimum 1, L1462). Won: each crusader gains the objective's PO and each defender
loses them; lost: the reverse (R317). The Pope moves the army at the start of each Combat
(:mod:`.crusade_march`, R323); its players fight with their own war orders (R318)."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike, Outcome, effect, ongoing
from adjudicator.rulesets.medioevo.church.events import CrusadeNews
from adjudicator.rulesets.medioevo.church.papacy import ANTIPOPE, CATHOLIC, church_of, pope_of, with_church
from adjudicator.rulesets.medioevo.church.records import (
    CRUSADER,
    DEFENDER,
    MARCHING,
    PREPARING,
    Crusade,
)
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.diplomacy_table import religion_of
from adjudicator.rulesets.medioevo.honor import change_honor
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState

CROCIATA = "crociata"


def organiser(state: MedioevoState, data: DataSet) -> tuple[str, bool] | None:
    """(power, by the Antipope): the Catholic Pope, else the Antipope, else nobody (L1456)."""
    pope = pope_of(state)
    if pope is not None and religion_of(state, pope, data) == CATHOLIC:
        return pope, False
    antipope = church_of(state).antipope
    return (antipope, True) if antipope else None


def objectives(state: MedioevoState, data: DataSet, by: str, antipope: bool) -> dict[str, int]:
    """Territory -> PO of each valid objective (L1462): an existing settlement of the list held by a
    player not of the organiser's faith; Rome only for the Antipope, his capital only for the Pope."""
    faith = religion_of(state, by, data)
    capital = church_of(state).antipope_capital
    found: dict[str, int] = {}
    for entry in data.calamities[CROCIATA].params["objectives"]:
        only = entry["called_by"]
        if only == ("pope" if antipope else "antipope"):
            continue
        sites = (
            [capital]
            if only == "pope"
            else [t for t, x in data.board.territories.items() if x.settlement == entry["settlement"]]
        )
        for site in (s for s in sites if s):
            held = state.territories[site]
            owner = held.owner
            if owner in state.powers and religion_of(state, owner, data) != faith and held.settlement():
                found[site] = int(entry["po"])
    return found


def faithful(state: MedioevoState, data: DataSet, faith: str) -> tuple[str, ...]:
    return tuple(p for p in state.acting_order() if religion_of(state, p, data) == faith)


@effect(CROCIATA)
def strike(state: MedioevoState, strike: CalamityStrike, dice: Dice, data: DataSet) -> Outcome:
    """Drawn: the organiser is called to plan it in the next Diplomacy (L1456-1476)."""
    head = organiser(state, data)
    if church_of(state).crusade is not None:
        return state, (CrusadeNews(step="not called", text="a crusade is already under way (digest A33)"),)
    if head is None:
        return state, (CrusadeNews(step="not called", text="there is neither Pope nor Antipope (L1456)"),)
    by, antipope = head
    if not objectives(state, data, by, antipope):
        return state, (
            CrusadeNews(step="not called", text="no valid objective is held by an infidel (R314)"),
        )
    faith = religion_of(state, by, data)
    members = faithful(state, data, faith)
    departures = tuple(
        t for t, held in sorted(state.territories.items()) if held.owner in members and held.settlement()
    )
    crusade = Crusade(called_by=by, antipope=antipope, drawn=state.turn, departures=departures)
    who = "the Antipope" if antipope else "the Pope"
    text = f"{who} ({by}) must choose its objective, departure, preparation and armies in the next Diplomacy"
    return with_church(state, crusade=crusade), (CrusadeNews(step="called", text=text),)


def settle(state: MedioevoState, crusade: Crusade, won: bool, why: str) -> Outcome:
    """The PO to each participant (L1524, L1516), and the crusade is over."""
    po = max(1, crusade.po // 2) if crusade.halved else crusade.po
    scores: dict[str, int] = {}
    for power, side in crusade.sides.items():
        if side in (CRUSADER, DEFENDER):
            scores[power] = po if (side == CRUSADER) == won else -po
    step = "won" if won else "lost"
    told: list[Event] = [CrusadeNews(step=step, text=why, po=scores)]
    for power, delta in scores.items():
        state, scored = change_honor(state, power, delta, f"the crusade is {step} (L1524)")
        told += scored
    return with_church(state, crusade=None), tuple(told)


def army_left(state: MedioevoState, crusade: Crusade) -> bool:
    """Whether the crusade army still stands: crusaders' VF in the departure or aboard transports."""
    crusaders = {p for p, s in crusade.sides.items() if s == CRUSADER}
    here = state.territories[crusade.departure].armies if crusade.departure else {}
    return any(here.get(p, 0) for p in crusaders) or any(p.owner in crusaders and p.vf for p in state.pieces)


@ongoing(CROCIATA)
def advance(state: MedioevoState, dice: Dice, data: DataSet) -> Outcome:
    """A crusade's step at the start of each later Events phase."""
    crusade = church_of(state).crusade
    if crusade is None or crusade.stage not in (PREPARING, MARCHING) or crusade.objective is None:
        return state, ()
    holder = state.territories[crusade.objective].owner
    side = crusade.sides.get(holder or "")
    if side == CRUSADER:
        return settle(state, crusade, True, f"{holder} holds {crusade.objective}")
    if holder == BARBARIANS and not crusade.halved:
        crusade = crusade.model_copy(update={"halved": True})
        state = with_church(state, crusade=crusade)
    faith = ANTIPOPE if crusade.antipope else CATHOLIC
    if holder in state.powers and religion_of(state, holder, data) == faith:
        po = max(1, crusade.po // 2) if crusade.halved else crusade.po
        why = f"{holder} took {crusade.objective} outside the crusade: only it scores (L1462)"
        state, scored = change_honor(state, holder, po, f"took {crusade.objective} first (L1462)")
        news = CrusadeNews(step="over", text=why, po={holder: po})
        return with_church(state, crusade=None), (news, *scored)
    events: list[Event] = []
    if crusade.stage == PREPARING and state.turn >= crusade.march_turn:
        start = state.territories[crusade.departure or ""]
        if crusade.sides.get(start.owner or "") != CRUSADER or start.settlement() is None:
            return settle(
                state, crusade, False, f"the departure {crusade.departure} is lost (L1468, ex L1494)"
            )
        state = with_church(state, crusade=crusade.model_copy(update={"stage": MARCHING}))
        events.append(
            CrusadeNews(step="marching", text=f"the army leaves {crusade.departure} this combat (L1508)")
        )
    elif crusade.stage == MARCHING and not army_left(state, crusade):
        return settle(state, crusade, False, "the crusade army is destroyed (L1516)")
    return state, tuple(events)
