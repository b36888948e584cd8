"""`adjudicator …`: the GM's and the operator's command line.

Every error a user can cause ends in one line naming the input and what was expected, and exit
status 2; nothing in the store is changed by a command that fails.
"""

from __future__ import annotations

import email
import email.policy
import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from adjudicator.cli_errors import fail as fail  # public: the command modules import them from here
from adjudicator.cli_errors import guarded as guarded
from adjudicator.config import Settings, load_settings
from adjudicator.core.view import GM
from adjudicator.dates import when_text
from adjudicator.errors import AdjudicatorError
from adjudicator.service.judge import Judge
from adjudicator.store.db import database_url, make_engine, migrate

app = typer.Typer(
    help="A play-by-email judge for Medioevo Universale and other medieval strategy games.",
    no_args_is_help=True,
)
game_app = typer.Typer(help="Create, list and show games; publish the dice seed.", no_args_is_help=True)
gm_app = typer.Typer(help="The GM's tools: edits, loaded dice, rollback, replay check.", no_args_is_help=True)
scenario_app = typer.Typer(
    help="Run scenario files (what-if questions, rulebook examples).", no_args_is_help=True
)
app.add_typer(game_app, name="game")
app.add_typer(gm_app, name="gm")
app.add_typer(scenario_app, name="scenario")

out = Console(highlight=False)  # no colouring of numbers and paths: one regex compile less per run
err = Console(stderr=True, soft_wrap=True)  # messages stay one line each, for grep and mail


def judge(settings: Settings | None = None) -> Judge:
    """The judge on the configured database, making Message-IDs with the mail domain of ``settings``
    (by default the settings named by ADJUDICATOR_CONFIG)."""
    engine = make_engine(database_url())
    migrate(engine)
    return Judge(engine, mail_domain=(settings or load_settings()).judge.domain)


# ---- games -------------------------------------------------------------------------------------
OPTIONS_EXAMPLE = '{"noncontiguous_kingdoms": true, "press_anonymous": true}'


def _options(text: str | None) -> dict[str, Any]:
    """``--options``: a JSON object (its keys are checked by the judge, which knows every option)."""
    if not text:
        return {}
    try:
        opts = json.loads(text)
    except json.JSONDecodeError as exc:
        raise AdjudicatorError(
            f"--options {text!r}: not JSON ({exc.msg} at character {exc.pos + 1}); "
            f"expected a JSON object such as '{OPTIONS_EXAMPLE}'"
        ) from None
    if not isinstance(opts, dict):
        raise AdjudicatorError(f"--options {text!r}: expected a JSON object such as '{OPTIONS_EXAMPLE}'")
    return opts


@game_app.command("create")
@guarded
def game_create(
    game: Annotated[str, typer.Argument(help="id of the new game, e.g. campagna-1250")],
    powers: Annotated[str, typer.Option(help="comma-separated power ids, e.g. hungary,france,byzantium")],
    ruleset: Annotated[str, typer.Option(help="the game's rules")] = "medioevo",
    turns: Annotated[int | None, typer.Option(help="end after this many turns")] = None,
    period_hours: Annotated[
        float | None, typer.Option(help="hours from a window's opening to its deadline")
    ] = None,
    options: Annotated[str | None, typer.Option(help="more options as a JSON object")] = None,
    gm_address: Annotated[
        str | None, typer.Option(help="the GM's mail address (GM commands by mail)")
    ] = None,
    address: Annotated[
        list[str] | None,
        typer.Option(
            help="a player's address, power=name@example.org (repeat it); they are mailed a welcome"
        ),
    ] = None,
) -> None:
    """Create a game and print each power's secret and the GM's (shown once, stored hashed).

    Every power given an address, and the GM, is mailed a welcome with its secret.
    """
    opts = _options(options)
    if turns is not None:
        opts["turns"] = turns
    if period_hours is not None:
        opts["period_hours"] = period_hours
    names = [p.strip().lower() for p in powers.split(",") if p.strip()]
    addresses: dict[str, str] = {}
    for given in address or []:
        power, _, where = given.partition("=")
        if power.strip().lower() not in names or "@" not in where:
            raise AdjudicatorError(f"--address {given!r}: expected power=name@example.org for one of {names}")
        addresses[power.strip().lower()] = where.strip()
    secrets = judge().create_game(game, ruleset, names, opts, gm_address=gm_address, addresses=addresses)
    gm_secret = secrets.pop(GM)
    table = Table(title=f"{game}: secrets (shown once)")
    table.add_column("power")
    table.add_column("secret")
    for power, secret in secrets.items():
        table.add_row(power, secret)
    out.print(table)
    out.print(f"GM secret (mail commands with POWER gm): {gm_secret}", markup=False, highlight=False)


