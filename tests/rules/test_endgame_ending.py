"""When a Medioevo game ends (seed 002 L321-351, R325-R327, R332-R333): the objective cards dealt
at setup (L2404), the turn limit, the PO limit declared (L331-333, example L343-345) or held
(L335), the time limit (L327) and the GM's end; pure, through the ruleset."""

from __future__ import annotations

from typing import cast

import pytest

from adjudicator.core.dice import Dice
from adjudicator.core.engine import resolve_window, window_label
from adjudicator.core.events import Event, Scope
from adjudicator.errors import EditError
from adjudicator.orders.text import split_order_text
from adjudicator.rulesets.medioevo.endgame import ending
from adjudicator.rulesets.medioevo.endgame.events import GameEnded, ObjectiveDealt, VictoryClaimed
from adjudicator.rulesets.medioevo.endgame.orders import ClaimVictory
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState

RULES = MedioevoRuleset()
DATA = RULES.data
SEED = b"n" * 32
POWERS = ["holy_roman_empire", "hungary", "byzantium"]


def start(options: dict[str, object] | None = None) -> tuple[MedioevoState, tuple[Event, ...]]:
    state, events = RULES.initial_state("g", POWERS, options or {}, Dice(SEED, "T0.setup"))
    return cast(MedioevoState, state), events


def edit(state: MedioevoState, line: str) -> MedioevoState:
    return cast(MedioevoState, RULES.gm_edit(state, line)[0])


def test_each_power_is_dealt_a_card_of_its_kingdom_privately_L2404() -> None:
    """L2404: one objective card of the starting kingdom, at random; only its holder learns it."""
    state, events = start()
    dealt = [e for e in events if isinstance(e, ObjectiveDealt)]
    assert sorted(e.power for e in dealt) == sorted(POWERS)
    for event in dealt:
        card = state.powers[event.power].objective
        assert card == event.card and DATA.objectives[card].kingdom == state.powers[event.power].kingdom
        assert event.visibility.scope is Scope.POWERS and event.visibility.powers == (event.power,)
    assert "objective" not in RULES.view(state, "hungary")["powers"]["byzantium"]
    assert RULES.view(state, "hungary")["powers"]["hungary"]["objective"] == state.powers["hungary"].objective
    assert RULES.dice_visibility("objective hungary").powers == ("hungary",)
    with pytest.raises(EditError, match="not an objective card of hungary"):
        edit(state, "OBJECTIVE hungary byzantium_1")


def test_a_game_with_turns_ends_after_its_last_turn_with_a_winner_L329() -> None:
    """L329: with a turn limit, the game ends after the last turn and the most PO wins."""
    state, _ = start({"turns": 1})
    ended: list[GameEnded] = []
    labels = []
    while not state.over:
        labels.append(window_label(RULES, state))
        outcome = resolve_window(RULES, state, {}, SEED)
        ended += [e for e in outcome.events if isinstance(e, GameEnded)]
        state = cast(MedioevoState, outcome.state)
    assert labels == ["T1.bids", "T1.cards", "T1.economy", "T1.war", "T1.commerce"]
    assert [(e.reason, e.turn, e.phase) for e in ended] == [("turns", 1, "T1.end")]
    assert ended[0].winners == state.endgame.winners() and len(state.endgame.standings) == 3
    assert state.endgame.standings[0].winner and state.endgame.last_turn == 1 and RULES.is_over(state)


def claims(state: MedioevoState, **powers: bool) -> dict[str, list[ClaimVictory]]:
    return {p: [ClaimVictory()] if claimed else [] for p, claimed in powers.items()}


def test_a_claim_of_victory_ends_the_turn_if_it_holds_example_L343() -> None:
    """L331-333, example L343: limit 30 PO; Blue holds 28 and, its objective card worth more,
    declares: the game ends at the end of the turn. A wrong claim is told and the game goes on."""
    state, _ = start({"po_limit": 30})
    short = ending.resolve(edit(state, "SET hungary honor 20"), claims(state, hungary=True), DATA)
    told = [e for e in short.events if isinstance(e, VictoryClaimed)]
    assert [(e.power, e.total < 30) for e in told] == [("hungary", True)] and "goes on" in told[0].summary()
    assert cast(MedioevoState, short.state).endgame.ended is None
    blue = edit(state, "SET hungary honor 28")  # 28 + its kingdom, florins, cathedral ... >= 30
    silent = ending.resolve(blue, {}, DATA)
    assert cast(MedioevoState, silent.state).endgame.ended is None  # 28 held: no claim, no end (L335)
    done = cast(MedioevoState, ending.resolve(blue, claims(blue, hungary=True), DATA).state)
    assert done.endgame.ended == "declared:hungary" and done.endgame.last_turn == 1
    assert not done.over and not RULES.is_over(done)  # the turn's last phase: over once it is behind
    assert RULES.is_over(done.evolve(turn=2, window=0))


def test_the_po_limit_held_ends_the_game_without_a_claim_L335() -> None:
    """L335: a power holding the limit in PO already scored, at the end of a turn, ends the game."""
    state, _ = start({"po_limit": 30})
    done = cast(MedioevoState, ending.resolve(edit(state, "SET byzantium honor 30"), {}, DATA).state)
    assert done.endgame.ended == "po_limit"


def test_automatic_claims_option_R326() -> None:
    """R326: with po_limit_claims = automatic the judge declares for every power."""
    state, _ = start({"po_limit": 30, "po_limit_claims": "automatic"})
    assert not ending.takes_orders(state)
    done = cast(MedioevoState, ending.resolve(edit(state, "SET hungary honor 28"), {}, DATA).state)
    assert done.endgame.ended == "declared:hungary"


def test_victory_is_an_order_of_the_commerce_window_only_with_a_po_limit() -> None:
    """VICTORY (L331) is read in the window that closes the turn, in a game with a PO limit."""
    for options, accepted in (({"po_limit": 30}, True), ({}, False)):
        state, _ = start(options)
        while window_label(RULES, state) != "T1.commerce":
            state = cast(MedioevoState, resolve_window(RULES, state, {}, SEED).state)
        read = RULES.parse(state, "hungary", split_order_text("VICTORY").lines)
        assert (read.orders == (ClaimVictory(),)) is accepted, read.issues
        if not accepted:
            assert "takes no orders" in read.issues[0].message


def test_the_time_limit_completes_the_turn_in_progress_L327() -> None:
    """L327: when the time runs out, the turn in progress is completed, then the game ends."""
    state, _ = start()
    assert RULES.time_up_edit(state, "2030-01-01") == "TIME UP 2030-01-01"
    state = edit(state, "TIME UP 2030-01-01")
    assert RULES.time_up_edit(state, "2030-01-01") is None and not RULES.is_over(state)
    while not state.over:
        state = cast(MedioevoState, resolve_window(RULES, state, {}, SEED).state)
    assert (state.endgame.ended, state.endgame.last_turn) == ("time", 1)


def test_the_gm_ends_the_game_at_once_R332() -> None:
    state, _ = start()
    ended, events = RULES.gm_edit(state, "END the players agreed")
    ended = cast(MedioevoState, ended)
    assert ended.over and RULES.is_over(ended) and ended.endgame.ended == "gm"
    assert [e.kind for e in events] == ["gm-edited", "mu-game-ended"]
    assert all(e.visibility.scope is Scope.PUBLIC for e in events)
    with pytest.raises(EditError, match="over already"):
        RULES.gm_edit(ended, "TIME UP")
