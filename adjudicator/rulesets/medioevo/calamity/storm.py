"""TEMPESTA, the storm (seed 002 L1410-1420, ex L1432-1436).

A die picks one sea zone among those the red area touches (digest A48). Every ship at sea there
sinks, with what it carries (L1414); ASTRONOMIA: it is only damaged, loses half its cargo and
shelters in the nearest port; CARTOGRAFIA: it shelters there unharmed (L1417-1418); with no port
to reach it sinks anyway (L1418, ex L1434). Every building on the coast of the zone is damaged,
and the ships in its ports too, unless their owner has INGEGNERIA (L1415-1420).

The nearest port: by sea zones from the struck one, the first with a port of the ship's owner, of
a power that grants it passage, or of the barbarians (A48); a strait whose two shores one other
power holds closes the way (L2031, ex L1434), as in war/access.py. No VF are lost but those
aboard a sunk ship."""

from __future__ import annotations

from collections import deque

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.calamity.common import DAMAGED, NONE, Work, has_mod, mods, techs
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike, Outcome, effect
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.distant_ports import in_force
from adjudicator.rulesets.medioevo.pieces_state import Piece, label
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.movement_state import relations_of

TEMPESTA = "tempesta"


def _ships(data: DataSet) -> set[str]:
    return {t.kind for t in data.transports.values() if t.domain == "sea"}


def _name(work: Work, piece: Piece) -> str:
    return f"{piece.owner}'s {label(work.data, piece.kind, piece.number)}"


def _aboard(work: Work, ship: Piece) -> list[Piece]:
    seat = f"{ship.kind}/{ship.number}"
    return [p for p in work.state.pieces if p.owner == ship.owner and p.aboard == seat]


def _closed(work: Work, power: str, a: str, b: str) -> bool:
    """A strait between sea zones ``a`` and ``b`` whose two shores another power holds (L2031)."""
    relations = relations_of(work.state)
    for strait in work.data.board.straits.values():
        if set(strait.seas) == {a, b}:
            holders = {work.state.territories[s].owner for s in strait.shores}
            holder = holders.pop() if len(holders) == 1 else None
            if holder and holder != power and not relations.may_pass(power, holder):
                return True
    return False


def nearest_port(work: Work, power: str, zone: str) -> str | None:
    """The nearest port the ship may shelter in (A48), or None."""
    board = work.data.board
    relations = relations_of(work.state)
    distant = in_force(work.state)  # a distant port is a port for all purposes (L2398, R300)
    seen, queue = {zone}, deque([zone])
    while queue:
        here = queue.popleft()
        for territory in board.coast(here):
            owner = work.state.territories[territory].owner
            port = board.territories[territory].port or territory in distant
            if port and (owner is None or relations.may_pass(power, owner)):
                return territory
        for nxt in board.seas[here].borders:
            if nxt in board.seas and nxt not in seen and not _closed(work, power, here, nxt):
                seen.add(nxt)
                queue.append(nxt)
    return None


def _at_sea(work: Work, ship: Piece, zone: str) -> None:
    owned = techs(work.state, ship.owner)
    shelter = [(t, m) for t, m in mods(work.data, owned, TEMPESTA) if m.get("shelter_in_port")]
    port = nearest_port(work, ship.owner, zone) if shelter else None
    if port is None:
        gone = [ship, *_aboard(work, ship)]
        work.state = work.state.evolve(pieces=tuple(p for p in work.state.pieces if p not in gone))
        why = " (no port to shelter in)" if shelter else ""
        cargo = f" with {ship.vf} VF aboard" if ship.vf else ""
        verb = "sinks" if len(gone) == 1 else "sink"
        work.notice(f"{', '.join(_name(work, p) for p in gone)} {verb}{cargo}{why} (L1414)")
        return
    tech, mod = min(shelter, key=lambda tm: int(tm[1].get("cargo_lost_pct", 0)))
    lost_pct = int(mod.get("cargo_lost_pct", 0))
    vf = ship.vf - ship.vf * lost_pct // 100
    wares = {g: n - n * lost_pct // 100 for g, n in ship.wares.items()}
    changes: dict[str, object] = {"location": port, "vf": vf, "wares": {g: n for g, n in wares.items() if n}}
    if lost_pct:
        changes.update(damaged=True, repair_by=work.state.turn + 1)
    for rider in _aboard(work, ship):
        work.state = work.state.with_piece(rider, location=port)
    work.state = work.state.with_piece(ship, **changes)
    how = f"damaged, losing half its cargo ({ship.vf - vf} VF)" if lost_pct else "unharmed"
    tech_name = work.data.technologies[tech].name
    work.notice(f"{_name(work, ship)} shelters in {work.land(port)}, {how}, thanks to {tech_name} (L1417)")


@effect(TEMPESTA)
def storm(state: MedioevoState, strike: CalamityStrike, dice: Dice, data: DataSet) -> Outcome:
    work = Work(state, data, dice, TEMPESTA)
    zones = [s for s in data.board.seas if any(s in data.board.territories[t].seas for t in strike.red_area)]
    if not zones:
        work.notice("the red area touches no sea: nothing happens")
        return work.done()
    zone = zones[dice.roll(len(zones), "storm sea") - 1] if len(zones) > 1 else zones[0]
    work.notice(f"the storm strikes the {data.board.seas[zone].name} (L1412)")
    ships = _ships(data)
    for ship in [p for p in state.pieces if p.location == zone and p.kind in ships and p.aboard is None]:
        _at_sea(work, ship, zone)
    for territory in data.board.coast(zone):
        if work.shielded(territory):
            continue
        owner = work.state.territories[territory].owner
        spared = has_mod(data, techs(work.state, owner), TEMPESTA, "buildings_immune")
        destroyed, damaged = work.harm_buildings(territory, (NONE if spared else DAMAGED,) * 3)
        work.report(territory, destroyed, damaged)
        for ship in [p for p in work.state.pieces if p.location == territory and p.kind in ships]:
            if has_mod(data, techs(work.state, ship.owner), TEMPESTA, "buildings_immune"):
                continue
            work.state = work.state.with_piece(ship, damaged=True, repair_by=work.state.turn + 1)
            work.notice(f"{_name(work, ship)} is damaged in the port of {work.land(territory)} (L1420)")
    return work.done()
