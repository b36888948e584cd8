"""Retreat, conquest, blockades and supply as pure calculators (seed 002 L1679-1685, L1844-1862,
L2025-2083, L2235-2278), with every example of these sections. ``war/retreat.py``,
``war/conquest.py``, ``war/supply_war.py`` (the blockades: test_war_access.py)."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.board import Terrain
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, PowerState, TerritoryState
from adjudicator.rulesets.medioevo.war.conquest import (
    Fate,
    capital_tribute,
    dispose,
    eliminated,
    elimination,
    goods_fate,
    new_capital,
    occupation_refusal,
    protected,
    spoils,
)
from adjudicator.rulesets.medioevo.war.retreat import (
    Neighbour,
    Retreat,
    Timing,
    capture,
    default_split,
    neighbours,
    options,
    retreat_cost,
    split_check,
)
from adjudicator.rulesets.medioevo.war.siege import Route
from adjudicator.rulesets.medioevo.war.supply_war import Arrival, end_of_phase, joint_taker, trim

DATA = default_dataset()
BOARD = DATA.board


def dice(*loaded: int) -> Dice:
    return Dice(b"r" * 32, "T3.war", loaded=list(loaded))


def state(**territories: TerritoryState) -> MedioevoState:
    """A bare board with the given territories (no technologies: the examples count none)."""
    terrs = {t: TerritoryState() for t in BOARD.territories} | territories
    return MedioevoState(
        ruleset="medioevo",
        ruleset_version="test",
        game="g",
        powers={
            "mamluks": PowerState(kingdom="mamluks", florins=0),
            "red": PowerState(kingdom="x", florins=0),
        },
        territories=terrs,
    )


# --- retreat (L2057-2069)


def test_retreat_before_the_battle_gives_the_attacker_1_po_and_keeps_the_transports_open_L2059_L2063() -> (
    None
):
    """L2059, L2063: before the first round the attacker gains 1 PO; the defender may leave aboard
    transports not yet moved, or into adjacent territories."""
    r = Retreat(
        "mamluks", "djerba", 5, Timing.BEFORE, (Neighbour("tripolitania", "mamluks"),), unmoved_ships=1
    )
    opts = options(r)
    assert opts.by_land == ("tripolitania",) and opts.by_ship
    cost = retreat_cost(dice(), "attack djerba", Timing.BEFORE, 5, attacker_captain=2)
    assert (cost.attacker_po, cost.captured, cost.captain_levels_lost) == (1, 0, 0)


def test_retreat_during_the_battle_costs_captured_vf_and_a_captain_level_L2059_L2065() -> None:
    """L2059-2065: once the battle has begun the attacker rolls 1d4/1d6/1d8 by his Captain's level
    and captures that many fleeing VF (A-20); the retreating Captain loses a level; only adjacent
    territories are open."""
    d = dice(5)
    cost = retreat_cost(d, "attack djerba", Timing.DURING, 3, attacker_captain=2)
    assert (cost.roll, cost.captured, cost.captain_levels_lost, cost.attacker_po) == (5, 3, 1, 0)
    assert [(r.purpose, r.sides) for r in d.rolls] == [("attack djerba retreat capture", 6)]
    r = Retreat(
        "mamluks", "djerba", 5, Timing.DURING, (Neighbour("tripolitania", "mamluks"),), unmoved_ships=2
    )
    opts = options(r)
    assert opts.by_land == ("tripolitania",) and not opts.by_ship


def test_one_capture_roll_for_the_battle_and_the_retreat_cost_L2059() -> None:
    """L2059 (A-20, R141): the capture die follows the attacking Captain's level, 1d4/1d6/1d8; an
    attack without a Captain rolls the d4 and a level over III the d8 (``battle.fight`` and
    ``retreat_cost`` share ``capture``); the VF taken are at most those fleeing."""
    d = dice(4, 8)
    assert capture(d, "battle 1 round 2 capture blue", 3, 0) == (4, 3)
    assert capture(d, "x", 9, 5) == (8, 8)
    assert [(r.purpose, r.sides) for r in d.rolls] == [("battle 1 round 2 capture blue", 4), ("x", 8)]
    cost = retreat_cost(dice(2), "attack djerba", Timing.DURING, 5, attacker_captain=0)
    assert (cost.roll, cost.captured) == (2, 2)


def test_no_retreat_by_land_from_a_land_siege_nor_by_sea_from_a_sea_siege_L2069() -> None:
    """L2069: no retreat by land out of a territory besieged by land; the same by sea; the reason
    is given in words when nothing is left."""
    near = (Neighbour("bizacena", "red"), Neighbour("tripolitania", "red"))
    land = options(Retreat("red", "tunisi", 8, Timing.BEFORE, near, siege=Route.LAND, unmoved_ships=1))
    assert land.by_land == () and land.by_ship
    both = options(Retreat("red", "tunisi", 8, Timing.BEFORE, near, siege=Route.BOTH, unmoved_ships=1))
    assert not both.possible
    assert "besieged by land" in both.reason() and "besieged by sea" in both.reason()


def test_where_a_beaten_side_may_go_A21() -> None:
    """A-21 (R156): its own land, the land of powers that grant it passage, barbarian land where it
    is not outnumbered; never anyone else's."""
    owners = {"tripolitania": "mamluks", "ghadames": "red", "bizacena": "blue"}
    near = neighbours(BOARD, "djerba", owners, {"zab": 9, "wargla": 2})
    opts = options(Retreat("mamluks", "djerba", 4, Timing.DURING, near, welcome=frozenset({"red"})))
    assert set(opts.by_land) == {"tripolitania", "ghadames", "wargla"}
    refused = dict(opts.refused)
    assert "held by blue" in refused["bizacena"] and "9 barbarian VF" in refused["zab"]
    retreat = Retreat("mamluks", "djerba", 4, Timing.DURING, near, welcome=frozenset({"red"}))
    assert default_split(retreat, opts) == {"tripolitania": 4}
    assert split_check(retreat, {"tripolitania": 2, "ghadames": 2}, opts) is None
    assert "bizacena" in (split_check(retreat, {"bizacena": 4}, opts) or "")
    assert "not the 4" in (split_check(retreat, {"tripolitania": 3}, opts) or "")


