"""The combat orders a power may send (war/legal.py, R185-R186) and the bots that fight with them
(adjudicator/bots_war.py; docs/war.md §7): every line listed or sent parses strictly; the bots'
scripts, run by the compressed-mode runner (war/run.py) power by power on a board after setup,
keep the war's invariants after every script and fight (seed 002 L1560-1566, L1596-1600,
L1628, L1655-1661, L1689, L1844-1846, L636). Pure: no store, no window (not wired yet)."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import cast

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.bots_war import war_orders
from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.core.view import PlayerView
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.view import view
from adjudicator.rulesets.medioevo.war.events import BattleFought
from adjudicator.rulesets.medioevo.war.invariants import problems
from adjudicator.rulesets.medioevo.war.legal import legal_war_orders, war_options
from adjudicator.rulesets.medioevo.war.orders import Load, Move, ScriptStep
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.run import run_scripts

RULES = MedioevoRuleset()
DATA = default_dataset()
POWERS = ("holy_roman_empire", "hungary", "france", "byzantium", "golden_horde", "mamluks")


@cache
def after_setup() -> MedioevoState:
    state, _ = RULES.initial_state("bots", POWERS, {}, Dice(b"war-bots", "T0.setup"))
    return cast(MedioevoState, state)


@cache
def open_board() -> MedioevoState:
    """The board after setup at turn 3, its walls gone (attacks on walls and on barbarians are
    not run yet, docs/war.md §11) and 16 VF in each capital (reinforcements placed there): room
    for the bots to outnumber a neighbour's 5 VF 2:1."""
    state = after_setup()
    forts = {b for b, spec in DATA.buildings.items() if spec.category == "fortification"}
    territories = {}
    for tid, terr in state.territories.items():
        terr = terr.model_copy(update={"buildings": tuple(b for b in terr.buildings if b not in forts)})
        if terr.owner is not None and "town" in terr.buildings:
            terr = terr.model_copy(update={"armies": {terr.owner: 16}})
        territories[tid] = terr
    return state.evolve(territories=territories, turn=3)


def lines_of(state: MedioevoState, power: str) -> list[str]:
    seen = PlayerView(
        viewer=power,
        game="bots",
        ruleset="medioevo",
        turn=state.turn,
        window=f"T{state.turn}.war",
        data=view(state, power),
    )
    return war_orders(seen, legal_war_orders(state, power, DATA))


def strict_issues(state: MedioevoState, power: str, lines: list[str]) -> list[object]:
    sub = parse_war_lines(state, power, list(enumerate(lines, 1)), DATA, strict=True)
    return [*sub.issues, *sub.warnings]


def play(state: MedioevoState, turns: int, seed: bytes) -> tuple[MedioevoState, list[Event]]:
    """``turns`` combat phases of the bots, each power's script run on the board the powers
    before it left; every line parses strictly, and the invariants hold after every script."""
    events: list[Event] = []
    for _ in range(turns):
        dice = Dice(seed, f"T{state.turn}.combat")
        for power in state.acting_order():
            lines = lines_of(state, power)
            assert strict_issues(state, power, lines) == [], (power, lines)
            sub = parse_war_lines(state, power, list(enumerate(lines, 1)), DATA, strict=True)
            out = run_scripts(state, {power: sub.orders}, DATA, dice)
            state = out.state
            assert problems(state, DATA) == [], (power, lines, problems(state, DATA))
            events += out.events
        state = state.evolve(war=None, turn=state.turn + 1)
    return state, events


