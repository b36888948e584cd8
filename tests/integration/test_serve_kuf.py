"""Issue 20's "done when": Krieg und Frieden by mail under a real ``adjudicator serve``. One serve
runs two games at once (one serve start for both, to keep the suite fast): a 3-noble year in which
one noble misses its summer step's deadline (its default plays, it is told, its ``missed`` counts),
and a 4-noble game played to its end. ``turns = 1`` (the shortest game the options allow) makes
the one year the whole game (001 L126-130 scores it).

Real parts, as tests/integration/test_serve_e2e.py: ``serve`` in a subprocess (its LMTP listener),
a real SMTP relay that receives what the judge sends, a real deadline that passes. The players
learn their secrets from the welcome mail and answer each "your move" as people do: a reply that
quotes the judge's mail under the orders and ends with a signature. The bots choose the orders from
each noble's own view. The store does not matter here: SQLite only.
"""

from __future__ import annotations

import re
import signal
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import make_msgid
from functools import partial
from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session, select

from adjudicator.bots_kuf import kuf_orders
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate
from adjudicator.store.models import Outbox, Power
from tests.integration.test_serve_e2e import (
    by_lmtp,
    every_mail_sent_once,
    mails_to,
    start_serve,
    text_of,
    wait_for,
)
from tests.integration.test_serve_e2e_steps import config_file
from tests.smtp_server import SmtpServer, free_port

GAMES = {"kuf3": ("anna", "bruno", "carla"), "kuf4": ("anna", "bruno", "carla", "dora")}
JUDGE = "judge@judge.test"


def address(game: str, noble: str) -> str:
    return f"{noble}.{game}@players.test"


def reply(game: str, noble: str, secret: str, move: EmailMessage, orders: list[str]) -> bytes:
    """A player's answer to "your move": the orders on top, a signature, the judge's mail quoted."""
    msg = EmailMessage()
    msg["From"], msg["To"] = address(game, noble), JUDGE
    msg["Subject"] = f"Re: {move['Subject']}"
    msg["Message-ID"] = make_msgid(domain="players.test")
    msg["In-Reply-To"] = msg["References"] = move["Message-ID"]
    quoted = "\n".join(f"> {line}" if line else ">" for line in text_of(move).splitlines())
    body = [f"GAME {game} POWER {noble} SECRET {secret}", *orders, "READY", "", "thanks, my move below", ""]
    body += ["-- ", f"{noble.title()}, sent from my phone", "", f"On Monday, {JUDGE} wrote:", quoted]
    msg.set_content("\n".join(body))
    return msg.as_bytes(policy=SMTP)  # CRLF: a mail longer than one SMTP line


