"""War breaking out (seed 002 L636-637, L660-694, L736): the declaration, its price, and the
allies choosing sides by their standing policies (rulings R24-R25)."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.components.diplomacy import Role
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger, revoke_pact, same_religion
from adjudicator.rulesets.medioevo.events_diplomacy import StaysNeutral, WarDeclared, WarJoined
from adjudicator.rulesets.medioevo.pacts import Stance
from adjudicator.rulesets.medioevo.variants import WAR_BALANCE, balance_penalty, on
from adjudicator.rulesets.medioevo.war.forced_exits import caught


def declare_war(
    ledger: Ledger, declarer: str, target: str, budget: list[int | None], surprise: bool = False
) -> None:
    """War: the declarer first breaks its pacts with the target (L637), pays the table (and 2 PO
    more when it attacks by surprise, L636), then the allies choose sides (L660-694). Between the
    spouses of a PRINCIPESSA every PO lost is doubled and the card is discarded (L2736, ex L2705).
    Every transport of two powers now at war standing in the other's land must get out (L1568-1574,
    ``war/forced_exits.py``)."""
    before = ledger.state.wars
    for pact in [p for p in ledger.state.pacts if p.between(declarer, target)]:
        revoke_pact(ledger, pact, declarer, budget, f"broken by the war on {target}")
    factor = ledger.po_factor(declarer, target)
    cell = ledger.data.diplomatic_acts["war"].cell(same_religion(ledger, declarer, target))
    ledger.apply_cell(cell, declarer, target, f"war on {target}", budget, po_factor=factor)
    if surprise:
        extra = ledger.data.diplomacy_rules.surprise_war_po * factor
        ledger.honor(declarer, -extra, f"surprise attack on {target}")
    ledger.set_war(declarer, target)
    ledger.events.append(WarDeclared(declarer=declarer, target=target, surprise=surprise))
    _balance(ledger, _alliances_choose(ledger, declarer, target))
    ledger.state = caught(ledger.state, before, declarer)


def _balance(ledger: Ledger, sides: tuple[set[str], set[str]]) -> None:
    """The variant BILANCIAMENTO DICHIARAZIONI DI GUERRA (L3224-3226, ex L3242-3244): once the
    allies have chosen, each power of the side with more players loses the difference in PO."""
    if not on(ledger.state, WAR_BALANCE):
        return
    counts = (len(sides[0]), len(sides[1]))
    why = f"{counts[0]} powers against {counts[1]} (BILANCIAMENTO DICHIARAZIONI DI GUERRA, L3226)"
    for side, loss in zip(sides, balance_penalty(*counts), strict=True):
        for power in sorted(side):
            ledger.honor(power, -loss, why)


def _choice(ledger: Ledger, power: str, sides: tuple[set[str], set[str]]) -> int | None:
    """Which side ``power`` joins (0 the declarer's, 1 the target's) or None for neutral.

    The first ally in its standing policy list that it honours and that is at war decides; with
    no such policy, an ally on the attacked side is honoured (R24). A side holding a power it has
    a truce with is never joined (the truce is total, L744).
    """
    state = ledger.state
    allies = set(state.allies(power))
    blocked = {i for i, side in enumerate(sides) if any(state.truce(power, p) for p in side)}
    stances = dict(state.powers[power].alliance_policy)
    for ally, stance in state.powers[power].alliance_policy:
        for i, side in enumerate(sides):
            if ally in allies and ally in side and stance is Stance.HONOUR and i not in blocked:
                return i
    attacked = [a for a in allies if a in sides[1] and a not in stances]
    return 1 if attacked and 1 not in blocked else None


def _alliances_choose(ledger: Ledger, declarer: str, target: str) -> tuple[set[str], set[str]]:
    """Turn order from the power after the declarer, wrapping round (L680-692), until nobody
    allied to a belligerent is left undecided; each power chooses once. The two sides, as they
    stand then."""
    order = ledger.state.acting_order()
    start = order.index(declarer) + 1 if declarer in order else 0
    ring = order[start:] + order[:start]
    sides: tuple[set[str], set[str]] = ({declarer}, {target})
    decided = {declarer, target}
    changed = True
    while changed:
        changed = False
        for power in ring:
            belligerents = sides[0] | sides[1]
            if power in decided or not set(ledger.state.allies(power)) & belligerents:
                continue
            decided.add(power)
            changed = True
            _join(ledger, power, _choice(ledger, power, sides), sides, (declarer, target))
    return sides


def _join(
    ledger: Ledger, power: str, side: int | None, sides: tuple[set[str], set[str]], leaders: tuple[str, str]
) -> None:
    """Join a side (breaking alliances with the other) or stay out (breaking all with belligerents)."""
    state = ledger.state
    enemies = sides[1 - side] if side is not None else sides[0] | sides[1]
    broken = [a for a in state.allies(power) if a in enemies]
    for ally in broken:
        alliance = state.alliance(power, ally)
        assert alliance is not None
        reason = "to stay out of the war" if side is None else f"to fight on {leaders[side]}'s side"
        revoke_pact(ledger, alliance, power, [None], f"alliance with {ally} broken {reason}")
    if side is None:
        ledger.events.append(StaysNeutral(power=power, broken_with=tuple(broken)))
        return
    for pact in [p for p in ledger.state.pacts if p.binds(power) and any(p.binds(e) for e in enemies)]:
        ledger.end_pact(pact, power, "lapsed: its parties are at war (L637)")
    for enemy in sorted(enemies):
        ledger.set_war(power, enemy)
    if side == 0:
        # joining the declarer: the war's cost at the worst rate among the enemies (L694, L736, R25)
        same = any(same_religion(ledger, power, e) for e in enemies)
        cost = -sum(e.po for e in ledger.data.diplomatic_acts["war"].cell(same) if e.who is Role.IO)
        ledger.honor(power, -cost, "joins the war on the declaring side (L694, L736)")
    sides[side].add(power)
    ledger.events.append(WarJoined(power=power, side_of=leaders[side], against=tuple(sorted(enemies))))
