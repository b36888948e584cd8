"""The attack steps of the compressed-mode runner (war/run.py, war/attacks.py; docs/war.md §4.4):
ATTACK on a power's territory fought with ``battle.fight`` over forces read from the state, its
outcome applied (VF, prisoners, conquest), and WAR by surprise (seed 002 L636, L1568, L1560,
L1689-1691, L1844-1846; R102, R136). Pure: states built by hand, scripts read by
``parse_war_lines``, dice loaded."""

from __future__ import annotations

from typing import Any

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, PowerState, TerritoryState
from adjudicator.rulesets.medioevo.war.declaration import declare_war
from adjudicator.rulesets.medioevo.war.events import BattleFought, TerritoryConquered
from adjudicator.rulesets.medioevo.war.events_conquest import SpoilsTaken
from adjudicator.rulesets.medioevo.war.invariants import problems
from adjudicator.rulesets.medioevo.war.parse import parse_war_lines
from adjudicator.rulesets.medioevo.war.run import RunOutcome, run_scripts

DATA = default_dataset()


def game(
    cart_vf: int = 0, venice: int = 5, wars: tuple[tuple[str, str], ...] = (("hungary", "venice"),), **kw: Any
) -> MedioevoState:
    """Hungary at Pest with 40 VF on the ground, a level I war cart and captain 1 aboard it;
    Venice holds Transilvania with ``venice`` VF."""
    return MedioevoState(
        ruleset="medioevo",
        ruleset_version="1",
        game="g",
        turn=3,
        powers={p: PowerState(kingdom=p, florins=0, honor=10) for p in ("hungary", "venice")},
        territories={
            "pest": TerritoryState(owner="hungary", armies={"hungary": 40}),
            "bihar": TerritoryState(owner="hungary"),
            "banato": TerritoryState(owner="hungary"),
            "transilvania": TerritoryState(owner="venice", armies={"venice": venice} if venice else {}),
        },
        wars=wars,
        turn_order=("hungary", "venice"),
        pieces=(
            Piece(
                owner="hungary",
                kind="war_wagon",
                number=1,
                level=1,
                location="bihar" if cart_vf else "pest",
                vf=cart_vf,
            ),
            Piece(
                owner="hungary",
                kind="captain",
                number=1,
                level=1,
                location="bihar" if cart_vf else "pest",
                aboard="war_wagon/1" if cart_vf else None,
            ),
        ),
        **kw,
    )


def run(state: MedioevoState, loaded: list[int], hungary: str) -> tuple[RunOutcome, Dice]:
    lines = list(enumerate(hungary.strip().splitlines(), 1))
    sub = parse_war_lines(state, "hungary", lines, DATA, strict=False)
    assert not sub.issues, sub.issues
    dice = Dice(seed=b"war-attack-test", namespace="T3.war", loaded=list(loaded))
    return run_scripts(state, {"hungary": sub.orders}, DATA, dice), dice


def vf(state: MedioevoState) -> int:
    """Every VF on the board: on the ground and aboard."""
    return sum(sum(t.armies.values()) for t in state.territories.values()) + sum(p.vf for p in state.pieces)


def events(out: RunOutcome, kind: type[Any]) -> list[Any]:
    return [e for e in out.events if isinstance(e, kind)]


def test_the_attacks_of_ex_L1560_run_after_its_moves() -> None:
    """Ex 002 L1560: load, move, attack, move and attack again. Hungary loads captain 1 and 15 VF
    at Pest, moves via Bihar and takes Transilvania (3 VF of Venice, a 6 against a 1); the cart
    enters what it took (L1661), leaves 1 VF to hold it (L1846), moves on to Banato and attacks
    Valacchia, won the same way. The dice purposes are battle.py's. Two attacks need a captain
    of level II at the start of the turn (L1727)."""
    state = game()
    state = state.with_piece(state.pieces[1], level=2)
    state = state.with_territory("transilvania", armies={"venice": 3})
    valacchia = TerritoryState(owner="venice", armies={"venice": 2})
    state = state.evolve(territories={**state.territories, "valacchia": valacchia})
    out, dice = run(
        state,
        [6, 1, 6, 1],
        """
LOAD captain 1 ON cart 1
LOAD 15 VF ON cart 1
MOVE cart 1 VIA bihar
ATTACK transilvania FROM cart 1 WITH captain 1
MOVE cart 1 TO banato
ATTACK valacchia FROM cart 1 WITH captain 1
""",
    )
    assert [r.ok for r in out.results] == [True] * 6, out.results
    assert [(e.territory, e.winner) for e in events(out, BattleFought)] == [
        ("transilvania", "attacker"),
        ("valacchia", "attacker"),
    ]
    assert [e.territory for e in events(out, TerritoryConquered)] == ["transilvania", "valacchia"]
    assert out.state.territories["transilvania"].owner == "hungary"
    assert out.state.territories["transilvania"].armies == {"hungary": 1}
    assert out.state.territories["valacchia"].owner == "hungary"
    assert dice.rolls[0].purpose == "battle 1 round 1 attacker hungary"
    assert dice.rolls[2].purpose == "battle 2 round 1 attacker hungary"
    cart = out.state.piece("hungary", "war_wagon", 1)
    assert cart is not None and cart.location == "valacchia"
    lost = sum(e.lost["hungary"] for e in events(out, BattleFought))
    assert cart.vf == 15 - lost - 2  # 1 VF left in each conquered territory
    assert problems(out.state, DATA) == []


