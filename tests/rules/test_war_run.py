"""The compressed mode's script runner (war/run.py, war/moves.py; docs/war.md §3.4, §4.2): every
power's script in turn order, each step judged on the board as it is when it runs (seed 002
L456-458, L1596-1600; R98), its events seen as R115 says. Pure: states built by hand, scripts read
by ``parse_war_lines``."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.events import Scope
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, PowerState, TerritoryState
from adjudicator.rulesets.medioevo.war.cargo_state import cargo_of, mover_in
from adjudicator.rulesets.medioevo.war.events import ScriptStepFailed, TransportMoved
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.records import Wreck
from adjudicator.rulesets.medioevo.war.run import RunOutcome, run_scripts
from adjudicator.rulesets.medioevo.war.transport import army_space, stats

DATA = default_dataset()
CART = "hungary/war_wagon/1"


def game(
    *pieces: Piece, order: tuple[str, ...] = ("hungary", "venice", "sicily"), **kw: Any
) -> MedioevoState:
    """Hungary at Pest with 40 VF, at war with Venice, which holds Transilvania."""
    return MedioevoState(
        ruleset="medioevo",
        ruleset_version="1",
        game="g",
        turn=3,
        powers={p: PowerState(kingdom=p, florins=0) for p in ("hungary", "venice", "sicily")},
        territories={
            "pest": TerritoryState(owner="hungary", armies={"hungary": 40}),
            "bihar": TerritoryState(owner="hungary"),
            "banato": TerritoryState(owner="hungary"),
            "transilvania": TerritoryState(owner="venice", armies={"venice": 5}),
            **kw.pop("territories", {}),
        },
        wars=(("hungary", "venice"), ("sicily", "venice")),
        turn_order=order,
        pieces=pieces or (Piece(owner="hungary", kind="war_wagon", number=1, level=1, location="pest"),),
        **kw,
    )


def run(state: MedioevoState, **scripts: str) -> RunOutcome:
    parsed = {}
    for power, text in scripts.items():
        sub = parse_war_lines(state, power, list(enumerate(text.strip().splitlines(), 1)), DATA, strict=False)
        assert not sub.issues, sub.issues
        parsed[power] = sub.orders
    return run_scripts(state, parsed, DATA)


def codes(out: RunOutcome) -> list[str | None]:
    return [r.reason.code if r.reason else None for r in out.results]


def test_the_loads_and_moves_of_ex_L1560() -> None:
    """Ex 002 L1560 (load, move, attack, move, attack again; L1600 any order, repeated): the loads
    and moves are made, with the PM added up over the phase (L1578); without dice the attacks
    fail "not-yet" without stopping the script. The captain aboard eases the loads (L1614)."""
    state = game(
        Piece(owner="hungary", kind="war_wagon", number=1, level=1, location="pest"),
        Piece(owner="hungary", kind="captain", number=1, level=1, location="pest"),
    )
    out = run(
        state,
        hungary="""
LOAD captain 1 ON cart 1
LOAD 15 VF ON cart 1
MOVE cart 1 VIA bihar
ATTACK transilvania FROM cart 1 WITH captain 1
MOVE cart 1 TO banato
ATTACK transilvania FROM cart 1 WITH captain 1
""",
    )
    assert codes(out) == [None, None, None, "not-yet", None, "not-yet"]
    assert "the judge has no dice for this phase's attacks" in (  # with dice: test_war_attack_run.py
        out.results[3].reason.message if out.results[3].reason else ""
    )
    cart = out.state.piece("hungary", "war_wagon", 1)
    captain = out.state.piece("hungary", "captain", 1)
    assert cart is not None and captain is not None
    assert (cart.location, cart.vf) == ("banato", 15)
    assert (captain.location, captain.aboard) == ("banato", "war_wagon/1")
    assert out.state.territories["pest"].armies == {"hungary": 25}
    assert out.state.war is not None
    assert out.state.war.spent == {CART: 2 + 1} and out.state.war.moved == (CART,)
    public = [e for e in out.events if e.visibility.scope is Scope.PUBLIC]
    private = [e for e in out.events if isinstance(e, ScriptStepFailed)]
    assert len(public) == 4 and all(not isinstance(e, ScriptStepFailed) for e in public)  # R115
    assert [e.visibility.powers for e in private] == [("hungary",), ("hungary",)]
    assert [e.path for e in public if isinstance(e, TransportMoved)] == [
        ("pest", "bihar"),
        ("bihar", "banato"),
    ]


def test_move_to_names_the_path_it_took_and_pm_are_spent() -> None:
    """docs/war.md §3.1: MOVE TO takes the cheapest path as the board stands and the result says
    which (R125); the PM spent are recorded (L1576) and a later step that costs more than is left
    fails with the figures (R98). Without a captain or settlement a load costs 1 PM (L1612)."""
    home = {"slavonia": TerritoryState(owner="hungary"), "croazia": TerritoryState(owner="hungary")}
    out = run(
        game(territories=home),
        hungary="""
