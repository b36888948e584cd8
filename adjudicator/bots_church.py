"""The bots' Church (issue 19: bots join crusades): a power free to choose joins a crusade when
strong enough; the rest is left to the defaults (a Catholic joins, the defender's faith defends,
the organiser plans by default, every Catholic votes for itself and pays the tithe)."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.orders import Order
from adjudicator.core.view import PlayerView
from adjudicator.rulesets.medioevo.church.orders import CrusadeSide
from adjudicator.rulesets.medioevo.church.records import CRUSADER

STRONG_VF = 60  # VF on the map a bot wants before it joins a crusade it is free to stay out of
MIN_FACTOR = 2  # and twice the crusade's minimum (L1472)


def church_orders(view: PlayerView, legal: Sequence[Order]) -> list[str]:
    sides = [o for o in legal if isinstance(o, CrusadeSide)]
    if len(sides) < 2 or CrusadeSide(CRUSADER) not in sides:
        return []  # not asked, or its faith decides (the default)
    crusade = (view.data.get("church") or {}).get("crusade") or {}
    vf = sum(t.get("armies", {}).get(view.viewer, 0) for t in view.data["territories"].values())
    if vf >= max(STRONG_VF, MIN_FACTOR * int(crusade.get("min_vf", 0))):
        return [CrusadeSide(CRUSADER).canonical()]
    return []
