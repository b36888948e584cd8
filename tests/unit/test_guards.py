"""core/guards.py ``parse_orders`` and the optional ruleset hook ``guards_in_orders``
(docs/war.md §3.4): a ruleset whose orders carry their own guards (Medioevo's combat script) gets
the ``IF`` lines unchanged, in a simultaneous window too; without the hook the core keeps refusing
``IF`` where the window is simultaneous."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.dice import Dice
from adjudicator.core.guards import ONLY_IN_STEPS, guards_in_orders, parse_orders
from adjudicator.core.orders import Submission
from adjudicator.core.replay import SETUP_NAMESPACE
from adjudicator.core.state import GameState
from tests.turnbased.relay import RelayRuleset

LINE = "IF 5 FREE: CLAIM 5"


class ScriptRelay(RelayRuleset):
    """Relay with the hook on: it records the lines its parser is handed."""

    def __init__(self) -> None:
        self.handed: list[tuple[int, str]] = []

    def guards_in_orders(self, state: GameState) -> bool:
        return True

    def parse(
        self, state: GameState, power: str, lines: Sequence[tuple[int, str]], *, strict: bool = True
    ) -> Submission:
        self.handed.extend(lines)
        return super().parse(state, power, lines, strict=strict)


def _state(ruleset: RelayRuleset) -> GameState:
    state, _ = ruleset.initial_state("g1", ("venice", "genoa"), {}, Dice(b"guards-seed", SETUP_NAMESPACE))
    return state


def test_with_the_hook_a_guarded_line_reaches_the_ruleset_unchanged_even_where_simultaneous() -> None:
    ruleset = ScriptRelay()
    state = _state(ruleset)
    assert guards_in_orders(ruleset, state)
    sub = parse_orders(ruleset, state, "genoa", [(1, LINE)], guards=False)
    assert ruleset.handed == [(1, LINE)]
    assert all(ONLY_IN_STEPS not in issue.message for issue in sub.issues)


def test_without_the_hook_the_core_still_refuses_if_in_a_simultaneous_window() -> None:
    ruleset = RelayRuleset()
    state = _state(ruleset)
    assert not guards_in_orders(ruleset, state)
    sub = parse_orders(ruleset, state, "genoa", [(1, LINE)], guards=False)
    assert not sub.orders and ONLY_IN_STEPS in sub.issues[0].message
