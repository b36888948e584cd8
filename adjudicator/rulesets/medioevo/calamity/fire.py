"""INCENDIO, the fire (seed 002 L1360-1376, ex L1314-1332).

Every settlement of the red area rolls 1d6, less its owner's LT and 1 more with LEGGE (L1366-1368;
the Basel example forgets LEGGE: digest A41, R271); the barbarians roll bare (ex L1318). Fire breaks out
on 4+ in a level-I settlement, 3+ level II, 2+ level III (L1362-1364). A burning territory loses
every building, transport and siege engine (only damaged with INGEGNERIA; ships also with
ARSENALE, technologies.toml), and 1 VF per building, +1 in a FOREST, -1 with LEGGE (L1370-1376).
Another power whose transport burnt there loses its armies there, which it supplied (ex L1330)."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.calamity.common import (
    DAMAGED,
    DESTROYED,
    Work,
    has_mod,
    lt,
    mod_sum,
    settlement_level,
    signed,
    techs,
)
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike, Outcome, effect
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece, label
from adjudicator.rulesets.medioevo.state import MedioevoState

INCENDIO = "incendio"


def _is_ship(data: DataSet, piece: Piece) -> bool:
    return any(t.kind == piece.kind and t.domain == "sea" for t in data.transports.values())


def _piece_fate(work: Work, piece: Piece) -> str:
    owned = techs(work.state, piece.owner)
    if has_mod(work.data, owned, INCENDIO, "destroyed_becomes_damaged"):
        return DAMAGED
    if _is_ship(work.data, piece) and has_mod(work.data, owned, INCENDIO, "ships_damaged_not_destroyed"):
        return DAMAGED
    return DESTROYED


def burn_pieces(work: Work, territory: str) -> tuple[list[str], list[str], set[str]]:
    """Transports and siege engines there: (destroyed, damaged, the powers that lost one)."""
    destroyed: list[str] = []
    damaged: list[str] = []
    losers: set[str] = set()
    for piece in [p for p in work.state.pieces if p.location == territory and p.kind != CAPTAIN]:
        name = f"{piece.owner}'s {label(work.data, piece.kind, piece.number)}"
        if _piece_fate(work, piece) == DAMAGED:
            work.state = work.state.with_piece(piece, damaged=True, repair_by=work.state.turn + 1)
            damaged.append(name)
        else:
            work.state = work.state.evolve(
                pieces=tuple(p for p in work.state.pieces if p.key() != piece.key())
            )
            destroyed.append(name)
            losers.add(piece.owner)
    return destroyed, damaged, losers


@effect(INCENDIO)
def fire(state: MedioevoState, strike: CalamityStrike, dice: Dice, data: DataSet) -> Outcome:
    work = Work(state, data, dice, INCENDIO)
    params = data.calamities[INCENDIO].params
    towns = [t for t in strike.red_area if settlement_level(state, t, data)]
    if not towns:
        work.notice("no settlement stands in the red area: nothing burns")
    for territory in towns:
        if work.shielded(territory):
            continue
        owner = work.state.territories[territory].owner
        owned = techs(work.state, owner)
        roll = dice.roll(int(params["die"]), f"fire {territory}")
        minus, by = mod_sum(data, owned, INCENDIO, "die")
        result = roll - lt(work.state, owner) + minus
        needed = int(params["fire_on_by_settlement_level"][settlement_level(work.state, territory, data) - 1])
        how = signed([("rolled", roll), ("LT", -lt(work.state, owner)), (" ".join(by) or "-", minus)])
        if result < needed:
            work.notice(f"{work.land(territory)} is safe: {how} = {result}, fire on {needed}+ (L1362-1368)")
            continue
        harm = DAMAGED if has_mod(data, owned, INCENDIO, "destroyed_becomes_damaged") else DESTROYED
        destroyed, damaged = work.harm_buildings(territory, (harm,) * 3)
        burnt, scorched, losers = burn_pieces(work, territory)
        buildings = (len(destroyed) + len(damaged)) * int(params["vf_loss_per_building"])
        terrain = data.board.territories[territory].terrain.value
        ground = int(params["terrain_losses"].get(terrain, 0))
        eased, law = mod_sum(data, owned, INCENDIO, "losses")
        total = max(0, buildings + ground + eased)
        lost = work.kill(territory, total)
        pieces = "; ".join(
            part
            for part in (
                f"{', '.join(burnt)} burnt" if burnt else "",
                f"{', '.join(scorched)} damaged" if scorched else "",
            )
            if part
        )
        counted = signed([("buildings", buildings), (terrain, ground), (" ".join(law) or "-", eased)])
        work.report(
            territory,
            destroyed,
            damaged,
            lost,
            f"fire: {how} = {result}; {counted} = {total} VF" + (f"; {pieces}" if pieces else ""),
        )
        _unsupplied(work, territory, losers, owner)
    return work.done()


def _unsupplied(work: Work, territory: str, losers: set[str], owner: str | None) -> None:
    """Ex L1330: a power whose transport burnt in another's territory, with none left there, loses
    the armies that transport supplied."""
    for power in sorted(losers - {owner}):
        if any(p.owner == power and p.location == territory and p.kind != CAPTAIN for p in work.state.pieces):
            continue
        vf = work.state.territories[territory].armies.get(power, 0)
        if vf:
            work.kill(territory, vf, only=power)
            work.notice(
                f"{power}'s {vf} VF in {work.land(territory)} are removed: their transport burnt and "
                "nothing supplies them (ex L1330)"
            )
