"""Reports and views: the kingdom, the cathedral, the agenda and the bids for everyone, a hand for
its holder only (seed 001 L20, L52, L62; digest §6)."""

from __future__ import annotations

import json

from adjudicator.core.view import PlayerView
from adjudicator.report.model import report_input
from adjudicator.report.render import render_report
from adjudicator.rulesets.kriegundfrieden import cards as cd
from tests.kriegundfrieden.kuf_support import RULESET, card_of, hands, in_spring, kuf, new_game, play

C = cd.counts


def _mid_auction():  # type: ignore[no-untyped-def]
    state = hands(new_game(), fritz=C(grain=2, shield=1), klaus=C(hammer=3), wolfgang=C(cup=1), peter=C())
    state = in_spring(state, card_of(state, "famine", "cathedral"), "fritz")
    return kuf(play(state, {"fritz": "BID 1 grain", "klaus": "BID 2 hammer"}))


def _view(state, viewer: str) -> PlayerView:  # type: ignore[no-untyped-def]
    return PlayerView(
        viewer=viewer,
        game="kuf",
        ruleset=RULESET.name,
        turn=1,
        window="T1.spring",
        data=RULESET.view(state, viewer),
    )


def test_a_hand_is_seen_by_its_holder_only() -> None:
    state = _mid_auction()
    for viewer in ("klaus", "peter", "public"):
        text = json.dumps(RULESET.view(state, viewer))
        assert ('"hand"' in text) is (viewer != "public")
        others = [p for p in state.seats if p != viewer]
        assert all("hand" not in RULESET.view(state, viewer)["nobles"][p] for p in others)
        assert all("standing" not in RULESET.view(state, viewer)["nobles"][p] for p in others)
    assert RULESET.view(state, "gm")["state"]["deck"] == list(state.deck)  # the GM sees the deck's order
    assert all("hand" in RULESET.view(state, "gm")["nobles"][p] for p in state.seats)


def test_report_shows_the_kingdom_the_cathedral_the_agenda_and_the_bids() -> None:
    state = _mid_auction()
    report = report_input(_view(state, "klaus"), "T1.spring.1-plans", "T1.spring.2-wolfgang", (), {})
    made = render_report(report, RULESET, mail=True)
    assert (
        "THE KINGDOM" in made.text
        and "The kingdom" in made.html
        and "Cathedral: 0 of 6 pieces built" in made.text
    )
    assert "Agenda on the table: famine/cathedral" in made.text
    assert "The auction: high bid 6" in made.text and "2 hammer" in made.text
    assert "Your resource cards: 1 hammer." in made.text
    assert made.svg is not None and "Cathedral: 0 of 6 pieces" in made.svg and "<svg" in made.html


def test_the_board_picture_is_the_same_for_every_viewer() -> None:
    state = _mid_auction()
    pictures = {
        RULESET.report_map(_view(state, v), "T1.spring").svg for v in ("fritz", "klaus", "public", "gm")
    }
    assert len(pictures) == 1


def test_the_order_template_notes_a_bids_worth() -> None:
    """The order template's notes: each BID line's worth on the agenda's table (L16, L53)."""
    state = hands(_mid_auction(), wolfgang=C(cup=4))
    notes = RULESET.order_notes(state, "wolfgang")
    assert notes["BID 4 cup"] == "worth 8: 8 in all, the high bid is 6"
