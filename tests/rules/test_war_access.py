"""Who may move where, and the judge's own paths (seed 002 L1568-1574, L1628-1630, L2031-2033,
L2208, L2308; rulings R120-R125, the blockades R131-R132, R155), on the shipped europe1250 board."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.medioevo.dataset import DataSet, default_dataset
from adjudicator.rulesets.medioevo.war.movement import (
    cheapest_path,
    check_path,
    forced_exit,
    reachable,
)
from adjudicator.rulesets.medioevo.war.transport import Cargo, Relations
from tests.rules.war_movers import mover, world

WAR = Relations(wars=frozenset({frozenset({"hungary", "bohemia"})}))


@pytest.fixture(scope="module")
def data() -> DataSet:
    return default_dataset()


def test_only_a_transport_with_its_owners_armies_moves(data: DataSet) -> None:
    """002 L1628: at least 1 VF of the owner's colour aboard; an ally's VF do not do; L1630: a
    transport nobody owns cannot move."""
    w = world(data)
    empty = mover("war_wagon", "pest", vf=0)
    assert check_path(w, empty, ["bihar"]).reason == (
        "cart 1 carries no VF of hungary's: a transport moves only with its owner's armies aboard (L1628)"
    )
    allied = mover("war_wagon", "pest", vf=0, cargo=Cargo(armies={"poland": 10}))
    assert not cheapest_path(w, allied, "bihar").ok
    assert check_path(w, mover("war_wagon", "pest", vf=1), ["bihar"]).ok
    nobody = mover("war_wagon", "pest", ownerless=True)
    assert "has no owner" in check_path(w, nobody, ["bihar"]).reason


def test_territories_that_refuse_a_move(data: DataSet) -> None:
    """R120: own and barbarian land may be entered (L2308), a neutral power's only with its
    passage (L2031, L2208), an enemy's never by a move: it is attacked (L1655)."""
    owners: dict[str, str | None] = {"pest": "hungary", "austria": "bohemia", "slovacchia": "poland"}
    cart = mover("war_wagon", "pest")
    neutral = check_path(world(data, owners), cart, ["slovacchia"])
    assert neutral.reason == "Slovacchia is poland's, who grants hungary no passage (L2031, L2208)"
    passage = Relations(passage=frozenset({("hungary", "poland")}))
    assert check_path(world(data, owners, relations=passage), cart, ["slovacchia"]).ok
    enemy = check_path(world(data, owners, relations=WAR), cart, ["austria"])
    assert enemy.reason == (
        "Austria is bohemia's, at war with hungary: it is taken by an attack, not a move (L1655)"
    )
    assert check_path(world(data, owners), cart, ["bihar"]).ok  # nobody's: barbarian land


def test_the_judge_goes_round_a_closed_territory(data: DataSet) -> None:
    """R120, R125: the cheapest legal path avoids a neutral power's land and says which it took."""
    w = world(data)
    cart = mover("war_wagon", "pest", level=3)
    direct = cheapest_path(w, cart, "boemia")
    assert direct.path == ("pest", "austria", "boemia")
    closed = world(data, {"austria": "bohemia"})
    detour = cheapest_path(closed, cart, "boemia")
    assert detour.ok and "austria" not in detour.path and detour.cost > direct.cost
    assert check_path(closed, cart, detour.path).cost == detour.cost


def test_cheapest_path_ties(data: DataSet) -> None:
    """R125: Bihar to Slavonia costs 3 PM across the Danubio either way (L1584, L1588); the judge
    takes the path with fewer steps, then the one whose node ids come first (Banato before Pest)."""
    w = world(data)
    cart = mover("war_wagon", "bihar")
    one = check_path(w, cart, ["banato", "slavonia"])
    other = check_path(w, cart, ["pest", "slavonia"])
    assert one.cost == other.cost == 3
    assert cheapest_path(w, cart, "slavonia").path == ("bihar", "banato", "slavonia")
    assert cheapest_path(w, cart, "slavonia") == cheapest_path(w, cart, "slavonia")


def test_a_path_too_long_for_the_pm_left(data: DataSet) -> None:
    """002 L1624, L1634: the cheapest path is named with its cost when the PM left fall short."""
    cart = mover("war_wagon", "bihar", spent=5)
    check = cheapest_path(world(data), cart, "slavonia")
    assert not check.ok
    assert check.reason == "the cheapest path, Bihar - Banato - Slavonia, costs 3 PM; cart 1 has 2 left"


def test_reachable_lists_every_place_within_the_pm_left(data: DataSet) -> None:
    """002 L1624: what the order template offers: every place and its cheapest cost, within PM."""
    cart = mover("war_wagon", "bihar", spent=5)
    places = reachable(world(data), cart)
    assert places["banato"].cost == 1 and places["pest"].cost == 2
    assert "transilvania" not in places and "slavonia" not in places
    assert all(p.cost <= 2 and p.ok for p in places.values())


