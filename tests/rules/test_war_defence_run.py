"""The defenders' doctrines and several defenders in a land attack (war/doctrines.py,
war/defence.py; seed 002 L1731-1736, L1760, L1794-1796, L1810-1828, L2057-2067; rulings R99,
R104, R105, R171-R173). Doctrines are stored by ``apply_doctrines`` from parsed DOCTRINE lines, as
the combat phase does first; the attacks run through ``run_scripts`` with loaded dice."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.events_diplomacy import WarDeclared
from adjudicator.rulesets.medioevo.pacts import Pact, PactKind
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, PowerState, TerritoryState
from adjudicator.rulesets.medioevo.war import clauses as cl
from adjudicator.rulesets.medioevo.war.doctrines import apply_doctrines, slot_of, standing
from adjudicator.rulesets.medioevo.war.events import BattleFought, TerritoryConquered
from adjudicator.rulesets.medioevo.war.events_conquest import SpoilsTaken
from adjudicator.rulesets.medioevo.war.invariants import problems
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.records import DoctrineClause, WarTurn

from .test_war_attack_run import DATA, events, game, run

ATTACK = "ATTACK transilvania FROM cart 1 WITH captain 1"


def doctrine(state: MedioevoState, power: str, text: str) -> MedioevoState:
    lines = list(enumerate(text.strip().splitlines(), 1))
    sub = parse_war_lines(state, power, lines, DATA, strict=False)
    assert not sub.issues, sub.issues
    return apply_doctrines(state, {power: sub.orders})


def test_doctrines_stand_until_a_line_of_the_same_scope_and_slot_replaces_them() -> None:
    """docs/war.md §3.3 (R99): a later line replaces the clause of its scope and slot; other
    scopes stand; CLEAR drops its scope; the narrowest scope wins when read."""
    state = doctrine(
        game(),
        "venice",
        """DOCTRINE RETREAT DURING BELOW 3