def test_retreating_vf_beyond_the_supply_are_lost_at_the_end_of_combat_ex_L2053() -> None:
    """Ex L2053-2055 (L2067): the Mamluk retreats 5 VF from Djerba into Tripolitania, where 5 VF
    stand and no Torre: the 5 retreating VF are lost. With a Torre (limit 10) they stay; then the 10
    retreat from Tripolitania into Leptis Magna (5 VF and a Torre, limit 10): at the end of Combat
    5 VF are lost."""
    bare = state(tripolitania=TerritoryState(owner="mamluks", armies={"mamluks": 10}))
    (lost,) = end_of_phase(bare, DATA, {"tripolitania": [Arrival("mamluks", 5)]})
    assert (lost.territory, lost.limit, lost.removed) == ("tripolitania", 5, (("mamluks", 5),))
    towered = state(
        tripolitania=TerritoryState(owner="mamluks", armies={"mamluks": 10}, buildings=("tower",))
    )
    assert end_of_phase(towered, DATA, {"tripolitania": [Arrival("mamluks", 5)]}) == ()
    leptis = state(
        tripolitania=TerritoryState(owner="mamluks", buildings=("tower",)),
        leptis_magna=TerritoryState(owner="mamluks", armies={"mamluks": 15}, buildings=("tower",)),
    )
    (lost,) = end_of_phase(leptis, DATA, {"leptis_magna": [Arrival("mamluks", 10)]})
    assert (lost.territory, lost.limit, lost.excess) == ("leptis_magna", 10, 5)


# --- supply (L2235-2272)


