"""The end of a game in the service: the GM ends it early, the time limit's passing is recorded at
the first adjudication after the game's ``end_date``, and whenever a game ends its dice seed is
revealed (docs/endgame.md).

Both go through the ruleset's edit language (``end_edit``, ``time_up_edit``: see
rulesets/medioevo/endgame/ending.py), so the log holds them as GM edits and a replay of the log
ends the game at the same point: the ruleset stays pure (it is never told the time)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlmodel import Session

from adjudicator.core.options import read_date
from adjudicator.core.view import GM
from adjudicator.errors import AdjudicatorError
from adjudicator.service.order_window import OrderWindows
from adjudicator.service.report_queue import queue_reports
from adjudicator.store.models import Game, Window, utcnow

END_DATE = "end_date"
"""The game option of the time limit (L325-327): a date, or a date and time (UTC without a zone)."""
END_LABEL = "end"
"""The name in the label of the row a GM's end opens (``T3.end``): the game over, no window open."""


class EndTools(OrderWindows):
    """Ending a game: by the GM, by the time limit, and the seed revealed at the end."""

    def end_game(self, game_id: str, why: str = "", *, now: datetime | None = None) -> str:
        """The GM ends ``game_id`` now (``adjudicator gm end``), in a transaction of its own."""
        with self._tx() as session:
            return self.end_game_in(session, self._game(session, game_id), why, now or utcnow())

    def end_game_in(self, session: Session, game: Game, why: str, now: datetime) -> str:
        """The GM ends the game now, in the caller's transaction (``END GAME`` by mail): the
        ruleset scores it as it stands, the open window closes without being adjudicated (orders
        sent for it are not played), every power and the GM get the final report, and the dice
        seed is revealed. Returns what was done, in words."""
        ruleset = self.ruleset(game)
        command = getattr(ruleset, "end_edit", None)
        if command is None:
            raise AdjudicatorError(f"the {game.ruleset} ruleset cannot end a game early")
        if game.status == "over":
            raise AdjudicatorError(f"{game.id} is over already")
        window = self._lock_window(session, game, None)
        state, events = ruleset.gm_edit(self._state(game), " ".join(f"{command} {why}".split()))
        self._log(session, game, events, window.id)
        window.status, window.resolved_at = "resolved", now
        session.add(window)
        parent = session.get(Window, window.parent_id) if window.parent_id is not None else None
        if parent is not None:  # a round cut short ends with it
            parent.status, parent.resolved_at = "resolved", now
            session.add(parent)
        label = f"T{state.turn}.{END_LABEL}"
        over = self._open_row(session, game, state, now, None, label=label)
        self._reveal_seed_in(session, game)
        queue_reports(self, session, game, window, now, over, (*game.powers, GM))
        return f"{game.id} is over: {window.label} was closed unplayed, the final report goes to everyone"

    def _time_limit(self, session: Session, game: Game, now: datetime) -> None:
        """At an adjudication on or after the game's ``end_date``: the ruleset told that the time
        is up (once), so the turn in progress is the last (L327)."""
        end = game.options.get(END_DATE)
        hook = getattr(self.ruleset(game), "time_up_edit", None)
        if end is None or hook is None:
            return
        when = read_date(str(end))
        if now.astimezone(UTC) < when:
            return
        command = hook(self._state(game), str(end))
        if command:
            self._edit(session, game, self._state(game), command)
