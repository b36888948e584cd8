"""The command line: the GM's commands end to end, one-line errors with exit status 2, the demo."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app

POWERS = "holy_roman_empire,hungary,france,byzantium"


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("ADJUDICATOR_DB", str(tmp_path / "cli.db"))
    return CliRunner()


def secrets_of(output: str) -> dict[str, str]:
    return dict(re.findall(r"│ (\w+)\s+│ (\S+)\s+│", output))


def test_a_game_from_creation_to_the_second_window(cli: CliRunner, tmp_path: Path) -> None:
    created = cli.invoke(app, ["game", "create", "g1", "--powers", POWERS, "--turns", "2"])
    assert created.exit_code == 0, created.output
    secrets = secrets_of(created.output)
    assert set(secrets) == set(POWERS.split(","))
    assert "T1.cards" in cli.invoke(app, ["game", "show", "g1"]).output
    kept = cli.invoke(app, ["adjudicate", "g1", "--force"])  # every power keeps a card by default
    assert kept.exit_code == 0 and "now open: T1.economy" in kept.output

    mail = tmp_path / "orders.eml"
    mail.write_text(
        "From: king@example.org\nSubject: orders\nContent-Type: text/plain; charset=utf-8\n\n"
        f"GAME g1 POWER hungary SECRET {secrets['hungary']}\nLOAN\nPLACE 9 IN Atlantide\nREADY\n"
    )
    receipt = cli.invoke(app, ["submit", str(mail)])
    assert receipt.exit_code == 0, receipt.output
    assert "accepted: LOAN" in receipt.output
    assert "REJECTED line 3: 'PLACE 9 IN Atlantide': no territory called 'Atlantide'" in receipt.output
    assert "ready: no (READY not counted: fix line 3 and submit again)" in receipt.output  # R87

    shown = cli.invoke(app, ["game", "show", "g1"])
    assert "T1.economy" in shown.output and "hungary" in shown.output

    due = cli.invoke(app, ["adjudicate", "g1"])
    assert due.exit_code == 2 and "use --force" in due.output
    done = cli.invoke(app, ["adjudicate", "g1", "--force"])
    assert done.exit_code == 0 and "now open: T1.war" in done.output

    public = json.loads(cli.invoke(app, ["state", "g1", "--json"]).stdout)
    own = json.loads(cli.invoke(app, ["state", "g1", "--as", "hungary", "--json"]).stdout)
    gm = json.loads(cli.invoke(app, ["state", "g1", "--gm", "--json"]).stdout)
    assert "florins" not in public["powers"]["hungary"]
    assert own["powers"]["hungary"]["loans"] and "florins" not in own["powers"]["france"]
    assert gm["powers"]["france"]["florins"] > 0 and (gm["turn"], gm["window"]) == (1, 3)  # T1.war

    assert cli.invoke(app, ["gm", "edit", "g1", "SET", "france", "florins", "5"]).exit_code == 0
    assert (
        json.loads(cli.invoke(app, ["state", "g1", "--gm", "--json"]).stdout)["powers"]["france"]["florins"]
        == 5
    )
    assert cli.invoke(app, ["gm", "verify", "g1"]).exit_code == 0
    rolled = cli.invoke(app, ["gm", "rollback", "g1", "T1.economy"])
    assert rolled.exit_code == 0 and "back at T1.economy" in rolled.output
    seed = cli.invoke(app, ["game", "reveal-seed", "g1"])
    assert re.fullmatch(r"[0-9a-f]{64}\n", seed.stdout)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["adjudicate", "nope", "--force"], "unknown game 'nope'"),
        (["state", "nope"], "unknown game 'nope'"),
        (["state", "g1", "--as", "sweden"], "unknown power 'sweden'"),
        (["adjudicate", "g1", "--window", "T7.bids", "--force"], "window 'T7.bids' is not the open window"),
        (["gm", "edit", "g1", "SET", "hungary", "florins", "lots"], "expected a whole number, not 'lots'"),
        (["gm", "rollback", "g1", "T3.economy"], "unknown window 'T3.economy'"),
        (["game", "create", "g2", "--powers", "hungary,atlantis"], "power 'atlantis' has no kingdom"),
        (["game", "create", "Bad Id", "--powers", "hungary,france"], "game id 'Bad Id'"),
        (["submit", "/no/such/file"], "cannot read '/no/such/file'"),
    ],
)
def test_bad_input_gives_one_line_and_exit_status_2(cli: CliRunner, args: list[str], message: str) -> None:
    assert cli.invoke(app, ["game", "create", "g1", "--powers", POWERS]).exit_code == 0
    before = cli.invoke(app, ["state", "g1", "--gm", "--json"]).stdout
    result = cli.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert cli.invoke(app, ["state", "g1", "--gm", "--json"]).stdout == before


def test_a_malformed_scenario_is_named(cli: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: medioevo\npowers: [hungary, holy_roman_empire]\nsteps:\n  - window: T4.market\n")
    result = cli.invoke(app, ["scenario", "run", str(bad)])
    assert result.exit_code == 2
    assert "step 1: 'T4.market' is not a window label such as T2.bids" in result.stderr
    behind = tmp_path / "behind.yaml"
    steps = "  - window: T1.economy\n  - window: T1.cards\n"
    behind.write_text(f"ruleset: medioevo\npowers: [hungary, holy_roman_empire]\nsteps:\n{steps}")
    result = cli.invoke(app, ["scenario", "run", str(behind)])
    assert result.exit_code == 2
    assert "step 2: window 'T1.cards' cannot be reached, the game is at 'T1.war'" in result.stderr
    phase = tmp_path / "phase.yaml"
    phase.write_text("ruleset: medioevo\npowers: [hungary, holy_roman_empire]\nsteps:\n  - phase: market\n")
    result = cli.invoke(app, ["scenario", "run", str(phase)])
    assert result.exit_code == 2
    assert "step 1: 'market' is not a phase of medioevo (expected one of turn_order" in result.stderr
    typo = tmp_path / "typo.yaml"
    typo.write_text("ruleset: medioevo\npowerz: [hungary]\n")
    result = cli.invoke(app, ["scenario", "run", str(typo)])
    assert result.exit_code == 2 and "powers: Field required" in result.stderr


def test_the_demo_plays_three_turns_and_writes_every_report(cli: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "reports"
    result = cli.invoke(app, ["demo", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "replay check: ok" in result.output
    # the end (issue 19): the winner, each power's score line by line, what each phase did
    assert "The game is over after turn 3 (the turn limit was reached)" in result.output
    assert "Winner: " in result.output and "PO held during the game" in result.output
    assert " 1. Turn order " in result.output and "10. Commerce " in result.output
    windows = sorted(p.name for p in (out / "demo").iterdir() if p.is_dir() and p.name != "archive")
    assert (out / "demo" / "archive" / "index.html").is_file()
    assert [w.split("-", 1)[1] for w in windows] == [
        "T1.bids", "T1.cards", "T1.economy", "T1.war", "T1.commerce", "T2.bids", "T2.cards",
        "T2.economy", "T2.war", "T2.commerce", "T3.bids", "T3.cards", "T3.economy", "T3.war",
        "T3.commerce",
    ]  # fmt: skip
    viewers = {"holy_roman_empire", "hungary", "france", "byzantium", "gm"}
    for window in windows:
        names = {p.name for p in (out / "demo" / window).iterdir()}
        for suffix in (".txt", ".html", ".json"):
            mailed = viewers - {"gm"} if suffix == ".json" else viewers  # the GM's JSON is not mailed
            assert {f"{v}{suffix}" for v in mailed} <= names, (window, names)
    t2 = (out / "demo" / windows[5] / "hungary.txt").read_text()
    assert "Sealed bids opened" in t2 and "YOUR SHEET" in t2
    t2_html = (out / "demo" / windows[5] / "hungary.html").read_text()
    assert ">Your sheet</h2>" in t2_html and "Sealed bids, opened" in t2_html  # the mail's HTML part
    board = (out / "demo" / "board.svg").read_text()
    assert board.startswith("<svg") and 'id="land-pest"' in board
