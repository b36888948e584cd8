"""The SIEGE, ASSAULT and LIFT SIEGE steps on the game state (war/sieges.py; docs/war.md §3.1,
§4.4; seed 002 L1886-2002; rulings R112, R150, R151, R160). Pure: the handlers called directly on
states built by hand, with loaded dice."""

from __future__ import annotations

from typing import Any

from adjudicator.core.dice import Dice
from adjudicator.core.events import Scope
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, PowerState, Siege, TerritoryState
from adjudicator.rulesets.medioevo.war import clauses, orders
from adjudicator.rulesets.medioevo.war.cargo_state import Done, Refused
from adjudicator.rulesets.medioevo.war.events import BattleFought
from adjudicator.rulesets.medioevo.war.events_conquest import SpoilsTaken
from adjudicator.rulesets.medioevo.war.events_sieges import (
    AssaultFought,
    RetreatBarred,
    SiegeDeclared,
    SiegeGoesOn,
    SiegeLifted,
)
from adjudicator.rulesets.medioevo.war.records import DoctrineClause, WarTurn
from adjudicator.rulesets.medioevo.war.siege_turns import continue_siege
from adjudicator.rulesets.medioevo.war.sieges import (
    SIEGE_HANDLERS,
    assault,
    lift_siege,
    siege,
)

DATA = default_dataset()
T = "transilvania"
CAPTAIN = Piece(owner="hungary", kind="captain", number=1, level=2, location=T)
CAP = ("captain 1",)
KEY = "hungary/captain/1"
CATAPULT = Piece(owner="hungary", kind="siege", number=1, level=1, location=T)


def game(hungary: int, venice: int, walls: str, *pieces: Piece, **kw: Any) -> MedioevoState:
    """Hungary stands in Venice's Transilvania with ``hungary`` VF, at war with Venice, whose
    ``venice`` VF hold its ``walls``."""
    return MedioevoState(
        ruleset="medioevo",
        ruleset_version="1",
        game="g",
        turn=3,
        powers={p: PowerState(kingdom=p, florins=0) for p in ("hungary", "venice")},
        territories={
            "pest": TerritoryState(owner="hungary"),
            T: TerritoryState(
                owner="venice", armies={"hungary": hungary, "venice": venice}, buildings=(walls,)
            ),
        },
        wars=(("hungary", "venice"),),
        turn_order=("hungary", "venice"),
        pieces=pieces or (CAPTAIN, CATAPULT),
        **kw,
    )


def dice(*loaded: int) -> Dice:
    return Dice(b"s" * 32, "T3.war", loaded=list(loaded))


def done(outcome: Done | Refused) -> Done:
    assert isinstance(outcome, Done), outcome
    return outcome


def test_a_siege_is_declared_and_recorded_L1908_L1918_L1924() -> None:
    """002 L1908-1918, L1924 (R112, R151, R160): 15 VF and a catapult against 10 VF in a Fortilizio:
    the siege is laid, recorded from this turn with its captain and route, and seen by everyone."""
    out = done(siege(game(15, 10, "fort"), "hungary", orders.Siege(T, captains=CAP), DATA, dice()))
    assert out.state.sieges == (Siege(territory=T, by="hungary", since=3, captain=1, route="land"),)
    assert out.state.war is not None and out.state.war.sieging == (KEY,)  # its action (L1728-1729)
    assert out.state.war.attacks == {KEY: 1}
    (event,) = out.events
    assert isinstance(event, SiegeDeclared) and (event.vf, event.besieged) == (15, 10)
    assert event.visibility.scope is Scope.PUBLIC
    again = done(siege(out.state, "hungary", orders.Siege(T), DATA, None))
    assert again.note == "siege turn 1" and again.state == out.state


def test_the_first_siege_turn_s_artillery_L1926_L1930() -> None:
    """002 L1914, L1926-1930 (R151): in the siege's first turn both sides' engines shoot, the
    besieger first: its catapult rolls 6 and destroys the defender's, which rolled 1."""
    theirs = Piece(owner="venice", kind="siege", number=1, level=1, location=T)
    d = dice(6, 1)
    out = done(
        siege(
            game(15, 10, "fort", CAPTAIN, CATAPULT, theirs), "hungary", orders.Siege(T, captains=CAP), DATA, d
        )
    )
    assert out.state.pieces_of("venice", "siege") == () and out.state.pieces_of("hungary", "siege") == (
        CATAPULT,
    )
    assert [(r.purpose, r.value) for r in d.rolls] == [
        (f"siege {T} turn 1 artillery besieger", 6),
        (f"siege {T} turn 1 artillery besieged", 1),
    ]
    (event,) = out.events
    assert isinstance(event, SiegeDeclared) and event.rolls == (6, 1) and len(out.state.sieges) == 1


