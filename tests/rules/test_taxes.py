"""Phase 5, taxes and loans (seed 002 L892-956) and the technologies of the tax sheet (L2848-3188).

The examples that need an Empire card (GABELLIERE L935 and L2667, the GABELLIERE half of L2868,
USURAI, MERCANTE, VESCOVO, CIAMBELLANO, AVARO) are in test_card_plays.py.
"""

from __future__ import annotations

from typing import cast

from adjudicator.core.dice import Dice
from adjudicator.core.engine import resolve_window
from adjudicator.orders.text import split_order_text
from adjudicator.rulesets.medioevo.board import Terrain
from adjudicator.rulesets.medioevo.church.events import TithePaid
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.events import LoanRepaid, LoanTaken, TaxesCollected
from adjudicator.rulesets.medioevo.orders import RepayLoan, TakeLoan
from adjudicator.rulesets.medioevo.phases import taxes
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState
from tests.rules import economy_window

RULES = MedioevoRuleset()
DATA = RULES.data
SEED = b"t" * 32
POWERS = ["holy_roman_empire", "hungary", "france", "byzantium"]
# eight technologies make LT II, sixteen LT III (L446)
LT2 = ("MATEMATICA", "COMMERCIO", "LEGGE", "MISTICISMO", "AGRICOLTURA", "ALLEVAMENTO", "CACCIA", "ISTRUZIONE")
LT3_MORE = ("CONIO", "TESSITURA", "FORGIATURA", "CARPENTERIA", "MONOTEISMO", "INVESTITURA", "LETTERATURA")


def economy(*edits: str, powers: list[str] = POWERS) -> MedioevoState:
    """Turn 1's economy window, after the GM's edits."""
    return economy_window.economy(*edits, seed=SEED, powers=powers)


def with_params(tech: str, **changes: object) -> DataSet:
    """The shipped data with some params of one technology changed (a GM's rule flag)."""
    known = DATA.technologies[tech]
    changed = known.model_copy(update={"params": {**known.params, **changes}})
    return DATA.model_copy(update={"technologies": {**DATA.technologies, tech: changed}})


def plains(state: MedioevoState, power: str) -> int:
    return sum(1 for t in state.owned_by(power) if DATA.board.territories[t].terrain is Terrain.PLAIN)


def test_example_L933_territories_banche_cathedral_and_lt() -> None:
    """L933: 10 territories, 500 florins saved, BANCHE, 1 Cathedral, LT I collect
    50 + 50 + 50 + 50 = 200 (L894-896, L903)."""
    state = economy(
        "SET hungary florins 500", "GRANT hungary tech BANCHE", "GIVE hungary Rascia Bosnia Valacchia"
    )
    items = taxes.income(state, "hungary", DATA)
    assert items == {"territories": 50, "cathedrals": 50, "tech level": 50, "BANCHE interest": 50}
    assert sum(items.values()) == 200


def test_example_L3124_banche_interest_is_rounded_down() -> None:
    """L3124: BANCHE and 1117 florins give 111 at the start of the Taxes (L903: 10 %, rounded down)."""
    state = economy("SET hungary florins 1117", "GRANT hungary tech BANCHE")
    assert taxes.income(state, "hungary", DATA)["BANCHE interest"] == 111


def test_example_L935_L939_vassallaggio_and_feudalesimo() -> None:
    """L935-939: 12 territories, 4 settlements of which 2 Cities, VASSALLAGGIO and FEUDALESIMO:
    10 x 4 = 40 (L937) and 2 x 50 = 100 (L939). The example's 12 x 5 x 2 = 120 from the territories
    (L935) needs the GABELLIERE card: without it the territories give 12 x 5 = 60."""
    state = economy(
        "GIVE hungary Rascia Zeta Bosnia Valacchia Friuli",
        *(f"GRANT hungary tech {t}" for t in ("MATEMATICA", "VASSALLAGGIO", "FEUDALESIMO")),
        "BUILD Pest city",
        "BUILD Banato city",
        "BUILD Bihar village",
        "BUILD Slavonia village",
        *(f"BUILD {t} tower" for t in ("Slovacchia", "Transilvania", "Croazia", "Rascia", "Zeta", "Friuli")),
    )
    assert len(state.owned_by("hungary")) == 12
    items = taxes.income(state, "hungary", DATA)
    assert items["territories"] == 60
    assert items["VASSALLAGGIO"] == 40
    assert items["FEUDALESIMO"] == 100
    assert "cathedrals" not in items  # the Borgo with its Cathedral became a plain City


def test_example_L3000_vassallaggio_counts_settlements_of_any_level() -> None:
    """L3000: VASSALLAGGIO, 3 Villages and 1 City: 40 florins. Per settlement (L906, L3028), not
    per Village only as the tax sheet says (L954)."""
    state = economy(
        "GRANT hungary tech VASSALLAGGIO",
        "BUILD Pest city tower",
        "BUILD Banato village",
        "BUILD Bihar village",
        "BUILD Slavonia village",
        *(f"BUILD {t} tower" for t in ("Slovacchia", "Transilvania", "Croazia")),
    )
    assert taxes.income(state, "hungary", DATA)["VASSALLAGGIO"] == 40


