"""Buildings bought in phase 4 reach the map in the positioning, phase 8 (seed 002 L1534, L809,
L420-424; ruling R80): the taxes (phase 5) and reinforcements (phase 6) of their turn count what
stood on the map before them; from the next turn they count. The same for every line that counts
buildings: the Cathedral's 50 (L897), VASSALLAGGIO (L906), FEUDALESIMO's Cities and Castles (L907,
L989), and the cards paid per building, VESCOVO (L2766), CARDINALE (L2526), CAVALIERE (L2544)."""

from __future__ import annotations

from typing import cast

from adjudicator.core.engine import WindowOutcome, resolve_window, window_label
from adjudicator.rulesets.medioevo.events import ReinforcementsGranted, TaxesCollected
from adjudicator.rulesets.medioevo.state import MedioevoState
from tests.rules import economy_window
from tests.rules.economy_window import RULES, SEED, events, play, results

# sixteen technologies make LT III (L446): Cities and Castles need it (L814, L817)
LT3 = (
    "MATEMATICA", "COMMERCIO", "LEGGE", "MISTICISMO", "AGRICOLTURA", "ALLEVAMENTO", "CACCIA",
    "ARCHITETTURA", "INGEGNERIA", "FEUDALESIMO", "VASSALLAGGIO", "MONOTEISMO", "INVESTITURA",
    "CONIO", "TESSITURA", "FORGIATURA",
)  # fmt: skip


CALM = {"T1.events": [5]}
"""Phase 7's icon 5: the top card's third icon, a market slump (its first two would hurt Banato)."""


def economy(*edits: str) -> MedioevoState:
    return economy_window.economy(
        *(f"GRANT hungary tech {t}" for t in LT3), "SET hungary florins 5000", *edits
    )


def taxes_of(outcome: WindowOutcome, power: str = "hungary") -> dict[str, int]:
    return next(e.items for e in events(outcome) if isinstance(e, TaxesCollected) and e.power == power)


def vf_of(outcome: WindowOutcome, power: str = "hungary") -> dict[str, int]:
    return next(e.items for e in events(outcome) if isinstance(e, ReinforcementsGranted) and e.power == power)


def next_economy(state: MedioevoState) -> MedioevoState:
    """From the window after an economy window (its turn's war), the next turn's economy window,
    every power silent meanwhile."""
    target = f"T{state.turn + 1}.economy"
    for _ in range(6):
        if window_label(RULES, state) == target:
            return state
        state = cast(MedioevoState, resolve_window(RULES, state, {}, SEED).state)
    raise AssertionError(f"{target} not reached")


def test_a_cathedral_bought_pays_from_the_next_turn_L1534_L897() -> None:
    """L897: +50 per Cathedral; L1534: the one bought in phase 4 is placed in phase 8, after the
    taxes: Hungary (Cathedral in Pest) buys one in Banato and collects 50 this turn, 100 the next."""
    outcome = play(economy(), {"hungary": ["BUILD cathedral IN Banato"]}, CALM)
    assert results(outcome, "hungary")["BUILD cathedral IN banato"].ok
    assert taxes_of(outcome)["cathedrals"] == 50
    later = next_economy(cast(MedioevoState, outcome.state))
    assert taxes_of(resolve_window(RULES, later, {}, SEED))["cathedrals"] == 100


def test_feudalesimo_counts_the_city_and_castle_from_the_next_turn_L907_L989() -> None:
    """L907, L989, ex L3002: FEUDALESIMO pays 50 per City in the taxes and 1 VF per Castle in the
    reinforcements; a City and a Castle raised in Pest this turn are not on the map until the
    positioning, so they pay nothing this turn; the next turn they do."""
    outcome = play(economy(), {"hungary": ["BUILD city IN Pest", "BUILD castle IN Pest"]})
    assert "FEUDALESIMO" not in taxes_of(outcome)
    assert "FEUDALESIMO" not in vf_of(outcome)
    later = resolve_window(RULES, next_economy(cast(MedioevoState, outcome.state)), {}, SEED)
    assert taxes_of(later)["FEUDALESIMO"] == 50
    assert vf_of(later)["FEUDALESIMO"] == 1


def test_vassallaggio_counts_a_new_settlement_from_the_next_turn_L906() -> None:
    """L906, ex L3000: VASSALLAGGIO pays 10 per settlement; a Village raised on Bihar's empty site
    this turn is placed in the positioning and pays from the next turn."""
    state = economy("BUILD Bihar tower")
    before = taxes_of(resolve_window(RULES, state, {}, SEED))["VASSALLAGGIO"]
    outcome = play(state, {"hungary": ["BUILD village IN Bihar"]}, CALM)
    assert taxes_of(outcome)["VASSALLAGGIO"] == before
    later = resolve_window(RULES, next_economy(cast(MedioevoState, outcome.state)), {}, SEED)
    assert taxes_of(later)["VASSALLAGGIO"] == before + 10


def test_cards_paid_per_building_count_what_is_on_the_map_L2766_L2544() -> None:
    """L2766 (VESCOVO, 100 per Cathedral with MONOTEISMO) pays for Pest's Cathedral only, not for
    the one bought in Banato this turn; L2544 (CAVALIERE, per Castle) with only a Castle bought
    this turn counts none: it is refused and stays in hand (R49)."""
    state = economy("GRANT hungary card VESCOVO", "GRANT hungary card CAVALIERE")
    outcome = play(
        state,
        {
            "hungary": [
                "BUILD cathedral IN Banato",
                "BUILD castle IN Pest",
                "PLAY Vescovo",
                "PLAY Cavaliere",
            ]
        },
    )
    assert taxes_of(outcome)["VESCOVO"] == 100
    cavaliere = results(outcome, "hungary")["PLAY cavaliere"]
    assert not cavaliere.ok and cavaliere.reason is not None
    assert cavaliere.reason.message == "CAVALIERE pays per Castello: you own none"
    assert "cavaliere" in cast(MedioevoState, outcome.state).powers["hungary"].cards
