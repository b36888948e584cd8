"""A conquest applied to the state: what the beaten side left in the territory, a capital taken,
a religious capital, and the power left with nothing (seed 002 L1844-1862, L2071-2083,
L2427-2438; rulings R100, R106, R113, R158, R159).

``conquest.py`` calculates (``spoils``, ``dispose``, ``capital_tribute``, ``new_capital``,
``eliminated``); this module reads its inputs from the state and writes what they decide:

* each building of the territory and each piece of the beaten side standing there (transports,
  siege engines, captains, on the ground or aboard) is destroyed (+1 PO of a player's, L2427-2431),
  sacked (half its value in florins, L1854) or conquered: by the plan's ``TAKEN`` clauses, a piece's
  label before its kind, else R100's defaults (captains destroyed, everything else conquered). A
  conquered piece becomes a new piece of the conqueror's, with the next number of its class, on
  the ground where it stood (L1856: the shields change); one the conqueror's LT caps leave no room
  for is sacked, or destroyed if the plan says so (R158, ex L1836);
* a capital taken: 10 % of the victim's florins, rounded down, to the conqueror at once (L2079);
  the victim's new capital is its doctrine's ``CAPITAL`` if it holds a settlement there, else its
  largest settlement, then the first by territory id (L2075-2077, R113); with none it has no
  capital (``PowerState.capital == ""``), and may build one;
* a religious capital: +1 PO to the conqueror, -2 PO to a power that loses it (L2437-2438);
* a power left with no territory and no transport: its heir is the conqueror (``WarTurn.heirs``,
  read by the aftermath's eliminations, L2083).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.church.papacy import after_conquest
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.honor import change_honor
from adjudicator.rulesets.medioevo.phases.piece_purchases import piece_limit
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, SIEGE, Piece
from adjudicator.rulesets.medioevo.state import BARBARIANS, SETTLEMENTS, MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.war import clauses, goods_fate
from adjudicator.rulesets.medioevo.war.cargo_state import war_turn
from adjudicator.rulesets.medioevo.war.conquest import (
    RELIGIOUS_CAPITAL_PO,
    Fate,
    Spoil,
    Taken,
    capital_tribute,
    dispose,
    eliminated,
    new_capital,
    spoils,
)
from adjudicator.rulesets.medioevo.war.events_conquest import CapitalTaken, SpoilsTaken

FORTIFICATIONS = ("tower", "fort", "castle")
Result = tuple[MedioevoState, list[Event]]


def taken_kind(spoil: Spoil, data: DataSet) -> str:
    """The word of a plan's ``TAKEN kind`` that names ``spoil`` (docs/war.md §3.2)."""
    if spoil.kind == "building":
        name = spoil.label
        if name in SETTLEMENTS:
            return "settlement"
        if name in FORTIFICATIONS:
            return "fortification"
        return "cathedral" if name == "cathedral" else "fair"
    if spoil.kind == CAPTAIN:
        return "captain"
    return "engine" if spoil.kind == SIEGE else "transport"


def choices(spoils_: Sequence[Spoil], taken: Sequence[clauses.Taken], data: DataSet) -> dict[str, Fate]:
    """Each spoil's fate by the plan: a clause naming its label (``venice galley 2``) wins over
    one naming its kind; a later clause for the same subject replaces the earlier (§3.2); without
    one, R100's defaults: a captain is destroyed, everything else conquered."""
    said = {t.what.lower(): Fate(t.action.lower()) for t in taken}
    out: dict[str, Fate] = {}
    for s in spoils_:
        own = f"{s.owner} {s.label}".lower()
        default = Fate.DESTROY if s.kind == CAPTAIN else Fate.CONQUER
        out[s.label] = said.get(own, said.get(taken_kind(s, data), default))
    return out


def room(state: MedioevoState, data: DataSet, power: str, spoils_: Sequence[Spoil]) -> dict[str, int]:
    """How many more pieces of each class the conqueror's LT allows (L835, L1856)."""
    techs = state.powers[power].techs
    return {
        s.slot: piece_limit(data, techs, s.slot) - len(state.pieces_of(power, s.slot))
        for s in spoils_
        if s.slot
    }


def take_spoils(
    state: MedioevoState,
    data: DataSet,
    power: str,
    loser: str,
    territory: str,
    taken: Sequence[clauses.Taken] = (),
    buildings: bool = True,
) -> Result:
    """The conqueror ``power`` disposes of what ``loser`` left in ``territory`` (L1848-1856); with
    ``buildings`` False only of its pieces (its transports taken in barbarian land, L1858)."""
    terr = state.territories.get(territory, TerritoryState())
    if not buildings:
        terr = terr.model_copy(update={"buildings": ()})
    pieces = [p for p in state.pieces if p.owner == loser and p.location == territory]
    found = spoils(data, terr.buildings, loser, pieces)
    if not found:
        return state, []
    fates = dispose(found, choices(found, taken, data), room(state, data, power, found))
    kept = list(terr.buildings)
    words: list[str] = []
    for i, done in enumerate(fates):  # spoils() lists the buildings, then the pieces in order
        goods = ""
        if i < len(terr.buildings):
            if done.fate is not Fate.CONQUER:
                kept.remove(done.spoil.label)
        else:
            piece = pieces[i - len(terr.buildings)]
            state = _piece_taken(state, power, piece, done.fate)
            state, goods = goods_fate.unload(state, data, power, piece, done.fate)  # L1862
        words.append(_words(done, loser) + (f", {goods}" if goods else ""))
    if buildings:
        damaged = {b: t for b, t in terr.damaged.items() if b in kept}
        state = state.with_territory(territory, buildings=tuple(kept), damaged=damaged)
    po, florins = sum(t.po for t in fates), sum(t.florins for t in fates)
    state = state.with_power(power, florins=state.powers[power].florins + florins)
    state, told = change_honor(state, power, po, f"spoils of {territory} (L1848-1856)")
    event = SpoilsTaken(
        power=power, territory=territory, taken_from=loser, items=tuple(words), po=po, florins=florins
    )
    return state, [event, *told]


