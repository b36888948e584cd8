"""A fixed Medioevo game played by the bots, with every viewer's report input of every window.

The report tests (golden files, HTML checks, screenshots) all draw on this one game, played once
per session: a fixed seed, a fixed clock and the demo's bots, so the same inputs come out on
every run. In the first cards window the Holy Roman Empire proposes a pact whose free-text terms
are HTML (``<script>`` and friends) and Hungary accepts it, so the reports must escape them.

The inputs are the judge's own: ``Judge.report_input(game, window, viewer)``, the same builder
the mailed reports come from (the public's included, as for the archive).
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path

from adjudicator.bots import medioevo_orders
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.view import GM, PUBLIC
from adjudicator.report.model import ReportInput
from adjudicator.report.render import RenderedReport, render_report
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate

GAME = "golden"
POWERS = ("holy_roman_empire", "hungary", "france", "byzantium")
VIEWERS = (*POWERS, GM, PUBLIC)
SEED = b"adjudicator report fixture seed!"
NOW = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
"""Every window opens and resolves at this instant, so the deadlines in the reports are fixed."""
TURNS = 2
LABELS = (
    "T1.bids",
    "T1.cards",
    "T1.economy",
    "T1.war",
    "T1.commerce",
    "T2.bids",
    "T2.cards",
    "T2.economy",
    "T2.war",
    "T2.commerce",
)
"""The windows the game resolves (T1.bids by itself when the game is created: nobody orders in it)."""

SCRIPT_TERMS = "<script>alert(1)</script> & \"quoted\" 'apostrophe' <b>bold</b> a<b c>d"
"""The free-text terms of the pact every report must show as text."""
PACT_WINDOW = "T1.cards"
PROPOSER = "holy_roman_empire"
ACCEPTOR = "hungary"
PACT_ORDER = f"PACT WITH {ACCEPTOR} FOR 3 TURNS: {SCRIPT_TERMS}"
ACCEPT_ORDER = f"ACCEPT PACT FROM {PROPOSER}"
_DIPLOMATIC_ACTIONS = ("PACT WITH", "ALLIANCE WITH", "PEACE WITH", "WAR ON", "REVOKE")


@dataclass(frozen=True)
class FixtureGame:
    """Every report input of the fixture game, by (window label, viewer)."""

    ruleset: Ruleset
    labels: tuple[str, ...]
    inputs: Mapping[tuple[str, str], ReportInput]
    _rendered: dict[tuple[str, str], RenderedReport] = field(default_factory=dict, compare=False)

    def input(self, label: str, viewer: str) -> ReportInput:
        return self.inputs[(label, viewer)]

    def render(self, label: str, viewer: str) -> RenderedReport:
        """The rendered report (rendered once per session)."""
        key = (label, viewer)
        if key not in self._rendered:
            self._rendered[key] = render_report(self.inputs[key], self.ruleset)
        return self._rendered[key]

    def keys(self) -> list[tuple[str, str]]:
        return [(label, viewer) for label in self.labels for viewer in VIEWERS]


def _orders(judge: Judge, power: str, label: str) -> list[str]:
    """The bot's orders, with the HTML pact put in place of the proposer's diplomatic action."""
    ruleset = judge.ruleset(judge.game(GAME)[0])
    lines = medioevo_orders(judge.view(GAME, power), ruleset.legal_orders(judge.state(GAME), power))
    if label == PACT_WINDOW and power == PROPOSER:
        lines = [line for line in lines if not line.startswith(_DIPLOMATIC_ACTIONS)] + [PACT_ORDER]
    if label == PACT_WINDOW and power == ACCEPTOR and ACCEPT_ORDER not in lines:
        lines.append(ACCEPT_ORDER)
    return lines


@lru_cache(maxsize=1)
def fixture_game() -> FixtureGame:
    """Play the fixture game to its end on a throwaway SQLite store (about a second)."""
    with tempfile.TemporaryDirectory(prefix="adjudicator-report-fixture-") as tmp:
        engine = make_engine(f"sqlite:///{Path(tmp) / 'fixture.db'}")
        migrate(engine)
        judge = Judge(engine)
        options = {"turns": TURNS, "period_hours": 48}
        secrets = judge.create_game(GAME, "medioevo", POWERS, options, seed=SEED, now=NOW)
        while not judge.state(GAME).over:
            label = judge.game(GAME)[1].label
            for power in POWERS:
                lines = _orders(judge, power, label)
                mail = "\n".join([f"GAME {GAME} POWER {power} SECRET {secrets[power]}", *lines, "READY"])
                receipt = judge.submit(mail, source="fixture", now=NOW)
                assert not receipt.rejected, (power, label, receipt.rejected)
            judge.adjudicate(GAME, now=NOW)
        ruleset = judge.ruleset(judge.game(GAME)[0])
        labels = tuple(w.label for w in judge.resolved_windows(GAME))
        assert labels == LABELS, f"the fixture game resolved {labels}, expected {LABELS}"
        inputs = {(label, v): judge.report_input(GAME, label, v) for label in LABELS for v in VIEWERS}
        engine.dispose()
    return FixtureGame(ruleset, labels, inputs)
