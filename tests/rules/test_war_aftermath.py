"""The end of the combat phase on a state (docs/war.md §4.5, ``war/aftermath.py``): forced exits
(002 L1568-1574), siege attrition (L1960-1962, ex L1978-1980), the supply trim (L2239-2243,
ex L2053-2055, ex L2276-2278), ownerless transports (L1630) and eliminations (L2081-2083), in that
order, each an event; the war's bookkeeping is gone after it."""

from __future__ import annotations

import pytest

from adjudicator.core.dice import Dice
from adjudicator.core.events import Scope
from adjudicator.rulesets.medioevo.board import Terrain
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.events import MEDIOEVO_EVENTS
from adjudicator.rulesets.medioevo.state import MedioevoState, PowerState, Siege, TerritoryState
from adjudicator.rulesets.medioevo.war import events_aftermath as ev
from adjudicator.rulesets.medioevo.war.aftermath import aftermath
from adjudicator.rulesets.medioevo.war.invariants import problems, vf_total
from adjudicator.rulesets.medioevo.war.records import ForcedExit, Pending, WarTurn, Wreck

DATA = default_dataset()
BOARD = DATA.board
DICE = Dice(b"a" * 32, "T3.war.9-close")
FOREST = next(t for t, v in BOARD.territories.items() if v.terrain is Terrain.FOREST and v.supply == 5)
PLAIN = next(t for t, v in BOARD.territories.items() if v.terrain is Terrain.PLAIN)


def state(turn: int = 3, **territories: TerritoryState) -> MedioevoState:
    """A bare board at ``turn`` with the given territories; red and mamluks have no technology and
    one empty territory each (Marmarica, Alessandria) to stay in the game."""
    held = {"alessandria": TerritoryState(owner="mamluks"), "marmarica": TerritoryState(owner="red")}
    terrs = {t: TerritoryState() for t in BOARD.territories} | held | territories
    return MedioevoState(
        ruleset="medioevo",
        ruleset_version="test",
        game="g",
        turn=turn,
        turn_order=("mamluks", "red"),
        powers={
            "mamluks": PowerState(kingdom="mamluks", florins=0),
            "red": PowerState(kingdom="x", florins=0),
        },
        territories=terrs,
    )


def run(s: MedioevoState) -> tuple[MedioevoState, list[object]]:
    after, events = aftermath(s, DATA, DICE)
    assert after.war is None
    assert problems(after, DATA) == []
    return after, list(events)


def test_events_are_registered_and_public_but_the_inheritance() -> None:
    """Registered with Medioevo's events; public as the table sees them (R115), save what the heir
    takes from behind the screen (R7)."""
    assert set(ev.AFTERMATH_EVENTS) <= set(MEDIOEVO_EVENTS)
    assert (
        ev.SupplyTrimmed(territory="x", limit=5, present=6, removed=(("red", 1),)).visibility.scope
        is Scope.PUBLIC
    )
    taken = ev.Inherited(power="mamluks", heir="red", cards=("arciere",), techs=(), florins=3)
    assert taken.visibility.powers == ("mamluks", "red")


# --- supply (L2239-2243)


def test_a_forest_with_a_town_and_a_tower_loses_5_of_35_at_the_end_ex_L2276() -> None:
    """Ex L2276-2278 (L2239): a forest (5) with a Borgo (+20) and a Torre (+5) holds 30; 35 VF
    there lose 5 at the end; 10 VF aboard a cart there do not count (L2243)."""
    s = state(**{FOREST: TerritoryState(owner="red", armies={"red": 35}, buildings=("town", "tower"))})
    s = s.add_piece("red", "war_wagon", 1, FOREST).evolve(war=WarTurn())
    s = s.with_piece(s.pieces_of("red", "war_wagon")[0], vf=10)
    after, events = run(s)
    assert after.territories[FOREST].armies == {"red": 30}
    assert after.pieces_of("red", "war_wagon")[0].vf == 10
    assert events == [ev.SupplyTrimmed(territory=FOREST, limit=30, present=35, removed=(("red", 5),))]
    assert "go back to the reserve (L2239)" in events[0].summary()  # type: ignore[attr-defined]
    assert vf_total(s)["red"] - vf_total(after)["red"] == 5