LOAD 10 VF ON cart 1
MOVE cart 1 TO croazia
IF cart 1 HAS 3 PM: MOVE cart 1 TO slavonia
MOVE cart 1 VIA pest, bihar
""",
    )
    assert out.results[0].ok and out.results[0].note == "1 PM, 6 left"
    assert out.results[1].ok
    assert out.results[1].note.startswith("via Pest - Slavonia - Croazia: 3 PM")
    assert out.results[1].note.endswith("cart 1 has 3 left")
    assert out.results[2].ok  # the guard read the PM left: 7 - 1 - 3 = 3
    moved = out.results[3]
    assert not moved.ok and moved.reason is not None and moved.reason.code == "move"
    assert moved.reason.message.startswith("step 4 not made: Pest to Bihar")
    assert moved.reason.message.endswith("2 PM, cart 1 has 1 left")
    assert out.state.war is not None and out.state.war.spent[CART] == 1 + 3 + 1
    cart = out.state.piece("hungary", "war_wagon", 1)
    assert cart is not None and cart.location == "slavonia"


def test_a_step_fails_when_an_earlier_power_changed_the_board() -> None:
    """R98 (002 L1596-1600; L2033 active blockade, R131): Venice, earlier in the turn order, moves
    two galleys into the Mar Ionio; Sicily's galley, at war with it, must then stop there and its
    path through fails with the reason. With Sicily first, the same script passes."""
    pieces = (
        Piece(owner="venice", kind="galley", number=1, level=1, location="canale_d_otranto", vf=1),
        Piece(owner="venice", kind="galley", number=2, level=1, location="canale_d_otranto", vf=1),
        Piece(owner="sicily", kind="galley", number=1, level=3, location="mare_di_calabria", vf=5),
    )
    scripts = {
        "venice": "MOVE galley 1, galley 2 VIA mar_ionio",
        "sicily": "MOVE galley 1 VIA mar_ionio, mar_ionio_meridionale",
    }
    late = run(game(*pieces, order=("venice", "sicily")), **scripts)
    assert [r.power for r in late.results] == ["venice", "sicily"]
    assert late.results[0].ok and not late.results[1].ok
    assert late.results[1].reason is not None
    assert "must stop in Mar Ionio" in late.results[1].reason.message
    assert late.state.war is not None and late.state.war.spent.get("sicily/galley/1", 0) == 0
    first = run(game(*pieces, order=("sicily", "venice")), **scripts)
    assert [r.ok for r in first.results] == [True, True]
    galley = first.state.piece("sicily", "galley", 1)
    assert galley is not None and galley.location == "mar_ionio_meridionale"


def test_on_fail_chain_skips_the_chain_only() -> None:
    """§3.4, R98: ON FAIL CHAIN skips the later steps with the same tag, with the reason; the
    others run. Transilvania is Venice's, at war: it is taken by an attack, not a move (L1655)."""
    out = run(
        game(),
        hungary="""
LOAD 10 VF ON cart 1
MOVE cart 1 TO transilvania CHAIN east ON FAIL CHAIN
UNLOAD 5 VF FROM cart 1 CHAIN east
MOVE cart 1 VIA bihar
""",
    )
    assert codes(out) == [None, "move", "chain", None]
    skipped = out.results[2].reason
    assert skipped is not None
    assert skipped.message == "step 3 not made: chain east broke when step 2 failed (ON FAIL CHAIN)"
    assert "taken by an attack, not a move (L1655)" in (
        out.results[1].reason.message if out.results[1].reason else ""
    )
    cart = out.state.piece("hungary", "war_wagon", 1)
    assert cart is not None and (cart.location, cart.vf) == ("bihar", 10)


