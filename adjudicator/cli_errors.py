"""How every command of ``adjudicator`` ends on an error: one line, never a traceback (issue 15).

A refused input (a bad game id, power, window, number, file, option) is ``error: …`` naming it, exit
status 2; a database that cannot be used is one line naming it without its password, exit 1; anything
else is a fault of the judge, one line and exit 1, its traceback shown only with ADJUDICATOR_DEBUG=1.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

import typer
from pydantic import ValidationError
from sqlalchemy import make_url
from sqlalchemy.exc import ArgumentError, InterfaceError, OperationalError

from adjudicator.errors import AdjudicatorError
from adjudicator.store.db import database_url

P = ParamSpec("P")
R = TypeVar("R")


def fail(message: str) -> typer.Exit:
    """Print ``error: message`` and return the exit (status 2) for the caller to raise: every command
    module reports a refused input the same way."""
    print(f"error: {message}", file=sys.stderr)
    return typer.Exit(code=2)


def guarded(fn: Callable[P, R]) -> Callable[P, R]:
    """Turn the errors a user can cause into one line and exit status 2 (a file that cannot be read or
    written included); anything else, a fault of ours, into one line and exit status 1, with the
    traceback only when ADJUDICATOR_DEBUG is set: no traceback reaches a user (issue 15)."""

    @wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except AdjudicatorError as exc:
            raise fail(str(exc)) from None
        except ValidationError as exc:
            first = exc.errors()[0]
            raise fail(f"{'.'.join(map(str, first['loc']))}: {first['msg']}") from None
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            raise fail(f"{where}{exc.strerror or exc}") from None
        except (OperationalError, InterfaceError, ArgumentError) as exc:  # the store cannot be used
            reason = " ".join(str(getattr(exc, "orig", exc)).split())
            print(f"error: the database {_shown_url()}: {reason}", file=sys.stderr)
            raise typer.Exit(code=1) from None
        except (typer.Exit, typer.Abort, typer.TyperException):
            raise
        except Exception as exc:
            if os.environ.get("ADJUDICATOR_DEBUG"):
                raise
            print(
                f"error: unexpected {type(exc).__name__}: {' '.join(str(exc).split())} "
                "(a fault of the judge: run again with ADJUDICATOR_DEBUG=1 for the traceback, and report it)",
                file=sys.stderr,
            )
            raise typer.Exit(code=1) from None

    return wrapper


def _shown_url() -> str:
    """The database the command uses, without its password (DATABASE_URL or ADJUDICATOR_DB)."""
    url = database_url()
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return repr(url)
