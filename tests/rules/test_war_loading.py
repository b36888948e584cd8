"""Loading and unloading transports (seed 002 L1562-1566, L1606-1618, L1630, L777; rulings
R126-R129)."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.medioevo.dataset import DataSet, default_dataset
from adjudicator.rulesets.medioevo.war.loading import (
    Load,
    check_load,
    check_unload,
    claim,
    landing_pm,
    load_cost,
    settle_owner,
)
from adjudicator.rulesets.medioevo.war.transport import Cargo, army_space
from tests.rules.war_movers import mover, world

HOME = {"pest": "hungary", "sicilia": "sicily", "campania": "sicily"}


@pytest.fixture(scope="module")
def data() -> DataSet:
    return default_dataset()


@pytest.mark.parametrize(
    ("load", "bare", "eased"),
    [
        (Load(armies=5), 1, 0),
        (Load(siege=1), 2, 1),
        (Load(armies=5, siege=1), 3, 1),
    ],
)
def test_load_costs(data: DataSet, load: Load, bare: int, eased: int) -> None:
    """002 L1612-1614 (R126): armies 1 PM, siege engines 2; 1 less each with a settlement or a
    captain; each kind once an operation, whatever the amount (ex L1675: 40 VF for 1 PM)."""
    cart = mover("war_wagon", "pest")
    assert load_cost(world(data, HOME), cart, load, "pest") == bare
    assert load_cost(world(data, HOME, settlements=frozenset({"pest"})), cart, load, "pest") == eased
    assert load_cost(world(data, HOME), cart, load, "pest", captain_here=True) == eased
    with_captain = mover("war_wagon", "pest", cargo=Cargo(armies={"hungary": 5}, captains=1))
    assert load_cost(world(data, HOME), with_captain, load, "pest") == eased


def test_goods_cost_two_and_one_in_port(data: DataSet) -> None:
    """002 L1612-1614: goods 2 PM; a ship in port pays 1 (L1614), at sea off a coast without a
    settlement 2 (L1618); a distant port counts as a settlement (L2400)."""
    w = world(data, HOME)
    in_port = mover("merchant", "sicilia", owner="sicily")
    assert load_cost(w, in_port, Load(goods=10), "sicilia") == 1
    at_sea = mover("merchant", "mare_d_egitto", owner="sicily")
    assert load_cost(w, at_sea, Load(goods=10), "giudea") == 2
    assert load_cost(world(data, distant_ports=frozenset({"giudea"})), at_sea, Load(goods=10), "giudea") == 2
    docked = mover("merchant", "giudea", owner="sicily")
    assert load_cost(world(data, distant_ports=frozenset({"giudea"})), docked, Load(goods=10), "giudea") == 1


def test_where_a_transport_loads(data: DataSet) -> None:
    """002 L1616: a land transport where the armies are; L1618: a ship in port or in a sea zone
    off the territory."""
    w = world(data, HOME)
    cart = mover("war_wagon", "bihar", vf=1)
    assert check_load(w, cart, Load(armies=3), "pest").reason == "cart 1 is in Bihar, not in Pest (L1616)"
    off_coast = mover("galley", "mare_di_calabria", owner="sicily", vf=1)
    assert check_load(w, off_coast, Load(armies=3), "campania").ok
    far = mover("galley", "mar_ionio", owner="sicily", vf=1)
    assert (
        "neither in Campania's port nor in a sea zone off it"
        in check_load(w, far, Load(armies=3), "campania").reason
    )
    assert not check_load(w, mover("galley", "pest", vf=1), Load(armies=1), "pest").ok


def test_what_each_transport_may_carry(data: DataSet) -> None:
    """002 L1564: only war transports take siege engines and captains; L777, L1612 (digest A-7):
    only ships take land transports; L2097: goods only on commercial transports."""
    w = world(data, HOME)
    caravan = mover("caravan", "pest")
    assert "not a war transport" in check_load(w, caravan, Load(siege=1), "pest").reason
    assert "not a war transport" in check_load(w, caravan, Load(captains=1), "pest").reason
    cart = mover("war_wagon", "pest")
    other = mover("war_wagon", "pest").model_copy(
        update={"piece": cart.piece.model_copy(update={"number": 2})}
    )
    assert "not a ship" in check_load(w, cart, Load(land=(other,)), "pest").reason
    assert "no goods capacity" in check_load(w, cart, Load(goods=10), "pest").reason


def test_a_galley_carries_a_cart_an_engine_and_armies(data: DataSet) -> None:
    """Ex 002 L779 (L777, L1566): a level II galley takes 1 war cart, 1 catapult and 10 VF: 5 + 5
    + 10 of its 30; the cart's own armies ride in the galley's capacity (R127); a captain takes no
    room."""
    w = world(data, HOME)
    galley = mover("galley", "campania", owner="sicily", level=2, vf=0)
    cart = mover("war_wagon", "campania", owner="sicily", vf=0)
    done = check_load(w, galley, Load(armies=10, siege=1, land=(cart,), captains=1), "campania")
    assert done.ok and done.mover is not None
    assert army_space(data, done.mover.cargo) == 20
    full_cart = mover("war_wagon", "campania", owner="sicily", vf=15)
    over = check_load(w, galley, Load(armies=10, siege=1, land=(full_cart,)), "campania")
    assert over.reason == "galley 1 would carry 35 of 30 army capacity (L1566, L1634-1637)"


def test_unloading(data: DataSet) -> None:
    """002 L1612: unloading costs as loading; only what is aboard can come off; L1630: a transport
    left with no armies stays its owner's at home and becomes nobody's abroad."""
    w = world(data, HOME)
    cart = mover("war_wagon", "pest", vf=10)
    home = check_unload(w, cart, Load(armies=10), "pest")
    assert (home.ok, home.cost) == (True, 1)
    assert home.mover is not None and not home.mover.ownerless
    abroad = check_unload(w, mover("war_wagon", "bihar", vf=10), Load(armies=10), "bihar")
    assert abroad.mover is not None and abroad.mover.ownerless and abroad.mover.owner is None
    at_sea = mover("galley", "mare_di_calabria", owner="sicily", vf=0)
    assert settle_owner(w, at_sea).ownerless
    assert not settle_owner(w, mover("galley", "sicilia", owner="sicily", vf=0)).ownerless
    assert "does not carry that many VF of hungary" in check_unload(w, cart, Load(armies=11), "pest").reason
    tired = mover("war_wagon", "pest", vf=10, spent=7)
    assert (
        check_unload(w, tired, Load(armies=1), "pest").reason
        == "cart 1 needs 1 PM for it and has 0 left (L1612-1614)"
    )


def test_claiming_an_ownerless_transport(data: DataSet) -> None:
    """002 L1630, digest A-49 (R129): a power that loads at least 1 VF into a transport nobody owns
    takes it; an owned transport is not claimed."""
    w = world(data, {"bihar": "poland"})
    lost = mover("war_wagon", "bihar", vf=0, ownerless=True)
    taken = claim(w, lost, "poland", 3, "bihar")
    assert taken.ok and taken.mover is not None
    assert (taken.mover.owner, taken.mover.cargo.vf("poland"), taken.cost) == ("poland", 3, 1)
    assert "belongs to hungary" in claim(w, mover("war_wagon", "bihar"), "poland", 3, "bihar").reason
    assert not claim(w, lost, "poland", 0, "bihar").ok
    assert "claimed first" in check_load(w, lost, Load(armies=1), "bihar").reason


def test_rough_landing_variant(data: DataSet) -> None:
    """Variant Attracco difficoltoso, 002 L3194-3198, L3228 (R126): a galley loading outside a
    port pays the coast's terrain (Campania, hill: 2) whatever it loads; in port, or without the
    variant, the table's price; merchant ships are not concerned (L3196 names galleys)."""
    rough = world(data, HOME, rough_landing=True)
    off = mover("galley", "mare_di_calabria", owner="sicily")
    assert load_cost(rough, off, Load(armies=5), "campania") == 2
    assert load_cost(world(data, HOME), off, Load(armies=5), "campania") == 1
    assert load_cost(rough, mover("galley", "campania", owner="sicily"), Load(armies=5), "campania") == 0
    assert (
        load_cost(rough, mover("merchant", "mare_di_calabria", owner="sicily"), Load(armies=5), "campania")
        == 1
    )
    assert landing_pm(rough, "pest") == 1 and landing_pm(rough, "transilvania") == 3
