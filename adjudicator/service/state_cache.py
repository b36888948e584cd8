"""Decoded game states kept in the process, by the digest of their JSON: a mail reads the state once.

Why: every order mail checks its lines against the game's state, and decoding the state (a
pydantic model of ~49 KB of JSON for a 10-power Medioevo game) is a large share of a mail's cost,
though the state changes only when a window is resolved or a GM edits it. A state is frozen
(core/state.py: ``frozen=True``, and every change builds a new one), so one decoded copy can be
shared by every mail that reads the same stored state.

The key is the game row's ``state_digest`` with the ruleset and its version. Every write of a
state writes its digest with it (``StoreAccess._set_state``, ``Judge.create_game``), and the digest
is the SHA-256 of the canonical JSON, so a new state has a new key: nothing has to be invalidated,
and a state that comes back (a rollback) finds its entry again. The caller passes a row read in its
own transaction (after the window's lock, for orders), so the state it gets is the committed one.
Bounded: the least recently used entries go first.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from adjudicator.core.orders import Submission
from adjudicator.core.state import GameState
from adjudicator.rulesets.registry import get_ruleset
from adjudicator.store.models import Game

SIZE = 64
"""Decoded states kept (each a few hundred KB in memory): the games with mail in flight."""

SUBMISSIONS = 1024
"""Order sets read (a power's lines against a stored state) kept: a few per power of every game
with mail in flight."""

_lock = threading.Lock()
_states: OrderedDict[tuple[str, str, str], GameState] = OrderedDict()
_submissions: OrderedDict[tuple[Hashable, ...], Submission] = OrderedDict()


def state_of(game: Game) -> GameState:
    """The state stored on ``game``'s row, decoded once per digest in this process."""
    key = (game.ruleset, game.ruleset_version, game.state_digest)
    with _lock:
        found = _states.get(key)
        if found is not None:
            _states.move_to_end(key)
            return found
    state = get_ruleset(game.ruleset).state_type().from_json(game.state)
    with _lock:
        _states[key] = state
        while len(_states) > SIZE:
            _states.popitem(last=False)
    return state


def submission(
    game: Game, state: GameState, key: tuple[Hashable, ...], read: Callable[[], Submission]
) -> Submission:
    """``read()``, kept by the stored state and ``key`` (the power, its lines, how strictly they
    are read): the parser and the checks are pure (rulesets do no I/O), a state is frozen, so the
    same lines against the same stored state give the same submission; players resend whole sets
    (issue 18: reading a set was a tenth of a mail's ingest). Only when ``state`` is this process's
    decoded copy of the row's digest (``state_of``): a state from anywhere else is read afresh."""
    digest = (game.ruleset, game.ruleset_version, game.state_digest)
    ours = (*digest, *key)
    with _lock:
        if _states.get(digest) is not state:
            return read()
        found = _submissions.get(ours)
        if found is not None:
            _submissions.move_to_end(ours)
            return found
    result = read()
    with _lock:
        _submissions[ours] = result
        while len(_submissions) > SUBMISSIONS:
            _submissions.popitem(last=False)
    return result


def clear() -> None:
    """Forget every decoded state and submission (tests)."""
    with _lock:
        _states.clear()
        _submissions.clear()
