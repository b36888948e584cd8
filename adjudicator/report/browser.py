"""Headless Chromium (Debian's ``chromium``) for screenshots of SVG maps and HTML reports."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from adjudicator.errors import AdjudicatorError

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
# Without the networking switches Chromium tries to reach Google at start and a closed network
# makes it slow; a fresh profile keeps runs independent of each other.
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)


def find_browser() -> str:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    raise AdjudicatorError("no headless browser found: install Debian's chromium (apt-get install chromium)")


def _run(
    page: Path, width: int, height: int, switches: list[str], timeout: float
) -> subprocess.CompletedProcess[str]:
    """Chromium on ``page`` with a fresh profile, a window of the given size and ``switches``."""
    browser = find_browser()
    with tempfile.TemporaryDirectory(prefix="adjudicator-chromium-") as profile:
        cmd = [
            browser,
            *FLAGS,
            f"--user-data-dir={profile}",
            f"--window-size={width},{height}",
            *switches,
            page.resolve().as_uri(),
        ]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)


def screenshot(page: Path, png: Path, width: int, height: int, timeout: float = 120.0) -> Path:
    """Render a local SVG or HTML file to a PNG of the given size."""
    done = _run(page, width, height, [f"--screenshot={png.resolve()}"], timeout)
    if done.returncode != 0 or not png.exists():
        raise AdjudicatorError(f"chromium could not render {page}: {done.stderr.strip()[-300:]}")
    return png


def dump_dom(page: Path, width: int, height: int, timeout: float = 120.0) -> str:
    """The DOM of a local HTML file after its scripts ran, laid out ``width`` pixels wide (for
    checks of what a reader sees: how wide an image is shown)."""
    done = _run(page, width, height, ["--virtual-time-budget=10000", "--dump-dom"], timeout)
    if done.returncode != 0 or "<html" not in done.stdout:
        raise AdjudicatorError(f"chromium could not load {page}: {done.stderr.strip()[-300:]}")
    return done.stdout
