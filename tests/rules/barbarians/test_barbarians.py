"""The barbarians' sub-phase (seed 002 L2304-2374): targets, battles, the ladder, the levy, the
captains and the ships, each on the seed's examples (the board's ids where the example's land
is not as printed)."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.barbarians import buildup, levy, phase, ships, targets
from adjudicator.rulesets.medioevo.barbarians.battles import raid
from adjudicator.rulesets.medioevo.barbarians.news import BarbarianAttack, BarbariansConquer
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import BARBARIANS
from tests.rules.calamities.board import DATA, board, land


def dice(*values: int) -> Dice:
    return Dice(seed=b"barbarian tests", namespace="T5.events", loaded=list(values))


def captain(place: str, level: int, number: int = 1, aboard: str | None = None) -> Piece:
    return Piece(owner=BARBARIANS, kind="captain", number=number, level=level, location=place, aboard=aboard)


def test_the_kingdom_first_then_the_weakest():
    """ex L2296-2298: 6 barbarian VF in Paflagonia, 5 mamluk VF in each of Ponto, Cappadocia and
    Cilicia: they attack Cappadocia, of their own Sultanato di Rum, with 5 VF (L2320)."""
    state = board(
        {"mamluks": ()},
        {
            "paflagonia": land(vf=6),
            "ponto": land("mamluks", vf=5),
            "cappadocia": land("mamluks", vf=5),
            "cilicia": land("mamluks", vf=5),
        },
    )
    assert targets.plan(state, DATA, dice()) == (
        targets.Raid("paflagonia", "cappadocia", 5, "1 VF over its supply limit"),
    )


def test_over_supply_attacks_the_weaker_of_the_kingdom():
    """ex L2282: 7 VF on a plain of limit 5 attack; of the two missing territories of their kingdom,
    the weaker (red, 5 VF) rather than yellow's 10 (L2312)."""
    state = board(
        {"red": (), "yellow": ()},
        {"fez": land(vf=7), "tafilalt": land("yellow", vf=10), "tingitana": land("red", vf=5)},
    )
    (chosen,) = targets.plan(state, DATA, dice())
    assert (chosen.target, chosen.vf, chosen.why) == ("tingitana", 6, "2 VF over its supply limit")


def test_stronger_than_a_neighbour_attacks_and_one_attack_a_target():
    """L2310, L2318, ex L2288-2290: Georgia's 5 barbarian VF attack Circassia's 4 golden_horde VF;
    Alania's 3 would too, but a territory is attacked once a turn: the one with more VF."""
    state = board(
        {"golden_horde": ("legge",)},
        {"georgia": land(vf=5), "alania": land(vf=3), "circassia": land("golden_horde", vf=2)},
    )
    raids = targets.plan(state, DATA, dice())
    assert [(r.origin, r.target, r.vf) for r in raids] == [("georgia", "circassia", 4)]


def test_no_attack_on_a_stronger_neighbour_within_supply():
    """L2308-2310: 5 VF within the limit do not attack 5 VF."""
    state = board({"golden_horde": ()}, {"georgia": land(vf=5), "circassia": land("golden_horde", vf=5)})
    assert targets.plan(state, DATA, dice()) == ()


def test_a_won_battle_takes_the_land_and_makes_a_captain():
    """L2320-2322, L2352: the barbarians win, keep the Village and Tower, destroy the Cathedral and
    the Fair, move in with what is left (1 VF stays home) and get a level-I Captain."""
    state = board(
        {"mamluks": ()},
        {
            "paflagonia": land(vf=9),
            "cappadocia": land("mamluks", "village", "cathedral", "agricultural_fair", vf=2),
        },
    )
    plan = targets.Raid("paflagonia", "cappadocia", 8, "8 VF against 2")
    # round 1: barbarians 6, mamluks 1 -> the mamluks lose all (5 > their 2 VF)
    state, told = raid(state, plan, dice(6, 1), DATA)
    fought = next(e for e in told if isinstance(e, BarbarianAttack))
    assert fought.won and fought.lost["mamluks"] == 2
    taken = state.territories["cappadocia"]
    left = 8 - fought.lost[BARBARIANS]
    assert taken.owner is None and taken.armies == {BARBARIANS: left} and taken.buildings == ("village",)
    assert state.territories["paflagonia"].armies == {BARBARIANS: 1}
    assert [e.destroyed for e in told if isinstance(e, BarbariansConquer)] == [
        ("Cattedrale", "Fiera agricola")
    ]
    assert [(p.level, p.location) for p in state.pieces if p.owner == BARBARIANS] == [(1, "cappadocia")]