def test_forced_exit_after_a_declaration_of_war(data: DataSet) -> None:
    """002 L1568-1574, L2208, R124: a transport standing in a territory of a power now at war with
    its owner must get out; it may cross that power's other territories to do so; if it cannot it
    is eliminated (the caller's part, L1570)."""
    ring = ("boemia", "slesia", "slovacchia", "austria", "baviera", "misnia")
    owners: dict[str, str | None] = {t: "bohemia" for t in ring}
    owners["pest"] = "hungary"
    w = world(data, owners, relations=WAR)
    cart = mover("war_wagon", "boemia", spent=3)
    out = forced_exit(w, cart)
    assert out.ok and len(out.path) == 3 and out.path[1] in ring and out.path[2] not in ring
    assert check_path(w, cart, out.path).ok  # the same path, judged: crossing bohemia's land is allowed
    assert not check_path(w, mover("war_wagon", "pest"), ["slovacchia"]).ok  # but not entering it
    inside = check_path(w, cart, [out.path[1]])  # nor ending the move inside it
    assert not inside.ok and "must end outside it (L1568-1574, L2208)" in inside.reason
    assert not cheapest_path(w, cart, out.path[1]).ok
    assert all(owners.get(n) != "bohemia" for n in reachable(w, cart))
    stuck = forced_exit(w, cart.model_copy(update={"spent": 6}))
    assert not stuck.ok
    assert stuck.reason == "cart 1 cannot get out of bohemia's territories with 1 PM (L1570, L1574)"
    home = forced_exit(world(data, owners, relations=WAR), mover("war_wagon", "pest"))
    assert (home.ok, home.cost) == (True, 0)


def test_passive_blockade_of_the_dardanelli(data: DataSet) -> None:
    """002 L2031, ex L2047: whoever holds Tracia and Misia closes the Dardanelli to every other
    power without his passage, allies included (digest A-27, R132); taking one shore opens it."""
    owners: dict[str, str | None] = {"tracia": "byzantium", "misia": "byzantium"}
    galley = mover("galley", "mar_di_marmara", owner="venice")
    shut = check_path(world(data, owners), galley, ["mar_egeo_settentrionale"])
    assert shut.reason == (
        "the Dardanelli is closed: byzantium holds Tracia and Misia (L2031); a Passage pact with "
        "byzantium, or one of the two shores, opens it"
    )
    passage = Relations(passage=frozenset({("venice", "byzantium")}))
    assert check_path(world(data, owners, relations=passage), galley, ["mar_egeo_settentrionale"]).ok
    broken = {**owners, "misia": "venice"}
    assert check_path(world(data, broken), galley, ["mar_egeo_settentrionale"]).ok
    own = mover("galley", "mar_di_marmara", owner="byzantium")
    assert check_path(world(data, owners), own, ["mar_egeo_settentrionale"]).ok


def test_the_bosforo_closes_between_the_black_sea_and_marmara_L2031(data: DataSet) -> None:
    """L2031 (R155): whoever holds Costantinopoli and Misia closes the Bosforo to every other power,
    its allies too, unless they have a Passage pact; barbarians close nothing (A-27)."""
    owners: dict[str, str | None] = {"costantinopoli": "byzantium", "misia": "byzantium"}
    galley = mover("galley", "mar_nero_occidentale", owner="genoa")
    path = ["mar_di_marmara", "mar_egeo_settentrionale"]
    assert check_path(world(data, owners), galley, path).reason.startswith("the Bosforo is closed")
    passage = Relations(passage=frozenset({("genoa", "byzantium")}))
    assert check_path(world(data, {**owners, "tracia": "byzantium"}, relations=passage), galley, path).ok
    barbarians = {"costantinopoli": "barbarians", "misia": "barbarians", "tracia": "barbarians"}
    assert check_path(world(data, barbarians), galley, path).ok
    assert check_path(world(data, {}), galley, path).ok


def test_active_blockade_stops_a_weaker_fleet(data: DataSet) -> None:
    """002 L2033, digest A-27, R131: enemy galleys in a zone stop a fleet with no more galleys than
    theirs: it may end its move there, not go through; a larger fleet passes."""
    wars = Relations(wars=frozenset({frozenset({"sicily", "venice"})}))
    fleets = {"mar_ionio": {"venice": 2}}
    w = world(data, relations=wars, fleets=fleets)
    galley = mover("galley", "mare_di_calabria", owner="sicily", level=3)
    stop = check_path(w, galley, ["mar_ionio"])
    assert stop.ok and stop.steps[-1].stop
    through = check_path(w, galley, ["mar_ionio", "mar_ionio_meridionale"])
    assert through.reason == (
        "galley 1 must stop in Mar Ionio: venice blockade Mar Ionio with 2 galley(s) against 1 "
        "(L2033): the fleet stops there and must fight to pass (R117)"
    )
    equal = galley.model_copy(update={"fleet_galleys": 2})  # "superiore": as many is not enough
    assert not check_path(w, equal, ["mar_ionio", "mar_ionio_meridionale"]).ok
    fleet = galley.model_copy(update={"fleet_galleys": 3})
    assert check_path(w, fleet, ["mar_ionio", "mar_ionio_meridionale"]).ok
    at_peace = world(data, fleets=fleets)
    assert check_path(at_peace, galley, ["mar_ionio", "mar_ionio_meridionale"]).ok
    around = cheapest_path(w, galley, "mar_ionio_meridionale")
    assert around.ok and "mar_ionio" not in around.path[1:-1]


def test_a_ship_docks_only_where_it_may_stay(data: DataSet) -> None:
    """Ex 002 L1434: no port of a power without a pact that lets the ship dock; a barbarian port
    takes it (L2308); an ally's with passage too (ex L2043)."""
    galley = mover("galley", "canale_di_sicilia", owner="mamluks")
    closed = world(data, {"sicilia": "sicily"})
    assert "grants mamluks no passage" in check_path(closed, galley, ["sicilia"]).reason
    assert check_path(world(data), galley, ["tunisi"]).ok
    passage = Relations(passage=frozenset({("mamluks", "sicily")}))
    assert check_path(world(data, {"sicilia": "sicily"}, relations=passage), galley, ["sicilia"]).ok
