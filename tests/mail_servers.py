"""Real mail servers for the tests: a throwaway Dovecot (scripts/imap.sh) on a free loopback port.

The server is started once per test session in its own directory under /tmp (short, so Dovecot's
socket paths fit; unique, so parallel sessions do not collide) and stopped after. Each test gets a
fresh folder of its own, so tests sharing the server never see each other's mail. A machine without
Dovecot fails these tests with a message saying how to install it: a skipped IMAP test would hide
a broken poller.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from imap_tools import MailBoxUnencrypted

from adjudicator.config import ImapSettings

ROOT = Path(__file__).resolve().parent.parent
SBIN_PATH = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/usr/local/sbin"])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass(frozen=True)
class ImapServer:
    host: str
    port: int
    user: str
    password: str
    directory: Path

    def settings(self, **overrides: object) -> ImapSettings:
        values: dict[str, object] = {
            "host": self.host,
            "port": self.port,
            "security": "none",
            "username": self.user,
            "password": self.password,
            "interval_seconds": 0.2,
        }
        return ImapSettings.model_validate(values | overrides)

    def mailbox(self, folder: str = "INBOX") -> MailBoxUnencrypted:
        return MailBoxUnencrypted(self.host, self.port, timeout=10).login(
            self.user, self.password, initial_folder=folder
        )


@pytest.fixture(scope="session")
def imap_server() -> Iterator[ImapServer]:
    """A Dovecot of our own for the whole session, on 127.0.0.1 and a free port."""
    if shutil.which("dovecot", path=SBIN_PATH) is None:
        pytest.fail(
            "the IMAP tests need Dovecot: apt-get install dovecot-imapd (scripts/test.sh installs it)",
            pytrace=False,
        )
    directory = Path(tempfile.mkdtemp(prefix="adj-imap-", dir="/tmp"))
    port = free_port()
    env = {**os.environ, "PATH": SBIN_PATH, "IMAPDIR": str(directory), "IMAPPORT": str(port)}
    script = str(ROOT / "scripts/imap.sh")
    started = subprocess.run([script, "start"], env=env, capture_output=True, text=True, timeout=60)
    if started.returncode != 0:
        subprocess.run([script, "stop"], env=env, capture_output=True, timeout=60)
        pytest.fail(f"could not start Dovecot on 127.0.0.1:{port}: {started.stderr.strip()}", pytrace=False)
    host, port_text, user, password = started.stdout.strip().split("=", 1)[1].split(":")
    try:
        yield ImapServer(host, int(port_text), user, password, directory)
    finally:
        subprocess.run([script, "stop"], env=env, capture_output=True, timeout=60)


@pytest.fixture
def imap_folder(imap_server: ImapServer) -> Iterator[str]:
    """A new, empty folder on the session's Dovecot, deleted after the test."""
    name = f"t{uuid.uuid4().hex[:10]}"
    with imap_server.mailbox() as box:
        box.folder.create(name)
    yield name
    with imap_server.mailbox() as box:
        for folder in box.folder.list():
            if folder.name == name or folder.name.startswith(name):
                box.folder.delete(folder.name)
