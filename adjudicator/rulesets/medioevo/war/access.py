"""Who may go where (seed 002 L1568-1574, L1628-1630, L2025-2033, L2208, L2308; rulings R120-R124,
R131-R132, R155).

Own territories, a host's that grants passage and barbarian ones (L2308) may be entered and stayed
in; a neutral power's refuse the mover (L2031, L2208, ex L1434); an enemy's are attacked, never
entered by a move (L1655), save the one its owner besieges, which its reinforcements join by the
siege's route (ex L1984, R224).

The naval blockades (L2025-2033, digest §2.12.2, A-27) live here only, where moves meet them:

* Passive (L2031): a power holding both shores of a strait (Bosforo, Dardanelli, ... in
  ``features.toml``) closes it to every other player, allies included, unless they have a
  Passage pact with it or take one of the shores (ex L2047: whoever holds Tracia and Misia shuts
  the Black Sea off from the Mediterranean). Barbarians close nothing: their land has no owner.
* Active (L2033): a fleet with at least one galley blockades its sea zone against every player it
  is at war with. An enemy fleet passes only with more galleys than all the blockading fleets
  together (A-27); otherwise it stops in the zone, where it may fight them with a ``NAVAL
  ATTACK`` if it has a Captain with an attack left, or waits there to be attacked (R117).
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.rulesets.medioevo.state import BARBARIANS
from adjudicator.rulesets.medioevo.war.siege import Route, blocks
from adjudicator.rulesets.medioevo.war.transport import Mover, World, stats


def may_stay(world: World, mover: Mover, node: str) -> bool:
    """Where a transport may stop: at sea, at home, with a host's passage, in barbarian land."""
    if node in world.data.board.seas:
        return True
    owner, me = world.owner(node), mover.owner
    by, route = world.besieging.get(node, ("", ""))
    if me is not None and by == me and blocks(Route(route), world.domain(mover)):
        return True  # reinforcements join their own siege by its route (ex L1984, R224)
    return owner is None or (me is not None and world.relations.may_pass(me, owner))


def entry_refusal(world: World, mover: Mover, node: str) -> str | None:
    """Why the transport may not enter ``node`` by a move (R120), or None."""
    if may_stay(world, mover, node):
        return None
    owner, me = world.owner(node), mover.owner
    if me is None or owner is None:
        return f"{world.name(node)} is {owner}'s and the transport is nobody's (L1630)"
    if world.relations.at_war(me, owner):
        return (
            f"{world.name(node)} is {owner}'s, at war with {me}: it is taken by an attack, not a move (L1655)"
        )
    return f"{world.name(node)} is {owner}'s, who grants {me} no passage (L2031, L2208)"


def strait_holder(world: World, a: str, b: str) -> str | None:
    """The power holding both shores of the strait between sea zones ``a`` and ``b``, or None:
    no strait, or its shores are split or ownerless (L2031; barbarians close nothing, R155)."""
    strait = world.strait_between_seas(a, b)
    if strait is None:
        return None
    holders = {world.owner(s) for s in strait.shores}
    holder = holders.pop() if len(holders) == 1 else None
    return None if holder == BARBARIANS else holder


def strait_refusal(world: World, mover: Mover, a: str, b: str) -> str | None:
    """Why the mover may not sail from ``a`` to ``b`` through a strait, or None: one power holds
    both shores and grants it no passage (passive blockade, L2031, ex L2047, R155)."""
    holder = strait_holder(world, a, b)
    strait = world.strait_between_seas(a, b)
    if holder is None or strait is None or (mover.owner and world.relations.may_pass(mover.owner, holder)):
        return None
    shores = " and ".join(world.name(s) for s in strait.shores)
    return (
        f"the {strait.name} is closed: {holder} holds {shores} (L2031); a Passage pact with "
        f"{holder}, or one of the two shores, opens it"
    )


@dataclass(frozen=True)
class ActiveBlockade:
    """What an active blockade does to a mover entering a sea zone (L2033, A-27, R155)."""

    blocked: bool
    blockers: tuple[str, ...]  # the powers at war with the mover whose galleys hold the zone
    galleys: int  # their galleys together
    reason: str = ""


def active_blockade(world: World, mover: Mover, zone: str) -> ActiveBlockade:
    """Whether the moving fleet (its own galleys, or ``fleet_galleys`` sailing together) is stopped
    in ``zone`` by the galleys there of powers at war with it: it passes only with more (L2033)."""
    me = mover.owner
    fleets = world.fleets.get(zone, {})
    hostile = {p: n for p, n in fleets.items() if n > 0 and me and p != me and world.relations.at_war(me, p)}
    blockers, galleys = tuple(sorted(hostile)), sum(hostile.values())
    mine = own_galleys(mover)
    if not hostile or mine > galleys:
        return ActiveBlockade(False, blockers, galleys)
    reason = (
        f"{', '.join(blockers)} blockade {world.name(zone)} with {galleys} galley(s) against "
        f"{mine} (L2033): the fleet stops there and must fight to pass (R117)"
    )
    return ActiveBlockade(True, blockers, galleys, reason)


def own_galleys(mover: Mover) -> int:
    if mover.fleet_galleys is not None:
        return mover.fleet_galleys
    return 1 if mover.piece.kind == "galley" else 0


def cannot_move(world: World, mover: Mover) -> str | None:
    """Why this transport cannot move at all: nobody's (L1630), or none of its owner's VF aboard
    (L1628)."""
    name = stats(world.data, mover).name
    if mover.owner is None:
        return f"{name} has no owner: it cannot move until someone's armies board it (L1630)"
    need = world.data.movement_rules.min_own_vf
    if mover.cargo.vf(mover.owner) < need:
        return (
            f"{name} carries no VF of {mover.owner}'s: "
            "a transport moves only with its owner's armies aboard (L1628)"
        )
    return None


def transit_owner(world: World, mover: Mover) -> str | None:
    """The owner whose territories a forced exit may cross (R124): the start's, when the mover may
    not stay there."""
    start = mover.location
    return world.owner(start) if not may_stay(world, mover, start) else None
