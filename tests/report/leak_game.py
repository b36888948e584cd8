"""A random Medioevo game among the bots, played by mail through the real judge, for the leak test.

Each game is drawn from one integer (``random.Random(seed)``): the powers (3-6 playable kingdoms),
the turns, whether the windows have deadlines, and per window which powers write, which stay
silent, which say READY and which mail commands they add. Every mail goes through the real mail
gateway; in about half the windows one writer's receipt is also taken on a copy of the store in
which the other powers' standing orders differ, and both receipts must be identical.
"""

from __future__ import annotations

import difflib
import functools
import random
import re
import shutil
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, delete, event
from sqlmodel import Session, col, select

from adjudicator.bots import medioevo_orders
from adjudicator.config import Settings
from adjudicator.mail.gateway import MailGateway
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.registry import get_ruleset
from adjudicator.service.judge import Judge
from adjudicator.service.tokens import hash_secret
from adjudicator.store.db import make_engine, migrate
from adjudicator.store.models import Game, OrderSet, Outbox, Power
from tests.report.leak_perturb import perturb_state

T0 = datetime(2025, 5, 1, 9, 0, tzinfo=UTC)
GAME = "leak"
GM_ADDRESS = "gm@leak.example"
COMMANDS = ("ORDERS", "STATE", "OPTIONS")

Standing = tuple[tuple[str, ...], bool] | None
"""A power's standing order set in the open window: (accepted lines, READY), or None."""


def ruleset() -> MedioevoRuleset:
    rules = get_ruleset("medioevo")
    assert isinstance(rules, MedioevoRuleset)
    return rules


def address(power: str) -> str:
    return f"{power}@leak.example"


def line_in(line: str, text: str) -> bool:
    """``line`` appears in ``text`` as a whole (not inside a longer word or number)."""
    return re.search(rf"(?<![\w]){re.escape(line)}(?![\w])", text) is not None


def diff(a: str, b: str, names: tuple[str, str] = ("real", "changed")) -> str:
    lines = difflib.unified_diff(a.splitlines(), b.splitlines(), *names, lineterm="", n=1)
    return "\n".join(list(lines)[:40])


@dataclass
class Counts:
    receipts: int = 0
    receipts_compared: int = 0
    options_compared: int = 0


