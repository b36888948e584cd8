"""Movement's inputs read from the game state (seed 002 L632-633, L1614, L1639, L2033; rulings
R120, R121)."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pacts import Pact, PactKind
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, PowerState, TerritoryState
from adjudicator.rulesets.medioevo.war.movement import check_path
from adjudicator.rulesets.medioevo.war.movement_state import captains_at, mover_of, relations_of, world_of
from adjudicator.rulesets.medioevo.war.transport import Cargo, stats

DATA = default_dataset()


def state(*pacts: Pact, turn: int = 3) -> MedioevoState:
    return MedioevoState(
        ruleset="medioevo",
        ruleset_version="1",
        game="g",
        turn=turn,
        powers={
            "hungary": PowerState(kingdom="hungary", florins=0, techs=("strade",)),
            "poland": PowerState(kingdom="poland", florins=0),
            "venice": PowerState(kingdom="venice", florins=0),
        },
        territories={
            "pest": TerritoryState(owner="hungary", buildings=("village",)),
            "slovacchia": TerritoryState(owner="poland"),
            "austria": TerritoryState(owner="venice"),
        },
        wars=(("hungary", "venice"),),
        pacts=pacts,
        pieces=(
            Piece(owner="venice", kind="galley", number=1, level=1, location="mar_ionio"),
            Piece(owner="venice", kind="galley", number=2, level=1, location="mar_ionio"),
            Piece(owner="hungary", kind="captain", number=1, level=1, location="pest"),
            Piece(owner="hungary", kind="war_wagon", number=1, level=1, location="pest"),
        ),
    )


def test_passage_from_pacts_in_force() -> None:
    """R121 (L632-633): any pact or alliance in force gives passage both ways; a lapsed one none;
    a CONCESSIONE only to its first party."""
    pact = Pact(id=1, kind=PactKind.PACT, parties=("hungary", "poland"), made=1)
    assert relations_of(state(pact)).may_pass("hungary", "poland")
    assert relations_of(state(pact)).may_pass("poland", "hungary")
    lapsed = pact.model_copy(update={"until": 2})
    assert not relations_of(state(lapsed)).may_pass("hungary", "poland")
    concession = pact.model_copy(update={"concession": True})
    assert relations_of(state(concession)).may_pass("hungary", "poland")
    assert not relations_of(state(concession)).may_pass("poland", "hungary")
    assert relations_of(state()).at_war("venice", "hungary")


def test_world_and_mover_from_the_state() -> None:
    """L1614 (settlements and captains ease loading), L2033 (galleys at sea), L1639 (the owner's
    technologies), R120 (a neutral power's land without a pact is closed)."""
    s = state()
    w = world_of(DATA, s)
    assert w.settlements == frozenset({"pest"}) and w.fleets == {"mar_ionio": {"venice": 2}}
    assert captains_at(s, "hungary") == frozenset({"pest"})
    cart = mover_of(s, s.pieces[3], Cargo(armies={"hungary": 3}))
    assert stats(DATA, cart).pm == 8  # 7 + STRADE
    assert not check_path(w, cart, ["slovacchia"]).ok
    pact = Pact(id=1, kind=PactKind.PACT, parties=("hungary", "poland"), made=1)
    assert check_path(world_of(DATA, state(pact)), cart, ["slovacchia"]).ok
