"""``PLAY`` steps of the combat phase (war/card_plays.py; seed 002 L1705-L1707, L2506, L2661,
L2740, L712, L764; R229): the branches the L1705 scenario does not take. Pure: a state by hand,
the scripts read by ``parse_war_lines`` and run by ``run_scripts``."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pacts import Truce, pair
from adjudicator.rulesets.medioevo.state import CardEffect, MedioevoState, PowerState, TerritoryState
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.run import RunOutcome, run_scripts

DATA = default_dataset()


def game(**kw: object) -> MedioevoState:
    """Hungary holds the combat cards; Venice holds GENIO; Sicily handed Venice an AVARO."""
    hands = {"hungary": ("sicario", "ladro", "balestriere", "gabelliere"), "venice": ("genio",), "sicily": ()}
    return MedioevoState(
        ruleset="medioevo",
        ruleset_version="1",
        game="g",
        turn=3,
        powers={p: PowerState(kingdom=p, florins=0, cards=hands[p]) for p in hands},
        territories={"pest": TerritoryState(owner="hungary", armies={"hungary": 10})},
        turn_order=("hungary", "venice", "sicily"),
        card_effects=(CardEffect(card="avaro", holder="venice", played_by="sicily", until=4),),
        **kw,  # type: ignore[arg-type]
    )


def run(state: MedioevoState, line: str) -> RunOutcome:
    sub = parse_war_lines(state, "hungary", [(1, line)], DATA, strict=False)
    assert not sub.issues, sub.issues
    return run_scripts(state, {"hungary": sub.orders}, DATA)


def reason(out: RunOutcome) -> str:
    (result,) = out.results
    return result.reason.message if result.reason else ""


def test_sicario_ends_an_offensive_card_handed_to_a_power_and_offends_its_player_L2740() -> None:
    """002 L2740: SICARIO "elimina un'altra carta di offesa consegnata a qualsiasi giocatore":
    Sicily's AVARO on Venice ends; Sicily, whose card it was, gains the CB (R229)."""
    out = run(game(), "PLAY sicario ON venice FOR avaro")
    assert out.results[0].ok and out.state.card_effects == ()
    assert out.state.powers["sicily"].casus_belli == {"hungary": 1}
    assert out.state.powers["venice"].casus_belli == {}
    assert "sicario" not in out.state.powers["hungary"].cards and "sicario" in out.state.discards
    assert "no offensive GENIO handed to venice" in reason(run(game(), "PLAY sicario ON venice FOR genio"))


def test_a_play_that_cannot_act_is_refused_in_words_and_the_card_kept_L1707() -> None:
    """The card stays in hand when its effect is not made: no card named, a card the victim does
    not hold, oneself, a truce (L2630), a die roll's card (L1736), a card of another phase."""
    cases = {
        "PLAY ladro ON venice": "name the card: PLAY ladro ON venice FOR <card>",
        "PLAY ladro ON venice FOR eroina": "venice holds no EROINA: LADRO is kept",
        "PLAY ladro ON hungary FOR genio": "LADRO is played on another power, not on yourself",
        "PLAY ladro ON pest FOR genio": "LADRO is played on another power: PLAY ladro ON <power> FOR <card>",
        "PLAY sicario ON venice captain 1": "SICARIO eliminates a captain (ON venice captain 1)",
        "PLAY balestriere": "BALESTRIERE is played on a die roll: name it in a plan's CARDS (L1736)",
        "PLAY gabelliere": "GABELLIERE is a card of the taxes phase, not of combat",
    }
    for line, words in cases.items():
        out = run(game(), line)
        assert not out.results[0].ok and words in reason(out), (line, reason(out))
        assert out.state.powers == game().powers
    truce = Truce(parties=pair("hungary", "venice"), until=3, imposed_by="venice")
    out = run(game(truces=(truce,)), "PLAY ladro ON venice FOR genio")
    assert "truce with venice until turn 3" in reason(out)


def test_ladro_steals_the_named_card_and_gives_the_victim_a_cb_L2661_L712() -> None:
    out = run(game(), "PLAY ladro ON venice FOR genio")
    assert out.results[0].ok and out.state.powers["venice"].cards == ()
    assert out.state.powers["hungary"].cards == ("sicario", "balestriere", "gabelliere", "genio")
    assert out.state.powers["venice"].casus_belli == {"hungary": 1}
