"""The die and the modifiers of one roll (seed 002 §2.5 of the military digest: L1703, L1746,
L1754, L1794-L1804, L1902-L1903, L2016-L2018, L2354; card texts L2502-L2758).

The round cards' effects are read from the card data (cards.toml), not coded per card:

- ``roles`` says who may play it (attack, defence); ``requires_any``/``requires_all`` gate it on
  technologies; ``scales_with = "ladder"`` gives ``values[i]`` for the highest ``ladder[i]`` owned;
- otherwise ``values[0]`` is the bonus to the roll, replaced by ``params.<tech>_bonus`` when the
  power owns that technology (CONDOTTIERO with TATTICA, MONACO with MISTICISMO, TEMPLARE with
  MONOTEISMO) and by ``params.fortified_defence_bonus`` when defending a fortification
  (BALESTRIERE, ex L1709, L2488);
- ``params.die_steps`` + ``step_up`` raise the die (EROINA, L1703) and ``params.extra_vf_loss``
  costs the opponent VF whatever the dice (ARCIERE, L2502): such cards add nothing to the roll;
- ``params.min_cathedrals`` and ``params.requires_buildings_in_territory`` are the card's
  non-technology conditions (EROINA, MONACO, TEMPLARE).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adjudicator.core.ruleset import DieUse
from adjudicator.rulesets.medioevo.components.cards import EmpireCard, Timing
from adjudicator.rulesets.medioevo.war.battle_models import Force, Kind, Side
from adjudicator.rulesets.medioevo.war.retreat import CAPTURE_DIE
from adjudicator.rulesets.medioevo.war.siege import ARTILLERY_DIE

BASE_DIE = 6  # L1754
ASSAULT_ATTACK_DIE = 4  # L1902
STRATEGIA = "strategia"
ALCHIMIA = "alchimia"
FORCE_RATIO = 3  # L1746, ex L2988
PRINTED_DIE_STEPS = (4, 6, 8)  # EROINA as printed (L1703, L2632): d4 to d6, d6 to d8
RAM_DIE = 4  # L2010: 1d4 + the galley's level
_ROLE = {Side.ATTACKER: "attack", Side.DEFENDER: "defence"}


@dataclass(frozen=True, slots=True)
class CardEffect:
    """A round card's effect in combat, derived from its data."""

    card: str
    name: str
    roles: frozenset[str]
    bonus: int
    tech_bonus: tuple[tuple[str, int], ...]
    ladder: tuple[tuple[str, int], ...]
    fortified_defence_bonus: int | None
    die_steps: tuple[int, ...]
    step_up: int
    extra_vf_loss: int
    min_cathedrals: int
    needs_buildings: bool
    requires_any: frozenset[str]
    requires_all: frozenset[str]
    persistence: str


def card_key(name: str) -> str:
    """Card and technology ids are lower case in the data; plans may spell them in capitals."""
    return name.strip().lower()


def combat_effects(cards: Mapping[str, EmpireCard]) -> dict[str, CardEffect]:
    """The cards played on a die roll (timing ``round``, L1736-L1742), keyed by id."""
    out: dict[str, CardEffect] = {}
    for key, card in cards.items():
        if card.timing is not Timing.ROUND:
            continue
        params = card.params
        die_steps = tuple(int(s) for s in params.get("die_steps", ()))
        extra = int(params.get("extra_vf_loss", 0))
        ladder: tuple[tuple[str, int], ...] = ()
        if card.scales_with == "ladder":
            ladder = tuple((t, int(v)) for t, v in zip(card.ladder, card.values, strict=False))
        bonus = 0 if (die_steps or extra or ladder) else int(card.values[0]) if card.values else 0
        tech_bonus = tuple(
            (name.removesuffix("_bonus"), int(value))
            for name, value in params.items()
            if name.endswith("_bonus") and name != "fortified_defence_bonus"
        )
        fort = params.get("fortified_defence_bonus")
        out[key] = CardEffect(
            card=key,
            name=card.name,
            roles=frozenset(card.roles),
            bonus=bonus,
            tech_bonus=tech_bonus,
            ladder=ladder,
            fortified_defence_bonus=int(fort) if fort is not None else None,
            die_steps=die_steps,
            step_up=int(params.get("step_up", 0)),
            extra_vf_loss=extra,
            min_cathedrals=int(params.get("min_cathedrals", 0)),
            needs_buildings=bool(params.get("requires_buildings_in_territory", False)),
            requires_any=frozenset(card.requires_any),
            requires_all=frozenset(card.requires_all),
            persistence=str(card.persistence),
        )
    return out


@dataclass(frozen=True, slots=True)
class Situation:
    """What a roll's modifiers depend on besides the cards."""

    kind: Kind
    side: Side
    fortification: int
    buildings: bool
    own_vf: int
    opponent_vf: int
    opponent_has_strategia: bool


