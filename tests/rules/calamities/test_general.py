"""The general rules of the calamities (seed 002 L1138-1140): no army left takes the pieces and,
in the Papal State, the Pope; a calamity damaging the Papal State makes the Pope roll."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.calamity.dice import calamity_dice_uses
from adjudicator.rulesets.medioevo.calamity.events import PopeDied, PopeSpared
from adjudicator.rulesets.medioevo.church.papacy import POPE_DIE
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, PowerState
from tests.rules.calamities.board import DATA, board, land, strike, told

ROME = "stato_della_chiesa"


def papal(vf: int, *pieces: Piece) -> MedioevoState:
    state = board({"france": ()}, {ROME: land("france", "village", vf=vf)}, pieces=pieces)
    return state.with_power("france", pope=True)


def test_no_army_left_in_the_papal_state_the_pope_dies_L1138() -> None:
    """L1138: the earthquake (1-2 at the centre: its Village damaged, 1 VF) kills the only VF in the
    Papal State: the Pope dies, and the captain there goes too; no roll of L1140 is left to make."""
    captain = Piece(owner="france", kind="captain", number=1, level=1, location=ROME)
    state = papal(1, captain)
    (after, events), dice = strike("terremoto", "e08", state, 1, red=(ROME,))
    assert after.powers["france"].pope is False
    assert after.pieces == ()
    assert told(events, PopeDied) == [
        "The Pope (france) dies: every army in the Papal State was killed (L1138) (TERREMOTO). "
        "No power is Pope until a new one is elected"
    ]
    assert [r.purpose for r in dice.rolls] == ["quake"]


def test_the_pope_rolls_when_the_papal_state_is_damaged_L1140() -> None:
    """L1140: the Papal State damaged in the 1st turn: the Pope dies on a 6 only."""
    (after, events), _ = strike("terremoto", "e08", papal(5), 1, 5, red=(ROME,))
    assert after.powers["france"].pope is True
    assert told(events, PopeSpared) == [
        "TERREMOTO strikes the Papal State: the Pope (france) rolls 5, needing less than 6 to live, "
        "and lives (L1140)"
    ]
    (after, events), _ = strike("terremoto", "e08", papal(5), 1, 6, red=(ROME,))
    assert after.powers["france"].pope is False
    assert isinstance(after.powers["france"], PowerState)
    assert len(told(events, PopeDied)) == 1


def test_one_pope_die_for_the_calamities_and_the_church_L1140() -> None:
    """L1140 is rolled by the Church's die (church/papacy.py ``POPE_DIE``) wherever a calamity
    damages the Papal State, and declared under that purpose for the Events phase; a Pope whose
    power no longer holds the Papal State is not there and does not roll."""
    (_, _), dice = strike("terremoto", "e08", papal(5), 1, 5, red=(ROME,))
    assert [r.purpose for r in dice.rolls] == ["quake", POPE_DIE]
    purposes = {use.purpose for use in calamity_dice_uses(DATA, 4)}
    assert POPE_DIE in purposes and "pope survival" not in purposes
    away = papal(5).with_territory(ROME, owner=None, armies={"barbarians": 5})
    (after, _), dice = strike("terremoto", "e08", away, 1, 5, red=(ROME,))
    assert [r.purpose for r in dice.rolls] == ["quake"] and after.powers["france"].pope
