"""Who may go where (seed 002 L1568-1574, L1628-1630, L2031-2033, L2208, L2308; rulings R120-R124).

Own territories, a host's that grants passage and barbarian ones (L2308) may be entered and stayed
in; a neutral power's refuse the mover (L2031, L2208, ex L1434); an enemy's are attacked, never
entered by a move (L1655). At sea a strait whose shores one power holds is closed to everyone it
grants no passage (passive blockade, L2031); a zone where enemy galleys are at least as many as the
mover's stops it (active blockade, L2033, digest A-27).
"""

from __future__ import annotations

from adjudicator.rulesets.medioevo.war.transport import Mover, World, stats


def may_stay(world: World, mover: Mover, node: str) -> bool:
    """Where a transport may stop: at sea, at home, with a host's passage, in barbarian land."""
    if node in world.data.board.seas:
        return True
    owner, me = world.owner(node), mover.owner
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


def strait_refusal(world: World, mover: Mover, a: str, b: str) -> str | None:
    """A strait between two sea zones is closed when one power holds both shores and grants the
    mover no passage (passive blockade, L2031, ex L2047)."""
    strait = world.strait_between_seas(a, b)
    if strait is not None:
        holders = {world.owner(s) for s in strait.shores}
        holder = holders.pop() if len(holders) == 1 else None
        if holder is not None and not (mover.owner and world.relations.may_pass(mover.owner, holder)):
            shores = " and ".join(world.name(s) for s in strait.shores)
            return f"the {strait.name} is closed: {holder} holds {shores} (L2031)"
    return None


def blockaders(world: World, mover: Mover, zone: str) -> int:
    """Galleys of powers at war with the mover in a sea zone (active blockade, L2033)."""
    me = mover.owner
    fleets = world.fleets.get(zone, {})
    return sum(n for p, n in fleets.items() if me is not None and p != me and world.relations.at_war(me, p))


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
