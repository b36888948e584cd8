"""Checks on arrival that depend on the mail's earlier lines: each order is judged as its phase
will judge it, with the lines above it applied first (setup deployment 004 L69-70, purchases
002 L795-890, positioning L1532-1554). Refused where only the power's own orders decide, a
warning where the deadline can still change the answer (R85, R86)."""

from __future__ import annotations

from adjudicator.orders.text import split_order_text
from adjudicator.rulesets.medioevo.order_words import meant_as_order
from adjudicator.rulesets.medioevo.state import MedioevoState
from tests.rules.economy_window import RULES, economy, play, refused, results
from tests.rules.test_purchase_cards import LT2, LT3, techs
from tests.rules.test_setup import POWERS, first_orders_window, start


def warnings(state: MedioevoState, power: str, *lines: str) -> list[str]:
    """The warning given for each line on arrival, '' for a line without one."""
    submission = RULES.parse(state, power, split_order_text("\n".join(lines)).lines)
    assert submission.issues == (), submission.issues
    said = {w.line_no: w.message for w in submission.warnings}
    return [said.get(n, "") for n in range(1, len(lines) + 1)]


def test_deploy_beyond_a_sites_room_or_the_pool_is_refused_on_arrival_004_L69() -> None:
    """004 L69-70: a village territory holds 10 VF at setup, the capital 30, +10 where the
    cathedral stands, garrisons included; 35 VF to deploy (40 the Pope). The cathedral counts
    wherever its line stands in the mail (the phase places it first)."""
    state = first_orders_window(start(POWERS))
    state = state.evolve(
        powers={**state.powers, "hungary": state.powers["hungary"].model_copy(update={"reinforcements": 35})}
    )
    reasons = refused(
        state,
        "hungary",
        "DEPLOY 10 IN Banato",  # 5 + 10 with the cathedral below: room for 15
        "DEPLOY 6 IN Transilvania",  # a village: room for 5
        "DEPLOY 5 IN Transilvania",
        "DEPLOY 25 IN Pest",  # the capital, no cathedral: room for 25, but 20 VF are left
        "DEPLOY 20 IN Pest",
        "CATHEDRAL IN Banato",
        "DEPLOY 1 IN Slavonia",  # 10 + 5 + 20 = 35: nothing left
    )
    assert reasons == [
        "",
        "Transilvania has room for 5 more VF at setup (10 a village, 30 the capital, +10 the cathedral)",
        "",
        "only 20 VF are left to deploy",
        "",
        "",
        "only 0 VF are left to deploy",
    ]


def test_a_technology_bought_in_the_same_mail_is_not_called_missing_L2976() -> None:
    """Ex L2976: a player of LT 2 buys CARPENTERIA and may buy level-II ships the next turn (R10).
    The refusal says so rather than that CARPENTERIA is missing."""
    state = economy(*techs("byzantium", *LT2))
    reasons = refused(state, "byzantium", "BUY TECH Carpenteria", "BUY Galea II IN Costantinopoli")
    assert reasons == ["", "CARPENTERIA, bought this turn, allows a Galea II from the next turn (L2976, R10)"]


def test_an_order_that_needs_a_line_above_is_accepted_L1024() -> None:
    """L1024: a damaged building is repaired before it rises; the phase applies the REPAIR first,
    so the BUILD below it is no longer refused on arrival (it was: "damaged: REPAIR it first")."""
    state = economy("DAMAGE Pest town", *techs("hungary", *LT3))
    assert refused(state, "hungary", "REPAIR Borgo IN Pest", "BUILD Citta IN Pest") == ["", ""]
    outcome = play(state, {"hungary": ["REPAIR Borgo IN Pest", "BUILD Citta IN Pest"]})
    assert results(outcome, "hungary")["BUILD city IN pest"].ok


def test_what_the_lines_above_spend_or_buy_counts_on_arrival_L807() -> None:
    """L807: at most 3 technologies a turn; every purchase is paid at once (L801), so the florins
    the lines above spend are gone; an upgrade needs the piece to exist when its line comes."""
    state = economy("SET hungary florins 350")
    reasons = refused(
        state,
        "hungary",
        "BUY TECH Caccia",
        "BUY TECH Allevamento",
        "BUY TECH Agricoltura",  # 100 florins left after 250
        "BUY TECH Legge",
    )
    assert reasons == ["", "", "", "at most 3 technologies a turn (L807)"]
    reasons = refused(economy("SET hungary florins 150"), "hungary", "BUY TECH Caccia", "BUY TECH Legge")
    assert reasons == ["", "LEGGE costs 100 florins and you have 50"]
    reasons = refused(economy(), "hungary", "UPGRADE galley 2 TO 2", "BUY Galea IN Croazia")
    assert reasons[0] != ""  # the galley it names is bought by the line below it: not yet there


def test_place_beyond_the_vf_to_place_is_a_warning_L1542() -> None:
    """L1532-1542: the VF to place are the reinforcements of this turn (L962-1006) and the
    reserve; freed prisoners (L1006) can still add to them, so a PLACE beyond them is kept with
    a warning, not refused."""
    state = economy()
    # Hungary, the Pope by this seed, has 10 VF to place: 7 + Rome's 2 + its kingdom's 1 (R321)
    said = warnings(state, "hungary", "PLACE 5 IN Banato", "PLACE 10 IN Slovacchia")
    assert said[0] == ""
    assert "left to place" in said[1] and "as things stand" in said[1]


def test_a_line_that_is_no_order_holds_no_ready_back() -> None:
    """R87: "Thanks" or "Regards, Bob" is refused as no order but says nothing about the orders;
    a line that opens with an order's word, a slip of one or a number was meant as an order."""
    assert not any(map(meant_as_order, ["Thanks!", "Regards, Bob", "Please find my orders", "Dear GM"]))
    assert all(map(meant_as_order, ["BUILD Torre IN Atlantis", "BULD Torre IN Pest", "laon", "10 IN Pest"]))