def test_the_retreating_vf_are_the_ones_lost_ex_L2053() -> None:
    """Ex L2053-2055 (L2067, R108): 5 mamluk VF retreat into Tripolitania (limit 5) where a red
    guest already stands with 5: the last arrived go first, from ``WarTurn.arrivals``."""
    s = state(tripolitania=TerritoryState(owner="mamluks", armies={"mamluks": 5, "red": 5}))
    s = s.evolve(war=WarTurn(arrivals=(("tripolitania", "mamluks", 5),)))
    after, events = run(s)
    assert after.territories["tripolitania"].armies == {"red": 5}
    assert events == [
        ev.SupplyTrimmed(territory="tripolitania", limit=5, present=10, removed=(("mamluks", 5),))
    ]


# --- siege attrition (L1960-1962)


def _siege(turn: int, since: int) -> MedioevoState:
    """Ex L1978: yellow (red) besieges green's (mamluks') Fortilizio with 15 VF against 10; a city
    there keeps the supply (L2239) out of the way."""
    s = state(
        turn,
        **{
            PLAIN: TerritoryState(
                owner="mamluks", armies={"mamluks": 10, "red": 15}, buildings=("city", "fort")
            )
        },
    )
    return s.evolve(sieges=(Siege(territory=PLAIN, by="red", since=since),))


def test_both_sides_lose_1_at_the_end_of_the_2nd_siege_turn_ex_L1978() -> None:
    """Ex L1978-1980: at the end of the 2nd siege turn, 15 besiegers and 10 inside a Fortilizio
    lose 1 VF each; the siege goes on."""
    after, events = run(_siege(turn=4, since=3))
    assert after.territories[PLAIN].armies == {"mamluks": 9, "red": 14}
    assert events == [
        ev.SiegeAttrition(
            territory=PLAIN,
            besieger="red",
            besieger_loss=1,
            besieged="mamluks",
            besieged_loss=1,
            siege_turn=2,
        )
    ]
    assert after.sieges == _siege(4, 3).sieges


def test_barbarians_behind_their_walls_suffer_attrition_too_L1960_R220() -> None:
    """L1960 ("le armate di entrambe le parti"), R220: a siege of barbarian walls wears the
    barbarians inside as it wears the besieger: 10 and 15 lose 1 each at the end of turn 2."""
    s = _siege(turn=4, since=3).with_territory(PLAIN, owner=None, armies={"barbarians": 10, "red": 15})
    after, events = run(s)
    assert after.territories[PLAIN].armies == {"barbarians": 9, "red": 14}
    (event,) = events
    assert isinstance(event, ev.SiegeAttrition) and (event.besieged, event.besieged_loss) == ("barbarians", 1)


def test_no_attrition_in_the_siege_s_first_turn_L1960() -> None:
    after, events = run(_siege(turn=3, since=3))
    assert after.territories[PLAIN].armies == {"mamluks": 10, "red": 15} and events == []


def test_attrition_takes_the_besieger_s_vf_aboard_when_the_ground_is_empty_A52() -> None:
    """A-52: the besieger's VF aboard its transports there count, and are the ones lost."""
    s = _siege(turn=5, since=3).with_territory(PLAIN, armies={"mamluks": 10})
    s = s.add_piece("red", "war_wagon", 1, PLAIN)
    s = s.with_piece(s.pieces_of("red", "war_wagon")[0], vf=15)
    after, _ = run(s)
    assert after.pieces_of("red", "war_wagon")[0].vf == 14


# --- forced exits (L1568-1574, R109)


def _caught(by_turn: int, turn: int = 3) -> MedioevoState:
    """Red's cart, with 6 VF and a captain aboard, in a mamluk territory when war broke out."""
    s = state(turn, **{PLAIN: TerritoryState(owner="mamluks", armies={"mamluks": 3})})
    s = s.add_piece("red", "war_wagon", 1, PLAIN).add_piece("red", "captain", 1, PLAIN)
    cart = s.pieces_of("red", "war_wagon")[0]
    s = s.with_piece(cart, vf=6).with_piece(s.pieces_of("red", "captain")[0], aboard="war_wagon/1")
    exit_ = ForcedExit(owner="red", kind="war_wagon", number=1, hostile="mamluks", by_turn=by_turn)
    return s.evolve(
        exits=(exit_,), territories={**s.territories, "tripolitania": TerritoryState(owner="red")}
    )


