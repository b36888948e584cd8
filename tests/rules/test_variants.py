"""The optional rules (VARIANTI, seed 002 L3190-3336) as game options: off by default, named in
every report's header when on, and each rule where it acts. The rulebook's examples are scenarios
(tests/scenarios/medioevo/variant_*.yaml); these are the rules without an example."""

from __future__ import annotations

from typing import cast

from adjudicator.core.dice import Dice
from adjudicator.core.engine import resolve_window, window_label
from adjudicator.core.options import GAME_OPTIONS, option_problems
from adjudicator.core.view import PlayerView
from adjudicator.orders.text import split_order_text
from adjudicator.report.model import ReportInput
from adjudicator.report.render import build_document, render_text
from adjudicator.rulesets.medioevo import variants
from adjudicator.rulesets.medioevo.orders import PURCHASES, Build
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState

RULES = MedioevoRuleset()
SEED = b"v" * 32
POWERS = ["hungary", "france"]
BUILDS = ("Banato", "Pest", "Transilvania", "Croazia")  # four of Hungary's territories


def start(**options: bool) -> MedioevoState:
    state, _ = RULES.initial_state("g", POWERS, {"noncontiguous_kingdoms": True, **options}, Dice(SEED, "T0"))
    return cast(MedioevoState, state)


def at_economy(*techs: str, **options: bool) -> MedioevoState:
    """Turn 1's economy window, Hungary rich and its four territories without fortifications."""
    state: MedioevoState = start(**options)
    while window_label(RULES, state) != "T1.economy":
        state = cast(MedioevoState, resolve_window(RULES, state, {}, SEED).state)
    for tech in techs:
        state = cast(MedioevoState, RULES.gm_edit(state, f"GRANT hungary tech {tech}")[0])
    state = state.with_power("hungary", florins=5000)
    for name in BUILDS:
        kept = tuple(
            b for b in state.territories[tid(name)].buildings if b not in ("tower", "fort", "castle")
        )
        state = state.with_territory(tid(name), buildings=kept)
    return state


def towers(state: MedioevoState) -> list[bool]:
    """Whether each of four BUILD Torre orders is carried out in the purchases (given as orders,
    past the arrival checks)."""
    orders = [Build("tower", tid(name)) for name in BUILDS]
    resolution = RULES.resolve(state, PURCHASES, {"hungary": orders}, Dice(SEED, "T1.purchases"))
    return [r.ok for r in resolution.results if r.order.startswith("BUILD")]


def tid(name: str) -> str:
    return next(t for t, info in RULES.board.territories.items() if info.name == name)


def test_variants_are_options_off_by_default_L3192() -> None:
    """L3192: a variant is played only if all agree: each is a game option, true or false, and a
    game created without it keeps the state JSON it had before (no ``variants`` key)."""
    known = {**GAME_OPTIONS, **RULES.game_options}
    assert option_problems({"variant_war_balance": True, "variant_start_bonus": False}, known) == []
    assert option_problems({"variant_war_balance": "yes"}, known) == [
        "option variant_war_balance 'yes': expected true or false"
    ]
    plain = start()
    assert "variants" not in plain.to_json()
    assert plain.powers["hungary"].florins == 1000
    assert start(variant_start_bonus=False).to_json() == plain.to_json()
    chosen = start(variant_war_balance=True, variant_start_bonus=True)
    assert chosen.variants == ("variant_start_bonus", "variant_war_balance")
    assert MedioevoState.from_json(chosen.to_json()) == chosen


def test_bonus_order_refused_without_the_variant_L3306() -> None:
    state = start()
    while window_label(RULES, state) != "T1.cards":
        state = cast(MedioevoState, resolve_window(RULES, state, {}, SEED).state)
    submission = RULES.parse(state, "hungary", split_order_text("BONUS AGRICOLTURA").lines)
    assert [i.message for i in submission.issues] == [
        "BONUS is an order of the variant BONUS INIZIO PARTITA (L3306-3308), not on in this game"
    ]


def test_fortification_cap_by_lt_L3336() -> None:
    """L3336: with BILANCIAMENTO FORTIFICAZIONI at most 3 fortification levels a turn at LT I:
    the fourth Torre is refused; without the variant all four are built."""
    assert towers(at_economy()) == [True, True, True, True]
    capped = at_economy(variant_fortification_cap=True)
    assert towers(capped) == [True, True, True, False]
    mail = split_order_text("\n".join(f"BUILD Torre IN {t}" for t in BUILDS)).lines
    issues = RULES.parse(capped, "hungary", mail).issues
    assert [i.message for i in issues] == [
        "a Torre adds 1 fortification level(s) to the 3 raised this turn: at most 3 a turn at your LT "
        "(variant BILANCIAMENTO FORTIFICAZIONI, L3336)"
    ]


def test_fortification_cap_carpenteria_and_lt_ii_L3336_L2978() -> None:
    """Ex L2978: with CARPENTERIA "4 fortificazioni invece di 3" (ruling R341); at LT II (8
    technologies, L446) the cap is 6."""
    assert towers(at_economy("CARPENTERIA", variant_fortification_cap=True)) == [True] * 4
    eight = (
        "AGRICOLTURA",
        "ALLEVAMENTO",
        "CACCIA",
        "FORGIATURA",
        "TESSITURA",
        "LEGGE",
        "MATEMATICA",
        "COMMERCIO",
    )
    assert towers(at_economy(*eight, variant_fortification_cap=True)) == [True] * 4


def test_war_balance_penalty_L3226_L3244() -> None:
    """L3226: the larger side loses the difference each; ex L3244: 5 against 2 lose 3 PO each;
    ex L3242: 1 against 3, the 3 lose 2; equal sides lose nothing."""
    assert variants.balance_penalty(5, 2) == (3, 0)
    assert variants.balance_penalty(1, 3) == (0, 2)
    assert variants.balance_penalty(2, 2) == (0, 0)


def _report_text(state: MedioevoState) -> str:
    view = PlayerView(
        viewer="hungary",
        game="g",
        ruleset="medioevo",
        turn=1,
        window="T1.bids",
        data=RULES.view(state, "hungary"),
    )
    return render_text(build_document(ReportInput(view=view, label="T0.setup", next_label="T1.bids"), RULES))


def test_report_header_names_the_variants_on_L3190() -> None:
    """Every report's header names the variants in play (digest part 3 §7), and says nothing of
    them in a game without any."""
    text = _report_text(start(variant_fortification_cap=True, variant_war_balance=True))
    header = text.split("\n\n")[0]
    assert (
        "Variants in play (L3192): BILANCIAMENTO FORTIFICAZIONI (L3334-3336); BILANCIAMENTO "
        "DICHIARAZIONI DI GUERRA (L3224-3226)." in header.replace("\n", " ")
    )
    assert "Variants" not in _report_text(start())
