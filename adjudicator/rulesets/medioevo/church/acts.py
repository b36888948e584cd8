"""The Pope's acts in Diplomacy (seed 002 L2190-2227): excommunication, pardon, the Antipope.

* ``EXCOMMUNICATE <power>``: the Pope, over a Catholic with grounds (L2192-2213: the recorded
  ones, R310, and, judged now, ≥10 CB the Pope holds against him (digest A-38) or a war on another
  Catholic, R311); the Antipope alike over his faction (L2225). Effects (L2215-2219): -2 PO; his
  pacts with the other Catholics dissolve, without the table's price (R312); his captains may not
  attack this turn (R312); he counts as another religion until pardoned.
* ``PARDON <power>``: the one who excommunicated him lifts it: the PO come back (L2217).
* ``ANTIPOPE IN <territory>``: an excommunicated power founds the Antipope's faction there: the
  4th religious capital, 10 VF, +1 PO (L2221, L2433). ``ANTIPOPE JOIN``: an excommunicated power,
  or a Catholic who then suffers the excommunication's effects (L2227), joins it.
The acts run first in the phase, in turn order (R309)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.rulesets.medioevo.church.events import AntipopeFounded, Excommunicated, Pardoned
from adjudicator.rulesets.medioevo.church.orders import Excommunicate, FoundAntipope, Pardon
from adjudicator.rulesets.medioevo.church.papacy import (
    ANTIPOPE,
    BECOME_POPE_PO,
    EXCOMMUNICATED,
    church_of,
    is_catholic,
    pope_of,
    with_church,
)
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger, religion_of
from adjudicator.rulesets.medioevo.orders import DIPLOMACY
from adjudicator.rulesets.medioevo.state import MedioevoState

EXCOMMUNICATION_PO = 2  # L2215, ex L1500, table L2435
ANTIPOPE_VF = 10  # L2221
CB_GROUND = 10  # L2213


def grounds(state: MedioevoState, by: str, power: str, data: DataSet) -> tuple[str, ...]:
    """Why ``by`` may excommunicate ``power`` now (L2192-2213)."""
    found = list(church_of(state).grounds.get(power, ()))
    if state.powers[by].casus_belli.get(power, 0) >= CB_GROUND:
        found.append(f"{CB_GROUND}+ CB against the Pope (L2213)")
    faith = religion_of(state, power, data)
    foes = [p for p in state.seats() if state.at_war(power, p) and religion_of(state, p, data) == faith]
    if foes:
        found.append(f"at war with {', '.join(foes)} of his own faith (L2212)")
    return tuple(found)


def check(state: MedioevoState, power: str, order: Order, data: DataSet) -> str | None:
    church = church_of(state)
    match order:
        case Excommunicate(target=target):
            antipope = power == church.antipope
            if power != pope_of(state) and not antipope:
                return "only the Pope or the Antipope excommunicates (L2184, L2225)"
            flock = ANTIPOPE if antipope else "catholic"
            if target == power or religion_of(state, target, data) != flock:
                return f"{target} is not of your flock: only {flock} powers can be excommunicated by you"
            if not grounds(state, power, target, data):
                return f"{target} has given no ground for excommunication (L2192-2213)"
        case Pardon(target=target):
            if church.excommunicated.get(target) is None:
                return f"{target} is not excommunicated"
            if religion_of(state, target, data) != EXCOMMUNICATED:
                return f"{target} has left for another faith: it returns only by its own choice"
            if power not in (pope_of(state), church.antipope):
                return "only the Pope or the Antipope pardons (L2217)"
        case FoundAntipope(territory=None):
            if church.antipope is None:
                return "there is no Antipope to join: ANTIPOPE IN <territory> founds one (L2221)"
            if religion_of(state, power, data) not in ("catholic", EXCOMMUNICATED) or power == pope_of(state):
                return "only a Catholic or an excommunicated power joins the Antipope (L2223, L2227)"
        case FoundAntipope(territory=territory):
            if church.antipope is not None:
                return f"{church.antipope} already holds the Antipope"
            if religion_of(state, power, data) != EXCOMMUNICATED:
                return "only an excommunicated power elects an Antipope (L2221)"
            if territory is None or state.territories[territory].owner != power:
                return f"you do not own {territory}"
    return None


def resolve(ledger: Ledger, orders: Mapping[str, Sequence[Order]], results: list[OrderResult]) -> None:
    """Every Church act of the Diplomacy phase, in turn order, each judged again now."""
    for power in ledger.state.acting_order():
        for order in orders.get(power, ()):
            if not isinstance(order, Excommunicate | Pardon | FoundAntipope):
                continue
            problem = check(ledger.state, power, order, ledger.data)
            if problem:
                results.append(OrderResult.failure(power, DIPLOMACY, order.canonical(), "church", problem))
                continue
            match order:
                case Excommunicate(target=target):
                    why = "; ".join(grounds(ledger.state, power, target, ledger.data))
                    excommunicate(ledger, target, power, why)
                case Pardon(target=target):
                    pardon(ledger, target, power)
                case FoundAntipope(territory=territory):
                    antipope(ledger, power, territory)
            results.append(OrderResult.success(power, DIPLOMACY, order.canonical()))


def excommunicate(ledger: Ledger, power: str, by: str, why: str, religion: str = EXCOMMUNICATED) -> None:
    """The excommunication's effects (L2215-2219); ``religion`` the faith he is counted of after."""
    state = ledger.state
    church = church_of(state)
    ledger.state = state.with_power(power, religion=religion)
    ledger.honor(power, -EXCOMMUNICATION_PO, f"excommunicated by {by} (L2215)")
    broken: list[int] = []
    for pact in tuple(ledger.state.pacts):
        if power in pact.parties and any(
            p != power and is_catholic(ledger.state, p, ledger.data) for p in pact.parties
        ):
            ledger.end_pact(pact, power, "excommunication: no pact with the Catholics (L2219)")
            broken.append(pact.id)
    grounds = {p: g for p, g in church.grounds.items() if p != power}
    ledger.state = with_church(
        ledger.state,
        excommunicated={**church.excommunicated, power: state.turn},
        lost_po={**church.lost_po, power: church.lost_po.get(power, 0) + EXCOMMUNICATION_PO},
        grounds=grounds,
    )
    ledger.events.append(
        Excommunicated(power=power, by=by, grounds=why, po=EXCOMMUNICATION_PO, pacts_broken=tuple(broken))
    )


