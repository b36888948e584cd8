"""One game's part of a deadline pass, kept from stopping the others.

Why: the deadline service runs one pass over every active game; a game that cannot be resolved (a
GM's loaded die that does not fit, a bug in a ruleset, a broken row) must not hold up the rest, and
its window must stay open until someone fixes the cause. So any exception in one game's part is
logged, the game's GM is told once for that window and that error (the notice's key carries both, so
a pass every minute does not mail the GM every minute), and the pass goes on with the next game.

A duplicate key is another matter: two passes (two ``serve`` processes, or ``adjudicator tick``
beside ``serve``) counted the same missed deadline or queued the same reminder at the same moment,
and the database refused the second copy. Someone else did it, which is success: the game's part is
run again, finds the mail queued, and does nothing twice.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Callable

from sqlalchemy.exc import IntegrityError

from adjudicator.core.view import GM
from adjudicator.errors import AdjudicatorError
from adjudicator.service.players import PlayerTools
from adjudicator.store.models import Game, Window

log = logging.getLogger(__name__)

RACE_ATTEMPTS = 3
"""How often a game's part is run again after a duplicate key before it counts as a failure."""


def _describe(exc: BaseException) -> str:
    """The error as the GM reads it: a judge's own error as it is, anything else with its type."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return text if isinstance(exc, AdjudicatorError) else f"{type(exc).__name__}: {text}".rstrip(": ")


def _fingerprint(description: str) -> str:
    """A key part that is the same for the same error at every pass (addresses in it left out)."""
    stable = re.sub(r"0x[0-9a-fA-F]+", "", description)
    return hashlib.sha256(stable.encode()).hexdigest()[:12]


class PassGuard(PlayerTools):
    """Runs one game's part of a pass with races taken as done and failures reported once."""

    def _guarded(
        self, game_id: str, work: Callable[[], list[str]], failed: Callable[[bool], None] | None = None
    ) -> list[str]:
        """``work``'s lines, or the failure's; ``failed`` is called (with True) when it failed."""
        for attempt in range(1, RACE_ATTEMPTS + 1):
            try:
                return work()
            except IntegrityError as exc:
                if attempt == RACE_ATTEMPTS:
                    return self._failed(game_id, exc, failed)
                log.info("%s: another pass queued the same mail first; looking again", game_id)
            except Exception as exc:  # any failure of one game must spare the others
                return self._failed(game_id, exc, failed)
        raise AssertionError("unreachable")  # pragma: no cover

    def _failed(
        self, game_id: str, exc: Exception, failed: Callable[[bool], None] | None = None
    ) -> list[str]:
        """Log the failure and tell the GM (once per window and error); the window stays open."""
        if failed is not None:
            failed(True)
        what = _describe(exc)
        try:
            told = self._tell_gm_stuck(game_id, what)
        except IntegrityError:  # another pass told the GM at the same moment
            told = False
        except Exception:  # the store itself may be what failed: the log has to do
            log.exception("%s: could not queue the GM's notice about: %s", game_id, what)
            told = False
        if told:
            log.error("%s: the deadline pass failed (the GM is told): %s", game_id, what, exc_info=exc)
        else:
            log.warning("%s: the deadline pass failed again: %s", game_id, what)
        return [f"{game_id}: error: {what}"]

    def _tell_gm_stuck(self, game_id: str, what: str) -> bool:
        with self._tx() as session:
            game = session.get(Game, game_id)
            window = session.get(Window, game.current_window_id) if game else None
            if game is None or window is None:
                return False
            return self._notice(
                session,
                game,
                GM,
                f"stuck.{game.id}.{window.id}.{_fingerprint(what)}",
                f"{window.label}: the judge could not resolve it",
                f"The judge could not resolve {window.label} of {game.id}:\n\n    {what}\n\n"
                "The window stays open and still takes orders; every deadline pass tries it again, "
                "and the other games go on. If a GM setting causes it (loaded dice that do not fit "
                "the die they are used for, say), correct it and the next pass resolves the window. "
                "You are told once about this error in this window.\n",
            )
