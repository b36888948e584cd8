"""A fast path to many games for the benches: one game made through ``Judge.create_game``, then
copied row by row under new ids (the bench's own fast path, not the judge's: no secrets are made,
no welcome mail is queued, every copy has the template's seed and state).

Why: ``create_game`` runs the ruleset's setup, hashes six secrets and queues welcome mails; at 0.1 s
to several seconds a game on a loaded machine, 10,000 games would take hours. A copy is a few rows
and costs milliseconds. The template must be the only game of a fresh store: its ids then run from
1, and the copy ``k`` shifts every id by ``k`` times the largest one (windows, events, snapshots,
powers), which keeps its windows' ``start_event_id`` and ``parent_id`` pointing into the copy.

Tables are reflected, so the same code copies into a store with or without ``games.wake_at`` (the
bench measures the code before migration 0006 too). Where the store has triggers that mark a game
due (migration 0006), inserting the windows does so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Engine, MetaData, Table, func, insert, select, text

COPIED = ("games", "powers", "windows", "snapshots", "events")
WITH_IDS = ("powers", "windows", "snapshots", "events")
CHUNK = 2000
"""Rows per INSERT."""


def clone_games(engine: Engine, template: str, ids: Sequence[str]) -> None:
    """Copy ``template`` (the store's only game) as each of ``ids``."""
    meta = MetaData()
    tables = {name: Table(name, meta, autoload_with=engine) for name in COPIED}
    with engine.begin() as conn:
        src: dict[str, list[dict[str, Any]]] = {}
        for name, table in tables.items():
            key = table.c.id if name == "games" else table.c.game_id
            query = select(table).where(key == template).order_by(table.c.id)
            src[name] = [dict(r) for r in conn.execute(query).mappings()]
        span = {name: conn.execute(select(func.max(tables[name].c.id))).scalar() or 0 for name in WITH_IDS}

        def shifted(row: dict[str, Any], name: str, k: int, game_id: str) -> dict[str, Any]:
            out = dict(row)
            out["id" if name == "games" else "game_id"] = game_id
            if name in WITH_IDS:
                out["id"] = row["id"] + k * span[name]
            if name == "games" and row.get("current_window_id") is not None:
                out["current_window_id"] = row["current_window_id"] + k * span["windows"]
            if name == "windows":
                out["start_event_id"] = row["start_event_id"] + k * span["events"]
                if row.get("parent_id") is not None:
                    out["parent_id"] = row["parent_id"] + k * span["windows"]
            if name in ("snapshots", "events") and row.get("window_id") is not None:
                out["window_id"] = row["window_id"] + k * span["windows"]
            return out

        for name in COPIED:
            rows = [shifted(r, name, k, gid) for k, gid in enumerate(ids, start=1) for r in src[name]]
            for start in range(0, len(rows), CHUNK):
                conn.execute(insert(tables[name]), rows[start : start + CHUNK])
        if engine.dialect.name == "postgresql":
            for name in WITH_IDS:
                conn.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), (SELECT max(id) FROM {name}))"
                    )
                )
