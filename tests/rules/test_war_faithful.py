"""The faithful combat mode (war/turns.py; docs/war.md §4.3; rulings R97, R200, R201): with
``combat_mode = "faithful"`` the war window is one turn step per power in turn order (seed 002
L458: combat is not played at once; L1596: "il giocatore di turno"), each on the board the
powers before it left, then the aftermath as the closing step (L2235-L2243). Pure: the window is
played with ``resolve_steps``, dice loaded.

The war is ex L1560's first attack (seed 002 L1560): Hungary loads captain 1 and 15 VF at
Pest, moves via Bihar and takes Transilvania from Byzantium (3 VF; a 6 against a 1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from adjudicator.core.dice import Dice
from adjudicator.core.engine import WindowOutcome, resolve_window, window_label
from adjudicator.core.events import DiceRolled
from adjudicator.core.guards import parse_orders
from adjudicator.core.orders import IssueKind, Order
from adjudicator.core.stepping import open_step, resolve_step, resolve_steps, step_label
from adjudicator.core.steps import CLOSE, Step
from adjudicator.rulesets.medioevo import steps
from adjudicator.rulesets.medioevo.state import MedioevoState, Siege
from adjudicator.rulesets.medioevo.war.events_aftermath import WreckRemoved
from adjudicator.rulesets.medioevo.war.events_sieges import SiegeLifted
from adjudicator.rulesets.medioevo.war.records import COMPRESSED, Wreck
from adjudicator.rulesets.medioevo.war.turns import fighters
from adjudicator.rulesets.medioevo.war.window import AFTERMATH, COMBAT
from tests.rules.economy_window import POWERS, RULES, SEED

FAITHFUL = {"combat_mode": "faithful"}
ORDER = ("hungary", "byzantium", "france", "holy_roman_empire")  # turn 1's, drawn from SEED (L462)
WAR = (
    "GIVE byzantium transilvania valacchia",
    "PLACE hungary -5 IN transilvania",
    "PLACE byzantium 3 IN transilvania",
    "BUILD transilvania NOTHING",  # its village and tower would make it a siege (L1870)
    "WAR hungary byzantium",
)
MAILS = {
    "hungary": (
        "LOAD captain 1 ON cart 1",
        "LOAD 15 VF ON cart 1",
        "MOVE cart 1 VIA bihar",
        "ATTACK transilvania FROM cart 1 WITH captain 1",
    ),
    "byzantium": ("IF transilvania HELD BY hungary: LOAD 5 VF ON cart 1",),  # true only after hungary's
}
DICE = {"*": [6, 1, 6, 1, 6, 1]}  # every roll of either mode, in the order rolled


def war(options: Mapping[str, Any], *edits: str) -> MedioevoState:
    """Turn 1's war window of a game created with ``options``, every power silent before it."""
    state, _ = RULES.initial_state("g", list(POWERS), options, Dice(SEED, "T0.setup"))
    while window_label(RULES, state) != "T1.war":
        state = resolve_window(RULES, state, {}, SEED).state
    for line in (*WAR, *edits):
        state, _ = RULES.gm_edit(state, line)
    return cast(MedioevoState, state)


def early(state: MedioevoState, mails: Mapping[str, Sequence[str]]) -> dict[str, tuple[Order, ...]]:
    """The mails read as early orders are (loosely: each is checked when its step runs)."""
    read = {p: parse_orders(RULES, state, p, list(enumerate(m, 1)), strict=False) for p, m in mails.items()}
    assert all(not r.issues for r in read.values()), read
    return {p: r.orders for p, r in read.items()}


def refusals(state: MedioevoState, power: str, *lines: str) -> list[tuple[IssueKind, str]]:
    sub = parse_orders(RULES, state, power, list(enumerate(lines, 1)))
    return [(i.kind, i.message) for i in sub.issues]


def faithfully(state: MedioevoState) -> tuple[WindowOutcome, ...]:
    return resolve_steps(RULES, state, early(state, MAILS), SEED, DICE)


