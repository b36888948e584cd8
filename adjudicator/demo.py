"""`adjudicator demo`: a game among bots, played by orders to its end, with every report written
out: Medioevo by default (four powers, up to every playable kingdom), or any ruleset with a bot
(:data:`RULESET_DEMOS`)."""

from __future__ import annotations

import base64
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from adjudicator.bots import medioevo_orders
from adjudicator.bots_kuf import kuf_orders
from adjudicator.core.ids import inside
from adjudicator.core.orders import Order
from adjudicator.core.view import PlayerView
from adjudicator.demo_summary import PhaseCount, ending_of, phase_counts, standings_lines
from adjudicator.errors import AdjudicatorError
from adjudicator.report.archive import build_archive, write_archive
from adjudicator.rulesets.medioevo.board import Board
from adjudicator.rulesets.medioevo.mapdraw import draw_board
from adjudicator.rulesets.registry import get_ruleset
from adjudicator.service.judge import Judge
from adjudicator.store.models import Outbox

DEMO_POWERS = ("holy_roman_empire", "hungary", "france", "byzantium")


def demo_powers(count: int) -> tuple[str, ...]:
    """``count`` powers: the four of the classic demo first, then the other playable kingdoms in
    the board's order (10: every one)."""
    kingdoms = get_ruleset("medioevo").board.playable_kingdoms()  # type: ignore[attr-defined]
    ordered = (*DEMO_POWERS, *(k for k in kingdoms if k not in DEMO_POWERS))
    if not 2 <= count <= len(ordered):
        raise ValueError(f"{count} powers: the demo plays 2 to {len(ordered)}")
    return ordered[:count]


def kuf_powers(count: int) -> tuple[str, ...]:
    """``count`` nobles by the names of the seed's examples (the ruleset refuses all but 3 or 4)."""
    return ("fritz", "klaus", "wolfgang", "peter", "anna", "bruno")[:count]


Bot = Callable[[PlayerView, Sequence[Order]], list[str]]
RULESET_DEMOS: dict[str, tuple[Callable[[int], tuple[str, ...]], Bot]] = {
    "medioevo": (demo_powers, medioevo_orders),
    "kriegundfrieden": (kuf_powers, kuf_orders),
}
"""Each ruleset the demo plays: its powers for a count and its bot (view and legal orders → lines)."""


@dataclass(frozen=True)
class DemoResult:
    game: str
    windows: tuple[str, ...]
    reports: Path
    replay_problems: tuple[str, ...]
    ending: str = ""
    """How the game ended and who won (the ``mu-game-ended`` event, docs/endgame.md)."""
    standings: tuple[str, ...] = ()
    """The winner and every power's score line by line (demo_summary.standings_lines)."""
    phases: tuple[PhaseCount, ...] = ()
    """What each of the ten phases did: its events (demo_summary.phase_counts)."""


def ruleset_board(judge: Judge, game: str) -> Board | None:
    """The board of the game's ruleset, when it has one to draw."""
    board = getattr(judge.ruleset(judge.game(game)[0]), "board", None)
    return board if isinstance(board, Board) else None


