"""The rulebook's battle-result examples played as script steps (war/run.py, war/attacks.py;
seed 002 L1693-1697, L1736, L1756-1764, ex L1786-1792, ex L1800-1804; rulings R140, R173).
Pure: states built by hand, loaded dice (the setup of test_war_attack_run.py)."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import TerritoryState
from adjudicator.rulesets.medioevo.war.clauses import Cards
from adjudicator.rulesets.medioevo.war.events import BattleFought
from adjudicator.rulesets.medioevo.war.plans import card_rounds

from .test_war_attack_run import DATA, events, game, run
from .test_war_defence_run import doctrine

ONCE = "PLAN p WITHDRAW AFTER 1\nATTACK transilvania FROM cart 1 WITH captain 1 PLAN p"
HARMLESS = (  # technologies that change nothing in a field battle, to raise an LT (L446)
    "teologia",
    "fanatismo",
    "agricoltura",
    "mulino",
    "rotazione_delle_colture",
    "mercato",
    "allevamento",
    "caccia",
    "forgiatura",
    "legge",
    "vassallaggio",
    "feudalesimo",
    "istruzione",
    "letteratura",
    "filosofia",
    "conio",
)


def test_ex_L1786_the_loser_loses_the_difference_the_winner_half() -> None:
    """Ex L1786-1788: no bonus, the attacker rolls 2 and the defender 3: the attacker loses 1 VF,
    the defender none (half of 1). Ex L1790-1792: 2 against 4: the attacker loses 2, the defender
    1."""
    out, _ = run(game(cart_vf=15, venice=10), [2, 3], ONCE)
    (fought,) = events(out, BattleFought)
    assert (fought.lost["hungary"], fought.lost["venice"]) == (1, 0)
    out, _ = run(game(cart_vf=15, venice=10), [2, 4], ONCE)
    (fought,) = events(out, BattleFought)
    assert (fought.lost["hungary"], fought.lost["venice"]) == (2, 1)
    assert out.state.territories["transilvania"].armies == {"venice": 9}


def test_ex_L1804_a_defender_with_fewer_vf_than_the_difference() -> None:
    """Ex L1800-1804 (L1762, R140): the difference is more than the defender's 4 VF: it loses
    all 4 and the attacker only 2, the half of what was really lost; Transilvania is taken."""
    out, _ = run(game(cart_vf=15, venice=4), [6, 1], "ATTACK transilvania FROM cart 1 WITH captain 1")
    (fought,) = events(out, BattleFought)
    assert (fought.lost["hungary"], fought.lost["venice"]) == (2, 4)
    assert out.state.territories["transilvania"].owner == "hungary"


def test_ex_L1693_each_side_plays_up_to_its_LT_in_cards() -> None:
    """Ex L1693-1697 (L1736, R173): blue (Hungary) at LT 3 plays 3 cards on a roll; yellow
    (Venice) at LT 2 answers with at most 2: its doctrine's third card is not played."""
    state = game(cart_vf=15, venice=10)
    state = state.with_power("hungary", techs=HARMLESS, cards=("balestriere", "condottiero", "arciere"))
    state = state.with_power("venice", techs=HARMLESS[:8], cards=("arciere", "balestriere", "eroina"))
    valacchia = TerritoryState(owner="venice", buildings=("cathedral",))  # EROINA's (L2632)
    state = state.evolve(territories={**state.territories, "valacchia": valacchia})
    state = doctrine(state, "venice", "DOCTRINE CARDS 1: ARCIERE, BALESTRIERE, EROINA")
    out, _ = run(
        state,
        [6, 1],
        "PLAN p CARDS 1: BALESTRIERE, CONDOTTIERO, ARCIERE\nPLAN p WITHDRAW AFTER 1\n"
        "ATTACK transilvania FROM cart 1 WITH captain 1 PLAN p",
    )
    (fought,) = events(out, BattleFought)
    (words,) = fought.rounds
    assert "hungary d6 6 +1 BALESTRIERE +1 CONDOTTIERO = 8" in words
    assert "venice d6 1 +1 BALESTRIERE = 2" in words
    assert "EROINA" not in words
    assert DATA.cards["eroina"].timing == "round"  # with a cathedral, only the LT held it back


