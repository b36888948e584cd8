"""GUERRA CIVILE, the civil war (seed 002 L1290-1298, ex L1304-1308).

The power with most territories in the land zone of the Event card (ties drawn, A43) splits in
two: its starting kingdom's territories stay its own (faction 1), every other territory and its
transports outside its territories go to the rebels, the barbarians (faction 2) (L1292). Each
technology it has of the violet, orange and blue trees keeps one territory or transport in faction
1 (L1294; ``calamity_mods.guerra_civile.kept``). Then the rebels' armies become barbarians, its
ships pirate ships, its Captains barbarian Captains and its siege engines theirs; other transports
there are destroyed, and so are Cathedrals and Fairs; other buildings stay (L1296-1298).

What it keeps is the power's choice: its standing ``CIVIL WAR KEEP <place>, …`` (calamity/
choices.py, R319) names the items first, a territory or the place of a fleet, in its order; what
is left to keep, or all of it when the power is silent, goes by most VF (the armies of a
territory, those aboard a fleet), territories before fleets on a tie, in the board's order
(R282). A fleet is the power's transports in one place outside its lands (ex L1306: the fleet in
Palermo is one)."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.calamity.choices import choices_of
from adjudicator.rulesets.medioevo.calamity.common import Work, barbarise, mod_sum, techs
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike, Outcome, effect
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import label
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState

GUERRA_CIVILE = "guerra_civile"
LOST_BUILDINGS = ("religious", "commercial")  # Cathedrals and Fairs (L1296)


def _victim(work: Work, zone: int) -> str | None:
    board = work.data.board
    counts = {
        p: sum(1 for t in work.state.owned_by(p) if board.territories[t].land_zone == zone)
        for p in work.state.acting_order()
    }
    top = max(counts.values(), default=0)
    if not top:
        return None
    tied = [p for p, n in counts.items() if n == top]
    return tied[work.dice.roll(len(tied), "civil war victim") - 1] if len(tied) > 1 else tied[0]


def _items(work: Work, power: str) -> list[tuple[str, int]]:
    """Faction 2 before any choice: (territory or place of a fleet, its VF), territories first."""
    board, state = work.data.board, work.state
    home = state.powers[power].kingdom
    lands = [
        t
        for t in board.territories
        if state.territories[t].owner == power and board.territories[t].kingdom != home
    ]
    mine = {t for t in board.territories if state.territories[t].owner == power}
    ships = {t.kind for t in work.data.transports.values()}
    fleets: dict[str, int] = {}
    for piece in state.pieces_of(power):
        if piece.kind in ships and piece.location not in mine and piece.aboard is None:
            fleets[piece.location] = fleets.get(piece.location, 0) + piece.vf
    return [(t, state.territories[t].armies.get(power, 0)) for t in lands] + sorted(fleets.items())


@effect(GUERRA_CIVILE)
def civil_war(state: MedioevoState, strike: CalamityStrike, dice: Dice, data: DataSet) -> Outcome:
    work = Work(state, data, dice, GUERRA_CIVILE)
    zone = data.board.land_zones.get(strike.land_zone)
    victim = _victim(work, strike.land_zone)
    if victim is None:
        work.notice("no power holds a territory in the land zone of the Event card: nothing happens")
        return work.done()
    items = _items(work, victim)
    keeps, by = mod_sum(data, techs(state, victim), GUERRA_CIVILE, "kept")
    chosen = [w for w in choices_of(state, victim).civil_war_keep if any(w == i for i, _ in items)]
    ranked = chosen + [items[i][0] for i in sorted(range(len(items)), key=lambda i: -items[i][1])]
    kept = set(list(dict.fromkeys(ranked))[:keeps])

    lands = {w for w, _ in items if w in data.board.territories and state.territories[w].owner == victim}

    def place(where: str) -> str:
        return work.land(where) if where in data.board.territories else data.board.seas[where].name

    def item(where: str) -> str:
        return place(where) if where in lands else f"the fleet at {place(where)}"

    named = ", ".join(item(w) for w, _ in items if w in kept) or "nothing"
    area = zone.name if zone else f"land zone {strike.land_zone}"
    work.notice(
        f"{victim} holds most territories in {area} and splits (L1292); {keeps} kept by "
        f"{', '.join(by) or 'no technology'} (L1294): {named}"
        + (
            f", chosen by {victim} (CIVIL WAR KEEP, R319)"
            if chosen and keeps
            else ", the judge keeping what holds most VF (R282)"
        )
    )
    for where, _ in items:
        if where in kept:
            continue
        if where in lands:
            if not work.shielded(where):
                _rebel_land(work, victim, where)
        else:
            _rebel_fleet(work, victim, where, place(where))
    return work.done()


def _rebel_land(work: Work, power: str, territory: str) -> None:
    data, state = work.data, work.state
    terr = state.territories[territory]
    ships = {t.kind for t in data.transports.values() if t.domain == "sea"}
    transports = {t.kind for t in data.transports.values()}
    here = [p for p in state.pieces_of(power) if p.location == territory]
    burnt = [p for p in here if p.kind in transports and p.kind not in ships]
    burnt_keys = {p.key() for p in burnt}
    riders = {f"{p.kind}/{p.number}" for p in burnt}
    turned = [p for p in here if p.key() not in burnt_keys and (p.aboard or "") not in riders]
    lost = tuple(b for b in terr.buildings if data.buildings[b].category in LOST_BUILDINGS)
    kept = tuple(b for b in terr.buildings if b not in lost)
    vf = terr.armies.get(power, 0)
    armies = {w: n for w, n in terr.armies.items() if w != power}
    armies[BARBARIANS] = armies.get(BARBARIANS, 0) + vf
    pieces = ", ".join(label(data, p.kind, p.number) for p in turned)
    detail = f"{vf} VF turn rebel" + (f"; {pieces} pass to them" if pieces else "")
    if burnt:
        detail += f"; {', '.join(label(data, p.kind, p.number) for p in burnt)} destroyed"
    work.report(territory, lost, (), {power: vf}, detail + " (L1296-1298)")
    gone = burnt_keys | {p.key() for p in here if (p.aboard or "") in riders}
    state = state.evolve(pieces=tuple(p for p in state.pieces if p.key() not in gone))
    work.state = barbarise(state, turned).with_territory(
        territory,
        owner=None,
        buildings=kept,
        damaged={b: t for b, t in terr.damaged.items() if b in kept},
        armies={w: n for w, n in armies.items() if n},
    )


def _rebel_fleet(work: Work, power: str, where: str, name: str) -> None:
    """A fleet outside its lands: the ships turn pirate with their crews (L1292, L1296)."""
    ships = {t.kind for t in work.data.transports.values() if t.domain == "sea"}
    here = [p for p in work.state.pieces_of(power) if p.location == where]
    turned = [p for p in here if p.kind in ships or p.aboard]
    burnt = [p for p in here if p not in turned]
    work.state = barbarise(
        work.state.evolve(pieces=tuple(p for p in work.state.pieces if p not in burnt)), turned
    )
    work.notice(
        f"{power}'s {', '.join(label(work.data, p.kind, p.number) for p in turned)} at {name} turn pirate "
        f"(L1296){'; its other transports there are destroyed' if burnt else ''}"
    )
