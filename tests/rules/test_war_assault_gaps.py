"""The assault's plan and consequences (war/assault.py, war/walls_battle.py; seed 002 L1760,
L758, ex L710, L1898-1904; rulings R119, R221): the plan's ``LOSSES ORDER`` names the transports
whose VF go first, and a fought assault gives the attacked kingdom's co-religionists 1 CB as an
ATTACK's field battle does. Pure: the ASSAULT handler on a board after setup."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.events import CardPlayed
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.war import clauses, orders
from adjudicator.rulesets.medioevo.war.cargo_state import Done
from adjudicator.rulesets.medioevo.war.events_sieges import AssaultFought
from adjudicator.rulesets.medioevo.war.orders import PlanLine
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.run import run_scripts
from adjudicator.rulesets.medioevo.war.sieges import assault
from tests.rules.test_war_bots_walls import DATA, at_boemia
from tests.rules.test_war_reactions import game

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


def test_react_cards_are_played_before_an_assault_on_the_holders_walls_R244() -> None:
    """002 L2534-2536, ex L2568, L2652 (R242, R244): Venice's cart stands in Hungarian Pest (a
    Tower) and storms it by an ``ASSAULT`` step: Hungary's standing ``REACT carpentiere`` is
    played before the first roll as before an ATTACK, the Torre becoming a Fortilizio (with
    INGEGNERIA), so Venice rolls against 1d6+2; the card is discarded."""
    state = game("REACT carpentiere")
    cart = Piece(owner="venice", kind="war_wagon", number=1, level=1, location="pest", vf=12)
    captain = Piece(owner="venice", kind="captain", number=1, level=1, location="pest", aboard="war_wagon/1")
    state = state.evolve(pieces=(*state.pieces, cart, captain))
    sub = parse_war_lines(
        state, "venice", [(1, "ASSAULT pest FROM cart 1 WITH captain 1")], DATA, strict=True
    )
    out = run_scripts(state, {"venice": sub.orders}, DATA, Dice(b"react", "T1.combat"))
    assert out.results[0].ok, out.results
    played = [e for e in out.events if isinstance(e, CardPlayed)]
    assert [(e.power, e.card, e.target) for e in played] == [("hungary", "CARPENTIERE", "pest")]
    assert "carpentiere" not in out.state.powers["hungary"].cards
    (fought,) = [e for e in out.events if isinstance(e, AssaultFought)]
    assert "+2 Fort" in fought.rounds[0], fought.rounds  # the Fortilizio's 1d6+2 (L1903)