def test_on_fail_stop_ends_the_script_and_skip_goes_on() -> None:
    """§3.4, R98: ON FAIL STOP skips the rest of the script; the default ON FAIL SKIP only the
    step itself."""
    out = run(
        game(),
        hungary="""
LOAD 50 VF ON cart 1
LOAD 10 VF ON cart 1
MOVE cart 1 TO transilvania ON FAIL STOP
MOVE cart 1 VIA bihar
UNLOAD 10 VF FROM cart 1
""",
    )
    assert codes(out) == ["no-vf", None, "move", "stopped", "stopped"]
    assert out.results[0].reason is not None
    assert "hungary has 40 VF on the ground in pest, not 50" in out.results[0].reason.message
    cart = out.state.piece("hungary", "war_wagon", 1)
    assert cart is not None and cart.location == "pest"


def test_guards_are_read_when_the_step_runs() -> None:
    """§3.4, R98: a guard is decided on the board the earlier steps left (cart 1 moved to Bihar);
    a failing guard fails its step with the fact that decided."""
    out = run(
        game(),
        hungary="""
LOAD 10 VF ON cart 1
IF cart 1 IN pest: MOVE cart 1 VIA bihar
IF cart 1 IN pest: MOVE cart 1 VIA banato
IF transilvania HELD BY ME: UNLOAD 10 VF FROM cart 1
""",
    )
    assert codes(out) == [None, None, "guard", "guard"]
    assert out.results[2].reason is not None
    assert out.results[2].reason.message == "step 3 not made: guard failed: cart 1 is in bihar"
    assert out.results[3].reason is not None
    assert out.results[3].reason.message.endswith("guard failed: transilvania is held by venice")


def test_unloading_the_last_army_abroad_leaves_a_wreck_and_a_claim() -> None:
    """L1630, R110: a transport left without armies outside its owner's land is nobody's; a power
    that loads VF into it takes it (CLAIM, A-49) as its next piece, at the price of loading armies
    (R129) and within its LT's transports of that kind (L835); the second claim, later in the
    turn order, fails: the board changed (R98)."""
    barbarian = {"valacchia": TerritoryState(owner=None, armies={"hungary": 0})}
    cart = Piece(owner="hungary", kind="war_wagon", number=1, level=1, location="valacchia", vf=4)
    state = game(cart, territories=barbarian)
    out = run(state, hungary="UNLOAD 4 VF FROM cart 1")
    assert out.results[0].ok and out.state.pieces == ()
    assert out.state.wrecks == (
        Wreck(kind="war_wagon", level=1, location="valacchia", was="hungary cart 1", turn=3),
    )
    claims = out.state.evolve(war=None)
    claims = claims.with_territory("valacchia", armies={"hungary": 4, "venice": 3, "sicily": 2})
    both = run(claims, sicily="CLAIM hungary cart 1 WITH 2", venice="CLAIM hungary cart 1 WITH 2")
    assert [r.power for r in both.results] == ["venice", "sicily"] and codes(both) == [None, "no-wreck"]
    assert both.results[0].note == "now venice's cart 1; 1 PM, 6 left"  # R129
    assert both.results[1].reason is not None
    assert both.results[1].reason.message.endswith(
        "there is no ownerless hungary cart 1: it was claimed or removed"
    )
    taken = both.state.piece("venice", "war_wagon", 1)
    assert taken is not None and (taken.vf, taken.location) == (2, "valacchia") and both.state.wrecks == ()
    assert both.state.territories["valacchia"].armies == {"hungary": 4, "venice": 1, "sicily": 2}
    own = Piece(owner="sicily", kind="war_wagon", number=1, level=1, location="valacchia")
    capped = run(claims.evolve(pieces=(own,)), sicily="CLAIM hungary cart 1 WITH 2")
    assert capped.results[0].reason is not None
    assert capped.results[0].reason.message == (
        "step 1 not made: sicily's LT allows 1 of kind cart and it has 1 (L835)"
    )


# ---- property: random scripts keep the VF and the capacities ------------------------------------