def play_demo(
    judge: Judge,
    out: Path,
    *,
    game: str = "demo",
    turns: int | None = 3,
    seed: bytes | None = None,
    progress: Callable[[str], None] | None = None,
    sequential: bool = False,
    powers: int = len(DEMO_POWERS),
    po_limit: int | None = None,
    ruleset_name: str = "medioevo",
) -> DemoResult:
    """Create the game, have each bot mail its orders every window, adjudicate, write the reports.

    ``windows`` are the windows resolved, as the store has them: those that resolve at creation
    (no one has a decision in them) included, so there is one report folder for each.
    ``sequential``: the purchases are played power by power in turn order (option
    ``purchases_order = "in_turn"``, issue 16): each bot writes when its step is open, on the
    board the steps before it left. ``powers``: how many play (:func:`demo_powers`); the game ends
    after ``turns`` turns or, with ``po_limit``, when a power reaches that many PO (the judge
    claims for every power, option ``po_limit_claims = automatic``: docs/endgame.md).
    ``ruleset_name`` (one of :data:`RULESET_DEMOS`) chooses the game; ``turns`` None plays it to
    its own end.
    """
    if ruleset_name not in RULESET_DEMOS:
        raise AdjudicatorError(
            f"no demo for the ruleset {ruleset_name!r}: expected one of {', '.join(RULESET_DEMOS)}"
        )
    choose, bot = RULESET_DEMOS[ruleset_name]
    options: dict[str, object] = {"turns": turns} if turns is not None else {}
    if sequential:
        options["purchases_order"] = "in_turn"
    if po_limit is not None:
        options.update(po_limit=po_limit, po_limit_claims="automatic")
    playing = choose(powers)
    secrets = judge.create_game(game, ruleset_name, playing, options, seed=seed)
    while True:
        state = judge.state(game)
        if state.over:
            break
        game_row, open_row = judge.game(game)
        ruleset = judge.ruleset(game_row)
        for power in open_row.actors or playing:  # a step: its actors only
            view = judge.view(game, power)
            lines = bot(view, ruleset.legal_orders(state, power))
            envelope = f"GAME {game} POWER {power} SECRET {secrets[power]}"
            receipt = judge.submit("\n".join([envelope, *lines, "READY"]), source="demo")
            if receipt.unready:  # a refused line holds READY back (R87): the accepted ones again
                judge.submit("\n".join([envelope, *receipt.accepted, "READY"]), source="demo")
        done = judge.adjudicate(game)
        if progress:
            progress(", ".join(done.labels))
    labels = judge.window_labels(game)
    for row in judge.outbox(game):
        label = labels[row.window_id] if row.window_id is not None else "game"
        write_mail(inside(out, game, f"{row.window_id or 0:03d}-{label}"), row)
    site = build_archive(judge.archive(game), judge.ruleset(judge.game(game)[0]))
    write_archive(site, out / game / "archive")
    board = ruleset_board(judge, game)
    if board is not None:
        (out / game / "board.svg").write_text(draw_board(board).svg, encoding="utf-8")
    resolved = tuple(w.label for w in judge.resolved_windows(game))
    events = judge.events(game)
    ending = next((e.summary() for e in events if e.kind in ("mu-game-ended", "kuf-game-ended")), "")
    ended = ending_of(events)
    return DemoResult(
        game,
        resolved,
        out / game,
        tuple(judge.replay_check(game)),
        ending,
        tuple(standings_lines(ended)) if ended else (),
        phase_counts(events, judge.ruleset(judge.game(game)[0]).phases()),
    )


def write_mail(folder: Path, row: Outbox) -> None:
    """One mailed report as files: the text, the HTML part (its ``cid:`` maps as PNG files beside
    it, so it opens in a browser as a mail client shows it), the JSON and the order template,
    exactly as mailed."""
    folder.mkdir(parents=True, exist_ok=True)
    inside(folder, f"{row.recipient}.txt")  # a recipient is a checked power id or gm: never a path
    (folder / f"{row.recipient}.txt").write_text(
        f"Subject: {row.subject}\n\n{row.body_text}", encoding="utf-8"
    )
    html = row.body_html or ""
    for item in row.attachments:
        name = item.get("filename", "")
        if name.endswith(".json"):
            target = folder / f"{row.recipient}.json"
        elif name.startswith("orders-"):
            target = folder / f"orders-{row.recipient}.txt"
        elif item.get("cid") and "base64" in item:
            png = f"{row.recipient}-{item['cid']}.png"  # a cid is ours (map, region): never a path
            (folder / png).write_bytes(base64.b64decode(item["base64"]))
            html = html.replace(f"cid:{item['cid']}", png)
            continue
        else:
            continue
        target.write_text(item.get("text", ""), encoding="utf-8")
    if html:
        (folder / f"{row.recipient}.html").write_text(html, encoding="utf-8")