def test_the_template_lists_loads_moves_and_attacks_with_paths_and_costs_R185() -> None:
    """After setup, Hungary's cart 1 stands empty in Pest (L1628: it moves only with VF aboard):
    the list loads its captain and the VF that fit, then the moves as if loaded, cheapest first,
    each with its path and PM (L1578-1592), and the attacks from Pest or a place it reaches; on
    a power it is not at war with, a WAR step first (L636)."""
    notes = {o.order.canonical(): o.note for o in war_options(after_setup(), "hungary", DATA)}
    assert notes["LOAD captain 1 ON cart 1"] == "0 PM, 7 left"  # the captain eases loading (L1614)
    assert notes["LOAD 5 VF ON cart 1"].startswith("as many as fit")
    assert notes["MOVE cart 1 TO banato"] == "after the loads above, via banato: 1 PM, 6 left"
    assert notes["MOVE cart 1 TO croazia"].endswith("via slavonia - croazia: 3 PM, 4 left")
    moves = [line for line in notes if line.startswith("MOVE cart 1")]
    costs = [int(notes[m].rsplit(": ", 1)[1].split(" PM")[0]) for m in moves]
    assert costs == sorted(costs)
    austria = notes["ATTACK austria FROM cart 1 WITH captain 1"]
    assert "from here" in austria and "WAR holy_roman_empire first" in austria
    assert "after MOVE cart 1 TO banato" in notes["ATTACK valacchia FROM cart 1 WITH captain 1"]
    assert "WAR holy_roman_empire" in notes and "ATTACK pest FROM cart 1 WITH captain 1" not in notes
    assert "DOCTRINE RETREAT DURING BELOW 2" in notes and "PLAN default FORT SIEGE ELSE STOP" in notes


def test_every_listed_line_parses_strictly_back_to_the_same_order() -> None:
    """What the template lists is what the judge accepts: each line parses strictly, without a
    warning, to the order listed (so the canonical line stored replays the same)."""
    state = open_board()
    for power in POWERS:
        legal = legal_war_orders(state, power, DATA)
        assert any(isinstance(o, ScriptStep) and isinstance(o.action, Move) for o in legal), power
        lines = [o.canonical() for o in legal]
        sub = parse_war_lines(state, power, list(enumerate(lines, 1)), DATA, strict=True)
        assert (sub.issues, sub.warnings) == ((), ()), power
        assert list(sub.orders) == legal, power


def test_a_transport_already_at_sea_loads_nothing_and_keeps_its_moves() -> None:
    """A loaded galley at sea lists no load from its port (L1618: a ship loads in port or off a
    coast named), its moves from where it is, and unloads nothing there (no coast given)."""
    state = open_board()
    galley = state.pieces_of("byzantium", "galley")[0]
    state = state.with_piece(galley, location="mar_di_marmara", vf=4)
    legal = [o for o in legal_war_orders(state, "byzantium", DATA) if isinstance(o, ScriptStep)]
    mine = [o.action for o in legal if "galley 1" in o.canonical()]
    assert not any(isinstance(a, Load) for a in mine)
    assert any(isinstance(a, Move) and a.to == "mar_egeo_settentrionale" for a in mine)


def test_bots_fight_within_the_rules_on_a_board_after_setup() -> None:
    """Three combat phases of six bots: every line they send parses strictly, the invariants hold
    after each power's script (docs/war.md §8), and they fight: a battle is fought and a territory
    conquered (L1844-1846), war declared on the spot where needed (L636); the garrison stays."""
    board = open_board()
    state, events = play(board, 3, b"bots-3")
    kinds = Counter(type(e).__name__ for e in events)
    assert kinds["BattleFought"] >= 1 and kinds["TerritoryConquered"] >= 1, kinds
    assert kinds["TransportMoved"] >= 6 and kinds["CargoLoaded"] >= 6, kinds
    for power in POWERS:  # one VF of garrison left where the bots loaded, unless taken since
        capital = next(t for t in board.owned_by(power) if "town" in board.territories[t].buildings)
        if state.territories[capital].owner == power:
            assert state.territories[capital].armies.get(power, 0) >= 1, (power, capital)


def test_a_bot_attacks_the_weakest_it_outnumbers_two_to_one_with_its_plan() -> None:
    """Hungary at war with the Holy Roman Empire, 16 VF in Pest, no objective card (with one it
    goes for its card first: test_bots_objective.py); Austria next door left with 1 VF, the weakest
    target (barbarian Albania would show 1 VF too, R103; ties by name): it loads its
    captain and 15 VF (1 stays in Pest), attacks Austria from Pest under its plan (withdraw if
    outnumbered, walls besieged, R100), declares no war it already has, and sends its doctrine."""
    state = open_board().evolve(wars=(("holy_roman_empire", "hungary"),))
    state = state.with_territory("austria", armies={"holy_roman_empire": 1})
    state = state.with_territory("albania", armies={"barbarians": 2})
    lines = lines_of(state.with_power("hungary", objective=None), "hungary")
    assert lines[:2] == ["LOAD captain 1 ON cart 1", "LOAD 15 VF ON cart 1"]
    attack = next(line for line in lines if line.startswith("ATTACK"))
    assert attack.startswith("ATTACK austria FROM cart 1 WITH captain 1 PLAN raid")
    assert "PLAN raid WITHDRAW IF OUTNUMBERED" in lines and "PLAN raid FORT SIEGE ELSE STOP" in lines
    assert not any(line.startswith("WAR ") for line in lines)
    assert {"DOCTRINE RETREAT DURING BELOW 2", "DOCTRINE LOSSES LAND FIRST"} <= set(lines)


