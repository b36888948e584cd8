"""Phase 4, purchases: technologies and buildings (seed 002 L795-890, technology examples L2850-3188)."""

from __future__ import annotations

from typing import cast

from adjudicator.core.dice import Dice
from adjudicator.orders.text import split_order_text
from adjudicator.rulesets.medioevo.orders import PURCHASES
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState
from tests.rules import economy_window

RULES = MedioevoRuleset()
SEED = b"p" * 32
POWERS = ["holy_roman_empire", "hungary", "france", "byzantium"]
# sixteen technologies make LT III (L446); with ARCHITETTURA and INGEGNERIA among them
LT3 = [
    "matematica",
    "architettura",
    "ingegneria",
    "commercio",
    "conio",
    "misticismo",
    "monoteismo",
    "legge",
    "investitura",
    "istruzione",
    "letteratura",
    "agricoltura",
    "allevamento",
    "caccia",
    "forgiatura",
    "tessitura",
]


def economy(*edits: str) -> MedioevoState:
    """Turn 1's economy window, after the GM's edits."""
    return economy_window.economy(*edits, seed=SEED)


def buy(state: MedioevoState, power: str, text: str) -> tuple[MedioevoState, dict[str, str]]:
    """Parse the lines as a mail (non-strict, like the deadline does) and resolve the purchases."""
    submission = RULES.parse(state, power, split_order_text(text).lines, strict=False)
    assert submission.issues == ()
    resolution = RULES.resolve(state, PURCHASES, {power: submission.orders}, Dice(SEED, "T1.purchases"))
    notes = {r.order: (r.note if r.ok else r.reason.message if r.reason else "") for r in resolution.results}
    return cast(MedioevoState, resolution.state), notes


def test_technology_costs_by_level_and_the_start_of_phase_rule() -> None:
    """L801: 100/200/400/600; L803: earlier steps held at the START of the phase."""
    state = economy(
        "SET hungary florins 2000", "GRANT hungary tech COMMERCIO", "GRANT hungary tech MATEMATICA"
    )
    after, notes = buy(state, "hungary", "BUY TECH Conio\nBUY TECH Banche\nBUY TECH Architettura")
    assert notes["BUY TECH conio"] == "paid 200 florins"
    assert notes["BUY TECH banche"] == "BANCHE needs CONIO held at the start of the phase (L803)"
    assert notes["BUY TECH architettura"] == "paid 200 florins"
    assert after.powers["hungary"].techs == ("architettura", "commercio", "conio", "matematica")
    assert after.powers["hungary"].florins == 2000 - 400
    assert after.bank == state.bank + 400


def test_at_most_three_technologies_a_turn() -> None:
    """L807."""
    state = economy("SET hungary florins 2000")
    text = "BUY TECH Commercio\nBUY TECH Matematica\nBUY TECH Legge\nBUY TECH Misticismo"
    after, notes = buy(state, "hungary", text)
    assert notes["BUY TECH misticismo"] == "at most 3 technologies a turn (L807)"
    assert len(after.powers["hungary"].techs) == 3 and after.powers["hungary"].florins == 1700


def test_universita_halves_technology_prices() -> None:
    """L3106: with UNIVERSITÀ held, every technology costs half."""
    state = economy("SET hungary florins 1000", "GRANT hungary tech UNIVERSITÀ")
    _, notes = buy(state, "hungary", "BUY TECH Commercio")
    assert notes["BUY TECH commercio"] == "paid 50 florins"


def test_upgrades_pay_the_difference() -> None:
    """L785: a Village becomes a City for 300-100 = 200; a Tower becomes a Fortilizio for 300-100 = 200."""
    grants = [f"GRANT hungary tech {t}" for t in LT3]
    state = economy("SET hungary florins 1000", *grants)
    assert state.powers["hungary"].tech_level == 3
    after, notes = buy(state, "hungary", "BUILD Città IN Banato\nBUILD Fortilizio IN Bihar")
    assert notes["BUILD city IN banato"] == "paid 200 florins"
    assert notes["BUILD fort IN bihar"] == "paid 200 florins"
    assert after.territories["banato"].buildings == ("tower", "city")
    assert after.territories["bihar"].buildings == ("village", "fort")
    assert after.powers["hungary"].florins == 600


def test_building_prerequisites() -> None:
    """L813-818, ex L3006-3010: Borgo needs ARCHITETTURA and LT II, Castello INGEGNERIA and LT III,
    Cathedral ARCHITETTURA and no Small kingdom; only in own territories (L799)."""
    state = economy("SET hungary florins 5000", "GRANT hungary tech ARCHITETTURA", "GIVE hungary Bosnia")
    after, notes = buy(
        state,
        "hungary",
        "BUILD Borgo IN Banato\nBUILD Castello IN Pest\nBUILD Cattedrale IN Bosnia\n"
        "BUILD Torre IN Parigi\nBUILD Cattedrale IN Banato",
    )
    assert notes["BUILD town IN banato"] == "a Borgo needs LT 2"
    assert notes["BUILD castle IN pest"] == "a Castello needs INGEGNERIA"
    assert notes["BUILD cathedral IN bosnia"] == "no Cattedrale in a Small kingdom (L818)"
    assert notes["BUILD tower IN parigi"] == "Parigi is not yours (L799)"
    assert notes["BUILD cathedral IN banato"] == "paid 1000 florins"
    assert "cathedral" in after.territories["banato"].buildings


def test_misticismo_makes_a_cathedral_cost_950() -> None:
    """Example L2852."""
    state = economy(
        "SET hungary florins 5000", "GRANT hungary tech ARCHITETTURA", "GRANT hungary tech MISTICISMO"
    )
    _, notes = buy(state, "hungary", "BUILD Cattedrale IN Banato")
    assert notes["BUILD cathedral IN banato"] == "paid 950 florins"


def test_fairs_need_a_settlement_commercio_and_architettura_and_mercato_halves_them() -> None:
    """L819-821, L3148, ex L3008 (R18); MERCATO halves Fairs and AGRICOLTURA takes 50 more (L2920, L2908)."""
    state = economy("SET hungary florins 5000", "GRANT hungary tech ARCHITETTURA")
    _, notes = buy(state, "hungary", "BUILD Fiera agricola IN Banato")
    assert notes["BUILD agricultural_fair IN banato"] == "a Fiera agricola needs COMMERCIO"
    state = economy(
        "SET hungary florins 5000",
        *(f"GRANT hungary tech {t}" for t in ("ARCHITETTURA", "COMMERCIO", "MERCATO", "AGRICOLTURA")),
    )
    after, notes = buy(state, "hungary", "BUILD Fiera agricola IN Banato\nBUILD Fiera tessile IN Banato")
    assert notes["BUILD agricultural_fair IN banato"] == "paid 100 florins"
    assert notes["BUILD textile_fair IN banato"] == "paid 150 florins"
    assert after.powers["hungary"].florins == 5000 - 250


def test_a_purchase_beyond_the_florins_fails_and_the_rest_goes_on() -> None:
    state = economy("SET hungary florins 250")
    after, notes = buy(state, "hungary", "BUY TECH Commercio\nBUY TECH Legge\nBUY TECH Matematica")
    assert notes["BUY TECH matematica"] == "MATEMATICA costs 100 florins and you have 50"
    assert after.powers["hungary"].florins == 50
    assert (
        sum(p.florins for p in after.powers.values()) + after.bank
        == sum(p.florins for p in state.powers.values()) + state.bank
    )
