"""Setup (seed 002 L353-386, completed by the alpha rules 004 L55-74): contiguous kingdoms, the
garrisons and starting armies, the cathedral and the deployment orders of turn 1."""

from __future__ import annotations

from typing import cast

import pytest

from adjudicator.core.dice import Dice
from adjudicator.core.engine import resolve_window, window_label
from adjudicator.errors import AdjudicatorError
from adjudicator.orders.text import split_order_text
from adjudicator.rulesets.medioevo.orders import SETUP
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState

RULES = MedioevoRuleset()
SEED = b"s" * 32
POWERS = ["holy_roman_empire", "hungary", "byzantium"]


def start(powers: list[str], options: dict[str, object] | None = None) -> MedioevoState:
    state, _ = RULES.initial_state("g", powers, options or {}, Dice(SEED, "T0.setup"))
    return cast(MedioevoState, state)


def first_orders_window(state: MedioevoState) -> MedioevoState:
    while window_label(RULES, state) != "T1.cards":
        state = cast(MedioevoState, resolve_window(RULES, state, {}, SEED).state)
    return state


def deploy(state: MedioevoState, power: str, text: str) -> tuple[MedioevoState, dict[str, str]]:
    submission = RULES.parse(state, power, split_order_text(text).lines, strict=False)
    assert submission.issues == ()
    resolution = RULES.resolve(state, SETUP, {power: submission.orders}, Dice(SEED, "T1.setup"))
    notes = {r.order: (r.note if r.ok else r.reason.message if r.reason else "") for r in resolution.results}
    return cast(MedioevoState, resolution.state), notes


def test_kingdoms_must_be_contiguous_L355() -> None:
    """L355: after the Holy Roman Empire, the second player chooses among Hungary, Novgorod and
    France; then Novgorod, the Golden Horde or Byzantium join through Hungary."""
    board = RULES.board
    for second in ("hungary", "novgorod", "france"):
        assert board.kingdoms_contiguous("holy_roman_empire", second)
    assert not board.kingdoms_contiguous("holy_roman_empire", "byzantium")
    start(["holy_roman_empire", "hungary", "byzantium"])  # Byzantium through Hungary
    with pytest.raises(AdjudicatorError, match=r"contiguous \(L355.*byzantium"):
        start(["holy_roman_empire", "byzantium"])
    start(["holy_roman_empire", "byzantium"], {"noncontiguous_kingdoms": True})  # the GM's choice


def test_garrisons_and_armies_to_deploy_004_L55_L68() -> None:
    """004 L55-61: a Fante Pesante (5 VF) on every owned territory; L68: 35 VF more, 40 the Pope."""
    state = start(POWERS)
    for power, held in state.powers.items():
        home = RULES.board.territories_of(held.kingdom)
        assert all(state.territories[t].armies == {power: 5} for t in home)
        assert held.reinforcements == (40 if held.pope else 35)
    assert sum(p.pope for p in state.powers.values()) == 1  # HRE or Hungary (002 L382)


def test_the_pope_drawn_at_setup_owns_the_papal_state_L2170_L2172_R321() -> None:
    """002 L2170-2172 (R305, R321): the Pope, drawn among the Catholics by the audited die
    ``pope``, also owns the Papal State (Rome's territory) with the garrison of an owned territory;
    its sheet counts Rome's religious capital (L995) and the Small kingdom held whole (L982). No
    Catholic player (L382): it stays without owner."""
    from adjudicator.rulesets.medioevo.church.papacy import papal_state
    from adjudicator.rulesets.medioevo.phases.reinforcements import reinforcements

    rome = papal_state(RULES.data)
    state = start(POWERS)
    pope = next(p for p, held in state.powers.items() if held.pope)
    assert state.territories[rome].owner == pope and state.territories[rome].armies == {pope: 5}
    items = reinforcements(state, pope, RULES.data)
    assert items["religious capitals"] == 2 and items["kingdom Stato della Chiesa"] == 1
    plain = start(["byzantium", "hungary"]).with_power("hungary", pope=False)
    assert start(["byzantium", "mamluks"], {"noncontiguous_kingdoms": True}).territories[rome].owner is None
    assert plain.territories[rome].owner == "hungary"  # the only Catholic is the Pope