@game_app.command("list")
@guarded
def game_list() -> None:
    """Every game in the store."""
    table = Table(title="games")
    for column in ("game", "ruleset", "status", "powers", "window"):
        table.add_column(column)
    j = judge()
    for game in j.games():
        _, window = j.game(game.id)
        table.add_row(game.id, game.ruleset, game.status, ", ".join(game.powers), window.label)
    out.print(table)


@game_app.command("show")
@guarded
def game_show(game: str) -> None:
    """A game's open window, deadline, who has sent orders, and the dice commitment."""
    j = judge()
    row, window = j.game(game)
    sets = j.current_orders(game)
    out.print(f"[bold]{row.id}[/] ({row.ruleset} {row.ruleset_version}), {row.status}")
    deadline = when_text(window.deadline, j.calendar(game).timezone) if window.deadline else "none"
    if row.status == "over":
        out.print("open window: none, the game is over")
    else:
        out.print(f"open window: {window.label} (id {window.id}), deadline: {deadline}", markup=False)
    info = j.round_info(game) if row.status != "over" else None
    if info is not None:  # a window played step by step (issue 16)
        cap = when_text(info.cap, j.calendar(game).timezone) if info.cap else "none"
        acting = ", ".join(info.step.actors)
        out.print(
            f"step {info.step.step} of round {info.label}, for {acting}; round cap: {cap}", markup=False
        )
    out.print(f"dice seed commitment: {row.seed_hash}" + (" (revealed)" if row.seed_revealed else ""))
    table = Table()
    for column in ("power", "orders", "version", "ready", *(("for",) if info else ())):
        table.add_column(column)
    for power in row.powers:
        s = sets.get(power)
        early = info.early.get(power) if info and s is None else None
        s = s or early
        table.add_row(
            power,
            str(len(s.orders)) if s else "-",
            str(s.version) if s else "-",
            "yes" if s and s.ready else "no",
            *(("early, for a later step" if early else ("this step" if s else "-"),) if info else ()),
        )
    out.print(table)


@game_app.command("reveal-seed")
@guarded
def game_reveal_seed(game: str) -> None:
    """Publish the dice seed (GM): anyone can then recompute every roll."""
    out.print(judge().reveal_seed(game))


# ---- orders and adjudication -------------------------------------------------------------------
def _body(raw: bytes, file: str) -> str:
    """A raw RFC 822 message's text body (in whatever charset it declares), or the bytes themselves
    as UTF-8 text when they are a plain body."""
    head = raw.lstrip().split(b"\n", 1)[0]
    if b":" not in head or head.upper().startswith((b"GAME", b"POWER", b"SECRET")):
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise AdjudicatorError(
                f"cannot read {file!r}: byte {exc.start + 1} is not UTF-8 "
                "(expected a mail body or a raw RFC 822 message)"
            ) from None
    message = email.message_from_bytes(raw, policy=email.policy.default)
    part = message.get_body(preferencelist=("plain",))
    if part is None:
        raise AdjudicatorError("the message has no text/plain part")
    try:
        return str(part.get_content())
    except LookupError as exc:  # an unknown charset
        raise AdjudicatorError(f"cannot read {file!r}: {exc}") from None


@app.command()
@guarded
def submit(
    file: Annotated[str, typer.Argument(help="a mail body or raw RFC 822 message; '-' for stdin")] = "-",
) -> None:
    """Store orders for the open window and print the receipt."""
    try:
        raw = sys.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
    except OSError as exc:
        raise AdjudicatorError(f"cannot read {file!r}: {exc.strerror}") from None
    out.print(judge().submit(_body(raw, file)).render(), markup=False, highlight=False)


@app.command()
@guarded
def adjudicate(
    game: str,
    force: Annotated[bool, typer.Option(help="resolve now, before the deadline")] = False,
    window: Annotated[
        str | None, typer.Option(help="only if this window (label or id) is the open one")
    ] = None,
    whole_round: Annotated[
        bool, typer.Option("--round", help="every step left in the open step-by-step round (forced)")
    ] = False,
) -> None:
    """Resolve the open window (when due, or with --force); --round: every step left in the round."""
    j = judge()
    done = j.process_round(game) if whole_round else j.adjudicate(game, window=window, force=force)
    out.print(f"adjudicated {', '.join(done.labels)}; {done.then}")