@dataclass
class RandomGame:
    """One random game in its own SQLite store."""

    seed: int
    tmp: Path
    rng: random.Random = field(init=False)
    powers: tuple[str, ...] = field(init=False)
    secrets: dict[str, str] = field(init=False)
    engine: Engine = field(init=False)
    judge: Judge = field(init=False)
    gateway: MailGateway = field(init=False)
    counts: Counts = field(default_factory=Counts)
    mails: int = 0

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.powers = contiguous_kingdoms(self.rng, self.rng.randint(3, 6))
        options: dict[str, object] = {"turns": turns_of(self.seed)}
        if self.rng.random() < 0.5:
            options["period_hours"] = 48
        self.db = self.tmp / f"leak-{self.seed}.db"
        shutil.copyfile(migrated_store(self.tmp), self.db)
        self.engine = fast_engine(self.db)
        self.judge = Judge(self.engine, mail_domain="judge.test")
        self.secrets = self.judge.create_game(
            GAME,
            "medioevo",
            self.powers,
            options,
            seed=self.rng.randbytes(32),
            addresses={p: address(p) for p in self.powers},
            gm_address=GM_ADDRESS,
            now=T0,
        )
        cheap_secrets(self.engine, self.secrets)
        self.gateway = MailGateway(self.judge, Settings())
        self.now = T0

    def where(self) -> str:
        """Names the game in a failure message, with how to play it again."""
        window = self.judge.game(GAME)[1].label
        return f"game seed {self.seed} ({len(self.powers)} powers: {', '.join(self.powers)}), window {window}"

    @functools.cached_property
    def seed_bytes(self) -> bytes:
        return self.judge.game(GAME)[0].seed

    # ---- one window ----------------------------------------------------------------------
    def play_window(self) -> tuple[str, ...]:
        """Every power writes or stays silent (one receipt compared, one time in two); then adjudicate."""
        self.now = self.now + timedelta(hours=1)
        writers = [p for p in self.rng.sample(self.powers, len(self.powers)) if self.rng.random() < 0.8]
        compared = self.rng.choice(writers) if writers and self.rng.random() < 0.5 else None
        for power in writers:
            body = self._mail_body(power)
            if power == compared:
                self._compare_receipts(power, body)
                self._compare_options(power, body)
            else:
                self._send(self.gateway, power, body, self._message_id())
        sets = self.judge.current_orders(GAME)
        ready = set(sets) == set(self.powers) and all(s.ready for s in sets.values())
        done = self.judge.adjudicate(GAME, force=not ready, now=self.now)
        self.now = self.now + timedelta(minutes=1)
        return done.labels

    def _mail_body(self, power: str) -> str:
        rules = ruleset()
        view = self.judge.view(GAME, power)
        lines = medioevo_orders(view, rules.legal_orders(self.judge.state(GAME), power))
        if lines and self.rng.random() < 0.3:
            lines = self.rng.sample(lines, self.rng.randint(0, len(lines)))
        ready = self.rng.choice(["READY", "NOT READY", "", "READY"])
        commands = [c for c in COMMANDS if self.rng.random() < 0.25]
        head = f"GAME {GAME} POWER {power} SECRET {self.secrets[power]}"
        return "\n".join([head, *commands, *lines, *([ready] if ready else [])])

    def _message_id(self) -> str:
        self.mails += 1
        return f"leak-{self.seed}-{self.mails}@players.example"

    def _send(self, gateway: MailGateway, power: str, body: str, mid: str) -> Outbox:
        """Mail ``body`` from ``power`` and return the judge's answer, checked for other powers' orders."""
        raw = (
            f"From: {address(power)}\nTo: judge@localhost\nSubject: orders\nMessage-ID: <{mid}>\n"
            f"Content-Type: text/plain; charset=utf-8\n\n{body}\n"
        ).encode()
        others = standing_orders(gateway.judge.engine, exclude=power)
        outcome = gateway.ingest(raw, source="cli", now=self.now)
        assert outcome.status == "answered", f"{self.where()}: {power}'s mail was {outcome.line()}"
        with Session(gateway.judge.engine) as session:
            reply = session.exec(select(Outbox).where(Outbox.in_reply_to == f"<{mid}>")).one()
        own = set(body.splitlines())
        if "OPTIONS" in own:  # the reply lists the sender's legal orders, which other powers may give too
            state = gateway.judge.state(GAME)
            own |= {o.canonical() for o in ruleset().legal_orders(state, power)}
        for other, held in others.items():
            for line in held[0] if held else ():
                assert line in own or not line_in(line, reply.body_text), (
                    f"{self.where()}: {power}'s receipt shows {other}'s standing order {line!r}:\n"
                    f"{reply.body_text}"
                )
        self.counts.receipts += 1
        return reply

    def _compare_receipts(self, power: str, body: str) -> None:
        """``power``'s receipt must be the same when the other powers' standing orders differ."""
        copy = self.tmp / f"leak-{self.seed}-copy.db"
        copy.unlink(missing_ok=True)
        with sqlite3.connect(self.db) as src, sqlite3.connect(copy) as dst:
            src.backup(dst)
        engine = fast_engine(copy)
        try:
            judge = Judge(engine, mail_domain="judge.test")
            before = standing_orders(self.engine, exclude=power)
            self._change_standing_orders(judge, power)
            after = standing_orders(engine, exclude=power)
            assert before != after, f"{self.where()}: the other powers' standing orders did not change"
            mid = self._message_id()
            real = self._send(self.gateway, power, body, mid)
            changed = self._send(MailGateway(judge, Settings()), power, body, mid)
        finally:
            engine.dispose()
            copy.unlink(missing_ok=True)
        for name in ("subject", "body_text", "body_html", "attachments"):
            a, b = getattr(real, name), getattr(changed, name)
            assert a == b, (
                f"{self.where()}: the {name} of {power}'s receipt changes with the other powers' standing "
                f"orders ({before} became {after}):\n{diff(str(a), str(b))}"
            )
        self.counts.receipts_compared += 1

    def _compare_options(self, power: str, body: str) -> None:
        """What the receipt says the orders leave, and the OPTIONS list, are computed from the full
        state: they must be the same when every other power's secrets differ."""
        rules = ruleset()
        state = self.judge.state(GAME)
        assert isinstance(state, MedioevoState)
        others = [p for p in self.powers if p != power]
        cards = sorted(rules.data.cards)
        changed = perturb_state(state, power, others, random.Random(self.rng.random()), cards, hidden=True)
        lines = list(enumerate(body.splitlines()[1:], start=1))
        orders = rules.parse(state, power, lines, strict=False).orders
        for name, real, other in (
            (
                "the receipt's summary",
                rules.receipt_summary(state, power, orders),
                rules.receipt_summary(changed, power, orders),
            ),
            (
                "the OPTIONS list",
                [o.canonical() for o in rules.legal_orders(state, power)],
                [o.canonical() for o in rules.legal_orders(changed, power)],
            ),
        ):
            assert real == other, (
                f"{self.where()}: {name} for {power} changes with the other powers' secrets:\n"
                f"{diff(chr(10).join(real), chr(10).join(other))}"
            )
        self.counts.options_compared += 1

    def _change_standing_orders(self, judge: Judge, power: str) -> None:
        """In ``judge``'s store: each other power's standing set dropped, or replaced by another."""
        rules = ruleset()
        state = judge.state(GAME)
        window = judge.game(GAME)[1]
        others = [p for p in self.powers if p != power]
        standing = standing_orders(judge.engine, exclude=power)
        for other in others:
            if standing.get(other) is not None and self.rng.random() < 0.4:
                with Session(judge.engine) as session, session.begin():
                    session.exec(
                        delete(OrderSet).where(
                            col(OrderSet.window_id) == window.id, col(OrderSet.power) == other
                        )
                    )
                continue
            legal = list(dict.fromkeys(o.canonical() for o in rules.legal_orders(state, other)))
            lines = self.rng.sample(legal, min(len(legal), self.rng.randint(1, 4)))
            held = standing.get(other)
            ready = "NOT READY" if held is not None and held[1] else "READY"
            head = f"GAME {GAME} POWER {other} SECRET {self.secrets[other]}"
            judge.submit("\n".join([head, *lines, ready]), now=self.now)