def test_two_trebuchets_bring_a_fort_down_at_once_ex_L1976() -> None:
    """Ex 002 L1976 (L1946): siege value 4 (2 Trabucchi) against a Fortilizio's 2: the walls go at
    once and the final field battle follows in the same step ("si passa alla Battaglia campale
    finale"): 6 against 1 twice, the 10 defenders lose 5 a round, the besieger 2 (L1758); no siege is
    recorded, the fort is gone (R164), the territory is taken (L1679) and the captain wins a level."""
    trebuchets = [Piece(owner="hungary", kind="siege", number=n, level=2, location=T) for n in (1, 2)]
    d = dice(6, 1, 6, 1)
    out = done(
        siege(game(15, 10, "fort", CAPTAIN, *trebuchets), "hungary", orders.Siege(T, captains=CAP), DATA, d)
    )
    terr = out.state.territories[T]
    assert (terr.owner, terr.buildings, terr.armies, out.state.sieges) == ("hungary", (), {"hungary": 11}, ())
    event, battle = out.events
    assert isinstance(event, SiegeDeclared) and event.walls_fell
    assert isinstance(battle, BattleFought) and battle.lost == {"hungary": 4, "venice": 10}
    assert "taken (L1679)" in out.note
    assert [r.purpose for r in d.rolls][:2] == [
        f"battle siege {T} round 1 attacker hungary",
        f"battle siege {T} round 1 defender venice",
    ]
    assert out.state.piece("hungary", "captain", 1).level == 3  # type: ignore[union-attr]


def test_artillery_that_takes_the_last_engine_leaves_no_siege_L1930_R164() -> None:
    """002 L1926-1930, R164: the defender's trebuchet rolls 5 and destroys the besieger's only
    catapult (which rolled 1): no siege is recorded, the engine stays lost, the captain is free."""
    theirs = Piece(owner="venice", kind="siege", number=1, level=2, location=T)
    state = game(15, 10, "fort", CAPTAIN, CATAPULT, theirs)
    out = done(siege(state, "hungary", orders.Siege(T, captains=CAP), DATA, dice(1, 5)))
    assert out.state.sieges == () and out.state.pieces_of("hungary", "siege") == ()
    assert out.state.war is not None and out.state.war.sieging == ()
    assert "no siege engine left" in out.note


def test_no_siege_without_superiority_L1910_ex_L1982() -> None:
    """002 L1910, L1924, ex L1982-1984 (R160): 15 VF are not more than the 20 in Napoli's Fortilizio:
    refused with the reason, nothing recorded; no siege either without an engine (L1924, L1998)."""
    out = siege(game(15, 20, "fort"), "hungary", orders.Siege(T, captains=CAP), DATA, dice())
    assert isinstance(out, Refused) and out.code == "siege-refused"
    assert "15 VF are not more than the 20 besieged" in out.reason
    bare = siege(game(30, 10, "fort", CAPTAIN), "hungary", orders.Siege(T, captains=CAP), DATA, dice())
    assert isinstance(bare, Refused) and "siege engine" in bare.reason


def test_a_captain_without_attacks_left_lays_no_siege_L1727() -> None:
    """002 L1727: a captain leads as many attacks a turn as its level when the phase began."""
    spent = WarTurn(start_level={KEY: 2}, attacks={KEY: 2})
    out = siege(game(15, 10, "fort", war=spent), "hungary", orders.Siege(T, captains=CAP), DATA, dice())
    assert isinstance(out, Refused) and out.code == "no-attacks"


