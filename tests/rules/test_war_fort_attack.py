"""ATTACK on a fortified territory (seed 002 L1870-1924, L2023, L1661, L1846; R100, R211): the
plan's ``FORT`` clause hands the attacking force to the siege or the assault
(``war/fort_attack.py``), its entry paid first; a siege's or assault's conquest holds the
territory with 1 VF and takes the spoils as a field conquest does. Pure: states built by hand,
scripts through ``run_scripts``, dice loaded."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, Siege, TerritoryState
from adjudicator.rulesets.medioevo.war.events import BattleFought
from adjudicator.rulesets.medioevo.war.events_conquest import BarbariansAppear, SpoilsTaken
from adjudicator.rulesets.medioevo.war.events_sieges import AssaultFought, SiegeDeclared
from adjudicator.rulesets.medioevo.war.fortress import Garrison, split_garrison
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.records import DoctrineClause, WarTurn
from adjudicator.rulesets.medioevo.war.run import RunOutcome, run_scripts
from adjudicator.rulesets.medioevo.war.siege_field import field_battle
from adjudicator.rulesets.medioevo.war.siege_state import defenders
from tests.rules.war_states import war_state

DATA = default_dataset()
T = "transilvania"
ATTACK = "ATTACK transilvania FROM cart 1 WITH captain 1"


def game(cart_vf: int, venice: int, walls: str, engine: bool = True) -> MedioevoState:
    """Hungary's level I war cart at Bihar with ``cart_vf`` VF, captain 1 (level II) and, with
    ``engine``, a catapult aboard; Venice holds Transilvania with ``venice`` VF and ``walls``."""
    aboard = {"location": "bihar", "aboard": "war_wagon/1", "owner": "hungary", "number": 1}
    pieces = [
        Piece(owner="hungary", kind="war_wagon", number=1, level=1, location="bihar", vf=cart_vf),
        Piece(kind="captain", level=2, **aboard),  # type: ignore[arg-type]
    ]
    if engine:
        pieces.append(Piece(kind="siege", level=1, **aboard))  # type: ignore[arg-type]
    territories = {
        "pest": TerritoryState(owner="hungary"),
        "bihar": TerritoryState(owner="hungary"),
        T: TerritoryState(owner="venice", armies={"venice": venice}, buildings=(walls,)),
    }
    return war_state(("hungary", "venice"), territories, [("hungary", "venice")], pieces, war=WarTurn())


def run(state: MedioevoState, script: str, *loaded: int) -> RunOutcome:
    lines = list(enumerate(script.strip().splitlines(), 1))
    sub = parse_war_lines(state, "hungary", lines, DATA, strict=False)
    assert not sub.issues, sub.issues
    return run_scripts(state, {"hungary": sub.orders}, DATA, Dice(b"f" * 32, "T3.war", loaded=list(loaded)))


def cart(state: MedioevoState) -> Piece:
    piece = state.piece("hungary", "war_wagon", 1)
    assert piece is not None
    return piece


def test_by_default_the_attack_lays_a_siege_from_the_transports_L1924_L1661() -> None:
    """R100's ``FORT SIEGE ELSE STOP`` (L1924): 15 VF fighting and a catapult against 10 in a
    Fortilizio: the cart enters Transilvania, its entry paid (L1661), and the siege is laid from it
    under captain 1, whose action of the turn it is (L1728)."""
    out = run(game(16, 10, "fort"), ATTACK)
    assert [r.ok for r in out.results] == [True], out.results
    assert cart(out.state).location == T and out.state.war is not None
    assert out.state.war.spent.get("hungary/war_wagon/1", 0) > 0
    assert out.state.sieges == (Siege(territory=T, by="hungary", since=3, captain=1, route="land"),)
    assert [type(e) for e in out.events] == [SiegeDeclared]
    assert "transilvania is fortified (FORT SIEGE ELSE STOP): siege:" in out.results[0].note


def test_without_an_engine_the_default_stops_before_the_walls_L1924() -> None:
    """L1924: no siege without an engine; R100's default then stops: the step is refused and the
    cart stays at Bihar with its PM."""
    state = game(16, 10, "fort", engine=False)
    out = run(state, ATTACK)
    (result,) = out.results
    assert not result.ok and result.reason is not None and result.reason.code == "fortified"
    assert (
        "no siege:" in result.reason.message and "the attack stops before the walls" in result.reason.message
    )
    assert cart(out.state).location == "bihar" and out.state.war == state.war


def test_fort_stop_never_goes_to_the_walls() -> None:
    """``FORT STOP`` (L2023: the attacker decides): refused, nothing moves or is spent."""
    out = run(game(16, 10, "fort"), f"PLAN p FORT STOP\n{ATTACK} PLAN p")
    (result,) = out.results
    assert result.reason is not None and "says FORT STOP" in result.reason.message
    assert cart(out.state).location == "bihar"


def test_fort_assault_storms_a_tower_and_holds_it_with_1_vf_L1898_L1904_L1846() -> None:
    """``FORT ASSAULT``: 10 VF fighting against 2 in a Torre: 1d4 = 4 against 1d6 = 1 + 1; the
    defenders are gone, the territory is Hungary's (L1904); 1 VF comes off the cart to hold it
    (L1846) and the tower is conquered with it (L1848, R100)."""
    out = run(game(11, 2, "tower"), f"PLAN p FORT ASSAULT\n{ATTACK} PLAN p", 4, 1)
    assert [r.ok for r in out.results] == [True], out.results
    fought, spoils = out.events
    assert isinstance(fought, AssaultFought) and fought.taken and fought.attacker_lost == 1
    assert isinstance(spoils, SpoilsTaken) and "tower conquered" in spoils.summary()
    terr = out.state.territories[T]
    assert terr.owner == "hungary" and terr.armies == {"hungary": 1} and terr.buildings == ("tower",)
    assert cart(out.state).location == T and cart(out.state).vf == 11 - 1 - 1
    assert out.state.war is not None and (T, "hungary", 1) in out.state.war.arrivals


def test_siege_else_assault_fights_the_defenders_outside_then_storms_ex_L1878_L1896() -> None:
    """``FORT SIEGE ELSE ASSAULT`` without an engine (no siege, L1924): 12 VF and a Torre, 10 inside
    and 2 outside (ex L1878); the 2 are beaten in the field first (L1896-1898), then the walls are
    stormed, all as one attack of the captain (L1906)."""
    state = game(31, 12, "tower", engine=False)
    out = run(state, f"PLAN p FORT SIEGE ELSE ASSAULT\n{ATTACK} PLAN p", 6, 1, *[4, 1] * 10)
    assert [r.ok for r in out.results] == [True], out.results
    assert [type(e) for e in out.events][:2] == [BattleFought, AssaultFought]
    assert out.state.territories[T].owner == "hungary"
    assert out.state.war is not None and out.state.war.attacks == {"hungary/captain/1": 1}


def test_a_siege_s_field_battle_that_takes_the_territory_holds_it_L1679_L1846() -> None:
    """L1679, L1958, L1846: the walls gone, the besiegers aboard their cart beat the last defender:
    the territory is theirs and 1 VF comes down from the cart to hold it."""
    state = game(6, 1, "tower")
    moved = state.with_territory(T, buildings=())
    moved = moved.evolve(pieces=tuple(p.model_copy(update={"location": T}) for p in moved.pieces))
    record = Siege(territory=T, by="hungary", since=2, captain=1)
    after, events, words = field_battle(
        moved, "hungary", record, "venice", 0, DATA, Dice(b"f" * 32, "T3.war", loaded=[6, 1])
    )
    assert "taken" in words and isinstance(events[0], BattleFought)
    assert after.territories[T].owner == "hungary" and after.territories[T].armies == {"hungary": 1}
    assert cart(after).vf == 5


def test_barbarian_walls_are_besieged_once_the_barbarians_rise_ex_L2476_L1643_R220() -> None:
    """Ex 002 L2476 ("una Torre dei Barbari"), L1643-1645, R220: barbarian land behind walls is
    besieged as a power's: the barbarians rise behind their Tower first, then the attack's force
    lays the siege (15 VF against them, a catapult), recorded against nobody's territory."""
    state = game(16, 0, "tower").with_territory(T, owner=None, armies={})
    out = run(state, ATTACK)
    assert [r.ok for r in out.results] == [True], out.results
    risen, laid = out.events
    assert isinstance(risen, BarbariansAppear) and risen.vf == 1  # hungary's kingdom is played (L1645)
    assert isinstance(laid, SiegeDeclared) and laid.owner == "barbarians" and laid.besieged == risen.vf
    assert out.state.sieges == (Siege(territory=T, by="hungary", since=3, captain=1, route="land"),)
    assert out.state.territories[T].armies == {"barbarians": risen.vf}


