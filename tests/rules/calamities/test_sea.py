"""TEMPESTA (seed 002 L1410-1420, ex L1432-1436)."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.calamity.registry import ongoing_steps
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import TerritoryState
from tests.rules.calamities.board import DATA, board, land, strike, told

BLACK_SEA = "mar_nero_occidentale"
ZONES = [s for s in DATA.board.seas if s in DATA.board.territories["costantinopoli"].seas]
STORM_DIE = ZONES.index(BLACK_SEA) + 1


def galley(owner: str, where: str, number: int = 1, **kw: object) -> Piece:
    return Piece(owner=owner, kind="galley", number=number, level=1, location=where, **kw)  # type: ignore[arg-type]


def test_storm_example_L1432_black_sea() -> None:
    """Ex L1432-1436: the storm strikes the Black Sea. The Golden Horde's fleet at sea sinks. The
    Mamluk fleet at sea has CARTOGRAFIA but no port to reach: none of its own, no barbarian one, the
    Bosforo shut by the Byzantines who hold both shores and grant no passage, no pact: it sinks
    too. The Byzantine fleet in Costantinopoli's port, with INGEGNERIA, is unharmed; so are the
    buildings there, while the Golden Horde's on the coast are damaged (L1415)."""
    ports = {
        t: TerritoryState(owner="golden_horde")
        for z, s in DATA.board.seas.items()
        if s.sea == "mar_nero"
        for t in DATA.board.coast(z)
        if DATA.board.territories[t].port
    }
    state = board(
        {"byzantium": ("ingegneria",), "golden_horde": (), "mamluks": ("cartografia",)},
        {
            **ports,
            "dobrugia": land("golden_horde", "village", vf=3),
            "costantinopoli": land("byzantium", "city", "castle", vf=10),
            "misia": land("byzantium", vf=2),
        },
        pieces=[
            galley("golden_horde", BLACK_SEA),
            galley("mamluks", BLACK_SEA),
            galley("byzantium", "costantinopoli"),
        ],
    )
    (after, events), _ = strike("tempesta", "e18", state, STORM_DIE, red=("costantinopoli",))
    assert [p.owner for p in after.pieces] == ["byzantium"] and not after.pieces[0].damaged
    assert after.territories["costantinopoli"].damaged == {}
    assert after.territories["dobrugia"].damaged == {"village": 6}
    lines = told(events)
    assert "TEMPESTA: golden_horde's galley 1 sinks (L1414)" in lines
    assert "TEMPESTA: mamluks's galley 1 sinks (no port to shelter in) (L1414)" in lines


def test_storm_astronomia_shelters_damaged_with_half_its_cargo_L1417() -> None:
    """L1417: ASTRONOMIA: the ship is only damaged, loses half its armies and goods and shelters in
    the nearest port (a barbarian one here, A48), with the captain aboard; a ship in a port on the
    coast is damaged like a building (L1420)."""
    ship = galley("mamluks", BLACK_SEA, vf=6, wares={"schiavi": 5})
    rider = Piece(owner="mamluks", kind="captain", number=1, level=1, location=BLACK_SEA, aboard="galley/1")
    docked = galley("byzantium", "costantinopoli")
    state = board(
        {"mamluks": ("astronomia",), "byzantium": ()},
        {"costantinopoli": land("byzantium", vf=3), "bitinia": land("byzantium", vf=1)},
        pieces=[ship, rider, docked],
    )
    (after, events), _ = strike("tempesta", "e18", state, STORM_DIE, red=("costantinopoli",))
    moved = after.piece("mamluks", "galley", 1)
    assert moved is not None and moved.location == "dobrugia" and moved.damaged
    assert (moved.vf, moved.wares) == (3, {"schiavi": 3})
    assert after.piece("mamluks", "captain", 1).location == "dobrugia"  # type: ignore[union-attr]
    assert after.piece("byzantium", "galley", 1).damaged  # type: ignore[union-attr]
    assert any("shelters in Dobrugia, damaged, losing half its cargo (3 VF)" in line for line in told(events))


def test_revolts_example_L1430_middle_east() -> None:
    """Ex L1430: Mamluk Cappadocia with 4 VF rebels (1d6 = 3 barbarian VF take it); Byzantine Lidia
    with 4 VF and LEGGE does not (3 or less, L1408). A level-2 Mercantile with 5 Byzantine VF and
    30 Slaves in a sea of the red area: the slaves win, 25 are left, seize it as a level-I pirate
    ship with a barbarian Captain, and keep the 20 it carries. A barbarian territory of a kingdom
    not wholly held grows by 1 VF; Fairs go, a MERCATO owner's until the next turn's Events. Another
    power's VF in a rebel territory stay (R277)."""
    merchant = Piece(
        owner="byzantium",
        kind="merchant",
        number=1,
        level=2,
        location="mar_egeo_meridionale",
        vf=5,
        armies=1,
        wares={"schiavi": 30},
    )
    state = board(
        {"mamluks": (), "byzantium": ("legge", "mercato")},
        {
            "cappadocia": land("mamluks", "town", "agricultural_fair", vf={"mamluks": 4, "byzantium": 2}),
            "lidia": land("byzantium", "village", "textile_fair", vf=4),
            "licia": land(None, vf=2),
        },
        pieces=[merchant],
    )
    (after, events), _ = strike("rivolte", "e18", state, 3, red=("cappadocia", "lidia", "licia"))
    assert after.territories["cappadocia"].owner is None
    assert after.territories["cappadocia"].armies == {"byzantium": 2, "barbarians": 3}  # R277
    assert after.territories["cappadocia"].buildings == ("town",)
    assert after.territories["lidia"].armies == {"byzantium": 4}
    assert after.territories["lidia"].buildings == ("village",)
    assert after.territories["licia"].armies == {"barbarians": 3}
    pirate, captain = after.pieces
    assert (pirate.owner, pirate.kind, pirate.level, pirate.vf, pirate.wares) == (
        "barbarians",
        "merchant",
        1,
        20,
        {},
    )
    assert (captain.owner, captain.kind, captain.aboard) == ("barbarians", "captain", "merchant/1")
    assert any("30 slaves rise on byzantium's" in line for line in told(events))
    step = dict(ongoing_steps())["rivolte"]
    reopened, told_then = step(after.evolve(turn=6), None, DATA)  # type: ignore[arg-type]
    assert "RIVOLTE: the Fiera tessile of Lidia reopens (MERCATO, L1408)" in told(told_then)
    assert reopened.territories["lidia"].buildings == ("village", "textile_fair")
    assert reopened.ongoing is None