def test_a_forest_with_a_town_and_a_tower_holds_30_ex_L2276() -> None:
    """Ex L2276-2278 (L2239-2262): a forest (5) with a Borgo (+20) and a Torre (+5) holds 30; 35 VF
    there are 5 over, removed at the end (unless moved away)."""
    forest = next(t for t, v in BOARD.territories.items() if v.terrain is Terrain.FOREST and v.supply == 5)
    full = state(**{forest: TerritoryState(owner="red", armies={"red": 35}, buildings=("town", "tower"))})
    (over,) = end_of_phase(full, DATA)
    assert (over.limit, over.present, over.removed) == (30, 35, (("red", 5),))


def test_the_last_arrived_go_first_then_guests_then_the_owner_L2239_A33() -> None:
    """A-31, A-33 (R157): one limit for every army there; the last arrivals go first, then guests,
    then the owner."""
    cut = trim(
        "x", 10, {"red": 6, "blue": 5, "green": 4}, [Arrival("blue", 2), Arrival("green", 1)], owner="red"
    )
    assert cut.removed == (("green", 1), ("blue", 4))
    assert trim("x", 10, {"red": 12}, owner="red").removed == (("red", 2),)
    assert trim("x", 10, {"red": 9}).removed == ()


def test_a_territory_taken_together_goes_to_who_removed_the_last_defenders_L2272() -> None:
    """L2272: to the power that eliminated the last defenders; if it declines, as the others
    agree, otherwise by lot."""
    assert joint_taker(dice(), "crusade", "red", True, ["red", "blue", "green"]) == "red"
    assert joint_taker(dice(), "crusade", "red", False, ["red", "blue", "green"], agreed="green") == "green"
    d = dice(1)
    assert joint_taker(d, "crusade", "red", False, ["red", "blue", "green"]) == "blue"
    assert d.rolls[0].purpose == "crusade lot" and d.rolls[0].sides == 2


# --- conquest (L1679-1685, L1844-1862, L2071-2083)


def test_a_conquered_territory_is_occupied_by_at_least_1_vf_L1846() -> None:
    assert occupation_refusal(5, 0) is not None and "at least 1 VF" in (occupation_refusal(5, 0) or "")
    assert occupation_refusal(5, 1) is None
    assert occupation_refusal(2, 3) is not None


def test_destroy_the_captain_and_caravans_sack_the_cathedral_keep_the_town_ex_L1856() -> None:
    """Ex L1856 (L1848-1855): the winner destroys the Captain and the caravans (+1 PO each, L2427-
    2431), sacks the Cathedral (half of 1000 florins) and conquers the civil building."""
    pieces = [
        Piece(owner="blue", kind=CAPTAIN, number=1, level=2, location="x"),
        Piece(owner="blue", kind="caravan", number=1, level=1, location="x"),
        Piece(owner="blue", kind="caravan", number=2, level=2, location="x", goods=1),
    ]
    found = spoils(DATA, ("town", "cathedral"), "blue", pieces)
    assert [(s.label, s.value) for s in found] == [
        ("town", 200),
        ("cathedral", 1000),
        ("captain 1", 200),
        ("caravan 1", 100),
        ("caravan 2", 200),  # 150 + 50 for its white disc
    ]
    choices = {
        "captain 1": Fate.DESTROY,
        "caravan 1": Fate.DESTROY,
        "caravan 2": Fate.DESTROY,
        "cathedral": Fate.SACK,
    }
    taken = dispose(found, choices)
    assert [t.fate for t in taken] == [Fate.CONQUER, Fate.SACK, Fate.DESTROY, Fate.DESTROY, Fate.DESTROY]
    assert sum(t.po for t in taken) == 3 and sum(t.florins for t in taken) == 500


def test_captains_cannot_be_conquered_and_caps_limit_conquests_L1854() -> None:
    """L1854: Captains cannot be conquered; the LT caps bound transports and MdA (R158: sacked)."""
    pieces = [
        Piece(owner="blue", kind=CAPTAIN, number=1, level=1, location="x"),
        Piece(owner="blue", kind="galley", number=1, level=1, location="x"),
        Piece(owner="blue", kind="galley", number=2, level=3, location="x"),
    ]
    taken = dispose(spoils(DATA, (), "blue", pieces), {}, room={"galley": 1})
    assert [(t.fate, t.florins) for t in taken] == [(Fate.SACK, 50), (Fate.CONQUER, 0), (Fate.SACK, 150)]
    assert "cannot be conquered" in taken[0].note and "LT cap" in taken[2].note


