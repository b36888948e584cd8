"""EPIDEMIA over several turns (seed 002 L1252-1276; ex L1234-1240, L1300-1302)."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.calamity.events import CalamityHit
from adjudicator.rulesets.medioevo.calamity.registry import ongoing_steps
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, Siege
from tests.rules.calamities.board import DATA, board, land, strike, told

QUIET = tuple(  # 15 technologies that do nothing to an epidemic: with a 16th, LT III
    t for t in DATA.technologies if t not in ("medicina", "ospedale", "strade", "chirurgia")
)[:15]


def next_turn(state: MedioevoState, **changes: object) -> tuple[MedioevoState, list[str]]:
    """The epidemic's step in the next turn's Events phase."""
    step = dict(ongoing_steps())["epidemia"]
    after, events = step(state.evolve(turn=state.turn + 1, **changes), Dice(b"s", "ev"), DATA)
    return after, told(events)


def armies(state: MedioevoState, *lands: str) -> dict[str, dict[str, int]]:
    return {t: state.territories[t].armies for t in lands}


def test_epidemic_example_L1234_constantinople_over_four_turns() -> None:
    """Ex L1234-1240. T1: Byzantium (LT III, STRADE), Costantinopoli City with a Castle, 20 VF: 1d8 = 7
    +3 City -3 Castle = 7; 10 VF more in the positioning (23). T2: 7 -3 LT -3 +3 = 4; it spreads
    with 7: Misia across the Bosforo -4 STRAIT -2 HILL = 1, Macedonia -2 HILL = 5, Dobrugia 7 with
    only 5 VF: wiped, it stops spreading there (and goes to 1 barbarian VF, L1276). T3 with
    MEDICINA: Costantinopoli 4 -3 -3 -3 +3 = 0; from Misia 1 into Bitinia, Licia, Lidia -2 -3 = 0;
    Macedonia 5 -3 -3 -2 = 0; from Macedonia 5: Tessaglia -3 = 2, Albania and Rascia -3 -2 = 0,
    Rumelia -3 -2 -1 Tower +1 Village = 0. T4: it dies out."""
    byz = (*QUIET, "strade")
    places = {
        "costantinopoli": land("byzantium", "city", "castle", vf=20),
        "misia": land("byzantium", vf=5),
        "macedonia": land("byzantium", vf=10),
        "dobrugia": land("byzantium", vf=5),
        **{
            t: land("byzantium", vf=3)
            for t in ("bitinia", "licia", "lidia", "tessaglia", "albania", "rascia")
        },
    }
    state = board({"byzantium": byz}, places)
    (after, _), _ = strike("epidemia", "e18", state, 7, red=("costantinopoli",))
    assert after.territories["costantinopoli"].armies == {"byzantium": 13}
    assert after.ongoing is not None and after.ongoing.epidemic.active == {"costantinopoli": 7}
    after = after.with_territory("costantinopoli", armies={"byzantium": 23})  # the positioning

    t2, lines = next_turn(after)
    assert armies(t2, "costantinopoli", "misia", "macedonia", "dobrugia") == {
        "costantinopoli": {"byzantium": 19},
        "misia": {"byzantium": 4},
        "macedonia": {"byzantium": 5},
        "dobrugia": {"barbarians": 1},
    }
    assert t2.territories["dobrugia"].owner is None
    assert "EPIDEMIA in Misia (byzantium): byzantium loses 1 VF (7 -2 hill -4 border = 1 VF)" in lines
    t2 = t2.with_territory(
        "rumelia", owner="byzantium", buildings=("village", "tower"), armies={"byzantium": 4}
    )

    t3, lines = next_turn(
        t2,
        powers={
            **t2.powers,
            "byzantium": t2.powers["byzantium"].model_copy(update={"techs": (*byz, "medicina")}),
        },
    )
    assert armies(
        t3, "costantinopoli", "misia", "macedonia", "tessaglia", "albania", "rascia", "rumelia", "lidia"
    ) == {
        "costantinopoli": {"byzantium": 19},
        "misia": {"byzantium": 4},
        "macedonia": {"byzantium": 5},
        "tessaglia": {"byzantium": 1},
        "albania": {"byzantium": 3},
        "rascia": {"byzantium": 3},
        "rumelia": {"byzantium": 4},
        "lidia": {"byzantium": 3},
    }
    assert t3.ongoing is not None and t3.ongoing.epidemic.active == {"tessaglia": 2}

    t4, lines = next_turn(t3)
    assert t4.ongoing is None
    assert "EPIDEMIA: it causes no more losses and dies out (L1256, A36)" in lines


def test_epidemic_example_L1300_alexandria_and_the_nile() -> None:
    """Ex L1300-1302: Mamluks at LT III, Alessandria City with a level-1 fortification, 20 VF: 1d8 = 5
    +3 -1 = 7. Next turn with MEDICINA: 7 +3 -3 LT -3 MEDICINA -4 DESERT -1 = 0; it spreads with 7:
    Cirenaica (DESERT) -4 -3 = 0; Egitto (PLAIN) across the Nile -2 RIVER -3 = 2."""
    state = board(
        {"mamluks": QUIET},
        {
            "alessandria": land("mamluks", "city", "tower", vf=20),
            "cirenaica": land("mamluks", vf=5),
            "egitto": land("mamluks", vf=5),
        },
    )
    (after, _), _ = strike("epidemia", "e28", state, 5, red=("alessandria",))
    assert after.territories["alessandria"].armies == {"mamluks": 13}
    t2, _ = next_turn(
        after, powers={"mamluks": after.powers["mamluks"].model_copy(update={"techs": (*QUIET, "medicina")})}
    )
    assert armies(t2, "alessandria", "cirenaica", "egitto") == {
        "alessandria": {"mamluks": 13},
        "cirenaica": {"mamluks": 5},
        "egitto": {"mamluks": 3},
    }


def test_epidemic_split_between_powers_each_with_its_own_technologies_L1264_L1274() -> None:
    """L1264: several powers share the losses equally, each with its own bonuses (OSPEDALE: immune,
    L1263); L1274: the besieged are immune, the besiegers suffer it. 1d6 = 6 in a Borgo: 6 +2 = 8."""
    state = board(
        {"byzantium": ("ospedale",), "mamluks": ()},
        {"misia": land("byzantium", "town", vf={"byzantium": 10, "mamluks": 10})},
    )
    (after, events), _ = strike("epidemia", "e18", state, 6, red=("misia",))
    assert after.territories["misia"].armies == {"byzantium": 10, "mamluks": 6}
    besieged = state.evolve(sieges=(Siege(territory="misia", by="mamluks", since=4),))
    (after, _), _ = strike("epidemia", "e18", besieged, 6, red=("misia",))
    assert after.territories["misia"].armies == {"byzantium": 10, "mamluks": 2}
    assert told(events, CalamityHit) == [
        "EPIDEMIA in Misia (byzantium): mamluks loses 4 VF "
        "(6 +2 settlement; byzantium immune; mamluks 4 = 4 VF)"
    ]


def test_no_settlement_in_the_red_area_no_epidemic_L1254() -> None:
    state = board({"byzantium": ()}, {"misia": land("byzantium", vf=5)})
    (after, events), _ = strike("epidemia", "e18", state, red=("misia",))
    assert after == state
    assert told(events) == ["EPIDEMIA: no power has a settlement in the red area: no epidemic (L1254)"]


def test_epidemic_other_powers_transports_share_the_losses_L1271() -> None:
    """L1271: another power's transport in the infected territory shares the losses equally: 8 split
    among Byzantium (OSPEDALE: immune), the Mamluks' VF and Venice's galley: 3, 3, 2."""
    galley = Piece(owner="venice", kind="galley", number=1, level=1, location="misia", vf=4)
    state = board(
        {"byzantium": ("ospedale",), "mamluks": (), "venice": ()},
        {"misia": land("byzantium", "town", vf={"byzantium": 10, "mamluks": 10})},
        pieces=[galley],
    )
    (after, events), _ = strike("epidemia", "e18", state, 6, red=("misia",))
    assert after.territories["misia"].armies == {"byzantium": 10, "mamluks": 7}
    assert after.pieces[0].vf == 2
    assert any("venice's galley 1 2" in line for line in told(events, CalamityHit))


def test_epidemic_in_the_papal_state_the_pope_rolls_each_turn_L1140() -> None:
    """L1140 (A50, R269): the epidemic damages the Papal State two turns in a row: the Pope lives
    on a 1 the first turn (6 needed), and dies on a 5 the second (5+)."""
    state = board({"france": QUIET}, {"stato_della_chiesa": land("france", "city", vf=30)})
    state = state.with_power("france", pope=True)
    (after, events), _ = strike("epidemia", "e08", state, 8, 1, red=("stato_della_chiesa",))
    assert after.powers["france"].pope and after.ongoing is not None
    assert after.ongoing.epidemic.papal_turns == 1
    assert "the Pope (france) rolls 1, needing less than 6 to live" in " ".join(told(events))
    step = dict(ongoing_steps())["epidemia"]
    later, more = step(after.evolve(turn=6), Dice(b"s", "T6.events", loaded=[5]), DATA)
    assert later.powers["france"].pope is False
    assert any("Pope (france) dies: rolled 5 (5+ kills him in turn 2" in line for line in told(more))
