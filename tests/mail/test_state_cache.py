"""service/state_cache.py: a mail decodes the game's state once per stored state, and a new state
(a window resolved) is decoded anew, never served from the entry of the old one."""

from __future__ import annotations

from datetime import timedelta

from tests.mail.conftest import T0, MailGame, envelope, mail


def test_the_state_is_decoded_once_per_stored_state_and_a_new_one_is_read_anew(
    mail_game: MailGame,
) -> None:
    judge = mail_game.judge
    first = judge.state_of(mail_game.game())
    assert judge.state_of(mail_game.game()) is first  # another row read, the same stored state
    mail_game.ingest(mail(f"{envelope()}\nLOAN", mid="c1"))
    judge.adjudicate("g1", force=True, now=T0 + timedelta(hours=1))  # a new state is stored
    game = mail_game.game()
    after = judge.state_of(game)
    assert after is not first and after.window != first.window
    assert after == judge.ruleset(game).state_type().from_json(game.state)
