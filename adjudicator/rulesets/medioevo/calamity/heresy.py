"""ERESIA, the heresy (seed 002 L1278-1288).

The primary victim is drawn among the powers with a Cathedral in the red area (none, no heresy:
L1280); every power of its religion with a territory in the red area is struck (L1282): each of
its Cathedral territories there (A42) raises 1d8 heretic (barbarian) VF, -1 for each of
MISTICISMO, MONOTEISMO, TEOLOGIA, +1 for each of ISTRUZIONE … ALCHIMIA (technologies.toml),
FANATISMO immune (L1284-1286). The heretics attack the power's armies there, assaulting the walls
of a fortified territory (L1288), with the war's battle rules (war/battle.py); if they win, the
territory is theirs as barbarians, the Cathedral is destroyed and they elect a barbarian Captain.

INQUISITORE (-1 heretic VF in one territory, L1284) is the power's to play: its standing
``HERESY INQUISITORE [IN <territory>]`` (calamity/choices.py, R319) plays one from its hand, once
its territories' heretics are rolled, in the territory named if the heretics rise there, else where
they are most (the first in the red area's order on a tie); the card goes to the discards. Silent,
the judge plays none (R279)."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.calamity.choices import INQUISITORE, choices_of
from adjudicator.rulesets.medioevo.calamity.common import (
    Work,
    fortification_level,
    immune,
    lt,
    mod_parts,
    signed,
    techs,
)
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike, Outcome, effect
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState
from adjudicator.rulesets.medioevo.war.battle import fight
from adjudicator.rulesets.medioevo.war.battle_models import Battle, Force, Kind, Side

ERESIA = "eresia"
CATHEDRAL = "cathedral"


def religion(state: MedioevoState, data: DataSet, power: str) -> str:
    """A power's religion: its own when excommunicated, the one it converted to (L3212-3218),
    its kingdom's otherwise."""
    held = state.powers[power]
    return held.religion or held.converted or data.board.kingdoms[held.kingdom].religion.value


def _battle(work: Work, territory: str, owner: str, heretics: int) -> int:
    """The heretics attack; their VF left (0: beaten)."""
    defenders = work.state.territories[territory].armies.get(owner, 0)
    if not defenders:
        return heretics
    walls = fortification_level(work.state, territory, work.data)
    battle = Battle(
        number=f"heresy {territory}",
        kind=Kind.ASSAULT if walls else Kind.FIELD,
        attackers=(Force(power=BARBARIANS, vf=heretics, lt=0, barbarian=True),),
        defenders=(
            Force(
                power=owner,
                vf=defenders,
                lt=lt(work.state, owner),
                technologies=frozenset(techs(work.state, owner)),
                owner=True,
            ),
        ),
        fortification=walls,
        buildings=True,
    )
    outcome = fight(battle, work.dice, work.data.cards)
    lost = work.kill(territory, outcome.force(owner).lost, only=owner)
    left = outcome.force(BARBARIANS).vf_left
    kind = "assault the walls" if walls else "fight"
    work.report(
        territory,
        losses={**lost, BARBARIANS: outcome.force(BARBARIANS).lost},
        detail=f"{heretics} heretics {kind}: {'they win' if outcome.winner is Side.ATTACKER else 'beaten'}",
    )
    return left if outcome.winner is Side.ATTACKER else 0


@effect(ERESIA)
def heresy(state: MedioevoState, strike: CalamityStrike, dice: Dice, data: DataSet) -> Outcome:
    work = Work(state, data, dice, ERESIA)
    red = strike.red_area

    def churches(power: str) -> list[str]:
        return [
            t
            for t in red
            if state.territories[t].owner == power and CATHEDRAL in state.territories[t].buildings
        ]

    candidates = [p for p in state.acting_order() if churches(p)]
    if not candidates:
        work.notice("no power has a Cathedral in the red area: no heresy (L1280)")
        return work.done()
    victim = (
        candidates[dice.roll(len(candidates), "heresy victim") - 1] if len(candidates) > 1 else candidates[0]
    )
    faith = religion(state, data, victim)
    struck = [
        p
        for p in state.acting_order()
        if religion(state, data, p) == faith and any(state.territories[t].owner == p for t in red)
    ]
    work.notice(f"it rises among {victim}'s faithful ({faith}); struck: {', '.join(struck)} (L1280-1282)")
    for power in struck:
        owned = techs(work.state, power)
        spared = immune(data, owned, ERESIA)
        if spared:
            work.notice(f"{power} is immune: it has {spared} (L1286)")
            continue
        risen: dict[str, int] = {}
        for territory in churches(power):
            if work.shielded(territory):
                continue
            roll = dice.roll(int(data.calamities[ERESIA].params["heretic_die"]), f"heretics {territory}")
            parts = mod_parts(data, owned, ERESIA, "heretic_vf")
            risen[territory] = max(0, roll + sum(n for _, n in parts))
            work.notice(
                f"{signed([('rolled', roll), *parts])} = {risen[territory]} heretic VF "
                f"in {work.land(territory)} (L1282-1286)"
            )
        _inquisitor(work, power, risen)
        for territory, heretics in risen.items():
            if heretics:
                _rise(work, territory, power, heretics)
    return work.done()


def _inquisitor(work: Work, power: str, risen: dict[str, int]) -> None:
    """L1284: the power's standing INQUISITORE (R319) takes 1 heretic VF off one territory."""
    mine = choices_of(work.state, power)
    held = work.state.powers[power]
    if not any(risen.values()):
        return
    if not mine.inquisitore:
        work.notice(f"{power} plays no INQUISITORE (no HERESY INQUISITORE standing, R279)")
        return
    if INQUISITORE not in held.cards:
        work.notice(f"{power} would play an INQUISITORE but holds none (R319)")
        return
    named = mine.inquisitore_in or ""
    where = named if risen.get(named, 0) else max(risen, key=lambda t: risen[t])
    cards = list(held.cards)
    cards.remove(INQUISITORE)
    work.state = work.state.with_power(power, cards=tuple(cards)).evolve(
        discards=(*work.state.discards, INQUISITORE)
    )
    risen[where] -= 1
    work.notice(
        f"{power} plays an INQUISITORE in {work.land(where)}: {risen[where]} heretic VF left there "
        "(L1284, R319)"
    )


def _rise(work: Work, territory: str, power: str, heretics: int) -> None:
    left = _battle(work, territory, power, heretics)
    if not left:
        return
    terr = work.state.territories[territory]
    kept = tuple(b for b in terr.buildings if b != CATHEDRAL)
    work.state = work.state.with_territory(
        territory, buildings=kept, damaged={b: t for b, t in terr.damaged.items() if b in kept}
    )
    work.to_barbarians(territory, left)
    number = (
        max((p.number for p in work.state.pieces if p.owner == BARBARIANS and p.kind == CAPTAIN), default=0)
        + 1
    )
    level = int(work.data.calamities[ERESIA].params["barbarian_captain_level"])
    captain = Piece(owner=BARBARIANS, kind=CAPTAIN, number=number, level=level, location=territory)
    work.state = work.state.evolve(pieces=(*work.state.pieces, captain))
    work.notice(
        f"the heretics take {work.land(territory)} with {left} VF: its Cathedral is destroyed and they "
        "elect a barbarian Captain (L1288)"
    )
