"""Which database, and bringing its schema up to date with Alembic."""

from __future__ import annotations

import os
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, inspect

MIGRATIONS = Path(__file__).parent / "migrations"


def database_url() -> str:
    """DATABASE_URL (PostgreSQL, ``postgresql+psycopg://``) or the SQLite file ADJUDICATOR_DB."""
    url = os.environ.get("DATABASE_URL")
    if url:
        return url
    return f"sqlite:///{os.environ.get('ADJUDICATOR_DB', './adjudicator.db')}"


def make_engine(url: str | None = None) -> Engine:
    url = url or database_url()
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(conn, _record):  # type: ignore[no-untyped-def]
            cur = conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def alembic_config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (a no-op when it is there already)."""
    url = engine.url.render_as_string(hide_password=False)
    cfg = alembic_config(url)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def has_schema(engine: Engine) -> bool:
    return inspect(engine).has_table("games")
