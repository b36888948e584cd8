"""The calamities that ask a power something: ERESIA (seed 002 L1278-1288), INQUISIZIONE
(L1378-1392, ex L1334-1338), CONGIURA (L1244-1250, ex L1232), GUERRA CIVILE (L1290-1298, ex
L1304-1308). Each is judged with its default (R279-R282) until a window asks the power."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.calamity.conspiracy import assassins
from adjudicator.rulesets.medioevo.calamity.events import CalamityHit, CardsTried
from adjudicator.rulesets.medioevo.pacts import Pact, PactKind
from adjudicator.rulesets.medioevo.pieces_state import Piece
from tests.rules.calamities.board import DATA, board, land, strike, told


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
    assert [r.purpose for r in dice.rolls][:2] == ["heresy victim", "heretics pest"]
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


def test_inquisition_example_L1334_empire_and_hungary() -> None:
    """Ex L1334-1338: the Catholic Empire and Hungary are struck. The Empire has 3 Cathedrals but
    UNIVERSITA: every card is tried (an Inquisitor's 5 against 2 loses ARCIERE; 2 against 2 saves
    BARDO: ties save, L1392). Hungary has TEOLOGIA and 1 Cathedral: its 3 cards are all spared.
    Byzantium (Orthodox) rolled highest and is the Grand Inquisitor."""
    state = board(
        {"hre": ("universita",), "hungary": ("teologia",), "byzantium": ()},
        {
            "francoforte": land("hre", "cathedral", vf=3),
            "svevia": land("hre", "cathedral"),
            "baviera": land("hre", "cathedral"),
            "pest": land("hungary", "cathedral", vf=3),
            "austria": land("byzantium", vf=3),
        },
    )
    state = state.with_power("hre", kingdom="holy_roman_empire", cards=("arciere", "bardo"))
    state = state.with_power("hungary", cards=("bardo", "abate", "avaro"), keep_priority=("avaro",))
    state = state.with_power("byzantium", kingdom="byzantium")
    red = ("francoforte", "pest", "austria")
    (after, events), _ = strike("inquisizione", "e09", state, 1, 3, 5, 5, 2, 2, 2, red=red)
    assert after.powers["hre"].cards == ("bardo",)
    assert after.powers["hungary"].cards == ("bardo", "abate", "avaro")
    assert after.discards == ("arciere",)
    tried = {e.power: e for e in events if isinstance(e, CardsTried)}
    assert tried["hre"].summary() == "INQUISIZIONE: hre's Empire cards: lost ARCIERE; saved at trial BARDO"
    assert tried["hre"].visibility.powers == ("hre",)
    assert tried["hungary"].protected == ("AVARO", "BARDO", "ABATE")
    lines = told(events)
    assert (
        "INQUISIZIONE: hre: 2 Empire card(s), 0 spared (3 Cathedral(s) cancelled by UNIVERSITA), "
        "2 tried, 1 lost (L1384-1392)" in lines
    )
    assert any("Grand Inquisitor: byzantium" in line for line in lines)


def test_conspiracy_example_L1232_the_victims_allies_are_struck_too() -> None:
    """Ex L1232: A, B, C allied, C and D allied, E alone. E wins the auction and names C: the
    Captains of A, B, C and D face the Nizari (1d8 against 1d4 at LT I, L1248). A's dies (5 > 4);
    B has FEUDALESIMO: immune (L1250); C's survives a tie thanks to INVESTITURA (3 against 2 +1);
    D's dies (8 > 4). E's own Captain is not touched."""
    alliances = [("a", "b"), ("a", "c"), ("b", "c"), ("c", "d")]
    pacts = tuple(
        Pact(id=i + 1, kind=PactKind.ALLIANCE, parties=pair, made=1) for i, pair in enumerate(alliances)
    )
    captains = [Piece(owner=p, kind="captain", number=1, level=1, location="pest") for p in "abcde"]
    state = board(
        {"a": (), "b": ("feudalesimo",), "c": ("investitura",), "d": (), "e": ()},
        {},
        pieces=captains,
        pacts=pacts,
    )
    roller = Dice(seed=b"t", namespace="T5.events", loaded=[3, 2, 5, 4, 8, 4])
    after, events = assassins(state, DATA, roller, winner="e", victim="c")
    assert [p.owner for p in after.pieces] == ["b", "c", "e"]
    lines = told(events)
    assert "CONGIURA: b is immune: it has FEUDALESIMO (L1250)" in lines
    assert "CONGIURA: c's captain 1 survives (Nizari 3 against 2 on 1d4 +1 INVESTITURA = 3, L1248)" in lines


def test_conspiracy_without_bids_is_no_conspiracy_A39() -> None:
    state = board({"a": ()}, {})
    (after, events), _ = strike("congiura", "e16", state)
    assert after == state
    assert any("no conspiracy" in line for line in told(events))


def test_civil_war_example_L1304_the_mamluks_keep_persia_mesopotamia_and_the_fleet() -> None:
    """Ex L1304-1308: the Mamluks hold their kingdom, the 4 territories of Il Khanato and a fleet of 2
    ships in the barbarian port of Palermo; with MISTICISMO, ISTRUZIONE and LEGGE they keep 3 items:
    Persia, Mesopotamia and the fleet (the default keeps what holds most VF, R282); the armies in
    Armenia and Caucaso turn barbarian. There the Captain becomes a barbarian Captain, the caravan
    is destroyed, the Cathedral too, the Tower stays (L1296-1298)."""
    home = {t: land("mamluks", vf=5) for t in DATA.board.territories_of("mamluks")}
    pieces = [
        Piece(owner="mamluks", kind="galley", number=1, level=1, location="sicilia", vf=5),
        Piece(owner="mamluks", kind="galley", number=2, level=1, location="sicilia", vf=5),
        Piece(owner="mamluks", kind="captain", number=1, level=1, location="armenia"),
        Piece(owner="mamluks", kind="caravan", number=1, level=1, location="caucaso"),
    ]
    state = board(
        {"mamluks": ("misticismo", "istruzione", "legge"), "byzantium": ()},
        {
            **home,
            "persia": land("mamluks", vf=10),
            "mesopotamia": land("mamluks", vf=8),
            "armenia": land("mamluks", "cathedral", "tower", vf=3),
            "caucaso": land("mamluks", vf=2),
            "cappadocia": land("byzantium", vf=5),
        },
        pieces=pieces,
    )
    state = state.with_power("mamluks", kingdom="mamluks")
    assert DATA.events["e28"].land_zone == DATA.board.territories["persia"].land_zone
    (after, events), _ = strike("guerra_civile", "e28", state)
    assert {t for t in DATA.board.territories if after.territories[t].owner == "mamluks"} == {
        *home,
        "persia",
        "mesopotamia",
    }
    assert after.territories["armenia"].armies == {"barbarians": 3}
    assert after.territories["armenia"].buildings == ("tower",)
    assert after.territories["caucaso"].armies == {"barbarians": 2}
    assert [(p.owner, p.kind, p.location) for p in after.pieces] == [
        ("mamluks", "galley", "sicilia"),
        ("mamluks", "galley", "sicilia"),
        ("barbarians", "captain", "armenia"),
    ]
    assert any(
        "3 kept by MISTICISMO, ISTRUZIONE, LEGGE (L1294): Mesopotamia, Persia, the fleet at Sicilia" in line
        for line in told(events)
    )
