"""commands.py: a body to envelope, orders and commands, each bad line reported with its number."""

from __future__ import annotations

import re
from pathlib import Path

from adjudicator.mail.commands import parse_request
from adjudicator.orders.commands import SPECS, help_text

ROOT = Path(__file__).resolve().parents[2]


def test_envelope_orders_and_player_commands() -> None:
    req = parse_request(
        "GAME g1 POWER hungary SECRET s\nLOAN\norders\nOPTIONS\nstate\nHELP\nREADY\n"
        "ABSENCE 2025-03-01 2025-03-04\nTIMEZONE Europe/Rome\nBUY TECH caccia\n"
    )
    assert req.envelope == {"GAME": "g1", "POWER": "hungary", "SECRET": "s"} and not req.from_gm
    assert req.orders.lines == [(2, "LOAN"), (10, "BUY TECH caccia")] and req.orders.ready is True
    assert [(c.verb, c.args, c.line_no) for c in req.commands] == [
        ("ORDERS", (), 3),
        ("OPTIONS", (), 4),
        ("STATE", (), 5),
        ("HELP", (), 6),
        ("ABSENCE", ("2025-03-01", "2025-03-04"), 8),
        ("TIMEZONE", ("Europe/Rome",), 9),
    ]
    assert req.problems == [] and req.gm_lines == []


def test_press_takes_the_rest_of_the_body_up_to_the_signature() -> None:
    req = parse_request(
        "GAME g1 POWER hungary SECRET s\nLOAN\nPRESS TO france, byzantium ANONYMOUS\n"
        "Dear France,\nBID 5 is a trap.\n> quoted\n\n-- \nKing\n"
    )
    press = req.commands[0]
    assert (press.verb, press.args, press.line_no) == ("PRESS", ("france", "byzantium", "ANONYMOUS"), 3)
    assert press.text == "Dear France,\nBID 5 is a trap.\n> quoted"
    assert req.orders.lines == [(2, "LOAN")]
    assert parse_request("GAME g POWER p SECRET s\nPRESS TO ALL\nhi").commands[0].args == ("all",)


def test_bad_command_lines_are_reported_not_guessed() -> None:
    req = parse_request(
        "GAME g1 POWER hungary SECRET s\nABSENCE 2025-03-09 2025-03-01\nABSENCE tomorrow\n"
        "TIMEZONE Mars/Olympus\nORDERS APPEND\nPRESS france\nhello\n"
    )
    reasons = {n: why for n, _, why in req.problems}
    assert reasons[2] == "the first day comes after the last"
    assert reasons[3].startswith("expected ABSENCE YYYY-MM-DD YYYY-MM-DD")
    assert reasons[4].startswith("unknown time zone 'Mars/Olympus'")
    assert reasons[5] == "ORDERS takes nothing after it"
    assert reasons[6].startswith("expected PRESS TO power|ALL")
    assert req.commands == [] and req.orders.lines == []
    assert (
        parse_request("GAME g POWER p SECRET s\nPRESS TO france\n\n").problems[0][2]
        == "no message after the PRESS line"
    )


def test_gm_lines_from_a_player_are_set_apart() -> None:
    req = parse_request(
        "GAME g1 POWER hungary SECRET s\nPROCESS\nSET hungary florins 1\nLOAD DICE * 6\nBID 5\n"
    )
    assert req.gm_lines == [(2, "PROCESS"), (3, "SET hungary florins 1"), (4, "LOAD DICE * 6")]
    assert req.orders.lines == [(5, "BID 5")]


def test_a_gm_mail_is_commands_and_edits() -> None:
    req = parse_request(
        "GAME g1 POWER gm SECRET s\nPROCESS T1.economy\nSET hungary florins 500\nPLACE hungary 5 IN Pest\n"
        "LOAD DICE T2.taxes 6 6\nEXTEND 24\nREPLACE hungary new@x.example\nNEW-SECRET france\nEXTEND soon\n"
        "BROADCAST\nThe game pauses for Easter.\n"
    )
    assert req.from_gm
    verbs = [(c.verb, c.args) for c in req.commands]
    assert verbs == [
        ("PROCESS", ("T1.economy",)),
        ("SET", ("hungary", "florins", "500")),
        ("EDIT", ("PLACE", "hungary", "5", "IN", "Pest")),
        ("LOAD DICE", ("T2.taxes", "6", "6")),
        ("EXTEND", ("24",)),
        ("REPLACE", ("hungary", "new@x.example")),
        ("NEW-SECRET", ("france",)),
        ("BROADCAST", ()),
    ]
    assert req.commands[-1].text == "The game pauses for Easter."
    assert req.problems == [(9, "EXTEND soon", "expected EXTEND hours or EXTEND ROUND hours, e.g. EXTEND 24")]


def test_the_round_forms_of_extend_and_process() -> None:
    """A round played step by step: EXTEND ROUND hours moves its cap, PROCESS ROUND resolves it."""
    req = parse_request(
        "GAME g1 POWER gm SECRET s\nEXTEND ROUND 12\nPROCESS ROUND\nEXTEND ROUND\nEXTEND T1 5\n"
    )
    assert [(c.verb, c.args) for c in req.commands] == [("EXTEND", ("ROUND", "12")), ("PROCESS", ("ROUND",))]
    assert [p[1] for p in req.problems] == ["EXTEND ROUND", "EXTEND T1 5"]


def test_help_and_the_player_doc_cover_every_command() -> None:
    text = help_text()
    doc = (ROOT / "orders" / "mail.md").read_text(encoding="utf-8")
    for spec in SPECS:
        assert spec.usage in text
        first = re.split(r"[ …/]", spec.usage)[0]
        assert f"`{first}" in doc, spec.verb
    assert "orders/mail.md" in text
