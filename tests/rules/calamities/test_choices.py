"""The calamities that ask a power something: ERESIA (seed 002 L1278-1288), INQUISIZIONE
(L1378-1392, ex L1334-1338), CONGIURA (L1244-1250, ex L1232), GUERRA CIVILE (L1290-1298, ex
L1304-1308). Each is judged with its default (R279-R282) until a window asks the power."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.calamity.events import CalamityHit
from adjudicator.rulesets.medioevo.pieces_state import Piece
from tests.rules.calamities.board import board, land, strike, told


def test_heresy_rises_where_a_cathedral_stands_L1282_L1288() -> None:
    """L1282-1288: Hungary (Catholic) has a Cathedral in the red area: 1d8 = 6, -1 TEOLOGIA +1
    ISTRUZIONE = 6 heretic VF attack its 1 VF, win, destroy the Cathedral and elect a barbarian
    Captain. Austria, Catholic too, has FANATISMO: immune. Byzantium (Orthodox) is not struck."""
    state = board(
        {"hungary": ("teologia", "istruzione"), "austria": ("fanatismo",), "byzantium": ()},
        {
            "pest": land("hungary", "town", "cathedral", vf=1),
            "austria": land("austria", "cathedral", vf=1),
            "bihar": land("byzantium", "cathedral", vf=1),
        },
    )
    state = state.with_power("austria", kingdom="hungary").with_power("byzantium", kingdom="byzantium")
    (after, events), dice = strike("eresia", "e16", state, 1, 6, 6, 1, red=("pest", "austria", "bihar"))
    assert after.territories["pest"].owner is None
    assert after.territories["pest"].armies == {"barbarians": 6}
    assert after.territories["pest"].buildings == ("town",)
    assert [(p.owner, p.kind, p.location) for p in after.pieces] == [("barbarians", "captain", "pest")]
    assert after.territories["austria"] == state.territories["austria"]
    assert after.territories["bihar"] == state.territories["bihar"]
    lines = told(events)
    assert "ERESIA: 6 rolled -1 TEOLOGIA +1 ISTRUZIONE = 6 heretic VF in Pest (L1282-1286)" in lines
    assert "ERESIA: austria is immune: it has FANATISMO (L1286)" in lines
    assert any(isinstance(e, CalamityHit) for e in events)
