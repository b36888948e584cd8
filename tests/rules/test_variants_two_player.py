"""The variant PARTITA A 2 GIOCATORI (two_player.py; seed 002 L3248-3258, ex L3282; ruling R302)."""

from __future__ import annotations

import pytest

from adjudicator.core.dice import Dice
from adjudicator.core.engine import resolve_window, window_label
from adjudicator.errors import AdjudicatorError
from adjudicator.rulesets.medioevo.church.papacy import after_conquest, papal_state
from adjudicator.rulesets.medioevo.endgame.standings import final_standings
from adjudicator.rulesets.medioevo.events_phase import calamity
from adjudicator.rulesets.medioevo.phases import diplomacy
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.two_player import lowest, play_area
from adjudicator.rulesets.medioevo.variants import TWO_PLAYER
from adjudicator.rulesets.medioevo.war.cargo_state import cargo_of
from adjudicator.rulesets.medioevo.war.movement import check_path
from adjudicator.rulesets.medioevo.war.movement_state import mover_of, world_of
from tests.rules.economy_window import refused
from tests.rules.war_states import war_state

RULES = MedioevoRuleset()
DATA = RULES.data
OPTIONS = {TWO_PLAYER: True}


def two(*variants: str, **kw: object) -> MedioevoState:
    return war_state(("byzantium", "hungary"), {}, (), (), variants=variants, **kw)


def test_two_contiguous_kingdoms_no_pope_and_the_area_in_play() -> None:
    """L3250-3254: two players only; no Pope (the Catholic Hungarian is none, nor gets his 5 VF);
    the area: the two kingdoms and the barbarian kingdoms around and between them."""
    state, _ = RULES.initial_state("g", ["byzantium", "hungary"], OPTIONS, Dice(b"t" * 32, "T0.setup"))
    assert isinstance(state, MedioevoState)
    assert not any(p.pope for p in state.powers.values())
    assert state.powers["hungary"].reinforcements == DATA.setup_rules.deploy_vf
    assert state.play_area == play_area(DATA.board, ("byzantium", "hungary"))
    assert {"byzantium", "hungary", "serbia", "bulgaria"} <= set(state.play_area)
    assert "castile" not in state.play_area and "france" not in state.play_area
    with pytest.raises(AdjudicatorError, match="for 2 players, not 3"):
        RULES.initial_state("g", ["byzantium", "hungary", "mamluks"], OPTIONS, Dice(b"t" * 32, "T0.setup"))


def test_no_transport_leaves_the_area() -> None:
    """L3252: only the area is played: a caravan in Cumania (in play) may not enter Kiev (out)."""
    area = play_area(DATA.board, ("byzantium", "hungary"))
    lands = {"cumania": TerritoryState(owner="hungary", buildings=("village",))}
    cart = Piece(owner="hungary", kind="war_wagon", number=1, level=1, location="cumania", vf=5)
    state = war_state(("byzantium", "hungary"), lands, (), (cart,), variants=(TWO_PLAYER,), play_area=area)
    mover = mover_of(state, cart, cargo_of(state, DATA, cart))
    check = check_path(world_of(DATA, state), mover, ("cumania", "kiev"))
    assert not check.ok and "Kiev is outside the two-player game's area (L3252)" in check.reason
    free = check_path(world_of(DATA, state.evolve(play_area=())), mover, ("cumania", "kiev"))
    assert "outside" not in free.reason


def test_no_calamity_no_diplomacy_no_pope() -> None:
    """L3254-3256: the calamity trigger is not rolled; a Diplomacy order is refused and the phase
    does nothing; a Catholic taking the Papal State is no Pope."""
    window = DATA.calamity_rules.trigger_max
    plain = two(turn=5).evolve(omens=two().omens.model_copy(update={"window": window}))
    _, _, told = calamity.trigger(plain, Dice(b"c" * 32, "T5.events"), DATA)
    assert told  # the 2d6 are rolled in a game of more players
    variant = plain.evolve(variants=(TWO_PLAYER,))
    assert calamity.trigger(variant, Dice(b"c" * 32, "T5.events"), DATA) == (variant, False, ())
    start, _ = RULES.initial_state("g", ["byzantium", "hungary"], OPTIONS, Dice(b"t" * 32, "T0.setup"))
    while window_label(RULES, start) != "T1.cards":
        start = resolve_window(RULES, start, {}, b"t" * 32).state
    assert isinstance(start, MedioevoState)
    assert "no Diplomacy in a two-player game" in refused(start, "hungary", "DECLARE WAR byzantium")[0]
    done = diplomacy.resolve(variant, {"hungary": ()}, DATA, Dice(b"d" * 32, "T5.diplomacy"))
    assert done.state is variant and done.events == ()
    rome = papal_state(DATA)
    taken = variant.evolve(territories={rome: TerritoryState(owner="hungary")})
    assert after_conquest(taken, DATA, "hungary", rome) == (taken, [])


def test_the_score_is_the_lowest_of_the_three_kinds() -> None:
    """L3256-3258, ex L3282: "5 PO di battaglie e conquiste territoriali, 7 PO di evoluzione
    tecnologica, 8 PO di fiorini; i PO validi sono 5"."""
    assert lowest([("held", 5.0), ("technologies", 7.0), ("florins", 8.0)]) == 5.0
    techs = tuple(t for t, info in DATA.technologies.items() if info.level < 4)[:7]  # 1 PO (L2443)
    state = two(TWO_PLAYER).with_power("hungary", honor=5, florins=3000, techs=techs)
    rows = {s.power: s for s in final_standings(state, DATA)}
    assert rows["hungary"].total == 1.0  # min(5, 1, 3), not their sum 9
    (kinds,) = [line for line in rows["hungary"].lines if line.key == "two_player"]
    assert kinds.detail == "battles and conquests 5, technological evolution 1, florins 3"
    rows = {s.power: s for s in final_standings(state.evolve(variants=()), DATA)}
    assert rows["hungary"].total == 9.0