def test_a_beaten_attack_leaves_one_vf_home():
    """L2320: beaten, the attacking VF are lost; the one at home stays."""
    state = board({"mamluks": ()}, {"paflagonia": land(vf=3), "cappadocia": land("mamluks", vf=2)})
    state, _ = raid(state, targets.Raid("paflagonia", "cappadocia", 2, "x"), dice(1, 6), DATA)
    assert state.territories["paflagonia"].armies == {BARBARIANS: 1}
    assert state.territories["cappadocia"].owner == "mamluks"


def test_the_ladder_replaces_the_tower_with_a_fort():
    """ex L2300-2302: over its supply, no power next to it, a Village and a Tower: a Fortilizio."""
    state = board({}, {"londra": land(None, "village", "tower", vf=25)})
    state, told = buildup.ladder(state, dice(), DATA)
    assert state.territories["londra"].buildings == ("village", "fort")
    assert [e.step for e in told] == [3]


def test_the_levy_of_a_captain_and_of_a_held_kingdom():
    """ex L2370-2372: 1 Archer (2 VF) and a level-II Captain, in a kingdom the blue player holds
    in part and borders: 3 VF more."""
    state = board(
        {"blue": ()},
        {"paflagonia": land(vf=2), "cappadocia": land("blue", vf=5)},
        pieces=[captain("paflagonia", 2)],
    )
    state, _ = levy.levy(state, DATA)
    assert state.territories["paflagonia"].armies == {BARBARIANS: 5}


def test_lithuania_levies_three_and_keeps_fifteen():
    """ex L2374: 14 VF and a level-III Captain in Lituania with a Fortilizio, among barbarians: the
    levy of 3 passes the limit of 15 and 2 leave at the end of the Events (L2348); the ladder's
    Village adds nothing before the positioning (L1538)."""
    state = board({}, {"lituania": land(None, "fort", vf=14)}, pieces=[captain("lituania", 3)])
    state, _ = phase.resolve(state, dice(), DATA)
    assert state.territories["lituania"].armies == {BARBARIANS: 15}


def test_a_galley_past_its_capacity_splits():
    """ex L2364: 19 VF and a level-II Captain aboard; the levy of 2 makes 21: a second Galley with
    a level-I Captain, 11 and 10 VF."""
    galley = Piece(owner=BARBARIANS, kind="galley", number=1, level=1, location="mar_ionio", vf=19)
    state = board({}, {}, pieces=[galley, captain("mar_ionio", 2, aboard="galley/1")])
    state, _ = levy.levy(state, DATA)
    boats = sorted((p.number, p.vf) for p in state.pieces if p.kind == "galley")
    crews = sorted((p.level, p.aboard) for p in state.pieces if p.kind == "captain")
    assert boats == [(1, 11), (2, 10)] and crews == [(1, "galley/2"), (2, "galley/1")]