def test_a_conqueror_at_its_cap_destroys_or_sacks_ex_L1836() -> None:
    """Ex L1836: a winner of LT II who already owns 2 caravans must destroy or sack the ones he
    takes: sacked by default, destroyed (+1 PO) when his plan says so."""
    caravans = [Piece(owner="blue", kind="caravan", number=n, level=1, location="x") for n in (1, 2)]
    found = spoils(DATA, (), "blue", caravans)
    assert [t.fate for t in dispose(found, {}, room={"caravan": 0})] == [Fate.SACK, Fate.SACK]
    wrecked = dispose(found, {}, room={"caravan": 0}, fallback=Fate.DESTROY)
    assert [(t.fate, t.po) for t in wrecked] == [(Fate.DESTROY, 1), (Fate.DESTROY, 1)]
    assert "destroyed" in wrecked[0].note


def test_barbarian_pieces_give_no_po_but_a_level_3_captain_L1852() -> None:
    """L1852: the barbarians' buildings, transports and MdA give no PO; a level III Captain 1."""
    pieces = [
        Piece(owner="barbarians", kind=CAPTAIN, number=1, level=3, location="x"),
        Piece(owner="barbarians", kind=CAPTAIN, number=2, level=2, location="x"),
        Piece(owner="barbarians", kind="galley", number=1, level=1, location="x"),
    ]
    found = spoils(DATA, ("tower",), "barbarians", pieces)
    taken = dispose(found, {s.label: Fate.DESTROY for s in found})
    assert [t.po for t in taken] == [0, 1, 0, 0]


def test_at_sea_each_ship_needs_1_vf_L1683_ex_L1699() -> None:
    """L1683-1685: a defender with 3 ships and 2 VF protects only 2; the third is ownerless and
    may be occupied. Ex L1699-1701: the last VF stays where the owner chooses."""
    assert protected(["galley 1", "merchant 1", "galley 2"], 2) == (("galley 1", "merchant 1"), ("galley 2",))
    assert protected(["merchant 1", "galley 1"], 1) == (("merchant 1",), ("galley 1",))


def test_goods_of_a_taken_transport_L1862() -> None:
    """L1862: goods of a destroyed or sacked commercial transport are dropped on land; at sea only
    the winner's merchantmen in the zone may load them, else they are lost."""
    assert goods_fate(Fate.SACK, at_sea=False, winner_merchant_here=False) == "dropped"
    assert goods_fate(Fate.DESTROY, at_sea=True, winner_merchant_here=True) == "winner_may_load"
    assert goods_fate(Fate.DESTROY, at_sea=True, winner_merchant_here=False) == "lost"
    assert goods_fate(Fate.CONQUER, at_sea=True, winner_merchant_here=False) == "conquered"


def test_a_capital_taken_gives_10_percent_and_the_victim_picks_another_L2071_L2079() -> None:
    """L2073-2079 (A-44): 10 % of the victim's florins, rounded down; the new capital is its
    largest settlement by default, none if it has none."""
    assert capital_tribute(1234) == 123
    assert new_capital({"b": 2, "a": 2, "c": 1}) == "a"
    assert new_capital({}) is None


def test_the_last_territory_and_transport_gone_eliminate_the_power_L2083() -> None:
    """L2083: the eliminating power takes every Empire card, the technologies it lacks, all florins."""
    assert eliminated(0, 0) and not eliminated(0, 1)
    heir = elimination(["arciere"], ["strategia", "legge"], 340, heir_techs=["legge"])
    assert (heir.cards, heir.techs, heir.florins) == (("arciere",), ("strategia",), 340)
