"""The purchases played power by power in turn order, a game option (issue 16, ruling R96).

Seed 002 L458: every phase but the Empire cards, diplomacy and combat "si possono svolgere
contemporaneamente": the players may buy at once, or one after the other in the turn order of
phase 1 (L460-474). With ``purchases_order = "in_turn"`` the purchases (L795-890) are one step per
power in turn order, each on the state the powers before it left; taxes, reinforcements and the
positioning are the closing step. The default stays simultaneous (design.md §6).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, cast

import pytest

from adjudicator.core.dice import Dice
from adjudicator.core.engine import WindowOutcome, resolve_window, window_label
from adjudicator.core.options import option_problems
from adjudicator.core.orders import IssueKind, Order
from adjudicator.core.stepping import open_step, resolve_step, resolve_steps, step_label
from adjudicator.core.steps import CLOSE, Step
from adjudicator.errors import AdjudicatorError
from adjudicator.orders.text import split_order_text
from adjudicator.report.render import render_report
from adjudicator.rulesets.medioevo.events_phase.phase import EVENTS
from adjudicator.rulesets.medioevo.orders import PLACEMENT, PURCHASES, REINFORCEMENTS, TAXES
from adjudicator.rulesets.medioevo.ruleset import GAME_OPTIONS
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.service.judge import Judge
from tests.conftest import order_mail
from tests.rules.economy_window import POWERS, RULES, SEED, mail

IN_TURN = {"purchases_order": "in_turn"}
ORDER = ("hungary", "byzantium", "france", "holy_roman_empire")  # turn 1's, drawn from SEED (L462)
BUYS = {  # each power buys in its own lands only: nothing one buys changes what another may
    "hungary": ("BUILD cathedral IN Banato",),
    "byzantium": ("BUY TECH caccia", "BUY TECH agricoltura"),
    "france": ("BUILD cathedral IN Normandia",),
    "holy_roman_empire": ("BUY TECH misticismo",),
}
BUILDERS = tuple(f"GRANT {p} tech architettura" for p in ORDER)  # a cathedral needs it (L818)


def economy(options: Mapping[str, Any], *edits: str) -> MedioevoState:
    """Turn 1's economy window of a game created with ``options``, after the GM's edits."""
    state, _ = RULES.initial_state("g", list(POWERS), options, Dice(SEED, "T0.setup"))
    while window_label(RULES, state) != "T1.economy":
        state = resolve_window(RULES, state, {}, SEED).state
    for line in edits:
        state, _ = RULES.gm_edit(state, line)
    return cast(MedioevoState, state)


def issues(state: MedioevoState, power: str, *lines: str, strict: bool = True) -> list[tuple[IssueKind, str]]:
    submission = RULES.parse(state, power, split_order_text("\n".join(lines)).lines, strict=strict)
    return [(i.kind, i.message) for i in submission.issues]


def early(state: MedioevoState, power: str, *lines: str) -> tuple[Order, ...]:
    """A mail's orders read as early orders are (for a later step: checked when it resolves)."""
    submission = RULES.parse(state, power, split_order_text("\n".join(lines)).lines, strict=False)
    assert submission.issues == (), submission.issues
    return submission.orders


def steps_of(state: MedioevoState, mails: Mapping[str, Sequence[str]]) -> tuple[WindowOutcome, ...]:
    """The window played step by step, each power's mail read on the state its step opens on."""
    orders = {p: early(state, p, *lines) for p, lines in mails.items()}
    return resolve_steps(RULES, state, orders, SEED)


def totals(state: MedioevoState) -> dict[str, Any]:
    """What the purchases leave: florins, technologies, buildings, pieces, the bank."""
    return {
        "powers": {p: (s.florins, s.techs) for p, s in state.powers.items()},
        "buildings": {t: (s.owner, s.buildings, s.damaged) for t, s in state.territories.items()},
        "pieces": state.pieces,
        "bank": state.bank,
    }


