"""PRINCIPESSA (seed 002 L2734-2738; ex L2705, L2770), played in two ways.

* ``PLAY Principessa ON power``: handed to a power at peace with the player, who keeps it: a
  marriage in ``state.marriages``. From then on, whichever of the two declares war on the other or
  breaks a pact with it loses double PO (``diplomacy_table.Ledger.po_factor``); the card is
  discarded when they go to war (``Ledger.set_war``). An offensive card: 1 CB for the spouse.
* ``PLAY Principessa IN kingdom``: a barbarian Small Kingdom taken without a fight on 1d6 ≥ 5/3/1 at
  LT I/II/III (the card's ``values``). On success every territory of the kingdom no power holds
  loses its barbarian armies and gets 5 VF of the player, and becomes the player's; the other
  powers of the kingdom's religion gain 1 CB against the player. The neighbouring barbarian
  kingdoms react as to a conquest by force: the judge has no barbarian moves yet, so the event
  names them for the GM. Win or lose, the card is discarded (L2738).
"""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.board import KingdomSize
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger, religion_of
from adjudicator.rulesets.medioevo.events_cards import SmallKingdomTaken
from adjudicator.rulesets.medioevo.orders_diplomacy import PlayDiplomacyCard
from adjudicator.rulesets.medioevo.pacts import Marriage, pair
from adjudicator.rulesets.medioevo.phases.card_play import lt_value
from adjudicator.rulesets.medioevo.state import MedioevoState

PRINCIPESSA = "principessa"
MARRIAGE = "marriage"


def barbarian_lands(state: MedioevoState, data: DataSet, kingdom: str) -> tuple[str, ...]:
    """The territories of a kingdom that no power holds (the barbarians')."""
    return tuple(t for t in data.board.territories_of(kingdom) if state.territories[t].owner is None)


def problem(state: MedioevoState, power: str, order: PlayDiplomacyCard, data: DataSet) -> str | None:
    if order.target is not None:
        if state.at_war(power, order.target):
            return f"you are at war with {order.target}: a PRINCIPESSA is handed in peace"
        if state.marriage(power, order.target) is not None:
            return f"a PRINCIPESSA already binds you and {order.target}"
        return None
    (kingdom,) = order.places
    info = data.board.kingdoms[kingdom]
    if info.playable or info.size is not KingdomSize.SMALL:
        return f"{info.name} is not a barbarian Small Kingdom (L2736)"
    if not barbarian_lands(state, data, kingdom):
        return f"no territory of {info.name} is left to the barbarians"
    return None


def play(ledger: Ledger, power: str, order: PlayDiplomacyCard, dice: Dice) -> str:
    if order.target is not None:
        marriage = Marriage(parties=pair(power, order.target), given_by=power, made=ledger.state.turn)
        ledger.state = ledger.state.evolve(marriages=(*ledger.state.marriages, marriage))
        return (
            f"{order.target} keeps it: whichever of the two declares war on the other or breaks a pact "
            "with it loses double PO"
        )
    return _conquest(ledger, power, order.places[0], dice)


def _conquest(ledger: Ledger, power: str, kingdom: str, dice: Dice) -> str:
    data = ledger.data
    card = data.cards[PRINCIPESSA]
    info = data.board.kingdoms[kingdom]
    needed = lt_value(card, ledger.state.powers[power].tech_level)
    die = dice.roll(int(card.params["die_sides"]), f"PRINCIPESSA {power}")
    lands = barbarian_lands(ledger.state, data, kingdom) if die >= needed else ()
    vf = int(card.params["vf_per_territory"])
    powers = set(ledger.state.powers)
    for tid in lands:
        armies = {p: n for p, n in ledger.state.territories[tid].armies.items() if p in powers}
        armies[power] = armies.get(power, 0) + vf
        ledger.state = ledger.state.with_territory(tid, owner=power, armies=armies)
    neighbours = tuple(
        k
        for k, other in data.board.kingdoms.items()
        if k != kingdom and not other.playable and data.board.kingdoms_border(kingdom, k)
    )
    ledger.events.append(
        SmallKingdomTaken(
            power=power,
            kingdom=info.name,
            die=die,
            needed=needed,
            territories=tuple(data.board.territories[t].name for t in lands),
            placed=vf * len(lands),
            neighbours=neighbours if lands else (),
        )
    )
    if not lands:
        return f"{info.name} not won: die {die}, {needed} or more needed (L2736)"
    religion = str(info.religion)
    for other in ledger.state.seats():
        if other != power and religion_of(ledger.state, other, data) == religion:
            cb = int(card.params["cb_to_coreligionists"])
            ledger.grievance(other, power, cb, f"PRINCIPESSA takes {info.name}, of its religion")
    return f"{info.name} won (die {die}, {needed} or more needed): {vf} VF in each of its territories"


def candidates(state: MedioevoState, card: str, data: DataSet) -> list[PlayDiplomacyCard]:
    """The Small Kingdoms a PRINCIPESSA could try (the marriages are listed by the caller)."""
    if card != PRINCIPESSA:
        return []
    return [
        PlayDiplomacyCard(card, places=(k,))
        for k, info in data.board.kingdoms.items()
        if not info.playable and info.size is KingdomSize.SMALL
    ]
