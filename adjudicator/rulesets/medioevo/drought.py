"""What a SICCITA under way means to the phases after the Events (seed 002 L1346-1350; ruling
R297): the calamity (``calamity/rivers.py``) only marks its river and lands for the turn in
``state.ongoing.drought``; commerce and movement read them here.

* VINO and CEREALI cost double in the settlements struck, to buy and to sell (L1346; the
  calamity's ``price_factor`` and ``price_goods``): the table's price is doubled before any
  modifier, so a Fair, a craft or CAROVANIERE acts on the doubled price (R297);
* a transport that starts to move from a territory struck has half its PM (L1348,
  ``mdt_pm_factor``), rounded down like the Event's transport stop (L1060);
* the dried river costs no PM to cross (L1350, ``river_crossing_pm``).

The battles' effects (L1352-1356) are the war's (``war/drought_war.py``, R303). Pure: no I/O.
"""

from __future__ import annotations

from adjudicator.rulesets.medioevo.calamity.records import dry
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import MedioevoState

SICCITA = "siccita"


def struck(state: MedioevoState, territory: str) -> bool:
    """Whether this turn's drought holds ``territory``."""
    return dry(state.ongoing, state.turn, territory)


def price_factor(data: DataSet, state: MedioevoState, territory: str, good: str) -> int:
    """The factor on the table's price of ``good`` at ``territory`` (2 for VINO and CEREALI in a
    settlement the drought struck, L1346; else 1)."""
    params = data.calamities[SICCITA].params
    if good in params.get("price_goods", ()) and struck(state, territory):
        return int(params.get("price_factor", 2))
    return 1


def dry_river(state: MedioevoState) -> str | None:
    """The river this turn's drought dried (0 PM to cross, L1350), or None."""
    found = state.ongoing.drought if state.ongoing else None
    return found.river if found is not None and found.turn == state.turn else None
