"""Layers call downwards (README, issue 18): mail/ uses only the service's public names, and the
service imports no part of mail/ (the transports are wired in by serve.py, the composition root)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "adjudicator"
SERVICE_OBJECTS = ("judge", "store", "StoreAccess", "Judge", "MailStore")


def _private_service_calls(path: Path) -> list[str]:
    """``judge._x`` / ``store._x`` / ``StoreAccess(…)._x`` in one file, as ``line: text``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_") or node.attr.startswith("__"):
            continue
        owner = node.value.func if isinstance(node.value, ast.Call) else node.value
        name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
        if name in SERVICE_OBJECTS:
            found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_mail_calls_only_the_services_public_names() -> None:
    calls = [c for path in sorted((PACKAGE / "mail").glob("*.py")) for c in _private_service_calls(path)]
    assert calls == []


def test_the_service_imports_no_transport() -> None:
    imports = []
    for path in sorted((PACKAGE / "service").glob("*.py")):
        if path.name == "serve.py":  # the composition root (moved out by another change)
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            names += [a.name for a in node.names] if isinstance(node, ast.Import) else []
            imports += [f"{path.name}: {n}" for n in names if n.startswith("adjudicator.mail")]
    assert imports == []
