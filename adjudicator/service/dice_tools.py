"""The GM's loaded dice: load (checked against the ruleset's dice), list and clear; all logged.

Loaded dice script the next rolls of a phase, for replaying a table game. A GM's mistake here
must never freeze a game: what the ruleset can check is checked when the dice are loaded
(core/loaded.py), the GM can see what is loaded and take any of it back, and a value that still
does not fit at the deadline stops only that adjudication, with a message saying how to clear it.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session

from adjudicator.core.events import DiceCleared, DiceLoaded
from adjudicator.core.loaded import check_load, drawn_order
from adjudicator.errors import AdjudicatorError
from adjudicator.service.base import StoreAccess
from adjudicator.store.models import Game


class DiceTools(StoreAccess):
    """Loaded dice; each public method is one transaction, each ``_`` one the caller's (by mail)."""

    def load_dice(self, game_id: str, key: str, values: Sequence[int]) -> str:
        """Script the next rolls of a phase (``T2.taxes``) or of any phase (``*``); logged
        publicly. Returns the key as stored; raises LoadedDiceRefused for dice that no roll of
        the game could use."""
        with self._tx() as session:
            return self._load_dice(session, self._game(session, game_id), key, values)

    def _load_dice(self, session: Session, game: Game, key: str, values: Sequence[int]) -> str:
        key = check_load(self.ruleset(game), self._state(game), key.strip(), list(values))
        game.loaded_dice = {**game.loaded_dice, key: [*game.loaded_dice.get(key, []), *values]}
        session.add(game)
        self._log(
            session, game, [DiceLoaded(phase=key, key=key, values=tuple(values))], game.current_window_id
        )
        return key

    def loaded_dice(self, game_id: str) -> dict[str, list[int]]:
        """What is loaded and not yet rolled, by key."""
        with Session(self.engine) as session:
            return {k: list(v) for k, v in self._game(session, game_id).loaded_dice.items() if v}

    def loaded_dice_lines(self, game_id: str) -> list[str]:
        """The listing ``gm dice`` prints and ``DICE`` mails."""
        with Session(self.engine) as session:
            return self._loaded_dice_lines(session, self._game(session, game_id))

    def _loaded_dice_lines(self, session: Session, game: Game) -> list[str]:
        """One line a key, in the order their phases come; a key no roll can use any more (stored
        before the checks existed) says why."""
        ruleset, state = self.ruleset(game), self._state(game)
        lines = []
        for key in drawn_order(ruleset, list(game.loaded_dice)):
            values = game.loaded_dice[key]
            if not values:
                continue
            line = f"{key} {' '.join(map(str, values))}"
            try:
                check_load(ruleset, state, key, values)
            except AdjudicatorError as exc:
                line += f"  (no roll can use it: {str(exc).split(';')[0]})"
            lines.append(line)
        return lines

    def clear_dice(self, game_id: str, key: str | None = None) -> dict[str, list[int]]:
        """Take back the dice loaded for ``key`` (any case), or all of them; logged publicly.
        Returns what was cleared."""
        with self._tx() as session:
            return self._clear_dice(session, self._game(session, game_id), key)

    def _clear_dice(self, session: Session, game: Game, key: str | None) -> dict[str, list[int]]:
        order = drawn_order(self.ruleset(game), list(game.loaded_dice))
        loaded = {k: list(game.loaded_dice[k]) for k in order if game.loaded_dice[k]}
        if key is None:
            cleared = loaded
        else:
            match = next((k for k in loaded if k.lower() == key.strip().lower()), None)
            if match is None:
                held = ", ".join(loaded) or "none"
                raise AdjudicatorError(f"no dice are loaded for {key!r}: loaded are {held}")
            cleared = {match: loaded[match]}
        if not cleared:
            return {}
        game.loaded_dice = {k: v for k, v in loaded.items() if k not in cleared}
        session.add(game)
        events = [DiceCleared(phase=k, key=k, values=tuple(v)) for k, v in cleared.items()]
        self._log(session, game, events, game.current_window_id)
        return cleared
