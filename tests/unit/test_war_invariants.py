"""The war's guarantees as a check on a state (docs/war.md §8, ``war/invariants.py``; seed 002
L1564-1566, L1576, L1628, L1661, L1728): each catches a state broken in one field, and the states
a game reaches without war are sound."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import cast

import pytest

from adjudicator.bots import bot_submissions
from adjudicator.core.dice import Dice
from adjudicator.core.engine import resolve_window
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState, Siege
from adjudicator.rulesets.medioevo.war.invariants import problems, vf_total
from adjudicator.rulesets.medioevo.war.records import ForcedExit, WarTurn, Wreck

RULES = MedioevoRuleset()
DATA = default_dataset()
SEED = b"war-invariants"
POWERS = ("hungary", "france", "byzantium", "holy_roman_empire")


@cache
def _start() -> MedioevoState:
    state, _ = RULES.initial_state("inv", POWERS, {}, Dice(SEED, "T0.setup"))
    return cast(MedioevoState, state)


@cache
def _after_two_turns() -> MedioevoState:
    """Two full turns played by the bots (as tests/unit/test_war_state.py plays them)."""
    state = _start()
    while state.turn <= 2:
        orders = {p: sub.orders for p, sub in bot_submissions(RULES, state, POWERS, game="inv").items()}
        state = cast(MedioevoState, resolve_window(RULES, state, orders, SEED).state)
    return state


def _cart(s: MedioevoState) -> Piece:
    return s.pieces_of("hungary", "war_wagon")[0]


def _captain(s: MedioevoState) -> Piece:
    return s.pieces_of("hungary", "captain")[0]


def _loaded(s: MedioevoState) -> MedioevoState:
    """Sound: 10 VF and a captain aboard hungary's cart, which has spent 1 PM."""
    cart = _cart(s)
    s = s.with_piece(cart, vf=10).with_piece(
        _captain(s), aboard=f"war_wagon/{cart.number}", location=cart.location
    )
    return s.evolve(war=WarTurn(spent={f"hungary/war_wagon/{cart.number}": 1}))


def _raw(s: MedioevoState, piece: Piece, **changes: object) -> MedioevoState:
    """A piece changed without validation: what a faulty step could leave."""
    broken = piece.model_copy(update=changes)
    return s.evolve(pieces=tuple(broken if p.key() == piece.key() else p for p in s.pieces))


def _first_owned(s: MedioevoState) -> str:
    return next(t for t, ts in s.territories.items() if ts.owner == "hungary")


BROKEN: dict[str, tuple[Callable[[MedioevoState], MedioevoState], str]] = {
    "negative ground VF": (
        lambda s: s.with_territory(_first_owned(s), armies={"hungary": -1}),
        "has -1 VF in",
    ),
    "negative VF aboard": (lambda s: _raw(s, _cart(s), vf=-2), "carries -2 VF"),
    "negative reserve": (
        lambda s: s.evolve(
            powers={**s.powers, "france": s.powers["france"].model_copy(update={"reserve": -1})}
        ),
        "-1 VF in its reserve",
    ),
    "negative prisoners": (
        lambda s: s.evolve(
            powers={
                **s.powers,
                "france": s.powers["france"].model_copy(update={"prisoners": {"hungary": -3}}),
            }
        ),
        "holds -3 VF of hungary prisoner",
    ),
    "VF on a captain (L1566)": (
        lambda s: _raw(s, _captain(s), aboard=None, vf=3),
        "is no transport and carries",
    ),
    "aboard a missing transport (L1564)": (
        lambda s: s.with_piece(_captain(s), aboard="war_wagon/99"),
        "no transport",
    ),
    "aboard a captain": (
        lambda s: s.with_piece(_cart(s), aboard=f"captain/{_captain(s).number}"),
        "no transport",
    ),
    "aboard, elsewhere": (lambda s: s.with_piece(_captain(s), location="costantinopoli"), "but stands in"),
    "over capacity (L1566)": (lambda s: s.with_piece(_cart(s), vf=200), "over its capacity"),
    "past its PM (L1576)": (
        lambda s: s.evolve(war=WarTurn(spent={f"hungary/war_wagon/{_cart(s).number}": 99})),
        "spent 99 PM",
    ),
    "PM of no transport": (
        lambda s: s.evolve(war=WarTurn(spent={"hungary/galley/42": 1})),
        "no transport on the map",
    ),
    "siege of nowhere": (
        lambda s: s.evolve(sieges=(Siege(territory="atlantis", by="hungary", since=1),)),
        "no territory",
    ),
    "siege by a missing captain (L1728)": (
        lambda s: s.evolve(sieges=(Siege(territory=_first_owned(s), by="france", since=1, captain=9),)),
        "not on the map",
    ),
    "exit of a missing transport": (
        lambda s: s.evolve(
            exits=(ForcedExit(owner="hungary", kind="galley", number=7, hostile="france", by_turn=1),)
        ),
        "must leave france's land",
    ),
    "wreck nowhere": (
        lambda s: s.evolve(
            wrecks=(Wreck(kind="galley", level=1, location="atlantis", was="venice galley 2", turn=1),)
        ),
        "which is no place",
    ),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_each_guarantee_catches_its_broken_state(name: str) -> None:
    breaks, words = BROKEN[name]
    sound = _loaded(_start())
    assert problems(sound, DATA) == []
    found = problems(breaks(sound), DATA)
    assert len(found) == 1 and words in found[0], found


@pytest.mark.parametrize(
    "state", [_start, _after_two_turns, lambda: _loaded(_start())], ids=["setup", "turn3", "loaded"]
)
def test_states_without_faults_are_sound(state: Callable[[], MedioevoState]) -> None:
    assert problems(state(), DATA) == []


def test_vf_total_counts_the_ground_and_aboard() -> None:
    """§8's conservation is checked on these totals: loading moves VF, it does not make them."""
    s = _start()
    ground = sum(t.armies.get("hungary", 0) for t in s.territories.values())
    assert vf_total(s)["hungary"] == ground
    where = _cart(s).location
    here = s.territories[where].armies.get("hungary", 0)
    moved = s.with_territory(where, armies={**s.territories[where].armies, "hungary": here - 1}).with_piece(
        _cart(s), vf=1
    )
    assert vf_total(moved) == vf_total(s)


def test_a_cart_in_a_galley_takes_5_and_its_own_cargo_L777_R127() -> None:
    """L777, L1566 (R127): a land transport aboard a ship takes 5 of its army space, and its own
    VF with it: a Galea I (20) holds 10 VF and a cart with 5, not a cart with 6."""
    s = _start().add_piece("hungary", "galley", 1, "costantinopoli")
    galley = s.pieces_of("hungary", "galley")[-1]
    aboard = f"galley/{galley.number}"
    s = s.with_piece(galley, vf=10).with_piece(_cart(s), location="costantinopoli", aboard=aboard, vf=5)
    assert problems(s, DATA) == []
    (over,) = problems(s.with_piece(_cart(s), vf=6), DATA)
    assert over == f"hungary/{aboard} carries 21 of army space, over its capacity of 20 (L1566)"


def test_a_card_s_pm_counts_in_the_transport_s_movement_L2707() -> None:
    key = f"hungary/war_wagon/{_cart(_start()).number}"
    s = _start().evolve(war=WarTurn(spent={key: 8}))  # a Carro I has 7 PM (L1636)
    assert len(problems(s, DATA)) == 1
    assert problems(s, DATA, extra_pm={key: 1}) == []
