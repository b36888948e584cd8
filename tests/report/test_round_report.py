"""The report of a round played step by step (issue 16, docs/turn-by-turn.md §8): every step in
order under its label, each as the viewer may see it, in text and HTML; the history lists the round
as one window (a step is still reached by its label). Relay, on SQLite (the store is not the point:
tests/mail/test_steps_mail.py runs the mails on both)."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from adjudicator.core.view import GM, PUBLIC
from adjudicator.report.render import render_report
from adjudicator.rulesets.registry import EXTRA_RULESETS
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate
from tests.conftest import order_mail

T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
STEPS = [
    "T1.claims.1-venice",
    "T1.claims.2-genoa",
    "T1.claims.3-venice",
    "T1.claims.4-milan",
    "T1.claims.5-close",
]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Judge:
    """One Relay round: venice claims 5, genoa 4 (next to it), venice lets it pass, milan's default."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(EXTRA_RULESETS, "tests.turnbased.relay:RelayRuleset")
        engine = make_engine(f"sqlite:///{Path(tmp_path_factory.mktemp('round')) / 'r.db'}")
        migrate(engine)
        judge = Judge(engine)
        secrets = judge.create_game(
            "r1", "relay", ("venice", "genoa", "milan"), {"turns": 2}, seed=b"r", now=T0
        )
        for power, order in (("venice", "CLAIM 5"), ("genoa", "CLAIM 4"), ("venice", "PASS")):
            judge.submit(order_mail("r1", power, secrets[power], order, "READY"), now=T0)
            judge.adjudicate("r1", now=T0)
        judge.adjudicate("r1", force=True, now=T0)  # milan's step: its default; the closing step follows
        yield judge


def test_the_round_report_lists_every_step_in_order(played: Judge) -> None:
    ruleset = played.ruleset(played.game("r1")[0])  # the fixture keeps Relay registered
    text = render_report(played.report_input("r1", "T1.claims", "genoa"), ruleset).text
    html = render_report(played.report_input("r1", "T1.claims", GM), ruleset).mail_html
    assert re.findall(r"^Step (\S+)$", text, re.MULTILINE) == STEPS
    assert "now open: T2.claims.1-venice" in text
    positions = [html.index(f"Step {label}") for label in STEPS]
    assert positions == sorted(positions)
    ids = re.findall(r'id="([^"]+)"', html)
    assert len(ids) == len(set(ids))  # a phase told in several steps keeps its anchors apart
    steps = json.loads(render_report(played.report_input("r1", "T1.claims", "genoa"), ruleset).json)["steps"]
    assert [(s["label"], [r["order"] for r in s["results"]]) for s in steps][:3] == [
        (STEPS[0], []),
        (STEPS[1], ["CLAIM 4"]),
        (STEPS[2], []),
    ]


def test_a_power_sees_its_own_orders_in_its_steps_only(played: Judge) -> None:
    genoa = played.report_input("r1", "T1.claims", "genoa")
    assert [s.label for s in genoa.steps] == STEPS
    assert [[r.order for r in s.results] for s in genoa.steps] == [[], ["CLAIM 4"], [], [], []]
    gm = played.report_input("r1", "T1.claims", GM)
    assert [r.power for s in gm.steps for r in s.results] == ["venice", "genoa", "venice", "milan"]
    public = played.report_input("r1", "T1.claims", PUBLIC)
    assert all(not s.results for s in public.steps)
    told = [e.summary() for e in genoa.steps[0].view.events if e.kind == "relay-claimed"]
    assert told == ["venice claims space 5 and rolls a bonus of 6: 11 points"]  # Relay's events are public


def test_the_history_lists_the_round_and_still_finds_a_step(played: Judge) -> None:
    assert [w.label for w in played.resolved_windows("r1")] == ["T1.claims"]
    assert [w.label for w in played.archive("r1").windows] == ["T1.claims"]
    step = played.report_input("r1", "T1.claims.2-genoa", "genoa")
    assert step.label == "T1.claims.2-genoa" and step.next_label == "T1.claims.3-venice" and not step.steps
