"""Setup (seed 002, L353-386), the part that needs no player decision yet.

Each power takes the playable kingdom named like it (or the one ``options.kingdoms`` gives it),
1000 florins (L371), its home territories; every settlement site gets a village and a tower,
each capital a town and a fort (L383); Costantinopoli a castle, Kiev nothing (L384); the
cathedral stands in the capital until the setup orders let players choose (docs/rulings.md R2);
the Pope is drawn among the Catholic powers (L382, L2170) and owns the Papal State with a garrison
(L2172, R305, R321); the Empire deck for the number of powers
is shuffled (L365, L2788-2842); the kingdoms must be contiguous (L355, R8). Every owned territory
gets a garrison of 5 VF and each power holds 35 VF (40 the Pope) to deploy with its setup
orders in turn 1's first window (004 L55-74, ruling R35; ``phases/deployment.py``); the starting
kit of transports, captain and catapult stands in the capital, ships in the nearest port.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.core.dice import Dice
from adjudicator.core.options import OptionSpec
from adjudicator.errors import AdjudicatorError
from adjudicator.rulesets.medioevo.board import Board, KingdomSize, Religion
from adjudicator.rulesets.medioevo.church.papacy import grant_papal_state
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events import SetupDone
from adjudicator.rulesets.medioevo.phases.cards import build_deck
from adjudicator.rulesets.medioevo.pieces_state import catalogue
from adjudicator.rulesets.medioevo.state import MedioevoState, PowerState, TerritoryState

SETUP_OPTIONS = {
    "kingdoms": OptionSpec("map", "the kingdom each power plays, when it is not named after one"),
    "noncontiguous_kingdoms": OptionSpec("bool", "allow kingdoms that are not contiguous (L355, R8)"),
}
"""The game options the setup reads (``--options`` of ``game create``, ``options:`` of a scenario)."""

HOW_TO_SET = "--options '{\"noncontiguous_kingdoms\": true}' (game create) or options: in a scenario"


def assign_kingdoms(powers: Sequence[str], options: Mapping[str, Any], board: Board) -> dict[str, str]:
    chosen = dict(options.get("kingdoms", {}))
    playable = board.playable_kingdoms()
    out: dict[str, str] = {}
    for power in powers:
        kingdom = chosen.get(power, power)
        if kingdom not in playable:
            raise AdjudicatorError(
                f"power {power!r} has no kingdom: name powers after a playable kingdom "
                f"({', '.join(playable)}) or give options.kingdoms.{power}"
            )
        if kingdom in out.values():
            raise AdjudicatorError(f"kingdom {kingdom!r} is taken by two powers")
        out[power] = kingdom
    if not 2 <= len(out) <= 10:
        raise AdjudicatorError(f"Medioevo takes 2 to 10 powers, not {len(out)}")
    if not options.get("noncontiguous_kingdoms", False):
        apart = _not_contiguous(list(out.values()), board)
        if apart:
            raise AdjudicatorError(
                f"the players' kingdoms must be contiguous (L355, rulings R8): {', '.join(apart)} "
                "cannot be reached from the others; choose other kingdoms or allow it with "
                f"{HOW_TO_SET}"
            )
    return out


def _not_contiguous(kingdoms: list[str], board: Board) -> list[str]:
    """The chosen kingdoms no sequence of contiguous choices (L355) reaches from the first."""
    reached = {kingdoms[0]}
    grew = True
    while grew:
        grew = False
        for k in kingdoms:
            if k not in reached and any(board.kingdoms_contiguous(r, k) for r in reached):
                reached.add(k)
                grew = True
    return [k for k in kingdoms if k not in reached]


def initial_state(
    game: str, powers: Sequence[str], options: Mapping[str, Any], dice: Dice, data: DataSet, version: str
) -> tuple[MedioevoState, SetupDone]:
    board = data.board
    kingdoms = assign_kingdoms(powers, options, board)
    owner_of_kingdom = {k: p for p, k in kingdoms.items()}
    capitals = {
        k.capital
        for kid, k in board.kingdoms.items()
        if kid in owner_of_kingdom or (not k.playable and k.size is KingdomSize.MAJOR)
    }
    territories: dict[str, TerritoryState] = {}
    for tid, terr in board.territories.items():
        owner = owner_of_kingdom.get(terr.kingdom)
        buildings: tuple[str, ...] = ()
        special = board.setup_sites.get(tid)
        if terr.site and not (special and special.empty):
            if tid in capitals:
                buildings = ("town", (special and special.fortification) or "fort")
            else:
                buildings = ("village", (special and special.fortification) or "tower")
            if owner and tid == board.kingdoms[terr.kingdom].capital:
                buildings = (*buildings, "cathedral")
        garrison = {owner: data.setup_rules.garrison_vf} if owner else {}
        territories[tid] = TerritoryState(owner=owner, buildings=buildings, armies=garrison)
    catholics = [p for p in powers if board.kingdoms[kingdoms[p]].religion is Religion.CATHOLIC]
    pope = catholics[dice.roll(len(catholics), "pope") - 1] if catholics else None
    state = MedioevoState(
        ruleset="medioevo",
        ruleset_version=version,
        game=game,
        powers={
            p: PowerState(
                kingdom=kingdoms[p],
                florins=data.setup_rules.start_florins,
                pope=(p == pope),
                reinforcements=data.setup_rules.pope_deploy_vf if p == pope else data.setup_rules.deploy_vf,
            )
            for p in powers
        },
        territories=territories,
        deck=dice.shuffle(build_deck(data, len(powers)), "empire deck"),
        board=board.name,
        turn_limit=options.get("turns"),
    )
    state = grant_papal_state(state, pope, data, data.setup_rules.garrison_vf)  # L2172, R305, R321
    for power in state.seats():
        state = _starting_pieces(state, power, data)
    return state, SetupDone(phase="setup", kingdoms=kingdoms, pope=pope)


def starting_port(state: MedioevoState, power: str, board: Board) -> str | None:
    """Where the starting ships go (004 L65-66, ruling R35): the capital if it is a port, else the
    nearest own port settlement; a kingdom without one uses the nearest port settlement of a
    neighbouring kingdom. Nearest by land steps from the capital, then map order."""
    kingdom = state.powers[power].kingdom
    capital = board.kingdoms[kingdom].capital or board.territories_of(kingdom)[0]
    for kingdoms in ((kingdom,), tuple(sorted(board.kingdom_neighbours(kingdom)))):
        ports = [
            t
            for k in kingdoms
            for t in board.territories_of(k)
            if board.territories[t].port and board.territories[t].site
        ]
        if ports:
            order = list(board.territories)
            return min(ports, key=lambda t: (_steps(board, capital, t), order.index(t)))
    return None


def _starting_pieces(state: MedioevoState, power: str, data: DataSet) -> MedioevoState:
    """The starting kit (002 L372-377): land pieces in the capital, ships in the starting port."""
    items = catalogue(data)
    capital = data.board.kingdoms[state.powers[power].kingdom].capital
    port = starting_port(state, power, data.board)
    for item_id in data.setup_rules.starting_pieces:
        item = items[item_id]
        where = port if item.domain == "sea" else capital
        if where is not None:
            state = state.add_piece(power, item.kind, item.level, where)
    return state


def _steps(board: Board, a: str, b: str) -> int:
    """Land steps between two territories; far beyond any board when no land path joins them."""
    steps = board.land_distance(a, b)
    return 10_000 if steps is None else steps
