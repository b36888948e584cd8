"""Loading and unloading transports (seed 002 L1562-1566, L1606-1618, L1630, L777, L2400; rulings
R126-R129).

What goes aboard must be loaded first (L1608) and need not be unloaded to fight (L1610). Each kind
of cargo in one operation costs its price once, however much of it: armies and land transports 1
PM, goods and siege engines 2 PM, each 1 less with a settlement, a captain, a port or a distant
port (L1612-1614, L2400, ex L1675, ex L2122, R126). A land transport loads where it stands (L1616);
a ship in port, or at sea off the coast it loads from (L1618). Only war transports take siege
engines and captains (L1564); only ships take land transports (L777, L1612, digest A-7); goods go
in goods capacity, armies, engines and land transports in army capacity (L1566, L777).
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.rulesets.medioevo.war.transport import (
    COMMERCIAL,
    LAND,
    MILITARY,
    SEA,
    Cargo,
    Mover,
    World,
    army_space,
    left,
    stats,
)


@dataclass(frozen=True)
class Load:
    """What one operation loads or unloads. ``armies`` are of ``army_owner`` (default: the
    transport's owner; an ally's armies may ride, L1628)."""

    armies: int = 0
    army_owner: str | None = None
    captains: int = 0
    siege: int = 0
    land: tuple[Mover, ...] = ()
    goods: int = 0

    def kinds(self) -> tuple[str, ...]:
        """The cargo kinds it moves, as named in ``movement_rules.load_pm``."""
        have = {
            "armies": self.armies > 0 or self.captains > 0,
            "land_transport": bool(self.land),
            "goods": self.goods > 0,
            "siege": self.siege > 0,
        }
        return tuple(k for k, v in have.items() if v)


@dataclass(frozen=True)
class LoadCheck:
    """A load or unload judged: ``ok`` with its cost and the transport after it, or a reason."""

    ok: bool
    cost: int
    left: int  # PM left after it (before it when refused)
    reason: str = ""
    mover: Mover | None = None


def place_refusal(world: World, mover: Mover, territory: str) -> str | None:
    """Where a transport may load or unload (L1616-1618)."""
    s = stats(world.data, mover)
    board = world.data.board
    if territory not in board.territories:
        return f"{world.name(territory)} is not a land territory"
    here = mover.location
    if s.domain == LAND and here != territory:
        return f"{s.name} is in {world.name(here)}, not in {world.name(territory)} (L1616)"
    if s.domain == SEA and here != territory and here not in board.territories[territory].seas:
        return f"{s.name} is neither in {world.name(territory)}'s port nor in a sea zone off it (L1618)"
    if s.domain == SEA and here == territory and not world.has_port(territory):
        return f"{world.name(territory)} has no port (L1618)"
    return None


def load_cost(world: World, mover: Mover, load: Load, territory: str, captain_here: bool = False) -> int:
    """PM for one operation: each kind's price once, less the discount where a settlement, a
    captain (aboard or on the ground), or for a ship a port or distant port is present (L1612-1614,
    L2400, R126)."""
    rules = world.data.movement_rules
    in_port = (
        stats(world.data, mover).domain == SEA and mover.location == territory and world.has_port(territory)
    )
    eased = (
        territory in world.settlements
        or captain_here
        or mover.cargo.captains > 0
        or load.captains > 0
        or in_port
    )
    if world.rough_landing and mover.piece.kind == "galley" and not in_port and load.kinds():
        return landing_pm(world, territory)
    cut = rules.load_discount if eased else 0
    return sum(max(0, rules.load_pm[k] - cut) for k in load.kinds())


def landing_pm(world: World, territory: str) -> int:
    """Variant Attracco difficoltoso: what a galley pays to load or unload outside a port, or to
    attack from the sea, by the coast's terrain: plain 1, hill, forest or desert 2, mountain 3
    (L3194-3198, L3228). The operation costs this in place of the table's price (R126)."""
    terrain = world.data.board.territories[territory].terrain
    return world.data.movement_rules.rough_landing_pm[terrain]


def attack_entry_pm(world: World, mover: Mover, target: str, entry: int) -> int:
    """What a transport pays to enter the territory it attacks: the move's ``entry`` PM (L1661),
    or with the variant ATTRACCO DIFFICOLTOSO, for a galley attacking from a sea zone, the
    target's terrain in its place (L3198, ex L3228: plain 1, hill/forest/desert 2, mountain 3)."""
    if world.rough_landing and mover.piece.kind == "galley" and mover.location in world.data.board.seas:
        return landing_pm(world, target)
    return entry


def _fits(world: World, mover: Mover, cargo: Cargo, load: Load) -> str | None:
    s = stats(world.data, mover)
    if (load.siege or load.captains) and s.role != MILITARY:
        return (
            f"{s.name} is not a war transport: "
            "only galleys and war carts carry siege engines and captains (L1564)"
        )
    if load.land and s.domain != SEA:
        return f"{s.name} is not a ship: only ships carry land transports (L777, L1612)"
    if load.goods and s.role != COMMERCIAL:
        return f"{s.name} is not a commercial transport: it has no goods capacity (L2097)"
    used = army_space(world.data, cargo)
    if used > s.army_capacity:
        return f"{s.name} would carry {used} of {s.army_capacity} army capacity (L1566, L1634-1637)"
    if cargo.goods > s.goods_capacity:
        return f"{s.name} would carry {cargo.goods} goods, its capacity is {s.goods_capacity} (L2097-2100)"
    return None


