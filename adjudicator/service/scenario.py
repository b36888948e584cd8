"""Scenario files: a game set up by GM edits and played step by step, for disputes and tests.

A scenario goes through the same store, parser and engine as a mailed game, in a throwaway
database, so "what would have happened if" is answered by the judge itself.
"""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adjudicator.core.engine import window_spec
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.view import GM
from adjudicator.errors import ScenarioError
from adjudicator.service.expectations import (
    Expect,
    refusal_failures,
    result_failures,
    state_failures,
)
from adjudicator.service.judge import Judge
from adjudicator.service.receipts import Adjudicated, Receipt
from adjudicator.store.db import make_engine, migrate


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid")

    window: str | None = None
    phase: str | None = None
    orders: dict[str, str] = {}
    edits: list[str] = []
    dice: dict[str, list[int]] | list[int] = Field(default_factory=dict)
    expect: Expect | None = None


class Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = "scenario"
    ruleset: str
    powers: list[str]
    options: dict[str, Any] = {}
    seed: str = "scenario"
    setup: list[str] = []
    dice: dict[str, list[int]] | list[int] = Field(default_factory=dict)
    steps: list[Step] = []


def _dice(spec: Mapping[str, list[int]] | list[int]) -> dict[str, list[int]]:
    return {"*": list(spec)} if isinstance(spec, list) else dict(spec)


def load_scenario(path: Path) -> Scenario:
    try:
        raw = yaml.safe_load(path.read_text())
    except (OSError, yaml.YAMLError) as exc:
        raise ScenarioError(f"{path}: cannot read the scenario: {exc}".splitlines()[0]) from None
    if not isinstance(raw, dict):
        raise ScenarioError(f"{path}: expected a mapping with ruleset, powers and steps")
    try:
        return Scenario.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ScenarioError(f"{path}: {where}: {first['msg']}") from None


@dataclass
class ScenarioRun:
    judge: Judge
    game: str
    receipts: list[Receipt] = field(default_factory=list)
    adjudications: list[Adjudicated] = field(default_factory=list)
    checked: int = 0  # expectations checked
    failures: list[str] = field(default_factory=list)  # those that did not hold, with their step


MAX_SKIPPED = 200  # windows a step may skip to reach its own; a phase step skips at most a turn


def _position(label: str, ruleset: Ruleset) -> tuple[int, int] | None:
    """Where a window label such as ``T2.economy`` falls in the game: (turn, window index)."""
    turn, _, name = label.partition(".")
    names = [w.name for w in ruleset.windows()]
    if not turn.startswith("T") or not turn[1:].isdigit() or name not in names:
        return None
    return int(turn[1:]), names.index(name)


def _reach(run: ScenarioRun, step: Step, number: int) -> None:
    """Resolve, with default orders, the windows that come before the step's window or phase.

    A step names a window (``T2.bids``) or a phase (``taxes``); the windows before it that the
    scenario does not mention are played with every power silent, at most one turn for a phase.
    """
    judge, game = run.judge, run.game
    row, window = judge.game(game)
    ruleset = judge.ruleset(row)
    all_phases = [p for w in ruleset.windows() for p in w.phases]
    if step.phase is not None and step.phase not in all_phases:
        raise ScenarioError(
            f"step {number}: {step.phase!r} is not a phase of {row.ruleset} "
            f"(expected one of {', '.join(all_phases)})"
        )
    target = _position(step.window, ruleset) if step.window is not None else None
    if step.window is not None and target is None:
        raise ScenarioError(f"step {number}: {step.window!r} is not a window label such as T2.bids")
    limit = MAX_SKIPPED if target is not None else len(ruleset.windows())
    for _ in range(limit + 1):
        row, window = judge.game(game)
        phases = window_spec(ruleset, judge.state(game)).phases
        if (step.window in (None, window.label)) and (step.phase is None or step.phase in phases):
            return
        here = _position(window.label, ruleset)
        if judge.state(game).over or (target is not None and here is not None and here > target):
            break
        run.adjudications.append(judge.adjudicate(game, force=True))
    wanted = f"window {step.window!r}" if step.window is not None else f"phase {step.phase!r}"
    raise ScenarioError(f"step {number}: {wanted} cannot be reached, the game is at {window.label!r}")


def run_scenario(scenario: Scenario, *, database: str | None = None) -> ScenarioRun:
    """Play a scenario to its end; raises ScenarioError (or a judge error) on a bad step."""
    url = database or f"sqlite:///{tempfile.mkdtemp(prefix='adjudicator-scenario-')}/scenario.db"
    engine = make_engine(url)
    migrate(engine)
    judge = Judge(engine)
    game = hashlib.sha256(scenario.name.encode()).hexdigest()[:8]
    game = f"scenario-{game}"
    secrets = judge.create_game(
        game,
        scenario.ruleset,
        scenario.powers,
        scenario.options,
        seed=hashlib.sha256(scenario.seed.encode()).digest(),
        setup=scenario.setup,
        loaded_dice=_dice(scenario.dice),
    )
    run = ScenarioRun(judge, game)
    for number, step in enumerate(scenario.steps, start=1):
        _reach(run, step, number)
        for key, values in _dice(step.dice).items():
            judge.load_dice(game, key, values)
        for line in step.edits:
            judge.gm_edit(game, line)
        receipts = []
        for power, text in step.orders.items():
            if power not in scenario.powers:
                raise ScenarioError(
                    f"step {number}: unknown power {power!r}: expected one of {', '.join(scenario.powers)}"
                )
            envelope = f"GAME {game} POWER {power} SECRET {secrets[power]}\n"
            receipts.append(judge.submit(envelope + text, source="scenario"))
        run.receipts += receipts
        done = judge.adjudicate(game, force=True)
        run.adjudications.append(done)
        if step.expect is not None:
            _check(run, step.expect, number, receipts, done)
    return run


def _check(run: ScenarioRun, expect: Expect, number: int, receipts: list[Receipt], done: Adjudicated) -> None:
    """Compare the step's outcome with what the scenario expects; keep every failure."""
    judge, game = run.judge, run.game
    refused = {r.power: list(r.rejected) for r in receipts}
    state = judge.view(game, GM).data
    failures = [
        *refusal_failures(expect.refused, refused),
        *state_failures(expect.state, state),
        *result_failures(expect.results, judge.results(game, done.labels)),
    ]
    run.checked += len(expect.state) + len(expect.results) + sum(map(len, expect.refused.values()))
    run.failures += [f"step {number} ({done.labels[0]}): {f}" for f in failures]
