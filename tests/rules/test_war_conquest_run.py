"""A land attack's conquest through the script runner (war/attacks.py, war/spoils.py,
war/barbarians.py, war/captains.py; seed 002 L1641-1645, L1727, L1776-1782, L758, L1844-1862,
L2071-2083; rulings R103, R106, R107, R113, R119, R158, R170). Pure: states built by hand,
scripts read by ``parse_war_lines``, dice loaded (the setup of test_war_attack_run.py)."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.events_diplomacy import HonorChanged
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, PowerState, TerritoryState
from adjudicator.rulesets.medioevo.war.aftermath import aftermath
from adjudicator.rulesets.medioevo.war.barbarians import TWO_BARBARIANS, garrison_size
from adjudicator.rulesets.medioevo.war.events_aftermath import Inherited, PowerEliminated
from adjudicator.rulesets.medioevo.war.events_conquest import BarbariansAppear, CapitalTaken, SpoilsTaken
from adjudicator.rulesets.medioevo.war.invariants import problems
from adjudicator.rulesets.medioevo.war.records import DoctrineClause, WarTurn
from adjudicator.rulesets.medioevo.war.report import war_section
from adjudicator.rulesets.medioevo.war.spoils import religious_capital

from .test_war_attack_run import DATA, events, game, run

ATTACK = "ATTACK transilvania FROM cart 1 WITH captain 1"


def venice(state: MedioevoState, **changes: object) -> MedioevoState:
    return state.with_power("venice", **changes)


def test_ex_L1856_the_winner_destroys_sacks_and_conquers_what_it_finds() -> None:
    """L1848-1856 (R106, R158): Hungary takes Transilvania, where Venice has a village, a
    cathedral, a caravan, a catapult and two captains. Its plan sacks the cathedral (half of 1000)
    and captain 1 (half of a level III's 300); captain 2 is destroyed by default (+1 PO, L2427);
    the village and the catapult are conquered, the catapult as Hungary's engine 1; Hungary at LT
    I already has its one caravan (L835), so Venice's is sacked instead (ex L1836)."""
    state = game(cart_vf=15, venice=3)
    state = state.with_territory("transilvania", buildings=("village", "cathedral"))
    found = (
        Piece(owner="venice", kind="caravan", number=1, level=1, location="transilvania"),
        Piece(owner="venice", kind="siege", number=1, level=1, location="transilvania"),
        Piece(owner="venice", kind="captain", number=1, level=3, location="transilvania"),
        Piece(owner="venice", kind="captain", number=2, level=1, location="transilvania"),
        Piece(owner="hungary", kind="caravan", number=1, level=1, location="pest"),
    )
    state = state.evolve(pieces=(*state.pieces, *found))
    out, _ = run(
        state,
        [6, 1],
        f"PLAN p TAKEN cathedral SACK\nPLAN p TAKEN venice captain 1 SACK\n{ATTACK} PLAN p",
    )
    assert out.results[0].ok, out.results
    (taken,) = events(out, SpoilsTaken)
    assert taken.florins == 500 + 150 + 50 and taken.po == 1
    cap = "no room under the LT cap for another caravan (ex L1836): sacked"
    assert f"venice caravan 1 sacked: 50 florins ({cap})" in taken.items
    hungary = out.state.powers["hungary"]
    assert (hungary.florins, hungary.honor) == (700, 11)
    assert out.state.territories["transilvania"].buildings == ("village",)
    assert not [p for p in out.state.pieces if p.owner == "venice"]
    engine = out.state.piece("hungary", "siege", 1)
    assert engine is not None and (engine.level, engine.location) == (1, "transilvania")
    assert problems(out.state, DATA) == []


def test_L2079_a_capital_taken_pays_its_tribute_and_moves() -> None:
    """L2071-2079 (R113): Venice's capital Transilvania falls; Hungary takes 10 % of Venice's 95
    florins (9, rounded down); the new capital is Venice's largest settlement (a town in Valacchia
    over a village in Mesia), or the one its doctrine names (``DOCTRINE CAPITAL mesia``)."""
    state = venice(game(cart_vf=15, venice=3), florins=95, capital="transilvania")
    state = state.evolve(
        territories={
            **state.territories,
            "valacchia": TerritoryState(owner="venice", buildings=("town",)),
            "mesia": TerritoryState(owner="venice", buildings=("village",)),
        }
    )
    out, _ = run(state, [6, 1], ATTACK)
    (taken,) = events(out, CapitalTaken)
    assert (taken.florins, taken.new_capital) == (9, "valacchia")
    assert (out.state.powers["venice"].florins, out.state.powers["hungary"].florins) == (86, 9)
    assert out.state.powers["venice"].capital == "valacchia"
    chosen = venice(state, doctrines=(DoctrineClause(clause="CAPITAL mesia"),))
    out, _ = run(chosen, [6, 1], ATTACK)
    assert out.state.powers["venice"].capital == "mesia"


def test_L2083_the_last_territory_taken_names_the_heir_for_the_aftermath() -> None:
    """L2083 (R113): Venice's last territory falls and it has no transport: the attack records
    Hungary as its heir in the war turn, and the aftermath, called without ``heirs``, gives
    Hungary Venice's cards and florins."""
    state = venice(game(cart_vf=15, venice=3), florins=40, cards=("eroina",))
    out, dice = run(state, [6, 1], ATTACK)
    assert out.state.war is not None and out.state.war.heirs == {"venice": "hungary"}
    assert out.state.powers["venice"].cards == ("eroina",)  # card ids as the data has them
    after, told = aftermath(out.state, DATA, dice)
    assert [(e.power, e.heir) for e in told if isinstance(e, PowerEliminated)] == [("venice", "hungary")]
    (got,) = [e for e in told if isinstance(e, Inherited)]
    assert (got.florins, got.cards) == (40, ("eroina",))
    assert after.powers["hungary"].florins == 40


def at_banato(state: MedioevoState) -> MedioevoState:
    state = state.with_piece(state.pieces[0], location="banato")
    return state.with_piece(state.pieces[1], location="banato")


def test_L1645_barbarians_rise_fight_and_the_land_is_taken() -> None:
    """L1643-1645 (R103, A-10): Rascia, Serbian and barbarian, raises 2 barbarian VF (Serbia is on
    L1645's list); a 6 against a 1 beats them and Hungary holds Rascia. Where barbarians stand
    already (4 VF), none are added and those fight. L758 (R119): Byzantium, Orthodox as Serbia,
    gains 1 CB against Hungary for the attack; France, Catholic, none."""
    state = at_banato(game(cart_vf=15, venice=3))
    for power in ("byzantium", "france"):
        state = state.evolve(powers={**state.powers, power: PowerState(kingdom=power, florins=0)})
    out, _ = run(state, [6, 1], "ATTACK rascia FROM cart 1 WITH captain 1")
    assert out.results[0].ok, out.results
    (rose,) = events(out, BarbariansAppear)
    assert (rose.territory, rose.vf) == ("rascia", 2)
    assert out.state.territories["rascia"].owner == "hungary"
    assert out.state.territories["rascia"].armies == {"hungary": 1}
    assert out.state.powers["byzantium"].casus_belli == {"hungary": 1}
    assert out.state.powers["france"].casus_belli == {}
    assert problems(out.state, DATA) == []

    held = state.evolve(territories={**state.territories, "rascia": TerritoryState(armies={"barbarians": 4})})
    out, _ = run(held, [6, 1], "ATTACK rascia FROM cart 1 WITH captain 1")
    assert not events(out, BarbariansAppear)
    assert out.state.territories["rascia"].owner == "hungary"


def test_L1645_garrison_sizes_follow_the_rule() -> None:
    """L1643-1645, A-57 (R103, R170): 1 barbarian VF, 2 in L1645's kingdoms and in a Major Kingdom
    no power plays; L1645's list names kingdoms of the board."""
    state = game()
    assert set(DATA.board.kingdoms) >= TWO_BARBARIANS
    assert garrison_size(state, DATA, "rascia") == 2  # Serbia, L1645
    assert garrison_size(state, DATA, "vidin") == 1  # Bulgaria
    assert garrison_size(state, DATA, "costantinopoli") == 2  # Byzantium: major, not played
    played = state.evolve(powers={**state.powers, "byzantium": PowerState(kingdom="byzantium", florins=0)})
    assert garrison_size(played, DATA, "costantinopoli") == 1


def test_ex_L1806_a_captain_attacks_as_often_as_its_level_at_the_start() -> None:
    """Ex L1806-1808 (L1727, L1776-1782, R107): a level II captain attacks and wins (level III),
    attacks again and loses (back to II), and must stop: it has used its 2 attacks."""
    state = game(cart_vf=20, venice=2)
    state = state.with_piece(state.pieces[1], level=2)
    state = state.evolve(
        territories={**state.territories, "valacchia": TerritoryState(owner="venice", armies={"venice": 20})}
    )
    out, _ = run(
        state,
        [6, 1, 1, 6],
        f"""PLAN w WITHDRAW AFTER 1
{ATTACK}
ATTACK valacchia FROM cart 1 WITH captain 1 PLAN w
ATTACK valacchia FROM cart 1 WITH captain 1 PLAN w""",
    )
    assert [r.ok for r in out.results] == [True, True, False], out.results
    reason = out.results[2].reason
    assert reason is not None and reason.code == "no-attacks"
    assert (
        "has led 2 attack(s), all that its level 2 at the start of the turn allows (L1727)" in reason.message
    )
    captain = out.state.piece("hungary", "captain", 1)
    assert captain is not None and captain.level == 2
    assert out.state.war is not None
    assert out.state.war.start_level == {"hungary/captain/1": 2}
    assert out.state.war.promoted == ("hungary/captain/1",)


def test_L1728_a_sieging_captain_attacks_nothing_else() -> None:
    """L1728-1729: a captain whose action this turn is a siege may not attack."""
    state = game(cart_vf=15).evolve(war=WarTurn(sieging=("hungary/captain/1",)))
    out, _ = run(state, [6, 1], ATTACK)
    reason = out.results[0].reason
    assert reason is not None and reason.code == "no-attacks" and "besieges" in reason.message


def test_L758_the_pope_gains_double_cb() -> None:
    """L758, L752 (R119): a Catholic Pope gains 2 CB when a Catholic kingdom's land is attacked;
    the territory's owner gains none."""
    state = game(cart_vf=15, venice=3)
    pope = PowerState(kingdom="france", florins=0, pope=True)
    state = state.evolve(powers={**state.powers, "france": pope})
    out, _ = run(state, [6, 1], ATTACK)
    assert out.state.powers["france"].casus_belli == {"hungary": 2}
    assert out.state.powers["venice"].casus_belli == {}


def test_L2437_a_religious_capital_taken() -> None:
    """L2437-2438: taking a religious capital gives the conqueror 1 PO and costs its holder 2;
    taken from the barbarians it costs nobody. Each change is told by its PO event (L341)."""
    state = game()
    taken, told = religious_capital(state, DATA, "hungary", "venice", "costantinopoli")
    assert (taken.powers["hungary"].honor, taken.powers["venice"].honor) == (11, 8)
    po = [(e.power, e.delta) for e in told if isinstance(e, HonorChanged)]
    assert po == [("hungary", 1), ("venice", -2)]
    from_barbarians, told = religious_capital(state, DATA, "hungary", "barbarians", "costantinopoli")
    assert from_barbarians.powers["hungary"].honor == 11 and len(told) == 1
    assert religious_capital(state, DATA, "hungary", "venice", "transilvania") == (state, [])


def test_the_report_tells_the_barbarians_and_the_spoils_in_the_attackers_turn() -> None:
    """R115: the barbarians rising and what the winner did with the spoils are public, told
    in the attacker's part of the War section."""
    state = at_banato(game(cart_vf=15, venice=3))
    state = state.evolve(territories={**state.territories, "rascia": TerritoryState(buildings=("village",))})
    out, _ = run(state, [6, 1], "ATTACK rascia FROM cart 1 WITH captain 1")
    section = war_section(out.events, "venice", {})
    assert section is not None
    hungary = next(c for c in section.children if c.key == "war-power-hungary")
    texts = [line.text for line in hungary.lines]
    assert "2 barbarian VF rise in rascia against hungary (L1643)" in texts
    assert "hungary in rascia: village conquered" in texts
