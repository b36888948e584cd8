"""The plan and the doctrines read for a battle at the walls (war/walls_battle.py; seed 002 L1736,
L1721, L1846-1856, L1898-1904; rulings R100, R173, R221). Pure."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.state import TerritoryState
from adjudicator.rulesets.medioevo.war import clauses
from adjudicator.rulesets.medioevo.war.fortress import Garrison
from adjudicator.rulesets.medioevo.war.orders import PlanLine
from adjudicator.rulesets.medioevo.war.plans import DEFAULT_WITHDRAW
from adjudicator.rulesets.medioevo.war.records import DoctrineClause
from adjudicator.rulesets.medioevo.war.walls_battle import garrison_sides, plan_at_walls
from tests.rules.war_states import war_state

DATA = default_dataset()
T = "transilvania"


def test_the_plan_at_the_walls_counts_if_fortified_cards_only_in_the_assault_L1736_R221() -> None:
    """R173, R221: ``CARDS ALL: eroina IF FORTIFIED`` is played against walls (the assault), not
    in the field battle outside them; ``OCCUPY`` and ``TAKEN`` come with the plan, the withdrawal
    is R100's default without a ``WITHDRAW`` clause (R212)."""
    lines = [
        PlanLine("p", clauses.Cards("ALL", ("eroina",), "FORTIFIED")),
        PlanLine("p", clauses.Occupy(2)),
        PlanLine("p", clauses.Taken("fortification", "DESTROY")),
    ]
    walls = plan_at_walls(lines, "p", fortified=True)
    assert walls.battle.rounds == (("eroina",),) and walls.battle.withdraw == DEFAULT_WITHDRAW
    assert (walls.occupy, walls.taken) == (2, (clauses.Taken("fortification", "DESTROY"),))
    assert plan_at_walls(lines, "p", fortified=False).battle.rounds == ()


def test_the_garrison_fights_by_its_doctrine_with_its_vf_inside_L1731_L1736_R221() -> None:
    """R99, R221: each defender inside the walls fights with the VF the walls hold (not all it has
    there) and plays its doctrine's cards there, ``IF FORTIFIED`` ones included; the barbarians
    fight as barbarians (R220)."""
    cards = DoctrineClause(clause="CARDS ALL: balestriere IF FORTIFIED", place=T)
    territories = {T: TerritoryState(owner="venice", armies={"venice": 25}, buildings=("fort",))}
    state = war_state(("hungary", "venice"), territories, [("hungary", "venice")], [])
    state = state.with_power("venice", doctrines=(cards,))
    sides, barred = garrison_sides(state, DATA, "hungary", T, [Garrison("venice", 20)], 30, fortified=True)
    (venice,) = sides
    assert venice.force.vf == 20 and venice.force.owner and venice.force.plan.rounds == (("balestriere",),)
    assert barred == []
    wild = state.with_territory(T, owner=None, armies={"barbarians": 2})
    (barbarians,), _ = garrison_sides(wild, DATA, "hungary", T, [Garrison("barbarians", 2, True)], 9, True)
    assert barbarians.force.barbarian and barbarians.force.vf == 2
