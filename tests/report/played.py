"""A demo game played to its end by the bots, shared by the report history, CLI and archive tests."""

from __future__ import annotations

from pathlib import Path

from adjudicator.core.view import GM, PUBLIC
from adjudicator.demo import play_demo
from adjudicator.service.judge import Judge

GAME = "demo"
SEED = bytes(range(32))
TURNS = 2


def play(judge: Judge, tmp_path: Path) -> str:
    """Play the demo (fixed seed, two turns); returns the game id."""
    result = play_demo(judge, tmp_path / "demo-reports", game=GAME, turns=TURNS, seed=SEED)
    assert not result.replay_problems
    return GAME


def viewers(judge: Judge, game: str) -> tuple[str, ...]:
    return (*judge.game(game)[0].powers, GM, PUBLIC)
