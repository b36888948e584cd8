"""The rulesets this judge knows, by name: an explicit table, no import side effects."""

from __future__ import annotations

from adjudicator.core.ruleset import Ruleset
from adjudicator.errors import AdjudicatorError


def get_ruleset(name: str) -> Ruleset:
    from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset

    known: dict[str, Ruleset] = {"medioevo": MedioevoRuleset()}
    if name not in known:
        raise AdjudicatorError(f"unknown ruleset {name!r}: expected one of {', '.join(sorted(known))}")
    return known[name]
