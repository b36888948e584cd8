"""The Pope, the Papal State and the election (seed 002 L2168-2182, ex L2196-2208)."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.church import election
from adjudicator.rulesets.medioevo.church.events import PapalVotes, PopeChanged
from adjudicator.rulesets.medioevo.church.papacy import (
    SUSPENDED,
    after_conquest,
    church_of,
    grant_papal_state,
    pope_dies,
    pope_of,
)
from adjudicator.rulesets.medioevo.state import BARBARIANS
from tests.rules import economy_window
from tests.rules.church_support import DATA, POWERS, ROME, RULES, dice, economy, with_pope


def test_the_pope_owns_the_papal_state_L2172() -> None:
    """L2170-2172: the Pope drawn among the Catholics also owns the Papal State (R305; the setup
    does not call it yet, docs/church.md)."""
    state, _ = RULES.initial_state("g", POWERS, {}, dice("T0.setup"))
    pope = pope_of(state)  # type: ignore[arg-type]
    assert pope in ("holy_roman_empire", "hungary", "france")
    state = grant_papal_state(state, pope, DATA, 5)  # type: ignore[arg-type]
    assert state.territories[ROME].owner == pope
    assert state.territories[ROME].armies == {pope: 5}


def test_example_L2196_2200_infidel_takes_rome_then_a_catholic_retakes_it() -> None:
    """Ex L2196-2200: the Mamluk takes the Papal State, the Pope dies; next turn a Catholic retakes
    it and becomes Pope (L2176-2178), +1 PO (L2433)."""
    state = economy("holy_roman_empire")
    state = state.with_territory(ROME, owner="byzantium")
    state, events = after_conquest(state, DATA, "byzantium", ROME, "holy_roman_empire")
    assert pope_of(state) is None and church_of(state).vacant == SUSPENDED
    assert isinstance(events[0], PopeChanged) and events[0].old == "holy_roman_empire"
    honor = state.powers["hungary"].honor
    state, events = after_conquest(
        state.with_territory(ROME, owner="hungary"), DATA, "hungary", ROME, "byzantium"
    )
    assert pope_of(state) == "hungary" and church_of(state).vacant is None
    assert state.powers["hungary"].honor == honor + 1
    assert state.church is None  # the record is gone once back at its defaults


def test_example_L2202_barbarians_hold_rome_no_election() -> None:
    """Ex L2202: the barbarians take the Papal State: the Pope dies and none is elected."""
    state, _ = after_conquest(economy("holy_roman_empire"), DATA, BARBARIANS, ROME, "holy_roman_empire")
    assert pope_of(state) is None and church_of(state).vacant == SUSPENDED
    assert not election.due(state.evolve(turn=state.turn + 5))


def test_example_L2204_2208_the_election_after_an_epidemic() -> None:
    """Ex L2204-2208: blue (HRE) holds the Papal State with 15 VF and 2 transports; the Pope dies
    of the EPIDEMIA; at the next Events yellow (Hungary) is elected: 7 blue VF leave (2 stay for
    the 2 transports) and 10 yellow VF come. Votes: 1 + Cathedrals + 250 florins paid (L2180)."""
    state = economy("holy_roman_empire", "SET hungary florins 600")
    state = state.with_territory(ROME, armies={"holy_roman_empire": 9})
    state = state.add_piece("holy_roman_empire", "galley", 1, ROME).add_piece(
        "holy_roman_empire", "caravan", 1, ROME
    )
    told: list = []
    state = pope_dies(state, DATA, "the EPIDEMIA's die", told, election_turn=state.turn)
    assert pope_of(state) is None and election.due(state)
    orders = {
        "hungary": economy_window.mail(state, "hungary", "ELECT hungary PAY 500"),
        "holy_roman_empire": economy_window.mail(state, "holy_roman_empire", "ELECT holy_roman_empire"),
    }
    state, events, results = election.hold(state, orders, DATA)
    votes = next(e for e in events if isinstance(e, PapalVotes))
    assert votes.weight["hungary"] == 1 + 1 + 2  # 1, its Cathedral, 500 florins
    assert votes.tally["hungary"] > votes.tally["holy_roman_empire"]
    assert state.powers["hungary"].florins == 100  # 500 paid to the bank
    assert pope_of(state) == "hungary" and state.territories[ROME].owner == "hungary"
    assert state.territories[ROME].armies == {"holy_roman_empire": 2, "hungary": 10}
    assert all(r.ok for r in results)


def test_election_tie_goes_to_the_sealed_offer_L2182() -> None:
    """L2182: on equal votes the highest sealed offer is Pope, and pays it."""
    state = economy("france")
    state = pope_dies(state, DATA, "a calamity", [], election_turn=state.turn)
    orders = {
        "hungary": economy_window.mail(state, "hungary", "ELECT hungary OFFER 40"),
        "holy_roman_empire": economy_window.mail(
            state, "holy_roman_empire", "ELECT holy_roman_empire OFFER 90"
        ),
        "france": economy_window.mail(state, "france", "ELECT france OFFER 10"),
    }
    florins = state.powers["holy_roman_empire"].florins
    state, events, _ = election.hold(state, orders, DATA)
    assert pope_of(state) == "holy_roman_empire"
    assert state.powers["holy_roman_empire"].florins == florins - 90
    votes = next(e for e in events if isinstance(e, PapalVotes))
    assert votes.offers == {"holy_roman_empire": 90, "hungary": 40, "france": 10}


def test_only_catholics_vote_and_only_when_due() -> None:
    state = economy("holy_roman_empire")
    assert economy_window.refused(state, "hungary", "ELECT hungary")[0].startswith("no papal election")
    state = pope_dies(state, DATA, "a calamity", [], election_turn=state.turn)
    assert "only the Catholics" in economy_window.refused(state, "byzantium", "ELECT hungary")[0]


def test_example_L2204_a_calamity_die_of_5_kills_the_pope_on_the_2nd_turn_L1140() -> None:
    """L1140: 6 kills on the 1st damaging turn, 5+ on the 2nd (ex L2204: a 5 kills the Pope)."""
    from adjudicator.core.dice import Dice
    from adjudicator.rulesets.medioevo.church.papacy import calamity_die

    state = economy("holy_roman_empire")
    spared = calamity_die(state, DATA, Dice(b"d" * 32, "T2.events", loaded=[5]), 1, [])
    assert pope_of(spared) == "holy_roman_empire"
    told: list = []
    dead = calamity_die(state, DATA, Dice(b"d" * 32, "T2.events", loaded=[5]), 2, told)
    assert pope_of(dead) is None and election.due(dead.evolve(turn=dead.turn + 1))
    assert "1d6 = 5" in told[0].why


def test_rome_taken_from_the_barbarians_while_the_pope_reigns_elsewhere() -> None:
    """Without R305's setup the Papal State starts barbarian: taking it from them does not touch a
    Pope who is not there (L2176 speaks of the Pope's Papal State)."""
    state = with_pope(economy_window.economy(powers=POWERS), None).with_power("france", pope=True)
    state, events = after_conquest(state, DATA, "hungary", ROME, BARBARIANS)
    assert pope_of(state) == "france" and events == [] and state.church is None
