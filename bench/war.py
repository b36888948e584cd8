"""Speed of the war window: a 10-power bot game (every playable kingdom) at turn 10.

Run: .venv/bin/python bench/war.py [--turn N] [--runs N]
Target: the war window (every power's combat script and the aftermath, ``resolve_window`` in the
pure core) of turn ``--turn`` (default 10) in under 0.5 s, median of ``--runs`` runs (default 20);
printed with its ratio to a ``json.loads`` + ``json.dumps`` of the same state (the cost of reading
and writing the state the store keeps), so the number means something on another machine.
The bots (``adjudicator/bots.py``, which fight with ``bots_war.py``) play every window before it,
in the pure core as the judge resolves them (not timed); their orders for the war window are
parsed once, as the judge parses them on arrival, and the window is resolved from the same state
with the same orders each run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from typing import cast

from adjudicator.bots import bot_submissions
from adjudicator.core.dice import Dice
from adjudicator.core.engine import resolve_window, window_label
from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState

TARGET_SECONDS = 0.5
SEED = b"w" * 32
WAR = ".war"


def orders_of(
    rules: MedioevoRuleset, state: MedioevoState, powers: Sequence[str]
) -> dict[str, Sequence[Order]]:
    """Every bot's orders for the open window, parsed as on arrival."""
    return {p: sub.orders for p, sub in bot_submissions(rules, state, powers, game="bench").items()}


def play_to(rules: MedioevoRuleset, powers: Sequence[str], turn: int) -> tuple[MedioevoState, Counter[str]]:
    """The bots play until the war window of ``turn`` is open; the kinds of events on the way."""
    state, _ = rules.initial_state("bench", powers, {}, Dice(SEED, "T0.setup"))
    mu = cast(MedioevoState, state)
    kinds: Counter[str] = Counter()
    while not (mu.turn == turn and window_label(rules, mu).endswith(WAR)):
        if mu.over or mu.turn > turn:
            raise SystemExit(f"no war window at turn {turn}: the game has none ({window_label(rules, mu)})")
        out = resolve_window(rules, mu, orders_of(rules, mu, powers), SEED)
        kinds.update(e.kind for e in out.events)
        mu = cast(MedioevoState, out.state)
    return mu, kinds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--turn", type=int, default=10, help="the turn whose war window is timed (default: 10)"
    )
    parser.add_argument("--runs", type=int, default=20, help="timed runs (default: 20)")
    args = parser.parse_args()
    rules = MedioevoRuleset()
    powers = rules.board.playable_kingdoms()
    start = time.perf_counter()
    state, kinds = play_to(rules, powers, args.turn)
    played = time.perf_counter() - start
    orders = orders_of(rules, state, powers)
    lines = sum(len(o) for o in orders.values())
    out = resolve_window(rules, state, orders, SEED)  # warm-up
    timings: list[float] = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        resolve_window(rules, state, orders, SEED)
        timings.append(time.perf_counter() - t0)
    text = json.dumps(state.to_json())
    codec: list[float] = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        json.dumps(json.loads(text))
        codec.append(time.perf_counter() - t0)
    median, json_median = statistics.median(timings), statistics.median(codec)
    fought = Counter(e.kind for e in out.events)
    print(f"{len(powers)} powers played to {window_label(rules, state)} in {played:.1f} s")
    war_kinds = {k: v for k, v in kinds.items() if k.startswith("mu-war") or "battle" in k or "siege" in k}
    print(f"  war events before it: {dict(sorted(war_kinds.items()))}")
    print(f"  the window: {lines} order lines, {len(out.events)} events ({dict(sorted(fought.items()))})")
    verdict = "meets" if median < TARGET_SECONDS else "MISSES"
    print(
        f"  resolve_window over {len(timings)} runs: min {min(timings):.3f} s, median {median:.3f} s "
        f"({verdict} the target < {TARGET_SECONDS} s)"
    )
    size = f"{len(text) / 1024:.0f} KiB"
    print(f"  json.loads + json.dumps of the state ({size}): median {json_median * 1000:.2f} ms")
    print(f"  the war window costs {median / json_median:.0f} JSON decodes and encodes of its state")
    raise SystemExit(0 if median < TARGET_SECONDS else 1)


if __name__ == "__main__":
    main()
