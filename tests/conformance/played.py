"""One kit's game played by its bots through the judge, with what the properties look at recorded."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from adjudicator.core.state import GameState
from adjudicator.rulesets.registry import EXTRA_RULESETS
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate
from tests.conformance.kits import Kit

GAME = "conform"
SEED = b"conformance-suite-seed-000000000"
MAX_WINDOWS = 400
"""A bound, so a ruleset that never ends fails here instead of hanging the suite."""


@dataclass
class Played:
    judge: Judge
    kit: Kit
    secrets: dict[str, str]
    silent: str
    """The power that never writes: its default orders play for it."""
    submissions: list[tuple[str, str, tuple[str, ...]]] = field(default_factory=list)
    """(window label, power, lines) in the order they were mailed."""
    refused: list[tuple[str, str, str]] = field(default_factory=list)
    """(window label, power, the refused line with its reason)."""
    open_states: list[tuple[str, GameState]] = field(default_factory=list)
    """The state of each window as it was open (label, state)."""


@contextmanager
def extra_ruleset(kit: Kit) -> Iterator[None]:
    """The kit's ruleset known to the judge for the duration (a test's ruleset is not shipped)."""
    import os

    before = os.environ.get(EXTRA_RULESETS)
    if kit.extra:
        os.environ[EXTRA_RULESETS] = kit.extra
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(EXTRA_RULESETS, None)
        else:
            os.environ[EXTRA_RULESETS] = before


def play(kit: Kit, where: Path, *, silent: bool = True) -> Played:
    """Create the kit's game and let its bots write every window until the game is over; the last
    power stays silent when ``silent`` (so its default orders are played)."""
    engine = make_engine(f"sqlite:///{where}")
    migrate(engine)
    judge = Judge(engine, render_after_commit=False)
    secrets = judge.create_game(GAME, kit.ruleset, kit.powers, dict(kit.options), seed=SEED)
    played = Played(judge, kit, secrets, kit.powers[-1] if silent else "")
    return play_on(played)


def play_on(played: Played) -> Played:
    """The bots write every window from the open one until the game is over."""
    judge, kit, secrets = played.judge, played.kit, played.secrets
    while not judge.state(GAME).over:
        assert len(played.open_states) < MAX_WINDOWS, f"{kit.ruleset}: not over after {MAX_WINDOWS} windows"
        _, window = judge.game(GAME)
        played.open_states.append((window.label, judge.state(GAME)))
        for power in window.actors or kit.powers:
            if power == played.silent:
                continue
            lines = tuple(kit.bot(judge, GAME, power))
            played.submissions.append((window.label, power, lines))
            envelope = f"GAME {GAME} POWER {power} SECRET {secrets[power]}"
            receipt = judge.submit("\n".join([envelope, *lines, "READY"]), source="conformance")
            played.refused.extend((window.label, power, line) for line in receipt.rejected)
        judge.adjudicate(GAME, force=True)
    return played