def turns_of(seed: int) -> int:
    """The length of game ``seed``, known before it is played (3 windows a turn)."""
    return random.Random(f"turns/{seed}").randint(2, 5)


def contiguous_kingdoms(rng: random.Random, n: int) -> tuple[str, ...]:
    """``n`` playable kingdoms each contiguous to one chosen before it (the setup's rule, L355)."""
    board = ruleset().board
    playable = board.playable_kingdoms()
    chosen = [rng.choice(playable)]
    while len(chosen) < n:
        near = [
            k for k in playable if k not in chosen and any(board.kingdoms_contiguous(c, k) for c in chosen)
        ]
        chosen.append(rng.choice(near))
    return tuple(rng.sample(chosen, n))


def migrated_store(tmp: Path) -> Path:
    """An empty migrated store, made once per directory: each game starts from a copy."""
    path = tmp / "migrated.db"
    if not path.exists():
        engine = make_engine(f"sqlite:///{path}")
        migrate(engine)
        engine.dispose()
    return path


def fast_engine(path: Path) -> Engine:
    """The judge's SQLite engine without waiting for the disk: a throwaway store need not survive a crash."""
    engine = make_engine(f"sqlite:///{path}")

    @event.listens_for(engine, "connect")
    def _no_sync(conn: Any, _record: Any) -> None:
        conn.execute("PRAGMA synchronous=OFF")

    return engine


def cheap_secrets(engine: Engine, secrets: Mapping[str, str]) -> None:
    """The powers' secrets hashed with few rounds: hundreds of mails must not each cost 50 ms."""
    with Session(engine) as session, session.begin():
        for row in session.exec(select(Power).where(Power.game_id == GAME)):
            row.secret_hash = hash_secret(secrets[row.power])
            session.add(row)
        game = session.get(Game, GAME)
        assert game is not None
        game.options = {**game.options, "gm_secret_hash": hash_secret(secrets["gm"])}
        session.add(game)


def standing_orders(engine: Engine, *, exclude: str = "") -> dict[str, Standing]:
    """Every power's standing set in the open window (but ``exclude``'s)."""
    with Session(engine) as session:
        game = session.get(Game, GAME)
        assert game is not None
        rows = session.exec(
            select(OrderSet)
            .where(OrderSet.window_id == game.current_window_id)
            .order_by(col(OrderSet.version))
        )
        latest = {row.power: row for row in rows}
        return {
            p: (tuple(latest[p].orders), latest[p].ready) if p in latest else None
            for p in game.powers
            if p != exclude
        }


def tokens_in(texts: Iterable[str], tokens: Sequence[str]) -> list[str]:
    joined = "\n".join(texts)
    return [t for t in tokens if line_in(t, joined)]
