"""Transports and boards for the tests of the war calculators (tests/rules/test_war_*.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.war.movement import Step, step_cost
from adjudicator.rulesets.medioevo.war.transport import Cargo, Mover, World


def mover(kind: str, location: str, owner: str = "hungary", level: int = 1, vf: int = 5, **kw: Any) -> Mover:
    """A transport of ``owner`` with ``vf`` of its VF aboard; discs (pm, armies, goods) go on the
    piece, the rest (spent, techs, cargo …) on the mover."""
    discs = {k: kw.pop(k) for k in ("pm", "armies", "goods") if k in kw}
    piece = Piece(owner=owner, kind=kind, number=1, level=level, location=location, **discs)
    cargo = kw.pop("cargo", Cargo(armies={owner: vf} if vf else {}))
    return Mover(piece=piece, cargo=cargo, **kw)


def world(data: DataSet, owners: Mapping[str, str | None] | None = None, **kw: Any) -> World:
    return World(data, owners=owners or {}, **kw)


def pm(w: World, m: Mover, a: str, b: str) -> int:
    """The PM of one step that must be possible."""
    step = step_cost(w, m, a, b)
    assert isinstance(step, Step), step
    return step.pm


def why(w: World, m: Mover, a: str, b: str) -> str:
    step = step_cost(w, m, a, b)
    assert isinstance(step, Step), step
    return step.why
