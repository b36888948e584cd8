"""The diplomacy table applied to the state (seed 002 L572-654): PO and CB changes, pacts made
and ended, wars. Used by the diplomacy phase and, for surprise wars, by combat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from adjudicator.core.events import Event, Visibility
from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.components.diplomacy import Role, TableEffect
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events_cards import MarriageEnded
from adjudicator.rulesets.medioevo.events_diplomacy import (
    GrievanceChanged,
    HonorChanged,
    PactEnded,
    PactMade,
)
from adjudicator.rulesets.medioevo.pacts import Pact, pair
from adjudicator.rulesets.medioevo.state import MedioevoState

PRINCIPESSA = "principessa"


def religion_of(state: MedioevoState, power: str, data: DataSet) -> str:
    """Its religion now: excommunicated or the Antipope's, else the faith it converted to (the
    variants RELIGIONE KHANATO/BIZANTINO, L3212-3218), else its kingdom's."""
    held = state.powers[power]
    return held.religion or held.converted or str(data.board.kingdoms[held.kingdom].religion)


@dataclass
class Ledger:
    """The state as acts change it, with the events told so far."""

    state: MedioevoState
    data: DataSet
    events: list[Event] = field(default_factory=list)
    orders: Mapping[str, Sequence[Order]] = field(default_factory=dict)
    made_now: dict[tuple[str, frozenset[str]], int] = field(default_factory=dict)  # pacts made this phase
    peace_now: set[tuple[str, str]] = field(default_factory=set)  # peace made this phase
    answers: dict[tuple[str, str], tuple[bool, str]] = field(default_factory=dict)  # orders judged by
    # another power's act (a GIFT by the BARDO it was brought to): (power, canonical) -> (ok, note)

    def honor(self, power: str, delta: int, reason: str) -> None:
        if delta:
            held = self.state.powers[power]
            self.state = self.state.with_power(power, honor=held.honor + delta)
            self.events.append(HonorChanged(power=power, delta=delta, reason=reason))

    def grievance(self, holder: str, against: str, delta: int, reason: str) -> None:
        """Change the CB ``holder`` holds against ``against``; never below 0 (digest A12)."""
        held = self.state.powers[holder]
        old = held.casus_belli.get(against, 0)
        new = max(0, old + delta)
        if new == old:
            return
        grievances = {**held.casus_belli, against: new}
        if not new:
            del grievances[against]
        self.state = self.state.with_power(holder, casus_belli=grievances)
        self.events.append(
            GrievanceChanged(
                holder=holder,
                against=against,
                delta=new - old,
                total=new,
                reason=reason,
                visibility=Visibility.to(holder),
            )
        )

    def pay_po(self, power: str, other: str | None, cost: int, budget: list[int | None], reason: str) -> None:
        """Pay ``cost`` PO, first with CB held against ``other`` at 3 to 1, as far as the budget
        of the order allows (None: as many as useful), then with PO (L748-750)."""
        rate = self.data.diplomacy_rules.cb_per_po
        held = self.state.powers[power].casus_belli.get(other, 0) if other else 0
        usable = held if budget[0] is None else min(held, budget[0])
        units = min(cost, usable // rate)
        if units:
            self.grievance(
                power, other or "", -units * rate, f"{units * rate} CB paid instead of {units} PO: {reason}"
            )
            if budget[0] is not None:
                budget[0] -= units * rate
        self.honor(power, -(cost - units), reason)

    def add_pact(self, pact: Pact) -> None:
        """``pact`` enters the registry (its id from ``state.new_pact_id``) and is told to who may see it."""
        self.state = self.state.with_pact(pact)
        self.events.append(
            PactMade(
                pact=pact.id,
                pact_kind=pact.kind,
                parties=pact.parties,
                terms=pact.terms,
                until=pact.until,
                secret=pact.secret,
                visibility=pact_visibility(pact),
            )
        )

    def end_pact(self, pact: Pact, leaver: str | None, reason: str) -> None:
        """``leaver`` leaves the pact (the pact ends when fewer than two parties remain)."""
        rest = tuple(p for p in pact.parties if p != leaver) if leaver else ()
        others = [p for p in self.state.pacts if p.id != pact.id]
        if len(rest) >= 2:
            others.append(pact.model_copy(update={"parties": rest}))
            others.sort(key=lambda p: p.id)
        self.state = self.state.evolve(pacts=tuple(others))
        self.events.append(
            PactEnded(
                pact=pact.id,
                pact_kind=pact.kind,
                parties=pact.parties,
                by=leaver,
                reason=reason if len(rest) < 2 else f"{reason}; it goes on among {', '.join(rest)}",
                visibility=pact_visibility(pact),
            )
        )

    def set_war(self, a: str, b: str) -> None:
        """``a`` and ``b`` are at war; a PRINCIPESSA between them is discarded (L2736)."""
        self.state = self.state.evolve(wars=tuple(sorted({*self.state.wars, pair(a, b)})))
        marriage = self.state.marriage(a, b)
        if marriage is not None:
            self.state = self.state.evolve(marriages=tuple(m for m in self.state.marriages if m != marriage))
            self.events.append(MarriageEnded(parties=marriage.parties, reason="they are at war"))

    def po_factor(self, a: str, b: str) -> int:
        """How many times the table's PO ``a`` pays in an act against ``b``: double between
        the spouses of a PRINCIPESSA (L2736, ex L2705)."""
        if self.state.marriage(a, b) is None:
            return 1
        return int(self.data.cards[PRINCIPESSA].params["po_loss_multiplier"])

    def apply_cell(
        self,
        cell: Sequence[TableEffect],
        io: str,
        lui: str,
        reason: str,
        budget: list[int | None],
        with_others: bool = True,
        po_factor: int = 1,
    ) -> None:
        """Apply one cell of the diplomacy table to io, lui and their co-religionists; io's PO
        losses are multiplied by ``po_factor`` (2: a PRINCIPESSA, 0: a TARGA D'ORO)."""
        rules = self.data.diplomacy_rules
        religion = {p: religion_of(self.state, p, self.data) for p in self.state.seats()}
        roles = {Role.IO: io, Role.LUI: lui}
        for effect in cell:
            if effect.who in (Role.IO, Role.LUI):
                who = [roles[effect.who]]
            elif not with_others:
                continue
            else:
                of = religion[io if effect.who is Role.OTHERS_IO else lui]
                who = [p for p in self.state.seats() if p not in (io, lui) and religion[p] == of]
            for power in who:
                if effect.po < 0 and power == io:
                    self.pay_po(io, lui, -effect.po * po_factor, budget, reason)
                elif effect.po:
                    self.honor(power, effect.po, reason)
                else:
                    delta = effect.cb
                    if self.state.powers[power].pope and (delta > 0 or rules.pope_doubles_reductions):
                        delta *= rules.pope_cb_factor  # L752
                    self.grievance(power, roles[effect.target()], delta, reason)


def pact_visibility(pact: Pact) -> Visibility:
    return Visibility.to(*pact.parties) if pact.secret else Visibility.public()


def same_religion(ledger: Ledger, a: str, b: str) -> bool:
    return religion_of(ledger.state, a, ledger.data) == religion_of(ledger.state, b, ledger.data)


def revoke_pact(
    ledger: Ledger,
    pact: Pact,
    power: str,
    budget: list[int | None],
    reason: str,
    po_factor: int | None = None,
) -> None:
    """``power`` breaks ``pact``, paying the revoke cell towards every other party (L630-634);
    its PO losses times ``po_factor``, by default double towards a spouse (L2736)."""
    row = ledger.data.diplomatic_acts[pact.kind.value]
    for other in pact.parties:
        if other != power:
            cell = row.cell(same_religion(ledger, power, other), revoke=True)
            factor = ledger.po_factor(power, other) if po_factor is None else po_factor
            ledger.apply_cell(cell, power, other, f"{reason} ({pact.label()})", budget, po_factor=factor)
    ledger.end_pact(pact, power, reason)