def test_deployment_example_004_L72() -> None:
    """004 L69-74: the capital holds 30 VF at most, garrison included (5 + 15 = 20 is fine); 10 VF
    go where the cathedral stands (a village territory: 10 + 10 with the cathedral); the rest of
    the 35 is deployed by default, capital first (ruling R35). 002 L386: the cathedral goes in any
    territory of the kingdom."""
    state = first_orders_window(start(POWERS))
    state, _ = RULES.gm_edit(state, "SET hungary pope 0")
    state = state.evolve(
        powers={**state.powers, "hungary": state.powers["hungary"].model_copy(update={"reinforcements": 35})}
    )
    after, notes = deploy(
        state,
        "hungary",
        "CATHEDRAL IN Banato\nDEPLOY 15 IN Pest\nDEPLOY 10 IN Banato\nDEPLOY 8 IN Transilvania",
    )
    assert notes["CATHEDRAL IN banato"] == ""
    assert "cathedral" in after.territories["banato"].buildings
    assert "cathedral" not in after.territories["pest"].buildings
    assert notes["DEPLOY 15 IN pest"] == "" and notes["DEPLOY 10 IN banato"] == ""
    assert notes["DEPLOY 8 IN transilvania"].startswith("Transilvania has room for 5 more VF at setup")
    # 35 - 25 = 10 left: the capital takes 10 more (20 -> 30)
    assert after.territories["pest"].armies == {"hungary": 30}
    assert after.territories["banato"].armies == {"hungary": 15}
    assert after.powers["hungary"].reinforcements == 0
    total = sum(t.armies.get("hungary", 0) for t in after.territories.values())
    assert total == 7 * 5 + 35


def test_setup_orders_are_checked_with_a_reason() -> None:
    """L386: the cathedral stays in one's own kingdom; DEPLOY needs an own settlement (004 L69)."""
    state = first_orders_window(start(POWERS))
    submission = RULES.parse(
        state, "hungary", split_order_text("CATHEDRAL IN Parigi\nDEPLOY 5 IN Tracia").lines
    )
    assert [i.message for i in submission.issues] == [
        "Parigi is not in your kingdom (L386)",
        "Tracia is not yours",
    ]


def test_the_first_mail_of_a_game_carries_the_setup_orders() -> None:
    """Ruling R35: turn 1's bids window needs no orders, so setup joins turn 1's cards window;
    from turn 2 the setup orders are refused as out of phase."""
    state = start(POWERS)
    assert window_label(RULES, state) == "T1.bids"
    state = first_orders_window(state)
    assert RULES.takes_orders(state, SETUP)
    while window_label(RULES, state) != "T2.cards":
        state = cast(MedioevoState, resolve_window(RULES, state, {}, SEED).state)
    assert not RULES.takes_orders(state, SETUP)


def test_starting_kit_002_L372_L377() -> None:
    """002 L372-377: a merchant ship, a caravan, a galley, a war wagon, a captain and a catapult,
    level I; 004 L64-66: land pieces in the player's settlements (the capital here, R35), ships in
    a port village, or a neighbouring kingdom's port for a kingdom without one."""
    state = start(["holy_roman_empire", "hungary", "byzantium"])
    kit = sorted((p.kind, p.level) for p in state.pieces_of("byzantium"))
    assert kit == sorted(
        [("merchant", 1), ("caravan", 1), ("galley", 1), ("war_wagon", 1), ("captain", 1), ("siege", 1)]
    )
    where = {p.kind: p.location for p in state.pieces_of("byzantium")}
    assert where["caravan"] == where["captain"] == where["siege"] == "costantinopoli"
    assert where["galley"] == where["merchant"] == "costantinopoli"  # the capital is a port
    hungary = {p.kind: p.location for p in state.pieces_of("hungary")}
    assert hungary["war_wagon"] == "pest"
    port = RULES.board.territories[hungary["galley"]]
    assert port.port and port.kingdom != "hungary"
    assert port.kingdom in RULES.board.kingdom_neighbours("hungary")