def test_a_forced_exit_not_made_eliminates_the_transport_and_its_contents_L1570() -> None:
    """L1570, L1574 (R109): a transport still in hostile land at the end of the phase it had to
    leave by is removed with everything aboard."""
    after, events = run(_caught(by_turn=3))
    assert after.pieces == () and after.exits == ()
    (lost,) = [e for e in events if isinstance(e, ev.TransportLost)]
    assert (lost.power, lost.piece, lost.place, lost.vf, lost.carried) == (
        "red",
        "cart 1",
        PLAIN,
        6,
        ("captain 1",),
    )
    assert "did not leave mamluks's territories in time (L1570, L1574)" in lost.summary()


def test_a_transport_with_a_turn_left_stays_and_one_that_left_waits_a_full_turn_L1572() -> None:
    """L1568: "o nel turno successivo se ha già mosso": due next turn, it stays. One that got out
    keeps its record (L1572: a full turn outside before it attacks), dropped a turn later."""
    after, events = run(_caught(by_turn=4))
    assert len(after.pieces) == 2 and after.exits == _caught(4).exits and events == []
    out = _caught(by_turn=3)
    for p in out.pieces:
        out = out.with_piece(p, location="tripolitania")
    after, events = run(out)
    assert events == [] and after.exits[0].out_since == 3
    later, _ = run(after.evolve(turn=4))
    assert later.exits == ()


# --- ownerless transports (L1630, R110)


def test_wrecks_nobody_claimed_are_removed_at_the_end_L1630() -> None:
    old = Wreck(kind="galley", level=1, location="tripolitania", was="venice galley 2", turn=3)
    s = state().evolve(wrecks=(old,))
    after, events = run(s)
    assert after.wrecks == ()
    assert events == [ev.WreckRemoved(was="venice galley 2", place="tripolitania")]


# --- elimination (L2081-2083, R113)


def _last_stand() -> MedioevoState:
    s = state(alessandria=TerritoryState(), **{PLAIN: TerritoryState(owner="red", armies={"red": 4})})
    powers = {
        "mamluks": PowerState(
            kingdom="mamluks", florins=340, cards=("arciere",), techs=("strategia", "legge")
        ),
        "red": PowerState(kingdom="x", florins=10, techs=("legge",)),
    }
    return s.evolve(powers=powers)


def test_the_power_that_took_the_last_territory_inherits_L2083() -> None:
    """L2081-2083: the winner takes every Empire card, the technologies it lacks ("quelle doppie
    non contano"), and every florin. The loser is out of the turn order and stays out."""
    after, events = aftermath(_last_stand(), DATA, DICE, heirs={"mamluks": "red"})
    red, mamluks = after.powers["red"], after.powers["mamluks"]
    assert (red.cards, red.techs, red.florins) == (("arciere",), ("legge", "strategia"), 350)
    assert (mamluks.cards, mamluks.techs, mamluks.florins) == ((), (), 0)
    assert after.turn_order == ("red",)
    assert events == [
        ev.PowerEliminated(power="mamluks", heir="red"),
        ev.Inherited(power="mamluks", heir="red", cards=("arciere",), techs=("strategia",), florins=340),
    ]
    again, more = aftermath(after, DATA, DICE)
    assert more == [] and again == after


def test_eliminated_by_no_one_its_cards_are_discarded_and_florins_go_to_the_bank_R113() -> None:
    after, events = aftermath(_last_stand(), DATA, DICE)
    assert (after.discards, after.bank) == (("arciere",), 340)
    assert after.powers["red"].techs == ("legge",)
    assert ev.PowerEliminated(power="mamluks", heir=None) in events


def test_a_power_whose_last_transport_fails_its_exit_is_eliminated_after_it_L1574_L2083() -> None:
    """The order of §4.5: the forced exit first, so a power left with nothing is then out."""
    s = _caught(by_turn=3)
    s = s.evolve(
        territories={
            t: ts.model_copy(update={"owner": None}) if ts.owner == "red" else ts
            for t, ts in s.territories.items()
        }
    )
    after, events = aftermath(s, DATA, DICE, heirs={"red": "mamluks"})
    assert [type(e) for e in events] == [ev.TransportLost, ev.PowerEliminated, ev.Inherited]
    assert after.turn_order == ("mamluks",)


def test_the_aftermath_waits_for_a_pending_defence_step() -> None:
    """docs/war.md §4.3: a pending attack never outlives its round."""
    pending = Pending(
        power="red", step=1, line="ATTACK x", target="x", captains=(), force=1, defenders=("mamluks",)
    )
    with pytest.raises(ValueError, match="waits for its defence step"):
        aftermath(state().evolve(war=WarTurn(pending=pending)), DATA, DICE)
