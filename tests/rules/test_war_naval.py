"""Naval war through the compressed-mode runner (war/run.py, war/naval_attack.py, war/access.py;
docs/war.md §4.4): the ramming of ex L2037-L2041, a guest fleet attacked in port (L2021, ex
L2043), blockades met while moving (L2031-L2033, ex L2047; R117, R155, A-27). Pure: states built by
hand, scripts read by ``parse_war_lines``, dice loaded."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pacts import Pact, PactKind
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, PowerState, TerritoryState
from adjudicator.rulesets.medioevo.war.events import BattleFought
from adjudicator.rulesets.medioevo.war.invariants import problems
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.run import RunOutcome, run_scripts

DATA = default_dataset()
POWERS = ("genoa", "venice", "sicily", "byzantium")


def ship(owner: str, number: int, where: str, vf: int, level: int = 1, kind: str = "galley") -> Piece:
    return Piece(owner=owner, kind=kind, number=number, level=level, location=where, vf=vf)


def captain(owner: str, where: str, level: int = 2, aboard: str = "galley/1") -> Piece:
    return Piece(owner=owner, kind="captain", number=1, level=level, location=where, aboard=aboard)


def game(
    *pieces: Piece, wars: tuple[tuple[str, str], ...] = (("genoa", "venice"),), **kw: Any
) -> MedioevoState:
    """Genoa and Venice at war; Sicily holds Sicilia (a port on three seas)."""
    territories = {"sicilia": TerritoryState(owner="sicily"), **kw.pop("territories", {})}
    return MedioevoState(
        ruleset="medioevo",
        ruleset_version="1",
        game="g",
        turn=3,
        powers={p: PowerState(kingdom=p, florins=0, honor=10) for p in POWERS},
        territories=territories,
        wars=wars,
        turn_order=POWERS,
        pieces=pieces,
        **kw,
    )


def run(state: MedioevoState, loaded: list[int], **scripts: str) -> tuple[RunOutcome, Dice]:
    parsed = {}
    for power, text in scripts.items():
        lines = list(enumerate(text.strip().splitlines(), 1))
        sub = parse_war_lines(state, power, lines, DATA, strict=False)
        assert not sub.issues, sub.issues
        parsed[power] = sub.orders
    dice = Dice(seed=b"war-naval-test", namespace="T3.combat", loaded=list(loaded))
    return run_scripts(state, parsed, DATA, dice), dice


def fought(out: RunOutcome) -> list[BattleFought]:
    return [e for e in out.events if isinstance(e, BattleFought)]


def reasons(out: RunOutcome) -> list[str]:
    return [r.reason.message if r.reason else "" for r in out.results]


def test_the_ramming_of_ex_L2037_green_galley_iii_against_blue_L2010() -> None:
    """Ex L2037-L2041 (L2010, L2014): green's level III galley with 40 VF attacks blue's merchant
    ship guarded by a level I galley with 25 VF. Both ram with 1d4 and roll 2: green sinks 5 (2 +
    the galley's 3), blue 3 (2 + 1); the merchant does not ram (only galleys, L2010). Then the
    rounds (a tie here, and green breaks off by its plan, L1721). Losses stay off the ships, each
    keeping 1 VF (L1683, R102)."""
    sea = "mar_tirreno_meridionale"
    state = game(
        ship("genoa", 1, sea, 40, level=3),
        captain("genoa", sea),
        ship("venice", 1, sea, 24),
        ship("venice", 1, sea, 1, kind="merchant"),
    )
    out, dice = run(
        state,
        [2, 2, 3, 3],
        genoa="PLAN sea WITHDRAW AFTER 1\n"
        f"NAVAL ATTACK venice IN {sea} FROM galley 1 WITH captain 1 PLAN sea",
    )
    assert out.results[0].ok, out.results
    assert [(r.purpose, r.sides) for r in dice.rolls] == [
        ("battle 1 ram attacker genoa galley 1", 4),
        ("battle 1 ram defender venice galley 1", 4),
        ("battle 1 round 1 attacker genoa", 6),
        ("battle 1 round 1 defender venice", 6),
    ]
    (battle,) = fought(out)
    assert battle.lost == {"genoa": 3, "venice": 5}
    assert battle.end == "attackers_withdrew"
    green = out.state.piece("genoa", "galley", 1)
    assert green is not None and (green.vf, green.location) == (37, sea)
    assert sorted(p.vf for p in out.state.pieces_of("venice")) == [1, 19]
    assert problems(out.state, DATA) == []


def test_a_guest_fleet_is_attacked_in_port_without_ramming_ex_L2043() -> None:
    """Ex L2043 (L2021, R190): Genoa has a Passage pact with Sicily, which holds Palermo's island
    (Sicilia), where Venice's fleet lies. Genoa declares war on Venice, sails into the port and
    fights at once: no ramming in a port, the first die is the first round's. Venice's galley,
    left without VF, is a wreck (L1683); Genoa's galley holds the port."""
    pact = Pact(id=1, kind=PactKind.PACT, parties=("genoa", "sicily"), made=1)
    state = game(
        ship("genoa", 1, "mare_di_calabria", 10, level=2),
        captain("genoa", "mare_di_calabria"),
        ship("venice", 1, "sicilia", 4),
        wars=(),
        pacts=(pact,),
    )
    out, dice = run(
        state, [6, 1], genoa="WAR venice\nNAVAL ATTACK venice IN sicilia FROM galley 1 WITH captain 1"
    )
    assert [r.ok for r in out.results] == [True, True], out.results
    assert [r.purpose for r in dice.rolls] == [
        "battle 1 round 1 attacker genoa",
        "battle 1 round 1 defender venice",
    ]
    (battle,) = fought(out)
    assert (battle.winner, battle.lost["venice"]) == ("attacker", 4)
    assert [w.was for w in out.state.wrecks] == ["venice galley 1"]
    genoese = out.state.piece("genoa", "galley", 1)
    assert genoese is not None and genoese.location == "sicilia"
    assert out.state.war is not None and out.state.war.spent["genoa/galley/1"] == 1  # into port (L1669)


@pytest.mark.parametrize(
    ("owner", "why"),
    [
        (
            "venice",
            "venice's ships are at home in Sicilia: attack the port and its settlement (ATTACK sicilia)",
        ),
        (None, "Sicilia's port is the barbarians': attack Sicilia itself (ATTACK sicilia)"),
        ("sicily", "Sicilia is sicily's, who grants genoa no passage"),
    ],
)
def test_ships_in_their_own_port_or_a_closed_one_are_reached_through_the_port_L2021(
    owner: str | None, why: str
) -> None:
    """L2021 (R190): to attack ships docked in a port one attacks the port and its settlement, even
    in the barbarians' hands; only a guest fleet may be attacked alone, by whoever the port's owner
    lets pass. The refusal rolls nothing and spends nothing."""
    state = game(
        ship("genoa", 1, "mare_di_calabria", 10, level=2),
        captain("genoa", "mare_di_calabria"),
        ship("venice", 1, "sicilia", 4),
        territories={"sicilia": TerritoryState(owner=owner)},
    )
    out, dice = run(state, [6, 1], genoa="NAVAL ATTACK venice IN sicilia FROM galley 1 WITH captain 1")
    assert not out.results[0].ok and why in reasons(out)[0]
    assert dice.rolls == [] and out.state.pieces == state.pieces


def test_red_holding_tracia_and_misia_shuts_the_dardanelli_ex_L2047() -> None:
    """Ex L2047 (L2031, R132, R155): Byzantium holds Tracia and Misia: Venice's galley cannot sail
    from the Mar di Marmara into the Aegean, and is told why and what opens it; with a Passage
    pact, or once Venice holds Misia, it passes."""
    shores = {"tracia": TerritoryState(owner="byzantium"), "misia": TerritoryState(owner="byzantium")}
    galley = ship("venice", 1, "mar_di_marmara", 3)
    script = "MOVE galley 1 VIA mar_egeo_settentrionale"
    shut, _ = run(game(galley, territories=shores), [], venice=script)
    assert reasons(shut) == [
        "step 1 not made: the Dardanelli is closed: byzantium holds Tracia and Misia (L2031); a "
        "Passage pact with byzantium, or one of the two shores, opens it"
    ]
    pact = Pact(id=1, kind=PactKind.PACT, parties=("venice", "byzantium"), made=1)
    with_pact, _ = run(game(galley, territories=shores, pacts=(pact,)), [], venice=script)
    broken = {**shores, "misia": TerritoryState(owner="venice")}
    shore_taken, _ = run(game(galley, territories=broken), [], venice=script)
    for out in (with_pact, shore_taken):
        moved = out.state.piece("venice", "galley", 1)
        assert out.results[0].ok and moved is not None and moved.location == "mar_egeo_settentrionale"


def test_an_active_blockade_stops_a_fleet_which_may_then_fight_it_R117_L2033() -> None:
    """L2033 (A-27, R117): Venice's two galleys in the Mar Ionio blockade it against Sicily, at
    war: Sicily's single galley cannot sail through and is told why; it sails in and stops, its
    captain attacks the blockade (ramming first, L2010), and once the Venetians are sunk the way
    on is open."""
    venetians = (ship("venice", 1, "mar_ionio", 1), ship("venice", 2, "mar_ionio", 1))
    state = game(
        ship("sicily", 1, "mare_di_calabria", 12, level=3),
        captain("sicily", "mare_di_calabria"),
        *venetians,
        wars=(("sicily", "venice"),),
    )
    through, _ = run(state, [], sicily="MOVE galley 1 VIA mar_ionio, mar_ionio_meridionale")
    assert reasons(through) == [
        "step 1 not made: galley 1 must stop in Mar Ionio: venice blockade Mar Ionio with 2 galley(s) "
        "against 1 (L2033): the fleet stops there and must fight to pass (R117)"
    ]
    out, dice = run(
        state,
        [4, 1, 1],
        sicily="""
MOVE galley 1 VIA mar_ionio
NAVAL ATTACK venice IN mar_ionio FROM galley 1 WITH captain 1
MOVE galley 1 VIA mar_ionio_meridionale
NAVAL ATTACK venice IN mar_ionio FROM galley 1 WITH captain 1
""",
    )
    assert [r.ok for r in out.results] == [True, True, True, False], out.results
    assert dice.rolls[0].purpose == "battle 1 ram attacker sicily galley 1"
    assert (fought(out)[0].winner, fought(out)[0].lost["venice"]) == ("attacker", 2)
    assert {w.was for w in out.state.wrecks} == {"venice galley 1", "venice galley 2"}
    galley = out.state.piece("sicily", "galley", 1)
    assert galley is not None and galley.location == "mar_ionio_meridionale"
    assert "has no ships with VF aboard" in reasons(out)[3]


def test_a_captain_leads_no_more_naval_attacks_than_his_level_L1727() -> None:
    """L1727, L1778: a level I captain leads one attack a turn, even once the first has raised him
    to level II; a second naval attack under him is refused before any die is rolled."""
    sea = "mar_tirreno_meridionale"
    state = game(
        ship("genoa", 1, sea, 30, level=3),
        captain("genoa", sea, level=1),
        ship("venice", 1, sea, 5),
        ship("venice", 2, "mar_tirreno_settentrionale", 5),
    )
    out, dice = run(
        state,
        [4, 1, 6, 1, 6, 1],
        genoa=f"""
PLAN sea WITHDRAW AFTER 1
NAVAL ATTACK venice IN {sea} FROM galley 1 WITH captain 1 PLAN sea
NAVAL ATTACK venice IN mar_tirreno_settentrionale FROM galley 1 WITH captain 1
""",
    )
    assert [r.ok for r in out.results] == [True, False], out.results
    promoted = out.state.piece("genoa", "captain", 1)
    assert promoted is not None and promoted.level == 2
    assert out.results[1].reason is not None and out.results[1].reason.code == "no-attacks"
    assert "captain 1 has led all its attacks this turn (L1727)" in reasons(out)[1]
    assert len(dice.rolls) == 2  # the first attack's ramming only


def test_galleys_do_not_fight_in_a_landing_L2019() -> None:
    """L2019: galleys take no part in land battles, not even when armies land from a fleet on a
    coast: Genoa's level III galley lands its VF on Sicily's Sicilia; no ramming, no bonus for
    the galley's level, the field battle's d6 against d6."""
    state = game(
        ship("genoa", 1, "mare_di_calabria", 12, level=3),
        captain("genoa", "mare_di_calabria"),
        wars=(("genoa", "sicily"),),
        territories={"sicilia": TerritoryState(owner="sicily", armies={"sicily": 3})},
    )
    out, dice = run(state, [6, 1], genoa="ATTACK sicilia FROM galley 1 WITH captain 1")
    assert out.results[0].ok, out.results
    assert [(r.purpose, r.sides) for r in dice.rolls] == [
        ("battle 1 round 1 attacker genoa", 6),
        ("battle 1 round 1 defender sicily", 6),
    ]
    (battle,) = fought(out)
    assert battle.rounds[0].startswith("Round 1: genoa d6 6 = 6 against sicily d6 1 = 1")
    assert out.state.territories["sicilia"].owner == "genoa"
