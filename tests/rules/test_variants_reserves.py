"""The variant RISERVE DI COMBATTIMENTO (seed 002 L3200-3210, ex L3230-3232): VF from the reserve
join a field battle, within the LT's cap, near an own settlement, under the supply limit."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, PowerState, TerritoryState
from adjudicator.rulesets.medioevo.variants import COMBAT_RESERVES
from adjudicator.rulesets.medioevo.war.events import BattleFought
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.records import DoctrineClause
from adjudicator.rulesets.medioevo.war.reserves import ReservesCommitted, allowed
from adjudicator.rulesets.medioevo.war.run import RunOutcome, run_scripts
from tests.rules.war_states import war_state

DATA = default_dataset()
SCRIPT = ["ATTACK sicilia FROM galley 1 WITH captain 1 PLAN p", "PLAN p RESERVES 5"]


def example(*variants: str, napoli: tuple[str, ...] = ("village",)) -> MedioevoState:
    """Ex L3230: Hungary holds the Regno di Sicilia, 5 VF a territory, with LOGISTICA and
    ALLEVAMENTO, 12 VF in reserve and a standing DOCTRINE RESERVES 10; the Mamluks' galley with 12
    VF and a captain lies off Sicilia (no settlement there: Napoli's, in Campania, is next to it)."""
    galley = Piece(owner="mamluks", kind="galley", number=1, level=1, location="mare_di_calabria", vf=12)
    captain = Piece(
        owner="mamluks", kind="captain", number=1, level=1, location=galley.location, aboard="galley/1"
    )
    hungary = {"hungary": 5}
    state = war_state(
        ("mamluks", "hungary"),
        {
            "campania": TerritoryState(owner="hungary", armies=hungary, buildings=napoli),
            "puglia": TerritoryState(owner="hungary", armies=hungary),
            "sicilia": TerritoryState(owner="hungary", armies=hungary),
            "alessandria": TerritoryState(owner="mamluks"),
        },
        [("mamluks", "hungary")],
        (galley, captain),
        variants=variants,
    )
    doctrine = (DoctrineClause(clause="RESERVES 10"),)
    held = PowerState(
        kingdom="hungary", florins=0, techs=("allevamento", "logistica"), reserve=12, doctrines=doctrine
    )
    return state.evolve(powers={**state.powers, "hungary": held})


def attack(state: MedioevoState) -> RunOutcome:
    sub = parse_war_lines(state, "mamluks", list(enumerate(SCRIPT, 1)), DATA, strict=False)
    assert not sub.issues, sub.issues
    dice = Dice(b"reserves", "T3.war", loaded=[1, 6] * 20)
    return run_scripts(state, {"mamluks": sub.orders}, DATA, dice)


def test_the_defender_adds_5_vf_at_lt_i_next_to_napoli_ex_L3232() -> None:
    """Ex L3232: Hungary may add up to 5 VF in Sicilia (LT I, L3206) because it borders Napoli;
    the Mamluks, without LOGISTICA, add none though their plan says RESERVES 5 (L3202)."""
    out = attack(example(COMBAT_RESERVES))
    assert [e for e in out.events if isinstance(e, ReservesCommitted)] == [
        ReservesCommitted(power="hungary", territory="sicilia", vf=5)
    ]
    assert out.state.powers["hungary"].reserve == 7
    (battle,) = [e for e in out.events if isinstance(e, BattleFought)]
    assert out.state.territories["sicilia"].armies.get("hungary", 0) + battle.lost["hungary"] == 10


def test_no_reserves_without_the_variant_or_far_from_a_settlement_L3208() -> None:
    plain = example()
    assert allowed(plain, "hungary", "sicilia", 5, DATA) == 0
    sub = parse_war_lines(plain, "mamluks", list(enumerate(SCRIPT, 1)), DATA, strict=False)
    assert [i.message for i in sub.issues] == [
        "RESERVES: a clause of the variant RISERVE DI COMBATTIMENTO (L3200-3210), not on in this game"
    ]
    assert allowed(example(COMBAT_RESERVES, napoli=()), "hungary", "sicilia", 5, DATA) == 0
    rich = example(COMBAT_RESERVES)
    assert allowed(rich, "hungary", "sicilia", 5, DATA) == 5
    assert allowed(rich, "mamluks", "sicilia", 12, DATA) == 0  # no LOGISTICA (L3202)


def test_the_attacker_s_reserves_board_its_transports_L3204() -> None:
    """L3204, "in attacco o in difesa": the Mamluks, with LOGISTICA and a village in Malta next to
    Sicilia, add their plan's 5 VF aboard the attacking galley (R346), paid from the reserve: 4 +
    5 VF, within Sicilia's supply limit of 10 (L3208)."""
    state = example(COMBAT_RESERVES)
    state = state.with_piece(state.pieces[0], vf=4)
    mamluks = state.powers["mamluks"].model_copy(update={"techs": ("logistica",), "reserve": 8})
    state = state.evolve(powers={**state.powers, "mamluks": mamluks})
    state = state.evolve(
        territories={
            **state.territories,
            "isola_di_malta": TerritoryState(owner="mamluks", buildings=("village",)),
        }
    )
    out = attack(state)
    committed = [e for e in out.events if isinstance(e, ReservesCommitted)]
    assert [(e.power, e.vf) for e in committed] == [("mamluks", 5), ("hungary", 5)]
    assert out.state.powers["mamluks"].reserve == 3
    (battle,) = [e for e in out.events if isinstance(e, BattleFought)]
    galley = out.state.piece("mamluks", "galley", 1)
    assert galley is not None and galley.vf + battle.lost["mamluks"] + battle.captured.get("mamluks", 0) == 9


def test_the_supply_limit_caps_the_reserves_L3208() -> None:
    """L3208: "senza superare la capacità di approvvigionamento": with 5 VF short of Sicilia's
    limit, 5 at most; at the limit, none."""
    from adjudicator.rulesets.medioevo.supply import supply_limit

    state = example(COMBAT_RESERVES)
    limit = supply_limit(state, "sicilia", DATA)
    assert allowed(state, "hungary", "sicilia", limit - 3, DATA) == 3
    assert allowed(state, "hungary", "sicilia", limit, DATA) == 0
