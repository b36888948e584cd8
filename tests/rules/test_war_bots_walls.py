"""Barbarian walls in the order template and the bots (war/legal_walls.py, adjudicator/bots_war.py;
seed 002 L1643-1645, L1886-1924, L1946-1954, ex L2476; rulings R185, R211, R220, R223): the ATTACK,
SIEGE and ASSAULT listed at barbarian walls say in words what they need and the judge makes each;
the bots take a barbarian Tower by a siege they can win, and still prefer a weak neighbour in the
field. Pure: the script runner on a board after setup, no store."""

from __future__ import annotations

from functools import cache

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.events_sieges import SiegeDeclared
from adjudicator.rulesets.medioevo.war.fortress import fortification_level
from adjudicator.rulesets.medioevo.war.legal import legal_war_orders, war_options
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.run import run_scripts
from tests.rules.test_war_bots import DATA, POWERS, after_setup, lines_of, play

CART = "war_wagon/1"


@cache
def walled_board() -> MedioevoState:
    """The board after setup at turn 3, its walls standing, a Tower on the barbarian land that has
    none, and 16 VF in each capital."""
    state = after_setup()
    territories = {}
    for tid, terr in state.territories.items():
        if terr.owner is not None and "town" in terr.buildings:
            terr = terr.model_copy(update={"armies": {terr.owner: 16}})
        elif terr.owner is None and not terr.buildings:
            terr = terr.model_copy(update={"buildings": ("tower",)})
        territories[tid] = terr
    return state.evolve(territories=territories, turn=3)


def barbarian_walls(state: MedioevoState, target: str) -> bool:
    terr = state.territories[target]
    return terr.owner is None and fortification_level(terr.usable(), DATA) > 0


def run(state: MedioevoState, power: str, lines: list[str], seed: bytes = b"walls") -> list[tuple[str, bool]]:
    sub = parse_war_lines(state, power, list(enumerate(lines, 1)), DATA, strict=True)
    assert (sub.issues, sub.warnings) == ((), ()), (lines, sub.issues, sub.warnings)
    out = run_scripts(state, {power: sub.orders}, DATA, Dice(seed, f"T{state.turn}.combat"))
    return [(r.order, r.ok) for r in out.results]


def at_boemia(vf: int, engine: bool = True) -> MedioevoState:
    """Hungary's cart standing in Boemia (barbarian, a Tower; Bohemia's barbarians rise 2 VF,
    L1645) with ``vf`` VF, its captain and, if ``engine``, its catapult aboard."""
    state = after_setup().evolve(turn=3)
    for piece in state.pieces_of("hungary"):
        if piece.kind == "war_wagon":
            state = state.with_piece(piece, location="boemia", vf=vf)
        elif piece.kind == "captain" or (piece.kind == "siege" and engine):
            state = state.with_piece(piece, location="boemia", aboard=CART)
    return state


def test_every_listed_line_parses_strictly_with_the_walls_standing() -> None:
    """With the walls standing, the template lists ATTACKs on barbarian land behind walls (R220:
    besieged and assaulted as a power's) and each listed line parses strictly back to the order
    listed (docs/war.md §3.5)."""
    state = walled_board()
    for power in POWERS:
        legal = legal_war_orders(state, power, DATA)
        lines = [o.canonical() for o in legal]
        sub = parse_war_lines(state, power, list(enumerate(lines, 1)), DATA, strict=True)
        assert (sub.issues, sub.warnings) == ((), ()), power
        assert list(sub.orders) == legal, power
    listed = [o.order.canonical() for o in war_options(state, "hungary", DATA)]
    assert "ATTACK boemia FROM cart 1 WITH captain 1" in listed