@app.command()
@guarded
def state(
    game: str,
    as_power: Annotated[str | None, typer.Option("--as", help="show what this power sees")] = None,
    gm: Annotated[bool, typer.Option("--gm", help="show everything (the GM's view)")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON (documented in docs/state.md)")] = False,
) -> None:
    """A game's current state as one viewer sees it (public by default)."""
    viewer = as_power.lower() if as_power else (GM if gm else "public")
    view = judge().view(game, viewer)
    if as_json:
        print(json.dumps(view.data, indent=2, sort_keys=True, ensure_ascii=False))
        return
    table = Table(title=f"{game} {view.window} as seen by {viewer}")
    for column in ("power", "florins", "honor", "LT", "territories"):
        table.add_column(column)
    for pid, data in view.data["powers"].items():
        held = sum(1 for t in view.data["territories"].values() if t["owner"] == pid)
        table.add_row(
            pid, str(data.get("florins", "?")), str(data["honor"]), str(data["tech_level"]), str(held)
        )
    out.print(table)


# ---- GM ----------------------------------------------------------------------------------------
@gm_app.command("edit")
@guarded
def gm_edit(
    game: str, command: Annotated[list[str], typer.Argument(help="e.g. SET hungary florins 500")]
) -> None:
    """Change the state by hand (logged, shown in reports, and mailed to the powers who may see
    what it changed: every power when the public view changed, else only those concerned)."""
    told = judge().gm_edit(game, " ".join(command), announce=True)
    out.print(f"done; mailed to {', '.join(told)}" if told else "done; no power sees this change")


@gm_app.command("rollback")
@guarded
def gm_rollback(
    game: str, window: Annotated[str, typer.Argument(help="label (T2.bids) or id of the window")]
) -> None:
    """Return to the start of an earlier window and reopen it with its orders (and the dice
    that were loaded when it was resolved)."""
    tools = judge()
    out.print(f"{game} is back at {tools.rollback(game, window)}")
    for line in tools.loaded_dice_lines(game):
        out.print(f"loaded: {line}", markup=False, highlight=False)


@gm_app.command("load-dice")
@guarded
def gm_load_dice(
    game: str,
    key: Annotated[str, typer.Argument(help="phase key such as T2.taxes, or * for the next rolls")],
    values: Annotated[list[int], typer.Argument(help="the values, in order")],
) -> None:
    """Script the next rolls (for replaying a table game); shown in reports as loaded.

    Refused unless the key names a phase that rolls dice, at or after the open window, and each
    value fits one of its dice."""
    stored = judge().load_dice(game, key, values)
    out.print(f"loaded {stored} {' '.join(map(str, values))}", markup=False, highlight=False)


@gm_app.command("dice")
@guarded
def gm_dice(game: str) -> None:
    """List the loaded dice not yet rolled, one key a line, in the order they are drawn."""
    lines = judge().loaded_dice_lines(game)
    out.print("\n".join(lines) or "none loaded", markup=False, highlight=False)


@gm_app.command("clear-dice")
@guarded
def gm_clear_dice(
    game: str,
    key: Annotated[
        str | None, typer.Argument(help="the key (T2.taxes, '*'); all of them if left out")
    ] = None,
) -> None:
    """Take back loaded dice before they are rolled (logged, as loading is)."""
    cleared = judge().clear_dice(game, key)
    text = "; ".join(f"{k} {' '.join(map(str, v))}" for k, v in cleared.items())
    out.print(f"cleared {text}" if cleared else "none were loaded", markup=False, highlight=False)


@gm_app.command("verify")
@guarded
def gm_verify(
    game: str,
    full: bool = typer.Option(
        False, "--full", help="Replay the whole log, not only what came after the last check."
    ),
) -> None:
    """Replay the event log and compare with the stored snapshots, from the last one a check found
    right (``--full``: from the creation; linear in the number of windows)."""
    problems = judge().replay_check(game, since_verified=not full)
    if problems:
        for p in problems:
            err.print(p)
        raise typer.Exit(code=1)
    out.print("replay matches every snapshot" + ("" if full else " since the last check"))


# ---- scenarios and the demo --------------------------------------------------------------------
@scenario_app.command("run")
@guarded
def scenario_run(
    file: Path,
    as_json: Annotated[bool, typer.Option("--json", help="print the final state as the GM sees it")] = False,
) -> None:
    """Play a YAML scenario in a throwaway database."""
    from adjudicator.service.scenario import load_scenario, run_scenario

    run = run_scenario(load_scenario(file))
    for receipt in run.receipts:
        for line in receipt.rejected:
            err.print(f"warning: {receipt.power} {receipt.window}: {line}", markup=False)
    if as_json:
        print(json.dumps(run.judge.view(run.game, GM).data, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        for done in run.adjudications:
            out.print(f"adjudicated {', '.join(done.labels)}; {done.then}")
    for failure in run.failures:
        err.print(f"FAILED {failure}", markup=False)
    if run.failures:
        err.print(f"{len(run.failures)} of {run.checked} expectations did not hold", markup=False)
        raise typer.Exit(code=1)
    if run.checked:
        err.print(f"all {run.checked} expectations hold", markup=False)


# The other command groups live in modules of their own; importing them registers their commands.
from adjudicator import cli_board, cli_deadlines, cli_demo, cli_mail, cli_report  # noqa: E402, F401


def main() -> None:
    app()


if __name__ == "__main__":
    main()
