"""deploy/config.example.toml loads, and documents every key the settings know."""

from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import BaseModel

from adjudicator.config import Settings, load_settings

EXAMPLE = Path(__file__).resolve().parents[2] / "deploy" / "config.example.toml"


def test_the_example_config_loads_and_names_every_key() -> None:
    settings = load_settings(EXAMPLE)
    assert settings.smtp is not None and settings.imap is not None and settings.listener is not None
    data = tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))
    assert set(data) == set(Settings.model_fields)
    for section, field in Settings.model_fields.items():
        model = next(
            t
            for t in (field.annotation, *getattr(field.annotation, "__args__", ()))
            if isinstance(t, type) and issubclass(t, BaseModel)
        )
        assert set(data[section]) == set(model.model_fields), f"[{section}] keys"
