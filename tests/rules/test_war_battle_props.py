"""Battle invariants over generated battles (seed 002 L1758-L1772, L2010, L2059)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.war.battle import fight
from adjudicator.rulesets.medioevo.war.battle_models import (
    Battle,
    BattlePlan,
    Captain,
    Force,
    Kind,
    Side,
    Withdraw,
)
from tests.rules.war_battle import CARDS, declared

# --- invariants (hypothesis) ---------------------------------------------------------------------

ROUND_CARDS = ("ARCIERE", "BALESTRIERE", "CONDOTTIERO", "EROINA", "GENIO", "MONACO", "TEMPLARE")
TECHS = ("strategia", "tattica", "alchimia", "ingegneria", "matematica", "misticismo", "monoteismo")


@st.composite
def forces(draw: st.DrawFn, power: str, side: Side) -> Force:
    lt = draw(st.integers(1, 3))
    hand = tuple(draw(st.lists(st.sampled_from(ROUND_CARDS), unique=True, max_size=5)))
    rounds = tuple(
        tuple(draw(st.lists(st.sampled_from(ROUND_CARDS), unique=True, max_size=lt)))
        for _ in range(draw(st.integers(0, 3)))
    )
    withdraw = Withdraw(
        after_rounds=draw(st.none() | st.integers(1, 6)),
        below_vf=draw(st.none() | st.integers(1, 20)),
        before_battle=side is Side.DEFENDER and draw(st.integers(0, 9)) == 0,
    )
    return Force(
        power=power,
        vf=draw(st.integers(1, 60)),
        lt=lt,
        technologies=frozenset(draw(st.lists(st.sampled_from(TECHS), unique=True, max_size=4))),
        hand=hand,
        plan=BattlePlan(rounds=rounds, withdraw=withdraw),
        captains=tuple(
            Captain(f"{power}{i}", draw(st.integers(1, 3))) for i in range(draw(st.integers(0, 2)))
        ),
        cathedrals=draw(st.integers(0, 1)),
        bombards=draw(st.integers(0, 2)),
        galleys=tuple(draw(st.lists(st.integers(1, 3), max_size=2))),
        transports=draw(st.integers(0, 3)),
        owner=side is Side.DEFENDER and power == "d0",
        joins=draw(st.integers(0, 5)) > 0,
        buildings_here=draw(st.booleans()),
        barbarian=side is Side.DEFENDER and draw(st.integers(0, 5)) == 0,
    )


@st.composite
def battles(draw: st.DrawFn) -> Battle:
    kind = draw(st.sampled_from(list(Kind)))
    return Battle(
        number=draw(st.integers(1, 9)),
        kind=kind,
        attackers=tuple(draw(forces(f"a{i}", Side.ATTACKER)) for i in range(draw(st.integers(1, 2)))),
        defenders=tuple(draw(forces(f"d{i}", Side.DEFENDER)) for i in range(draw(st.integers(1, 3)))),
        fortification=draw(st.integers(0, 3)) if kind is Kind.ASSAULT else 0,
        buildings=draw(st.booleans()),
        in_port=draw(st.booleans()),
        ground=draw(st.booleans()),
    )


@settings(max_examples=150, deadline=None)
@given(battle=battles(), seed=st.binary(min_size=4, max_size=8))
def test_vf_are_never_negative_always_accounted_for_and_the_same_dice_fight_the_same_battle(
    battle: Battle, seed: bytes
) -> None:
    """VF never negative; every VF that started is left, lost, retreated or captured (L1758-L1772,
    L2059); each roll's losses within what the sides had; the same seed gives the same battle;
    every die rolled is one ``combat_dice_uses`` declares (docs/war.md §5)."""
    dice = Dice(seed=seed, namespace="prop")
    out = fight(battle, dice, CARDS)
    assert [(r.purpose, r.sides) for r in dice.rolls if not declared(r.purpose, r.sides)] == []
    for f in out.forces:
        assert min(f.vf_left, f.lost, f.retreated, f.captured, f.prisoners) >= 0
        assert f.vf_start == f.vf_left + f.lost + f.retreated + f.captured
    lost = sum(f.lost for f in out.forces)
    assert (
        sum(r.attacker_loss + r.defender_loss for r in out.rounds)
        + (out.ramming.attacker_loss + out.ramming.defender_loss if out.ramming else 0)
        == lost
    )
    captured = sum(f.captured for f in out.forces)
    taken = sum(f.prisoners for f in out.forces)
    assert taken <= lost + captured
    assert fight(battle, Dice(seed=seed, namespace="prop"), CARDS) == out