def test_listed_attacks_on_barbarian_walls_say_what_they_need_and_the_judge_makes_each_R220() -> None:
    """002 L1643-1645, L1898-1904, L1910, L1924, ex L2476 (R211, R220): every ATTACK the template
    lists for Hungary's cart on barbarian land behind walls says in words how many barbarians its
    walls hold and what the plan's FORT clause needs; played as listed (the loads, the MOVE the
    note names, the ATTACK) with FORT ASSAULT the judge storms each; on Boemia, with the catapult
    loaded too and the sample plan's FORT SIEGE ELSE STOP, it lays the siege."""
    state = walled_board()
    options = war_options(state, "hungary", DATA)
    attacks = [
        o
        for o in options
        if o.order.canonical().startswith("ATTACK") and barbarian_walls(state, o.order.canonical().split()[1])
    ]
    assert len(attacks) >= 3, [o.order.canonical() for o in options]
    boemia = next(o for o in attacks if o.order.canonical().startswith("ATTACK boemia "))
    assert "its Tower holds 2 VF (the barbarians rise when none stand there, R220)" in boemia.note
    assert "FORT SIEGE needs an engine and more VF" in boemia.note
    assert "FORT ASSAULT rolls 1d4 against 1d6+1 (L1902-1903)" in boemia.note
    loads = [o.order.canonical() for o in options if o.order.canonical().startswith("LOAD")]
    assert loads == ["LOAD captain 1 ON cart 1", "LOAD engine 1 ON cart 1", "LOAD 16 VF ON cart 1"]
    for option in attacks:
        line = option.order.canonical()
        move = option.note.split("after MOVE cart 1 TO ", 1)
        before = [f"MOVE cart 1 TO {move[1].split(':', 1)[0]}"] if len(move) == 2 else []
        lines = [loads[0], loads[2], *before, line, "PLAN default FORT ASSAULT"]
        assert (line, True) in run(state, "hungary", lines), lines
    siege = [loads[0], loads[1], "LOAD 11 VF ON cart 1", "MOVE cart 1 TO slovacchia"]  # 5 VF of room less
    sub = parse_war_lines(
        state, "hungary", list(enumerate([*siege, boemia.order.canonical()], 1)), DATA, True
    )
    out = run_scripts(state, {"hungary": sub.orders}, DATA, Dice(b"walls", "T3.combat"))
    assert all(r.ok for r in out.results), out.results
    assert [e.territory for e in out.events if isinstance(e, SiegeDeclared)] == ["boemia"]


def test_a_force_at_barbarian_walls_is_offered_the_siege_and_the_assault_the_judge_makes_R220() -> None:
    """002 L1898-1904, L1910, L1924 (R220): Hungary's cart in Boemia with its captain, a catapult
    and 8 VF: SIEGE and ASSAULT with that force are listed, each note in words, and the judge
    makes each. Without the catapult only the assault is offered (a siege needs an engine); with
    2 VF aboard (1 fights) against the 2 barbarians who rise, no siege either (L1924: more VF
    than the besieged), the assault still."""
    force = "FROM cart 1 WITH captain 1"
    notes = {o.order.canonical(): o.note for o in war_options(at_boemia(8), "hungary", DATA)}
    assert notes[f"SIEGE boemia {force}"] == "besiege the barbarians' Tower, 2 VF inside (L1910, L1924)"
    assert notes[f"ASSAULT boemia {force}"] == (
        "storm the barbarians' Tower now, 2 VF inside: 1d4 against 1d6+1 (L1902-1903)"
    )
    for line in (f"SIEGE boemia {force}", f"ASSAULT boemia {force}"):
        assert run(at_boemia(8), "hungary", [line]) == [(line, True)]
    bare = {o.order.canonical() for o in war_options(at_boemia(8, engine=False), "hungary", DATA)}
    assert f"ASSAULT boemia {force}" in bare and f"SIEGE boemia {force}" not in bare
    few = {o.order.canonical() for o in war_options(at_boemia(2), "hungary", DATA)}
    assert f"ASSAULT boemia {force}" in few and f"SIEGE boemia {force}" not in few


