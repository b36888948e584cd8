"""The deadline and player commands of ``adjudicator``: ``gm extend/pause/resume/end/new-secret/address/
replace``, ``game calendar`` and ``tick`` (one pass of the deadline service, for cron and for tests).

Kept apart from cli.py so that module stays short; importing this module registers the commands on
the apps cli.py defines.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime
from typing import Annotated, Any

import typer

from adjudicator.cli import app, game_app, gm_app, guarded, judge, out
from adjudicator.core.options import MAX_PERIOD_HOURS
from adjudicator.dates import when_text
from adjudicator.errors import AdjudicatorError
from adjudicator.service.judge import Judge


def _when(j: Judge, deadline: datetime | None, game: str) -> str:
    return "no deadline" if deadline is None else when_text(deadline, j.calendar(game).timezone)


@gm_app.command("extend")
@guarded
def gm_extend(
    game: str,
    hours: float,
    whole_round: Annotated[
        bool, typer.Option("--round", help="the cap of the open step-by-step round, not its step")
    ] = False,
) -> None:
    """Move the open window's (or step's) deadline later by HOURS; every power is told (with an .ics)."""
    j = judge()
    if whole_round:
        out.print(f"{game}: the round's cap now {_when(j, j.extend_round(game, hours), game)}", markup=False)
        return
    out.print(f"{game}: deadline now {_when(j, j.extend(game, hours), game)}", markup=False)


@gm_app.command("pause")
@guarded
def gm_pause(game: str) -> None:
    """Stop the clock: the time left is kept until resume."""
    judge().pause(game)
    out.print(f"{game}: paused")


@gm_app.command("resume")
@guarded
def gm_resume(game: str) -> None:
    """Start the clock again: the deadline is now plus the time that was left."""
    j = judge()
    out.print(f"{game}: resumed, deadline {_when(j, j.resume(game), game)}", markup=False)


@gm_app.command("end")
@guarded
def gm_end(
    game: str, why: Annotated[list[str] | None, typer.Argument(help="a few words on why, for the log")] = None
) -> None:
    """End the game now (docs/endgame.md): it is scored as it stands, the open window closes
    unplayed, every power gets the final report and the dice seed is revealed."""
    out.print(judge().end_game(game, " ".join(why or ())), markup=False)


@gm_app.command("new-secret")
@guarded
def gm_new_secret(game: str, power: str) -> None:
    """Give POWER a new secret (the old one stops working) and mail it to the power's address."""
    j, power = judge(), power.lower()
    secret = j.new_secret(game, power)
    address = j.address_of(game, power)
    told = (
        f"mailed to {address}"
        if address
        else f"not mailed: no address on file for {power}; set one with "
        f"'adjudicator gm address {game} {power} ADDRESS' and run new-secret again, or hand it over yourself"
    )
    out.print(f"{game}: new secret of {power}: {secret} ({told})", markup=False, soft_wrap=True)


@gm_app.command("address")
@guarded
def gm_address(game: str, power: str, address: str) -> None:
    """Put ADDRESS on file for POWER (gm: the GM's own); the same player keeps the power and its secret
    (gm replace hands it to a new player). The old and the new address and the GM are told."""
    j, power = judge(), power.lower()
    old = j.set_address(game, power, address)
    if old is not None and old.lower() == address.strip().lower():
        out.print(f"{game}: {power} already has the address {old}", markup=False)
        return
    out.print(f"{game}: address of {power} is now {address.strip()} (was {old or 'none'})", markup=False)


@gm_app.command("replace")
@guarded
def gm_replace(game: str, power: str, address: str) -> None:
    """Hand POWER to a new player at ADDRESS: new secret, misses reset, a briefing mailed."""
    secret = judge().replace_player(game, power.lower(), address)
    out.print(f"{game}: {power.lower()} handed to {address}, secret {secret} (briefing mailed)", markup=False)


def _number(option: str, text: str) -> float:
    """Hours given on the command line: a number above 0 and at most a year (not ``inf``, not ``nan``)."""
    try:
        hours = float(text)
    except ValueError:
        hours = math.nan
    if not 0 < hours <= MAX_PERIOD_HOURS:
        raise AdjudicatorError(
            f"{option} {text!r}: expected a number of hours above 0 and at most {MAX_PERIOD_HOURS}"
        ) from None
    return hours


def _per_kind(option: str, items: list[str] | None, hours: dict[str, float]) -> dict[str, float] | None:
    """``hours`` with each ``KIND=HOURS`` of ``items`` set (None when none was given)."""
    if not items:
        return None
    hours = dict(hours)
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise AdjudicatorError(f"{option} {item!r}: expected WINDOW=HOURS, e.g. economy=48")
        hours[name.strip().lower()] = _number(option, value)
    return hours


