"""GM-loaded dice over a real store (SQLite and PostgreSQL): checked when loaded, listed, cleared,
and a die that still does not fit at the deadline stops that adjudication cleanly (issue 14)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from sqlmodel import Session
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.errors import AdjudicatorError
from adjudicator.service.judge import Judge
from adjudicator.store.models import Game
from tests.conftest import POWERS, order_mail
from tests.integration.test_judge import T0, dump, new_game, play_window


def _store_dice(judge: Judge, dice: dict[str, list[int]]) -> None:
    """Write loaded dice straight into the store, as a game loaded before the checks would hold."""
    with Session(judge.engine) as session, session.begin():
        game = session.get(Game, "g1")
        assert game is not None
        game.loaded_dice = dice
        session.add(game)


def _to_economy(judge: Judge, secrets: dict[str, str]) -> None:
    """T1.cards resolved by default; hungary (LT I: a d4 loan) asks for a loan in T1.economy."""
    play_window(judge, secrets, {})
    judge.submit(order_mail("g1", "hungary", secrets["hungary"], "LOAN"), now=T0)


@pytest.mark.parametrize(
    ("key", "values", "says"),
    [
        ("T1.taxes", [9], "9 fits no die"),  # the case: taxes roll d4, d6 or d8 at most
        ("T1.taxes", [3, 0], "whole numbers from 1"),
        ("T1.taxez", [3], "no phase 'taxez'"),  # misspelt
        ("T1.turn_order", [1], "already resolved"),  # the game is at T1.cards: T1.bids is over
        ("T1.purchases", [3], "rolls no dice"),
        ("T4.taxes", [3], "over"),  # a 3-turn game
        ("taxes", [3], "expected"),
        ("T2.diplomacy", [7], "7 fits no die"),  # PRINCIPESSA rolls a d6
        ("*", [31], "31 fits no die"),  # the largest die: the Event deck's reshuffle, a d30 (R252)
    ],
)
def test_loaded_dice_that_cannot_be_rolled_are_refused_and_nothing_is_stored(
    judge: Judge, key: str, values: list[int], says: str
) -> None:
    new_game(judge)
    before = dump(judge.engine)
    with pytest.raises(AdjudicatorError) as refused:
        judge.load_dice("g1", key, values)
    assert says in str(refused.value)
    assert "T2.turn_order (turn order: d2/d3/d4)" in str(refused.value) or "whole numbers" in str(
        refused.value
    )  # the valid forms
    assert dump(judge.engine) == before


def test_the_gm_lists_and_clears_loaded_dice(judge: Judge) -> None:
    secrets = new_game(judge)
    judge.load_dice("g1", "t1.TAXES", [3])  # keys are read like every keyword: any case
    judge.load_dice("g1", "T2.turn_order", [1, 1])
    judge.load_dice("g1", "*", [2])
    judge.load_dice("g1", "T1.taxes", [4])
    listing: Any = judge.loaded_dice("g1")
    assert listing == {"T1.taxes": [3, 4], "T2.turn_order": [1, 1], "*": [2]}
    assert judge.clear_dice("g1", "T1.taxes") == {"T1.taxes": [3, 4]}
    assert judge.loaded_dice("g1") == {"T2.turn_order": [1, 1], "*": [2]}
    with pytest.raises(AdjudicatorError, match=r"no dice are loaded for 'T3\.taxes'"):
        judge.clear_dice("g1", "T3.taxes")
    assert judge.clear_dice("g1") == {"T2.turn_order": [1, 1], "*": [2]}
    assert judge.loaded_dice("g1") == {}
    kinds = [e.kind for e in judge.events("g1")]
    assert kinds.count("dice-cleared") == 3  # one a key, logged like loading
    _to_economy(judge, secrets)
    judge.adjudicate("g1", force=True, now=T0)
    assert judge.game("g1")[1].label == "T1.war"


@pytest.mark.parametrize("how", ["stored", "loaded"])
def test_a_loaded_die_that_does_not_fit_stops_adjudication_cleanly_until_cleared(
    judge: Judge, how: str
) -> None:
    """``stored``: 9 written in the store, as a game from before the checks holds it; ``loaded``:
    7 fits the d8 of a loan at LT III, so it is accepted, but hungary is at LT I and rolls a d4."""
    secrets = new_game(judge)
    _to_economy(judge, secrets)
    if how == "stored":
        _store_dice(judge, {"T1.taxes": [9]})
    else:
        judge.load_dice("g1", "T1.taxes", [7])
    value = 9 if how == "stored" else 7
    before = dump(judge.engine)
    with pytest.raises(AdjudicatorError) as stopped:
        judge.adjudicate("g1", force=True, now=T0)
    assert type(stopped.value).__name__ == "LoadedDiceUnfit"
    message = str(stopped.value)
    assert "T1.taxes" in message and f"{value} does not fit the d4" in message
    assert "clear-dice g1 T1.taxes" in message and "CLEAR DICE T1.taxes" in message
    assert dump(judge.engine) == before  # nothing stored: the window is still open, orders kept
    assert judge.game("g1")[1].label == "T1.economy"
    judge.clear_dice("g1", "T1.taxes")
    judge.adjudicate("g1", force=True, now=T0)
    assert judge.game("g1")[1].label == "T1.war"
    assert judge.replay_check("g1") == []


def test_values_a_phase_did_not_use_are_not_kept_after_it(judge: Judge) -> None:
    """T1.taxes can never roll again once T1.economy is resolved: its unused values go, ``*`` stays."""
    secrets = new_game(judge)
    judge.load_dice("g1", "T1.taxes", [3, 2])
    judge.load_dice("g1", "T2.turn_order", [1])
    _to_economy(judge, secrets)
    judge.adjudicate("g1", force=True, now=T0)
    assert judge.loaded_dice("g1") == {"T2.turn_order": [1]}


def test_rollback_restores_the_dice_loaded_when_that_window_was_resolved(judge: Judge) -> None:
    """Ruling: a rollback returns to the window as it was resolved, its loaded dice included (a
    re-run rolls as the table did); dice loaded later go with the discarded history."""
    secrets = new_game(judge)
    _to_economy(judge, secrets)
    judge.load_dice("g1", "T1.taxes", [3])
    judge.adjudicate("g1", force=True, now=T0)
    judge.load_dice("g1", "T2.turn_order", [1])
    assert judge.loaded_dice("g1") == {"T2.turn_order": [1]}
    judge.rollback("g1", "T1.economy", now=T0)
    assert judge.loaded_dice("g1") == {"T1.taxes": [3]}
    assert judge.loaded_dice_lines("g1") == ["T1.taxes 3"]


def test_the_listing_says_which_stored_dice_no_roll_can_use(judge: Judge) -> None:
    """Dice stored before the checks (a past key, a value no die has) are listed with why."""
    new_game(judge)
    _store_dice(judge, {"T1.turn_order": [1], "T1.taxes": [9], "*": [2]})
    lines = judge.loaded_dice_lines("g1")
    assert lines[0].startswith(
        "T1.turn_order 1  (no roll can use it: dice key T1.turn_order: already resolved"
    )
    assert lines[1].startswith("T1.taxes 9  (no roll can use it: dice T1.taxes 9: 9 fits no die of taxes")
    assert lines[2] == "* 2"


def test_the_cli_lists_clears_and_prints_a_bad_die_without_a_traceback(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("ADJUDICATOR_DB", str(tmp_path / "cli.db"))
    cli = CliRunner()
    powers = "holy_roman_empire,hungary,france,byzantium"
    assert cli.invoke(app, ["game", "create", "g1", "--powers", powers, "--turns", "2"]).exit_code == 0
    refused = cli.invoke(app, ["gm", "load-dice", "g1", "T1.taxes", "9"])
    assert refused.exit_code == 2 and "9 fits no die" in refused.output
    assert cli.invoke(app, ["gm", "load-dice", "g1", "*", "3"]).exit_code == 0
    listed = cli.invoke(app, ["gm", "dice", "g1"])
    assert listed.exit_code == 0 and "* 3" in listed.output, listed.output
    cleared = cli.invoke(app, ["gm", "clear-dice", "g1"])
    assert cleared.exit_code == 0 and "cleared * 3" in cleared.output, cleared.output
    assert "none loaded" in cli.invoke(app, ["gm", "dice", "g1"]).output
    engine_url = f"sqlite:///{tmp_path / 'cli.db'}"
    from adjudicator.store.db import make_engine

    judge = Judge(make_engine(engine_url))
    for _ in ("T1.cards", "T1.economy", "T1.war", "T1.commerce"):
        assert cli.invoke(app, ["adjudicate", "g1", "--force"]).exit_code == 0
    _store_dice(judge, {"*": [9, 9, 9]})  # the next rolls: T2.bids shuffles the turn order
    stopped = cli.invoke(app, ["adjudicate", "g1", "--force"])
    assert stopped.exit_code == 2, stopped.output
    assert "Traceback" not in stopped.output and "error: " in stopped.output
    assert "clear-dice g1 '*'" in stopped.output


def test_the_deadline_service_goes_on_with_the_other_games(judge: Judge) -> None:
    """A bad die in g1 stops g1's window only: g2 resolves in the same pass, g1 stays open with
    the error (and the way to clear it) in the pass's report."""
    secrets = new_game(judge)
    _to_economy(judge, secrets)
    _store_dice(judge, {"T1.taxes": [9]})
    judge.create_game("g2", "medioevo", POWERS, {"turns": 3}, seed=b"q" * 32, now=T0)
    for game in ("g1", "g2"):
        judge.set_calendar(game, {"period_hours": {"default": 24}}, now=T0)
    done = judge.process_due(T0 + timedelta(hours=48))
    assert any(line.startswith("g1: error: ") and "clear-dice g1 T1.taxes" in line for line in done), done
    assert "g2: T1.cards resolved (the deadline passed); now open: T1.economy" in done
    assert judge.game("g1")[1].label == "T1.economy"