def test_an_assault_takes_a_tower_L1898_L1904() -> None:
    """002 L1898-1904: 1d4 = 4 against 1d6 = 1 + 1 for the Torre: the 2 defenders are gone, the
    winner loses half the difference (1, L1758); the territory is Hungary's and its siege ends
    (L1679). The attacker rolls first; the captain is the siege's (R112, R165)."""
    state = game(10, 2, "tower").with_siege(T, Siege(territory=T, by="hungary", since=2, captain=1))
    d = dice(4, 1)
    out = done(assault(state, "hungary", orders.Assault(T), DATA, d))
    terr = out.state.territories[T]
    assert terr.owner == "hungary" and terr.armies == {"hungary": 9} and out.state.sieges == ()
    event, taken = out.events  # the tower is conquered as in the field (L1848, R211)
    assert isinstance(event, AssaultFought) and event.taken
    assert isinstance(taken, SpoilsTaken) and "tower conquered" in taken.summary()
    assert (event.attacker_lost, event.defender_lost) == (1, 2)
    assert [(r.sides, r.value) for r in d.rolls][:2] == [(4, 4), (6, 1)]
    # the captain wins a level (L1776-1778); assaulting its own siege is no new attack (L1906, L1966)
    assert out.state.piece("hungary", "captain", 1).level == 3  # type: ignore[union-attr]
    assert out.state.war is not None and out.state.war.promoted == (KEY,) and out.state.war.attacks == {}


def test_an_assault_repelled_by_blue_and_red_ex_L1870_L1876() -> None:
    """Ex 002 L1870-1876: blue rolls 1d4 = 3, red 1d6 = 4 + 2 for the Fortilizio: blue loses 3, red
    none (L1904). Blue's 4 VF are aboard its cart: 3 fight and 1 stays aboard (ex L1689, R136), so
    blue is spent in that round: repelled, the fort stays red's and the cart keeps its 1 VF (L1683)."""
    cart = Piece(owner="hungary", kind="war_wagon", number=1, level=1, location=T, vf=4)
    out = done(
        assault(
            game(0, 8, "fort", CAPTAIN, cart), "hungary", orders.Assault(T, captains=CAP), DATA, dice(3, 4)
        )
    )
    terr = out.state.territories[T]
    assert terr.owner == "venice" and terr.armies == {"venice": 8}
    assert out.state.piece("hungary", "war_wagon", 1).vf == 1  # type: ignore[union-attr]
    (event,) = out.events
    assert isinstance(event, AssaultFought) and not event.taken and event.attacker_lost == 3
    # the beaten captain loses a level (L1780); the assault is one of its attacks (L1727)
    assert out.state.piece("hungary", "captain", 1).level == 1  # type: ignore[union-attr]
    assert out.state.war is not None and out.state.war.attacks == {KEY: 1}


def test_no_assault_while_defenders_stand_outside_ex_L1878() -> None:
    """Ex 002 L1878-1882, L1896-1898: 12 VF and a Torre: 2 stand outside, the field battle first."""
    out = assault(game(30, 12, "tower"), "hungary", orders.Assault(T, captains=("captain 1",)), DATA, dice())
    assert isinstance(out, Refused) and "2 VF stand outside the walls" in out.reason


def test_lift_siege_costs_the_captain_a_level_L1966_L1780() -> None:
    """002 L1966, L1780 (R112): the besieger lifts its siege; its captain falls from level 2 to 1.
    Another power's siege, or none, cannot be lifted."""
    state = game(15, 10, "fort").with_siege(T, Siege(territory=T, by="hungary", since=2, captain=1))
    assert isinstance(lift_siege(state, "venice", orders.LiftSiege(T), DATA, None), Refused)
    out = done(lift_siege(state, "hungary", orders.LiftSiege(T), DATA, None))
    assert out.state.sieges == ()
    assert out.state.piece("hungary", "captain", 1).level == 1  # type: ignore[union-attr]
    (event,) = out.events
    assert isinstance(event, SiegeLifted) and event.captain_level == 1


def test_the_handlers_are_keyed_by_order_class() -> None:
    expected = {orders.Siege: siege, orders.Assault: assault, orders.LiftSiege: lift_siege}
    assert dict(SIEGE_HANDLERS) == expected


def sieged(hungary: int, venice: int) -> MedioevoState:
    """Hungary's siege of Venice's Castello in Transilvania, laid last turn: siege turn 2 now."""
    return game(hungary, venice, "castle").with_siege(T, Siege(territory=T, by="hungary", since=2, captain=1))


