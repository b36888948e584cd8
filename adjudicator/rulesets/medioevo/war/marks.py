"""What the report map draws of the war (docs/war.md §6): the moves as arrows, the battles as
crossed swords, the sieges as rings. Read from the viewer's view only (its events and its
``sieges``), like the War section (war/report.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from adjudicator.core.view import GM, PUBLIC, PlayerView
from adjudicator.rulesets.medioevo.war.events import BattleFought, TransportMoved
from adjudicator.rulesets.medioevo.war.events_sieges import AssaultFought
from adjudicator.rulesets.medioevo.war.report import fought_by


@dataclass(frozen=True)
class MoveMark:
    """A path taken by a power's transports, its first place the one they left."""

    power: str
    path: tuple[str, ...]


@dataclass(frozen=True)
class BattleMark:
    """A battle or assault fought in ``place``; ``mine``: the viewer fought it."""

    place: str
    outcome: str
    mine: bool = False


@dataclass(frozen=True)
class WarMarks:
    moves: tuple[MoveMark, ...] = ()
    battles: tuple[BattleMark, ...] = ()
    sieges: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.moves or self.battles or self.sieges)


NO_MARKS = WarMarks()


def war_marks(view: PlayerView, *, yours: bool = True) -> WarMarks:
    """The moves, battles and sieges to mark on ``view``'s map, in the order the events came; the
    sieges standing when the window closed (``sieges`` of the view data). With ``yours`` the
    battles the viewer fought are told apart (a red rim); without, the marks are every viewer's."""
    you = yours and view.viewer not in (GM, PUBLIC)
    moves: list[MoveMark] = []
    battles: list[BattleMark] = []
    for e in view.events:
        if isinstance(e, TransportMoved) and len(e.path) > 1:
            moves.append(MoveMark(e.power, tuple(e.path)))
        elif isinstance(e, BattleFought):
            if e.origin and e.origin != e.territory:
                moves.append(MoveMark(e.attacker, (e.origin, e.territory)))
            outcome = f"{e.attacker if e.winner == 'attacker' else e.defender} wins"
            battles.append(BattleMark(e.territory, outcome, you and view.viewer in fought_by(e)))
        elif isinstance(e, AssaultFought):
            outcome = f"{e.power} {'takes it' if e.taken else 'is repelled'}"
            battles.append(BattleMark(e.territory, outcome, you and view.viewer in fought_by(e)))
    return WarMarks(tuple(moves), tuple(battles), _besieged(view.data))


def _besieged(data: Mapping[str, Any]) -> tuple[str, ...]:
    sieges = data.get("sieges") or ()
    return tuple(
        dict.fromkeys(str(s["territory"]) for s in sieges if isinstance(s, Mapping) and s.get("territory"))
    )
