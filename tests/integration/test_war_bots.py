"""A six-power game played by the bots through the judge for ten full turns with the war window
(issue 17, docs/war.md §10 item 12): every power's orders by mail each window (the war window's
scripts, plans and doctrines included, adjudicator/bots_war.py), the war's invariants after every
window (docs/war.md §8: no VF negative, no transport over capacity or past its PM, nothing aboard
a transport that is not there), every order line accepted, the replay equal; and real fighting:
a territory conquered, a siege laid, a battle at sea (seed 002 L1844-1846, L1908-1924,
L2008-2023). On SQLite and PostgreSQL (the ``judge`` fixture). The seed is chosen so that the
three happen on both stores, and asserted: the bots read the state as the store gives it back,
and PostgreSQL's JSONB orders its keys otherwise, so the two games may differ. The reports are
rendered and queued as always, their maps without the PNG (the judge's own mode when no
rasteriser is installed; tests/report draws them): the PNGs took half the time of this test."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import cast

import pytest

from adjudicator.bots import medioevo_orders
from adjudicator.report import raster
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.invariants import problems
from adjudicator.service.judge import Judge
from tests.integration.game_properties import window_problems

POWERS = ("holy_roman_empire", "hungary", "france", "byzantium", "golden_horde", "mamluks")
SEED = b"war-bots-" + b"0" * 22 + b"1"  # since the bots aim at their objective card (R347)
TURNS = 10
DATA = default_dataset()


@pytest.fixture
def no_png(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    raster.reset()
    monkeypatch.setattr(raster, "_rasteriser", lambda: None)
    yield
    monkeypatch.undo()
    raster.reset()  # the maps drawn without a PNG are forgotten


@pytest.mark.usefixtures("no_png")
def test_six_bots_fight_ten_turns_within_the_rules(judge: Judge) -> None:
    secrets = judge.create_game("war", "medioevo", POWERS, {"turns": TURNS}, seed=SEED)
    windows = 0
    deck = Counter(DATA.empire_deck.deck_for(len(POWERS)))
    told = len(judge.events("war"))
    while not judge.state("war").over:
        state = cast(MedioevoState, judge.state("war"))
        ruleset = judge.ruleset(judge.game("war")[0])
        for power in POWERS:
            lines = medioevo_orders(judge.view("war", power), ruleset.legal_orders(state, power))
            receipt = judge.submit("\n".join([f"GAME war POWER {power} SECRET {secrets[power]}", *lines]))
            assert receipt.rejected == (), (power, receipt.rejected)
        judge.adjudicate("war", force=True)
        windows += 1
        after = cast(MedioevoState, judge.state("war"))
        assert problems(after, DATA) == [], (windows, problems(after, DATA))
        now = judge.events("war")
        broken = window_problems(state, after, now[told:], deck)
        told = len(now)
        assert broken == [], (windows, broken)  # florins, PO and CB, cards (game_properties.py)
    assert judge.state("war").turn > TURNS or judge.state("war").over
    kinds = Counter(e.kind for e in judge.events("war"))
    battles = [e.payload() for e in judge.events("war") if e.kind == "mu-war-battle"]
    at_sea = [b for b in battles if b["territory"] in DATA.board.seas]
    assert kinds["mu-war-conquered"] >= 1, kinds
    assert at_sea, battles
    assert kinds["mu-war-siege"] >= 1, kinds  # an ATTACK on walls laid a siege (FORT, L1924)
    assert judge.replay_check("war") == []