def pardon(ledger: Ledger, power: str, by: str) -> None:
    church = church_of(ledger.state)
    back = church.lost_po.get(power, 0)
    faith = ANTIPOPE if by == church.antipope else None
    ledger.state = ledger.state.with_power(power, religion=faith)
    ledger.honor(power, back, f"pardoned by {by}: the PO of the excommunication back (L2217)")
    ledger.state = with_church(
        ledger.state,
        excommunicated={p: t for p, t in church.excommunicated.items() if p != power},
        lost_po={p: n for p, n in church.lost_po.items() if p != power},
    )
    ledger.events.append(Pardoned(power=power, by=by, po=back))


def antipope(ledger: Ledger, power: str, territory: str | None) -> None:
    if territory is None:  # joins: a Catholic suffers the excommunication's effects (L2227)
        if is_catholic(ledger.state, power, ledger.data):
            excommunicate(ledger, power, "himself", "leaves Rome for the Antipope (L2227)", ANTIPOPE)
        else:
            ledger.state = ledger.state.with_power(power, religion=ANTIPOPE)
        where = church_of(ledger.state).antipope_capital or ""
        ledger.events.append(AntipopeFounded(power=power, territory=where, vf=0, joined=True))
        return
    held = ledger.state.territories[territory]
    armies = {**held.armies, power: held.armies.get(power, 0) + ANTIPOPE_VF}
    ledger.state = ledger.state.with_territory(territory, armies=armies).with_power(power, religion=ANTIPOPE)
    ledger.state = with_church(ledger.state, antipope=power, antipope_capital=territory)
    ledger.events.append(AntipopeFounded(power=power, territory=territory, vf=ANTIPOPE_VF))
    ledger.honor(power, BECOME_POPE_PO, "becomes Antipope (L2433)")
