"""The variant MODIFICATORI TERRENO PER BATTAGLIE (seed 002 L3260-3280): the attacker's die by the
ground it attacks from, and the desert's extra VF. Pure: the printed board, battles by hand."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.war.battle import fight
from adjudicator.rulesets.medioevo.war.battle_models import Battle, Force, Kind
from adjudicator.rulesets.medioevo.war.movement_state import world_of
from adjudicator.rulesets.medioevo.war.terrain_battle import direction, terrain_effect, with_terrain
from tests.rules.war_states import war_state

DATA = default_dataset()
WORLD = world_of(DATA, war_state(("hungary",), {}, [], ()))


def test_height_wood_river_and_landing_L3262_L3270() -> None:
    """L3262: from a MONTAGNA on a COLLINA +1 (Slovacchia on Piccola Polonia); L3264: from a
    COLLINA on a MONTAGNA -1 (Svevia on Tirolo); L3266: a defender in a
    BOSCO cancels the bonus (Slovacchia on Boemia); L3268: a FIUME border -1 more (Svevia on
    Franca Contea: -2; Renania on Olanda: +1 -1); L3270: across a STRETTO or from the sea -2."""
    assert direction(WORLD, "slovacchia", "piccola_polonia") == 1
    assert direction(WORLD, "svevia", "tirolo") == -1
    assert direction(WORLD, "slovacchia", "boemia") == 0
    assert direction(WORLD, "svevia", "franca_contea") == -2
    assert direction(WORLD, "renania", "olanda") == 0
    assert direction(WORLD, "svevia", "baviera") == 0
    assert direction(WORLD, "misia", "tracia") == -2  # the strait, though from higher ground
    assert direction(WORLD, "adriatico_meridionale", "zeta") == -2


def test_best_direction_strategia_and_the_desert_L3272_L3278() -> None:
    """L3272: from several directions the best counts; L3278: STRATEGIA takes 1 off a malus;
    L3274-3276: from a desert, or defending in one, 1 VF more lost; LOGISTICA cancels it."""
    both = terrain_effect(WORLD, ["svevia", "slovacchia"], "boemia", ())
    assert both.attacker_modifier == 0  # svevia (hill) on boemia (forest): 0; slovacchia 0 too
    assert terrain_effect(WORLD, ["svevia", "renania"], "lombardia", ()).attacker_modifier == 1
    assert terrain_effect(WORLD, ["svevia"], "tirolo", ("strategia",)).attacker_modifier == 0
    assert terrain_effect(WORLD, ["adriatico_meridionale"], "zeta", ("strategia",)).attacker_modifier == -1
    desert = terrain_effect(WORLD, ["marmarica"], "alessandria", ())
    assert (desert.attacker_desert, desert.target_desert) == (True, True)
    assert not terrain_effect(WORLD, ["marmarica"], "alessandria", ("logistica",)).attacker_desert
    assert terrain_effect(WORLD, [], "alessandria", ()) == terrain_effect(WORLD, [], "pest", ())


def _battle(origins: list[str], target: str, *defender_techs: str) -> Battle:
    battle = Battle(
        number=1,
        kind=Kind.FIELD,
        attackers=(Force("hungary", 10),),
        defenders=(Force("venice", 10, technologies=frozenset(defender_techs)),),
    )
    return with_terrain(battle, WORLD, origins, target)


def test_the_modifier_is_on_the_attacker_s_roll_L3262() -> None:
    """Slovacchia on Piccola Polonia: the attacker's roll shows "terrain +1": equal dice, the
    attacker's total is 1 higher."""
    dice = [3, 3]
    outcome = fight(_battle(["slovacchia"], "piccola_polonia"), Dice(b"t", "T3.war", loaded=dice), DATA.cards)
    first = outcome.rounds[0]
    assert ("terrain", 1) in first.attack.modifiers
    assert first.attack.total == first.defence.total + 1


def test_the_desert_costs_a_vf_a_roll_from_the_second_L3274() -> None:
    """Cirenaica on Alessandria, desert on desert: each side loses 1 VF more at its 2nd roll, none
    at its 1st (L3274); a defender with LOGISTICA does not (L3276). Equal rolls: nobody loses but
    to the desert."""
    loaded = [3, 3, 3, 3]
    bare = fight(_battle(["cirenaica"], "alessandria"), Dice(b"t", "T3.war", loaded=loaded), DATA.cards)
    assert [(r.attacker_loss, r.defender_loss) for r in bare.rounds[:2]] == [(0, 0), (1, 1)]
    kept = _battle(["cirenaica"], "alessandria", "logistica")  # LOGISTICA moves the dice too: flags only
    assert (kept.attackers[0].desert_toll, kept.defenders[0].desert_toll) == (True, False)