def test_faithful_is_a_turn_step_per_power_in_turn_order_then_the_aftermath_L458_L1596() -> None:
    state = war(FAITHFUL)
    assert fighters(state) == ORDER
    assert open_step(RULES, state) == Step(("hungary",), (COMBAT,))
    outcomes = faithfully(state)
    assert [o.label for o in outcomes] == [
        "T1.war.1-hungary",
        "T1.war.2-byzantium",
        "T1.war.3-france",
        "T1.war.4-holy_roman_empire",
        "T1.war.5-close",
    ]
    assert open_step(RULES, outcomes[-2].state) == Step(
        tuple(sorted(POWERS)), (AFTERMATH,), CLOSE
    )  # END: the turn's end (docs/endgame.md)
    assert window_label(RULES, outcomes[-1].state) == "T1.commerce" and outcomes[-1].state.steps == ()
    # each step's battles roll in its own namespace (docs/war.md §5): hungary's in its step
    rolled = [e.phase for o in outcomes for p in o.phases for e in p.events if isinstance(e, DiceRolled)]
    assert rolled and set(rolled) == {"T1.combat.1-hungary"}


def test_compressed_stays_one_deadline_and_the_option_is_declared_R97() -> None:
    state = war({})
    assert state.combat_mode == COMPRESSED and "combat_mode" not in state.to_json()
    assert open_step(RULES, state) is None and RULES.next_step(state, ()) is None
    assert war({"combat_mode": "compressed"}).digest() == state.digest()


def test_with_no_one_asking_faithful_ends_as_compressed_with_the_same_dice_R200() -> None:
    """The same two-power war both ways: the sub-turns run in the same order on the same board,
    so with the same dice the state after the window is the same (but for the option itself)."""
    compressed = war({})
    at_once = resolve_window(RULES, compressed, early(compressed, MAILS), SEED, DICE)
    in_steps = faithfully(war(FAITHFUL))
    final = cast(MedioevoState, in_steps[-1].state)
    assert final.territories["transilvania"].owner == "hungary"  # a battle was fought and won
    assert final.evolve(combat_mode=COMPRESSED).digest() == at_once.state.digest()
    assert [r.ok for o in in_steps for p in o.phases for r in p.results] == [True] * 5


def test_each_step_sees_the_board_the_powers_before_it_left_L1596() -> None:
    state = war(FAITHFUL)
    before = RULES.view(state, "byzantium")
    assert before["territories"]["transilvania"]["owner"] == "byzantium"
    first = resolve_step(RULES, state, Step(("hungary",), (COMBAT,)), early(state, MAILS), SEED, DICE)
    after = cast(MedioevoState, first.state)
    assert step_label(RULES, after, open_step(RULES, after)) == "T1.war.2-byzantium"  # type: ignore[arg-type]
    seen = RULES.view(after, "byzantium")
    assert seen["territories"]["transilvania"]["owner"] == "hungary"
    # byzantium's guarded line, read at its own step: the guard holds on this board, no warning
    line = "IF transilvania HELD BY hungary: LOAD 5 VF ON cart 1"
    sub = parse_orders(RULES, after, "byzantium", [(1, line)])
    assert not sub.issues and not sub.warnings
    assert parse_orders(RULES, war({}), "byzantium", [(1, line)]).warnings  # not so before


def test_a_step_runs_its_actors_sub_turn_alone_and_the_war_turn_stays_open() -> None:
    """Hungary's step resolves hungary's sub-turn alone: byzantium's early line waits for its step."""
    state = war(FAITHFUL)
    orders = early(state, MAILS)
    first = resolve_step(RULES, state, Step(("hungary",), (COMBAT,)), orders, SEED, DICE)
    after = cast(MedioevoState, first.state)
    cart = after.piece("byzantium", "war_wagon", 1)
    assert cart is not None and cart.vf == 0
    assert after.war is not None and after.war.start_level  # the phase's bookkeeping outlives a step