def test_vassallaggio_at_setup_pays_for_every_home_settlement() -> None:
    """L906: Hungary's seven home settlements (a Borgo and six Villages) give 70."""
    state = economy("GRANT hungary tech VASSALLAGGIO")
    assert taxes.income(state, "hungary", DATA)["VASSALLAGGIO"] == 70


def test_example_L3002_feudalesimo_pays_50_per_city() -> None:
    """L3002: FEUDALESIMO, 4 Castles and 2 Cities: 100 florins in the Taxes (L907, L3034; the
    sheet's SIGNORIA, L955). The 4 VF of the same example are reinforcements (test_reinforcements)."""
    state = economy(
        "GRANT hungary tech FEUDALESIMO",
        "BUILD Pest city castle",
        "BUILD Banato city castle",
        "BUILD Bihar village castle",
        "BUILD Slavonia village castle",
    )
    items = taxes.income(state, "hungary", DATA)
    assert items["FEUDALESIMO"] == 100


def test_example_L2868_mulino_bought_pays_30_for_6_plains_in_the_same_turn() -> None:
    """L2868: 6 PLAINS; MULINO bought in the Purchases gives 30 more florins in that turn's Taxes
    (L2914, ruling R10), without MATEMATICA (ruling R11). The 60 of the next turn needs GABELLIERE."""
    state = economy("GRANT hungary tech AGRICOLTURA", "GIVE hungary Valacchia Slesia")
    assert plains(state, "hungary") == 6 and "matematica" not in state.powers["hungary"].techs
    submission = RULES.parse(state, "hungary", split_order_text("BUY TECH Mulino").lines)
    assert submission.issues == ()
    outcome = resolve_window(RULES, state, {"hungary": submission.orders}, SEED)
    collected = next(e for e in outcome.events if isinstance(e, TaxesCollected) and e.power == "hungary")
    assert collected.items["MULINO"] == 30
    assert collected.items == {"territories": 45, "cathedrals": 50, "tech level": 50, "MULINO": 30}


def test_mulino_counts_plains_only() -> None:
    """L2914: +5 per PLAIN owned; Hungary's home kingdom has 4 plains of 7 territories."""
    state = economy("GRANT hungary tech MULINO")
    assert plains(state, "hungary") == 4
    assert taxes.income(state, "hungary", DATA)["MULINO"] == 20


def test_mulino_needs_matematica_only_under_the_flag() -> None:
    """L905 makes MULINO depend on MATEMATICA, L2914 and ex L2868 do not (ruling R11): with
    ``tax_requires_matematica = true`` MULINO pays only with MATEMATICA."""
    strict = with_params("mulino", tax_requires_matematica=True)
    state = economy("GRANT hungary tech MULINO")
    assert "MULINO" not in taxes.income(state, "hungary", strict)
    state = economy("GRANT hungary tech MULINO", "GRANT hungary tech MATEMATICA")
    assert taxes.income(state, "hungary", strict)["MULINO"] == 20


def test_technology_amounts_come_from_the_data() -> None:
    """The amounts are the technologies' params (technologies.toml), not constants in the code."""
    state = economy("GRANT hungary tech VASSALLAGGIO")
    assert (
        taxes.income(state, "hungary", with_params("vassallaggio", tax_per_settlement=20))["VASSALLAGGIO"]
        == 140
    )


def test_no_technology_no_technology_line() -> None:
    """L894-896: a power with no technology collects the base lines only."""
    state = economy()
    assert taxes.income(state, "hungary", DATA) == {"territories": 35, "cathedrals": 50, "tech level": 50}


def test_golden_horde_collects_5_per_unoccupied_russian_principality() -> None:
    """L899: +5 per Russian principality (Kiev, Turov, Cernigov, Polotsk, Smelensk, Rostov,
    Murom/Ryazan', Vladimir) while no player occupies it; the other powers get nothing for them."""
    powers = ["golden_horde", "hungary", "novgorod"]
    state = economy(powers=powers)
    assert taxes.income(state, "golden_horde", DATA)["Russian principalities"] == 40
    assert "Russian principalities" not in taxes.income(state, "hungary", DATA)
    state = economy("GIVE novgorod Rostov", "GIVE golden_horde Kiev", powers=powers)
    assert taxes.income(state, "golden_horde", DATA)["Russian principalities"] == 30


def test_the_ruleset_collects_the_sheet_and_keeps_the_bank_whole() -> None:
    """L892-907 through the phase as the ruleset runs it: income paid by the bank, line by line."""
    state = economy("GRANT hungary tech MULINO", "GRANT hungary tech VASSALLAGGIO")
    resolution = taxes.resolve(state, {}, Dice(SEED, "T1.taxes"), DATA)
    after = cast(MedioevoState, resolution.state)
    collected = next(e for e in resolution.events if isinstance(e, TaxesCollected) and e.power == "hungary")
    assert collected.items == taxes.income(state, "hungary", DATA)
    tithe = next(e.amount for e in resolution.events if isinstance(e, TithePaid) and e.power == "hungary")
    assert tithe == 22 and not after.powers["hungary"].pope  # the Pope's tenth, rounded down (L2186, R308)
    assert (
        after.powers["hungary"].florins == state.powers["hungary"].florins + collected.total - tithe == 1203
    )
    assert after.bank + sum(p.florins for p in after.powers.values()) == state.bank + sum(
        p.florins for p in state.powers.values()
    )


