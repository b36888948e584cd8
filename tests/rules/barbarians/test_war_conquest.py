"""A power's ATTACK takes barbarian land in the war (seed 002 L2356-2362): the Treasure card for a
fallen level-II Captain and the activation of the neighbouring and same-kingdom barbarians."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.barbarians.news import BarbariansActivated, TreasureDrawn
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import BARBARIANS, TerritoryState
from tests.rules.test_war_attack_run import events, game, run
from tests.rules.test_war_conquest_run import at_banato


def test_taking_rascia_wakes_serbia_and_pays_a_treasure():
    """Rascia holds 2 barbarian VF and a level-II Captain; Zeta (Serbia too) 1 VF and Vidin
    (bordering) 1 VF. Hungary takes Rascia: the Captain falls and Hungary draws a Treasure card
    (L2358); Zeta and Vidin gain 1 VF each at once (L2362)."""
    state = at_banato(game(cart_vf=15, venice=3))
    lands = {
        "rascia": TerritoryState(armies={BARBARIANS: 2}),
        "zeta": TerritoryState(armies={BARBARIANS: 1}),
        "vidin": TerritoryState(armies={BARBARIANS: 1}),
    }
    chief = Piece(owner=BARBARIANS, kind="captain", number=1, level=2, location="rascia")
    state = state.evolve(territories={**state.territories, **lands}, pieces=(*state.pieces, chief))
    out, _ = run(state, [6, 1, 1, 1], "ATTACK rascia FROM cart 1 WITH captain 1")
    assert out.state.territories["rascia"].owner == "hungary"
    assert not [p for p in out.state.pieces if p.owner == BARBARIANS]
    (found,) = events(out, TreasureDrawn)
    assert found.power == "hungary" and out.state.powers["hungary"].florins == found.florins
    (woke,) = events(out, BarbariansActivated)
    assert woke.added == {"vidin": 1, "zeta": 1}
    assert out.state.territories["zeta"].armies == {BARBARIANS: 2}


def test_pirate_ships_move_before_each_powers_combat_turn():
    """L2338, L1402, ex L1426: before each power's combat turn, scripts or none, every barbarian
    ship moves one step (here twice: two powers)."""
    from adjudicator.core.dice import Dice
    from adjudicator.rulesets.medioevo.barbarians.news import BarbarianShipMoved
    from adjudicator.rulesets.medioevo.war.run import run_scripts
    from tests.rules.test_war_attack_run import DATA

    galley = Piece(owner=BARBARIANS, kind="galley", number=1, level=1, location="mar_ionio", vf=4)
    state = game().evolve(pieces=(*game().pieces, galley))
    out = run_scripts(state, {}, DATA, Dice(seed=b"p", namespace="T3.war", loaded=[1, 1]))
    moved = [(e.before, e.start) for e in out.events if isinstance(e, BarbarianShipMoved)]
    assert moved == [("hungary", "mar_ionio"), ("venice", moved[1][1])] and moved[1][1] != "mar_ionio"
