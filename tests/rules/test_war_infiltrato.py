"""INFILTRATO (war/infiltrato.py; seed 002 L2655; R241): the refusals the scenarios ex L2679 and
ex L2681 do not show. Pure: a state by hand, the step run by ``run_scripts``."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.run import run_scripts
from tests.rules.war_states import war_state

DATA = default_dataset()


def game() -> MedioevoState:
    """Hungary at LT I with STRATEGIA; Venice's tower (level I) in Friuli, a galley at sea."""
    places = {"friuli": TerritoryState(owner="venice", armies={"venice": 3}, buildings=("village", "tower"))}
    galley = Piece(owner="venice", kind="galley", number=1, level=1, location="golfo_di_biscaglia")
    state = war_state(("hungary", "venice"), places, (("hungary", "venice"),), (galley,))
    return state.with_power("hungary", cards=("infiltrato",), techs=("strategia",))


def refusal(line: str) -> str:
    sub = parse_war_lines(game(), "hungary", [(1, line)], DATA, strict=False)
    assert not sub.issues, sub.issues
    out = run_scripts(game(), {"hungary": sub.orders}, DATA)
    (result,) = out.results
    assert not result.ok and out.state.powers == game().powers
    return result.reason.message if result.reason else ""


def test_infiltrato_opens_only_walls_below_the_lt_and_reaches_no_ship_at_sea_L2655() -> None:
    """ "una fortificazione con un livello inferiore al tuo LT"; "non in zone di mare aperto"."""
    assert "the walls of friuli are level 1: INFILTRATO opens only below your LT 1" in refusal(
        "PLAY infiltrato ON friuli"
    )
    assert "at open sea in golfo_di_biscaglia" in refusal("PLAY infiltrato ON venice galley 1")
