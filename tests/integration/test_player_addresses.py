"""Who a power's mail goes to, from the command line: ``gm address``, the truth about ``gm new-secret``,
and the player ``gm replace`` takes a power from is told (issue 15)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.mail.sender import outbox_rows
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate
from adjudicator.store.models import Outbox
from tests.conftest import POWERS

ADDRESSES = {"hungary": "anna@club.example", "france": "bruno@club.example"}


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("ADJUDICATOR_CONFIG", raising=False)
    monkeypatch.setenv("ADJUDICATOR_DB", str(tmp_path / "cli.db"))
    engine = make_engine(f"sqlite:///{tmp_path / 'cli.db'}")
    migrate(engine)
    Judge(engine).create_game(
        "g1",
        "medioevo",
        POWERS,
        {"turns": 2},
        seed=b"a" * 32,
        addresses=ADDRESSES,
        gm_address="gm@club.example",
    )
    engine.dispose()
    return CliRunner()


def rows(tmp_path: Path, kind: str) -> list[Outbox]:
    engine = make_engine(f"sqlite:///{tmp_path / 'cli.db'}")
    try:
        return [row for row in outbox_rows(engine, "g1") if row.kind == kind]
    finally:
        engine.dispose()


def test_new_secret_says_whether_it_was_mailed(cli: CliRunner, tmp_path: Path) -> None:
    none = cli.invoke(app, ["gm", "new-secret", "g1", "byzantium"], env={"COLUMNS": "300"})
    assert none.exit_code == 0, none.output
    assert "(mailed)" not in none.output
    assert (
        "not mailed: no address on file for byzantium; set one with "
        "'adjudicator gm address g1 byzantium ADDRESS'" in none.output
    )
    assert rows(tmp_path, "secret") == []  # no mail that could never leave
    mailed = cli.invoke(app, ["gm", "new-secret", "g1", "hungary"], env={"COLUMNS": "300"})
    assert mailed.exit_code == 0 and "(mailed to anna@club.example)" in mailed.output, mailed.output
    assert [r.address for r in rows(tmp_path, "secret")] == ["anna@club.example"]


def test_gm_address_puts_an_address_on_file_and_tells_both_addresses_and_the_gm(
    cli: CliRunner, tmp_path: Path
) -> None:
    set_ = cli.invoke(app, ["gm", "address", "g1", "byzantium", "dario@club.example"])
    assert set_.exit_code == 0, set_.output
    assert "g1: address of byzantium is now dario@club.example (was none)" in set_.output
    moved = cli.invoke(app, ["gm", "address", "g1", "hungary", "anna@home.example"])
    assert "address of hungary is now anna@home.example (was anna@club.example)" in moved.output
    notices = [(r.recipient, r.address) for r in rows(tmp_path, "notice") if "address of" in r.subject]
    assert sorted(notices) == [
        ("byzantium", "dario@club.example"),
        ("gm", "gm@club.example"),
        ("gm", "gm@club.example"),
        ("hungary", "anna@club.example"),  # the old address hears of it: a hijack is noticed
        ("hungary", "anna@home.example"),
    ]
    again = cli.invoke(app, ["gm", "address", "g1", "hungary", "anna@home.example"])
    assert "hungary already has the address anna@home.example" in again.output
    renewed = cli.invoke(app, ["gm", "new-secret", "g1", "byzantium"], env={"COLUMNS": "300"})
    assert "(mailed to dario@club.example)" in renewed.output, renewed.output
    gm = cli.invoke(app, ["gm", "address", "g1", "gm", "master@club.example"])
    assert "address of gm is now master@club.example (was gm@club.example)" in gm.output, gm.output


def test_the_player_replaced_is_told_the_power_passed_to_someone_else(cli: CliRunner, tmp_path: Path) -> None:
    replaced = cli.invoke(app, ["gm", "replace", "g1", "hungary", "heir@club.example"])
    assert replaced.exit_code == 0, replaced.output
    told = [r for r in rows(tmp_path, "notice") if r.address == "anna@club.example"]
    assert len(told) == 1, [(r.subject, r.address) for r in rows(tmp_path, "notice")]
    assert told[0].subject == "[g1] hungary has passed to another player"
    assert "no longer works" in told[0].body_text
    assert "heir@club.example" not in told[0].body_text  # the new player's address stays private
    briefing = rows(tmp_path, "briefing")
    assert [r.address for r in briefing] == ["heir@club.example"]
