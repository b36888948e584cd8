"""A siege's later turns on the game state (war/siege_turns.py ``continue_siege``; seed 002
L1908-2002; rulings R112, R151, R153, R160, R190, R192): the reductions of ex L1972 down to an
assault on what is left, the walls that fall and the final field battle (L1954, L1956), and a
siege by sea broken by the besieged's fleet (ex L1986-1992, R193). Pure: states built by hand, loaded
dice."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, Siege, TerritoryState
from adjudicator.rulesets.medioevo.war import orders
from adjudicator.rulesets.medioevo.war.cargo_state import Done, Refused
from adjudicator.rulesets.medioevo.war.events import BattleFought
from adjudicator.rulesets.medioevo.war.events_conquest import SpoilsTaken
from adjudicator.rulesets.medioevo.war.events_sieges import AssaultFought, SiegeGoesOn, SiegeLifted
from adjudicator.rulesets.medioevo.war.invariants import problems
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.run import run_scripts
from adjudicator.rulesets.medioevo.war.siege_state import attacks_left
from adjudicator.rulesets.medioevo.war.siege_turns import continue_siege
from adjudicator.rulesets.medioevo.war.sieges import assault
from tests.rules.war_battle import declared
from tests.rules.war_states import war_state

DATA = default_dataset()
T = "transilvania"
SEA = "mar_nero_occidentale"
CAPTAIN = Piece(owner="hungary", kind="captain", number=1, level=2, location=T)


def engine(level: int, number: int = 1, owner: str = "hungary", where: str = T, **kw: str) -> Piece:
    return Piece(owner=owner, kind="siege", number=number, level=level, location=where, **kw)


def besieged(hungary: int, venice: int, walls: str, *pieces: Piece) -> MedioevoState:
    """Hungary has besieged Venice's ``walls`` in Transilvania since turn 2, with ``hungary`` VF
    against ``venice``; turn 3 is its second siege turn."""
    territory = TerritoryState(
        owner="venice", armies={"hungary": hungary, "venice": venice}, buildings=(walls,)
    )
    state = war_state(("hungary", "venice"), {T: territory}, [("hungary", "venice")], (CAPTAIN, *pieces))
    return state.with_siege(T, Siege(territory=T, by="hungary", since=2, captain=1))


def dice(*loaded: int) -> Dice:
    return Dice(b"s" * 32, "T3.combat", loaded=list(loaded))


def done(outcome: Done | Refused) -> Done:
    assert isinstance(outcome, Done), outcome
    return outcome


def next_turn(state: MedioevoState) -> MedioevoState:
    return state.evolve(turn=state.turn + 1, war=None)


def test_a_catapult_takes_a_castle_down_to_a_tower_then_the_walls_are_stormed_ex_L1972() -> None:
    """Ex L1972 (L1950-1958, R151, R153, R192): one catapult against a Castello. Siege turn 2: a
    Fortilizio, and the 5 of 25 defenders it no longer holds are beaten in the field; turn 3: a
    Torre, 10 more beaten outside. Then the assault finds only 10 VF inside (L1892) and takes the
    territory, ending the siege (L1679)."""
    state = besieged(40, 25, "castle", engine(1))
    turn2 = done(continue_siege(state, "hungary", T, DATA, dice(6, 1)))
    assert turn2.state.territories[T].buildings == ("fort",)
    assert turn2.state.territories[T].armies == {"hungary": 38, "venice": 20}
    state = next_turn(turn2.state)
    turn3 = done(continue_siege(state, "hungary", T, DATA, dice(6, 1, 6, 1)))
    goes_on = [e for e in turn3.events if isinstance(e, SiegeGoesOn)]
    assert [(e.siege_turn, e.level, e.outside) for e in goes_on] == [(3, 1, 10)]
    assert turn3.state.territories[T].buildings == ("tower",)
    assert turn3.state.territories[T].armies == {"hungary": 34, "venice": 10}
    stormed = done(assault(turn3.state, "hungary", orders.Assault(T), DATA, dice(*[4, 1] * 5)))
    fought, *spoils = stormed.events  # then the spoils, as in the field (L1848, R211)
    assert isinstance(fought, AssaultFought) and fought.taken
    assert spoils and all(isinstance(e, SpoilsTaken) for e in spoils)
    assert (fought.defender_lost, fought.attacker_lost) == (10, 5)
    assert stormed.state.territories[T].owner == "hungary" and stormed.state.sieges == ()


def test_the_siege_turn_is_its_captain_s_action_for_the_turn_L1728_L1729() -> None:
    """L1728-1729: a captain who besieges does so once a turn and attacks nothing else, whatever
    his level: once his siege turn has run he has no attack left (level II notwithstanding), and
    he may still turn his own siege to an assault (L1966, R165)."""
    state = besieged(40, 20, "castle", engine(1))
    assert attacks_left(state, CAPTAIN) == 2
    out = done(continue_siege(state, "hungary", T, DATA, dice()))
    assert attacks_left(out.state, CAPTAIN) == 0
    stormed = assault(out.state, "hungary", orders.Assault(T), DATA, dice(*[4, 1] * 10))
    assert isinstance(stormed, Done) and isinstance(stormed.events[0], AssaultFought)


def test_walls_reduced_to_nothing_then_the_final_field_battle_takes_the_territory_L1956_L1954() -> None:
    """L1956 (MdA add up: a catapult and a trebuchet, 3, against a Castello's 3: not twice, so no
    fall at once), L1954 (the first reduction leaves 0: the walls are removed), L1946 (the final
    field battle against every defender): won, the territory is the besieger's and the siege
    ends (L1679)."""
    state = besieged(30, 10, "castle", engine(1), engine(2, number=2))
    d = dice(6, 1, 6, 1)
    out = done(continue_siege(state, "hungary", T, DATA, d))
    event, battle = out.events
    assert isinstance(event, SiegeGoesOn) and (event.level, event.outside) == (0, 10)
    assert isinstance(battle, BattleFought) and battle.lost["venice"] == 10
    terr = out.state.territories[T]
    assert (terr.owner, terr.buildings, out.state.sieges) == ("hungary", (), ())
    assert "taken (L1679)" in out.note
    assert [r.purpose for r in d.rolls][:2] == [
        "battle siege transilvania round 1 attacker hungary",
        "battle siege transilvania round 1 defender venice",
    ]
    assert all(declared(r.purpose, r.sides) for r in d.rolls)  # docs/war.md §5


def test_a_besieger_beaten_in_the_siege_turn_s_field_battle_ends_the_siege_L1958_R192() -> None:
    """L1958 (R192, R142): 26 VF against a Castello reduced to a Fortilizio; the 5 defenders left
    outside win every roll by 1 until the besiegers are gone. The failed battle costs the captain
    a level (L1780) and the siege ends, lifted in the public events."""
    state = besieged(26, 25, "castle", engine(1))
    out = done(continue_siege(state, "hungary", T, DATA, dice(*[5, 6] * 26)))
    _, battle, lifted = out.events
    assert isinstance(battle, BattleFought) and battle.lost == {"hungary": 26, "venice": 0}
    assert isinstance(lifted, SiegeLifted) and (lifted.captain, lifted.captain_level) == ("captain 1", 1)
    assert out.state.sieges == () and out.state.territories[T].buildings == ("fort",)
    assert problems(out.state, DATA) == []


def test_the_besieged_fleet_from_caffa_breaks_a_siege_by_sea_ex_L1986_L1992() -> None:
    """Ex L1986-1992 (L2002, L2021, R190): Genoa besieges Byzantium's Costantinopoli by sea, its
    galley and trebuchet in the port. Byzantium's captain with 2 galleys come from Caffa's side of
    the Black Sea and attack the besieging fleet in the port: no ramming in a port, the rounds at
    once. The besieger's galley, emptied, is a wreck; its captain and trebuchet go with it (ex
    L1699), so the siege is lifted, nobody commanding it (L1728, R193)."""
    port = "costantinopoli"
    state = war_state(
        ("byzantium", "genoa"),
        {port: TerritoryState(owner="byzantium", armies={"byzantium": 5}, buildings=("castle",))},
        [("genoa", "byzantium")],
        (
            Piece(owner="genoa", kind="galley", number=1, level=1, location=port, vf=11),
            Piece(owner="genoa", kind="captain", number=1, level=1, location=port, aboard="galley/1"),
            engine(2, owner="genoa", where=port, aboard="galley/1"),
            Piece(
                owner="byzantium", kind="galley", number=1, level=1, location="mar_nero_occidentale", vf=10
            ),
            Piece(
                owner="byzantium", kind="galley", number=2, level=1, location="mar_nero_occidentale", vf=10
            ),
            Piece(
                owner="byzantium",
                kind="captain",
                number=1,
                level=2,
                location="mar_nero_occidentale",
                aboard="galley/1",
            ),
        ),
    ).with_siege(port, Siege(territory=port, by="genoa", since=2, captain=1, route="sea"))
    line = f"NAVAL ATTACK genoa IN {port} FROM galley 1, galley 2 WITH captain 1"
    sub = parse_war_lines(state, "byzantium", [(1, line)], DATA, strict=False)
    assert not sub.issues, sub.issues
    d = dice(*[6, 1] * 3)
    out = run_scripts(state, {"byzantium": sub.orders}, DATA, d)
    assert out.results[0].ok, out.results
    assert d.rolls[0].purpose == "battle 1 round 1 attacker byzantium"  # no ramming in port (L2021)
    assert [w.was for w in out.state.wrecks] == ["genoa galley 1"]
    assert out.state.pieces_of("genoa") == ()  # its captain and trebuchet went with it (R193)
    assert "genoa loses captain 1 with galley 1, engine 1 with galley 1 (R193)" in out.results[0].note
    assert problems(out.state, DATA) == []
    (lifted,) = [e for e in out.events if isinstance(e, SiegeLifted)]
    assert (lifted.power, lifted.territory) == ("genoa", port) and out.state.sieges == ()
