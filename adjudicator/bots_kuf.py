"""A Krieg und Frieden player for the demo, the benchmarks and the conformance tests: it reads
only its own view and its legal orders, and plays sensibly, not foolishly: it bids up to about
half of what its hand is worth on the agenda, builds farmsteads with its grain, sends workers to
the cathedral with its hammers, challenges the leader when it has shields to spare, defends while
it holds a shield, appeals when it may and keeps standing orders so it is seldom asked."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from adjudicator.core.orders import Order
from adjudicator.core.view import PlayerView


def _pick(seed: str, n: int) -> int:
    return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big") % n


def _worth(hand: dict[str, int], values: dict[str, int] | None) -> int:
    return sum(n * (values or {}).get(k, 1) for k, n in hand.items())


def kuf_orders(view: PlayerView, legal: Sequence[Order]) -> list[str]:
    """The bot's order lines for the open step (none when it has no decision)."""
    lines = [o.canonical() for o in legal]
    if not lines:
        return []
    data = view.data
    me = data["nobles"][view.viewer]
    hand: dict[str, int] = me.get("hand", {})
    key = f"{view.game}|{view.window}|{view.viewer}"
    out: list[str] = []
    if not me.get("standing"):
        out += [
            "POLICY DEFEND WHILE 1",
            "POLICY BURN OUTER",
            "POLICY APPEAL ALWAYS",
            "POLICY PRIVILEGE grain hammer cup shield",
        ]
    plays = [line for line in lines if line.startswith("PLAY ")]
    if plays:  # the problem its own cards solve best (L16: each card's worth by agenda)
        worth = {
            line: _worth(
                hand,
                dict(
                    zip(
                        ("shield", "cup", "hammer", "grain"),
                        data["values"][line.split()[1].split("/")[0]],
                        strict=True,
                    )
                ),
            )
            for line in plays
        }
        best = max(worth.values())
        plays = [line for line in plays if worth[line] == best]
        out.append(plays[_pick(key + "play", len(plays))])
    if any(line.startswith("SWAP ") or line == "PASS" for line in lines) and data["season"] == "winter":
        out.append("IF AGENDA any: PASS" if not plays else "PASS")
    if data["season"] == "spring":
        plan = [line for line in lines if line.startswith("PLAN UP TO")]
        if plan:
            out.append(plan[0])  # about half its hand's worth (legal.py offers half first)
        bids = [line for line in lines if line.startswith("BID ")]
        if data.get("waiting_for", {}) and data["waiting_for"]["kind"] == "bid":
            out.append(bids[-1] if bids and _pick(key + "bid", 3) else "PASS")
    out += _summer(view, lines, hand, me)
    for verb in ("PRIVILEGE ", "APPEAL ", "DISCARD ", "DEFEND", "NO APPEAL"):
        found = [line for line in lines if line.startswith(verb)]
        if found and verb != "NO APPEAL":
            out.append(found[0])
            break
        if found:
            out.append(found[0])
    if "YIELD" in lines and "DEFEND" not in out:
        out.append("YIELD")
    return list(dict.fromkeys(out))


def _summer(view: PlayerView, lines: list[str], hand: dict[str, int], me: dict[str, object]) -> list[str]:
    """A turn: farmsteads with all but one grain, workers while the rule allows, one challenge
    on the leader with a shield to spare, a bribe of the leader with a spare cup."""
    if not any(line.startswith(("BUILD", "WORKERS", "CHALLENGE", "BRIBE")) for line in lines):
        return []
    out: list[str] = []
    outer, inner = int(me["outer"]), int(me["inner"])  # type: ignore[call-overload]
    unused = int(me["unused"])  # type: ignore[call-overload]
    build = min(max(hand.get("grain", 0) - 1, 0), unused, 6 - outer)
    if build:
        out.append(f"BUILD {build}")
        outer += build
    move = 0
    while move < hand.get("hammer", 0) and inner + move + 1 <= min(3, outer - move - 1):
        move += 1
    if move:
        out.append(f"WORKERS {move}")
    nobles = view.data["nobles"]
    others = [p for p in view.data["seats"] if p != view.viewer]
    leader = max(others, key=lambda p: (nobles[p]["vp"], nobles[p]["outer"] + nobles[p]["inner"]))
    if hand.get("shield", 0) >= 2 and f"CHALLENGE {leader}" in lines:
        out.append(f"CHALLENGE {leader}")
    if hand.get("cup", 0) >= 3 and f"BRIBE {leader}" in lines:
        out.append(f"BRIBE {leader}")
    return out
