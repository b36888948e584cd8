"""The war window as the ruleset plays it (war/window.py, war/rehearsal.py; docs/war.md §3.5,
§4.1-§4.2; rulings R97, R98, R112): each turn ends with ``T<n>.war``; a combat line is read there
and refused elsewhere with when to send it; the script is rehearsed on arrival; a besieger's siege
goes on in its sub-turn even when it mails nothing; the aftermath leaves no war bookkeeping."""

from __future__ import annotations

from typing import cast

from adjudicator.core.dice import Dice
from adjudicator.core.engine import resolve_window, window_label
from adjudicator.core.guards import parse_orders
from adjudicator.core.orders import IssueKind
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.events_sieges import SiegeLifted
from adjudicator.rulesets.medioevo.war.legal import war_options
from adjudicator.rulesets.medioevo.war.orders import ScriptStep
from tests.rules.economy_window import POWERS, RULES, SEED


def at(label: str, *edits: str) -> MedioevoState:
    """The game at ``label`` with every power silent before it, then the GM's edits."""
    state, _ = RULES.initial_state("g", list(POWERS), {}, Dice(SEED, "T0.setup"))
    while window_label(RULES, state) != label:
        state = resolve_window(RULES, state, {}, SEED).state
    for line in edits:
        state, _ = RULES.gm_edit(state, line)
    return cast(MedioevoState, state)


def read(state: MedioevoState, power: str, *lines: str) -> tuple[list[str], list[str], list[str]]:
    """(accepted canonical lines, refusals, warnings) of a mail's lines, as on arrival."""
    sub = parse_orders(RULES, state, power, list(enumerate(lines, 1)))
    return (
        [o.canonical() for o in sub.orders],
        [i.message for i in sub.issues],
        [w.message for w in sub.warnings],
    )


def test_every_turn_ends_with_the_war_window_L1594() -> None:
    state = at("T1.economy")
    after = resolve_window(RULES, state, {}, SEED).state
    assert window_label(RULES, after) == "T1.war"
    trade = resolve_window(RULES, after, {}, SEED).state
    assert window_label(RULES, trade) == "T1.commerce"  # phase 10, commerce, after the war (R285)
    assert window_label(RULES, resolve_window(RULES, trade, {}, SEED).state) == "T2.bids"


def test_a_combat_line_elsewhere_is_refused_with_when_to_send_it() -> None:
    accepted, refused, _ = read(at("T1.economy"), "hungary", "LOAN", "LOAD 5 VF ON cart 1")
    assert accepted == ["LOAN"]
    assert refused == [
        "LOAD is an order for the combat phase, which takes no orders in T1.economy: "
        "send it when the war window opens"
    ]


def test_in_the_war_window_another_phases_order_is_refused_as_not_now() -> None:
    accepted, refused, _ = read(at("T1.war"), "hungary", "LOAN", "LOAD 5 VF ON cart 1")
    assert accepted == ["LOAD 5 VF ON cart 1"]
    assert len(refused) == 1 and "LOAN is an order for the taxes phase" in refused[0]


def test_a_guarded_step_keeps_its_guard_for_when_it_runs_R98() -> None:
    """In the war window the core hands ``IF`` lines to the war parser (``guards_in_orders``):
    the guard belongs to the step and is checked when the step runs, not at the step's opening."""
    state = at("T1.war")
    sub = parse_orders(RULES, state, "hungary", [(1, "IF bihar HELD BY ME: MOVE cart 1 TO bihar")])
    assert not sub.issues
    (step,) = sub.orders
    assert isinstance(step, ScriptStep) and step.conds == ("bihar HELD BY hungary",)


def test_the_script_is_rehearsed_on_arrival_up_to_its_first_battle_R98() -> None:
    """Hungary's war cart at Pest holds 20 VF at level I: a load of 25 would not be made as things
    stand (kept, with the reason); after the ATTACK nothing is said, the battle decides (§3.5)."""
    state = at("T1.war", "GIVE byzantium transilvania", "WAR hungary byzantium")
    accepted, refused, warned = read(
        state,
        "hungary",
        "LOAD captain 1 ON cart 1",
        "LOAD 25 VF ON cart 1",
        "LOAD 15 VF ON cart 1",
        "ATTACK transilvania FROM cart 1 WITH captain 1",
        "LOAD 99 VF ON cart 1",
    )
    assert refused == [] and len(accepted) == 5
    assert len(warned) == 1 and warned[0].startswith("as things stand: "), warned
    assert "25" in warned[0]