DOCTRINE IN transilvania RETREAT DURING BELOW 5
DOCTRINE CARDS 1: BALESTRIERE
DOCTRINE RETREAT DURING BELOW 4""",
    )
    assert state.powers["venice"].doctrines == (
        DoctrineClause(clause="RETREAT DURING BELOW 5", place="transilvania"),
        DoctrineClause(clause="CARDS 1: balestriere"),
        DoctrineClause(clause="RETREAT DURING BELOW 4"),
    )
    assert standing(state, "venice", DATA, place="transilvania")["RETREAT DURING"] == cl.RetreatDuring(5)
    assert standing(state, "venice", DATA, place="valacchia")["RETREAT DURING"] == cl.RetreatDuring(4)
    cleared = doctrine(state, "venice", "DOCTRINE IN transilvania CLEAR")
    assert [d.clause for d in cleared.powers["venice"].doctrines] == [
        "CARDS 1: balestriere",
        "RETREAT DURING BELOW 4",
    ]


def test_a_stored_clause_has_the_slot_of_its_order() -> None:
    """What ``apply_doctrines`` compares for a stored clause is the slot its order had."""
    for clause in (
        cl.RetreatBefore("IF OUTNUMBERED", 2.0),
        cl.RetreatDuring(3),
        cl.RetreatTo(("cairo", "gaza")),
        cl.RetreatOn("cart 2"),
        cl.Cards("3+", ("eroina", "genio"), "ATTACKER PLAYS ladro"),
        cl.Cards("ALL", ("balestriere",)),
        cl.LossesOrder(("cart 1",)),
        cl.LossesFirst("ABOARD"),
        cl.LastArmy("cart 1"),
        cl.Help("BARBARIANS", True),
        cl.Rank(2),
        cl.React("guardia", "cairo"),
        cl.After("cerusico"),
        cl.Capital("cairo"),
        cl.Ask(),
    ):
        assert slot_of(clause.canonical()) == clause.slot, clause


def allied(state: MedioevoState, red: int) -> MedioevoState:
    """France (red), allied with Venice (white) and at peace with Hungary, stands in Transilvania."""
    state = state.evolve(powers={**state.powers, "france": PowerState(kingdom="france", florins=0, honor=10)})
    state = state.with_territory("transilvania", armies={"venice": 5, "france": red})
    return state.with_pact(Pact(id=1, kind=PactKind.ALLIANCE, parties=("venice", "france"), made=1))


def big_cart(state: MedioevoState, vf: int) -> MedioevoState:
    return state.with_piece(state.pieces[0], level=3, armies=3, vf=vf)


def test_ex_L1812_the_owner_falls_last_and_the_ally_joins_by_declaring_war() -> None:
    """Ex L1812-1820 (R104, R145): Hungary (yellow) attacks Venice's (white) Transilvania, 5 VF,
    where France (red), Venice's ally, stands with 50: France defends too (HELP ALLIES by default,
    L1732), declaring war on Hungary on the spot (L1826), first in the side's order, the owner
    last. A 6 against a 1 costs Venice 4 VF, not 5: its last VF falls last (L1816-1818); from then
    only France defends, and Venice's last VF only when France's are gone (L1820). France's
    captain there is the beaten side's too: destroyed (L1848, +1 PO). The example fights on to the
    last red army: Hungary's plan says so (``WITHDRAW BELOW 1``), R100's default would break off
    after 10 rounds (R212)."""
    state = big_cart(allied(game(cart_vf=5), 50), 70)
    red = Piece(owner="france", kind="captain", number=1, level=1, location="transilvania")
    state = state.evolve(pieces=(*state.pieces, red))
    out, _ = run(state, [6, 1] * 12, f"PLAN on WITHDRAW BELOW 1\n{ATTACK} PLAN on")
    assert out.results[0].ok, out.results
    (fought,) = events(out, BattleFought)
    defenders = [r.split(" against ")[1].split(" ")[0] for r in fought.rounds]
    assert defenders == ["france", "venice"] + ["france"] * 9 + ["venice"]
    assert "venice loses 4 VF" in fought.rounds[1]
    assert fought.lost == {"hungary": 22, "venice": 5, "france": 50}
    assert out.state.territories["transilvania"].owner == "hungary"
    assert out.state.at_war("france", "hungary")
    assert not out.state.pieces_of("france")
    assert [e.items for e in events(out, SpoilsTaken)] == [("france captain 1 destroyed: +1 PO",)]
    assert [(e.declarer, e.target, e.surprise) for e in out.events if isinstance(e, WarDeclared)] == [
        ("france", "hungary", True)
    ]
    assert problems(out.state, DATA) == []


def test_RANK_puts_a_defender_first_and_HELP_ALLIES_NO_stands_aside() -> None:
    """R104: ``RANK 1`` makes Venice the first to defend; an ally whose doctrine says ``HELP
    ALLIES NO`` stands aside and keeps its VF (L1828)."""
    state = doctrine(big_cart(allied(game(cart_vf=5), 6), 40), "venice", "DOCTRINE RANK 1")
    out, _ = run(state, [6, 1] * 6, ATTACK)
    (fought,) = events(out, BattleFought)
    assert fought.rounds[0].split(" against ")[1].startswith("venice")
    aside = doctrine(big_cart(allied(game(cart_vf=5), 6), 40), "france", "DOCTRINE HELP ALLIES NO")
    out, _ = run(aside, [6, 1] * 6, ATTACK)
    (fought,) = events(out, BattleFought)
    assert set(fought.lost) == {"hungary", "venice"}
    assert out.state.territories["transilvania"].armies["france"] == 6
    assert not out.state.at_war("france", "hungary")


def barbarian_land(state: MedioevoState) -> MedioevoState:
    """France stands with 3 VF in Rascia, barbarian; Hungary's cart is next door in Banato."""
    state = state.evolve(powers={**state.powers, "france": PowerState(kingdom="france", florins=0, honor=10)})
    state = state.evolve(territories={**state.territories, "rascia": TerritoryState(armies={"france": 3})})
    state = state.with_piece(state.pieces[0], location="banato")
    return state.with_piece(state.pieces[1], location="banato")


def test_ex_L1822_a_power_in_barbarian_land_helps_the_barbarians_or_stands_aside() -> None:
    """Ex L1822-1828 (R104, R146): France stands in barbarian Rascia when Hungary attacks it. By
    default it does not help: the barbarians alone fight, Hungary takes Rascia and France keeps its
    VF there (a further attack would need a war, L1828). With ``HELP BARBARIANS YES`` it declares
    war on Hungary (L1826) and fights after the barbarians."""
    out, _ = run(barbarian_land(game(cart_vf=15)), [6, 1] * 4, "ATTACK rascia FROM cart 1 WITH captain 1")
    (fought,) = events(out, BattleFought)
    assert set(fought.lost) == {"hungary", "barbarians"}
    assert out.state.territories["rascia"].owner == "hungary"
    assert out.state.territories["rascia"].armies == {"hungary": 1, "france": 3}
    helping = doctrine(barbarian_land(game(cart_vf=15)), "france", "DOCTRINE IN rascia HELP BARBARIANS YES")
    out, _ = run(helping, [6, 1] * 4, "ATTACK rascia FROM cart 1 WITH captain 1")
    (fought,) = events(out, BattleFought)
    assert fought.lost["france"] == 3 and fought.lost["barbarians"] == 2
    assert out.state.at_war("france", "hungary")
    assert out.state.territories["rascia"].armies == {"hungary": 1}