def test_a_besiegers_siege_goes_on_in_its_own_step_only_L1950_R112() -> None:
    """As in the compressed window's test of L1950: Hungary's siege of Costantinopoli, laid in
    turn 1, cannot go on in turn 2 (11 VF outside against 49 inside) and is lifted at the start of
    hungary's sub-turn; in faithful mode that is hungary's own step (a silent one), not another's."""
    state: MedioevoState = war(
        FAITHFUL, "SIEGE costantinopoli BY hungary", "PLACE hungary 100 IN costantinopoli"
    )
    while window_label(RULES, state) != "T2.war":
        stepped = resolve_steps(RULES, state, {}, SEED) if open_step(RULES, state) else ()
        last = stepped[-1] if stepped else resolve_window(RULES, state, {}, SEED)
        state = cast(MedioevoState, last.state)
    assert state.siege("costantinopoli") is not None and "hungary" in fighters(state)
    lifted = [
        o.label
        for o in resolve_steps(RULES, state, {}, SEED)
        for p in o.phases
        for e in p.events
        if isinstance(e, SiegeLifted)
    ]
    assert len(lifted) == 1 and lifted[0].endswith("-hungary")


def test_the_closing_step_runs_the_aftermath_L1630_L2235() -> None:
    wreck = Wreck(kind="galley", level=1, location="mare_adriatico", was="venice galley 9", turn=1)
    state = war(FAITHFUL).evolve(wrecks=(wreck,))
    outcomes = faithfully(state)
    close = outcomes[-1]
    assert close.label == "T1.war.5-close"
    assert [p.phase for p in close.phases] == [AFTERMATH]
    assert [e for p in close.phases for e in p.events if isinstance(e, WreckRemoved)]
    assert not any(isinstance(e, WreckRemoved) for o in outcomes[:-1] for p in o.phases for e in p.events)
    final = cast(MedioevoState, close.state)
    assert final.war is None and final.wrecks == ()


def test_a_power_with_no_part_gets_no_step_R200() -> None:
    """France with no territory, transport or siege has nothing to do in the phase (L1596-1598): its
    captain and siege engine move only aboard a transport (L1564). A siege it keeps is a part."""
    state = war(FAITHFUL)
    state = state.evolve(
        territories={
            t: ts.model_copy(update={"owner": None}) if ts.owner == "france" else ts
            for t, ts in state.territories.items()
        },
        pieces=tuple(p for p in state.pieces if p.owner != "france" or p.kind in ("captain", "siege")),
    )
    assert fighters(state) == ("hungary", "byzantium", "holy_roman_empire")
    besieging = state.evolve(sieges=(Siege(territory="costantinopoli", by="france", since=1),))
    assert fighters(besieging) == ORDER


def test_a_line_for_another_step_is_refused_with_when_to_send_it() -> None:
    state = war(FAITHFUL)
    assert refusals(state, "byzantium", "LOAD 5 VF ON cart 1") == [
        (
            IssueKind.NOT_NOW,
            "LOAD is for your own combat step of T1.war (T1.war.1-hungary is open now): "
            "send it with WINDOW T1.war, it waits for your step",
        )
    ]
    closing = faithfully(state)[-2].state  # every turn step done: the closing step is open
    assert refusals(cast(MedioevoState, closing), "hungary", "MOVE cart 1 TO bihar") == [
        (
            IssueKind.NOT_NOW,
            "MOVE is an order for the combat phase, which is over in T1.war: "
            "each power fought in its own step, in turn order",
        )
    ]
    assert steps.rehearsed_phases(RULES, state) == ()  # the war's steps: no economy rehearsal


def test_ask_is_read_in_faithful_mode_and_refused_in_compressed_mode_R101() -> None:
    state = war(FAITHFUL)
    assert refusals(state, "hungary", "DOCTRINE IN pest ASK", "DOCTRINE RETREAT BEFORE NEVER") == []
    (compressed,) = refusals(war({}), "hungary", "DOCTRINE ASK")
    assert "ASK is for faithful mode" in compressed[1]
