"""The variant PARTITA A 2 GIOCATORI (seed 002 L3248-3258, ex L3282; ruling R302).

* Two players whose kingdoms are contiguous (L3250; the setup's contiguity check, R8).
* The playable area (L3252): the two kingdoms, every kingdom nobody plays that borders one of
  them by land, and those lying between them (every shortest chain of bordering kingdoms from one
  to the other); the rest of the map is out of play: no transport enters it
  (``World.out_of_play``, movement in combat and commerce alike).
* No Pope and nothing that follows from him (L3254): no Pope is drawn at setup (his 5 VF more
  neither), a Catholic taking the Papal State is no Pope; with nobody Pope there is no tithe,
  excommunication, Antipope or election, and the crusade is a calamity (below).
* No calamities in the Events and no Diplomacy (L3256): the calamity trigger is not rolled; the
  Diplomacy phase takes no order (a war breaks out by attacking, on the spot).
* The PO are counted in three kinds, and the lowest is the score (L3256-3258, ex L3282: 5, 7, 8
  give 5): battles and conquests, technological evolution, florins (:func:`kinds`).

``MedioevoState.play_area`` holds the kingdoms in play (left out of the JSON while empty). Pure.
"""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.errors import AdjudicatorError
from adjudicator.rulesets.medioevo.board import Board
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.variants import TWO_PLAYER, on

CONQUEST, TECHNOLOGY, FLORINS = "battles and conquests", "technological evolution", "florins"
KIND_OF_LINE = {
    "held": CONQUEST,
    "kingdoms": CONQUEST,
    "objective": CONQUEST,
    "prisoners": CONQUEST,
    "cathedrals": CONQUEST,
    "capitals": CONQUEST,
    "casus_belli": CONQUEST,
    "technologies": TECHNOLOGY,
    "level4": TECHNOLOGY,
    "florins": FLORINS,
    "loans": FLORINS,
}
"""Each line of the final score (endgame/standings.py) in its kind (R302); a line not named here
(the Pope's, none in this game) counts for battles and conquests."""


def _bordering(board: Board) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {k: set() for k in board.kingdoms}
    for terr in board.territories.values():
        for other in terr.borders:
            there = board.territories.get(other)
            if there is not None and there.kingdom != terr.kingdom:
                out.setdefault(terr.kingdom, set()).add(there.kingdom)
    return out


def play_area(board: Board, played: Iterable[str]) -> tuple[str, ...]:
    """The kingdoms in play (L3252): the two, the unplayed ones bordering either, and every
    kingdom on a shortest chain of bordering kingdoms between them."""
    first, second = sorted(played)
    links = _bordering(board)
    area = {first, second} | links[first] | links[second]

    def distances(start: str) -> dict[str, int]:
        seen, frontier = {start: 0}, [start]
        while frontier:
            nxt = []
            for k in frontier:
                for o in sorted(links.get(k, ())):
                    if o not in seen:
                        seen[o] = seen[k] + 1
                        nxt.append(o)
            frontier = nxt
        return seen

    here, there = distances(first), distances(second)
    if second in here:
        length = here[second]
        area |= {k for k in here if k in there and here[k] + there[k] == length}
    return tuple(sorted(area))


def setup(state: MedioevoState, data: DataSet) -> MedioevoState:
    """Two players only; no Pope (L3254); the area in play recorded (L3252)."""
    if len(state.seats()) != 2:
        raise AdjudicatorError(
            f"the variant PARTITA A 2 GIOCATORI (L3248) is for 2 players, not {len(state.seats())}"
        )
    for power in state.seats():
        if state.powers[power].pope:
            state = state.with_power(power, pope=False, reinforcements=data.setup_rules.deploy_vf)
    area = play_area(data.board, (state.powers[p].kingdom for p in state.seats()))
    return state.evolve(play_area=area)


def out_of_play(state: MedioevoState, data: DataSet) -> frozenset[str]:
    """The territories outside the area in play (none but in a two-player game)."""
    if not state.play_area:
        return frozenset()
    inside = set(state.play_area)
    return frozenset(t for t, terr in data.board.territories.items() if terr.kingdom not in inside)


def no_calamities(state: MedioevoState) -> bool:
    """L3256: "Niente Calamità durante gli Eventi"."""
    return on(state, TWO_PLAYER)


def no_diplomacy(state: MedioevoState) -> str | None:
    """Why a Diplomacy order is refused in a two-player game (L3256), or None."""
    if on(state, TWO_PLAYER):
        return "no Diplomacy in a two-player game (PARTITA A 2 GIOCATORI, L3256): war comes by attacking"
    return None


def kinds(points: Iterable[tuple[str, float]]) -> dict[str, float]:
    """The score's lines ``(key, PO)`` summed by kind (L3256)."""
    out = {CONQUEST: 0.0, TECHNOLOGY: 0.0, FLORINS: 0.0}
    for key, po in points:
        out[KIND_OF_LINE.get(key, CONQUEST)] += po
    return out


def lowest(points: Iterable[tuple[str, float]]) -> float:
    """The score of a two-player game: the lowest of its three kinds (L3258, ex L3282)."""
    return min(kinds(points).values())