def test_ex_L1689_nineteen_fight_one_stays_aboard() -> None:
    """Ex 002 L1689-1691 (R136, R102): 24 VF with a level I war cart (capacity 20): 20 take part,
    19 fight and 1 stays aboard. Beaten round after round, Hungary loses exactly 19 and the cart
    keeps its 1 VF; Transilvania stays Venice's. The example does not fight on: by R100's default
    (R212) Hungary, outnumbered 14 to 38 after the first roll, withdraws then; fighting to the end
    takes a plan that says so (``WITHDRAW BELOW 1``)."""
    state = game(cart_vf=20, venice=40)
    state = state.with_territory("bihar", armies={"hungary": 4})
    default, _ = run(state, [1, 6] * 40, "ATTACK transilvania FROM cart 1 WITH captain 1")
    (fought,) = events(default, BattleFought)
    assert len(fought.rounds) == 1 and fought.lost == {"hungary": 5, "venice": 2}
    assert default.state.piece("hungary", "war_wagon", 1).vf == 15  # type: ignore[union-attr]
    script = "PLAN last WITHDRAW BELOW 1\nATTACK transilvania FROM cart 1 WITH captain 1 PLAN last"
    out, _ = run(state, [1, 6] * 40, script)
    assert out.results[0].ok, out.results
    (fought,) = events(out, BattleFought)
    assert fought.winner == "defender"
    assert fought.lost["hungary"] + fought.captured["hungary"] == 19
    cart = out.state.piece("hungary", "war_wagon", 1)
    assert cart is not None and (cart.vf, cart.location) == (1, "bihar")
    assert out.state.territories["bihar"].armies == {"hungary": 4}
    assert out.state.territories["transilvania"].owner == "venice"


def test_a_lost_attack_leaves_the_territory_and_conserves_vf() -> None:
    """A lost attack: the territory stays the defender's, and every VF is accounted for: before =
    after + lost (of which the winner's prisoners, L1772, held in ``PowerState.prisoners``)."""
    state = game(cart_vf=8, venice=12)
    before = vf(state)
    out, _ = run(
        state, [1, 6, 2, 5, 1, 6, 1, 6, 2, 6, 1, 6] * 4, "ATTACK transilvania FROM cart 1 WITH captain 1"
    )
    (fought,) = events(out, BattleFought)
    assert fought.winner == "defender"
    assert out.state.territories["transilvania"].owner == "venice"
    assert not events(out, TerritoryConquered)
    lost = sum(fought.lost.values()) + sum(fought.captured.values())
    assert before == vf(out.state) + lost
    assert problems(out.state, DATA) == []
    prisoners = sum(sum(p.prisoners.values()) for p in out.state.powers.values())
    assert prisoners == sum(fought.prisoners.values())
    assert out.state.powers["venice"].prisoners == {"hungary": fought.prisoners["venice"]}
    assert 0 < fought.prisoners["venice"] <= fought.lost["hungary"]


def test_an_attack_on_a_power_not_at_war_needs_a_war_step() -> None:
    """L1568, L636: a power may declare war in the combat phase, by surprise, paying 2 PO more
    than the table's price; without the WAR step the attack is refused with the reason."""
    state = game(cart_vf=15, wars=())
    out, _ = run(state, [6, 1], "ATTACK transilvania FROM cart 1 WITH captain 1")
    (result,) = out.results
    assert not result.ok and result.reason is not None and result.reason.code == "not-at-war"
    assert "hungary is not at war with venice" in result.reason.message
    assert out.state.territories["transilvania"].owner == "venice"

    out, _ = run(state, [6, 1], "WAR venice\nATTACK transilvania FROM cart 1 WITH captain 1")
    assert [r.ok for r in out.results] == [True, True], out.results
    assert out.state.at_war("hungary", "venice")
    assert out.state.territories["transilvania"].owner == "hungary"
    plain = Ledger(state, DATA)
    declare_war(plain, "hungary", "venice", [None])
    paid = plain.state.powers["hungary"].honor - out.state.powers["hungary"].honor
    assert paid == DATA.diplomacy_rules.surprise_war_po == 2


