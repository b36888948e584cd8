"""Layers call downwards (issue 18): no module of the service imports a mail transport; the one
composition root, ``adjudicator/serve_app.py``, wires them into ``serve``."""

from __future__ import annotations

import ast
from pathlib import Path

import adjudicator.service

TRANSPORTS = {"gateway", "imap", "listener", "sender", "maildir", "transport"}


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def test_the_service_imports_no_mail_transport() -> None:
    service = Path(adjudicator.service.__file__).parent
    found = {
        f"{path.name} imports {name}"
        for path in sorted(service.glob("*.py"))
        for name in imported(path)
        if name.startswith("adjudicator.mail.") and name.split(".")[2] in TRANSPORTS
    }
    assert found == set()


def test_the_composition_root_wires_every_transport() -> None:
    root = Path(adjudicator.service.__file__).parent.parent / "serve_app.py"
    wired = {name.split(".")[2] for name in imported(root) if name.startswith("adjudicator.mail.")}
    assert {"gateway", "imap", "listener", "sender"} <= wired
