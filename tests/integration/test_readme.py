"""The README's commands run as written (issue 15): its "Using it" block and its "Try it by hand"
recipe, taken from README.md and run by bash in an empty folder with the venv's ``bin`` on PATH.

The only changes made to the text are the ones it asks for: a placeholder (``<the secret>``) gets
what the commands before it printed, and the listener's port (the text says "any free one") a free
port. Every line must succeed (``bash -e``). Waiting is the recipe's own: ``adjudicator mail wait``,
bounded; the test itself only bounds each step. The ``serve`` the recipe starts is stopped after.
"""

from __future__ import annotations

import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
MARK = "__readme_step_done__"
STEP_SECONDS = 120.0
"""The most one step may take (a bound for a machine under load, never a wait: steps end on their own)."""


def bash_block(after: str) -> str:
    """The first fenced bash block of the README after the text ``after``."""
    text = README.read_text(encoding="utf-8")
    start = text.index(after)
    match = re.compile(r"```bash\n(.*?)```", re.DOTALL).search(text, start)
    assert match is not None, f"no bash block after {after!r}"
    return match.group(1)


def commands(block: str) -> list[str]:
    """The block's commands, a command continued with a backslash joined with its next lines."""
    out: list[str] = []
    current = ""
    for line in block.splitlines():
        current += line + "\n"
        if not line.endswith("\\"):
            out.append(current)
            current = ""
    return out + ([current] if current else [])


class Shell:
    """One bash reading the commands from a pipe, so that what one command prints can fill the next
    one's placeholder; in a session of its own, so everything it started can be stopped at the end."""

    def __init__(self, cwd: Path) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("ADJUDICATOR_", "DATABASE_URL"))}
        env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
        env["COLUMNS"] = "200"  # a table of secrets is not wrapped
        self.proc = subprocess.Popen(
            ["bash", "--noprofile", "--norc", "-e"],
            cwd=cwd,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.output: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def run(self, text: str) -> str:
        """Run ``text``; returns what it printed. Fails if a command failed (bash -e ends)."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(text + f"echo {MARK}\n")
        self.proc.stdin.flush()
        printed: list[str] = []
        give_up = time.monotonic() + STEP_SECONDS
        while True:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                line = ""
            if not line:  # the pipe may stay open after bash ends: a background command holds it
                if self.proc.poll() is not None and self.lines.empty():
                    pytest.fail(
                        f"a command failed (exit {self.proc.returncode}) in:\n{text}\n{''.join(self.output)}"
                    )
                if time.monotonic() > give_up:
                    pytest.fail(f"no end after {STEP_SECONDS:g} s of:\n{text}\n{''.join(self.output)}")
                continue
            if line.rstrip("\n") == MARK:
                return "".join(printed)
            printed.append(line)
            self.output.append(line)

    def close(self) -> None:
        """End the shell and everything it started (the recipe's serve: SIGTERM, its clean stop)."""
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            self.proc.stdin.close()
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        give_up = time.monotonic() + STEP_SECONDS
        while time.monotonic() < give_up:
            try:
                os.killpg(self.proc.pid, 0)
            except ProcessLookupError:
                return
            self.proc.poll()  # reap the shell itself, so its group can empty
            time.sleep(0.05)
        os.killpg(self.proc.pid, signal.SIGKILL)
        pytest.fail(f"the processes the README started did not stop on SIGTERM:\n{''.join(self.output)}")


def run_block(block: str, cwd: Path, placeholders: dict[str, str]) -> str:
    """Run the block's commands in order; a command with a placeholder gets the last match of its
    pattern in what the commands before it printed. Returns everything printed."""
    for placeholder in placeholders:
        assert placeholder in block, f"the README no longer says {placeholder!r}: update this test"
    shell = Shell(cwd)
    try:
        pending = ""
        for command in commands(block):
            needed = [p for p in placeholders if p in command]
            if needed:
                shell.run(pending)
                pending = ""
                printed = "".join(shell.output)
                for placeholder in needed:
                    found = re.findall(placeholders[placeholder], printed)
                    assert found, f"nothing printed fills {placeholder!r}:\n{printed}"
                    command = command.replace(placeholder, found[-1])
            pending += command
        shell.run(pending)
        return "".join(shell.output)
    finally:
        shell.close()


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    """An empty folder standing for the clone: the README's paths into the repository resolve."""
    (tmp_path / "tests").symlink_to(ROOT / "tests")
    return tmp_path


def test_the_using_it_block_runs_as_written(clone: Path) -> None:
    secret = r"│ hungary\s+│ ([\w-]{12,})\s+│"  # the row of the table game create prints
    printed = run_block(bash_block("## Using it"), clone, {"<hungary's secret>": secret})
    assert "accepted: LOAN" in printed
    assert "now open: T1.war" in printed
    assert "address of hungary is now anna@example.org" in printed
    assert "replay matches every snapshot" in printed
    assert (clone / "campaign.db").is_file() and (clone / "reports").is_dir()


def test_the_rulebook_examples_and_the_board_block_runs_as_written(clone: Path) -> None:
    printed = run_block(bash_block("Rulebook examples and the board"), clone, {})
    assert "expectations hold" in printed and (clone / "board.svg").is_file()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_the_try_it_by_hand_recipe_runs_as_written(clone: Path) -> None:
    block = bash_block("Try it by hand")
    assert "port = 8024" in block and "any free one" in block
    printed = run_block(
        block.replace("port = 8024", f"port = {free_port()}"), clone, {"<the secret>": r"Your secret: (\S+)"}
    )
    inbox = clone / "mail-out" / "anna@localhost" / "new"
    named = [line.strip() for line in printed.splitlines() if (inbox / line.strip()).is_file()]
    assert named, printed  # the last command names the newest mail: the receipt
    receipt = (inbox / named[-1]).read_text(encoding="utf-8", errors="replace")
    assert "Orders of hungary for trial" in receipt and "Ready: yes" in receipt, receipt
