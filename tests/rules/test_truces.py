"""DIPLOMATICO's truce ends with its last turn (seed 002 L744-746, L2628-2630, ex L2592-2594).

"Impose 1/2/3 turns of truce" (L2628): played in turn T, a truce of n turns covers turns T to
T + n - 1 (``until``, inclusive). From turn ``until`` + 1 it blocks nothing, in whatever phase a
check is made (on a mail's arrival, before the diplomacy phase clears the registry, too).
"""

from __future__ import annotations

from adjudicator.core.view import GM, PlayerView
from adjudicator.orders.text import split_order_text
from adjudicator.report.model import ReportInput
from adjudicator.rulesets.medioevo.report_sections import standings
from adjudicator.rulesets.medioevo.state import MedioevoState
from tests.rules.test_diplomacy import RULES, act, at_diplomacy


def refusals(state: MedioevoState, power: str, text: str) -> list[str]:
    submission = RULES.parse(state, power, split_order_text(text).lines)
    return [issue.message for issue in submission.issues]


def test_a_truce_covers_its_last_turn_and_no_more_L2628() -> None:
    """L2628-2630: a truce until turn 1 holds in turn 1 and is over in turn 2."""
    state = at_diplomacy(["france", "hungary"], "TRUCE france hungary UNTIL 1")
    assert state.truce("france", "hungary") is not None
    later = state.evolve(turn=2)
    assert later.truce("france", "hungary") is None
    assert later.truce("hungary", "france") is None


def test_an_expired_truce_blocks_no_empire_card_on_arrival_L2630() -> None:
    """L2630: no Empire card against the other party during the truce. In turn 2's diplomacy
    window a truce that ended with turn 1 no longer refuses an offensive card (issue 15: 'you have
    a truce with france until turn 1'), nor can it be shortened (L746)."""
    state = at_diplomacy(["france", "hungary"], "TRUCE france hungary UNTIL 1", "GRANT hungary card SPIA")
    during = refusals(state, "hungary", "PLAY Spia ON france")
    assert during == ["you have a truce with france until turn 1: no Empire card against it (L2630)"]
    later = state.evolve(turn=2)
    assert refusals(later, "hungary", "PLAY Spia ON france") == []
    assert refusals(later, "hungary", "SHORTEN TRUCE WITH france BY 1") == ["you have no truce with france"]


def test_war_is_open_once_the_truce_is_over_L744() -> None:
    """L744: no war during the truce; the turn after its last one, war may be declared."""
    state = at_diplomacy(["france", "hungary"], "TRUCE france hungary UNTIL 2")
    blocked = act(state.evolve(turn=2), {"france": "WAR ON hungary USING 0 CB"})
    assert blocked.notes["france", "WAR ON hungary USING 0 CB"].startswith("FAILED: a truce with hungary")
    free = act(state.evolve(turn=3), {"france": "WAR ON hungary USING 0 CB"})
    assert free.state.at_war("france", "hungary")


def test_the_report_lists_only_truces_in_force_L2628() -> None:
    """A truce over with turn 1 is not listed in turn 2's report, though the registry clears it
    only in turn 2's diplomacy phase."""
    state = at_diplomacy(["france", "hungary"], "TRUCE france hungary UNTIL 1")

    def captions(turn: int) -> list[str]:
        data = state.evolve(turn=turn).to_json()
        view = PlayerView(viewer=GM, game="g", ruleset="medioevo", turn=turn, window="cards", data=data)
        section = standings(ReportInput(view=view, label=f"T{turn}.bids", next_label=f"T{turn}.cards"), {})
        return [t.caption for t in section.tables]

    assert "Truces" in captions(1)
    assert "Truces" not in captions(2)
