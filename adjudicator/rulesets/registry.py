"""The rulesets this judge knows, by name: an explicit table, no import side effects.

Extra rulesets (a test fixture such as Relay, tests/turnbased/relay.py; a ruleset developed out
of tree) are named in the environment variable ``ADJUDICATOR_EXTRA_RULESETS``, comma-separated
``module:Class`` entries, so that a ``serve`` subprocess knows them too. Each class is imported
and instantiated with no arguments; it is known by its ``name``.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable

from adjudicator.core.ruleset import Ruleset
from adjudicator.errors import AdjudicatorError

EXTRA_RULESETS = "ADJUDICATOR_EXTRA_RULESETS"


def _extra(entry: str) -> Ruleset:
    """The ruleset one ``module:Class`` entry names; AdjudicatorError saying what is wrong."""
    where = f"{EXTRA_RULESETS} entry {entry!r}"
    module_name, colon, class_name = entry.partition(":")
    if not colon or not module_name.strip() or not class_name.strip():
        raise AdjudicatorError(f"{where}: expected module:Class, e.g. tests.turnbased.relay:RelayRuleset")
    try:
        module = importlib.import_module(module_name.strip())
    except Exception as exc:  # any import failure of an outside module is the entry's fault
        raise AdjudicatorError(f"{where}: cannot import {module_name.strip()!r}: {exc}") from None
    cls = getattr(module, class_name.strip(), None)
    if not isinstance(cls, type):
        raise AdjudicatorError(f"{where}: module {module_name.strip()!r} has no class {class_name.strip()!r}")
    try:
        ruleset = cls()
    except Exception as exc:  # the class's own constructor failed
        raise AdjudicatorError(f"{where}: {class_name.strip()}() failed: {exc}") from None
    if not isinstance(getattr(ruleset, "name", None), str):
        raise AdjudicatorError(f"{where}: {class_name.strip()} has no name, so it is no ruleset")
    return ruleset  # type: ignore[no-any-return]


def extra_rulesets() -> dict[str, Ruleset]:
    """The rulesets ``ADJUDICATOR_EXTRA_RULESETS`` names, by name (empty when it is unset)."""
    out: dict[str, Ruleset] = {}
    for entry in os.environ.get(EXTRA_RULESETS, "").split(","):
        if entry.strip():
            ruleset = _extra(entry.strip())
            out[ruleset.name] = ruleset
    return out


def _medioevo() -> Ruleset:
    from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset

    return MedioevoRuleset()


def _kriegundfrieden() -> Ruleset:
    from adjudicator.rulesets.kriegundfrieden.ruleset import KriegUndFriedenRuleset

    return KriegUndFriedenRuleset()


BUILT_IN: dict[str, Callable[[], Ruleset]] = {"medioevo": _medioevo, "kriegundfrieden": _kriegundfrieden}
"""The rulesets of the package, each made (and its modules imported) only when asked for."""


def ruleset_names() -> tuple[str, ...]:
    """The names of the rulesets this judge ships, sorted (the conformance suite runs over them)."""
    return tuple(sorted(BUILT_IN))


def get_ruleset(name: str) -> Ruleset:
    extra = extra_rulesets()
    for extra_name in extra:
        if extra_name in BUILT_IN:
            raise AdjudicatorError(f"{EXTRA_RULESETS}: a ruleset named {extra_name!r} exists already")
    if name in extra:
        return extra[name]
    if name not in BUILT_IN:
        raise AdjudicatorError(
            f"unknown ruleset {name!r}: expected one of {', '.join(sorted({*BUILT_IN, *extra}))}"
        )
    return BUILT_IN[name]()
