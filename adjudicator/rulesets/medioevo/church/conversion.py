"""The variants RELIGIONE KHANATO and RELIGIONE BIZANTINO (seed 002 L3212-3218, ex L3246; ruling
R299): ``CONVERT <religion>`` in Diplomacy.

* "Il Khanato dell'Orda d'Oro può, una sola volta per partita, cambiare religione in qualsiasi
  momento e diventare cattolico, musulmano o ortodosso, ma perde 2 PO" (L3214);
* "Il bizantino può diventare cattolico, ma perde 1 PO e il livello di ribellione dei suoi
  territori aumenta di 1, 2, 3 in base al LT del giocatore" (L3218): the rise follows the LT of the
  moment, so a convert at LT II needs 2 VF more and, at LT III later, 3 (ex L3246).

"In qualsiasi momento" is taken in the Diplomacy phase, where faith is judged (pacts, the Pope's
acts; R299), once a game; not while excommunicated or in the Antipope's faction, whose faith is
the Church's to settle (L2215-2227). The new faith is ``PowerState.converted``: ``religion_of``
reads it (Church, co-religionists' CB, heresy), so a Catholic convert is the Pope's flock and may
be excommunicated, and a pardon brings it back to the faith it chose. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from adjudicator.core.events import Event
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.rulesets.medioevo.church.orders import ChurchOrder
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger, religion_of
from adjudicator.rulesets.medioevo.orders import DIPLOMACY
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.variants import BYZANTINE_RELIGION, KHANATE_RELIGION, on


@dataclass(frozen=True)
class Conversion:
    """Who may convert under a variant, to what, at what price in PO."""

    variant: str
    kingdom: str
    faiths: tuple[str, ...]
    po: int
    lines: str


CONVERSIONS = (
    Conversion(KHANATE_RELIGION, "golden_horde", ("catholic", "muslim", "orthodox"), 2, "L3214"),
    Conversion(BYZANTINE_RELIGION, "byzantium", ("catholic",), 1, "L3218"),
)
FAITHS = ("catholic", "muslim", "orthodox")


@dataclass(frozen=True, slots=True)
class Convert(ChurchOrder):
    """``CONVERT <religion>``: the Golden Horde or the Byzantine takes another faith (L3212-3218)."""

    phase: ClassVar[str] = DIPLOMACY
    religion: str

    def canonical(self) -> str:
        return f"CONVERT {self.religion}"


class Converted(Event):
    """Public: a kingdom changes faith, and the PO it costs (L3214, L3218)."""

    kind: ClassVar[str] = "mu-converted"
    power: str
    old: str
    new: str
    po: int

    def summary(self) -> str:
        return f"{self.power} leaves the {self.old} faith and becomes {self.new}: -{self.po} PO (L3212-3218)"


def conversion_for(state: MedioevoState, power: str) -> Conversion | None:
    """The variant under which ``power`` may convert, if it is on in this game."""
    kingdom = state.powers[power].kingdom
    return next((c for c in CONVERSIONS if c.kingdom == kingdom and on(state, c.variant)), None)


def check(state: MedioevoState, power: str, order: Order, data: DataSet) -> str | None:
    if not isinstance(order, Convert):
        return None
    rule = conversion_for(state, power)
    if rule is None:
        return (
            "only the Golden Horde (RELIGIONE KHANATO) or the Byzantine (RELIGIONE BIZANTINO) converts, "
            "in a game with that variant (L3212-3218)"
        )
    held = state.powers[power]
    if held.converted is not None:
        return f"{power} already became {held.converted}: once a game (L3214)"
    if held.religion is not None:
        return (
            "excommunicated or of the Antipope's faction: the Church settles your faith first "
            "(L2215-2227, R299)"
        )
    if order.religion not in rule.faiths:
        return f"{power} may become {' or '.join(rule.faiths)} ({rule.lines})"
    if order.religion == religion_of(state, power, data):
        return f"{power} is {order.religion} already"
    return None


def resolve(ledger: Ledger, orders: Mapping[str, Sequence[Order]], results: list[OrderResult]) -> None:
    """Each CONVERT of the phase, in turn order, judged again now."""
    for power in ledger.state.acting_order():
        for order in orders.get(power, ()):
            if not isinstance(order, Convert):
                continue
            problem = check(ledger.state, power, order, ledger.data)
            if problem:
                results.append(OrderResult.failure(power, DIPLOMACY, order.canonical(), "church", problem))
                continue
            rule = conversion_for(ledger.state, power)
            assert rule is not None
            old = religion_of(ledger.state, power, ledger.data)
            ledger.state = ledger.state.with_power(power, converted=order.religion)
            ledger.events.append(Converted(power=power, old=old, new=order.religion, po=rule.po))
            ledger.honor(power, -rule.po, f"converted to the {order.religion} faith ({rule.lines})")
            results.append(OrderResult.success(power, DIPLOMACY, order.canonical()))


def options(state: MedioevoState, power: str, data: DataSet) -> list[Order]:
    """The CONVERT lines ``power`` may give now (the order template)."""
    return [o for o in (Convert(f) for f in FAITHS) if check(state, power, o, data) is None]


def rebellion_rise(state: MedioevoState, power: str) -> int:
    """What a Catholic Byzantine's territories need more not to rebel: 1, 2, 3 by its LT now
    (L3218, ex L3246); 0 for everyone else."""
    held = state.powers.get(power)
    if held is None or held.converted is None or not on(state, BYZANTINE_RELIGION):
        return 0
    return held.tech_level if held.kingdom == "byzantium" else 0