def test_a_besiegers_siege_is_judged_in_its_sub_turn_without_a_script_L1950_R112() -> None:
    """A siege laid in turn 1 is judged again at the start of its besieger's combat sub-turn in
    turn 2 ("all'inizio della singola fase Combattimento dell'assediante", L1950), though the
    besieger mails nothing. The GM's siege of Costantinopoli has no besieging army able to keep
    it (Hungary's 100 VF outside the walls were trimmed to the supply limit at the end of turn 1,
    L2239, R108: 11 against Byzantium's 49 inside), so it may not go on and is lifted (R112)."""
    state = at(
        "T1.war",
        "WAR hungary byzantium",
        "SIEGE costantinopoli BY hungary",
        "PLACE hungary 100 IN costantinopoli",
    )
    state = cast(MedioevoState, resolve_window(RULES, state, {}, SEED).state)
    assert state.territories["costantinopoli"].armies == {"byzantium": 49, "hungary": 11}
    while window_label(RULES, state) != "T2.war":
        state = cast(MedioevoState, resolve_window(RULES, state, {}, SEED).state)
    assert state.siege("costantinopoli") is not None
    outcome = resolve_window(RULES, state, {}, SEED)
    lifted = [e for e in outcome.events if isinstance(e, SiegeLifted)]
    assert [(e.power, e.territory) for e in lifted] == [("hungary", "costantinopoli")]
    after = cast(MedioevoState, outcome.state)
    assert after.siege("costantinopoli") is None and after.war is None  # the aftermath closes the phase


def test_combat_lines_are_read_leniently_for_replay() -> None:
    """Stored canonical lines are read back without the arrival's checks (``strict=False``)."""
    state = at("T1.war")
    sub = RULES.parse(state, "hungary", [(1, "LOAD 99 VF ON cart 1")], strict=False)
    assert [o.canonical() for o in sub.orders] == ["LOAD 99 VF ON cart 1"] and not sub.warnings
    assert all(i.kind is not IssueKind.UNSURE for i in sub.issues)


def test_the_receipt_shows_each_attacks_plan_and_the_doctrine_with_their_defaults_R99_R100() -> None:
    """The receipt says what the judge will decide live in the player's name (§3.2, §3.3): the
    plan an attack names, its clauses and a default for each slot left out; the doctrine that
    stands after the set, with a default for each clause no line sets."""
    state = at("T1.war", "GIVE byzantium transilvania", "WAR hungary byzantium")
    lines = [
        "LOAD captain 1 ON cart 1",
        "LOAD 15 VF ON cart 1",
        "ATTACK transilvania FROM cart 1 WITH captain 1 PLAN north",
        "PLAN north WITHDRAW BELOW 5",
        "PLAN north OCCUPY 3",
        "DOCTRINE RETREAT DURING BELOW 2",
    ]
    orders = parse_orders(RULES, state, "hungary", list(enumerate(lines, 1))).orders
    said = RULES.receipt_summary(state, "hungary", orders)
    script = next(line for line in said if line.startswith("combat script: "))
    assert script.startswith("combat script: 3 steps, run in turn order (")
    plan = next(line for line in said if line.startswith("plan north: "))
    assert "WITHDRAW BELOW 5" in plan and "OCCUPY 3" in plan
    assert "FORT SIEGE ELSE STOP (L1924) (default)" in plan and "OCCUPY 1" not in plan
    assert "BEFORE: no card between rolls (L1707) (default)" in plan  # LADRO's clause (R228)
    assert "WITHDRAW IF OUTNUMBERED" not in plan  # a WITHDRAW clause replaces the default (R212)
    doctrine = next(line for line in said if line.startswith("doctrine everywhere after this set: "))
    assert "RETREAT DURING BELOW 2" in doctrine and "RETREAT BEFORE NEVER (default)" in doctrine
    assert "RETREAT DURING: never" not in doctrine
    assert not [line for line in RULES.receipt_summary(state, "hungary", ()) if "combat" in line]


def test_the_template_notes_each_moves_path_and_cost_in_the_war_window_only_R185() -> None:
    """The order template prints a note after a move (its path and PM, L1576-1578) as a comment
    the judge ignores; every note belongs to a legal order, and in the economy window only the
    standing calamity choices have notes (R319)."""
    state = at("T1.war")
    notes = RULES.order_notes(state, "hungary")
    legal = {o.canonical() for o in RULES.legal_orders(state, "hungary")}
    moves = {line: note for line, note in notes.items() if line.startswith("MOVE cart 1 TO ")}
    assert moves and set(notes) <= legal
    assert all(" PM" in note and "via " in note for note in moves.values())
    economy_notes = RULES.order_notes(at("T1.economy"), "hungary")
    assert {line.split()[0] for line in economy_notes} == {"NIZARI", "HERESY", "CIVIL"}


def test_barbarian_land_behind_walls_is_offered_with_its_walls_named_R220() -> None:
    """The template offers an ATTACK on barbarian walls as on open land (the judge besieges and
    storms them since R220, R221), its note naming the walls and what FORT SIEGE and FORT ASSAULT
    need (L1902-1903, L1910, L1924); open land's note names none."""
    open_land = at("T1.war")
    walled = at("T1.war", "BUILD valacchia village tower")

    def attacks(state: MedioevoState) -> dict[str, str]:
        options = war_options(state, "hungary", RULES.data)
        return {o.order.canonical(): o.note for o in options if "ATTACK valacchia" in o.order.canonical()}

    assert attacks(open_land) and not any("FORT" in note for note in attacks(open_land).values())
    notes = attacks(walled).values()
    assert notes and all("Tower" in note and "FORT ASSAULT" in note for note in notes), notes
