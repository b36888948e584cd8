"""Properties every window of a Medioevo game keeps, checked on a bot game (issue 19, "Tests"):

* no power's florins below zero unless it owes a loan (a debt is what a loan is: L909-917; the
  bankruptcy of L2081 takes the rest);
* every PO and CB a power gains or loses is told by an event: the window's ``mu-honor`` and
  ``mu-cb`` deltas add up to the change of its sheet, power by power, pair by pair (L341, L764);
* every Empire card of the deck table (L2788-2842) is in exactly one place: the deck, a hand, a
  draw waiting to be kept, or the discards (a card whose effect lasts, AVARO, USURAI, TACCAGNO,
  a truce's DIPLOMATICO, a PRINCIPESSA handed over, is discarded when played and its effect is a
  record: ``card_effects``, ``truces``, ``marriages``; a card on auction stays in its seller's hand).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.state import MedioevoState


def window_problems(
    before: MedioevoState, after: MedioevoState, events: Iterable[Event], deck: Counter[str]
) -> list[str]:
    """What one window broke, in words (``events``: the events the window reported)."""
    events = list(events)
    return [*_florins(after), *_honor_and_cb(before, after, events), *_cards(after, deck)]


def _florins(state: MedioevoState) -> list[str]:
    return [
        f"{pid} has {held.florins} florins and no loan"
        for pid, held in state.powers.items()
        if held.florins < 0 and not held.loans
    ]


def _honor_and_cb(before: MedioevoState, after: MedioevoState, events: list[Event]) -> list[str]:
    honor: Counter[str] = Counter()
    grievances: Counter[tuple[str, str]] = Counter()
    for event in events:
        data = event.payload()
        if event.kind == "mu-honor":
            honor[data["power"]] += data["delta"]
        elif event.kind == "mu-cb":
            grievances[data["holder"], data["against"]] += data["delta"]
    problems = []
    for pid, held in after.powers.items():
        was = before.powers[pid]
        if held.honor - was.honor != honor[pid]:
            problems.append(f"{pid}: PO {was.honor} -> {held.honor}, the events say {honor[pid]:+d}")
        for other in after.powers:
            change = held.casus_belli.get(other, 0) - was.casus_belli.get(other, 0)
            if change != grievances[pid, other]:
                told = grievances[pid, other]
                problems.append(f"{pid}: CB against {other} changed by {change:+d}, the events say {told:+d}")
    return problems


def _cards(state: MedioevoState, deck: Counter[str]) -> list[str]:
    places = Counter(state.deck) + Counter(state.discards)
    for held in state.powers.values():
        places.update(held.cards)
        places.update(held.drawn)
    if places == deck:
        return []
    return [f"cards found but not in the deck table: {dict(places - deck)}; missing: {dict(deck - places)}"]
