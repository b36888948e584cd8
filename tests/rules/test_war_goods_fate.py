"""The goods of a destroyed or sacked commercial transport (war/goods_fate.py; seed 002 L1862;
R231): the branches the L1862 scenario (a sacked caravan's goods set down on land) does not take
— a conquered transport keeps them, at sea the winner's merchant ships take what they have room
for and the rest is lost; the goods set down are gone after the next turn; the GM's WARES edit.
Pure: states built by hand."""

from __future__ import annotations

import pytest

from adjudicator.core.dice import Dice
from adjudicator.errors import EditError
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.edits import apply_edit
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.war.aftermath import aftermath
from adjudicator.rulesets.medioevo.war.conquest import Fate
from adjudicator.rulesets.medioevo.war.goods_fate import unload
from adjudicator.rulesets.medioevo.war.records import LooseGoods
from tests.rules.war_states import war_state

DATA = default_dataset()
SEA = "mar_ionio"


def game(*pieces: Piece, turn: int = 3) -> MedioevoState:
    pest = {"pest": TerritoryState(owner="hungary", armies={"hungary": 5})}
    return war_state(("hungary", "venice"), pest, (), pieces, turn=turn)


def ship(owner: str, number: int, level: int, **kw: object) -> Piece:
    return Piece(owner=owner, kind="merchant", number=number, level=level, location=SEA, **kw)  # type: ignore[arg-type]


SUNK = ship("venice", 1, 3, wares={"tessuti": 20, "sale": 10})


def test_at_sea_the_winners_merchant_ships_take_what_they_have_room_for_the_rest_is_lost() -> None:
    """L1862: "le merci trasportate dalle navi possono essere caricate dai Mercantili del
    vincitore se presenti nella zona di mare ...; in caso contrario vengono perse definitivamente".
    Hungary's level I merchant ship (10 goods) already carries 5 SALE: it takes 5 more."""
    mine = ship("hungary", 1, 1, wares={"sale": 5})
    state, words = unload(game(mine), DATA, "hungary", SUNK, Fate.SACK)
    assert state.piece("hungary", "merchant", 1) == mine.model_copy(update={"wares": {"sale": 10}})
    assert words == "its 5 SALE onto merchant 1, 5 SALE, 20 TESSUTI lost at sea"
    alone, words = unload(game(), DATA, "hungary", SUNK, Fate.DESTROY)
    assert alone.pieces == () and alone.loose_goods == ()
    assert words == "its 10 SALE, 20 TESSUTI lost at sea (no merchant ship of hungary there)"


def test_a_conquered_transport_keeps_its_goods_and_on_land_they_are_set_down_L1862() -> None:
    caravan = Piece(owner="venice", kind="caravan", number=1, level=2, location="pest", wares={"tessuti": 20})
    same, words = unload(game(), DATA, "hungary", caravan, Fate.CONQUER)
    assert same == game() and words == "with its 20 TESSUTI"
    dropped, words = unload(game(), DATA, "hungary", caravan, Fate.DESTROY)
    assert dropped.loose_goods == (
        LooseGoods(territory="pest", good="tessuti", amount=20, was="venice", until=4),
    )
    assert words == "its 20 TESSUTI set down in pest, to be loaded by the end of turn 4"
    assert unload(game(), DATA, "hungary", caravan.model_copy(update={"wares": {}}), Fate.SACK)[1] == ""


def test_goods_set_down_are_gone_after_the_next_turn_L1862() -> None:
    """Set down in turn 2 (loadable to the end of turn 3): kept by turn 3's aftermath, gone by turn 4's."""
    loose = (LooseGoods(territory="pest", good="sale", amount=10, was="venice", until=3),)
    dice = Dice(b"g" * 32, "T3.war.9-close")
    kept, _ = aftermath(game(turn=3).evolve(loose_goods=loose), DATA, dice)
    gone, _ = aftermath(game(turn=4).evolve(loose_goods=loose), DATA, dice)
    assert kept.loose_goods == loose and gone.loose_goods == ()
    assert "loose_goods" not in gone.to_json()  # at its default, out of the JSON


def test_the_wares_edit_puts_goods_aboard_within_the_room() -> None:
    state = game(ship("venice", 1, 1), Piece(owner="venice", kind="galley", number=1, level=1, location=SEA))
    state = apply_edit(state, "WARES venice merchant 1 10 armi e armature", DATA)
    assert state.piece("venice", "merchant", 1) == ship("venice", 1, 1, wares={"armi_e_armature": 10})
    with pytest.raises(EditError, match="over its room"):
        apply_edit(state, "WARES venice merchant 1 5 sale", DATA)
    with pytest.raises(EditError, match="not a commercial transport"):
        apply_edit(state, "WARES venice galley 1 5 sale", DATA)
