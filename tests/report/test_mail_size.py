"""Every report mail of a big game is under 500 KB as sent, attachments and all (issue 15).

Ten powers (every playable kingdom) play three windows with the bots; each report mail is composed
as the sender sends it and measured. A lower layer than the whole outbox would miss what the
encodings add (base64 is a third larger, quoted-printable triples an SVG's '=').
"""

from __future__ import annotations

from pathlib import Path

from adjudicator.bots import medioevo_orders
from adjudicator.config import Settings
from adjudicator.mail.compose import compose
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate

LIMIT = 500_000
WINDOWS = 2


def test_every_report_mail_of_a_ten_power_game_is_under_500_kb(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'big.db'}")
    migrate(engine)
    judge = Judge(engine)
    powers = MedioevoRuleset().board.playable_kingdoms()
    assert len(powers) == 10
    secrets = judge.create_game("big", "medioevo", powers, {"turns": 100}, seed=b"b" * 32)
    for _ in range(WINDOWS):
        ruleset = judge.ruleset(judge.game("big")[0])
        state = judge.state("big")
        for power in powers:
            lines = medioevo_orders(judge.view("big", power), ruleset.legal_orders(state, power))
            judge.submit("\n".join([f"GAME big POWER {power} SECRET {secrets[power]}", *lines]))
        judge.adjudicate("big", force=True)
    rows = [row for row in judge.outbox("big") if row.kind == "report"]
    assert len({row.window_id for row in rows}) > WINDOWS  # T1.bids resolves by itself
    sizes = {}
    for row in rows:
        row.address = row.address or f"{row.recipient}@example.org"
        sizes[(row.recipient, row.window_id)] = len(compose(row, Settings()).as_bytes())
    over = {k: v for k, v in sizes.items() if v >= LIMIT}
    assert not over, f"{len(over)} of {len(sizes)} mails over {LIMIT} bytes, the largest {max(over.values())}"
    engine.dispose()