def _hours_text(hours: dict[str, float], empty: str) -> str:
    return ", ".join(f"{k}={v:g}h" for k, v in hours.items()) or empty


@game_app.command("calendar")
@guarded
def game_calendar(
    game: str,
    timezone: Annotated[str | None, typer.Option(help="IANA time zone, e.g. Europe/Rome")] = None,
    hour: Annotated[int | None, typer.Option(help="deadlines fall at this hour (0-23)")] = None,
    minute: Annotated[int | None, typer.Option(help="… and minute")] = None,
    weekdays: Annotated[str | None, typer.Option(help="allowed days, e.g. mon,wed,fri")] = None,
    period: Annotated[
        list[str] | None, typer.Option(help="WINDOW=HOURS (bids, cards, economy, default); repeatable")
    ] = None,
    step_hours: Annotated[
        list[str] | None,
        typer.Option(help="WINDOW=HOURS: one step of a turn-by-turn window (else its period); repeatable"),
    ] = None,
    round_hours: Annotated[
        list[str] | None,
        typer.Option(help="WINDOW=HOURS: the cap of all the steps of a turn-by-turn window; repeatable"),
    ] = None,
    step_reports: Annotated[
        bool | None,
        typer.Option(help="mail each step's report of a turn-by-turn window to every power (else GM only)"),
    ] = None,
    grace_minutes: Annotated[float | None, typer.Option(help="late orders taken this long")] = None,
    reminders: Annotated[str | None, typer.Option(help="hours before the deadline, e.g. 24,2")] = None,
    civil_disorder_after: Annotated[int | None, typer.Option(help="misses before civil disorder")] = None,
    early: Annotated[bool | None, typer.Option(help="resolve early when every power is READY")] = None,
) -> None:
    """Show a game's deadline calendar, or change the settings given."""
    j = judge()
    changes: dict[str, Any] = {}
    for key, value in (
        ("timezone", timezone),
        ("hour", hour),
        ("minute", minute),
        ("grace_minutes", grace_minutes),
        ("civil_disorder_after", civil_disorder_after),
        ("early_when_all_ready", early),
        ("step_reports", step_reports),
    ):
        if value is not None:
            changes[key] = value
    if weekdays is not None:
        changes["weekdays"] = weekdays.split(",")
    if reminders is not None:
        changes["reminders_hours"] = [_number("--reminders", h) for h in reminders.split(",") if h.strip()]
    current = j.calendar(game)
    for key, option, items in (
        ("period_hours", "--period", period),
        ("step_hours", "--step-hours", step_hours),
        ("round_hours", "--round-hours", round_hours),
    ):
        hours = _per_kind(option, items, getattr(current, key))
        if hours is not None:
            changes[key] = hours
    if changes:
        j.set_calendar(game, changes)
    cal = j.calendar(game)
    at = "as the period gives" if cal.hour is None else f"{cal.hour:02d}:{cal.minute:02d}"
    for line in (
        f"{game}: time zone {cal.timezone}, deadlines at {at} on {','.join(cal.weekdays)}",
        f"periods: {_hours_text(cal.period_hours, 'none (no deadlines)')}; grace {cal.grace_minutes:g} min",
        f"turn-by-turn windows: steps {_hours_text(cal.step_hours, 'as the period')}; "
        f"round cap {_hours_text(cal.round_hours, 'none')}; "
        f"each step's report to {'every power and the GM' if cal.step_reports else 'the GM only'}, "
        "the round's to all",
        f"reminders: {', '.join(f'{h:g}h' for h in cal.reminders_hours) or 'none'} before the deadline",
        f"civil disorder after {cal.civil_disorder_after} misses; "
        f"early resolution when all READY: {'yes' if cal.early_when_all_ready else 'no'}",
        f"deadline of the open window: {_when(j, j.next_deadline(game), game)}"
        + (" (paused)" if cal.paused else ""),
    ):
        out.print(line, markup=False, highlight=False, soft_wrap=True)


@app.command()
@guarded
def tick(
    now: Annotated[str | None, typer.Option(help="the time to act as if it were (ISO 8601)")] = None,
) -> None:
    """One pass of the deadline service: reminders, early resolution, deadlines past grace."""
    when = None
    if now is not None:
        try:
            when = datetime.fromisoformat(now)
        except ValueError:
            raise AdjudicatorError(
                f"--now {now!r}: expected an ISO date and time such as 2026-03-01T20:00:00+01:00"
            ) from None
        when = when if when.tzinfo else when.replace(tzinfo=UTC)
    done = judge().process_due(when)
    for line in done or ["nothing due"]:
        out.print(line, markup=False, highlight=False, soft_wrap=True)
