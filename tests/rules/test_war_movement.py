"""Movement of transports as a pure calculator (seed 002 L1560-1671; rulings R120-R134), on the
shipped europe1250 board."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.medioevo.dataset import DataSet, default_dataset
from adjudicator.rulesets.medioevo.war.loading import Load, check_load, check_unload
from adjudicator.rulesets.medioevo.war.movement import cheapest_path, check_path, moved, step_cost
from adjudicator.rulesets.medioevo.war.transport import Cargo, stats
from tests.rules.war_movers import mover, pm, why, world


@pytest.fixture(scope="module")
def data() -> DataSet:
    return default_dataset()


# ---- statistics -------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["galley", "war_wagon"])
@pytest.mark.parametrize(("level", "pm", "capacity"), [(1, 7, 20), (2, 8, 30), (3, 9, 40)])
def test_war_transports_by_level(data: DataSet, kind: str, level: int, pm: int, capacity: int) -> None:
    """002 L1632-1637 (and L850-855): capacity 20/30/40 VF, 7/8/9 PM."""
    s = stats(data, mover(kind, "pest", level=level))
    assert (s.pm, s.army_capacity, s.goods_capacity, s.role) == (pm, capacity, 0, "military")


@pytest.mark.parametrize("kind", ["merchant", "caravan"])
@pytest.mark.parametrize(("level", "pm", "goods"), [(1, 6, 10), (2, 7, 20), (3, 8, 30)])
def test_commercial_transports_by_level(data: DataSet, kind: str, level: int, pm: int, goods: int) -> None:
    """002 L2095-2100 (6/7/8 PM, 10/20/30 goods) and L840-845 (10 VF of armies)."""
    s = stats(data, mover(kind, "pest", level=level))
    assert (s.pm, s.goods_capacity, s.army_capacity, s.role) == (pm, goods, 10, "commercial")


def test_technologies_add_movement(data: DataSet) -> None:
    """002 L1639, L857: the galley +1 each for TESSITURA, ASTRONOMIA, CARTOGRAFIA (ex L880: a
    level II galley with all three has 11 PM); the cart for STRADE, CARTOGRAFIA, LOGISTICA; a sea
    technology does nothing on land (R130). Ex L3096 (CARTOGRAFIA: merchant I 7 PM), ex L3098 (STRADE:
    caravan I 7 PM)."""
    sea = frozenset({"tessitura", "astronomia", "cartografia"})
    land = frozenset({"strade", "cartografia", "logistica"})
    assert stats(data, mover("galley", "pest", level=2, techs=sea)).pm == 11
    assert stats(data, mover("war_wagon", "pest", techs=land)).pm == 10
    assert stats(data, mover("war_wagon", "pest", techs=frozenset({"tessitura", "astronomia"}))).pm == 7
    assert stats(data, mover("merchant", "sicilia", techs=frozenset({"cartografia"}))).pm == 7
    assert stats(data, mover("caravan", "pest", techs=frozenset({"strade"}))).pm == 7


def test_customisation_discs(data: DataSet) -> None:
    """002 L859-861, ex L884: a level III galley with +3 PM and +30 armies: 12 PM, 70 VF."""
    s = stats(data, mover("galley", "sicilia", level=3, pm=3, armies=3))
    assert (s.pm, s.army_capacity) == (12, 70)
    assert stats(data, mover("merchant", "sicilia", goods=1)).goods_capacity == 20


# ---- land costs -------------------------------------------------------------------------------


def test_terrain_costs_the_territory_entered(data: DataSet) -> None:
    """002 L1584-1590, L1624: plain 1, mountain 3 (STRADE 2, L1592, L3070), hill 2; desert 1 for
    a caravan, 2 for a war cart; the territory left costs nothing."""
    w = world(data)
    cart = mover("war_wagon", "bihar")
    assert pm(w, cart, "bihar", "banato") == 1
    assert pm(w, cart, "bihar", "transilvania") == 3
    assert pm(w, cart, "transilvania", "bihar") == 1
    roads = mover("war_wagon", "bihar", techs=frozenset({"strade"}))
    assert pm(w, roads, "bihar", "transilvania") == 2
    assert pm(w, cart, "giudea", "transgiordania") == 2
    caravan = mover("caravan", "giudea")
    assert pm(w, caravan, "giudea", "transgiordania") == 1
    assert pm(w, caravan, "transgiordania", "giudea") == 2


def test_rivers_and_straits(data: DataSet) -> None:
    """002 L1580 (a river or strait still joins two territories), L1587 (a strait 3 PM, flat and
    not lowered by STRADE: R122), L1588 (a river +1, 0 with STRADE: L1592, L3070, ex L3098)."""
    w = world(data)
    cart = mover("war_wagon", "pest")
    river = pm(w, cart, "pest", "bihar")
    assert (river, why(w, cart, "pest", "bihar")) == (2, "plain, across the Danubio")
    roads = mover("war_wagon", "pest", techs=frozenset({"strade"}))
    assert pm(w, roads, "pest", "bihar") == 1
    strait = pm(w, cart, "sicilia", "campania")
    assert (strait, why(w, cart, "sicilia", "campania")) == (3, "across the Stretto di Messina")
    assert pm(w, roads, "sicilia", "campania") == 3
    assert isinstance(step_cost(w, cart, "pest", "transilvania"), str)


def test_a_path_too_dear_is_refused_in_words(data: DataSet) -> None:
    """002 L1624, L1586: Bihar to Transilvania costs 3 PM; a cart with 1 PM left cannot."""
    cart = mover("war_wagon", "bihar", spent=6)
    check = check_path(world(data), cart, ["bihar", "transilvania"])
    assert not check.ok
    assert check.reason == "Bihar to Transilvania (mountain): 3 PM, cart 1 has 1 left"
    ok = check_path(world(data), cart.model_copy(update={"spent": 4}), ["transilvania"])
    assert (ok.ok, ok.cost, ok.left) == (True, 3, 0)


# ---- sea costs --------------------------------------------------------------------------------


def test_palermo_to_tunis(data: DataSet) -> None:
    """Ex 002 L3094 (ASTRONOMIA, L3060): leaving the port of Palermo and entering the port of Tunis
    costs 4 PM (out of port 1 + open sea 2 + into port 1), 3 with ASTRONOMIA (R123)."""
    w = world(data)
    plain = cheapest_path(w, mover("merchant", "sicilia", owner="sicily"), "tunisi")
    assert (plain.ok, plain.path, plain.cost) == (True, ("sicilia", "canale_di_sicilia", "tunisi"), 4)
    astro = mover("merchant", "sicilia", owner="sicily", techs=frozenset({"astronomia"}))
    assert cheapest_path(w, astro, "tunisi").cost == 3


def test_coastal_sea_costs_one(data: DataSet) -> None:
    """002 L1667-1668: a coastal zone 1 PM (Mare di Calabria), an open one 2 (Mar Ionio)."""
    galley = mover("galley", "mare_di_calabria", owner="sicily")
    w = world(data)
    assert pm(w, galley, "mar_ionio", "mare_di_calabria") == 1
    assert pm(w, galley, "mare_di_calabria", "mar_ionio") == 2
    assert pm(w, galley, "mare_di_calabria", "campania") == 1
    refused = step_cost(w, galley, "mare_di_calabria", "puglia")
    assert refused == "a ship cannot go from Mare di Calabria to Puglia"


def test_a_ship_enters_only_a_port(data: DataSet) -> None:
    """002 L1667, L2398-2400: Giudea has no port until a distant port is placed there (ex L2386)."""
    ship = mover("merchant", "mare_d_egitto", owner="mamluks")
    assert not cheapest_path(world(data), ship, "giudea").ok
    with_port = world(data, distant_ports=frozenset({"giudea"}))
    assert cheapest_path(with_port, ship, "giudea").cost == 1


def test_spices_from_damascus_to_palermo(data: DataSet) -> None:
    """Ex 002 L2122: a level I caravan (6 PM) carries spices from Damasco to Alessandria (5 PM)
    and unloads them in the city for 1 PM; a merchant ship with TESSITURA loads them at
    Alessandria for 1 PM and reaches the port of Palermo thanks to ASTRONOMIA. The example gives
    the ship 7 PM; ASTRONOMIA's own +1 (L1639, L3062) makes 8 (R133): it arrives either way."""
    owners: dict[str, str | None] = {
        t: "mamluks" for t in ("damasco", "palestina", "egitto", "alessandria", "giudea")
    }
    owners["transgiordania"] = None
    w = world(data, owners, settlements=frozenset({"alessandria", "damasco"}))
    caravan = mover("caravan", "damasco", owner="mamluks", vf=1).model_copy(
        update={"cargo": Cargo(armies={"mamluks": 1}, goods=10)}
    )
    trip = cheapest_path(w, caravan, "alessandria")
    assert (trip.ok, trip.cost) == (True, 5)
    unload = check_unload(w, moved(caravan, trip), Load(goods=10), "alessandria")
    assert (unload.ok, unload.cost, unload.left) == (True, 1, 0)
    sea_techs = frozenset({"tessitura", "astronomia"})
    ship = mover("merchant", "alessandria", owner="mamluks", vf=1, techs=sea_techs)
    loaded = check_load(w, ship, Load(goods=10), "alessandria")
    assert (loaded.ok, loaded.cost) == (True, 1)
    assert loaded.mover is not None
    voyage = cheapest_path(w, loaded.mover, "sicilia")
    assert voyage.ok and voyage.cost == 6 and voyage.cost <= 7 - 1


