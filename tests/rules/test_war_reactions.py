"""The defender's standing REACT cards (war/reactions.py; seed 002 L2534, ex L2568; L2722, ex
L2697; L2652; R242): CARPENTIERE and MILIZIANO, and the attack refused with its reactions. Pure:
a state by hand, the doctrines stored as ``apply_doctrines`` stores them."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.reactions import before_attack
from adjudicator.rulesets.medioevo.war.records import DoctrineClause
from adjudicator.rulesets.medioevo.war.run import run_scripts
from tests.rules.war_states import war_state

DATA = default_dataset()
LT2 = ("legge", "carpenteria", "ingegneria", "medicina", "chirurgia", "matematica", "istruzione", "filosofia")


def game(*doctrines: str, techs: tuple[str, ...] = LT2) -> MedioevoState:
    """Hungary (LT II) holds Pest (a tower), Bihar and Banato of its kingdom, and Serbian Rascia."""
    places = {
        "pest": TerritoryState(owner="hungary", armies={"hungary": 5}, buildings=("town", "tower")),
        "bihar": TerritoryState(owner="hungary", armies={"hungary": 5}),
        "banato": TerritoryState(owner="venice", armies={"venice": 5}),
        "rascia": TerritoryState(owner="hungary", armies={"hungary": 5}),
    }
    state = war_state(("hungary", "venice"), places, (("hungary", "venice"),), ())
    kept = tuple(DoctrineClause(clause=d) for d in doctrines)
    return state.with_power(
        "hungary", cards=("carpentiere", "miliziano"), techs=techs, doctrines=kept, kingdom="hungary"
    )


def test_carpentiere_raises_the_walls_with_ingegneria_and_builds_a_tower_without_walls_L2534() -> None:
    """Ex L2568: the Torre becomes a Fortilizio before the first roll; bare land gets a Torre."""
    state, events = before_attack(game("REACT carpentiere"), "venice", "pest", DATA, Dice(b"s", "t"))
    assert state.territories["pest"].buildings == ("town", "fort")
    assert [e.card for e in events] == ["CARPENTIERE"] and state.powers["hungary"].cards == ("miliziano",)
    state, _ = before_attack(game("REACT carpentiere"), "venice", "bihar", DATA, Dice(b"s", "t"))
    assert state.territories["bihar"].buildings == ("tower",)
    no_ingegneria = (*(t for t in LT2 if t != "ingegneria"), "tattica")
    state, events = before_attack(
        game("REACT carpentiere", techs=no_ingegneria), "venice", "pest", DATA, Dice(b"s", "t")
    )
    assert events == [] and state.powers["hungary"].cards == ("carpentiere", "miliziano")


def test_miliziano_levies_in_the_starting_kingdom_only_when_it_is_attacked_L2722() -> None:
    """Ex L2697: LT II, 2 VF in each territory of the starting kingdom still held (Pest, Bihar;
    not Banato, lost; not Rascia, outside it); an attack on Rascia plays nothing."""
    state, events = before_attack(game("REACT miliziano"), "venice", "bihar", DATA, Dice(b"s", "t"))
    assert state.territories["pest"].armies == {"hungary": 7}
    assert state.territories["bihar"].armies == {"hungary": 7}
    assert state.territories["banato"].armies == {"venice": 5}
    assert state.territories["rascia"].armies == {"hungary": 5}
    state, events = before_attack(game("REACT miliziano"), "venice", "rascia", DATA, Dice(b"s", "t"))
    assert events == [] and state.territories["pest"].armies == {"hungary": 5}


def test_a_react_clause_for_another_place_plays_nothing_R242() -> None:
    state, events = before_attack(game("REACT miliziano IN pest"), "venice", "bihar", DATA, Dice(b"s", "t"))
    assert events == [] and state == game("REACT miliziano IN pest")


def test_a_refused_attack_leaves_the_reactions_unplayed_R242() -> None:
    """The runner plays the reactions on the state the attack starts from and keeps them only
    with the attack: Venice's cart 9 does not exist, so nothing happens."""
    state = game("REACT carpentiere")
    sub = parse_war_lines(
        state, "venice", [(1, "ATTACK bihar FROM cart 9 WITH captain 1")], DATA, strict=False
    )
    out = run_scripts(state, {"venice": sub.orders}, DATA, Dice(b"s", "t"))
    assert not out.results[0].ok and out.state.powers == state.powers
    assert out.state.territories == state.territories


def test_a_play_step_of_a_reaction_or_of_pirata_is_refused_in_words_R242() -> None:
    state = game().with_power("hungary", cards=("guardia", "pirata"))
    lines = [(1, "PLAY guardia"), (2, "PLAY pirata")]
    sub = parse_war_lines(state, "hungary", lines, DATA, strict=False)
    guardia, pirata = run_scripts(state, {"hungary": sub.orders}, DATA, Dice(b"s", "t")).results
    assert guardia.reason is not None and pirata.reason is not None
    assert "by a standing DOCTRINE REACT guardia [IN <territory>] (R242)" in guardia.reason.message
    assert "no barbarian ships yet (issue 19)" in pirata.reason.message
