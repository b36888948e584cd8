"""``adjudicator archive``: a static site of the public view whose every link works and that hides
every power's private data (cards in hand, orders) and the seed until the GM reveals it."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.core.view import GM, PUBLIC
from adjudicator.report.archive import MANIFEST, build_archive, write_archive
from adjudicator.service.judge import Judge
from tests.report.played import GAME

SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found += [v for k, v in attrs if k in ("href", "src") and v]


def relative_links(site: Path) -> Iterator[tuple[Path, str]]:
    for page in site.rglob("*.html"):
        parser = Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for link in parser.found:
            if not link.startswith("#") and not SCHEME.match(link) and not link.startswith("//"):
                yield page, link


def site_of(judge: Judge, game: str, out: Path) -> list[Path]:
    return write_archive(build_archive(judge.archive(game), judge.ruleset(judge.game(game)[0])), out)


def strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from strings(v)


def test_every_relative_link_resolves_and_every_window_has_a_page(
    played_judge: Judge, tmp_path: Path
) -> None:
    judge, game = played_judge, GAME
    site = tmp_path / "site"
    written = site_of(judge, game, site)
    windows = judge.resolved_windows(game)
    assert {p.relative_to(site).as_posix() for p in written} >= {
        "index.html",
        "style.css",
        *(f"windows/{w.id:03d}-{w.label}.html" for w in windows),
    }
    links = list(relative_links(site))
    assert len(links) >= 4 * len(windows)  # index rows, prev/next/index bars, style sheets
    for page, link in links:
        target = (page.parent / link.split("#")[0].split("?")[0]).resolve()
        assert target.is_file(), f"{page.name}: {link}"
    index = (site / "index.html").read_text()
    assert judge.game(game)[0].seed_hash in index
    for window in windows:
        assert f'href="windows/{window.id:03d}-{window.label}.html"' in index
    page = (site / f"windows/{windows[1].id:03d}-{windows[1].label}.html").read_text()
    assert f'href="{windows[0].id:03d}-{windows[0].label}.html"' in page
    assert f'href="{windows[2].id:03d}-{windows[2].label}.html"' in page
    assert 'href="../index.html"' in page and "Report for the public" in page


def test_the_archive_holds_no_private_data_and_the_seed_once_revealed(
    played_judge: Judge, tmp_path: Path
) -> None:
    judge, game = played_judge, GAME
    windows = judge.resolved_windows(game)
    public: set[str] = set()
    hands: set[str] = set()
    for window in windows:
        seen = judge.report_input(game, window.id or 0, PUBLIC).view.to_json()
        public |= {w for s in strings(seen) for w in re.findall(r"\w+", s)}
        gm = judge.report_input(game, window.id or 0, GM).view.data
        for sheet in gm["powers"].values():
            hands |= set(sheet["cards"]) | set(sheet.get("drawn", []))
    secret_cards = hands - public  # a card played or discarded in public is public
    assert len(secret_cards) >= 5
    orders = {line.order for line in judge.results(game, [w.label for w in windows])}
    assert len(orders) >= 20
    row = judge.game(game)[0]

    site = tmp_path / "site"
    site_of(judge, game, site)
    files = [p for p in site.rglob("*") if p.is_file()]
    # the game is over, its seed revealed at the end (R334): on the index and the final report only
    revealed = {"index.html", f"{windows[-1].id:03d}-{windows[-1].label}.html"}
    assert row.seed_revealed
    for path in files:
        text = path.read_text(encoding="utf-8")
        words = set(re.findall(r"\w+", text))
        assert not secret_cards & words, f"{path.name}: {sorted(secret_cards & words)}"
        leaked = [o for o in orders if o in text]
        assert not leaked, f"{path.name}: {leaked[:5]}"
        assert (row.seed.hex() in text) == (path.name in revealed), path.name

    judge.reveal_seed(game)
    site_of(judge, game, site)
    assert row.seed.hex() in (site / "index.html").read_text()


def test_a_rerun_replaces_the_site_and_drops_windows_that_no_longer_stand(
    played_judge: Judge, tmp_path: Path
) -> None:
    judge, game = played_judge, GAME
    site = tmp_path / "site"
    mine = site / "notes.txt"
    site.mkdir()
    mine.write_text("the GM's own file")
    site_of(judge, game, site)
    gone = [f"windows/{w.id:03d}-{w.label}.html" for w in judge.resolved_windows(game)[5:]]
    assert all((site / g).is_file() for g in gone)
    judge.rollback(game, "T2.bids")
    site_of(judge, game, site)
    assert not any((site / g).exists() for g in gone)
    listed = (site / MANIFEST).read_text().split()
    assert sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()) == sorted(
        [*listed, MANIFEST, "notes.txt"]
    )
    assert mine.read_text() == "the GM's own file"
    assert "T2.bids" not in (site / "index.html").read_text().split("<h2>Standings")[1]


def test_archive_command(tmp_path: Path, monkeypatch: Any, played_sqlite: Path) -> None:
    db = tmp_path / "cli.db"
    shutil.copyfile(played_sqlite, db)  # the demo played once (conftest.py), in the CLI's database
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("ADJUDICATOR_DB", str(db))
    game = GAME
    cli = CliRunner()
    done = cli.invoke(app, ["archive", game, "--out", str(tmp_path / "site")])
    assert done.exit_code == 0, done.output
    assert f"for 10 windows of {game}" in done.stdout and (tmp_path / "site" / "index.html").is_file()
    failed = cli.invoke(app, ["archive", "nope", "--out", str(tmp_path / "none")])
    assert failed.exit_code == 2 and "unknown game 'nope'" in failed.output
    assert not (tmp_path / "none").exists()
