"""The operator's settings for the long-running judge: its address, the mail relay, the mailbox.

Read from a TOML file (``--config`` or ``ADJUDICATOR_CONFIG``); every section is optional, so a
fresh machine runs with none: mail then goes to a Maildir folder and nothing is polled.
The database is chosen as everywhere else (``DATABASE_URL`` or ``ADJUDICATOR_DB``).
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.errors import AdjudicatorError

Security = Literal["none", "starttls", "ssl"]


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid")


class JudgeSettings(_Section):
    address: str = "judge@localhost"
    """The From: of every mail, and where players and the GM write."""
    name: str = "Adjudicator"
    domain: str = "adjudicator"
    """The right-hand side of every Message-ID the judge makes."""


class SmtpSettings(_Section):
    """The relay mail goes out through; without it, mail is written to the Maildir folder."""

    host: str
    port: int = 587
    security: Security = "starttls"
    username: str | None = None
    password: str | None = None
    timeout: float = 30.0
    max_attempts: int = 8
    """A row that fails this many times is marked failed and the GM is told."""
    backoff_seconds: float = 30.0
    """First retry after this long, doubling each time (capped at an hour)."""


class MaildirSettings(_Section):
    path: Path = Path("./mail-out")


class ImapSettings(_Section):
    """A mailbox the operator owns, polled for orders."""

    host: str
    port: int = 993
    security: Security = "ssl"
    username: str
    password: str
    folder: str = "INBOX"
    processed_folder: str | None = None
    """Move handled messages here; without it they are only marked seen."""
    interval_seconds: float = 60.0


class ListenerSettings(_Section):
    """An LMTP (or SMTP) listener an MTA delivers to."""

    host: str = "127.0.0.1"
    port: int = 8024
    protocol: Literal["lmtp", "smtp"] = "lmtp"
    workers: int = Field(default=1, ge=1, le=64)
    """Processes taking mail on the port (``SO_REUSEPORT``), ``serve``'s own included: more than one
    uses more than one core (adjudicator/serve_workers.py)."""


class SchedulerSettings(_Section):
    reconcile_seconds: float = 60.0
    """How often the scheduler runs a pass besides the one at the next due game's moment."""
    workers: int | None = Field(default=None, ge=1, le=64)
    """Threads a pass resolves games on (PostgreSQL); default: the cores, up to 4; SQLite: 1."""


class Settings(_Section):
    judge: JudgeSettings = Field(default_factory=JudgeSettings)
    smtp: SmtpSettings | None = None
    maildir: MaildirSettings = Field(default_factory=MaildirSettings)
    imap: ImapSettings | None = None
    listener: ListenerSettings | None = None
    scheduler: SchedulerSettings = Field(default_factory=SchedulerSettings)


def load_settings(path: Path | None = None) -> Settings:
    """The settings in ``path`` (or ``ADJUDICATOR_CONFIG``), or the defaults when neither is given."""
    given = path or (Path(os.environ["ADJUDICATOR_CONFIG"]) if os.environ.get("ADJUDICATOR_CONFIG") else None)
    if given is None:
        return Settings()
    try:
        data = tomllib.loads(given.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise AdjudicatorError(f"config {str(given)!r}: no such file") from None
    except tomllib.TOMLDecodeError as exc:
        raise AdjudicatorError(f"config {str(given)!r}: {exc}") from None
    return Settings.model_validate(data)
