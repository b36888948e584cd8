"""What the demo prints at the end of a game (issue 19, "Done when"): how much each of the
rulebook's ten phases did (seed 002 L454: "Un turno completo di gioco si suddivide in 10 Fasi"),
and the final standings with each power's score line by line (L2420-2460; docs/endgame.md).

Pure: it reads the game's events, so a reader can check that every phase acted and that each
power's score lines add up to its total."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.core.events import Event
from adjudicator.core.ruleset import PhaseSpec

NOT_COUNTED = ("dice-rolled", "window-opened", "window-adjudicated")
"""Rolls are told with what they decide (counting them too would make a phase that only rolls
look busy); a window's opening and adjudication are the judge's, not a phase's."""
ENDED = "mu-game-ended"


@dataclass(frozen=True)
class PhaseCount:
    """The events of one numbered phase of the rulebook (all its sub-phases together) and the
    commonest kinds among them."""

    number: int
    title: str
    events: int
    kinds: tuple[tuple[str, int], ...]

    def line(self) -> str:
        top = ", ".join(f"{kind} {n}" for kind, n in self.kinds[:3])
        return f"{self.number:>2}. {self.title:<16} {self.events:>6} events" + (f"  ({top})" if top else "")


def phase_counts(events: Iterable[Event], phases: Sequence[PhaseSpec]) -> tuple[PhaseCount, ...]:
    """One count for each phase numbered 1 and up (the setup and the end of the turn are 0), the
    phases of one number together (combat and its aftermath are phase 9), in the rulebook's
    order; a phase with no event gets 0, so a phase that never acted shows. An event's phase is
    the phase's id or, as the store keeps it, its key (``T3.combat``)."""
    number = {p.id: p.number for p in phases}
    titles: dict[int, str] = {}
    for p in phases:
        if p.number:
            titles.setdefault(p.number, p.title.split(":")[0])
    kinds: dict[int, Counter[str]] = {n: Counter() for n in titles}
    for event in events:
        n = number.get(event.phase.rsplit(".", 1)[-1], 0)  # stored as its key, T3.combat
        if n and event.kind not in NOT_COUNTED:
            kinds[n][event.kind] += 1
    return tuple(
        PhaseCount(n, titles[n], sum(kinds[n].values()), tuple(kinds[n].most_common()))
        for n in sorted(titles)
    )


def idle_phases(counts: Sequence[PhaseCount]) -> tuple[int, ...]:
    return tuple(c.number for c in counts if c.events == 0)


def ending_of(events: Iterable[Event]) -> Mapping[str, Any] | None:
    """The payload of the game's end (``mu-game-ended``), or None while it goes on."""
    return next((e.payload() for e in events if e.kind == ENDED), None)


def standings_lines(ended: Mapping[str, Any]) -> list[str]:
    """The winner, then every power's rank, total and score line by line (the lines that count
    something), each total checked against the sum of its lines."""
    standings = ended["standings"]
    winners = [s["power"] for s in standings if s.get("winner")]
    top = next((s["total"] for s in standings if s.get("winner")), 0)
    out = [f"Winner: {' and '.join(winners) or 'nobody'} with {top:g} PO (after turn {ended['turn']})"]
    for s in standings:
        summed = sum(line["points"] for line in s["lines"])
        check = "" if abs(summed - s["total"]) < 1e-9 else f"  (lines sum to {summed:g}!)"
        out.append(
            f"{s['rank']:>2}. {s['power']:<18} {s['total']:>6g} PO  "
            f"({s['territories']} territories, {s['armies']} VF, {s['florins']} florins){check}"
        )
        for line in s["lines"]:
            if line["points"] or line["key"] == "held":
                detail = f": {line['detail']}" if line.get("detail") else ""
                out.append(f"      {line['points']:>+6g}  {line['label']}{detail}")
    return out
