"""The options a game is created with: only the keys the judge or the ruleset reads, each of its type.

A key nobody reads used to be stored silently, so a typo (``turnz``) did nothing and the GM was never
told (issue 15). Every option is declared here or by the ruleset (``Ruleset.game_options``) with
the kind of value it takes, and :func:`option_problems` names each key that is unknown or of the
wrong kind, listing the known keys. Pure: no I/O.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

MAX_PERIOD_HOURS = 24 * 366
"""A window lasts at most a year: further is a typo, and the clock arithmetic overflows long before
``1e308`` hours."""


@dataclass(frozen=True)
class OptionSpec:
    """One option: its kind (``bool``, ``count`` (1 or more), ``days`` (0 or more),
    ``hours``, ``date``, ``map`` or ``choice`` (one of ``choices``)) and one line on what it does."""

    kind: str
    summary: str
    choices: tuple[str, ...] = ()


GAME_OPTIONS: dict[str, OptionSpec] = {
    "turns": OptionSpec("count", "end the game after this many turns (also --turns)"),
    "period_hours": OptionSpec(
        "hours", "hours from a window's opening to its deadline (also --period-hours)"
    ),
    "press_anonymous": OptionSpec("bool", "players may send PRESS … ANONYMOUS"),
    "absence_days": OptionSpec("days", "days of ABSENCE each player may announce (default 14)"),
    "dkim": OptionSpec("bool", "refuse player mail without a valid DKIM signature of the sender's domain"),
}
"""The options the judge itself reads, whatever the ruleset."""


def read_date(value: Any) -> datetime:
    """An option's date (``2026-12-31`` or ``2026-12-31T18:00+01:00``) as an aware datetime: UTC
    when no zone is given, midnight when no time is."""
    if not isinstance(value, str):
        raise TypeError(value)
    when = datetime.fromisoformat(value)
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def _kind_problem(kind: str, value: Any, choices: tuple[str, ...] = ()) -> str | None:
    if kind == "choice":
        return None if value in choices else f"expected one of {', '.join(choices)}"
    if kind == "bool":
        return None if isinstance(value, bool) else "expected true or false"
    if kind in ("count", "days"):
        least = 1 if kind == "count" else 0
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= least
        return None if ok else f"expected a whole number, {least} or more"
    if kind == "hours":
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if not (number and math.isfinite(value) and 0 < value <= MAX_PERIOD_HOURS):
            return f"expected a number of hours above 0 and at most {MAX_PERIOD_HOURS}"
        return None
    if kind == "date":
        try:
            read_date(value)
        except (TypeError, ValueError):
            return "expected a date, YYYY-MM-DD, or a date and time, YYYY-MM-DDTHH:MM (UTC without a zone)"
        return None
    if kind == "map":
        ok = isinstance(value, dict) and all(isinstance(v, str) for v in value.values())
        return None if ok else 'expected a JSON object of names, e.g. {"hungary": "ungheria"}'
    return None


def option_problems(options: Mapping[str, Any], known: Mapping[str, OptionSpec]) -> list[str]:
    """Why each option is refused: an unknown key (with the known keys listed), or a value of the
    wrong kind. Empty when every option is good."""
    problems = []
    for key, value in options.items():
        spec = known.get(key)
        if spec is None:
            problems.append(f"unknown option {key!r}: the known options are {', '.join(sorted(known))}")
            continue
        why = _kind_problem(spec.kind, value, spec.choices)
        if why:
            problems.append(f"option {key} {value!r}: {why}")
    return problems
