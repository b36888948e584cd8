"""`adjudicator mail send` and `adjudicator mail outbox` end to end on a SQLite store."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.mail.maildir import read_maildir
from adjudicator.mail.sender import outbox_rows
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate
from tests.conftest import POWERS

ADDRESSES = {p: f"{p}@players.example" for p in POWERS[:3]}  # byzantium has no address


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("ADJUDICATOR_CONFIG", raising=False)
    monkeypatch.setenv("ADJUDICATOR_DB", str(tmp_path / "cli.db"))
    engine = make_engine(f"sqlite:///{tmp_path / 'cli.db'}")
    migrate(engine)
    judge = Judge(engine, mail_domain="club.example")
    judge.create_game("g1", "medioevo", POWERS, {"turns": 2}, seed=b"c" * 32, addresses=ADDRESSES)
    judge.adjudicate("g1", force=True)
    engine.dispose()
    return CliRunner()


def test_send_then_list_the_outbox(cli: CliRunner, tmp_path: Path) -> None:
    config = tmp_path / "adjudicator.toml"
    out_dir = tmp_path / "mail-out"
    config.write_text(
        f'[judge]\naddress = "judge@club.example"\ndomain = "club.example"\n\n[maildir]\npath = "{out_dir}"\n'
    )
    sent = cli.invoke(app, ["mail", "send", "--config", str(config)])
    assert sent.exit_code == 1, sent.output  # mails failed: the operator must look (issue 15)
    # a welcome and two windows' reports for the 3 powers with an address; byzantium and the GM have none
    assert sent.stdout.strip() == "sent 9, retried 0, failed 4"
    assert sent.stderr.strip().splitlines() == [
        "failed 4: no address on file: g1 byzantium (report ×2), g1 gm (report ×2); "
        "set one with 'adjudicator gm address GAME POWER ADDRESS' (POWER gm for the GM)"
    ]
    assert len(read_maildir(out_dir)) == 9
    assert len(read_maildir(out_dir, "hungary@players.example")) == 3
    again = cli.invoke(app, ["mail", "send", "--config", str(config)])
    assert again.exit_code == 0 and again.output.strip() == "sent 0, retried 0, failed 0"

    listed = cli.invoke(app, ["mail", "outbox", "g1"], env={"COLUMNS": "200"})
    assert listed.exit_code == 0, listed.output
    lines = [line for line in listed.output.splitlines() if "report" in line]
    assert len(lines) == 10
    assert sum(re.search(r"\bhungary\b.*\bsent\b", line) is not None for line in lines) == 2, listed.output
    assert (
        sum("byzantium" in line and "failed" in line and "no address on file" in line for line in lines) == 2
    )


def test_errors_are_one_line(cli: CliRunner, tmp_path: Path) -> None:
    unknown = cli.invoke(app, ["mail", "outbox", "nope"])
    assert unknown.exit_code == 2
    assert unknown.output.strip().splitlines() == [
        "error: unknown game 'nope': expected the id of a game (see 'adjudicator game list')"
    ]
    missing = cli.invoke(app, ["mail", "send", "--config", str(tmp_path / "none.toml")])
    assert missing.exit_code == 2
    assert missing.output.strip() == f"error: config {str(tmp_path / 'none.toml')!r}: no such file"
    bad = tmp_path / "bad.toml"
    bad.write_text('[smtp]\nhost = "relay.example"\nsecurity = "tls"\n')
    wrong = cli.invoke(app, ["mail", "send", "--config", str(bad)])
    assert wrong.exit_code == 2
    assert wrong.output.strip().startswith(
        "error: smtp.security: Input should be 'none', 'starttls' or 'ssl'"
    )


def test_game_create_mails_each_player_and_the_gm_a_welcome_with_the_secret(
    cli: CliRunner, tmp_path: Path
) -> None:
    made = cli.invoke(
        app,
        ["game", "create", "g2", "--powers", "hungary,holy_roman_empire",
         "--address", "hungary=anna@club.example", "--gm-address", "gm@club.example"],
        env={"COLUMNS": "200"},
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    engine = make_engine(f"sqlite:///{tmp_path / 'cli.db'}")
    welcomes = {row.recipient: row for row in outbox_rows(engine, "g2") if row.kind == "welcome"}
    assert set(welcomes) == {"hungary", "gm"}  # the empire has no address: its secret is only printed
    hungary = welcomes["hungary"]
    assert hungary.address == "anna@club.example" and "GAME g2 POWER hungary SECRET " in hungary.body_text
    secret = hungary.body_text.split("Your secret: ")[1].split()[0]
    assert secret in made.output
    bad = cli.invoke(
        app,
        [
            "game",
            "create",
            "g3",
            "--powers",
            "hungary,holy_roman_empire",
            "--address",
            "atlantis=x@y.example",
        ],
    )
    assert bad.exit_code == 2 and "expected power=name@example.org" in bad.output
    engine.dispose()


def test_gm_edit_and_broadcast_from_the_command_line_are_mailed_to_every_power(
    cli: CliRunner, tmp_path: Path
) -> None:
    """A broadcast goes to every power; an edit only to those who may see what it changed (R95):
    the PO are public, florins are behind the screen (002 L113), so the words of an edit of
    hungary's florins reach hungary alone."""
    private = cli.invoke(app, ["gm", "edit", "g1", "SET", "hungary", "florins", "321"])
    assert private.exit_code == 0 and "mailed to hungary" in private.output, private.output
    edited = cli.invoke(app, ["gm", "edit", "g1", "SET", "hungary", "honor", "7"])
    assert edited.exit_code == 0, edited.output
    told = cli.invoke(app, ["gm", "broadcast", "g1", "-"], input="Deadlines move to Fridays.\n")
    assert told.exit_code == 0 and "sent to" in told.output, told.output
    engine = make_engine(f"sqlite:///{tmp_path / 'cli.db'}")
    notices = [row for row in outbox_rows(engine, "g1") if row.kind == "notice"]
    secret = [row.recipient for row in notices if "SET hungary florins 321" in row.body_text]
    assert secret == ["hungary"]
    edits = [row for row in notices if "SET hungary honor 7" in row.body_text]
    news = [row for row in notices if row.body_text == "Deadlines move to Fridays.\n"]
    assert sorted(r.recipient for r in edits) == sorted(POWERS) == sorted(r.recipient for r in news)
    empty = cli.invoke(app, ["gm", "broadcast", "g1", " "])
    assert empty.exit_code == 2 and "the broadcast is empty" in empty.output
    engine.dispose()


def test_mail_wait_returns_once_sent_and_gives_up_after_its_timeout(cli: CliRunner, tmp_path: Path) -> None:
    config = tmp_path / "adjudicator.toml"
    config.write_text(f'[maildir]\npath = "{tmp_path / "mail-out"}"\n')
    waited = cli.invoke(app, ["mail", "wait", "--to", "hungary@players.example", "--timeout", "0.5"])
    assert waited.exit_code == 1, waited.output  # nothing sent yet: no serve, no mail send
    assert "after 0.5 s, 0 of 1 mail(s) to hungary@players.example sent" in waited.stderr
    cli.invoke(app, ["mail", "send", "--config", str(config)])
    welcome = ["mail", "wait", "--to", "Hungary@Players.example", "--kind", "welcome", "--timeout", "0.5"]
    done = cli.invoke(app, welcome)
    assert done.exit_code == 0 and done.stdout.strip() == "1 welcome mail(s) sent to Hungary@Players.example"
    three = cli.invoke(app, ["mail", "wait", "--to", "hungary@players.example", "--count", "3"])
    assert three.exit_code == 0, three.output
