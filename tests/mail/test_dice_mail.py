"""The GM's loaded dice by mail: LOAD DICE checked, DICE lists, CLEAR DICE takes back (issue 14)."""

from __future__ import annotations

from sqlmodel import Session

from adjudicator.mail.commands import parse_request
from adjudicator.store.models import Game
from tests.mail.conftest import MailGame
from tests.mail.test_gateway import gm, reply_of, run

GM_FROM = {"sender": "gm@example.org"}


def test_dice_and_clear_dice_are_read_as_gm_commands() -> None:
    req = parse_request(
        "GAME g1 POWER gm SECRET s\nDICE\nclear dice t1.taxes\nCLEAR DICE\nCLEAR DICE a b\nDICE 3\n"
    )
    assert [(c.verb, c.args) for c in req.commands] == [
        ("DICE", ()),
        ("CLEAR DICE", ("t1.taxes",)),
        ("CLEAR DICE", ()),
    ]
    assert [p[0] for p in req.problems] == [5, 6]


def test_a_misspelt_or_oversized_die_by_mail_is_refused_and_nothing_is_stored(mail_game: MailGame) -> None:
    for number, (line, why) in enumerate(
        [
            ("LOAD DICE T1.taxez 3", "no phase 'taxez'"),
            ("LOAD DICE T1.taxes 9", "9 fits no die of taxes"),
            ("LOAD DICE T1.taxes 3 99999999999", "then whole numbers"),
        ]
    ):
        out, rows = run(mail_game, gm(f"SET hungary florins 777\n{line}"), mid=f"m{number}", **GM_FROM)
        assert out.status == "refused", (line, out.line())
        assert why in rows[0].body_text and "nothing was changed" in rows[0].body_text
        assert mail_game.game().loaded_dice == {}
        assert mail_game.judge.view("g1", "gm").data["powers"]["hungary"]["florins"] != 777


def test_the_gm_lists_and_clears_dice_by_mail(mail_game: MailGame) -> None:
    out, rows = run(mail_game, gm("LOAD DICE t1.TAXES 3 2\nLOAD DICE * 1\nDICE"), **GM_FROM)
    assert out.status == "answered", out.line()
    text = reply_of(rows)
    assert "Dice loaded for T1.taxes: 3 2" in text
    assert "  T1.taxes 3 2\n  * 1" in text
    out, rows = run(mail_game, gm("CLEAR DICE T1.taxes\nDICE"), mid="m2", **GM_FROM)
    assert out.status == "answered", out.line()
    text = reply_of(rows)
    assert "Dice cleared: T1.taxes 3 2" in text and "  * 1" in text
    assert mail_game.game().loaded_dice == {"*": [1]}
    out, rows = run(mail_game, gm("CLEAR DICE T2.taxes"), mid="m3", **GM_FROM)
    assert out.status == "refused" and "no dice are loaded for 'T2.taxes'" in rows[0].body_text
    out, rows = run(mail_game, gm("CLEAR DICE\nDICE"), mid="m4", **GM_FROM)
    assert "Dice cleared: * 1" in reply_of(rows) and "No dice are loaded" in reply_of(rows)


def test_a_bad_die_stops_process_by_mail_with_the_way_out_then_clear_dice_lets_it_resolve(
    mail_game: MailGame,
) -> None:
    """9 written straight into the store, as a game loaded before the checks holds it: PROCESS is
    refused with the key and how to clear it; CLEAR DICE and PROCESS in one mail resolve."""
    with Session(mail_game.engine) as session, session.begin():
        game = session.get(Game, "g1")
        assert game is not None
        game.loaded_dice = {"T1.taxes": [9]}
        session.add(game)
    out, rows = run(mail_game, gm("DICE\nPROCESS"), **GM_FROM)
    assert out.status == "refused"
    assert "T1.taxes = 9 does not fit the d4" in rows[0].body_text
    assert "CLEAR DICE T1.taxes" in rows[0].body_text
    assert mail_game.judge.game("g1")[1].label == "T1.economy"
    out, rows = run(mail_game, gm("CLEAR DICE T1.taxes\nPROCESS"), mid="m2", **GM_FROM)
    assert out.status == "answered", out.line()
    assert "Adjudicated T1.economy" in reply_of(rows)
