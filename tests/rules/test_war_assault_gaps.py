"""The assault's plan and consequences (war/assault.py, war/walls_battle.py; seed 002 L1760,
L758, ex L710, L1898-1904; rulings R119, R221): the plan's ``LOSSES ORDER`` names the transports
whose VF go first, and a fought assault gives the attacked kingdom's co-religionists 1 CB as an
ATTACK's field battle does. Pure: the ASSAULT handler on a board after setup."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.war import clauses, orders
from adjudicator.rulesets.medioevo.war.cargo_state import Done
from adjudicator.rulesets.medioevo.war.orders import PlanLine
from adjudicator.rulesets.medioevo.war.sieges import assault
from tests.rules.test_war_bots_walls import DATA, at_boemia

FORCE = ("cart 1", "cart 2")


def two_carts() -> object:
    """Hungary's cart 1 (its captain aboard) and a cart 2, 8 VF each, in Boemia, none on the
    ground; Bohemia's 2 barbarians behind their Tower (L1645)."""
    state = at_boemia(8, engine=False)
    second = Piece(owner="hungary", kind="war_wagon", number=2, level=1, location="boemia", vf=8)
    return state.evolve(pieces=(*state.pieces, second))


def test_the_assaults_losses_follow_the_plans_losses_order_L1760() -> None:
    """002 L1760 ("ogni giocatore assegna le perdite alle proprie forze come preferisce"): with
    ``PLAN p LOSSES ORDER cart 2`` the attacker's 5 VF lost at the walls come off cart 2 first,
    cart 1 keeping its 8 (then giving the 1 VF that holds the taken territory, L1846); without
    it, off cart 1, the first made (the same dice: boemia taken both times)."""
    state = two_carts()
    plans = (PlanLine("p", clauses.LossesOrder(("cart 2",))),)
    step = orders.Assault("boemia", FORCE, ("captain 1",), plan="p")
    for lines, carts in ((plans, {1: 7, 2: 3}), ((), {1: 3, 2: 7})):
        out = assault(state, "hungary", step, DATA, Dice(b"losses10", "T3.combat"), lines)
        assert isinstance(out, Done) and out.note == "boemia taken", out
        assert {p.number: p.vf for p in out.state.pieces_of("hungary", "war_wagon")} == carts
        assert out.state.territories["boemia"].armies == {"hungary": 1}


def test_a_fought_assault_gives_the_co_religionists_cb_R119() -> None:
    """002 L758, ex L710 (R119): Hungary storms barbarian Boemia, a Catholic kingdom's land: every
    other Catholic power gains 1 CB against it, the Pope's doubled (L752), as after an ATTACK's
    field battle; Orthodox Byzantium gains none."""
    state = two_carts()
    out = assault(
        state, "hungary", orders.Assault("boemia", FORCE, ("captain 1",)), DATA, Dice(b"losses", "T3.combat")
    )
    assert isinstance(out, Done), out
    cb = {p: ps.casus_belli.get("hungary", 0) for p, ps in out.state.powers.items()}
    assert cb["holy_roman_empire"] == 1 and cb["france"] == 2  # France holds the Pope after setup
    assert cb["byzantium"] == 0 and cb["hungary"] == 0
