"""A Medioevo state for the war's rules tests (tests/rules/test_war_*.py): the powers, the
territories that matter, the wars (pairs sorted, as ``state.pair`` keeps them) and the pieces."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from adjudicator.rulesets.medioevo.pacts import pair
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, PowerState, TerritoryState


def war_state(
    powers: Iterable[str],
    territories: Mapping[str, TerritoryState],
    wars: Iterable[tuple[str, str]],
    pieces: Iterable[Piece],
    **kw: Any,
) -> MedioevoState:
    """Turn 3 (unless ``turn`` is given), the powers in the turn order given, no florins."""
    order = tuple(powers)
    return MedioevoState(
        ruleset="medioevo",
        ruleset_version="1",
        game="g",
        turn=kw.pop("turn", 3),
        powers={p: PowerState(kingdom=p, florins=0) for p in order},
        territories=dict(territories),
        wars=tuple(pair(a, b) for a, b in wars),
        turn_order=order,
        pieces=tuple(pieces),
        **kw,
    )