def test_a_weak_bot_attacks_only_barbarian_land_without_walls() -> None:
    """Right after setup Hungary has 5 VF in Pest (4 to load, 3 to fight): no power's 5 VF are
    outnumbered 2:1, nor walls (an engine would take the room of 5 VF, L1566); a barbarian
    territory without walls, where 1 VF appears (R103), is: it moves next to it and attacks."""
    state = after_setup().evolve(wars=(("holy_roman_empire", "hungary"),))
    lines = lines_of(state.with_power("hungary", objective=None), "hungary")  # with its card: 5 stay
    (attack,) = [line for line in lines if line.startswith("ATTACK")]
    target = attack.split()[1]
    assert after_setup().territories[target].owner is None
    assert after_setup().territories[target].buildings == ()
    assert not any(line.startswith(("WAR", "LOAD engine")) for line in lines)
    assert "LOAD 4 VF ON cart 1" in lines


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(min_size=4, max_size=8))
def test_any_dice_keep_the_invariants(seed: bytes) -> None:
    """Whatever the dice, two combat phases of the bots keep the invariants after every script
    and every line they send parses strictly (checked inside ``play``)."""
    play(open_board(), 2, seed)


def test_a_transport_left_as_a_wreck_takes_its_spent_pm_with_it_L1630() -> None:
    """002 L1630 (R110): a cart that moved into barbarian land and unloads all its VF there lies
    as a wreck; the PM it spent go with it, so the invariants hold (found by the bots' games: a
    galley wrecked in a naval battle after it moved left its PM behind)."""
    board = after_setup()
    cart = board.pieces_of("hungary", "war_wagon")[0]
    state = board.with_piece(cart, vf=4)
    sub = parse_war_lines(
        state, "hungary", [(1, "MOVE cart 1 TO valacchia"), (2, "UNLOAD 4 VF FROM cart 1")], DATA, False
    )
    out = run_scripts(state, {"hungary": sub.orders}, DATA)
    assert [r.ok for r in out.results] == [True, True], out.results
    assert out.state.pieces_of("hungary", "war_wagon") == () and len(out.state.wrecks) == 1
    assert problems(out.state, DATA) == []


def test_a_bot_galley_hunts_a_weaker_fleet_at_sea_L2008() -> None:
    """002 L2008-2023: the Mamluks' galley in Alessandria with its captain, Byzantium's patrolling
    galley (2 VF aboard) in the Mare di Cipro, the two at war, the Mamluks without an objective
    card (with one, Alessandria's 5 VF would all stay: bots_objective.py): the bot takes its captain and VF
    (one stays in Alessandria), sails into the zone and attacks the fleet rather than any coast;
    the battle is fought at sea and the invariants hold. Not at war, it makes no surprise attack
    on the fleet (L636: PO lost and CB given for no territory at all)."""
    board = after_setup()
    galley = board.pieces_of("byzantium", "galley")[0]
    at_peace = board.with_piece(galley, location="mare_di_cipro", vf=2).with_power("mamluks", objective=None)
    assert not any(line.startswith(("NAVAL", "WAR")) for line in lines_of(at_peace, "mamluks"))
    state = at_peace.evolve(wars=(("byzantium", "mamluks"),))
    lines = lines_of(state, "mamluks")
    assert lines[:2] == ["LOAD captain 1 ON galley 1", "LOAD 4 VF ON galley 1"]
    assert not any(line.startswith("WAR") for line in lines)
    naval = "NAVAL ATTACK byzantium IN mare_di_cipro FROM galley 1 WITH captain 1 PLAN raid CHAIN c1"
    assert naval in lines and not any(line.startswith("ATTACK") for line in lines)
    _, events = play(state.evolve(turn_order=("mamluks",)), 1, b"naval")
    (fought,) = [e for e in events if isinstance(e, BattleFought)]
    assert fought.territory == "mare_di_cipro"


