"""CARESTIA (seed 002 L1184-1212, ex L1226-1230), TERREMOTO (L1442-1450, ex L1438) and INCENDIO
(L1360-1376, ex L1314-1332)."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.calamity.events import CalamityHit, PiecesSwept
from adjudicator.rulesets.medioevo.calamity.famine import within
from adjudicator.rulesets.medioevo.pieces_state import Piece
from tests.rules.calamities.board import DATA, board, land, strike, told

LT2 = ("misticismo", "monoteismo", "mulino", "carpenteria", "forgiatura", "tessitura", "matematica")  # +1 = 8


def test_famine_example_L1226_banato_radius_2() -> None:
    """Ex L1226-1230: centre Banato, radius 2. Hungary has ALLEVAMENTO and CACCIA but is at war
    with the Mongol: Banato (PLAIN) 1 -2 +1 = 0; Pest 1 +3 City -2 +1 = 3; Bessarabia (Mongol, AGRICOLTURA,
    at war) 1; a barbarian territory keeps 1 VF; a territory of Hungary that loses its last VF
    goes to 1 barbarian VF (L1212). Beyond the radius nothing happens."""
    state = board(
        {"hungary": ("allevamento", "caccia"), "golden_horde": ("agricoltura",)},
        {
            "banato": land("hungary", vf=5),
            "pest": land("hungary", "city", vf=10),
            "bihar": land("hungary", vf=1),  # plain: 1 -2 +1 = 0, keeps its VF
            "slavonia": land("hungary", "village", vf=1),  # plain: 1 +1 -2 +1 = 1: its last VF
            "bessarabia": land("golden_horde", vf=4),
            "valacchia": land(None, vf=2),
            "costantinopoli": land("golden_horde", vf=4),  # 3 steps away
        },
        wars=[("hungary", "golden_horde")],
    )
    assert set(within(DATA, "banato", 2)) >= {"pest", "bessarabia", "valacchia", "slavonia"}
    banato = DATA.events["e16"].areas.index("banato") + 1
    (after, events), _ = strike("carestia", "e16", state, banato, 2)
    armies = {t: after.territories[t].armies for t in ("banato", "pest", "bihar", "bessarabia", "valacchia")}
    assert armies == {
        "banato": {"hungary": 5},
        "pest": {"hungary": 7},
        "bihar": {"hungary": 1},
        "bessarabia": {"golden_horde": 3},
        "valacchia": {"barbarians": 1},
    }
    assert after.territories["slavonia"].owner is None
    assert after.territories["slavonia"].armies == {"barbarians": 1}
    assert after.territories["costantinopoli"] == state.territories["costantinopoli"]
    assert (
        "CARESTIA in Pest (hungary): hungary loses 3 VF "
        "(1 plain +3 settlement +1 at war -2 ALLEVAMENTO CACCIA = 3 VF)" in told(events, CalamityHit)
    )


def test_famine_rotazione_delle_colture_is_immune_L1212() -> None:
    state = board({"hungary": ("rotazione_delle_colture",)}, {"banato": land("hungary", vf=5)})
    (after, events), _ = strike("carestia", "e16", state, 1, 1, red=("banato",))
    assert after.territories["banato"].armies == {"hungary": 5}
    assert any("is spared: hungary has" in line for line in told(events))


def test_earthquake_example_L1438_campania_roll_6() -> None:
    """Ex L1438: Campania, 6 on 1d6: barbarian Campania loses its Village and Tower (2 VF), barbarian
    Puglia its Tower (1 VF); in Lazio Hungary has INGEGNERIA: Village and Tower only damaged, 2 VF.
    In the second ring everything is damaged (L1448)."""
    state = board(
        {"hungary": ("ingegneria",)},
        {
            "campania": land(None, "village", "tower", vf=4),
            "puglia": land(None, "tower", vf=3),
            "lazio": land("hungary", "village", "tower", vf=5),
            "stato_della_chiesa": land(None, "village", vf=3),  # ring 2
        },
    )
    campania = DATA.events["e08"].areas.index("campania") + 1
    (after, events), _ = strike("terremoto", "e08", state, campania, 6)
    assert after.territories["campania"].buildings == () and after.territories["campania"].armies == {
        "barbarians": 2
    }
    assert after.territories["puglia"].buildings == () and after.territories["puglia"].armies == {
        "barbarians": 2
    }
    assert after.territories["lazio"].damaged == {"village": 6, "tower": 6}
    assert after.territories["lazio"].armies == {"hungary": 3}
    assert after.territories["stato_della_chiesa"].damaged == {"village": 6}
    assert (
        "TERREMOTO in Lazio (hungary): Villaggio and Torre damaged; hungary loses 2 VF "
        "(2 buildings = 2 VF, INGEGNERIA one step less)" in told(events, CalamityHit)
    )


def test_earthquake_low_roll_damages_only_level_1_at_the_centre_L1446() -> None:
    state = board({}, {"campania": land(None, "town", "tower", vf=4), "puglia": land(None, "tower", vf=3)})
    (after, _), _ = strike("terremoto", "e08", state, 1, 2, red=("campania",))
    assert after.territories["campania"].damaged == {"tower": 6}
    assert after.territories["puglia"] == state.territories["puglia"]


def test_fire_example_L1314_hungary_bohemia_empire() -> None:
    """Ex L1314-1324: Hungary (LT 2) rolls 3 -2 = 1 for Buda (City, 2+): safe. Barbarian Praga rolls
    4: Village and Tower destroyed, +1 FOREST: 3 VF. The Empire (LT 2, INGEGNERIA, LEGGE): Frankfurt
    5 -2 -1 = 2, fire in a City: City and Tower damaged, +1 forest -1 LEGGE: 2 VF. Basel 6 -2 -1 = 3:
    no fire in a Village (LEGGE's -1 on the die, which the example forgets: A41, R271)."""
    state = board(
        {"hungary": (*LT2, "caccia"), "hre": (*LT2[:6], "ingegneria", "legge")},
        {
            "pest": land("hungary", "city", vf=10),
            "boemia": land(None, "village", "tower", vf=5),
            "svevia": land("hre", "village", "tower", vf=5),
            "francoforte": land("hre", "city", "tower", vf=6),
        },
    )
    red = ("pest", "boemia", "svevia", "francoforte")
    (after, events), _ = strike("incendio", "e09", state, 3, 4, 6, 5, red=red)
    assert after.territories["pest"] == state.territories["pest"]
    assert after.territories["boemia"].buildings == () and after.territories["boemia"].armies == {
        "barbarians": 2
    }
    assert after.territories["svevia"] == state.territories["svevia"]
    assert after.territories["francoforte"].damaged == {"city": 6, "tower": 6}
    assert after.territories["francoforte"].armies == {"hre": 4}
    lines = told(events)
    assert "INCENDIO: Pest is safe: 3 rolled -2 LT = 1, fire on 2+ (L1362-1368)" in lines
    assert (
        "INCENDIO in Francoforte (hre): Città and Torre damaged; hre loses 2 VF "
        "(fire: 5 rolled -2 LT -1 LEGGE = 2; 2 buildings +1 forest -1 LEGGE = 2 VF)"
    ) in lines


def test_fire_example_L1326_no_army_left_takes_transports_and_captain_L1138() -> None:
    """Ex L1326-1328: Frankfurt (City, Tower, Fair, Cathedral, 2 transports, 5 VF, a Captain), the
    Empire with INGEGNERIA: 4 buildings damaged +1 FOREST = 5 VF; no army left, so the 2 transports
    and the Captain go too (L1138)."""
    pieces = [
        Piece(owner="hre", kind="war_wagon", number=1, level=1, location="francoforte"),
        Piece(owner="hre", kind="caravan", number=1, level=1, location="francoforte"),
        Piece(owner="hre", kind="captain", number=1, level=1, location="francoforte"),
        Piece(owner="hre", kind="captain", number=2, level=1, location="svevia"),
    ]
    state = board(
        {"hre": ("ingegneria",)},
        {"francoforte": land("hre", "city", "tower", "agricultural_fair", "cathedral", vf=5)},
        pieces=pieces,
    )
    (after, events), _ = strike("incendio", "e09", state, 6, red=("francoforte",))
    assert len(after.territories["francoforte"].damaged) == 4
    assert after.territories["francoforte"].armies == {}
    assert [p.location for p in after.pieces] == ["svevia"]
    assert told(events, PiecesSwept) == [
        "INCENDIO: no army is left in Francoforte, so hre's cart 1, hre's caravan 1 and hre's captain 1 "
        "are eliminated (L1138)"
    ]


def test_fire_example_L1330_a_burnt_transport_leaves_its_armies_unsupplied() -> None:
    """Ex L1330-1332: everything in Frankfurt burns, the Byzantine transport too, so the Byzantine
    armies there are removed."""
    pieces = [Piece(owner="byzantium", kind="caravan", number=1, level=1, location="francoforte")]
    state = board(
        {"hre": (), "byzantium": ()},
        {"francoforte": land("hre", "city", "tower", vf={"hre": 10, "byzantium": 4})},
        pieces=pieces,
    )
    (after, events), _ = strike("incendio", "e09", state, 6, red=("francoforte",))
    assert after.territories["francoforte"].buildings == ()
    assert after.territories["francoforte"].armies == {"hre": 7}
    assert after.pieces == ()
    assert any("byzantium's 4 VF in Francoforte are removed" in line for line in told(events))