def test_a_naval_attack_sinks_and_leaves_wrecks() -> None:
    """L2008-L2018 (ramming, then rounds), L1683: Hungary's galley 1 (level II, 12 VF aboard, 11
    fight, R102) sails from the Ionian into the Malta sea and attacks Venice's two galleys (3 VF
    aboard); every Venetian VF lost, both galleys are wrecks anyone may claim (R110); the winner
    holds the zone. The ram dice come first (battle_naval.py's purposes)."""
    galley = Piece(owner="hungary", kind="galley", number=1, level=2, location="mar_ionio", vf=12)
    ships = (
        Piece(owner="venice", kind="galley", number=1, level=1, location="mare_di_malta", vf=2),
        Piece(owner="venice", kind="galley", number=2, level=1, location="mare_di_malta", vf=1),
    )
    captain = Piece(
        owner="hungary", kind="captain", number=1, level=1, location="mar_ionio", aboard="galley/1"
    )
    state = game().evolve(pieces=(galley, captain, *ships))
    before = vf(state)
    out, dice = run(
        state, [4, 1, 1, 6, 1] * 5, "NAVAL ATTACK venice IN mare_di_malta FROM galley 1 WITH captain 1"
    )
    assert out.results[0].ok, out.results
    (fought,) = events(out, BattleFought)
    assert fought.winner == "attacker" and fought.lost["venice"] == 3
    assert "ram" in dice.rolls[0].purpose
    assert {w.was for w in out.state.wrecks} == {"venice galley 1", "venice galley 2"}
    assert not out.state.pieces_of("venice")
    mine = out.state.piece("hungary", "galley", 1)
    assert mine is not None and mine.location == "mare_di_malta" and mine.vf >= 1
    assert before == vf(out.state) + sum(fought.lost.values())


def test_the_plan_named_by_the_attack_is_followed() -> None:
    """docs/war.md §3.2 (R100): PLAN OCCUPY leaves that many VF in the conquered territory (L1846);
    PLAN WITHDRAW AFTER 1 breaks off after one lost round (L1721), the territory staying Venice's."""
    won, _ = run(
        game(cart_vf=15, venice=2),
        [6, 1] * 3,
        "PLAN north OCCUPY 3\nATTACK transilvania FROM cart 1 WITH captain 1 PLAN north",
    )
    assert won.results[0].ok, won.results
    assert won.state.territories["transilvania"].armies == {"hungary": 3}
    broke, _ = run(
        game(cart_vf=15, venice=20),
        [1, 6] * 3,
        "PLAN north WITHDRAW AFTER 1\nATTACK transilvania FROM cart 1 WITH captain 1 PLAN north",
    )
    (fought,) = events(broke, BattleFought)
    assert (fought.end, len(fought.rounds)) == ("attackers_withdrew", 1)
    assert broke.state.territories["transilvania"].owner == "venice"


def test_enemy_vf_in_ones_own_land_are_attacked_there_and_the_land_stays_L1828_R230() -> None:
    """002 L1828, L2266 (R230): enemy VF in Hungary's own Bihar are attacked where the cart
    stands, at no entry cost; beaten, their cart there is a spoil (sacked: Hungary's LT I holds
    no second cart, ex L1836), Bihar stays Hungary's and no territory changes hands. With no
    enemy there the attack is refused; with a power at peace there, it names the WAR step L1828
    asks for."""
    state = game(cart_vf=10)
    assert "hungary's own territory, with no enemy VF in it" in _refusal(state, "ATTACK bihar")
    venice_cart = Piece(owner="venice", kind="war_wagon", number=1, level=1, location="bihar", vf=3)
    state = state.evolve(pieces=(*state.pieces, venice_cart))
    at_peace = game(cart_vf=10, wars=()).evolve(pieces=state.pieces)
    said = _refusal(at_peace, "ATTACK bihar")
    assert "venice stand(s) in bihar at peace with hungary: a WAR venice step" in said
    out, _ = run(state, [6, 1], "ATTACK bihar FROM cart 1 WITH captain 1")
    assert out.results[0].ok, out.results
    assert out.state.territories["bihar"].owner == "hungary" and not events(out, TerritoryConquered)
    assert [(e.territory, e.defender, e.winner) for e in events(out, BattleFought)] == [
        ("bihar", "venice", "attacker")
    ]
    assert out.state.piece("venice", "war_wagon", 1) is None
    assert out.state.powers["venice"].casus_belli == {}  # no attack on a kingdom's land (L758)
    assert [e.items for e in events(out, SpoilsTaken)] == [(SACKED,)]
    cart = out.state.piece("hungary", "war_wagon", 1)
    assert cart is not None and cart.location == "bihar"


def _refusal(state: MedioevoState, line: str) -> str:
    out, _ = run(state, [6, 1], f"{line} FROM cart 1 WITH captain 1")
    reason = out.results[0].reason
    assert reason is not None
    return reason.message


SACKED = "venice cart 1 sacked: 50 florins (no room under the LT cap for another cart (ex L1836): sacked)"