def test_R173_cards_by_round() -> None:
    """R173 (L1736, L1770): ``n`` is that roll, ``n+`` from it on, ``ALL`` the rolls no other
    clause names; ``IF FORTIFIED`` only against walls; the last entry repeats."""
    rounds = card_rounds(
        [
            Cards("ALL", ("arciere",)),
            Cards("2", ("eroina",)),
            Cards("4+", ("genio",)),
            Cards("1", ("balestriere",), "FORTIFIED"),
        ]
    )
    assert rounds == (("arciere",), ("eroina",), ("arciere",), ("genio",), ("genio",))
    walls = card_rounds([Cards("1", ("balestriere",), "FORTIFIED")], fortified=True)
    assert walls == (("balestriere",), ())
    assert card_rounds([Cards("1", ("eroina",), "DEFENDER PLAYED 2")]) == ()


def test_ex_L1713_condottiero_with_tattica_and_genio_with_ingegneria() -> None:
    """Ex L1713: the attacker plays CONDOTTIERO with TATTICA, +2 to its roll, and GENIO with
    INGEGNERIA, +2 more: +4 in all (at LT II, two cards a roll, L1736)."""
    state = game(cart_vf=15, venice=10)
    techs = (*HARMLESS[:6], "tattica", "ingegneria")
    state = state.with_power("hungary", techs=techs, cards=("condottiero", "genio"))
    out, _ = run(
        state,
        [1, 6],
        "PLAN p CARDS 1: CONDOTTIERO, GENIO\nPLAN p WITHDRAW AFTER 1\n"
        "ATTACK transilvania FROM cart 1 WITH captain 1 PLAN p",
    )
    (fought,) = events(out, BattleFought)
    (words,) = fought.rounds
    assert "hungary d6 1 +2 CONDOTTIERO +2 GENIO = 5 against venice d6 6 = 6" in words


def test_L1800_the_defenders_bombard_adds_one_to_its_roll() -> None:
    """L1677, ex L1800 (R138): a Bombard gives +1 "in attacco o in difesa" in a field battle: Venice's
    Bombard in Transilvania makes its 3 a 4 against Hungary's 3, so Hungary loses 1 VF; a catapult
    gives nothing (a tie)."""
    bombard = Piece(owner="venice", kind="siege", number=1, level=3, location="transilvania")
    state = game(cart_vf=15, venice=10)
    out, _ = run(state.evolve(pieces=(*state.pieces, bombard)), [3, 3], ONCE)
    (fought,) = events(out, BattleFought)
    assert "venice d6 3 +1 Bombard = 4" in fought.rounds[0]
    assert (fought.lost["hungary"], fought.lost["venice"]) == (1, 0)
    catapult = bombard.model_copy(update={"level": 1})
    out, _ = run(state.evolve(pieces=(*state.pieces, catapult)), [3, 3], ONCE)
    (fought,) = events(out, BattleFought)
    assert fought.lost == {"hungary": 0, "venice": 0}


def test_L1800_the_attackers_bombard_aboard_adds_one_to_its_roll() -> None:
    """L1677, ex L1800 ("usa 1 Bombarda (+1 in attacco o in difesa)", R138): a Bombard carried on
    the attacking cart makes Hungary's 3 a 4 against Venice's 3, so Venice loses 1 VF; one left
    behind at Pest gives nothing (a tie)."""
    state = game(cart_vf=15, venice=10)
    aboard = Piece(owner="hungary", kind="siege", number=1, level=3, location="bihar", aboard="war_wagon/1")
    out, _ = run(state.evolve(pieces=(*state.pieces, aboard)), [3, 3], ONCE)
    (fought,) = events(out, BattleFought)
    assert "hungary d6 3 +1 Bombard = 4" in fought.rounds[0]
    assert (fought.lost["hungary"], fought.lost["venice"]) == (0, 1)
    behind = aboard.model_copy(update={"location": "pest", "aboard": None})
    out, _ = run(state.evolve(pieces=(*state.pieces, behind)), [3, 3], ONCE)
    (fought,) = events(out, BattleFought)
    assert fought.lost == {"hungary": 0, "venice": 0}
