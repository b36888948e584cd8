"""The names a game gives its parts: game ids, power ids, and the file names built from them.

A game id and a power id travel everywhere: into mail envelopes and subjects, database columns
(VARCHAR(64) on PostgreSQL), folder and file names of reports. So each is a short slug, checked
once where it is made (game creation), and every path is built only from parts that pass
:func:`path_part`, so a row written by an older judge, or by hand, cannot make a report land
outside the folder it was asked for.
"""

from __future__ import annotations

import re
from pathlib import Path

from adjudicator.errors import AdjudicatorError

GAME_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
"""A game id: lower-case letters, digits, '-' and '_', at most 64 characters (the column's size)."""

POWER_ID_MAX = 32
POWER_ID = re.compile(rf"^[a-z][a-z0-9_-]{{0,{POWER_ID_MAX - 1}}}$")
"""A power id: a lower-case letter, then letters, digits, '-' or '_', at most 32 characters."""

_PATH_PART = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")


def check_game_id(game_id: str) -> str:
    if not isinstance(game_id, str) or not GAME_ID.match(game_id):
        raise AdjudicatorError(
            f"game id {str(game_id)[:80]!r}: expected 1 to 64 lower-case letters, digits, '-' or '_', "
            "beginning with a letter or digit"
        )
    return game_id


def check_power_id(power: str) -> str:
    if not isinstance(power, str) or not POWER_ID.match(power):
        raise AdjudicatorError(
            f"power id {str(power)[:80]!r}: expected 1 to {POWER_ID_MAX} lower-case letters, digits, "
            "'-' or '_', beginning with a letter (e.g. hungary, holy_roman_empire)"
        )
    return power


def path_part(name: str) -> str:
    """``name`` if it is safe as one file or folder name (no separator, no '..', no hidden file)."""
    if not isinstance(name, str) or not _PATH_PART.match(name) or ".." in name:
        raise AdjudicatorError(
            f"{str(name)[:80]!r} is not a safe file name: nothing was written "
            "(expected letters, digits, '.', '-' or '_')"
        )
    return name


def inside(folder: Path, *parts: str) -> Path:
    """``folder/part/...`` built from safe parts, and checked to stay under ``folder``."""
    target = folder.joinpath(*(path_part(p) for p in parts))
    if not target.resolve().is_relative_to(folder.resolve()):
        raise AdjudicatorError(f"{target} is outside {folder}: nothing was written")
    return target


ADDRESS_MAX = 254
"""The longest mail address SMTP carries (RFC 5321 path limit); a Maildir file name must hold it too."""


def check_address(address: str) -> str:
    """A plain mail address ``local@domain``: no spaces, no display name, no line breaks."""
    local, _, domain = address.rpartition("@") if isinstance(address, str) else ("", "", "")
    if (
        not local
        or not domain
        or len(address) > ADDRESS_MAX
        or any(c.isspace() or c in '<>,;"()\\\0' for c in address)
    ):
        raise AdjudicatorError(
            f"address {str(address)[:80]!r}: expected a mail address such as name@example.org "
            f"(at most {ADDRESS_MAX} characters)"
        )
    return address
