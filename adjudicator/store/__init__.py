"""Storage: sqlmodel tables on SQLite or PostgreSQL, Alembic migrations, one transaction per adjudication."""