def test_no_new_attack_is_listed_on_a_territory_the_power_besieges_R112() -> None:
    """A territory under the power's own siege goes on by SIEGE t, ASSAULT t or LIFT SIEGE t
    (L1966, R112): no ATTACK on it is listed (the judge refuses a second siege of it)."""
    state = at_boemia(8)
    line = "SIEGE boemia FROM cart 1 WITH captain 1"
    sub = parse_war_lines(state, "hungary", [(1, line)], DATA, strict=True)
    besieged = run_scripts(state, {"hungary": sub.orders}, DATA, Dice(b"walls", "T3.combat")).state
    besieged = besieged.evolve(war=None, turn=4)
    listed = {o.order.canonical(): o.note for o in war_options(besieged, "hungary", DATA)}
    assert {"SIEGE boemia", "ASSAULT boemia", "LIFT SIEGE boemia"} <= set(listed)
    assert listed["ASSAULT boemia"].endswith("1d4 against 1d6+1 (L1902-1903)")
    assert not [line for line in listed if line.startswith("ATTACK boemia")]


def test_a_bot_prefers_a_weak_neighbour_in_the_field_to_a_barbarian_tower() -> None:
    """Hungary at war with the Holy Roman Empire, 16 VF in Pest, Austria's walls gone and 1 VF
    left there: a field battle won this turn beats a barbarian Tower that a catapult brings down
    only in the next (L1950-1954): the bot attacks Austria, not Boemia. No objective card (with one
    it goes for its card first: test_bots_objective.py)."""
    board = (
        walled_board().evolve(wars=(("holy_roman_empire", "hungary"),)).with_power("hungary", objective=None)
    )
    austria = board.territories["austria"].model_copy(
        update={"buildings": ("village",), "armies": {"holy_roman_empire": 1}}
    )
    state = board.evolve(territories={**board.territories, "austria": austria})
    (attack,) = [line for line in lines_of(state, "hungary") if line.startswith("ATTACK")]
    assert attack.startswith("ATTACK austria FROM cart 1")


def test_a_bot_takes_a_barbarian_tower_by_a_siege_it_can_win_L1946() -> None:
    """002 L1910, L1924, L1946-1954, L1966 (R220, R223): with no field target outnumbered 2:1 the
    bot with 16 VF loads its catapult and besieges a barbarian Tower; the next turn its force
    stays and the siege goes on (SIEGE t, no other script for that cart): the catapult brings the
    Tower down and the territory is taken in the final field battle."""
    state = walled_board().evolve(turn_order=("hungary",))
    lines = lines_of(state, "hungary")
    assert "LOAD engine 1 ON cart 1" in lines
    (attack,) = [line for line in lines if line.startswith("ATTACK")]
    target = attack.split()[1]
    assert barbarian_walls(state, target)
    after, events = play(state, 1, b"tower")
    assert [e.territory for e in events if isinstance(e, SiegeDeclared)] == [target]
    second = lines_of(after, "hungary")
    assert f"SIEGE {target}" in second
    assert not [line for line in second if "cart 1" in line], second  # the cart stays at its siege
    taken, events = play(after, 1, b"tower")
    assert taken.territories[target].owner == "hungary", [type(e).__name__ for e in events]


def test_a_bot_does_not_besiege_a_tower_it_cannot_outnumber() -> None:
    """Right after setup Hungary's cart takes 4 VF and its catapult (3 fight, L1566): 2:1 against
    the barbarians and their Tower's level it outnumbers nowhere, so it lays no siege (and sends
    no ATTACK on walls) but gathers an army (L1616)."""
    state = after_setup().evolve(turn=3)
    lines = lines_of(state, "hungary")
    walls = [line for line in lines if line.startswith("ATTACK") and barbarian_walls(state, line.split()[1])]
    assert walls == [] and not [line for line in lines if line.startswith("SIEGE")]
