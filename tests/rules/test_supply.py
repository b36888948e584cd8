"""Supply limits (Approvvigionamento, seed 002 L2235-2262): the religious capitals' +10 (L2262)."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.supply import supply_limit
from tests.rules import economy_window
from tests.rules.economy_window import DATA, play, results

RELIGIOUS_CAPITAL = 10  # "Capitale religiosa +10", L2262


def test_every_religious_capital_adds_10_L2262() -> None:
    """L2262: a religious capital adds 10 to its territory's supply, whoever holds it. Costantinopoli
    starts with a Borgo, a Castello and the Cathedral: 5 + 20 + 15 + 10 + 10 = 60 (L2240-2262);
    Roma (Stato della Chiesa) and Gerusalemme (Giudea) with a Villaggio and a Torre: 5 + 10 + 5 + 10."""
    state = economy_window.economy()
    assert supply_limit(state, "costantinopoli", DATA) == 60
    assert supply_limit(state, "stato_della_chiesa", DATA) == 30
    assert supply_limit(state, "giudea", DATA) == 30
    assert {c.territory: c.supply_bonus for c in DATA.board.religious_capitals.values()} == {
        "stato_della_chiesa": RELIGIOUS_CAPITAL,  # board data (features.toml), not code
        "costantinopoli": RELIGIOUS_CAPITAL,
        "giudea": RELIGIOUS_CAPITAL,
    }


def test_costantinopoli_takes_20_more_vf_in_the_positioning_L2262() -> None:
    """L1534, L2262: Byzantium's 40 VF in Costantinopoli leave room for 20 under its limit of 60."""
    state = economy_window.economy("SET byzantium reinforcements 11")
    outcome = play(state, {"byzantium": ["PLACE 20 IN Costantinopoli"]})
    result = results(outcome, "byzantium")["PLACE 20 IN costantinopoli"]
    assert result.ok, result.reason


def test_terrain_technologies_raise_the_supply_of_their_terrain_only_L2916_L2926_L2930() -> None:
    """Ex L2870 (ROTAZIONE DELLE COLTURE, L2916: "+10 al limite di approvvigionamento in PIANURA"):
    5 VF of a plain with no building, AGRICOLTURA +5 (L2906), then ROTAZIONE DELLE COLTURE reach 20
    (Cumania, the Golden Horde's bare plain). ALLEVAMENTO +5 on HILLS (L2926, ex L2972: Croazia,
    a Villaggio and a Torre, 20 -> 25), CACCIA +5 in WOODS (L2930, ex L2974: Bulgaria del Volga,
    20 -> 25); neither moves a territory of another terrain."""
    powers = [*economy_window.POWERS, "golden_horde"]
    bare = economy_window.economy(powers=powers)
    assert [supply_limit(bare, t, DATA) for t in ("cumania", "croazia", "bulgaria_del_volga")] == [5, 20, 20]
    rotation = "GRANT golden_horde tech ROTAZIONE DELLE COLTURE"
    farmed = economy_window.economy("GRANT golden_horde tech AGRICOLTURA", rotation, powers=powers)
    assert supply_limit(farmed, "cumania", DATA) == 20  # 5 + 5 + 10, ex L2870
    assert supply_limit(farmed, "bulgaria_del_volga", DATA) == 20  # a forest: no plain's bonus
    crafts = ("GRANT hungary tech ALLEVAMENTO", "GRANT golden_horde tech CACCIA")
    herded = economy_window.economy(*crafts, powers=powers)
    assert supply_limit(herded, "croazia", DATA) == 25  # Hungary's hill
    assert supply_limit(herded, "pest", DATA) == supply_limit(bare, "pest", DATA)  # a plain
    assert supply_limit(herded, "bulgaria_del_volga", DATA) == 25  # the Horde's forest
    assert supply_limit(herded, "crimea", DATA) == 20  # the Horde's hill: CACCIA is for woods
