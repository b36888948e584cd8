"""Phase 3, diplomacy (seed 002 L568-765): pacts, alliances, war and peace, priced in CB and PO.

By mail (design §7, rulings R21-R29) every two-sided act needs matching orders in the same phase:
a proposal is made when each partner sends ``ACCEPT`` (or the same proposal back); an unmatched
proposal still spends the proposer's action (L570). War and revocation are one-sided. Powers act
in turn order, each its orders in the order written, at most LT actions (L570). When war breaks
out, the allies of both sides choose by their standing alliance policies, in turn order from the
declarer on (L660-694). The table itself is data (``diplomacy.toml``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.dice import Dice
from adjudicator.core.orders import Order
from adjudicator.core.results import OrderResult
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo import guarantees
from adjudicator.rulesets.medioevo.church import acts as church_acts
from adjudicator.rulesets.medioevo.church import conversion, crusade_plan
from adjudicator.rulesets.medioevo.church.orders import ChurchOrder
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.diplomacy_table import (
    Ledger,
    revoke_pact,
)
from adjudicator.rulesets.medioevo.events_diplomacy import (
    DisputeOpened,
    TruceChanged,
    VoteCounted,
)
from adjudicator.rulesets.medioevo.guarantees import Guarantee
from adjudicator.rulesets.medioevo.orders import DIPLOMACY
from adjudicator.rulesets.medioevo.orders_diplomacy import (
    Accept,
    CancelProtection,
    DeclareWar,
    Dispute,
    Gift,
    PlayDiplomacyCard,
    Policy,
    Propose,
    ProposePeace,
    Revoke,
    ShortenTruce,
    Vote,
)
from adjudicator.rulesets.medioevo.pacts import Dispute as OpenDispute
from adjudicator.rulesets.medioevo.pacts import PactKind, Stance
from adjudicator.rulesets.medioevo.phases import court_cards, diplomacy_cards, proposals
from adjudicator.rulesets.medioevo.phases.proposals import PEACE
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.two_player import no_diplomacy
from adjudicator.rulesets.medioevo.war.declaration import declare_war

ACTIONS = (Propose, ProposePeace, DeclareWar, Revoke, Guarantee)  # what spends a diplomatic action (R22)


def actions_allowed(state: MedioevoState, power: str, data: DataSet) -> int:
    return state.powers[power].tech_level * data.diplomacy_rules.actions_per_tech_level


# ---- checks at parse time ------------------------------------------------------------------------


def check(state: MedioevoState, power: str, order: Order, data: DataSet) -> str | None:
    """What can be judged when the order arrives; the rest is judged again when the phase resolves."""
    match order:
        case Propose(kind=kind, partners=partners):
            if power in partners:
                return "you cannot make a pact with yourself"
            if kind is PactKind.ALLIANCE and len(partners) != 1:
                return "a military alliance is between two powers: one ALLIANCE order per ally (ruling R21)"
            if kind is PactKind.ALLIANCE and state.alliance(power, partners[0]):
                return f"you are already allied with {partners[0]}"
            at_war = [p for p in partners if state.at_war(power, p)]
            if at_war:
                return f"you are at war with {', '.join(at_war)}: make peace first"
        case ProposePeace(partner=partner) | Accept(kind="peace", proposer=partner):
            if partner == power:
                return "you cannot make peace with yourself"
            if not state.at_war(power, partner):
                return f"you are not at war with {partner}"
        case Accept(proposer=proposer) if proposer == power:
            return "you cannot accept your own proposal"
        case DeclareWar(target=target):
            if target == power:
                return "you cannot declare war on yourself"
            if state.at_war(power, target):
                return f"you are already at war with {target}"
        case Revoke(pact=number) | Dispute(pact=number):
            pact = state.pact(number)
            if pact is None or not pact.binds(power):
                return f"you are not a party to any pact number {number}"
            if isinstance(order, Dispute) and (order.accused == power or not pact.binds(order.accused)):
                return f"{order.accused} is not another party to pact {number}"
        case Vote(pact=number):
            if not any(d.pact == number and d.opened < state.turn for d in state.disputes):
                return f"no vote is open on pact {number}"
        case Policy(ally=ally) if ally == power:
            return "a policy is for one of your allies, not yourself"
        case ShortenTruce(other=other, turns=turns):
            if state.truce(power, other) is None:
                return f"you have no truce with {other}"
            if turns < 1:
                return "shorten a truce by 1 turn or more"
        case PlayDiplomacyCard() | Gift() | CancelProtection():
            return diplomacy_cards.check(state, power, order, data)
        case Guarantee():
            return guarantees.check(state, power, order, data)
    return None


# ---- resolution -----------------------------------------------------------------------------------


def resolve(
    state: MedioevoState, orders: Mapping[str, Sequence[Order]], data: DataSet, dice: Dice
) -> Resolution:
    if no_diplomacy(state):  # PARTITA A 2 GIOCATORI (L3256): no Diplomacy
        return Resolution(state, (), ())
    ledger = Ledger(state, data, orders=orders)
    results: list[OrderResult] = []
    _expire(ledger)
    _count_votes(ledger, orders, results)
    _set_policies(ledger, orders, results)
    church_acts.resolve(ledger, orders, results)  # the Pope's acts first (R309)
    conversion.resolve(ledger, orders, results)  # RELIGIONE KHANATO/BIZANTINO (L3212-3218)
    crusade_plan.plan(ledger, orders, results)  # a crusade drawn last turn is planned (L1460)
    for power in ledger.state.acting_order():
        spent = 0
        played: list[Order] = []
        for order in orders.get(power, ()):
            if isinstance(order, (Vote, Policy, Accept, Gift, CancelProtection, ChurchOrder)):
                continue
            problem = (
                check(ledger.state, power, order, data)
                if not isinstance(order, ProposePeace | Accept | PlayDiplomacyCard)
                else None
            )
            if (
                isinstance(order, ACTIONS)
                and not problem
                and spent >= actions_allowed(ledger.state, power, data)
            ):
                problem = (
                    f"no diplomatic action left: LT {ledger.state.powers[power].tech_level} allows {spent}"
                )
            if problem:
                results.append(OrderResult.failure(power, DIPLOMACY, order.canonical(), "illegal", problem))
                continue
            if isinstance(order, PlayDiplomacyCard):
                note, ok, spends = diplomacy_cards.play(ledger, power, order, dice, played)
                played += [order] if ok else []
            else:
                note, ok, spends = _act(ledger, power, order)
            spent += spends
            if ok:
                results.append(OrderResult.success(power, DIPLOMACY, order.canonical(), note))
            else:
                results.append(OrderResult.failure(power, DIPLOMACY, order.canonical(), "refused", note))
    for power in ledger.state.acting_order():  # answers, once every proposal had its turn
        for order in orders.get(power, ()):
            if isinstance(order, Accept):
                note, ok, _ = proposals.accepted(ledger, power, order)
                code = "accepted" if ok else "nothing-to-accept"
                results.append(
                    OrderResult.success(power, DIPLOMACY, order.canonical(), note)
                    if ok
                    else OrderResult.failure(power, DIPLOMACY, order.canonical(), code, note)
                )
    _answer_cards(ledger, orders, results)
    return Resolution(ledger.state, tuple(ledger.events), tuple(results))


def _answer_cards(ledger: Ledger, orders: Mapping[str, Sequence[Order]], results: list[OrderResult]) -> None:
    """Gifts answered by the feasts they were brought to, then the cancellations of CASTELLANO
    protections, in turn order, once every card of the phase has been played (rulings)."""
    for power in ledger.state.acting_order():
        for order in orders.get(power, ()):
            if isinstance(order, Gift):
                ok, note = ledger.answers.get(
                    (power, order.canonical()),
                    (False, f"{order.to} played no BARDO this turn: nothing given"),
                )
            elif isinstance(order, CancelProtection):
                note, ok = court_cards.cancel(ledger, power, order)
            else:
                continue
            text = order.canonical()
            results.append(
                OrderResult.success(power, DIPLOMACY, text, note)
                if ok
                else OrderResult.failure(power, DIPLOMACY, text, "card", note)
            )


def _act(
    ledger: Ledger,
    power: str,
    order: Order,
) -> tuple[str, bool, int]:
    """Carry out one order: (note, succeeded, actions spent)."""
    state = ledger.state
    match order:
        case Propose():
            return proposals.propose(ledger, power, order)
        case ProposePeace():
            return proposals.peace(ledger, power, order)
        case DeclareWar(target=target, cb=cb):
            truce = state.truce(power, target)
            if truce is not None:
                return f"a truce with {target} holds until turn {truce.until} (L744)", False, 0
            declare_war(ledger, power, target, [cb])
            return f"at war with {target}", True, 1
        case Revoke(pact=number, cb=cb):
            pact = state.pact(number)
            assert pact is not None
            revoke_pact(ledger, pact, power, [cb], "revoked")
            return f"{pact.label()} revoked", True, 1
        case ShortenTruce(other=other, turns=turns):
            return _shorten(ledger, power, other, turns)
        case Dispute(pact=number, accused=accused):
            return _dispute(ledger, power, number, accused)
        case Guarantee():  # variant GARANTIRE (L3322)
            ledger.state, event = guarantees.act(state, power, order, ledger.data)
            ledger.events.append(event)
            return event.summary().split(" (", 1)[0], True, 1
    raise ValueError(f"not a diplomacy order: {order!r}")


def _shorten(ledger: Ledger, power: str, other: str, turns: int) -> tuple[str, bool, int]:
    truce = ledger.state.truce(power, other)
    if truce is None:
        return f"you have no truce with {other}", False, 0
    left = truce.until - ledger.state.turn + 1
    cut = min(turns, left)
    ledger.honor(
        power, -cut * ledger.data.diplomacy_rules.truce_shorten_po_per_turn, f"truce with {other} cut short"
    )
    until = truce.until - cut
    kept = [t for t in ledger.state.truces if t != truce]
    if until >= ledger.state.turn:
        kept.append(truce.model_copy(update={"until": until}))
    ledger.state = ledger.state.evolve(truces=tuple(kept))
    ended = until < ledger.state.turn
    ledger.events.append(
        TruceChanged(
            parties=truce.parties,
            until=None if ended else until,
            by=power,
            reason=f"cut short by {cut} turn{'s' if cut != 1 else ''}",
        )
    )
    return ("truce ended" if ended else f"truce now until turn {until}") + f", {cut} PO paid", True, 0


def _dispute(ledger: Ledger, power: str, number: int, accused: str) -> tuple[str, bool, int]:
    pact = ledger.state.pact(number)
    assert pact is not None
    if any(d.pact == number for d in ledger.state.disputes):
        return f"pact {number} is already disputed", False, 0
    turn = ledger.state.turn
    dispute = OpenDispute(pact=number, accuser=power, accused=accused, opened=turn)
    ledger.state = ledger.state.evolve(disputes=(*ledger.state.disputes, dispute))
    ledger.events.append(
        DisputeOpened(
            pact=number,
            accuser=power,
            accused=accused,
            parties=pact.parties,
            terms=pact.terms,
            vote_turn=turn + 1,
        )
    )
    return f"pact {number} made public; the vote is in the diplomacy of turn {turn + 1}", True, 0


def _expire(ledger: Ledger) -> None:
    """Pacts and truces whose last turn has passed end at the start of the phase."""
    turn = ledger.state.turn
    for pact in [p for p in ledger.state.pacts if p.until is not None and p.until < turn]:
        ledger.end_pact(pact, None, f"its term ended with turn {pact.until}")
    for truce in [t for t in ledger.state.truces if t.until < turn]:
        ledger.state = ledger.state.evolve(truces=tuple(t for t in ledger.state.truces if t != truce))
        ledger.events.append(
            TruceChanged(parties=truce.parties, until=None, by=truce.imposed_by, reason="expired")
        )


def _count_votes(ledger: Ledger, orders: Mapping[str, Sequence[Order]], results: list[OrderResult]) -> None:
    """Disputes opened in an earlier turn are settled by the votes of this phase (L738-740): more
    BROKEN than KEPT and the accused is charged as if it had revoked the pact, which ends for it."""
    turn = ledger.state.turn
    due = {d.pact: d for d in ledger.state.disputes if d.opened < turn}
    votes: dict[int, dict[str, str]] = {n: {} for n in due}
    for power in ledger.state.seats():
        for order in orders.get(power, ()):
            if not isinstance(order, Vote):
                continue
            if order.pact not in due:
                results.append(
                    OrderResult.failure(
                        power,
                        DIPLOMACY,
                        order.canonical(),
                        "no-vote",
                        f"no vote is open on pact {order.pact}",
                    )
                )
                continue
            if power in votes[order.pact]:
                results.append(
                    OrderResult.failure(
                        power, DIPLOMACY, order.canonical(), "voted", "you already voted on this pact"
                    )
                )
                continue
            votes[order.pact][power] = "broken" if order.broken else "kept"
            results.append(OrderResult.success(power, DIPLOMACY, order.canonical(), "vote counted"))
    for number, dispute in due.items():
        tally = votes[number]
        broken = sum(v == "broken" for v in tally.values()) > sum(v == "kept" for v in tally.values())
        ledger.events.append(VoteCounted(pact=number, accused=dispute.accused, votes=tally, broken=broken))
        pact = ledger.state.pact(number)
        if broken and pact is not None and pact.binds(dispute.accused):
            revoke_pact(ledger, pact, dispute.accused, [None], "broken, by the vote")
    ledger.state = ledger.state.evolve(disputes=tuple(d for d in ledger.state.disputes if d.pact not in due))


def _set_policies(ledger: Ledger, orders: Mapping[str, Sequence[Order]], results: list[OrderResult]) -> None:
    """Standing alliance policies take effect before any act of the phase."""
    for power in ledger.state.seats():
        given = [o for o in orders.get(power, ()) if isinstance(o, Policy)]
        if not given:
            continue
        new = {o.ally: o.stance for o in given}
        old = [(a, s) for a, s in ledger.state.powers[power].alliance_policy if a not in new]
        ledger.state = ledger.state.with_power(power, alliance_policy=(*new.items(), *old))
        for order in given:
            results.append(OrderResult.success(power, DIPLOMACY, order.canonical(), "standing policy"))


def legal_orders(state: MedioevoState, power: str, data: DataSet) -> list[Order]:
    """One of each order the power may give now (lengths and terms are the power's to choose)."""
    options: list[Order] = []
    others = [p for p in state.seats() if p != power]
    for other in others:
        if state.at_war(power, other):
            options += [ProposePeace(other), Accept(PEACE, other)]
            continue
        options += [Propose(PactKind.PACT, (other,), 3), Accept(PactKind.PACT.value, other)]
        if state.alliance(power, other) is None:
            options += [Propose(PactKind.ALLIANCE, (other,), None), Accept(PactKind.ALLIANCE.value, other)]
        else:
            options += [Policy(other, Stance.HONOUR), Policy(other, Stance.NEUTRAL)]
        if state.truce(power, other) is None:
            options.append(DeclareWar(other))
        else:
            options.append(ShortenTruce(other, 1))
    options += [Revoke(p.id) for p in state.pacts if p.binds(power)]
    options += [
        Vote(d.pact, broken) for d in state.disputes if d.opened < state.turn for broken in (False, True)
    ]
    options += diplomacy_cards.legal_plays(state, power, data) + guarantees.options(state, power, data)
    gifts = [Gift(court_cards.SAMPLE_GIFT, o) for o in others if not state.at_war(power, o)]
    options += [g for g in gifts if court_cards.gift_problem(state, power, g, ()) is None]
    return options
