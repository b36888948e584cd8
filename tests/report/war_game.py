"""A combat phase run for real (war/run.py: run_scripts, loaded dice) and made into each viewer's
report input the way the judge makes one (service/history.py: ``_viewer_input``): the events
stored as JSON and read back through the ruleset's registry, cut by their visibility.

Hungary loads captain 1 and 20 VF on its war cart at Pest, moves it to Bihar, names a galley it
does not have (a step that fails: private to Hungary, R115), and attacks Venice's 10 VF in
Transilvania playing BALESTRIERE (PLAN p). The dice: round 1, 6 against 2: 7 - 2 = 5, Venice loses
5 and Hungary 2 (002 L1794); round 2, 2 (+1 = 3) against 4: Hungary loses 1 and gives up
BALESTRIERE (L1758, L1768); round 3, 6 against 1: Venice's last 5 VF fall, Hungary loses 2.
France, the third power, only watches.
"""

from __future__ import annotations

import json
from functools import lru_cache

from adjudicator.core.dice import Dice
from adjudicator.core.events import EventRegistry
from adjudicator.core.view import PlayerView
from adjudicator.report.model import ReportInput, report_input
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState, PowerState, TerritoryState
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.run import RunOutcome, run_scripts

DATA = default_dataset()
POWERS = ("hungary", "venice", "france")
DICE = (6, 2, 2, 4, 6, 1)
SCRIPT = """
LOAD captain 1 ON cart 1
LOAD 20 VF ON cart 1
MOVE cart 1 VIA bihar
MOVE galley 7 TO banato
ATTACK transilvania FROM cart 1 WITH captain 1 PLAN p
PLAN p CARDS ALL: BALESTRIERE
"""


def start() -> MedioevoState:
    return MedioevoState(
        ruleset="medioevo",
        ruleset_version="1",
        game="w",
        turn=3,
        powers={
            "hungary": PowerState(kingdom="hungary", florins=0, honor=10, cards=("balestriere",)),
            "venice": PowerState(kingdom="venice", florins=0, honor=10),
            "france": PowerState(kingdom="france", florins=0, honor=10),
        },
        territories={
            "pest": TerritoryState(owner="hungary", armies={"hungary": 40}),
            "bihar": TerritoryState(owner="hungary"),
            "banato": TerritoryState(owner="hungary"),
            "transilvania": TerritoryState(owner="venice", armies={"venice": 10}),
            "parigi": TerritoryState(owner="france", armies={"france": 3}),
        },
        wars=(("hungary", "venice"),),
        turn_order=POWERS,
        pieces=(
            Piece(owner="hungary", kind="war_wagon", number=1, level=1, location="pest"),
            Piece(owner="hungary", kind="captain", number=1, level=1, location="pest"),
        ),
    )


@lru_cache(maxsize=1)
def fought() -> RunOutcome:
    state = start()
    lines = list(enumerate(SCRIPT.strip().splitlines(), 1))
    sub = parse_war_lines(state, "hungary", lines, DATA, strict=False)
    assert not sub.issues, sub.issues
    dice = Dice(seed=b"war-report-test", namespace="T3.combat", loaded=list(DICE))
    return run_scripts(state, {"hungary": sub.orders}, DATA, dice)


@lru_cache(maxsize=1)
def ruleset() -> MedioevoRuleset:
    return MedioevoRuleset()


def report_of(viewer: str, out: RunOutcome | None = None) -> ReportInput:
    """``viewer``'s report of the combat window (of ``out``, else of the battle above), its events
    read back as the store gives them."""
    out = out or fought()
    rs = ruleset()
    registry = EventRegistry(rs.event_types())
    stored = [registry.load(e.kind, json.loads(json.dumps(e.payload()))) for e in out.events]
    view = PlayerView(
        viewer=viewer,
        game="w",
        ruleset="medioevo",
        turn=3,
        window="T3.aftermath",
        data=rs.view(out.state, viewer),
        events=tuple(e for e in stored if e.visibility.allows(viewer)),
    )
    return report_input(view, "T3.combat", "T3.aftermath", out.results, {})