def test_the_option_is_declared_checked_and_simultaneous_by_default_L458() -> None:
    assert option_problems({"purchases_order": "in_turn"}, GAME_OPTIONS) == []
    (problem,) = option_problems({"purchases_order": "sometimes"}, GAME_OPTIONS)
    assert problem == "option purchases_order 'sometimes': expected one of together, in_turn"
    with pytest.raises(AdjudicatorError, match="expected one of together, in_turn"):
        RULES.initial_state("g", list(POWERS), {"purchases_order": 1}, Dice(SEED, "T0.setup"))
    together = economy({})
    assert "purchases_order" not in together.to_json()  # the digests of existing games stand
    assert economy({"purchases_order": "together"}).digest() == together.digest()
    assert open_step(RULES, together) is None and RULES.next_step(together, ()) is None
    assert economy(IN_TURN).to_json()["purchases_order"] == "in_turn"


def test_in_turn_the_economy_is_a_step_per_power_in_turn_order_then_the_close_L460_L795() -> None:
    state = economy(IN_TURN, *BUILDERS)
    assert state.turn_order == ORDER
    first = open_step(RULES, state)
    assert first == Step(("hungary",), (PURCHASES,))
    outcomes = steps_of(state, BUYS)
    assert [o.label for o in outcomes] == [
        "T1.economy.1-hungary",
        "T1.economy.2-byzantium",
        "T1.economy.3-france",
        "T1.economy.4-holy_roman_empire",
        "T1.economy.5-close",
    ]
    close = open_step(RULES, outcomes[-2].state)
    assert close == Step(tuple(sorted(POWERS)), (TAXES, REINFORCEMENTS, EVENTS, PLACEMENT), CLOSE)
    assert [p.phase for o in outcomes[:4] for p in o.phases] == [PURCHASES] * 4
    assert window_label(RULES, outcomes[-1].state) == "T1.war" and outcomes[-1].state.steps == ()


def test_the_bids_and_cards_windows_stay_simultaneous_L458() -> None:
    state, _ = RULES.initial_state("g", list(POWERS), IN_TURN, Dice(SEED, "T0.setup"))
    while window_label(RULES, state) != "T1.economy":
        assert open_step(RULES, state) is None and RULES.next_step(state, ()) is None
        state = resolve_window(RULES, state, {}, SEED).state


def test_the_second_power_sees_the_purchases_of_the_first_L795_L811() -> None:
    state = economy(IN_TURN, *BUILDERS)
    orders = {"hungary": mail(state, "hungary", *BUYS["hungary"])}
    after = cast(MedioevoState, resolve_step(RULES, state, open_step(RULES, state), orders, SEED).state)  # type: ignore[arg-type]
    assert step_label(RULES, after, open_step(RULES, after)) == "T1.economy.2-byzantium"  # type: ignore[arg-type]
    seen = RULES.view(after, "byzantium")
    assert "cathedral" in seen["territories"]["banato"]["buildings"]
    assert "florins" not in seen["powers"]["hungary"]  # what hungary paid stays its own (R7)
    assert [s["powers"] for s in seen["steps"]] == [["hungary"]]
    before = RULES.view(state, "byzantium")
    assert "cathedral" not in before["territories"]["banato"]["buildings"]


def test_independent_purchases_leave_the_same_totals_as_together_L795_L890() -> None:
    together = economy({}, *BUILDERS)
    orders = {p: mail(together, p, *lines) for p, lines in BUYS.items()}
    window = resolve_window(RULES, together, orders, SEED)  # the purchases, before phase 7's dice
    at_once = cast(MedioevoState, next(o.state for o in window.phases if o.phase == PURCHASES))
    in_turn = cast(MedioevoState, steps_of(economy(IN_TURN, *BUILDERS), BUYS)[-2].state)
    assert totals(in_turn) == totals(at_once)
    assert at_once.powers["france"].florins < together.powers["france"].florins  # it did buy
    assert "caccia" in at_once.powers["byzantium"].techs


def test_a_later_power_repairs_in_its_own_step_before_its_damage_counts_L1024() -> None:
    """Unrepaired buildings lose a level at the end of their owner's purchases, not of the first
    power's step: france, third, still repairs its Borgo (L1024, L1056)."""
    state = economy(IN_TURN, "DAMAGE Parigi town")
    outcomes = steps_of(state, {"france": ("REPAIR Borgo IN Parigi",)})
    after_hungary = cast(MedioevoState, outcomes[0].state)
    assert after_hungary.territories["parigi"].damaged != {}
    end = cast(MedioevoState, outcomes[-1].state)
    assert end.territories["parigi"].buildings[0] == "town" and end.territories["parigi"].damaged == {}