# ---- the examples of L1560-1578 and L1675 -------------------------------------------------------


def test_move_unload_and_move_on(data: DataSet) -> None:
    """Ex 002 L1578: a transport with 6 PM moves 3 PM, unloads goods at a settlement for 1 PM and
    moves 2 PM more; nothing is left for a third."""
    w = world(data, settlements=frozenset({"banato"}))
    caravan = mover("caravan", "pest").model_copy(update={"cargo": Cargo(armies={"hungary": 5}, goods=10)})
    first = check_path(w, caravan, ["bihar", "banato"])  # river 2 + plain 1
    assert (first.ok, first.cost) == (True, 3)
    unload = check_unload(w, moved(caravan, first), Load(goods=10), "banato")
    assert (unload.ok, unload.cost) == (True, 1)
    assert unload.mover is not None
    second = check_path(w, unload.mover, ["pest", "slavonia"])
    assert (second.ok, second.cost, second.left) == (True, 2, 0)
    third = check_path(w, moved(unload.mover, second), ["croazia"])
    assert not third.ok and third.reason.endswith("caravan 1 has 0 left")


def test_load_move_attack_move(data: DataSet) -> None:
    """Ex 002 L1560 (load, move, attack, move, attack again) and L1659-1661 (the attack spends
    the PM to enter the target): the PM add up over the phase, in any order (L1600)."""
    w = world(data, {"pest": "hungary", "bihar": "hungary"})
    cart = mover("war_wagon", "pest", vf=0)
    loaded = check_load(w, cart, Load(armies=15), "pest")
    assert loaded.ok and loaded.cost == 1 and loaded.mover is not None
    there = moved(loaded.mover, check_path(w, loaded.mover, ["bihar"]))
    entry = step_cost(w, there, "bihar", "transilvania")
    assert not isinstance(entry, str) and entry.pm == 3
    after_attack = there.at("transilvania", there.spent + entry.pm)
    onward = check_path(w, after_attack, ["banato"])
    assert (onward.ok, onward.left) == (True, 7 - 1 - 2 - 3 - 1)


def test_heavy_foot_on_a_level_two_cart(data: DataSet) -> None:
    """Ex 002 L1675: a level II cart loads 8 heavy foot (40 VF) for 1 PM and has 7 PM left. Its
    capacity is 30 (L1636, digest A-5): only with a +10 disc does it fit (R128)."""
    w = world(data, {"pest": "hungary"})
    cart = mover("war_wagon", "pest", level=2, vf=0)
    refused = check_load(w, cart, Load(armies=40), "pest")
    assert not refused.ok and "40 of 30 army capacity" in refused.reason
    custom = mover("war_wagon", "pest", level=2, vf=0, armies=1)
    done = check_load(w, custom, Load(armies=40), "pest")
    assert (done.ok, done.cost, done.left) == (True, 1, 7)