def _piece_taken(state: MedioevoState, power: str, piece: Piece, fate: Fate) -> MedioevoState:
    """The piece leaves its owner; conquered, it is the conqueror's under a new number (L1856),
    on the ground where it stood. What rode aboard it is a spoil of its own: set down."""
    ref = f"{piece.kind}/{piece.number}"
    pieces = tuple(
        p.model_copy(update={"aboard": None}) if p.owner == piece.owner and p.aboard == ref else p
        for p in state.pieces
        if p.key() != piece.key()
    )
    state = state.evolve(pieces=pieces)
    if fate is not Fate.CONQUER:
        return state
    kept = piece.model_dump(include={"pm", "armies", "goods", "wares"})  # its goods go with it (L1862)
    return state.add_piece(power, piece.kind, piece.level, piece.location, **kept)


def _words(done: Taken, loser: str) -> str:
    s = done.spoil
    name = s.label if s.kind == "building" else f"{loser} {s.label}"
    text = {Fate.DESTROY: "destroyed", Fate.SACK: "sacked", Fate.CONQUER: "conquered"}[done.fate]
    gain = f": +{done.po} PO" if done.po else f": {done.florins} florins" if done.florins else ""
    note = f" ({done.note})" if done.note else ""
    return f"{name} {text}{gain}{note}"


def capital_of(state: MedioevoState, data: DataSet, power: str) -> str | None:
    """``power``'s capital now: the kingdom's on the board until one fell (``PowerState.capital``)."""
    held = state.powers[power]
    if held.capital is not None:
        return held.capital or None
    kingdom = data.board.kingdoms.get(held.kingdom)
    return kingdom.capital if kingdom is not None else None


def settlements_of(state: MedioevoState, data: DataSet, power: str) -> dict[str, int]:
    """The territories ``power`` holds with a settlement standing, by the settlement's level."""
    out: dict[str, int] = {}
    for tid in state.owned_by(power):
        standing = [b for b in state.territories[tid].buildings if b in SETTLEMENTS]
        if standing:
            out[tid] = max(data.buildings[b].level for b in standing)
    return out


def take_capital(
    state: MedioevoState, data: DataSet, power: str, loser: str, territory: str, chosen: str | None
) -> Result:
    """A capital taken (L2071-2079): the tribute, and the victim's new capital (``chosen``: its
    doctrine's ``CAPITAL``, used if it holds a settlement there; R113)."""
    if loser not in state.powers or capital_of(state, data, loser) != territory:
        return state, []
    victim = state.powers[loser]
    tribute = capital_tribute(victim.florins)
    places = settlements_of(state, data, loser)
    moved = chosen if chosen in places else new_capital(places)
    state = state.with_power(loser, florins=victim.florins - tribute, capital=moved or "")
    state = state.with_power(power, florins=state.powers[power].florins + tribute)
    event = CapitalTaken(
        power=power, territory=territory, taken_from=loser, florins=tribute, new_capital=moved
    )
    return state, [event]


def religious_capital(state: MedioevoState, data: DataSet, power: str, loser: str, territory: str) -> Result:
    """+1 PO to the conqueror of a religious capital, -2 PO to a power losing it (L2437-2438),
    each told by its event."""
    if not any(rc.territory == territory for rc in data.board.religious_capitals.values()):
        return state, []
    gain, loss = RELIGIOUS_CAPITAL_PO
    state, told = change_honor(state, power, gain, f"takes the religious capital {territory} (L2437)")
    if loser in state.powers:
        state, lost = change_honor(state, loser, loss, f"loses the religious capital {territory} (L2438)")
        told += lost
    return state, list(told)


def note_heir(state: MedioevoState, data: DataSet, power: str, loser: str) -> MedioevoState:
    """``loser`` left with no territory and no transport: ``power`` took its last (L2083, R113)."""
    if loser not in state.powers or loser == BARBARIANS:
        return state
    kinds = {t.kind for t in data.transports.values()}
    transports = sum(1 for p in state.pieces_of(loser) if p.kind in kinds)
    if not eliminated(len(state.owned_by(loser)), transports):
        return state
    turn = war_turn(state)
    return state.evolve(war=turn.model_copy(update={"heirs": {**turn.heirs, loser: power}}))


def conquered(
    state: MedioevoState,
    data: DataSet,
    power: str,
    loser: str,
    territory: str,
    taken: Sequence[clauses.Taken] = (),
    capitals: Mapping[str, str] = {},
) -> Result:
    """Everything a conquest brings after the owner has changed: spoils, capital (``capitals``: the
    victims' doctrine choices), religious capital, heir."""
    state, events = take_spoils(state, data, power, loser, territory, taken)
    state, more = take_capital(state, data, power, loser, territory, capitals.get(loser))
    state, holy = religious_capital(state, data, power, loser, territory)
    state, church = after_conquest(state, data, power, territory, loser)  # the Papal State (L2176-2178)
    return note_heir(state, data, power, loser), events + more + holy + church
