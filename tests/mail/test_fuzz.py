"""Malformed input never crashes: the parsers and the gateway (on SQLite and PostgreSQL) under
hypothesis and under every class of malformed mail in ``malformed.py``. The long run is
``scripts/fuzz.py``; these stay within a few seconds."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import Session, col, select

from adjudicator.core.dice import Dice
from adjudicator.mail.commands import parse_request
from adjudicator.mail.gateway import IngestOutcome
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.store.models import InboundMail, OrderSet, Outbox
from tests.mail.conftest import NOW, POWERS, MailGame, envelope
from tests.mail.malformed import CLASSES, HUGE, FuzzClock, malformed_mail, mutate_line, valid_lines

RULES = MedioevoRuleset()
STATE = RULES.initial_state("g", POWERS, {}, Dice(b"s" * 32, "T0.setup"))[0]
LINES = st.one_of(
    st.text(max_size=60),
    st.builds(mutate_line, st.randoms(use_true_random=False), st.sampled_from(valid_lines()[0])),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(LINES, min_size=1, max_size=4), st.booleans())
def test_the_order_and_command_parsers_never_raise(lines: list[str], gm: bool) -> None:
    """Every line comes back as an order, a command or a problem with its number; nothing raises."""
    request = parse_request(f"GAME g1 POWER {'gm' if gm else 'hungary'} SECRET s\n" + "\n".join(lines))
    submission = RULES.parse(STATE, "hungary", request.orders.lines)
    read = {issue.line_no for issue in submission.issues}
    assert len(read) + len(submission.orders) >= len({n for n, _ in request.orders.lines})


def test_numbers_past_pythons_limits_are_a_problem_with_the_line() -> None:
    """A 5,000-digit number raised ValueError (int's 4,300-digit limit) out of the parser."""
    lines = [(1, f"PLACE {HUGE} IN Pest"), (2, f"BID 1{HUGE}"), (3, "BUY 12345678901 VF"), (4, "LOAN")]
    submission = RULES.parse(STATE, "hungary", lines)
    assert [i.line_no for i in submission.issues][:3] == [1, 2, 3]
    assert all("more than 9 digits" in i.message for i in submission.issues[:3])


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("EXTEND inf", "expected EXTEND hours"),
        ("EXTEND 1e308", "EXTEND takes at most 8784 hours"),
        (f"EXTEND {HUGE}", "expected EXTEND hours"),
        ("LOAD DICE T1.taxes ²", "whole numbers"),
        (f"LOAD DICE * {HUGE}", "whole numbers"),
        ("ABSENCE 9999-12-31 9999-12-31", "in the years 2000 to 2999"),
        ("ABSENCE 0001-01-01 2025-01-01", "in the years 2000 to 2999"),
    ],
)
def test_out_of_range_times_durations_and_dice_are_refused_by_the_command_parser(line: str, why: str) -> None:
    """These reached the judge and raised OverflowError / ValueError (or stored a year-9999 absence)."""
    power = "hungary" if line.startswith("ABSENCE") else "gm"
    request = parse_request(f"GAME g1 POWER {power} SECRET s\n{line}")
    assert request.commands == [] and len(request.problems) == 1
    assert why in request.problems[0][2]


def _check_answered(game: MailGame, name: str, outcome: IngestOutcome) -> None:
    assert outcome.status in ("answered", "refused", "ignored", "duplicate", "poison"), outcome.line()
    with Session(game.engine) as session:
        logged = session.exec(
            select(InboundMail).where(col(InboundMail.message_id) == outcome.message_id)
        ).one()
        replies = session.exec(select(Outbox).where(col(Outbox.in_reply_to) == outcome.message_id)).all()
    if outcome.status in ("answered", "refused") or (outcome.status == "poison" and logged.sender):
        assert len(replies) == 1, f"{name}: {outcome.line()}"
    if outcome.status == "ignored":
        assert replies == [] and logged.status == "ignored"


def test_every_malformed_mail_is_answered_and_nothing_raises(mail_game: MailGame) -> None:
    """Two mails of each class in malformed.py, then hypothesis' choice, through the real gateway on
    this store (one test, so the game is made once per store)."""
    rng = random.Random(14)
    clock = FuzzClock(mail_game)
    for name, make in sorted(CLASSES.items()):
        for _ in range(2):
            outcome = mail_game.gateway.ingest(make(rng), source="pipe", now=clock.next())
            _check_answered(mail_game, name, outcome)

    @settings(max_examples=20, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(min_value=0, max_value=2**32))
    def any_mail(seed: int) -> None:
        name, raw = malformed_mail(random.Random(seed))
        _check_answered(mail_game, name, mail_game.gateway.ingest(raw, source="pipe", now=clock.next()))

    any_mail()


def test_order_text_with_nul_is_stored_on_every_store(mail_game: MailGame) -> None:
    """``submit`` (the CLI's path) stored the order text as given: DataError on PostgreSQL."""
    receipt = mail_game.judge.submit(f"{envelope()}\nLO\x00AN # a\x00note\n", now=NOW)
    assert list(receipt.accepted) == ["LOAN"]
    with Session(mail_game.engine) as session:
        stored = session.exec(select(OrderSet).order_by(col(OrderSet.id).desc())).first()
    assert stored is not None and "\x00" not in stored.text and "SECRET ***" in stored.text
