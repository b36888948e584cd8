"""When a power conquers barbarian land (seed 002 L2356-2362, L2376-2384; rulings R262, R264).

Activation (L2362): at once, every barbarian territory bordering the conquered one and every one of
its kingdom gains 1 barbarian VF, and as many more as the level of a barbarian Captain standing
there (+1/+2/+3). The ATTIVAZIONE BARBARI A FINE FASE variant (L3312) adds the barbarians' attacks
at the end of every phase (``variant_attacks``).

Treasure (L2356-2358, L2376-2384): the army of a level II or III barbarian Captain annihilated,
the Captain is removed (the war's spoils) and the victor draws a Treasure card: its VF come in its
next reinforcements (``recovered``), its florins at once, its goods (1d8 for the kind) set down
where the Captain fell, loadable until the next turn's end (as a sacked cargo's, R231). The judge
keeps no Treasure deck: the card is drawn by a die among the 10 copies (R264).
"""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.core.ruleset import DieUse
from adjudicator.rulesets.medioevo.barbarians.land import barbarian_land, borders, captain_at
from adjudicator.rulesets.medioevo.barbarians.news import BarbariansActivated, TreasureDrawn
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState
from adjudicator.rulesets.medioevo.variants import BARBARIANS_EVERY_PHASE, on
from adjudicator.rulesets.medioevo.war.cargo_state import add_ground
from adjudicator.rulesets.medioevo.war.records import LooseGoods

TREASURE, GOODS = "treasure card", "treasure goods"
"""The purposes of the card's die (among the copies) and of the goods' 1d8 (L2380)."""
TREASURE_LEVEL = 2  # L2358: a level II or III Captain

Told = tuple[MedioevoState, tuple[Event, ...]]


def activate(state: MedioevoState, power: str, territory: str, data: DataSet) -> Told:
    """L2362: the neighbouring and same-kingdom barbarians rise."""
    kingdom = data.board.territories[territory].kingdom
    near = set(borders(data, territory)) | set(data.board.territories_of(kingdom))
    added: dict[str, int] = {}
    for t in sorted(near - {territory}):
        if not barbarian_land(state, t):
            continue
        chief = captain_at(state, t)
        added[t] = 1 + (chief.level if chief else 0)
        state = add_ground(state, BARBARIANS, t, added[t])
    if not added:
        return state, ()
    return state, (BarbariansActivated(territory=territory, by=power, added=added),)


def chiefs_at(state: MedioevoState, territory: str) -> tuple[Piece, ...]:
    """The barbarian Captains there before a battle: the ones a victory may earn a Treasure for."""
    return tuple(
        p for p in state.pieces if p.owner == BARBARIANS and p.kind == CAPTAIN and p.location == territory
    )


def treasure(
    state: MedioevoState, power: str, place: str, fallen: tuple[Piece, ...], dice: Dice, data: DataSet
) -> Told:
    """A Treasure card for each level II or III Captain that fell there (L2358)."""
    told: list[Event] = []
    deck = [cid for cid, card in data.treasures.items() for _ in range(card.copies)]
    for chief in fallen:
        if chief.level < TREASURE_LEVEL or state.piece(*chief.key()) is not None or not deck:
            continue
        card_id = deck[dice.roll(len(deck), TREASURE) - 1] if len(deck) > 1 else deck[0]
        card = data.treasures[card_id]
        kinds = list(card.params.get("goods_d8", ()))
        good = kinds[dice.roll(len(kinds), GOODS) - 1] if kinds else ""
        vf, florins, goods = (int(card.params.get(k, 0)) for k in ("vf", "florins", "goods"))
        held = state.powers[power]
        state = state.with_power(power, florins=held.florins + florins, recovered=held.recovered + vf)
        if goods and good:
            heap = LooseGoods(territory=place, good=good, amount=goods, was=power, until=state.turn + 1)
            state = state.evolve(loose_goods=(*state.loose_goods, heap))
        told.append(
            TreasureDrawn(
                power=power, card=card.name, vf=vf, florins=florins, goods=goods, good=good, place=place
            )
        )
    return state, tuple(told)


def conquered(
    state: MedioevoState, power: str, territory: str, fallen: tuple[Piece, ...], dice: Dice, data: DataSet
) -> Told:
    """What a power's conquest of barbarian land brings: Treasure cards, then the activation."""
    state, found = treasure(state, power, territory, fallen, dice, data)
    state, woke = activate(state, power, territory, data)
    return state, (*found, *woke)


def dice_uses(data: DataSet) -> tuple[DieUse, ...]:
    """The Treasure card's die (among the copies) and the goods' 1d8 (L2380)."""
    copies = sum(c.copies for c in data.treasures.values())
    return (DieUse(TREASURE, (copies,)), DieUse(GOODS, (8,)))


def variant_attacks(state: MedioevoState, dice: Dice, data: DataSet) -> Told:
    """ATTIVAZIONE BARBARI A FINE FASE (L3312): the barbarians attack at the end of every phase
    where the conditions hold (R264): the attacks of the sub-phase, not its levy or ladder."""
    if not on(state, BARBARIANS_EVERY_PHASE):
        return state, ()
    from adjudicator.rulesets.medioevo.barbarians.phase import attacks

    return attacks(state, dice, data)
