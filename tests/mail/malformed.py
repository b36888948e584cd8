"""Malformed mail and mutated order lines, for the fuzz test and ``scripts/fuzz.py``.

Every kind of input that once crashed the gateway or the parser has a class here (deep nesting,
numbers past Python's limits, NUL bytes, bad charsets and headers, overlong or comma-split
addresses, garbage MIME, out-of-range dates and durations in commands), plus random mutations of
valid mail and order lines. Each generator takes a ``random.Random``, so a run is reproducible
from its seed.
"""

from __future__ import annotations

import base64
import random
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path

import yaml

from adjudicator.mail import guard
from tests.mail.conftest import NOW, MailGame

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "medioevo"
PLAYER = ("hungary", "King <king@hungary.example>", "hungary-secret")
GM = ("gm", "gm@example.org", "gm-secret")
HUGE = "9" * 5000


@cache
def valid_lines() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(order lines, GM edit lines) from the scenario files: real input to mutate."""
    orders: set[str] = {"LOAN", "REPAY", "BID 3", "PLACE 5 IN Pest", "KEEP Gabelliere", "BUY TECH caccia"}
    edits: set[str] = {"SET hungary florins 500"}
    for path in sorted(SCENARIOS.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        edits.update(str(e) for e in data.get("setup") or [])
        for step in data.get("steps") or []:
            edits.update(str(e) for e in step.get("edits") or [])
            for text in (step.get("orders") or {}).values():
                orders.update(s.strip() for s in str(text).splitlines() if s.strip())
    return tuple(sorted(orders)), tuple(sorted(edits))


_NOISE = ["\x00", "\ufffd", "\u202e", "\ud800", "²", "٣", "\t", "\x0b", "\u2028", "#", ">", "-- ", "é", "𝟗"]
_NUMBERS = [HUGE, "1" + "0" * 4400, "-1", "0", "99999999999", "1e999", "inf", "nan", "-0", "0x10", "1_000"]


def mutate_line(rng: random.Random, line: str) -> str:
    """One to three random edits of a line: numbers swapped for huge ones, noise, cuts, repeats."""
    for _ in range(rng.randint(1, 3)):
        words = line.split(" ")
        how = rng.randrange(8)
        at = rng.randrange(len(words)) if words else 0
        if how == 0 and words:
            words[at] = rng.choice(_NUMBERS)
        elif how == 1:
            pos = rng.randint(0, len(line))
            line = line[:pos] + rng.choice(_NOISE) + line[pos:]
            continue
        elif how == 2 and len(line) > 1:
            a, b = sorted(rng.sample(range(len(line)), 2))
            line = line[:a] + line[b:]
            continue
        elif how == 3 and words:
            words.insert(at, words[at] * rng.randint(2, 50))
        elif how == 4:
            words.insert(at, rng.choice(valid_lines()[0]))
        elif how == 5 and words:
            words[at] = words[at].upper() if rng.random() < 0.5 else words[at].lower()
        elif how == 6:
            words.append("".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randint(1, 12))))
        else:
            words = words[::-1]
        line = " ".join(words)
    return line


def order_line(rng: random.Random) -> str:
    return mutate_line(rng, rng.choice(valid_lines()[0]))


# ---- mails -------------------------------------------------------------------------------------
def _mail(
    rng: random.Random,
    body: str | bytes,
    *,
    who: tuple[str, str, str] = PLAYER,
    headers: str = "",
    ctype: str = "Content-Type: text/plain; charset=utf-8\n",
    mid: str | None = None,
) -> bytes:
    sender = who[1]
    mid = mid if mid is not None else f"Message-ID: <f{rng.getrandbits(64):x}@fuzz.example>\n"
    head = f"From: {sender}\nTo: judge@localhost\nSubject: orders\n{mid}{headers}MIME-Version: 1.0\n{ctype}\n"
    text = body if isinstance(body, bytes) else body.encode("utf-8", errors="surrogatepass")
    return head.encode("utf-8", errors="surrogatepass") + text


def _envelope(who: tuple[str, str, str] = PLAYER) -> str:
    return f"GAME g1 POWER {who[0]} SECRET {who[2]}\n"


def nested(rng: random.Random) -> bytes:
    """Parts inside parts, ``depth`` deep (the email package parses and walks them recursively)."""
    depth = rng.choice([70, 300, 1500, 4000])
    kind = rng.choice(["multipart/mixed", "message/rfc822", "multipart/digest"])
    leaf = "Content-Type: text/plain\n\n" + _envelope() + "LOAN\n"
    if kind == "message/rfc822":
        body = "".join(f"From: x{n}@y.example\nContent-Type: message/rfc822\n\n" for n in range(depth))
        return _mail(rng, body + leaf, ctype="Content-Type: message/rfc822\n")
    body = "".join(f"--b{n}\nContent-Type: {kind}; boundary=b{n + 1}\n\n" for n in range(depth))
    return _mail(rng, body + f"--b{depth}\n" + leaf, ctype=f"Content-Type: {kind}; boundary=b0\n")


def huge_numbers(rng: random.Random) -> bytes:
    lines = [
        rng.choice(
            ["PLACE {} IN Pest", "BID {}", "BUY {} VF", "RESERVE {}", "SHORTEN TRUCE WITH france BY {}"]
        )
    ]
    lines = [lines[0].format(rng.choice(_NUMBERS))] + [order_line(rng) for _ in range(rng.randint(0, 3))]
    return _mail(rng, _envelope() + "\n".join(lines) + "\n")


def nul_bytes(rng: random.Random) -> bytes:
    where = rng.randrange(5)
    body = _envelope() + "LOAN\x00\nPLACE 5 IN Pe\x00st\n"
    if where == 0:
        return _mail(rng, body)
    if where == 1:
        return _mail(rng, body, headers="X-Note: a\x00b\n").replace(
            b"Subject: orders", b"Subject: or\x00ders"
        )
    if where == 2:
        return _mail(rng, body).replace(b"King <", b"Ki\x00ng <")
    if where == 3:
        return _mail(rng, body, mid=f"Message-ID: <n\x00{rng.getrandbits(32)}@fuzz.example>\n")
    return _mail(rng, base64.b64encode(body.encode()) + b"\n", headers="Content-Transfer-Encoding: base64\n")


def bad_charset(rng: random.Random) -> bytes:
    charset = rng.choice(
        [
            "x-klingon",
            "utf-16",
            "utf-32",
            "idna",
            "punycode",
            "rot13",
            "base64",
            "zlib",
            "hex",
            "utf-7",
            "utf-8\x00",
            '"',
            "iso-2022-jp",
            "cp1252",
            "",
        ]
    )
    body = (_envelope() + "LOAN\nPLACE 5 IN Pest\n").encode() + bytes(rng.randrange(256) for _ in range(20))
    return _mail(rng, body, ctype=f"Content-Type: text/plain; charset={charset}\n")


def bad_headers(rng: random.Random) -> bytes:
    choice = rng.randrange(7)
    body = _envelope() + f"LOAN\n# {rng.getrandbits(64):x}\n"  # each one a new message
    if choice == 0:
        return _mail(rng, body, headers="Subject: =?utf-8?b?!!!?= =?x-bad?q?=ZZ?=\nX-8bit: \xe9\xff\n")
    if choice == 1:
        return b"From: king@hungary.example\nthis line has no colon\n\x80\x81: v\n\n" + body.encode()
    if choice == 2:
        return _mail(rng, body, headers="X-Long: " + "a" * 100000 + "\n")
    if choice == 3:
        return b"From: king@hungary.example\rSubject: cr only\r\r" + body.encode()
    if choice == 4:
        return _mail(rng, body, headers="From: (((((((((" * 200 + "\n")
    if choice == 5:
        return b""
    long_id = f"Message-ID: <{rng.getrandbits(64):x}{'m' * 400}@x>\n"
    return _mail(rng, body, mid=long_id, headers="References: " + "<a@b> " * 2000 + "\n")


def addresses(rng: random.Random) -> bytes:
    sender = rng.choice(
        [
            "Smith, John <king@hungary.example>",
            "Smith, John <john@elsewhere.example>",
            f"{'a' * rng.choice([250, 300, 330, 5000])}@hungary.example",
            "<>",
            "king@hungary.example, other@x.example",
            '"unterminated <king@hungary.example>',
            "king@@hungary..example",
            "=?utf-8?q?Ki=00ng?= <king@hungary.example>",
        ]
    )
    return _mail(rng, _envelope() + "LOAN\n", who=("hungary", sender, "hungary-secret"))


def garbage_mime(rng: random.Random) -> bytes:
    choice = rng.randrange(6)
    body = _envelope() + "LOAN\n"
    if choice == 0:
        return _mail(rng, body, ctype="Content-Type: multipart/alternative\n")
    if choice == 1:
        return _mail(rng, body, ctype="Content-Type: multipart/mixed; boundary=never\n")
    if choice == 2:
        return _mail(
            rng, "!!!not base64***", ctype="Content-Type: text/plain\nContent-Transfer-Encoding: base64\n"
        )
    if choice == 3:
        return _mail(
            rng,
            body + "=ZZ=\n=",
            ctype="Content-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n",
        )
    if choice == 4:
        part = f"--b\nContent-Type: text/html\n\n<p>{body}<b><i><table><tr><td>" * 3 + "\n--b--\n"
        disp = 'Content-Disposition: attachment; filename="a\x00b.txt"\n'
        return _mail(
            rng, part + f"--b\n{disp}\nx\n--b--\n", ctype="Content-Type: multipart/mixed; boundary=b\n"
        )
    return _mail(rng, bytes(rng.randrange(256) for _ in range(rng.randint(0, 3000))), ctype="")


def bad_commands(rng: random.Random) -> bytes:
    player = [
        "ABSENCE 0001-01-01 9999-12-31",
        "ABSENCE 9999-12-31 9999-12-31",
        "ABSENCE 2025-03-01 " + HUGE,
        "TIMEZONE ../../etc/passwd",
        "TIMEZONE " + "x" * 5000,
        "TIMEZONE Europe/Ro\x00me",
        "PRESS TO " + "hungary," * 500,
        "ORDERS now",
        "STATE\x00",
    ]
    gm = [
        f"EXTEND {rng.choice(_NUMBERS)}",
        "EXTEND 1e308",
        f"LOAD DICE {rng.choice(['*', 'T1.taxes', HUGE])} {rng.choice(_NUMBERS)} ²",
        f"ROLLBACK {rng.choice(_NUMBERS)}",
        f"PROCESS {rng.choice(_NUMBERS)}",
        f"SET hungary florins {rng.choice(_NUMBERS)}",
        f"GRANT hungary tech {rng.choice(_NUMBERS)}",
        "REPLACE hungary a\x00b.example",  # no @ once the NUL is gone: the seat stays
        f"NEW-SECRET {rng.choice(_NUMBERS)}",
        mutate_line(rng, rng.choice(valid_lines()[1])),
    ]
    if rng.random() < 0.5:
        return _mail(rng, _envelope() + "\n".join(rng.sample(player, rng.randint(1, 3))) + "\n")
    return _mail(rng, _envelope(GM) + "\n".join(rng.sample(gm, rng.randint(1, 3))) + "\n", who=GM)


def mutated_mail(rng: random.Random) -> bytes:
    raw = bytearray(_mail(rng, _envelope() + "\n".join(order_line(rng) for _ in range(rng.randint(1, 8)))))
    for _ in range(rng.randint(0, 12)):
        pos = rng.randrange(len(raw))
        raw[pos : pos + rng.randint(0, 3)] = bytes(rng.randrange(256) for _ in range(rng.randint(0, 3)))
    return bytes(raw)


CLASSES: dict[str, Callable[[random.Random], bytes]] = {
    "nested": nested,
    "huge_numbers": huge_numbers,
    "nul_bytes": nul_bytes,
    "bad_charset": bad_charset,
    "bad_headers": bad_headers,
    "addresses": addresses,
    "garbage_mime": garbage_mime,
    "bad_commands": bad_commands,
    "mutated": mutated_mail,
}


def malformed_mail(rng: random.Random) -> tuple[str, bytes]:
    name = rng.choice(sorted(CLASSES))
    return name, CLASSES[name](rng)


SPACING = guard.WINDOW / guard.REPLIES_PER_ADDRESS + timedelta(minutes=1)


class FuzzClock:
    """When each fuzz mail arrives: one every :data:`SPACING`, in a game whose clock is paused.

    The judge answers at most ``guard.REPLIES_PER_ADDRESS`` refusals of unauthenticated mail an
    hour to one address and locks a power out after a few failed secrets (mail/guard.py). Every
    fuzz mail comes from the mail tests' few addresses, so at one instant the run would soon only
    meet those limits and never the parsers behind them. Spaced this far apart, no address reaches
    a limit and every mail can be answered; the limits have their own tests. The game is paused
    (no deadline) so that the run's weeks of mail all fall in its open window.
    """

    def __init__(self, game: MailGame) -> None:
        game.judge.pause("g1", now=NOW)
        self.count = 0

    def next(self) -> datetime:
        self.count += 1
        return NOW + self.count * SPACING
