"""Fixtures of the integration tests: a real SMTP relay (aiosmtpd on loopback) that requires AUTH."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.smtp_server import SmtpServer


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    """A relay that takes every message it is given and keeps it (``smtp.messages``)."""
    server = SmtpServer(auth=True)
    server.start()
    yield server
    server.stop()
