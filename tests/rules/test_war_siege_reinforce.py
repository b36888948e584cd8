"""Reinforcements for one's own siege (seed 002 ex L1982-1984, L1924, L1966; rulings R160, R223,
R224): a besieger no longer superior in number may bring reinforcements in the next Combat; the
siege's turn waits for them until the end of its sub-turn (or plays at a bare ``SIEGE t`` step),
and only its own transports may join it, by the siege's route. Pure: ``run_scripts`` on states
built by hand."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, Siege, TerritoryState
from adjudicator.rulesets.medioevo.war.events import TransportMoved
from adjudicator.rulesets.medioevo.war.events_sieges import SiegeGoesOn, SiegeLifted
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.records import WarTurn
from adjudicator.rulesets.medioevo.war.run import RunOutcome, run_scripts
from tests.rules.war_states import war_state

DATA = default_dataset()
T = "transilvania"


def besieged(route: str = "land") -> MedioevoState:
    """Turn 3: Hungary's siege of Venice's Castello in Transilvania (since turn 2, by ``route``):
    15 VF, captain 1 and a catapult there against 20 inside, no longer superior (ex L1982); its
    cart 1 waits in Bihar next door with 10 VF aboard."""
    pieces = (
        Piece(owner="hungary", kind="captain", number=1, level=2, location=T),
        Piece(owner="hungary", kind="siege", number=1, level=1, location=T),
        Piece(owner="hungary", kind="war_wagon", number=1, level=1, location="bihar", vf=10),
    )
    territories = {
        "pest": TerritoryState(owner="hungary"),
        "bihar": TerritoryState(owner="hungary"),
        T: TerritoryState(owner="venice", armies={"hungary": 15, "venice": 20}, buildings=("castle",)),
    }
    state = war_state(("hungary", "venice"), territories, [("hungary", "venice")], pieces, war=WarTurn())
    return state.with_siege(T, Siege(territory=T, by="hungary", since=2, captain=1, route=route))


def run(state: MedioevoState, script: str) -> RunOutcome:
    lines = list(enumerate(script.strip().splitlines(), 1))
    sub = parse_war_lines(state, "hungary", lines, DATA, strict=False)
    assert not sub.issues, sub.issues
    return run_scripts(state, {"hungary": sub.orders}, DATA, Dice(b"r" * 32, "T3.war", loaded=[]))


def test_reinforcements_moved_in_keep_the_siege_going_ex_L1984_R223_R224() -> None:
    """Ex 002 L1984 (R223, R224): at the start of Hungary's sub-turn its 15 VF are not more than
    the 20 inside, so the siege waits; its cart brings 10 VF into the territory it besieges (a
    move into an enemy's land, allowed to its own siege by land), and at the end of the sub-turn
    the siege goes on: 25 against 20, the catapult takes the Castello down to a Fortilizio."""
    out = run(besieged(), "MOVE cart 1 TO transilvania")
    assert [r.ok for r in out.results] == [True], out.results
    moved, went_on = out.events
    assert isinstance(moved, TransportMoved) and moved.path[-1] == T
    assert isinstance(went_on, SiegeGoesOn) and (went_on.siege_turn, went_on.level) == (2, 2)
    assert out.state.sieges and out.state.territories[T].buildings == ("fort",)
    assert out.state.piece("hungary", "captain", 1).level == 2  # type: ignore[union-attr]


def test_without_reinforcements_the_waiting_siege_is_lifted_at_the_end_ex_L1982_R112() -> None:
    """Ex 002 L1982-1984 (R112, R223): a bare ``SIEGE t`` with nobody new is refused with the
    reason, and at the end of the sub-turn the siege is lifted, its captain losing a level
    (L1780)."""
    out = run(besieged(), "SIEGE transilvania")
    (result,) = out.results
    assert result.reason is not None and "15 VF are not more than the 20 besieged" in result.reason.message
    assert out.state.sieges == () and isinstance(out.events[-1], SiegeLifted)
    assert out.state.piece("hungary", "captain", 1).level == 1  # type: ignore[union-attr]


def test_reinforcements_join_only_by_the_siege_s_route_R224_R120() -> None:
    """R224, R120, L1655: a siege by sea lets the besieger's ships in, not its carts; the land
    transport is refused as any move into an enemy's land (and the siege is then lifted)."""
    out = run(besieged("sea"), "MOVE cart 1 TO transilvania")
    (result,) = out.results
    assert result.reason is not None and "taken by an attack, not a move (L1655)" in result.reason.message
    assert out.state.piece("hungary", "war_wagon", 1).location == "bihar"  # type: ignore[union-attr]
