"""Transports moving together and who moves in which phase (seed 002 L1596-1604, L1628, L2033;
rulings R131, R134)."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.medioevo.dataset import DataSet, default_dataset
from adjudicator.rulesets.medioevo.war.convoy import (
    COMMERCE,
    check_convoy,
    convoy_path,
    path_words,
    phase_refusal,
)
from adjudicator.rulesets.medioevo.war.movement import cheapest_path
from adjudicator.rulesets.medioevo.war.transport import Cargo, Mover, Relations
from tests.rules.war_movers import mover, world


@pytest.fixture(scope="module")
def data() -> DataSet:
    return default_dataset()


def numbered(m: Mover, number: int) -> Mover:
    return m.model_copy(update={"piece": m.piece.model_copy(update={"number": number})})


def test_commercial_transports_in_combat(data: DataSet) -> None:
    """002 L1598: in combat a commercial transport moves only together with war transports."""
    w = world(data)
    merchant = mover("merchant", "sicilia", owner="sicily")
    alone = check_convoy(w, [merchant], ["canale_di_sicilia"])
    assert alone.reason == "merchant 1 moves in combat only together with a war transport (L1598)"
    galley = mover("galley", "sicilia", owner="sicily")
    together = check_convoy(w, [galley, merchant], ["canale_di_sicilia"])
    assert together.ok and [c.cost for c in together.checks] == [3, 3]
    assert check_convoy(w, [merchant], ["canale_di_sicilia"], phase=COMMERCE).ok


def test_what_moved_in_combat_rests_in_commerce(data: DataSet) -> None:
    """002 L1602 (a commercial transport moved in combat), L1604 (a war transport that moved in
    the combat before) cannot move in commerce."""
    w = world(data)
    galley = mover("galley", "sicilia", owner="sicily")
    assert phase_refusal(w, galley, COMMERCE, moved_in_combat=True) == (
        "galley 1 moved in this turn's combat: it cannot move in commerce (L1604)"
    )
    merchant = mover("merchant", "sicilia", owner="sicily")
    assert "(L1602)" in (phase_refusal(w, merchant, COMMERCE, moved_in_combat=True) or "")
    assert phase_refusal(w, galley, COMMERCE) is None


def test_each_member_needs_its_own_armies(data: DataSet) -> None:
    """002 L1628: every transport of a convoy carries at least 1 VF of its owner."""
    w = world(data)
    full = mover("war_wagon", "pest")
    empty = numbered(mover("war_wagon", "pest", vf=0), 2)
    check = check_convoy(w, [full, empty], ["bihar"])
    assert not check.ok and check.reason.startswith("cart 2 carries no VF of hungary's")
    elsewhere = numbered(mover("war_wagon", "bihar"), 2)
    assert "is not with cart 1" in check_convoy(w, [full, elsewhere], ["banato"]).reason


def test_galleys_together_against_a_blockade(data: DataSet) -> None:
    """002 L2033 (R131): the convoy's galleys count together: two against two still stop, three
    pass."""
    wars = Relations(wars=frozenset({frozenset({"sicily", "venice"})}))
    w = world(data, relations=wars, fleets={"mar_ionio": {"venice": 2}})
    galleys = [numbered(mover("galley", "mare_di_calabria", owner="sicily", level=3), n) for n in (1, 2, 3)]
    path = ["mar_ionio", "mar_ionio_meridionale"]
    assert not check_convoy(w, galleys[:2], path).ok
    assert check_convoy(w, galleys, path).ok


def test_a_caravan_and_a_cart_through_the_desert(data: DataSet) -> None:
    """002 L1589-1590 (desert: caravan 1, cart 2), R134: the convoy takes a path both afford, each
    paying its own PM; the cart's 7 PM bound it (Damasco to Alessandria: 7 for the cart, 6 for the
    caravan)."""
    w = world(data)
    cart = mover("war_wagon", "damasco", owner="mamluks")
    caravan = mover("caravan", "damasco", owner="mamluks")
    both = convoy_path(w, [cart, caravan], "alessandria")
    assert both.ok and [c.cost for c in both.checks] == [7, 6]
    assert both.path == cheapest_path(w, cart, "alessandria").path
    tired = cart.model_copy(update={"spent": 1})
    refused = convoy_path(w, [tired, caravan], "alessandria")
    assert not refused.ok and "cart 1 has 6 left" in refused.reason


def test_the_judge_says_which_path(data: DataSet) -> None:
    """002 L1624, R125: the path taken, its cost step by step and the PM left, in words."""
    cart = mover("war_wagon", "bihar")
    w = world(data)
    words = path_words(w, cart, cheapest_path(w, cart, "slavonia"))
    assert words == (
        "Bihar - Banato - Slavonia: 3 PM (Banato plain 1, Slavonia plain, across the Danubio 2), "
        "cart 1 has 4 left"
    )
    stuck = mover("war_wagon", "bihar", cargo=Cargo())
    assert path_words(w, stuck, cheapest_path(w, stuck, "slavonia")).endswith("(L1628)")