def why_not(effect: CardEffect, force: Force, situation: Situation) -> str | None:
    """Why ``force`` may not play ``effect`` in this roll (None: it may)."""
    techs = force.technologies
    if _ROLE[situation.side] not in effect.roles:
        return f"{effect.name} is not played in {_ROLE[situation.side]}"
    if effect.requires_any and not effect.requires_any & techs:
        return f"{effect.name} needs one of {', '.join(sorted(t.upper() for t in effect.requires_any))}"
    if effect.requires_all - techs:
        return f"{effect.name} needs {', '.join(sorted(t.upper() for t in effect.requires_all))}"
    if force.cathedrals < effect.min_cathedrals:
        return f"{effect.name} needs a Cathedral"
    if effect.needs_buildings:
        present = force.buildings_here if situation.side is Side.DEFENDER else situation.buildings
        if not present:
            return f"{effect.name} needs buildings in the territory"
    return None


def card_bonus(effect: CardEffect, force: Force, situation: Situation) -> int:
    """The card's bonus to the roll; a bonus "with X" replaces the base one (ex L1713, L2488)."""
    if effect.ladder:
        owned = [value for tech, value in effect.ladder if tech in force.technologies]
        return owned[-1] if owned else 0
    bonus = effect.bonus
    for tech, value in effect.tech_bonus:
        if tech in force.technologies:
            bonus = max(bonus, value)
    fortified = situation.side is Side.DEFENDER and situation.kind is Kind.ASSAULT
    if fortified and situation.fortification and effect.fortified_defence_bonus is not None:
        bonus = max(bonus, effect.fortified_defence_bonus)
    return bonus


@dataclass(frozen=True, slots=True)
class RollSpec:
    sides: int
    modifiers: tuple[tuple[str, int], ...]
    extra_vf_loss: int  # VF the opponent loses whatever the dice (ARCIERE, L2502; R137)
    win_damage: int  # VF the opponent loses more when this roll wins (ALCHIMIA on land, R138)


def roll_spec(force: Force, cards: tuple[CardEffect, ...], situation: Situation) -> RollSpec:
    """The die and modifiers of one side's roll (§2.5). ``cards`` are already checked playable."""
    kind, side = situation.kind, situation.side
    sides = ASSAULT_ATTACK_DIE if kind is Kind.ASSAULT and side is Side.ATTACKER else BASE_DIE
    mods: list[tuple[str, int]] = []
    extra = 0
    for effect in cards:
        if effect.die_steps and effect.step_up and sides in effect.die_steps:
            at = effect.die_steps.index(sides)
            sides = effect.die_steps[min(at + effect.step_up, len(effect.die_steps) - 1)]
        bonus = card_bonus(effect, force, situation)
        if bonus:
            mods.append((effect.name, bonus))
        extra += effect.extra_vf_loss
    if kind is Kind.ASSAULT and side is Side.DEFENDER and situation.fortification:
        mods.append((("Tower", "Fort", "Castle")[situation.fortification - 1], situation.fortification))
    if (
        STRATEGIA in force.technologies
        and not situation.opponent_has_strategia
        and situation.own_vf >= FORCE_RATIO * situation.opponent_vf
    ):
        mods.append(("STRATEGIA 3:1", 1))  # L1746, ex L2988; A-28 cancelled by the opponent's
    if kind is not Kind.ASSAULT and force.bombards:
        mods.append(("Bombard", min(force.bombards, force.lt)))  # L1677, L1800, L2018 (R138)
    if kind is Kind.NAVAL and ALCHIMIA in force.technologies:
        mods.append(("ALCHIMIA", 1))  # L2016
    if force.barbarian and force.captains:
        mods.append(("barbarian Captain", max(c.level for c in force.captains)))  # L2354
    mods.extend(force.extra_modifiers)
    win_damage = 1 if kind is Kind.FIELD and ALCHIMIA in force.technologies else 0
    return RollSpec(sides, tuple(mods), extra, win_damage)


def combat_dice_uses(cards: Mapping[str, EmpireCard] | None = None) -> tuple[DieUse, ...]:
    """Every roll phase ``combat`` makes, as ``phase_dice`` declares them (docs/war.md §5): the
    purposes ``battle.py``, ``battle_naval.py``, ``siege.py``, ``sieges.py`` and ``siege_turns.py``
    roll (``N`` the battle: a number, ``assault T`` or ``siege T``, or a siege's turn; ``R`` the
    round; ``G`` the galley; ``T`` the territory; ``POWER`` the roller) and each one's die sizes.
    A round's die is the base (d4 attacking walls, L1902; d6 otherwise, L1754) raised by the round
    cards' ``die_steps`` (EROINA, L1703): read from ``cards`` when given, else the printed steps."""
    steps = {
        int(size)
        for card in (cards or {}).values()
        if card.timing is Timing.ROUND
        for size in card.params.get("die_steps", ())
    } or set(PRINTED_DIE_STEPS)

    def raised(*base: int) -> tuple[int, ...]:
        above = {s for s in steps if s > min(base)}
        return tuple(sorted({*base, *above}))

    return (
        DieUse("battle N round R attacker POWER", raised(ASSAULT_ATTACK_DIE, BASE_DIE)),
        DieUse("battle N round R defender POWER", raised(BASE_DIE)),
        DieUse("battle N round R capture POWER", tuple(sorted(set(CAPTURE_DIE.values())))),
        DieUse("battle N ram attacker POWER galley G", (RAM_DIE,)),
        DieUse("battle N ram defender POWER galley G", (RAM_DIE,)),
        DieUse("siege T turn N artillery besieger", (ARTILLERY_DIE,)),
        DieUse("siege T turn N artillery besieged", (ARTILLERY_DIE,)),
    )
