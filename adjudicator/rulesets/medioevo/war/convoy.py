"""Transports moving together, who may move in which phase, and a path in words (seed 002
L1596-1604, L1628, L2033; rulings R125, R131, R134).

A convoy is several transports of one owner in one place taking the same path: each pays its own
PM and needs its own VF aboard (L1628); its galleys count together against a blockade (L2033,
R131); in combat its commercial transports move only with a war transport among them (L1598).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.rulesets.medioevo.war.movement import PathCheck, cheapest_path, check_path
from adjudicator.rulesets.medioevo.war.transport import COMMERCIAL, MILITARY, Mover, World, stats

COMBAT, COMMERCE = "combat", "commerce"


def phase_refusal(
    world: World, mover: Mover, phase: str, *, moved_in_combat: bool = False, with_war_transport: bool = False
) -> str | None:
    """Why the transport may not move in this phase: in combat a commercial transport moves only
    with war transports (L1598); in commerce no transport that moved in this turn's combat
    (L1602 for commercial ones, L1604 for war ones)."""
    s = stats(world.data, mover)
    if phase == COMBAT and s.role == COMMERCIAL and not with_war_transport:
        return f"{s.name} moves in combat only together with a war transport (L1598)"
    if phase == COMMERCE and moved_in_combat:
        line = "L1604" if s.role == MILITARY else "L1602"
        return f"{s.name} moved in this turn's combat: it cannot move in commerce ({line})"
    return None


@dataclass(frozen=True)
class ConvoyCheck:
    """A convoy's path judged: one check per transport, ok only when every one is ok."""

    ok: bool
    path: tuple[str, ...]
    checks: tuple[PathCheck, ...]
    reason: str = ""


def _members(world: World, movers: Sequence[Mover], phase: str) -> tuple[list[Mover], str]:
    if not movers:
        return [], "no transport named"
    first = movers[0]
    names = [stats(world.data, m).name for m in movers]
    for m, name in zip(movers, names, strict=True):
        if m.location != first.location or m.owner != first.owner:
            return [], f"{name} is not with {names[0]}: a convoy moves from one place, of one owner"
        if stats(world.data, m).domain != stats(world.data, first).domain:
            return [], f"{name} and {names[0]} do not move on the same ground"
    war = any(stats(world.data, m).role == MILITARY for m in movers)
    for m in movers:
        refusal = phase_refusal(world, m, phase, with_war_transport=war)
        if refusal:
            return [], refusal
    galleys = sum(1 for m in movers if m.piece.kind == "galley")
    return [m.model_copy(update={"fleet_galleys": galleys}) for m in movers], ""


def check_convoy(
    world: World, movers: Sequence[Mover], path: Sequence[str], phase: str = COMBAT
) -> ConvoyCheck:
    """Judge a path for transports moving together; the reason is the first member's that fails."""
    members, refusal = _members(world, movers, phase)
    if refusal:
        return ConvoyCheck(False, tuple(path), (), refusal)
    checks = tuple(check_path(world, m, path) for m in members)
    failed = next((c for c in checks if not c.ok), None)
    return ConvoyCheck(failed is None, checks[0].path, checks, failed.reason if failed else "")


def convoy_path(world: World, movers: Sequence[Mover], destination: str, phase: str = COMBAT) -> ConvoyCheck:
    """The cheapest path every member can take (R134): each member's own cheapest path is a
    candidate; the one every member affords with the lowest dearest cost wins, ties as R125."""
    members, refusal = _members(world, movers, phase)
    if refusal:
        return ConvoyCheck(False, (), (), refusal)
    candidates = {c.path for c in (cheapest_path(world, m, destination) for m in members) if c.path[1:]}
    judged = [check_convoy(world, members, path, phase) for path in sorted(candidates)]
    good = [c for c in judged if c.ok]
    if good:
        return min(good, key=lambda c: (max(x.cost for x in c.checks), len(c.path), c.path))
    own = [cheapest_path(world, m, destination) for m in members]
    failed = next((c for c in own if not c.ok), None)
    reason = failed.reason if failed else next((c.reason for c in judged if not c.ok), "no common path")
    return ConvoyCheck(False, (), (), reason)


def path_words(world: World, mover: Mover, check: PathCheck) -> str:
    """What the judge says of a path: "Bihar - Banato - Slavonia: 3 PM (Banato plain 1, Slavonia
    plain, across the Danubio 2), cart 1 has 4 left" (the refusal itself when refused)."""
    if not check.ok:
        return check.reason
    route = " - ".join(world.name(n) for n in check.path)
    parts = ", ".join(f"{world.name(s.to)} {s.why} {s.pm}" for s in check.steps)
    name = stats(world.data, mover).name
    return f"{route}: {check.cost} PM ({parts}), {name} has {check.left} left"
