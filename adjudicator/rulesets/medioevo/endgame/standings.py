"""The final score and the winner (seed 002 L2420-2424, L2456-2460).

A power's total is the PO it holds (positive or negative, L2424) plus each end-of-game line of
L2440-2452 (scoring.py). The most PO wins; a tie goes to the most territories, then the most
armies (VF), then the most florins; powers equal on all four share the victory (ruling R329)."""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.rulesets.medioevo import two_player
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.endgame import scoring
from adjudicator.rulesets.medioevo.endgame.records import ScoreLine, Standing
from adjudicator.rulesets.medioevo.guarantees import end_po
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.variants import GUARANTEE, TWO_PLAYER, on

Scorer = Callable[[MedioevoState, str, DataSet], tuple[float, str]]

LINES: tuple[tuple[str, str, Scorer], ...] = (
    ("kingdoms", "kingdoms owned", scoring.kingdoms_po),
    ("technologies", "every 7 technologies", scoring.technologies_po),
    ("level4", "level-4 technologies", scoring.top_technologies_po),
    ("objective", "objective card", scoring.objective_po),
    ("prisoners", "every 10 prisoners", scoring.prisoners_po),
    ("florins", "every 1000 florins", scoring.florins_po),
    ("cathedrals", "Cathedrals (2 with a relic)", scoring.cathedrals_po),
    ("capitals", "religious capitals", scoring.religious_capitals_po),
    ("pope", "Pope or Antipope", scoring.pope_po),
    ("casus_belli", "every 5 CB held against you, by creditor", scoring.casus_belli_po),
    ("loans", "unpaid loans", scoring.loans_po),
)
"""The table of L2440-2452 in its order, with the unpaid loans of L919 last."""


def score_lines(state: MedioevoState, power: str, data: DataSet) -> tuple[ScoreLine, ...]:
    """The PO held (L2424) then each end-of-game line, with what it counted."""
    held = ScoreLine(key="held", label="PO held during the game", points=float(state.powers[power].honor))
    lines = [held]
    for key, label, scorer in LINES:
        points, detail = scorer(state, power, data)
        lines.append(ScoreLine(key=key, label=label, points=points, detail=detail))
    if on(state, GUARANTEE):  # variant GARANTIRE (L3332)
        points, detail = end_po(state, power, data)
        lines.append(
            ScoreLine(key="guarantees", label="guaranteed territories taken", points=points, detail=detail)
        )
    if on(state, TWO_PLAYER):  # the three kinds, the lowest counts (L3256-3258, R302)
        by_kind = two_player.kinds((line.key, line.points) for line in lines)
        detail = ", ".join(f"{kind} {po:g}" for kind, po in by_kind.items())
        lines.append(ScoreLine(key="two_player", label="the lowest kind counts", points=0.0, detail=detail))
    return tuple(lines)


def total(state: MedioevoState, power: str, data: DataSet) -> float:
    """What ``power`` would score if the game ended now: the declaration of L331's figure."""
    return summed(state, score_lines(state, power, data))


def summed(state: MedioevoState, lines: tuple[ScoreLine, ...]) -> float:
    """The lines added up; in a two-player game the lowest of the three kinds (L3258, R302)."""
    if on(state, TWO_PLAYER):
        return two_player.lowest((line.key, line.points) for line in lines)
    return sum(line.points for line in lines)


def armies(state: MedioevoState, power: str) -> int:
    """The power's armies in VF for the second tie-break (L2460): on the map, aboard its
    transports and behind the screen."""
    on_map = sum(t.armies.get(power, 0) for t in state.territories.values())
    aboard = sum(p.vf for p in state.pieces_of(power))
    return on_map + aboard + state.powers[power].reserve


def final_standings(state: MedioevoState, data: DataSet) -> tuple[Standing, ...]:
    """Every power ranked: most PO, then territories, armies, florins (L2456-2460); the powers
    first on all four are the winners, and equal powers share a rank."""
    rows = []
    for power in state.seats():
        lines = score_lines(state, power, data)
        rows.append(
            Standing(
                power=power,
                rank=0,
                total=summed(state, lines),
                lines=lines,
                territories=len(state.owned_by(power)),
                armies=armies(state, power),
                florins=state.powers[power].florins,
                objective=state.powers[power].objective,
            )
        )

    def key(s: Standing) -> tuple[float, int, int, int]:
        return (s.total, s.territories, s.armies, s.florins)

    rows.sort(key=lambda s: (tuple(-x for x in key(s)), s.power))
    ranked: list[Standing] = []
    for i, row in enumerate(rows):
        rank = ranked[-1].rank if ranked and key(ranked[-1]) == key(row) else i + 1
        ranked.append(row.model_copy(update={"rank": rank, "winner": rank == 1}))
    return tuple(ranked)


def po_text(points: float) -> str:
    """``13.5`` or ``5``: the half points of the yellow territories (L2392) only where they are."""
    return f"{points:g}"