def test_a_three_and_a_four_noble_game_by_mail_under_serve(tmp_path: Path) -> None:
    """The 3-noble game: one year, its last summer step missed (its default plays); the
    4-noble game: to its end (001 L126-130). Every mail the judge queued went out once."""
    engine = make_engine(f"sqlite:///{tmp_path / 'kuf.db'}")
    migrate(engine)
    url = engine.url.render_as_string(hide_password=False)
    judge = Judge(engine, mail_domain="judge.test")
    relay = SmtpServer()
    relay.start()
    lmtp_port = free_port()
    config = config_file(tmp_path, relay, lmtp_port)
    log = tmp_path / "serve.log"
    for game, seats in GAMES.items():  # no calendar: a step has no deadline until the GM sets one
        addresses = {n: address(game, n) for n in seats}
        judge.create_game(
            game, "kriegundfrieden", seats, {"turns": 1}, seed=game.encode() * 8, addresses=addresses
        )
    silent: str | None = None
    answered: set[tuple[str, str, str]] = set()
    serve = start_serve(config, url, log)
    try:
        every = [address(g, n) for g, seats in GAMES.items() for n in seats]
        wait_for(lambda: all(mails_to(relay, a, "welcome") for a in every), 30, log)
        secrets = {}
        for game, seats in GAMES.items():
            for noble in seats:
                [welcome] = mails_to(relay, address(game, noble), "welcome")
                found = re.search(r"Your secret: (\S+)", text_of(welcome))
                assert found, text_of(welcome)
                secrets[game, noble] = found.group(1)

        def last_summer_turn(game: str) -> bool:
            """The open step is the summer turn of the last noble yet to play one (the year's last
            step that waits for orders: the autumn that follows is the judge's alone)."""
            _, row = judge.game(game)
            if ".summer." not in row.label or row.step_kind != "turn":
                return False
            played = {a for g, label, a in answered if g == game and ".summer." in label}
            return played | set(row.actors) == set(GAMES[game]) and not set(row.actors) & played

        for _ in range(200):  # the steps of both games, answered as their "your move" mails come
            if all(over(judge, g) for g in GAMES):
                break
            moved = False
            for game in GAMES:
                if over(judge, game):
                    continue
                _, row = judge.game(game)
                if game == "kuf3" and silent is None and last_summer_turn(game):
                    [silent] = row.actors  # it stays silent: the GM's calendar gives the step
                    judge.set_calendar(
                        game, {"step_hours": {"default": 1 / 3600}, "round_hours": {"default": 48}}
                    )
                    moved = True  # a one-second deadline, which passes
                    continue
                for noble in row.actors:
                    if (game, row.label, noble) in answered or (game, noble) == ("kuf3", silent):
                        continue
                    moves = mails_to(relay, address(game, noble), f"your move: {row.label}")
                    if not moves:
                        continue
                    orders = kuf_orders(
                        judge.view(game, noble),
                        judge.ruleset(judge.game(game)[0]).legal_orders(judge.state(game), noble),
                    )
                    by_lmtp(lmtp_port, reply(game, noble, secrets[game, noble], moves[0], orders))
                    answered.add((game, row.label, noble))
                    moved = True
            if not moved:
                ended = {g for g in GAMES if over(judge, g)}
                wait_for(partial(_any_progress, judge, relay, answered, silent, ended), 60, log)
        assert all(over(judge, g) for g in GAMES), {g: judge.game(g)[1].label for g in GAMES}

        assert silent is not None
        wait_for(lambda: bool(mails_to(relay, address("kuf3", silent), "no orders by the deadline")), 30, log)
        wait_for(lambda: _all_sent(engine), 30, log)  # both games' (the check below is of all mails)
        for game in GAMES:
            every_mail_sent_once(engine, relay, game, log)
            for noble in GAMES[game]:  # a receipt for each answer: nothing refused, READY taken
                receipts = [text_of(m) for m in mails_to(relay, address(game, noble), "Re:")]
                assert receipts, (game, noble)
                assert not any("REFUSED" in r for r in receipts), receipts
            assert judge.state(game).winners, game  # type: ignore[attr-defined]
        with Session(engine) as session:
            missed = {(p.game_id, p.power): p.missed for p in session.exec(select(Power))}
        assert {k for k, n in missed.items() if n} == {("kuf3", silent)}, missed
        serve.send_signal(signal.SIGTERM)
        assert serve.wait(30) == 0, log.read_text()[-4000:]
    finally:
        if serve.poll() is None:
            serve.kill()
            serve.wait(10)
        relay.stop()


def _any_progress(
    judge: Judge,
    relay: SmtpServer,
    answered: set[tuple[str, str, str]],
    silent: str | None,
    ended: set[str],
) -> bool:
    """A game not ``ended`` before the wait has ended since, or has something for its players."""
    return any(_progress(judge, relay, g, answered, silent) for g in GAMES if g not in ended)


def _progress(
    judge: Judge, relay: SmtpServer, game: str, answered: set[tuple[str, str, str]], silent: str | None
) -> bool:
    """Something for the players to do in ``game``: it is over, or an actor of its open step (not
    the silent one) has its "your move" and has not answered it yet."""
    if over(judge, game):
        return True
    _, row = judge.game(game)
    return any(
        (game, row.label, n) not in answered and mails_to(relay, address(game, n), f"your move: {row.label}")
        for n in row.actors
        if (game, n) != ("kuf3", silent)
    )


def over(judge: Judge, game: str) -> bool:
    """The game is over (its last window's row says so)."""
    return judge.game(game)[1].status == "over"


def _all_sent(engine: Engine) -> bool:
    with Session(engine) as session:
        return all(row.status == "sent" for row in session.exec(select(Outbox)) if row.address)
