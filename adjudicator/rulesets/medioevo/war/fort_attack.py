"""An ATTACK on a fortified territory (seed 002 L1870-1924, L2023; docs/war.md §3.2; rulings R100,
R211): the plan's ``FORT`` clause says what the attacking force does at the walls, by mail where
at the table the attacker decides there: ``SIEGE`` (lay a siege, L1910-1924), ``ASSAULT`` (storm
the walls, L1886-1904), either followed by ``ELSE ASSAULT`` or ``ELSE STOP`` when it may not be
done, or ``STOP``; R100's default is ``FORT SIEGE ELSE STOP``.

The attack enters the territory first (its entry PM paid before any roll, L1661: judged by
``attacks.attack`` as for an unfortified target) with its transports and captains, then hands
over to the SIEGE or ASSAULT handler (``war/sieges.py``) with the same force. An assault first
fights the defenders the walls do not hold (L1896-1898), as the siege does (L1914, R206), and
both count as one attack of the captain (L1906). When nothing the clause allows can be done the
step is refused and nothing moves. The rest of the plan goes with the force (R221): its ``CARDS``
and ``WITHDRAW`` in the battles at the walls, its ``OCCUPY`` and ``TAKEN`` when the walls are
taken. Barbarian walls are besieged and assaulted as a power's (R220): the barbarians rise first.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import MedioevoState, Siege
from adjudicator.rulesets.medioevo.war import clauses, orders, siege_common, sieges
from adjudicator.rulesets.medioevo.war.attack_outcome import Sortie
from adjudicator.rulesets.medioevo.war.cargo_state import Done, Refused, relocate, spend
from adjudicator.rulesets.medioevo.war.events_sieges import SiegeLifted
from adjudicator.rulesets.medioevo.war.fortress import split_garrison
from adjudicator.rulesets.medioevo.war.orders import PlanLine
from adjudicator.rulesets.medioevo.war.plans import clauses_of
from adjudicator.rulesets.medioevo.war.siege_field import field_battle
from adjudicator.rulesets.medioevo.war.siege_state import defenders, led, vf_in
from adjudicator.rulesets.medioevo.war.walls_battle import plan_at_walls

DEFAULT_FORT = "SIEGE ELSE STOP"  # R100 (L1924: a siege if it may be laid, else the attack stops)
STOP = "STOP"


def fort_policy(plans: Sequence[PlanLine], name: str) -> str:
    """The ``FORT`` clause of plan ``name`` (its latest line), else R100's default."""
    found = [c for c in clauses_of(plans, name) if isinstance(c, clauses.Fort)]
    return found[-1].policy.upper() if found else DEFAULT_FORT


def at_walls(
    state: MedioevoState, who: Sortie, data: DataSet, dice: Dice, policy: str, plans: Sequence[PlanLine] = ()
) -> Done | Refused:
    """The attacking transports, their entry paid, enter the fortified territory (L1661) and the
    ``FORT`` clause's first choice that can be made is made with them, the captains named and the
    rest of the attack's plan (R221)."""
    order, target = who.order, who.order.target
    for piece in who.carriers:
        state = relocate(state.with_piece(piece, location=target), piece, target)
        state = spend(state, piece, 0, moved=True)
    state, risen = siege_common.rise(state, who.power, target, data)
    tried: list[str] = []
    for word in policy.split(" ELSE "):
        if word == "SIEGE":
            laid = orders.Siege(target, order.pieces, order.captains, plan=order.plan)
            out = sieges.siege(state, who.power, laid, data, dice, plans)
        elif word == "ASSAULT":
            out = storm(state, who, data, dice, plans)
        else:
            break
        if isinstance(out, Done):
            note = f"{target} is fortified (FORT {policy}): {word.lower()}: {out.note}"
            return Done(out.state, (*risen, *out.events), note)
        tried.append(f"no {word.lower()}: {out.reason}")
    return Refused(
        "fortified",
        f"{target} is fortified (FORT {policy}): {'; '.join(tried) or 'the plan stops at the walls'};"
        " the attack stops before the walls (L1924)",
    )


def storm(
    state: MedioevoState, who: Sortie, data: DataSet, dice: Dice, plans: Sequence[PlanLine] = ()
) -> Done | Refused:
    """``FORT … ASSAULT``: the defenders outside the walls first, in a field battle under the first
    captain by the plan (L1896-1898); the assault only when none is left outside and the attacker
    still stands, else the battle alone is the attack (L1906)."""
    power, order, target = who.power, who.order, who.order.target
    aim = siege_common.target_of(state, power, target, data)
    if isinstance(aim, Refused):
        return aim
    owner, level = aim
    captain = who.leaders[0]
    fought: list[Event] = []
    words = ""
    if split_garrison(defenders(state, power, target, data), level).outside:
        record = Siege(territory=target, by=power, since=state.turn, captain=captain.number)
        plan = plan_at_walls(plans, order.plan, fortified=False)
        state, events, words = field_battle(state, power, record, owner, level, data, dice, plan)
        fought = [e for e in events if not isinstance(e, SiegeLifted)]  # no siege was laid
        outside = split_garrison(defenders(state, power, target, data), level).outside
        if outside or not vf_in(state, power, target):
            state, lifted = siege_common.leaderless(led(state, captain), data)
            return Done(
                state, (*fought, *lifted), f"{words}; no assault while defenders stand outside (L1898)"
            )
    stormed = orders.Assault(target, order.pieces, order.captains, plan=order.plan)
    out = sieges.assault(state, power, stormed, data, dice, plans)
    if isinstance(out, Refused):
        if not fought:
            return out
        state, lifted = siege_common.leaderless(led(state, captain), data)
        return Done(state, (*fought, *lifted), f"{words}; no assault: {out.reason}")
    return Done(out.state, (*fought, *out.events), f"{words}; {out.note}" if words else out.note)