def _pay(world: World, mover: Mover, load: Load, territory: str, captain_here: bool) -> LoadCheck | int:
    have = left(world.data, mover)
    refusal = place_refusal(world, mover, territory)
    if refusal:
        return LoadCheck(False, 0, have, refusal)
    if not load.kinds():
        return LoadCheck(False, 0, have, "nothing to load or unload")
    cost = load_cost(world, mover, load, territory, captain_here)
    if cost > have:
        name = stats(world.data, mover).name
        return LoadCheck(False, cost, have, f"{name} needs {cost} PM for it and has {have} left (L1612-1614)")
    return cost


def check_load(
    world: World, mover: Mover, load: Load, territory: str, captain_here: bool = False
) -> LoadCheck:
    """Load from ``territory`` (its ground: the caller checks the armies and pieces are there)."""
    paid = _pay(world, mover, load, territory, captain_here)
    if isinstance(paid, LoadCheck):
        return paid
    name = stats(world.data, mover).name
    if mover.owner is None:
        return LoadCheck(
            False, paid, left(world.data, mover), f"{name} has no owner: it is claimed first (L1630)"
        )
    for carried in load.land:
        if carried.piece.location != territory or stats(world.data, carried).domain != LAND:
            return LoadCheck(
                False,
                paid,
                left(world.data, mover),
                f"{stats(world.data, carried).name} is not a land transport in {world.name(territory)}",
            )
    owner = load.army_owner or mover.owner
    armies = dict(mover.cargo.armies)
    armies[owner] = armies.get(owner, 0) + load.armies
    cargo = mover.cargo.model_copy(
        update={
            "armies": {k: v for k, v in armies.items() if v},
            "captains": mover.cargo.captains + load.captains,
            "siege": mover.cargo.siege + load.siege,
            "land": (*mover.cargo.land, *load.land),
            "goods": mover.cargo.goods + load.goods,
        }
    )
    refusal = _fits(world, mover, cargo, load)
    if refusal:
        return LoadCheck(False, paid, left(world.data, mover), refusal)
    after = mover.model_copy(update={"cargo": cargo, "spent": mover.spent + paid})
    return LoadCheck(True, paid, left(world.data, after), mover=after)


def check_unload(
    world: World, mover: Mover, load: Load, territory: str, captain_here: bool = False
) -> LoadCheck:
    """Unload into ``territory``. A transport left with no armies abroad becomes nobody's (L1630)."""
    paid = _pay(world, mover, load, territory, captain_here)
    if isinstance(paid, LoadCheck):
        return paid
    have, cargo, name = left(world.data, mover), mover.cargo, stats(world.data, mover).name
    owner = load.army_owner or mover.owner or ""
    short = [
        what
        for what, want, got in (
            (f"VF of {owner}", load.armies, cargo.vf(owner)),
            ("captains", load.captains, cargo.captains),
            ("siege engines", load.siege, cargo.siege),
            ("goods", load.goods, cargo.goods),
        )
        if want > got
    ]
    keys = {c.piece.key() for c in cargo.land}
    short += [stats(world.data, c).name for c in load.land if c.piece.key() not in keys]
    if short:
        return LoadCheck(False, paid, have, f"{name} does not carry that many {', '.join(short)}")
    armies = {**cargo.armies, owner: cargo.vf(owner) - load.armies}
    gone = {c.piece.key() for c in load.land}
    after_cargo = cargo.model_copy(
        update={
            "armies": {k: v for k, v in armies.items() if v},
            "captains": cargo.captains - load.captains,
            "siege": cargo.siege - load.siege,
            "land": tuple(c for c in cargo.land if c.piece.key() not in gone),
            "goods": cargo.goods - load.goods,
        }
    )
    after = settle_owner(world, mover.model_copy(update={"cargo": after_cargo, "spent": mover.spent + paid}))
    return LoadCheck(True, paid, left(world.data, after), mover=after)


def settle_owner(world: World, mover: Mover) -> Mover:
    """A transport left with no armies aboard (unloaded, or its armies lost in battle) stays its
    owner's in its owner's territory and is nobody's anywhere else, sea zones included (L1630)."""
    if mover.ownerless or mover.cargo.vf() > 0:
        return mover
    if mover.location in world.data.board.territories and world.owner(mover.location) == mover.owner:
        return mover
    return mover.model_copy(update={"ownerless": True})


def claim(
    world: World, mover: Mover, power: str, vf: int, territory: str, captain_here: bool = False
) -> LoadCheck:
    """An ownerless transport taken by a power that loads at least 1 VF into it, at the price of
    loading armies (L1630, digest A-49, R129). The caller checks the LT cap on transports (L835)."""
    name = stats(world.data, mover).name
    have = left(world.data, mover)
    if not mover.ownerless:
        return LoadCheck(
            False,
            0,
            have,
            f"{name} belongs to {mover.piece.owner}: only a transport nobody owns is claimed (L1630)",
        )
    if vf < 1:
        return LoadCheck(False, 0, have, f"claiming {name} takes at least 1 VF aboard (L1630)")
    taken = mover.model_copy(
        update={"piece": mover.piece.model_copy(update={"owner": power}), "ownerless": False}
    )
    return check_load(world, taken, Load(armies=vf, army_owner=power), territory, captain_here)
