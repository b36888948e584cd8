"""Two-sided diplomatic acts by matching orders (seed 002 L570, L632-639; rulings R22-R23): a
proposal is made when every partner accepts it or sends the same proposal in the same phase."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.events import Visibility
from adjudicator.core.orders import Order
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger, same_religion
from adjudicator.rulesets.medioevo.events_diplomacy import PeaceMade, ProposalUnanswered
from adjudicator.rulesets.medioevo.orders_diplomacy import Accept, Propose, ProposePeace
from adjudicator.rulesets.medioevo.pacts import Pact, pair

PEACE = "peace"


def propose(
    ledger: Ledger,
    power: str,
    order: Propose,
) -> tuple[str, bool, int]:
    parties = frozenset((power, *order.partners))
    key = (order.kind.value, parties)
    if key in ledger.made_now:
        return (
            f"agreed: this is {order.kind.value} {ledger.made_now[key]}, made on another party's proposal",
            True,
            1,
        )
    missing = [p for p in order.partners if not agrees(power, p, order, ledger.orders)]
    if missing:
        ledger.events.append(
            ProposalUnanswered(
                power=power,
                proposal=order.canonical(),
                missing=tuple(missing),
                visibility=Visibility.to(power, *order.partners),
            )
        )
        return f"not accepted by {', '.join(missing)}: the action is spent (L570)", False, 1
    turn = ledger.state.turn
    secret = order.secret or mutual_secret(power, order, ledger.orders)
    pact = Pact(
        id=ledger.state.new_pact_id(secret),
        kind=order.kind,
        parties=(power, *order.partners),
        terms=terms(power, order, ledger.orders),
        made=turn,
        until=None if order.turns is None else turn + order.turns - 1,
        secret=secret,
    )
    ledger.made_now[key] = pact.id
    ledger.add_pact(pact)
    row = ledger.data.diplomatic_acts[order.kind.value]
    for partner in order.partners:
        cell = row.cell(same_religion(ledger, power, partner))
        ledger.apply_cell(cell, power, partner, f"{pact.label()} made", [None], with_others=not pact.secret)
    return f"{pact.label()} made", True, 1


def matching(
    power: str, partner: str, order: Propose, orders: Mapping[str, Sequence[Order]]
) -> Propose | None:
    """The partner's own proposal of the same act among the same parties, if it sent one."""
    parties = {power, *order.partners}
    for theirs in orders.get(partner, ()):
        if (
            isinstance(theirs, Propose)
            and theirs.kind == order.kind
            and {partner, *theirs.partners} == parties
            and theirs.turns == order.turns
        ):
            return theirs
    return None


def agrees(power: str, partner: str, order: Propose, orders: Mapping[str, Sequence[Order]]) -> bool:
    """The partner sent the same proposal, or accepted it from any party that sent it."""
    if matching(power, partner, order, orders) is not None:
        return True
    sponsors = {power} | {p for p in order.partners if matching(power, p, order, orders) is not None}
    return any(
        isinstance(o, Accept) and o.kind == order.kind.value and o.proposer in sponsors
        for o in orders.get(partner, ())
    )


def terms(power: str, order: Propose, orders: Mapping[str, Sequence[Order]]) -> str:
    """The proposer's terms, and each partner's own where a mutual proposal words them otherwise."""
    texts = [order.terms] if order.terms else []
    for partner in order.partners:
        theirs = matching(power, partner, order, orders)
        if theirs and theirs.terms and theirs.terms not in texts:
            texts.append(f"{partner}: {theirs.terms}")
    return " | ".join(texts)


def mutual_secret(power: str, order: Propose, orders: Mapping[str, Sequence[Order]]) -> bool:
    return any((m := matching(power, p, order, orders)) is not None and m.secret for p in order.partners)


def accepted(
    ledger: Ledger,
    power: str,
    order: Accept,
) -> tuple[str, bool, int]:
    """An ACCEPT is answered by what became of the proposal it answers."""
    if order.kind == PEACE:
        if pair(power, order.proposer) in ledger.peace_now:
            return f"peace made with {order.proposer}", True, 0
        offered = any(
            isinstance(o, ProposePeace) and o.partner == power for o in ledger.orders.get(order.proposer, ())
        )
        reason = "its offer failed" if offered else "it offered none"
        return f"no peace with {order.proposer}: {reason}", False, 0
    made = [
        pid
        for (kind, parties), pid in ledger.made_now.items()
        if kind == order.kind and {power, order.proposer} <= parties
    ]
    if made:
        return f"{order.kind} {made[0]} made", True, 0
    offered = any(
        isinstance(o, Propose) and o.kind.value == order.kind and power in o.partners
        for o in ledger.orders.get(order.proposer, ())
    )
    if not offered:
        return f"{order.proposer} proposed no {order.kind} to you this turn", False, 0
    return f"{order.proposer}'s {order.kind} was not made (see its result)", False, 0


def peace(
    ledger: Ledger,
    power: str,
    order: ProposePeace,
) -> tuple[str, bool, int]:
    partner = order.partner
    key = pair(power, partner)
    if key in ledger.peace_now:
        return f"agreed: peace with {partner} was made on its own proposal", True, 1
    if not ledger.state.at_war(power, partner):
        return f"you are not at war with {partner}", False, 0
    theirs = ledger.orders.get(partner, ())
    mutual = any(isinstance(o, ProposePeace) and o.partner == power for o in theirs)
    accepted = any(isinstance(o, Accept) and o.kind == PEACE and o.proposer == power for o in theirs)
    if not (mutual or accepted):
        ledger.events.append(
            ProposalUnanswered(
                power=power,
                proposal=order.canonical(),
                missing=(partner,),
                visibility=Visibility.to(power, partner),
            )
        )
        return f"{partner} did not accept: the action is spent (L570)", False, 1
    if not mutual:  # suing for peace costs the table; agreed by both, nothing happens (L639, R23)
        cell = ledger.data.diplomatic_acts["peace"].cell(same_religion(ledger, power, partner))
        ledger.apply_cell(cell, power, partner, f"peace with {partner}", [order.cb])
    ledger.state = ledger.state.evolve(wars=tuple(w for w in ledger.state.wars if w != key))
    ledger.peace_now.add(key)
    ledger.events.append(PeaceMade(parties=key, mutual=mutual))
    return f"peace with {partner}", True, 1