PLACES = ("pest", "bihar", "banato", "transilvania", "slavonia")
PIECES = ("cart 1", "cart 2", "captain 1")
LINE = st.one_of(
    st.builds(lambda n, c: f"LOAD {n} VF ON {c}", st.integers(1, 25), st.sampled_from(PIECES[:2])),
    st.builds(lambda n, c: f"UNLOAD {n} VF FROM {c}", st.integers(1, 12), st.sampled_from(PIECES[:2])),
    st.builds(lambda c: f"LOAD captain 1 ON {c}", st.sampled_from(PIECES[:2])),
    st.builds(lambda c: f"UNLOAD captain 1 FROM {c}", st.sampled_from(PIECES[:2])),
    st.builds(
        lambda c, p: f"MOVE {c} TO {p}",
        st.sampled_from(("cart 1", "cart 2", "cart 1, cart 2")),
        st.sampled_from(PLACES),
    ),
    st.builds(lambda c, p: f"MOVE {c} VIA {p}", st.sampled_from(PIECES[:2]), st.sampled_from(PLACES)),
)


def _vf(state: MedioevoState) -> int:
    ground = sum(t.armies.get("hungary", 0) for t in state.territories.values())
    return ground + sum(p.vf for p in state.pieces if p.owner == "hungary")


@settings(max_examples=100, deadline=None)
@given(st.lists(LINE, max_size=10))
def test_random_scripts_conserve_vf_and_capacity(lines: list[str]) -> None:
    """docs/war.md §8 over random scripts: VF conserved by loads, unloads and moves; no transport
    over its capacity (L1566) or past its PM (L1576); armies off the ground only aboard a
    transport, and everything aboard where its carrier is; nothing ever raises."""
    state = game(
        Piece(owner="hungary", kind="war_wagon", number=1, level=1, location="pest"),
        Piece(owner="hungary", kind="war_wagon", number=2, level=1, location="pest"),
        Piece(owner="hungary", kind="captain", number=1, level=1, location="pest"),
        territories={"slavonia": TerritoryState(owner="hungary")},
    )
    out = run(state, hungary="\n".join(("LOAD 8 VF ON cart 1", "LOAD 4 VF ON cart 2", *lines)))
    after = out.state
    assert _vf(after) == _vf(state) and after.wrecks == ()  # all of it is hungary's land or closed
    for piece in after.pieces:
        if piece.kind == "captain":
            assert piece.vf == 0
            if piece.aboard:
                kind, number = piece.aboard.split("/")
                carrier = after.piece("hungary", kind, int(number))
                assert carrier is not None and carrier.location == piece.location
            continue
        mover = mover_in(after, DATA, piece)
        assert army_space(DATA, cargo_of(after, DATA, piece)) <= stats(DATA, mover).army_capacity
        assert mover.spent <= stats(DATA, mover).pm
    assert all(v >= 0 for t in after.territories.values() for v in t.armies.values())
    if all(r.ok for r in out.results):
        assert len(out.events) == len(out.results)  # each step made tells its public event


def test_a_ship_at_sea_loads_from_a_coast_and_unloads_to_another() -> None:
    """L1618: a ship loads from the coast it lies off (FROM) and unloads to one (TO); at sea it
    must say which coast; not onto an enemy's coast (taken by an attack, L1655); what it puts
    down is recorded for the supply trim (R108)."""
    coasts = {
        "peloponneso": TerritoryState(owner="venice", armies={"venice": 10}),
        "tessaglia": TerritoryState(owner="hungary"),
    }
    galley = Piece(owner="venice", kind="galley", number=1, level=1, location="mar_ionio")
    out = run(
        game(galley, territories=coasts),
        venice="""
LOAD 6 VF ON galley 1 FROM peloponneso
UNLOAD 5 VF FROM galley 1
UNLOAD 5 VF FROM galley 1 TO tessaglia
UNLOAD 5 VF FROM galley 1 TO peloponneso
""",
    )
    assert codes(out) == [None, "no-coast", "unload", None]
    assert out.results[2].reason is not None
    assert "tessaglia is hungary's, at war with venice" in out.results[2].reason.message.lower()
    assert out.results[1].reason is not None
    assert out.results[1].reason.message.endswith(
        "galley 1 is at sea in Mar Ionio: say which coast (FROM/TO)"
    )
    after = out.state
    assert after.territories["peloponneso"].armies == {"venice": 4 + 5}
    assert after.territories["tessaglia"].armies == {}
    ship = after.piece("venice", "galley", 1)
    assert ship is not None and (ship.vf, ship.location) == (1, "mar_ionio")
    assert after.war is not None and after.war.arrivals == (("peloponneso", "venice", 5),)
