"""Migration 0004 (docs/turn-by-turn.md §2): the step columns of ``windows``, on a store that already
holds windows, and the tables the migrations build agree with ``store/models.py``."""

from __future__ import annotations

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, inspect
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, SQLModel, col, func, select

from adjudicator.service.judge import Judge
from adjudicator.store.db import alembic_config, migrate
from adjudicator.store.models import EventRow, OrderSet, ResultRow, Snapshot, Window
from tests.conftest import POWERS, order_mail

STEP_COLUMNS = {"parent_id", "step", "actors", "step_kind"}


def _downgrade(engine: Engine, revision: str) -> None:
    with engine.begin() as conn:
        cfg = alembic_config(engine.url.render_as_string(hide_password=False))
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, revision)


def _counts(engine: Engine) -> list[int]:
    with Session(engine) as session:
        return [
            session.exec(select(func.count()).select_from(t)).one()
            for t in (OrderSet, ResultRow, Snapshot, EventRow)
        ]


def test_a_store_at_0003_with_windows_upgrades_to_steps_with_the_defaults(engine: Engine) -> None:
    """Windows stored before 0004 are windows, not steps: no parent, no number, no actors, no kind;
    the rows that point to them (order sets, results, snapshots, events) are kept both ways."""
    judge = Judge(engine)
    secrets = judge.create_game("g1", "medioevo", POWERS, {"turns": 3}, seed=b"m" * 32)
    assert judge.adjudicate("g1", force=True).now_open == "T1.economy"
    judge.submit(order_mail("g1", "hungary", secrets["hungary"], "LOAN", "READY"))
    assert judge.adjudicate("g1", force=True).now_open == "T1.war"
    with Session(engine) as session:
        before = [(w.id, w.label, w.status) for w in session.exec(select(Window).order_by(col(Window.id)))]
    counts = _counts(engine)
    assert len(before) == 4 and all(counts), counts

    _downgrade(engine, "0003_race")
    schema = inspect(engine)
    model = SQLModel.metadata.tables["windows"]
    assert [c["name"] for c in schema.get_columns("windows")] == [
        c.name for c in model.columns if c.name not in STEP_COLUMNS
    ]
    assert [(k["constrained_columns"], k["referred_table"]) for k in schema.get_foreign_keys("windows")] == [
        (["game_id"], "games")
    ]
    assert [i["name"] for i in schema.get_indexes("windows")] == ["ix_windows_game_id"]
    assert _counts(engine) == counts
    migrate(engine)

    with Session(engine) as session:
        windows = session.exec(select(Window).order_by(col(Window.id))).all()
        assert [(w.id, w.label, w.status) for w in windows] == before
        assert {(w.parent_id, w.step, tuple(w.actors), w.step_kind) for w in windows} == {
            (None, None, (), "")
        }
        parent = windows[-1]
        session.add(
            Window(game_id="g1", turn=1, index=1, label="T1.economy.1-hungary", parent_id=parent.id, step=1,
                   actors=["hungary"], step_kind="turn")
        )  # fmt: skip
        session.commit()
        step = session.exec(select(Window).where(Window.parent_id == parent.id)).one()
        assert (step.step, step.actors, step.step_kind) == (1, ["hungary"], "turn")
    assert _counts(engine) == counts
    with Session(engine) as session:
        session.add(
            Window(game_id="g1", turn=1, index=1, label="T1.economy.2-france", parent_id=10**6, step=2)
        )
        with pytest.raises(IntegrityError):
            session.commit()


def test_the_migrated_tables_are_the_models_tables(engine: Engine) -> None:
    """Alembic compares the store the migrations built with the models: nothing to add or drop."""
    with engine.connect() as conn:
        context = MigrationContext.configure(
            conn,
            opts={
                "include_object": lambda _o, name, kind, *_: (
                    not (kind == "table" and name.startswith("apscheduler"))
                )
            },
        )
        assert compare_metadata(context, SQLModel.metadata) == []
    assert "ix_windows_parent_id" in {i["name"] for i in inspect(engine).get_indexes("windows")}
