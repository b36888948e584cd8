"""The crusade army's march (seed 002 L1508-1514, R323): at the start of each Combat phase while the
crusade marches, the Pope moves every crusader's transport standing with the army, together,
towards the objective, as far as the slowest one's PM go."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.church import crusade_march, crusade_plan
from adjudicator.rulesets.medioevo.church.events import CrusadeNews
from adjudicator.rulesets.medioevo.church.papacy import church_of, with_church
from adjudicator.rulesets.medioevo.church.records import MARCHING
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.cargo_state import mover_in, spend
from adjudicator.rulesets.medioevo.war.transport import left
from adjudicator.rulesets.medioevo.war.window import resolve_combat
from tests.rules.church_support import DATA, dice, economy
from tests.rules.test_church_crusade import CONSTANTINOPLE, POPE, called, planned

WAGON = "war_wagon"


def marching(*loaded: tuple[str, int]) -> MedioevoState:
    """The crusade on Constantinople from Pest, marching; each (power, VF) puts that many of its
    VF in Pest aboard its war wagon there."""
    name = DATA.board.territories[CONSTANTINOPLE].name
    state = planned(called(economy(POPE)), f"CRUSADE TO {name} FROM Pest IN 1 TURN MIN 10 VF")
    state, _, _ = crusade_plan.sides(state, {}, DATA, [])
    crusade = church_of(state).crusade
    assert crusade is not None
    state = with_church(state, crusade=crusade.model_copy(update={"stage": MARCHING}))
    for power, vf in loaded:
        wagon = next(p for p in state.pieces if p.owner == power and p.kind == WAGON)
        state = state.with_piece(wagon, location="pest", vf=vf)
        armies = dict(state.territories["pest"].armies)
        armies[power] = armies.get(power, 0) - vf
        state = state.with_territory("pest", armies={p: n for p, n in armies.items() if n > 0})
    return state


def news(events: tuple | list) -> list[str]:
    return [e.summary() for e in events if isinstance(e, CrusadeNews)]


def test_the_pope_moves_the_army_at_the_start_of_combat_L1510_L1512() -> None:
    """L1510-1512: the Combat begins with the Pope's move: Hungary's wagon leaves Pest for the
    border of the defender's land, every step bringing it nearer Constantinople; once a phase."""
    state = marching(("hungary", 10))
    outcome = resolve_combat(state, {}, dice(), DATA)
    after = outcome.state
    wagon = next(p for p in after.pieces if p.owner == "hungary" and p.kind == WAGON)  # type: ignore[attr-defined]
    assert wagon.location == "dobrugia" and wagon.vf == 10
    assert church_of(after).crusade.at == "dobrugia"  # type: ignore[arg-type, union-attr]
    assert news(outcome.events) == [
        "crusade march: the Pope moves the army (hungary's cart 1): Pest - Banato - Valacchia - Dobrugia "
        "(L1510-1514)"
    ]
    again = resolve_combat(after, {}, dice(), DATA)  # type: ignore[arg-type]
    assert news(again.events) == []  # once a Combat phase
    later = resolve_combat(after.evolve(turn=after.turn + 1, war=None), {}, dice(), DATA)  # type: ignore[attr-defined]
    assert news(later.events) == [
        "crusade march: the army stands next to costantinopoli: the crusaders attack it with their orders "
        "(L1520)"
    ]


def test_the_army_stops_with_its_slowest_transport_L1514() -> None:
    """L1514: the Empire's wagon has 3 PM left: the whole army stops in Valacchia with it."""
    state = marching(("hungary", 10), ("holy_roman_empire", 5))
    slow = next(p for p in state.pieces if p.owner == POPE and p.kind == WAGON)
    state = spend(state, slow, left(DATA, mover_in(state, DATA, slow)) - 3)
    after, events = crusade_march.march(state, DATA)
    assert {p.location for p in after.pieces if p.kind == WAGON and p.vf} == {"valacchia"}
    assert news(events) == [
        "crusade march: the Pope moves the army (holy_roman_empire's cart 1, hungary's cart 1): "
        "Pest - Banato - Valacchia (L1510-1514)"
    ]


def test_no_army_no_march_and_an_empty_wagon_stays() -> None:
    """L1628: a transport moves with its owner's VF aboard; without one the army has no transport."""
    state = marching()
    after, events = crusade_march.march(state, DATA)
    assert events == [] and church_of(after).crusade.at is None  # type: ignore[union-attr]