def test_a_bot_with_nothing_to_attack_gathers_an_army_L1616() -> None:
    """Every barbarian land walled: Hungary's 3 fighting VF outnumber nothing 2:1, so its cart
    gathers an army for a later turn: its captain, its engine and 4 VF in Pest (1 stays), then
    the 4 spare VF of the own territory it reaches first with the most (loads are made where the
    transport stands, L1616); the runner makes every step and the invariants hold."""
    board = after_setup()
    walled = {
        t: ts.model_copy(update={"buildings": ("tower",)})
        for t, ts in board.territories.items()
        if not ts.buildings
    }
    state = board.evolve(territories={**board.territories, **walled}).with_power("hungary", objective=None)
    lines = lines_of(state, "hungary")  # (no objective card: with one, its 5 VF stay home)
    assert lines[:3] == ["LOAD captain 1 ON cart 1", "LOAD engine 1 ON cart 1", "LOAD 4 VF ON cart 1"]
    move, load = lines[3:5]
    assert move.startswith("MOVE cart 1 TO ") and move.endswith(" ON FAIL CHAIN")
    assert load.startswith("LOAD 4 VF ON cart 1 CHAIN")
    assert not any(line.startswith(("ATTACK", "WAR")) for line in lines)
    after, events = play(state.evolve(turn_order=("hungary",)), 1, b"muster")
    cart = after.pieces_of("hungary", "war_wagon")[0]
    assert cart.vf == 8 and cart.location == move.split()[4]
    assert not [e for e in events if type(e).__name__ == "ScriptStepFailed"]


def test_a_docked_galleys_listed_attacks_start_at_sea_and_the_judge_accepts_them_R118() -> None:
    """002 L1655, L1659, L2020 (R118): a galley attacks a coast from the sea zone it sails in,
    never overland from the port it is docked in. Hungary's galley docked in Bessarabia (the
    Golden Horde's) with its captain and 12 VF: every ATTACK the template lists for it starts
    after a MOVE into a sea zone, and played as listed (the loads, the WAR the note asks for, the
    MOVE, the ATTACK) the judge runs each attack step rather than refusing it. So none on the
    Golden Horde: a war declared on the power whose land the galley stands in forces it out, and
    it may attack only after a full turn outside (L1568, L1572)."""
    board = open_board()
    galley = board.pieces_of("hungary", "galley")[0]
    captain = ("hungary", "captain")
    pieces = tuple(
        p.model_copy(update={"location": galley.location}) if (p.owner, p.kind) == captain else p
        for p in board.pieces
    )
    port = board.territories[galley.location]
    territories = {**board.territories, galley.location: port.model_copy(update={"armies": {"hungary": 12}})}
    state = board.evolve(pieces=pieces, territories=territories)
    options = war_options(state, "hungary", DATA)
    lines_of = [(o, o.order.canonical()) for o in options]
    attacks = [o for o, line in lines_of if line.startswith("ATTACK") and "galley 1" in line]
    assert attacks, [o.order.canonical() for o in options]
    loads = [o.order.canonical() for o in options if o.order.canonical().startswith("LOAD")]
    for option in attacks:
        origin = option.note.split("after MOVE galley 1 TO ", 1)[1].split(":", 1)[0]
        assert origin not in DATA.board.territories, option  # a sea zone, not a port
        war = [f"WAR {w}" for w in POWERS if f"WAR {w} first" in option.note]
        lines = [*loads, *war, f"MOVE galley 1 TO {origin}", option.order.canonical()]
        sub = parse_war_lines(state, "hungary", list(enumerate(lines, 1)), DATA, strict=True)
        assert sub.issues == (), (lines, sub.issues)
        out = run_scripts(state, {"hungary": sub.orders}, DATA, Dice(b"docked", "T3.combat"))
        attack = [r for r in out.results if r.order == option.order.canonical()]
        assert attack and attack[0].ok, (lines, out.results)
    assert not [o for o in attacks if "golden_horde" in o.note], attacks