def test_lines_of_another_step_are_refused_with_the_step_they_belong_to_L795() -> None:
    state = economy(IN_TURN)
    assert issues(state, "hungary", "BUY TECH agricoltura", "PLACE 3 IN Pest", "LOAN") == [
        (
            IssueKind.NOT_NOW,
            "PLACE is for the closing step of T1.economy: send it when that step opens, "
            "or now with WINDOW T1.economy",
        ),
        (
            IssueKind.NOT_NOW,
            "LOAN is for the closing step of T1.economy: send it when that step opens, "
            "or now with WINDOW T1.economy",
        ),
    ]
    (refused,) = issues(state, "france", "BUY TECH allevamento")
    assert refused[1].startswith("BUY is for your own purchases step of T1.economy")
    assert issues(state, "france", "BUY TECH allevamento", "PLACE 3 IN Parigi", strict=False) == []
    assert [type(o).__name__ for o in RULES.legal_orders(state, "hungary")][:1] == ["BuyTech"]
    assert list(RULES.legal_orders(state, "france")) == []
    closing = steps_of(state, {})[-2].state
    assert open_step(RULES, closing).kind == CLOSE  # type: ignore[union-attr]
    assert issues(cast(MedioevoState, closing), "hungary", "BUY TECH agricoltura") == [
        (
            IssueKind.NOT_NOW,
            "BUY is an order for the purchases phase, which is over in T1.economy: "
            "each power bought in its own step, in turn order",
        )
    ]
    assert issues(cast(MedioevoState, closing), "hungary", "PLACE 3 IN Pest", "LOAN") == []


def test_a_game_created_in_turn_opens_the_first_powers_purchases_step(judge: Judge) -> None:
    now = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
    secrets = judge.create_game("g1", "medioevo", POWERS, IN_TURN, seed=SEED, now=now)
    judge.adjudicate("g1", force=True, now=now)  # the cards window, every power silent
    state = cast(MedioevoState, judge.state("g1"))
    first, second = state.turn_order[:2]
    assert judge.game("g1")[1].label == f"T1.economy.1-{first}"
    receipt = judge.submit(order_mail("g1", first, secrets[first], "BUY TECH agricoltura", "READY"), now=now)
    assert not receipt.rejected
    judge.adjudicate("g1", force=True, now=now)
    assert judge.game("g1")[1].label == f"T1.economy.2-{second}"
    assert "agricoltura" in judge.view("g1", second).data["powers"][first]["techs"]
    report = render_report(judge.report_input("g1", f"T1.economy.1-{first}", second), RULES)
    assert f"T1.economy.1-{first}" in report.text
    with pytest.raises(AdjudicatorError, match="purchases_order"):
        judge.create_game("g2", "medioevo", POWERS, {"purchases_order": "later"}, seed=SEED, now=now)


def test_a_taccagno_binds_the_purchases_of_the_later_steps_L2750() -> None:
    """Hungary, first, hands France (third) TACCAGNO: France buys nothing, as when all buy at once."""
    grants = ("GRANT hungary card TACCAGNO", "GRANT hungary tech matematica")
    mails = {"hungary": ("PLAY Taccagno ON france",), "france": ("BUY TECH allevamento",)}
    outcomes = steps_of(economy(IN_TURN, *grants), mails)
    (refused,) = [r for o in outcomes for p in o.phases for r in p.results if r.power == "france"]
    assert refused.reason is not None and "TACCAGNO: you buy nothing" in refused.reason.message
    assert "allevamento" not in cast(MedioevoState, outcomes[-1].state).powers["france"].techs


def test_the_steps_follow_the_turn_order_and_skip_a_power_with_no_land_L460_L799() -> None:
    """The order is the state's turn order (here the GM's TURNORDER); byzantium, left with no
    territory, has nowhere to buy (L799) and gets no step."""
    state = economy(IN_TURN, "TURNORDER france hungary holy_roman_empire byzantium")
    lands = {
        t: s.model_copy(update={"owner": "hungary"}) if s.owner == "byzantium" else s
        for t, s in state.territories.items()
    }
    state = state.evolve(territories=lands)
    labels = [o.label for o in steps_of(state, {})]
    assert labels == [
        "T1.economy.1-france",
        "T1.economy.2-hungary",
        "T1.economy.3-holy_roman_empire",
        "T1.economy.4-close",
    ]
