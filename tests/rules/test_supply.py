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
