"""A besieged fortification shuts transports in and out on the besieged side (seed 002
L1968-1970, L1994-1996, ex L1974): ``war/moves.py: siege_shut`` on the MOVE step, through the
compressed-mode runner with scripts read by ``parse_war_lines``."""

from __future__ import annotations

import pytest

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, Siege, TerritoryState
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.run import RunOutcome, run_scripts
from tests.rules.war_states import war_state

DATA = default_dataset()
PORT = "costantinopoli"
SCRIPT = "MOVE cart 1, caravan 1 TO tracia\nMOVE galley 1, merchant 1 TO mar_nero_occidentale"


def besieged(route: str) -> MedioevoState:
    """Byzantium's Costantinopoli besieged by Genoa (``route``); a caravan with a war cart and a
    merchant ship with a galley of Byzantium's there (commercial transports move in combat only with
    a war transport, L1598), 1 VF aboard each (L1628); Genoa's galley in the port."""
    pieces = (
        Piece(owner="byzantium", kind="war_wagon", number=1, level=1, location=PORT, vf=1),
        Piece(owner="byzantium", kind="galley", number=1, level=1, location=PORT, vf=1),
        Piece(owner="byzantium", kind="caravan", number=1, level=1, location=PORT, vf=1),
        Piece(owner="byzantium", kind="merchant", number=1, level=1, location=PORT, vf=1),
        Piece(owner="genoa", kind="galley", number=1, level=1, location=PORT, vf=5),
    )
    lands = {
        PORT: TerritoryState(owner="byzantium", armies={"byzantium": 5}, buildings=("castle",)),
        "tracia": TerritoryState(owner="byzantium"),
    }
    state = war_state(("byzantium", "genoa"), lands, [("genoa", "byzantium")], pieces)
    return state.with_siege(PORT, Siege(territory=PORT, by="genoa", since=2, captain=None, route=route))


def run(state: MedioevoState, power: str, script: str) -> RunOutcome:
    sub = parse_war_lines(state, power, list(enumerate(script.splitlines(), 1)), DATA, strict=False)
    assert not sub.issues, sub.issues
    return run_scripts(state, {power: sub.orders}, DATA, Dice(b"s" * 32, "T3.combat"))


@pytest.mark.parametrize(
    ("route", "moved"), [("sea", [True, False]), ("land", [False, True]), ("both", [False, False])]
)
def test_a_siege_by_sea_lets_a_caravan_go_and_keeps_a_merchant_ship_ex_L1974(
    route: str, moved: list[bool]
) -> None:
    """Ex L1974 (L1968-1970, L1996): besieged by sea, the caravan leaves by land and the merchant
    ship must stay; by land the reverse; by both neither moves, and the refusal says why."""
    out = run(besieged(route), "byzantium", SCRIPT)
    assert [r.ok for r in out.results] == moved, out.results
    for r in out.results:
        if not r.ok:
            assert r.reason is not None and f"Costantinopoli is besieged by {route}" in r.reason.message
    caravan = out.state.piece("byzantium", "caravan", 1)
    assert caravan is not None and (caravan.location == "tracia") is moved[0]


def test_the_besieger_s_own_ships_are_not_shut_in_and_nobody_sails_in_L1970() -> None:
    """L1970: the besieger's fleet is the siege, it may sail off; another power's ship may not enter
    the besieged port by sea."""
    out = run(besieged("sea"), "genoa", "MOVE galley 1 TO mar_nero_occidentale")
    assert out.results[0].ok, out.results
    outside = besieged("sea")
    for p in (*outside.pieces_of("byzantium", "merchant"), *outside.pieces_of("byzantium", "galley")):
        outside = outside.with_piece(p, location="mar_nero_occidentale")
    back = run(outside, "byzantium", f"MOVE galley 1, merchant 1 TO {PORT}")
    assert not back.results[0].ok and "besieged by sea" in (back.results[0].reason.message or "")  # type: ignore[union-attr]
