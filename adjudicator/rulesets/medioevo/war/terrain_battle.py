"""The variant MODIFICATORI TERRENO PER BATTAGLIE (seed 002 L3260-3280; game option
``variant_terrain_modifiers``): the ground changes an ATTACK's field battle.

* The attacker's die (L3262-3272): +1 attacking from higher ground (MONTAGNA over COLLINA over
  PIANURA), -1 from lower ground; a defender in a BOSCO (forest) cancels the attacker's terrain
  bonus (L3266); -1 more across a FIUME border (L3268); -2 landing from the sea or crossing a
  STRETTO (L3270; in place of the rest, ruling R345). From several directions the attacker takes
  its best (L3272). STRATEGIA reduces a malus by 1 (L3278).
* The DESERTO (L3274-3276): the side attacking from, or defending in, a desert loses 1 VF more at
  each of its rolls from the second on; LOGISTICA cancels it for its owner.

FORESTA and DESERTO count as PIANURA for the height (L3262-3264 name only three levels; R345).
The battles of a siege are fought in the defender's territory by both sides (L3280): none of
this applies to them, nor to the battles at the walls; only to an ATTACK's field battle.
Pure: the board as movement sees it (``World``) in, the modifiers out.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

from adjudicator.rulesets.medioevo.board import Terrain
from adjudicator.rulesets.medioevo.war.battle_models import Battle
from adjudicator.rulesets.medioevo.war.transport import World

HEIGHT = {Terrain.MOUNTAIN: 2, Terrain.HILL: 1}  # L3262-3264: the rest is level ground
LANDING_MALUS = -2  # L3270: "sta sbarcando o sta attraversando uno stretto"
RIVER_MALUS = -1  # L3268
LOGISTICA, STRATEGIA = "logistica", "strategia"


@dataclass(frozen=True)
class TerrainEffect:
    """The attacker's die modifier, whether it pays the desert's extra VF, and whether the target
    is a desert (each defender pays unless it has LOGISTICA)."""

    attacker_modifier: int = 0
    attacker_desert: bool = False
    target_desert: bool = False


def direction(world: World, origin: str, target: str) -> int:
    """The attacker's modifier for attacking ``target`` from ``origin`` (a territory or sea zone)."""
    board = world.data.board
    if origin not in board.territories or world.strait(origin, target) is not None:
        return LANDING_MALUS
    here, there = board.territories[origin].terrain, board.territories[target].terrain
    step = HEIGHT.get(here, 0) - HEIGHT.get(there, 0)
    modifier = (step > 0) - (step < 0)
    if modifier > 0 and there is Terrain.FOREST:
        modifier = 0  # L3266: the wood cancels the attacker's bonus
    return modifier + (RIVER_MALUS if world.river(origin, target) is not None else 0)


def terrain_effect(
    world: World, origins: Collection[str], target: str, attacker_techs: Collection[str]
) -> TerrainEffect:
    """The ground's effects on an attack from ``origins`` (where the attacking transports stood;
    none when they were in the target already, L3280 by analogy) on ``target``."""
    board = world.data.board
    if not origins:
        return TerrainEffect()
    best = max(direction(world, o, target) for o in origins)
    if best < 0 and STRATEGIA in attacker_techs:
        best += 1  # L3278
    from_desert = all(
        o in board.territories and board.territories[o].terrain is Terrain.DESERT for o in origins
    )
    return TerrainEffect(
        attacker_modifier=best,
        attacker_desert=from_desert and LOGISTICA not in attacker_techs,
        target_desert=board.territories[target].terrain is Terrain.DESERT,
    )


def with_terrain(battle: Battle, world: World, origins: Collection[str], target: str) -> Battle:
    """``battle`` with the ground's effects on its forces: the attacker's modifier (named
    "terrain" among the roll's modifiers) and the desert's toll on the sides it touches, each
    defender judged by its own LOGISTICA (L3276)."""
    attacker = battle.attackers[0]
    effect = terrain_effect(world, origins, target, attacker.technologies)
    mods = (("terrain", effect.attacker_modifier),) if effect.attacker_modifier else ()
    first = replace(
        attacker, extra_modifiers=(*attacker.extra_modifiers, *mods), desert_toll=effect.attacker_desert
    )
    defenders = tuple(
        replace(d, desert_toll=effect.target_desert and LOGISTICA not in d.technologies)
        for d in battle.defenders
    )
    return replace(battle, attackers=(first, *battle.attackers[1:]), defenders=defenders)