def with_valacchia(state: MedioevoState) -> MedioevoState:
    valacchia = TerritoryState(owner="venice", armies={"venice": 2})
    return state.evolve(territories={**state.territories, "valacchia": valacchia})


def test_L2059_a_defender_retreats_during_the_battle_where_its_doctrine_says() -> None:
    """L2059-2067 (R105, R156): Venice's doctrine retreats from Transilvania once below 8 VF, to
    Valacchia. A 6 against a 1 leaves it 5: Hungary's level I captain rolls a d4 (2) and takes 2
    prisoners, 3 VF get away to Valacchia (an arrival for the end-of-combat supply, L2067), and
    Transilvania is Hungary's."""
    state = doctrine(
        with_valacchia(game(cart_vf=15, venice=10)),
        "venice",
        "DOCTRINE IN transilvania RETREAT DURING BELOW 8\nDOCTRINE RETREAT TO valacchia",
    )
    out, dice = run(state, [6, 1, 2], ATTACK)
    (fought,) = events(out, BattleFought)
    assert (fought.end, fought.captured["venice"]) == ("defenders_retreated", 2)
    assert dice.rolls[2].purpose == "battle 1 round 1 capture hungary"
    assert out.state.territories["valacchia"].armies == {"venice": 5}
    assert out.state.war is not None and ("valacchia", "venice", 3) in out.state.war.arrivals
    assert out.state.territories["transilvania"].owner == "hungary"
    assert problems(out.state, DATA) == []


def test_L2059_a_retreat_before_the_battle_gives_the_attacker_1_PO() -> None:
    """L2059, L2063 (R105): ``RETREAT BEFORE ALWAYS``: Venice leaves with all its VF before the
    first roll; Hungary gains 1 PO and takes Transilvania unopposed by dice."""
    state = doctrine(with_valacchia(game(cart_vf=15, venice=10)), "venice", "DOCTRINE RETREAT BEFORE ALWAYS")
    out, dice = run(state, [], ATTACK)
    (fought,) = events(out, BattleFought)
    assert (fought.end, fought.rounds) == ("defenders_retreated", ())
    assert not dice.rolls
    assert out.state.powers["hungary"].honor == 11
    assert out.state.territories["valacchia"].armies == {"venice": 12}
    assert events(out, TerritoryConquered)


def test_R171_with_nowhere_to_go_the_defender_does_not_retreat() -> None:
    """R171 (L2063-2069): Venice holds no neighbour of Transilvania and has no ally: its
    ``RETREAT BEFORE ALWAYS`` cannot be obeyed, so it fights."""
    state = doctrine(game(cart_vf=15, venice=3), "venice", "DOCTRINE RETREAT BEFORE ALWAYS")
    state = state.evolve(
        territories={**state.territories, "valacchia": TerritoryState(owner="hungary", armies={"hungary": 1})}
    )
    for place in ("podolia", "bessarabia", "rutenia_rossa"):
        state = state.evolve(territories={**state.territories, place: TerritoryState(owner="hungary")})
    out, _ = run(state, [6, 1], ATTACK)
    (fought,) = events(out, BattleFought)
    assert fought.end == "defenders_eliminated" and len(fought.rounds) == 1
    assert out.state.powers["hungary"].honor == 10


def test_L1760_losses_aboard_first_by_doctrine_and_the_attackers_order() -> None:
    """L1760 (R172): Venice's ``LOSSES ABOARD FIRST`` takes its 3 lost VF off its cart in
    Transilvania, not off the ground (4 against 1); Hungary's ``LOSSES ORDER cart 2`` takes its
    own 1 VF lost off cart 2, not off the fuller cart 1 (L1760's default); the second roll ties."""
    carts = (
        Piece(owner="venice", kind="war_wagon", number=1, level=1, location="transilvania", vf=4),
        Piece(owner="hungary", kind="war_wagon", number=2, level=1, location="bihar", vf=6),
    )
    state = game(cart_vf=15, venice=3)
    state = state.evolve(pieces=(*state.pieces, *carts))
    state = doctrine(state, "venice", "DOCTRINE LOSSES ABOARD FIRST")
    out, _ = run(
        state,
        [4, 1, 3, 3],
        "PLAN p LOSSES ORDER cart 2\nPLAN p WITHDRAW AFTER 2\n"
        "ATTACK transilvania FROM cart 1, cart 2 WITH captain 1 PLAN p",
    )
    (fought,) = events(out, BattleFought)
    assert len(fought.rounds) == 2
    boat = out.state.piece("venice", "war_wagon", 1)
    assert boat is not None and boat.vf == 1
    assert out.state.territories["transilvania"].armies == {"venice": 3}
    mine = (out.state.piece("hungary", "war_wagon", 1), out.state.piece("hungary", "war_wagon", 2))
    assert [c.vf for c in mine if c is not None] == [15, 5]  # by default off cart 1, the fuller
    assert problems(out.state, DATA) == []


