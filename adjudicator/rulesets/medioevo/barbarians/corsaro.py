"""CORSARO, the Empire card of the commerce (seed 002 L2618-2624, ex L2588-2590, ex L2292-2294;
ruling R261).

``CORSARO <sea zone>`` in the commerce notes the card secretly (L2618): the power must hold the card
and a port of its own on that zone; the card leaves its hand and the note stands, seen by its owner
and the GM only, until the end of its next turn (the card data's provisional ``note_expires``).
When another power's ship ends or passes a commerce ``MOVE`` in that zone, the note is shown and
played on it (L2620: "puoi mostrare (se vuoi)": the judge always shows it, on the first ship): it
steals 3/6/9 goods by the player's LT, less 1 a level of each of the victim's Galleys in the zone
(the escort, ex L2588-2590), set down in the player's port on that zone (loadable until the next
turn's end, R231), lost with no port left there (ex L2590); with GILDE as many VF aboard are killed
or, as the note says (``CORSARO zone PRISONERS|SLAVES``, default KILL), taken prisoner or made
Slave goods set down with the rest (L2620: 1 VF a good, as ex L1430).
MUDE protects a ship from a player of equal or lower LT (L2624, ex L3184).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.barbarians.land import GALLEY
from adjudicator.rulesets.medioevo.barbarians.news import CorsaroNoted, CorsaroRaid
from adjudicator.rulesets.medioevo.commerce.ledger import Refusal
from adjudicator.rulesets.medioevo.commerce.orders import COMMERCE
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import Piece, label
from adjudicator.rulesets.medioevo.state import CardEffect, MedioevoState
from adjudicator.rulesets.medioevo.war.records import LooseGoods

CORSARO = "corsaro"
GILDE, MUDE = "gilde", "mude"
KILL, PRISONERS, SLAVES = "KILL", "PRISONERS", "SLAVES"
MODES = (KILL, PRISONERS, SLAVES)
SLAVE_GOOD = "schiavi"


@dataclass(frozen=True, slots=True)
class Corsair(Order):
    """``CORSARO mar_ionio``: the card noted on a sea zone."""

    phase: ClassVar[str] = COMMERCE
    sea: str
    mode: str = KILL  # what GILDE does to the VF: KILL, PRISONERS or SLAVES (L2620)

    def canonical(self) -> str:
        return f"CORSARO {self.sea}" + ("" if self.mode == KILL else f" {self.mode}")


def ports_on(state: MedioevoState, power: str, sea: str, data: DataSet) -> tuple[str, ...]:
    """The power's port territories on the zone."""
    return tuple(
        t
        for t in data.board.coast(sea)
        if state.territories[t].owner == power and data.board.territories[t].port
    )


def note(
    state: MedioevoState, power: str, order: Corsair, data: DataSet
) -> tuple[MedioevoState, list[Event]]:
    """The secret note (L2618)."""
    held = state.powers[power]
    if CORSARO not in held.cards:
        raise Refusal("you hold no CORSARO")
    if order.sea not in data.board.seas:
        raise Refusal(f"{order.sea} is no sea zone")
    if not ports_on(state, power, order.sea, data):
        raise Refusal(f"CORSARO needs a port of your own on {order.sea} (L2618)")
    cards = list(held.cards)
    cards.remove(CORSARO)
    state = state.with_power(power, cards=tuple(cards))
    noted = (order.sea,) if order.mode == KILL else (order.sea, order.mode)  # the mode rides the note
    effect = CardEffect(card=CORSARO, holder=power, played_by=power, until=state.turn + 1, territories=noted)
    state = state.evolve(card_effects=(*state.card_effects, effect))
    return state, [CorsaroNoted(power=power, sea=order.sea)]


def _notes(state: MedioevoState, sea: str, victim: str) -> list[CardEffect]:
    return [
        e
        for e in state.card_effects
        if e.card == CORSARO and e.holder != victim and e.until >= state.turn and sea in e.territories
    ]


def ambush(
    state: MedioevoState, ship: Piece, path: Sequence[str], data: DataSet
) -> tuple[MedioevoState, list[Event]]:
    """A ship's commerce voyage through ``path``: the first note waiting on a zone of it is played."""
    for sea in path:
        for waiting in _notes(state, sea, ship.owner):
            raider = state.powers[waiting.holder]
            victim = state.powers[ship.owner]
            if MUDE in victim.techs and raider.tech_level <= victim.tech_level:
                continue
            return _raid(state, waiting, ship, sea, data)
    return state, []


def _raid(
    state: MedioevoState, waiting: CardEffect, ship: Piece, sea: str, data: DataSet
) -> tuple[MedioevoState, list[Event]]:
    power = waiting.holder
    params = data.cards[CORSARO].params
    lt = state.powers[power].tech_level
    escort = sum(
        p.level for p in state.pieces_of(ship.owner, GALLEY) if p.location == sea and p.key() != ship.key()
    )
    goods = max(0, int(params["goods_by_lt"][lt - 1]) - escort)
    kills = (
        max(0, int(params["vf_by_lt_with_gilde"][lt - 1]) - escort)
        if GILDE in state.powers[power].techs
        else 0
    )
    current = state.piece(*ship.key()) or ship
    wares = dict(current.wares)
    taken: dict[str, int] = {}
    for good in sorted(wares, key=lambda g: (-wares[g], g)):
        take = min(wares[good], goods - sum(taken.values()))
        if take > 0:
            taken[good] = take
            wares[good] -= take
    killed = min(kills, current.vf)
    state = state.with_piece(current, wares={g: n for g, n in wares.items() if n}, vf=current.vf - killed)
    mode = next((m for m in waiting.territories if m in MODES), KILL)
    if killed and mode == SLAVES:
        taken[SLAVE_GOOD] = taken.get(SLAVE_GOOD, 0) + killed
    elif killed and mode == PRISONERS:
        held = state.powers[power].prisoners
        state = state.with_power(power, prisoners={**held, ship.owner: held.get(ship.owner, 0) + killed})
    ports = ports_on(state, power, sea, data)
    if ports:
        heaps = tuple(
            LooseGoods(territory=ports[0], good=g, amount=n, was=power, until=state.turn + 1)
            for g, n in taken.items()
        )
        state = state.evolve(loose_goods=(*state.loose_goods, *heaps))
    state = state.evolve(
        card_effects=tuple(e for e in state.card_effects if e is not waiting),
        discards=(*state.discards, CORSARO),
    )
    raid = CorsaroRaid(
        power=power,
        victim=ship.owner,
        ship=label(data, ship.kind, ship.number),
        sea=sea,
        goods=sum(n for g, n in taken.items() if not (g == SLAVE_GOOD and mode == SLAVES)),
        vf=killed,
        mode=mode.lower(),
        port=ports[0] if ports else None,
    )
    return state, [raid]


def hidden(effects: list[dict[str, object]], viewer: str) -> list[dict[str, object]]:
    """The card effects a viewer sees: a CORSARO's note only its owner's (L2618)."""
    return [e for e in effects if e.get("card") != CORSARO or e.get("holder") == viewer]
