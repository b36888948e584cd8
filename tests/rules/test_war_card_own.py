"""CONESTABILE (war/card_own.py; seed 002 L2608-2612, L872, L1727; R239): the branches the
scenario ex L2584 does not take; MARESCIALLO (L2707-2708, ex L2687; R335). Pure: a state by
hand, the step run by ``run_scripts``, the end of the turn by ``dismiss_levies``."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.war.captains import refusal
from adjudicator.rulesets.medioevo.war.card_own import dismiss_levies
from adjudicator.rulesets.medioevo.war.cargo_state import pm_left
from adjudicator.rulesets.medioevo.war.events_aftermath import LevyDismissed
from adjudicator.rulesets.medioevo.war.invariants import problems
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.records import WarTurn
from adjudicator.rulesets.medioevo.war.run import RunOutcome, run_scripts
from adjudicator.rulesets.medioevo.war.siege_state import attacks_left
from tests.rules.war_states import war_state

DATA = default_dataset()


def game() -> MedioevoState:
    """Hungary at LT I (one captain allowed, L872) already holds captain 1, level III."""
    places = {
        "pest": TerritoryState(owner="hungary", armies={"hungary": 10}),
        "bihar": TerritoryState(owner="hungary", armies={"hungary": 1}),
    }
    captain = Piece(owner="hungary", kind=CAPTAIN, number=1, level=3, location="pest")
    state = war_state(("hungary",), places, (), (captain,), war=WarTurn())
    return state.with_power("hungary", cards=("conestabile", "conestabile"), piece_serials={CAPTAIN: 1})


def run(state: MedioevoState, *lines: str) -> RunOutcome:
    sub = parse_war_lines(state, "hungary", list(enumerate(lines, 1)), DATA, strict=True)
    assert not sub.issues, sub.issues
    return run_scripts(state, {"hungary": sub.orders}, DATA)


def reason(out: RunOutcome, n: int) -> str:
    r = out.results[n]
    return r.reason.message if r.reason else ""


def test_a_captain_made_over_the_limit_leaves_at_the_end_of_the_turn_L2608() -> None:
    """ "se superi il numero massimo di Capitani che puoi tenere, eliminalo a fine turno": the
    new captain stands until the aftermath, then goes; the VF it came from stays spent."""
    out = run(game(), "PLAY conestabile ON pest")
    assert out.results[0].ok and "over the 1 captains of its LT" in out.results[0].note
    assert out.state.territories["pest"].armies == {"hungary": 9}
    assert [p.number for p in out.state.pieces_of("hungary", CAPTAIN)] == [1, 2]
    after, events = dismiss_levies(out.state, DATA)
    assert [p.number for p in after.pieces_of("hungary", CAPTAIN)] == [1]
    assert [e.captain for e in events if isinstance(e, LevyDismissed)] == ["captain 2"]
    assert after.territories["pest"].armies == {"hungary": 9}


def test_a_captain_made_over_the_limit_stays_if_another_fell_L2608() -> None:
    """Captain 1 lost in battle meanwhile: the power is within its limit at the turn's end."""
    out = run(game(), "PLAY conestabile ON pest")
    fallen = out.state.evolve(pieces=tuple(p for p in out.state.pieces if p.number != 1))
    after, events = dismiss_levies(fallen, DATA)
    assert [p.number for p in after.pieces_of("hungary", CAPTAIN)] == [2] and events == []


def test_conestabile_raises_a_captain_to_iii_at_most_and_needs_a_vf_that_stays_L2610() -> None:
    state = game()
    state = state.with_piece(state.pieces[0], level=2)
    out = run(state, "PLAY conestabile ON captain 1", "PLAY conestabile ON captain 1")
    assert out.results[0].ok and out.state.pieces[0].level == 3
    assert "captain 1 is already level III" in reason(out, 1)
    assert out.state.powers["hungary"].cards == ("conestabile",)
    out = run(game(), "PLAY conestabile ON bihar")
    assert "you have 1 VF on the ground in bihar: one must stay with the captain" in reason(out, 0)
    assert out.state.powers["hungary"].cards == ("conestabile", "conestabile")


def marshal_game(*techs: str) -> MedioevoState:
    """Ex L2687: the Mamluks' level-III war wagon (9 PM) with a level-III captain and 40 VF aboard
    has spent its 9 PM and the captain its 3 attacks (Armenia, Ponto, Georgia) this phase."""
    wagon = Piece(owner="mamluks", kind="war_wagon", number=1, level=3, location="georgia", vf=40)
    captain = Piece(
        owner="mamluks", kind=CAPTAIN, number=1, level=3, location="georgia", aboard="war_wagon/1"
    )
    turn = WarTurn(
        spent={"mamluks/war_wagon/1": 9},
        attacks={"mamluks/captain/1": 3},
        start_level={"mamluks/captain/1": 3},
    )
    places = {"georgia": TerritoryState(owner="mamluks")}
    state = war_state(("mamluks",), places, (), (wagon, captain), war=turn)
    return state.with_power("mamluks", cards=("maresciallo",), techs=techs)


def test_maresciallo_gives_the_convoy_pm_by_its_captain_and_an_attack_with_strategia_ex_L2687() -> None:
    """Ex L2687 (MARESCIALLO, L2707: "aggiungi 1/2/3 PM al movimento di un convoglio con Capitano in
    base al suo livello se possiedi TATTICA e 1 attacco extra con lo stesso Capitano se possiedi
    STRATEGIA"): played on the wagon, 3 PM more and a 4th attack, so Circassia can be attacked;
    the card is discarded. Without STRATEGIA only the PM."""
    state = marshal_game("tattica", "strategia")
    captain = state.pieces_of("mamluks", CAPTAIN)[0]
    assert pm_left(state, DATA, "mamluks", "cart 1") == 0 and attacks_left(state, captain) == 0
    assert refusal(state, [captain], DATA) is not None
    out = run_as(state, "mamluks", "PLAY maresciallo ON cart 1")
    assert out.results[0].ok, reason(out, 0)
    assert pm_left(out.state, DATA, "mamluks", "cart 1") == 3
    assert attacks_left(out.state, captain) == 1 and refusal(out.state, [captain], DATA) is None
    assert out.state.powers["mamluks"].cards == () and "maresciallo" in out.state.discards
    assert problems(out.state, DATA) == []  # the 9 PM spent are within the wagon's 12 now
    tactics = run_as(marshal_game("tattica"), "mamluks", "PLAY maresciallo ON captain 1")
    assert tactics.results[0].ok and pm_left(tactics.state, DATA, "mamluks", "cart 1") == 3
    assert attacks_left(tactics.state, captain) == 0


def test_maresciallo_needs_tattica_and_a_convoy_with_a_captain_L2707() -> None:
    state = marshal_game()
    out = run_as(state, "mamluks", "PLAY maresciallo ON cart 1")
    assert not out.results[0].ok and "TATTICA" in reason(out, 0).upper()
    alone = marshal_game("tattica")
    alone = alone.with_piece(alone.pieces_of("mamluks", CAPTAIN)[0], aboard=None)
    for target in ("cart 1", "captain 1"):
        out = run_as(alone, "mamluks", f"PLAY maresciallo ON {target}")
        assert not out.results[0].ok and "convoy with a captain" in reason(out, 0)
        assert out.state.powers["mamluks"].cards == ("maresciallo",)  # kept


def run_as(state: MedioevoState, power: str, *lines: str) -> RunOutcome:
    sub = parse_war_lines(state, power, list(enumerate(lines, 1)), DATA, strict=True)
    assert not sub.issues, sub.issues
    return run_scripts(state, {power: sub.orders}, DATA)