def test_ex_L1794_cards_by_round_for_the_attacker_and_the_defender() -> None:
    """Ex L1794-1796 (R173): the attacker's plan plays BALESTRIERE (+1) on the first roll only: it
    rolls 6 against 2, a difference of 5 (7-2): the defender loses 5, the attacker 2. On the
    second roll Venice's doctrine ``CARDS 2: BALESTRIERE`` plays its own."""
    state = game(cart_vf=15, venice=20)
    state = state.with_power("hungary", cards=("balestriere",))
    state = doctrine(
        state.with_power("venice", cards=("balestriere",)), "venice", "DOCTRINE CARDS 2: BALESTRIERE"
    )
    out, _ = run(
        state,
        [6, 2, 3, 3],
        f"PLAN p CARDS 1: BALESTRIERE\nPLAN p WITHDRAW AFTER 2\n{ATTACK} PLAN p",
    )
    (fought,) = events(out, BattleFought)
    first, second = fought.rounds
    assert "hungary d6 6 +1 BALESTRIERE = 7 against venice d6 2 = 2" in first
    assert "hungary loses 2 VF, venice loses 5 VF" in first
    assert "hungary d6 3 = 3 against venice d6 3 +1 BALESTRIERE = 4" in second


def test_L2059_RETREAT_BEFORE_IF_OUTNUMBERED_weighs_the_attack_announced() -> None:
    """L1717, L2059 (R99): ``RETREAT BEFORE IF OUTNUMBERED 2`` leaves before the first roll when
    the attacking VF are at least twice its own, with its captain (L2061); against fewer it fights."""
    state = with_valacchia(game(cart_vf=15, venice=7))
    state = state.evolve(
        pieces=(
            *state.pieces,
            Piece(owner="venice", kind="captain", number=1, level=1, location="transilvania"),
        )
    )
    state = doctrine(state, "venice", "DOCTRINE RETREAT BEFORE IF OUTNUMBERED 2")
    out, _ = run(state, [], ATTACK)  # 14 VF fight (15 less the 1 aboard) against 7
    (fought,) = events(out, BattleFought)
    assert fought.end == "defenders_retreated"
    captain = out.state.piece("venice", "captain", 1)
    assert captain is not None and captain.location == "valacchia"
    fewer = with_valacchia(game(cart_vf=14, venice=7))
    out, _ = run(doctrine(fewer, "venice", "DOCTRINE RETREAT BEFORE IF OUTNUMBERED 2"), [6, 1, 6, 1], ATTACK)
    (fought,) = events(out, BattleFought)
    assert fought.end == "defenders_eliminated"


def test_L2063_a_retreat_before_the_battle_aboard_an_unmoved_transport() -> None:
    """L2063 (R176): before the first roll Venice leaves Transilvania with its VF on the ground
    walking to Valacchia and its unmoved cart 2 driving there with the 4 VF aboard, so the cart is
    no spoil. A cart that moved in this Combat may not: it is left empty and taken."""
    cart = Piece(owner="venice", kind="war_wagon", number=2, level=1, location="transilvania", vf=4)
    state = with_valacchia(game(cart_vf=15, venice=3))
    state = state.evolve(pieces=(*state.pieces, cart))
    state = doctrine(
        state,
        "venice",
        "DOCTRINE RETREAT BEFORE ALWAYS\nDOCTRINE RETREAT TO valacchia\nDOCTRINE RETREAT ON cart 2",
    )
    out, _ = run(state, [], ATTACK)
    moved = out.state.piece("venice", "war_wagon", 2)
    assert moved is not None and (moved.location, moved.vf) == ("valacchia", 4)
    assert out.state.territories["valacchia"].armies == {"venice": 5}
    assert out.state.territories["transilvania"].owner == "hungary"
    assert not events(out, SpoilsTaken)
    assert problems(out.state, DATA) == []

    used = state.evolve(war=WarTurn(moved=("venice/war_wagon/2",)))
    out, _ = run(used, [], ATTACK)
    assert out.state.piece("venice", "war_wagon", 2) is None
    assert out.state.territories["valacchia"].armies == {"venice": 9}
    cap = "no room under the LT cap for another cart (ex L1836): sacked"
    assert [e.items for e in events(out, SpoilsTaken)] == [(f"venice cart 2 sacked: 50 florins ({cap})",)]
