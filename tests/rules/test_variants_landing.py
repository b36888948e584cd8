"""The variant ATTRACCO DIFFICOLTOSO (seed 002 L3194-3198, ex L3228), wired to the game option:
a galley attacking from the sea pays the target's terrain in PM, and loading outside a port pays
the coast's (the pure rule: tests/rules/test_war_loading.py ``test_rough_landing_variant``)."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.variants import DIFFICULT_LANDING, TERRAIN_MODIFIERS
from adjudicator.rulesets.medioevo.war.cargo_state import mover_in, spend
from adjudicator.rulesets.medioevo.war.events import BattleFought
from adjudicator.rulesets.medioevo.war.movement_state import world_of
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.run import RunOutcome, run_scripts
from adjudicator.rulesets.medioevo.war.transport import left
from tests.rules.war_states import war_state

DATA = default_dataset()
SEA = "adriatico_meridionale"  # off Zeta, a MOUNTAIN with a port


def game(*variants: str, spent: int = 0) -> MedioevoState:
    """Hungary's galley 1 off Zeta with captain 1 and 10 VF aboard; Venice holds Zeta with 2."""
    galley = Piece(owner="hungary", kind="galley", number=1, level=1, location=SEA, vf=10)
    captain = Piece(owner="hungary", kind="captain", number=1, level=1, location=SEA, aboard="galley/1")
    state = war_state(
        ("hungary", "venice"),
        {
            "pest": TerritoryState(owner="hungary"),
            "zeta": TerritoryState(owner="venice", armies={"venice": 2}),
        },
        [("hungary", "venice")],
        (galley, captain),
        variants=variants,
    )
    return spend(state, galley, spent) if spent else state


def attack(state: MedioevoState) -> RunOutcome:
    sub = parse_war_lines(
        state, "hungary", [(1, "ATTACK zeta FROM galley 1 WITH captain 1")], DATA, strict=False
    )
    assert not sub.issues, sub.issues
    return run_scripts(state, {"hungary": sub.orders}, DATA, Dice(b"landing", "T3.war", loaded=[6, 1]))


def test_the_option_sets_the_movement_s_rough_landing_L3196() -> None:
    assert not world_of(DATA, game()).rough_landing
    assert world_of(DATA, game(DIFFICULT_LANDING)).rough_landing


def test_a_seaborne_attack_pays_the_target_s_terrain_ex_L3228() -> None:
    """Ex L3228: attacking from the sea a MOUNTAIN territory costs 3 PM (plain 1, hill 2); without
    the variant, entering its port 1 (L1667)."""
    plain = attack(game())
    rough = attack(game(DIFFICULT_LANDING))
    assert [r.ok for r in plain.results] == [True] and [r.ok for r in rough.results] == [True]
    assert (paid(plain), paid(rough)) == (1, 3)


def test_a_galley_short_of_the_landing_pm_may_not_attack_L3198() -> None:
    """With 2 PM left a galley may enter Zeta's port to attack (1 PM), not pay its mountain (3)."""
    fresh = game()
    pm = left(DATA, mover_in(fresh, DATA, fresh.pieces[0]))  # a level-I galley's PM, pieces.toml
    assert [r.ok for r in attack(game(spent=pm - 2)).results] == [True]
    (refused,) = attack(game(DIFFICULT_LANDING, spent=pm - 2)).results
    assert not refused.ok and refused.reason is not None
    assert (
        "has 2 PM left, needs 3 to attack zeta from the sea (ATTRACCO DIFFICOLTOSO, L3198)"
        in refused.reason.message
    )


def paid(out: RunOutcome) -> int:
    """The PM the galley spent this phase."""
    return sum(out.state.war.spent.values()) if out.state.war else 0


def test_a_landing_attack_rolls_at_minus_two_with_the_terrain_variant_L3270() -> None:
    """MODIFICATORI TERRENO PER BATTAGLIE (L3270): landing from the sea, the attacker's die -2,
    told in the battle's rounds; without the variant no terrain modifier."""
    words = {}
    for on in ((), (TERRAIN_MODIFIERS,)):
        out = attack(game(*on))
        (battle,) = [e for e in out.events if isinstance(e, BattleFought)]
        words[on] = " ".join(battle.rounds)
    assert "terrain" not in words[()]
    assert "d6 6 -2 terrain = 4" in words[(TERRAIN_MODIFIERS,)]
