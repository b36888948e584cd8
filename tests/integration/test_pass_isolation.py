"""A GM mistake never stops the deadline service (issue 14), on SQLite and PostgreSQL.

Game ``a`` has a loaded die that does not fit (``T1.taxes [9]`` while a LOAN rolls a d4), written
straight into ``games.loaded_dice`` as an older judge (or a slip in the database) would leave it;
game ``b`` is due at the same moment. Pass after pass, ``b`` resolves, ``a``'s window stays open,
and ``a``'s GM is told why exactly once for that window and that error, not once per pass.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlmodel import Session

from adjudicator.service.judge import Judge
from adjudicator.store.models import Game
from tests.conftest import POWERS, order_mail

T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
H = timedelta(hours=1)


def game_in_economy(judge: Judge, game_id: str, seed: bytes) -> dict[str, str]:
    """A game whose open window is T1.economy (the taxes phase takes LOAN), due at T0 + 96 h."""
    secrets = judge.create_game(
        game_id, "medioevo", POWERS, {"turns": 3}, seed=seed, gm_address=f"gm-{game_id}@example.org", now=T0
    )
    judge.set_calendar(game_id, {"period_hours": {"default": 48}}, now=T0)
    judge.adjudicate(game_id, force=True, now=T0 + 48 * H)
    assert judge.game(game_id)[1].label == "T1.economy"
    return secrets


def test_a_bad_loaded_die_keeps_its_window_open_tells_the_gm_once_and_the_other_games_go_on(
    judge: Judge,
) -> None:
    secrets = game_in_economy(judge, "a", b"a" * 32)
    game_in_economy(judge, "b", b"b" * 32)
    judge.submit(order_mail("a", "hungary", secrets["hungary"], "LOAN"), now=T0 + 49 * H)
    with Session(judge.engine) as session, session.begin():
        game = session.get(Game, "a")
        assert game is not None
        game.loaded_dice = {"T1.taxes": [9]}
        session.add(game)

    stuck = judge.game("a")[1]
    first = judge.process_due(T0 + 97 * H)
    assert judge.game("b")[1].label == "T1.war"  # b went on
    assert judge.game("a")[1].id == stuck.id and judge.game("a")[1].status == "open"
    assert any(line.startswith("a: error: ") and "does not fit the d4" in line for line in first), first
    for hours in (98, 99, 120):  # later passes: the same error, no second notice
        again = judge.process_due(T0 + hours * H)
        assert any(line.startswith("a: error: ") for line in again), again
        assert judge.game("a")[1].id == stuck.id

    [notice] = [m for m in judge.outbox("a") if m.recipient == "gm" and "could not resolve" in m.subject]
    assert notice.subject == "[a] T1.economy: the judge could not resolve it"
    assert notice.kind == "notice" and notice.address == "gm-a@example.org"
    assert "does not fit the d4" in notice.body_text and "stays open" in notice.body_text
    assert not [m for m in judge.outbox("b") if "could not resolve" in m.subject]