def test_a_catapult_reduces_a_castle_to_a_fort_in_siege_turn_2_ex_L1972_L1958() -> None:
    """Ex 002 L1972, L1950-1958 (R151, R192): the catapult's 1 takes the Castello to a Fortilizio; of
    25 defenders 20 stay inside and the 5 left outside are fought in the turn's field battle (a 6
    against a 1 takes them all), under the siege's captain. The siege goes on."""
    d = dice(6, 1)
    out = done(continue_siege(sieged(40, 25), "hungary", T, DATA, d))
    assert out.state.territories[T].buildings == ("fort",) and len(out.state.sieges) == 1
    event, battle = out.events
    assert isinstance(event, SiegeGoesOn) and (event.siege_turn, event.level, event.outside) == (2, 2, 5)
    assert isinstance(battle, BattleFought) and battle.lost == {"hungary": 2, "venice": 5}
    assert out.state.territories[T].armies == {"hungary": 38, "venice": 20}
    assert d.rolls[0].purpose == "battle siege transilvania round 1 attacker hungary"


def test_a_siege_without_superiority_is_lifted_by_default_ex_L1982_R112() -> None:
    """Ex 002 L1982-1984, R112: 15 VF against 20 inside: the siege cannot go on and is lifted; the
    captain loses a level (L1780)."""
    out = done(continue_siege(sieged(15, 20), "hungary", T, DATA, dice()))
    assert out.state.sieges == () and out.state.territories[T].buildings == ("castle",)
    assert out.state.piece("hungary", "captain", 1).level == 1  # type: ignore[union-attr]
    assert "15 VF are not more than the 20 besieged" in out.note


def test_the_runner_lays_a_siege_from_a_script_L1908_L1918() -> None:
    """The compressed-mode runner (war/run.py) hands a script's SIEGE step to its handler: the
    siege of ex L1908-1918 is laid, not refused as a step the judge does not run yet."""
    from adjudicator.rulesets.medioevo.war.run import run_scripts

    step = orders.ScriptStep(action=orders.Siege(T, captains=CAP))
    out = run_scripts(game(15, 10, "fort"), {"hungary": [step]}, DATA, dice())
    assert [r.ok for r in out.results] == [True], out.results
    assert out.state.sieges == (Siege(territory=T, by="hungary", since=3, captain=1, route="land"),)


def test_the_siege_s_first_field_battle_beats_the_defenders_outside_ex_L1878_L1914() -> None:
    """Ex 002 L1878-1882, L1914, L1920-1924: 12 VF and a Torre: the 10 inside, 2 outside; the SIEGE
    step fights the 2 first (6 against 1: the 2 are gone, the winner loses half of 2, 1; L1758,
    L1762), then lays the siege on the 10 inside, all as one attack of the captain (L1906)."""
    d = dice(6, 1)
    out = done(siege(game(30, 12, "tower"), "hungary", orders.Siege(T, captains=CAP), DATA, d))
    assert out.state.territories[T].armies == {"hungary": 29, "venice": 10}
    assert out.state.sieges == (Siege(territory=T, by="hungary", since=3, captain=1, route="land"),)
    battle, declared = out.events
    assert isinstance(battle, BattleFought) and battle.lost == {"hungary": 1, "venice": 2}
    assert isinstance(declared, SiegeDeclared) and (declared.vf, declared.besieged) == (29, 10)
    assert d.rolls[0].purpose == f"battle siege {T} round 1 attacker hungary"
    assert out.state.war is not None and out.state.war.attacks == {KEY: 1}


def test_no_siege_while_the_defenders_outside_stand_L1922() -> None:
    """002 L1922-1924: the 12 VF outside a Torre's 10 win every roll by 1 against 3 besiegers who
    fight to the end by their plan (``WITHDRAW BELOW 1``): the besiegers are gone, the captain loses
    a level (L1780), and no siege is laid."""
    laid = orders.Siege(T, captains=CAP, plan="p")
    to_the_end = (orders.PlanLine("p", clauses.Withdraw("BELOW", 1)),)
    out = done(siege(game(3, 22, "tower"), "hungary", laid, DATA, dice(*[5, 6] * 3), to_the_end))
    assert out.state.sieges == () and out.state.territories[T].armies == {"venice": 22}
    (battle,) = out.events
    assert isinstance(battle, BattleFought) and battle.lost["hungary"] == 3
    assert "no siege while defenders stand outside" in out.note
    assert out.state.piece("hungary", "captain", 1).level == 1  # type: ignore[union-attr]