def test_barbarian_walls_hold_their_barbarians_first_then_their_helpers_L1826_L1830() -> None:
    """002 L1826-1832 (R220): behind barbarian walls the barbarians stand first inside, then the
    powers whose doctrine there helps them (``HELP BARBARIANS YES``), up to the Tower's 10 VF; the
    rest stand outside for a field battle (L1832). A power that does not help them is no defender."""
    helping = DoctrineClause(clause="HELP BARBARIANS YES", place=T)
    state = game(16, 0, "tower").with_territory(T, owner=None, armies={"barbarians": 2, "venice": 9})
    assert defenders(state, "hungary", T, DATA) == (Garrison("barbarians", 2, True),)
    state = state.with_power("venice", doctrines=(helping,))
    held = defenders(state, "hungary", T, DATA)
    assert held == (Garrison("barbarians", 2, True), Garrison("venice", 9))
    split = split_garrison(held, 1)
    assert split.inside == (Garrison("barbarians", 2, True), Garrison("venice", 8))
    assert split.outside == (Garrison("venice", 1),)


def test_an_attack_that_storms_the_walls_keeps_its_plan_s_occupy_and_taken_L1846_L1852_R221() -> None:
    """002 L1846, L1848-1852 (R100, R221): the ATTACK that turns into an assault (``FORT ASSAULT``)
    conquers by the rest of its plan, not R100's defaults: ``OCCUPY 3`` puts 3 VF down off the cart
    and ``TAKEN fortification DESTROY`` pulls the Tower down (1d4 = 4 against 1d6 = 1 + 1)."""
    plan = "PLAN p FORT ASSAULT\nPLAN p OCCUPY 3\nPLAN p TAKEN fortification DESTROY"
    out = run(game(11, 2, "tower"), f"{plan}\n{ATTACK} PLAN p", 4, 1)
    assert [r.ok for r in out.results] == [True], out.results
    terr = out.state.territories[T]
    assert terr.owner == "hungary" and terr.armies == {"hungary": 3} and terr.buildings == ()
    assert cart(out.state).vf == 11 - 1 - 3
    spoils = next(e for e in out.events if isinstance(e, SpoilsTaken))
    assert "tower destroyed" in spoils.summary()