def test_loan_bonuses_of_banche_and_gilde_add_up() -> None:
    """L911-913: 1d4 x 100 at LT I, +100 with BANCHE, +200 with GILDE; both: +300 (digest A24)."""
    state = economy("GRANT hungary tech BANCHE", "GRANT hungary tech GILDE")
    resolution = taxes.resolve(state, {"hungary": [TakeLoan()]}, Dice(SEED, "T1.taxes", loaded=[2]), DATA)
    taken = next(e for e in resolution.events if isinstance(e, LoanTaken))
    assert (taken.die, taken.amount) == (2, 500)
    assert cast(MedioevoState, resolution.state).powers["hungary"].loans == (500,)


def loan(state: MedioevoState, die: int) -> tuple[int, LoanTaken]:
    """Hungary asks for a loan with the die loaded; (the die's sides, the loan)."""
    dice = Dice(SEED, "T1.taxes", loaded=[die])
    resolution = taxes.resolve(state, {"hungary": [TakeLoan()]}, dice, DATA)
    return dice.rolls[0].sides, next(e for e in resolution.events if isinstance(e, LoanTaken))


def test_example_L3130_banche_loan_at_lt_iii() -> None:
    """L3130: LT III with BANCHE rolls 1d8 x 100 and adds 100 (L911-913)."""
    state = economy(*(f"GRANT hungary tech {t}" for t in (*LT2, *LT3_MORE, "BANCHE")))
    assert state.powers["hungary"].tech_level == 3
    sides, taken = loan(state, 7)
    assert (sides, taken.amount) == (8, 800)


def test_example_L3134_gilde_loan_at_lt_ii() -> None:
    """L3134: LT II with GILDE rolls 1d6 x 100 and adds 200 (L911-913)."""
    state = economy(*(f"GRANT hungary tech {t}" for t in (*LT2[:7], "GILDE")))
    assert state.powers["hungary"].tech_level == 2
    sides, taken = loan(state, 3)
    assert (sides, taken.amount) == (6, 500)


def test_repay_then_borrow_again_in_the_same_phase() -> None:
    """L915-917: a loan is repaid with 10 % interest; a second loan needs the first repaid, which
    may happen in the same phase."""
    state = economy().with_power("hungary", loans=(400,))
    orders = {"hungary": [TakeLoan(), RepayLoan()]}  # repayments go first whatever the order (R3)
    resolution = taxes.resolve(state, orders, Dice(SEED, "T1.taxes", loaded=[1]), DATA)
    repaid = next(e for e in resolution.events if isinstance(e, LoanRepaid))
    assert (repaid.principal, repaid.paid) == (400, 440)
    after = cast(MedioevoState, resolution.state)
    assert after.powers["hungary"].loans == (100,)
    income = sum(taxes.income(state, "hungary", DATA).values())
    assert after.powers["hungary"].florins == 1000 + income - income // 10 - 440 + 100  # tithe (R308)


def test_a_second_loan_is_refused_while_one_is_open() -> None:
    """L917: no second loan before the first is repaid."""
    state = economy().with_power("hungary", loans=(400,))
    resolution = taxes.resolve(state, {"hungary": [TakeLoan()]}, Dice(SEED, "T1.taxes"), DATA)
    assert [r.reason.code for r in resolution.results if r.reason] == ["loan-open"]
    assert cast(MedioevoState, resolution.state).powers["hungary"].loans == (400,)


def test_florins_and_waiting_reinforcements_are_told_only_to_their_power() -> None:
    """Ruling R7 (L113: the screen): taxes, loans, purchases and reinforcements are seen by their
    power and the GM; a card's play is public (L558 hides hands, not plays) but not what it made."""
    state = economy("GRANT hungary card MERCENARIO", "GRANT hungary tech FORGIATURA", "BUILD Banato tower")
    mail = "BUY TECH Matematica\nBUILD Villaggio IN Banato\nLOAN\nPLAY Mercenario"
    submission = RULES.parse(state, "hungary", split_order_text(mail).lines)
    assert submission.issues == ()
    outcome = resolve_window(RULES, state, {"hungary": list(submission.orders)}, SEED)
    mine = {"mu-taxes", "mu-loan", "mu-tech-bought", "mu-building-bought", "mu-reinforcements"}
    about_hungary = [e for e in outcome.events if e.payload().get("power") == "hungary"]
    assert mine <= {e.kind for e in about_hungary}
    for event in about_hungary:
        assert event.visibility.allows("hungary") and event.visibility.allows("gm")
        if event.kind in mine:
            assert not event.visibility.allows("france"), event.kind
    (play,) = [e for e in about_hungary if e.kind == "mu-card-played"]
    assert play.visibility.allows("france")
    assert not any(ch.isdigit() for ch in play.summary())
