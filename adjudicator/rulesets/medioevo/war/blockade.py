"""Naval blockades (seed 002 L2025-2033, ex L2047; digest §2.12.2, A-27).

* Passive (L2031): a power holding both shores of a strait (Bosforo, Dardanelli, ... in
  ``features.toml``) closes it to every other player, allies included, unless they have a
  Passage pact with it or take one of the shores (ex L2047: whoever holds Tracia and Misia shuts
  the Black Sea off from the Mediterranean). Barbarians close nothing (ruling R155).
* Active (L2033): a fleet with at least one galley blockades its sea zone against every player it
  is at war with. An enemy fleet passes only with more galleys than all the blockading fleets
  together (A-27); otherwise it stops in the zone and must fight them (``war/battle.py``) if it
  has a Captain with an attack left, or waits there to be attacked.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from adjudicator.rulesets.medioevo.board import Board, Strait
from adjudicator.rulesets.medioevo.state import BARBARIANS


def strait_holder(strait: Strait, owner_of: Mapping[str, str | None]) -> str | None:
    """The power holding both shores of ``strait``, or None (L2031)."""
    a, b = (owner_of.get(s) for s in strait.shores)
    return a if a is not None and a == b and a != BARBARIANS else None


def strait_refusal(
    board: Board, strait: Strait, owner_of: Mapping[str, str | None], mover: str, passage: Collection[str]
) -> str | None:
    """Why ``mover``'s ships may not cross ``strait``, or None. ``passage``: the powers whose
    Passage pact lets ``mover`` through (L2031)."""
    holder = strait_holder(strait, owner_of)
    if holder is None or holder == mover or holder in passage:
        return None
    shores = " and ".join(board.territories[s].name for s in strait.shores)
    return (
        f"the {strait.name} is closed: {holder} holds {shores} (L2031); a Passage pact with "
        f"{holder}, or one of the two shores, opens it"
    )


def straits_between(board: Board, sea_a: str, sea_b: str) -> tuple[Strait, ...]:
    """The straits a ship crosses sailing from ``sea_a`` to ``sea_b``."""
    return tuple(s for s in board.straits.values() if set(s.seas) == {sea_a, sea_b})


def route_refusal(
    board: Board,
    path: Sequence[str],
    owner_of: Mapping[str, str | None],
    mover: str,
    passage: Collection[str],
) -> str | None:
    """The first closed strait along a sea ``path`` (zone after zone), in words, or None."""
    for here, there in itertools.pairwise(path):
        for strait in straits_between(board, here, there):
            why = strait_refusal(board, strait, owner_of, mover, passage)
            if why is not None:
                return why
    return None


@dataclass(frozen=True)
class Fleet:
    """A power's ships in a sea zone: its galleys count for a blockade (L2033)."""

    power: str
    galleys: int


@dataclass(frozen=True)
class ActiveBlockade:
    blocked: bool
    blockers: tuple[str, ...]  # the powers whose galleys hold the zone against the mover
    galleys: int  # their galleys together
    reason: str = ""


def active_blockade(
    zone: str, fleets: Sequence[Fleet], mover: str, mover_galleys: int, at_war: Callable[[str, str], bool]
) -> ActiveBlockade:
    """Whether ``mover``'s fleet (``mover_galleys`` galleys) is stopped in ``zone`` by the fleets
    there of powers at war with it (L2033, A-27)."""
    hostile = [f for f in fleets if f.galleys > 0 and f.power != mover and at_war(f.power, mover)]
    blockers = tuple(sorted({f.power for f in hostile}))
    galleys = sum(f.galleys for f in hostile)
    if not hostile or mover_galleys > galleys:
        return ActiveBlockade(False, blockers, galleys)
    return ActiveBlockade(
        True,
        blockers,
        galleys,
        f"{', '.join(blockers)} blockade {zone} with {galleys} galleys against your {mover_galleys} "
        "(L2033): the fleet stops there and must fight to pass",
    )