def test_the_siege_s_field_battle_outside_withdraws_by_r100_s_default_L1721_R212() -> None:
    """002 L1721, R100, R212, R221: without a plan the besiegers' field battle outside the walls
    ends as an ATTACK's does: outnumbered (3 against 12) after the first roll, they withdraw with
    the VF left; no siege is laid while the 12 stand outside (L1922)."""
    out = done(siege(game(3, 22, "tower"), "hungary", orders.Siege(T, captains=CAP), DATA, dice(5, 6)))
    (battle,) = out.events
    assert isinstance(battle, BattleFought) and battle.end == "attackers_withdrew"
    assert out.state.sieges == () and out.state.territories[T].armies == {"hungary": 2, "venice": 22}


def test_a_captain_leading_a_siege_lays_no_second_one_elsewhere_L1728() -> None:
    """002 L1728 (R112, R151): a besieging captain "non potrà attaccare nient'altro", and its siege
    goes on turn after turn: in a later turn it may not lay a second siege elsewhere (a 10-turn
    bot game did, then lost the captain with the first siege and left the second without one)."""
    state = game(15, 10, "fort", sieges=(Siege(territory="pest", by="hungary", since=2, captain=1),))
    refused = siege(state, "hungary", orders.Siege(T, captains=CAP), DATA, dice())
    assert isinstance(refused, Refused) and refused.code == "no-captain"
    assert "leads the siege of pest, and nothing else (L1728)" in refused.reason
    free = siege(game(15, 10, "fort"), "hungary", orders.Siege(T, captains=CAP), DATA, dice())
    assert done(free).state.sieges  # the same captain with no siege lays it


def venice_retreats(besieged_by: str | None) -> Done:
    """Hungary storms Venice's Fortilizio in Transilvania with 20 VF for one roll (4 against
    1 + 2): Venice's 10 fall to 9, below its doctrine's ``RETREAT DURING BELOW 10`` there; its own
    Bihar is next door. ``besieged_by``: the route of Hungary's siege, or None."""
    doctrine = DoctrineClause(clause="RETREAT DURING BELOW 10", place=T)
    state = game(20, 10, "fort").evolve(
        territories={**game(20, 10, "fort").territories, "bihar": TerritoryState(owner="venice")}
    )
    state = state.with_power("venice", doctrines=(doctrine,))
    if besieged_by is not None:
        state = state.with_siege(T, Siege(territory=T, by="hungary", since=2, captain=1, route=besieged_by))
    plan = (orders.PlanLine("p", clauses.Withdraw("AFTER", 1)),)
    storm = orders.Assault(T, captains=CAP, plan="p")
    return done(assault(state, "hungary", storm, DATA, dice(4, 1, 1), plan))


def test_no_retreat_by_land_out_of_a_territory_besieged_by_land_L2069_R222() -> None:
    """002 L2069 (R171, R222): under a siege by land Venice's doctrine retreat is not made: its 9
    VF fight on in Transilvania, and Venice alone is told why (its doctrine is private, R115)."""
    out = venice_retreats("land")
    assert out.state.territories[T].armies == {"hungary": 20, "venice": 9}
    assert out.state.territories["bihar"].armies == {}
    (barred,) = [e for e in out.events if isinstance(e, RetreatBarred)]
    assert barred.power == "venice" and "besieged by land: no retreat by land (L2069)" in barred.reason
    assert barred.visibility.allows("venice") and not barred.visibility.allows("hungary")


def test_a_siege_by_sea_leaves_the_land_retreat_open_L2069() -> None:
    """002 L2069 ("stessa cosa via mare"): a siege by sea shuts only the sea side; without a siege,
    or under one by sea, the same doctrine takes Venice's VF to Bihar after the roll, Hungary's
    capture die (1d6 for its level II captain, L2059) taking 1 of them."""
    for route in (None, "sea"):
        out = venice_retreats(route)
        assert out.state.territories["bihar"].armies == {"venice": 8}, route
        assert not [e for e in out.events if isinstance(e, RetreatBarred)]
