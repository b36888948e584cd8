"""Game and power ids are short slugs, checked at creation; every output path is built from
checked parts, so a hostile id already in the store (an old game, a row written by hand) cannot
make ``report``, ``archive`` or the demo write outside the folder they were given (issue 14)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import Session, select
from typer.testing import CliRunner

import adjudicator.service.judge as judge_module
from adjudicator.cli import app
from adjudicator.errors import AdjudicatorError
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate
from adjudicator.store.models import Game, Window
from tests.conftest import POWERS

HOSTILE = "../../../../outside/pwned"


@pytest.mark.parametrize(
    ("powers", "message"),
    [
        ([*POWERS[:3], HOSTILE], "power id '../../../../outside/pwned'"),
        ([*POWERS[:3], "x" * 64], "at most|1 to 32"),
        ([*POWERS[:3], "h" * 100], "1 to 32"),
        ([*POWERS[:3], "Hungary"], "lower-case"),
        ([*POWERS[:3], "new\nline"], "lower-case"),
        ([*POWERS[:3], ""], "power id ''"),
    ],
)
def test_bad_power_ids_are_refused_at_creation_on_both_stores(
    judge: Judge, powers: list[str], message: str
) -> None:
    with pytest.raises(AdjudicatorError, match=message):
        judge.create_game("g1", "medioevo", powers, {"turns": 2}, seed=b"s" * 32)
    assert judge.games() == []


@pytest.mark.parametrize("game", ["g" * 65, "../g", "G1", "-g", "g 1"])
def test_bad_game_ids_are_refused_on_both_stores(judge: Judge, game: str) -> None:
    with pytest.raises(AdjudicatorError, match="game id"):
        judge.create_game(game, "medioevo", POWERS, {"turns": 2}, seed=b"s" * 32)
    assert judge.games() == []


def test_the_longest_ids_fit_postgresql(judge: Judge) -> None:
    long_power = "p" * 32
    options = {"turns": 2, "kingdoms": {long_power: "castile"}}
    judge.create_game("g" * 64, "medioevo", [*POWERS[:3], long_power], options, seed=b"s" * 32)
    assert judge.games()[0].powers[-1] == long_power


@pytest.mark.parametrize(
    "address", ["Smith, John <john@x.example>", "a@b.example\nBcc: x@y", "x" * 250 + "@y.example", "nobody"]
)
def test_bad_addresses_are_refused_at_creation_and_replacement(judge: Judge, address: str) -> None:
    with pytest.raises(AdjudicatorError, match="expected a mail address"):
        judge.create_game(
            "g1", "medioevo", POWERS, {"turns": 2}, seed=b"s" * 32, addresses={"hungary": address}
        )
    with pytest.raises(AdjudicatorError, match="expected a mail address"):
        judge.create_game("g1", "medioevo", POWERS, {"turns": 2}, seed=b"s" * 32, gm_address=address)
    judge.create_game("g1", "medioevo", POWERS, {"turns": 2}, seed=b"s" * 32)
    with pytest.raises(AdjudicatorError, match="expected a mail address"):
        judge.replace_player("g1", "hungary", address)


def test_game_create_on_the_command_line_says_what_is_wrong(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("ADJUDICATOR_DB", str(tmp_path / "cli.db"))
    done = CliRunner().invoke(app, ["game", "create", "g1", "--powers", f"hungary,france,{'h' * 100}"])
    assert done.exit_code != 0 and "power id" in done.output and "1 to 32" in done.output
    assert "Traceback" not in done.output


# ---- hostile ids already in the store ----------------------------------------------------------
def old_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, unchecked: str, game: str, powers: list[str]
) -> Judge:
    """A store holding a game made before ids were checked (``unchecked`` is the check skipped),
    one window resolved, and the command line pointed at it from the store's folder."""
    db = tmp_path / "work" / "cli.db"
    db.parent.mkdir()
    engine = make_engine(f"sqlite:///{db}")
    migrate(engine)
    judge = Judge(engine)
    with monkeypatch.context() as old:
        old.setattr(judge_module, unchecked, lambda name: name, raising=False)
        options = {"turns": 2, "kingdoms": {HOSTILE: "castile"}}
        judge.create_game(game, "medioevo", powers, options, seed=b"s" * 32)
    judge.adjudicate(game, force=True)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("ADJUDICATOR_DB", str(db))
    monkeypatch.chdir(db.parent)
    return judge


@pytest.fixture
def hostile_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Judge]:
    """A game with a power named like a path."""
    judge = old_store(tmp_path, monkeypatch, "check_power_id", "g1", [*POWERS[:3], HOSTILE])
    yield judge
    judge.engine.dispose()


def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file()}


def test_report_cannot_write_outside_out_with_a_hostile_power_id(
    hostile_store: Judge, tmp_path: Path
) -> None:
    before = files_under(tmp_path)
    done = CliRunner().invoke(app, ["report", "g1", "--out", "reports2"])
    assert done.exit_code != 0 and "not a safe file name" in done.output, done.output
    assert not (tmp_path / "outside").exists()
    assert files_under(tmp_path) == before  # checked before anything is written


def test_report_and_archive_refuse_a_hostile_window_label(hostile_store: Judge, tmp_path: Path) -> None:
    with Session(hostile_store.engine) as session, session.begin():
        game = session.get(Game, "g1")
        assert game is not None
        game.powers = POWERS[:3]  # the hostile power gone: only the label is left to try
        session.add(game)
        for window in session.exec(select(Window).where(Window.status == "resolved")):
            window.label = "../../../outside/label"
            session.add(window)
    before = files_under(tmp_path)
    for command in (["report", "g1", "--out", "reports2"], ["archive", "g1", "--out", "site"]):
        done = CliRunner().invoke(app, command)
        assert done.exit_code != 0 and "not a safe file name" in done.output, done.output
    assert not (tmp_path / "outside").exists() and not (tmp_path / "work" / "outside").exists()
    assert files_under(tmp_path) == before


def test_report_refuses_a_hostile_game_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old_store(tmp_path, monkeypatch, "check_game_id", "../../pwned", POWERS).engine.dispose()
    done = CliRunner().invoke(app, ["report", "../../pwned", "--out", "a/b"])
    assert done.exit_code != 0 and "not a safe file name" in done.output, done.output
    assert not (tmp_path / "pwned").exists() and not (tmp_path / "work" / "pwned").exists()
