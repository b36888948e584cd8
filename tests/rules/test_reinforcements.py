"""Phase 6, reinforcements (seed 002 L962-1006) and the technologies of the reinforcement sheet.

Not here, because they need orders or cards: INVESTITURA's VF bought for 15 florins (L988,
ex L2998) and prisoners (L1006) are in test_prisoners.py; MERCENARIO (ex L972), CARDINALE and
CAVALIERE with the cards; FANATISMO's 7 VF in a crusade turn (ex L2864, L1474) waits for the
CROCIATA.
"""

from __future__ import annotations

from typing import cast

from adjudicator.core.engine import resolve_window, window_label
from adjudicator.rulesets.medioevo.events import ReinforcementsGranted
from adjudicator.rulesets.medioevo.phases import reinforcements
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState
from tests.rules import economy_window

RULES = MedioevoRuleset()
DATA = RULES.data
SEED = b"r" * 32
POWERS = ["holy_roman_empire", "hungary", "france", "byzantium"]


def economy(*edits: str, powers: list[str] = POWERS) -> MedioevoState:
    """Turn 1's economy window, after the GM's edits, with the Papal State (the Pope's, L2172,
    R321) left without owner, so each sheet is the examples' plain kingdom."""
    return economy_window.economy(*edits, seed=SEED, powers=powers, papal_state=False)


def granted(state: MedioevoState, power: str) -> ReinforcementsGranted:
    """The reinforcements of one power as the economy window grants them."""
    outcome = resolve_window(RULES, state, {}, SEED)
    return next(e for e in outcome.events if isinstance(e, ReinforcementsGranted) and e.power == power)


def test_example_L974_home_kingdom_two_small_kingdoms_and_fanatismo() -> None:
    """L974: the whole home kingdom, 2 Small kingdoms and FANATISMO give 11 VF: 7 (L982, at most 7)
    + 1 + 1 (Small kingdoms, L982) + 2 (FANATISMO, L987)."""
    state = economy("GIVE hungary Bosnia Valacchia", "GRANT hungary tech FANATISMO")
    items = reinforcements.reinforcements(state, "hungary", DATA)
    assert items == {
        "home kingdom": 7,
        "kingdom Banato di Bosnia": 1,
        "kingdom Voivodati valacchi": 1,
        "FANATISMO": 2,
    }
    assert sum(items.values()) == 11


def test_example_L2864_fanatismo_gives_2_vf_every_turn() -> None:
    """L2864 (and L987, L2902): FANATISMO gives 2 VF free every turn. The 7 VF of the crusade turn
    wait for the CROCIATA (L1474)."""
    state = economy("GRANT hungary tech FANATISMO")
    first = granted(state, "hungary")
    assert first.items["FANATISMO"] == 2
    state = cast(MedioevoState, resolve_window(RULES, state, {}, SEED).state)
    while window_label(RULES, state) != "T2.economy":
        state = cast(MedioevoState, resolve_window(RULES, state, {}, SEED).state)
    assert granted(state, "hungary").items["FANATISMO"] == 2


def test_example_L3002_feudalesimo_gives_1_vf_per_castle() -> None:
    """L3002: FEUDALESIMO with 4 Castles gives 4 VF (L989, L3036; the example says 'during the
    Taxes', the texts put the VF in the Reinforcements). The 100 florins are in test_taxes."""
    state = economy(
        "GRANT hungary tech FEUDALESIMO",
        "BUILD Pest city castle",
        "BUILD Banato city castle",
        "BUILD Bihar village castle",
        "BUILD Slavonia village castle",
    )
    assert reinforcements.reinforcements(state, "hungary", DATA)["FEUDALESIMO"] == 4
    assert granted(state, "hungary").items["FEUDALESIMO"] == 4


def test_religious_capitals_give_2_vf_each() -> None:
    """L995 (the reinforcement sheet, digest A22): 2 VF per religious capital owned. Byzantium
    starts with Costantinopoli; Roma and Gerusalemme given to Hungary give it 4."""
    state = economy()
    assert reinforcements.reinforcements(state, "byzantium", DATA)["religious capitals"] == 2
    assert "religious capitals" not in reinforcements.reinforcements(state, "hungary", DATA)
    state = economy("GIVE hungary Stato_della_Chiesa Giudea")
    assert reinforcements.reinforcements(state, "hungary", DATA)["religious capitals"] == 4
    assert granted(state, "byzantium").items == {"home kingdom": 7, "religious capitals": 2}


def test_golden_horde_gets_1_vf_per_3_unoccupied_principalities() -> None:
    """L990, the sheet's '1 o 2' (L996): 8 principalities free give 2 VF; 5 free give 1."""
    powers = ["golden_horde", "hungary", "novgorod"]
    state = economy(powers=powers)
    assert reinforcements.reinforcements(state, "golden_horde", DATA)["Russian principalities"] == 2
    state = economy("GIVE novgorod Rostov Vladimir", "GIVE golden_horde Kiev", powers=powers)
    assert reinforcements.reinforcements(state, "golden_horde", DATA)["Russian principalities"] == 1


def test_other_kingdoms_count_only_when_held_whole_by_size() -> None:
    """L982: +1 Small, +2 Minor, +3 Large, +4 Major, for kingdoms held whole besides the home one;
    the home kingdom counts its territories still held."""
    state = economy("GIVE hungary Emilia Marche Lazio Zeta", "GIVE holy_roman_empire Croazia")
    items = reinforcements.reinforcements(state, "hungary", DATA)
    minor = DATA.board.kingdoms[DATA.board.territories["emilia"].kingdom]
    assert items == {"home kingdom": 6, f"kingdom {minor.name}": 2}  # Serbia (Zeta, Rascia) not whole


def test_reinforcements_wait_for_the_placement() -> None:
    """L962-1004: the VF granted are added to the power's reinforcements, to place in phase 8."""
    state = economy("GRANT hungary tech FANATISMO")
    resolution = reinforcements.resolve(state, {}, DATA)
    after = cast(MedioevoState, resolution.state)
    assert after.powers["hungary"].reinforcements == state.powers["hungary"].reinforcements + 9
    assert after.powers["byzantium"].reinforcements == state.powers["byzantium"].reinforcements + 9


def test_vf_recovered_after_battle_join_the_next_reinforcements_once_R236() -> None:
    """L3140, L3144 ("tutti VF recuperati rientrano in gioco nella prossima fase Rinforzi"): the VF
    CHIRURGIA or OSPEDALE recovered at the end of last turn's combat are a line of the sheet, added
    to the reinforcements, and counted once (the next turn starts from none)."""
    state = economy()
    state = state.with_power("hungary", recovered=2)
    assert reinforcements.reinforcements(state, "hungary", DATA)["recovered from battle"] == 2
    after = cast(MedioevoState, reinforcements.resolve(state, {}, DATA).state)
    assert after.powers["hungary"].reinforcements == state.powers["hungary"].reinforcements + 7 + 2
    assert after.powers["hungary"].recovered == 0
    assert "recovered from battle" not in reinforcements.reinforcements(after, "hungary", DATA)