def test_the_ship_die_fits_the_directions():
    """L2340: 5 directions, a d6; 8, a d8 (ex L1424); a result past them is rolled again."""
    assert (ships.die_for(5), ships.die_for(8), ships.die_for(4)) == (6, 8, 4)
    galley = Piece(owner=BARBARIANS, kind="galley", number=1, level=1, location="mar_ionio", vf=5)
    state = board({"byzantium": ()}, {"peloponneso": land("byzantium", vf=9)}, pieces=[galley])
    ways = ships.directions(state, galley, DATA)
    assert len(ways) < ships.die_for(len(ways))  # so a result past them can be rolled
    state, told = ships.move(state, galley, "byzantium", dice(len(ways) + 1, 1), DATA)
    assert state.pieces[0].location == ways[0] and told[0].roll == 1


def test_a_pirate_landing_takes_the_land():
    """L2344-2346, ex L1426: the ship lands on a power's coast, conquers it, its Captain is promoted
    and the ship leaves the map."""
    galley = Piece(owner=BARBARIANS, kind="galley", number=1, level=1, location="mar_ionio", vf=8)
    state = board(
        {"byzantium": ()},
        {"peloponneso": land("byzantium", vf=1)},
        pieces=[galley, captain("mar_ionio", 1, aboard="galley/1")],
    )
    ways = ships.directions(state, galley, DATA)
    pick = ways.index("peloponneso") + 1
    state, _ = ships.move(state, galley, "byzantium", dice(pick, 6, 1), DATA)
    assert state.territories["peloponneso"].owner is None
    assert [(p.kind, p.level, p.location) for p in state.pieces] == [("captain", 2, "peloponneso")]


def test_a_weaker_army_in_barbarian_land_is_attacked():
    """L2308: mamluk armies may stand in barbarian land while not fewer than the barbarians; 3 VF
    among 6 are attacked by 5 (1 stays, L2320), beaten, and the mamluk Captain there is lost."""
    chief = Piece(owner="mamluks", kind="captain", number=1, level=1, location="paflagonia")
    state = board({"mamluks": ()}, {"paflagonia": land(vf={BARBARIANS: 6, "mamluks": 3})}, pieces=[chief])
    after, told = phase.attacks(state, dice(6, 1), DATA)
    fought = next(e for e in told if isinstance(e, BarbarianAttack))
    assert (fought.target, fought.defender, fought.vf, fought.won) == ("paflagonia", "mamluks", 5, True)
    assert "mamluks" not in after.territories["paflagonia"].armies
    assert [(p.owner, p.level) for p in after.pieces] == [(BARBARIANS, 1)]
    even = board({"mamluks": ()}, {"paflagonia": land(vf={BARBARIANS: 6, "mamluks": 6})})
    assert phase.attacks(even, dice(), DATA)[1] == ()


def test_the_gm_places_barbarians():
    """A GM edit sets barbarian VF in any territory (for scenarios of L2304-2374)."""
    from adjudicator.rulesets.medioevo.edits import EditError, apply_edit

    state = apply_edit(board({"mamluks": ()}, {}), "PLACE barbarians 5 IN Georgia", DATA)
    assert state.territories["georgia"].armies == {BARBARIANS: 5}
    assert apply_edit(state, "PLACE barbarians -5 IN Georgia", DATA).territories["georgia"].armies == {}
    try:
        apply_edit(state, "PLACE barbarians -6 IN Georgia", DATA)
    except EditError as why:
        assert "-1 VF" in str(why)
    else:
        raise AssertionError("left -1 VF")


def test_the_barbarians_take_a_capital():
    """L2071-2079 (R113) with the barbarians as conqueror: Hungary's capital Pest falls; its
    tribute of 10 % is lost and the capital moves to its largest settlement left."""
    state = board(
        {"hungary": ()},
        {
            "austria": land(vf=9),
            "pest": land("hungary", "city", vf=1),
            "bihar": land("hungary", "town", vf=9),
        },
    )
    state = state.with_power("hungary", florins=500)
    state, told = raid(state, targets.Raid("austria", "pest", 8, "x"), dice(6, 1), DATA)
    assert state.territories["pest"].owner is None and any("moves to bihar" in e.summary() for e in told)
    assert state.powers["hungary"].florins == 450 and state.powers["hungary"].capital == "bihar"
