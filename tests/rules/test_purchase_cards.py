"""Empire cards of the purchases phase played by mail (seed 002 L2494-2500, L2522-2524, L2614-2616,
L2710-2711, L2728-2729, L2750): each worked example of the seed, then the plays the judge refuses.
"""

from __future__ import annotations

from typing import cast

from adjudicator.core.dice import Dice
from adjudicator.core.orders import Order
from adjudicator.core.ruleset import Resolution
from adjudicator.rulesets.medioevo.events import CardPlayed
from adjudicator.rulesets.medioevo.events_diplomacy import GrievanceChanged
from adjudicator.rulesets.medioevo.orders import PURCHASES, PlayPurchaseCard
from adjudicator.rulesets.medioevo.phases.purchase_terms import mecenate_pct
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState
from tests.rules.test_card_plays import after, economy, mail, money, rejected

RULES = MedioevoRuleset()
DATA = RULES.data
SEED = b"q" * 32
# eight technologies make LT II, sixteen LT III (L446); none of LT2 lowers a price
LT2 = ["commercio", "legge", "agricoltura", "allevamento", "caccia", "istruzione", "tessitura", "forgiatura"]
LT3 = [
    *LT2,
    "matematica",
    "architettura",
    "ingegneria",
    "conio",
    "letteratura",
    "carpenteria",
    "misticismo",
    "investitura",
]


def techs(power: str, *names: str) -> list[str]:
    return [f"GRANT {power} tech {t}" for t in names]


def purchases(state: MedioevoState, orders: dict[str, tuple[Order, ...]]) -> Resolution:
    return RULES.resolve(state, PURCHASES, orders, Dice(SEED, "T1.purchases"))


def notes(resolution: Resolution) -> dict[str, str]:
    return {r.order: (r.note if r.ok else r.reason.message if r.reason else "") for r in resolution.results}


def test_contessa_example_L2586_a_fourth_technology_with_universita() -> None:
    """Ex L2586 (card L2614-2616): MEDICINA, INVESTITURA and UNIVERSITÀ held, 3 technologies bought,
    VASSALLAGGIO (orange) is had free as a 4th."""
    state = economy(
        *techs("hungary", "MEDICINA", "INVESTITURA", "UNIVERSITA", "ISTRUZIONE", "FILOSOFIA"),
        "GRANT hungary card CONTESSA",
    )
    orders = mail(
        state,
        "hungary",
        "PLAY Contessa FOR Vassallaggio",
        "BUY TECH Matematica",
        "BUY TECH Commercio",
        "BUY TECH Agricoltura",
    )
    resolution = purchases(state, {"hungary": orders})
    hungary = after(resolution).powers["hungary"]
    assert {"vassallaggio", "matematica", "commercio", "agricoltura"} <= set(hungary.techs)
    assert hungary.florins == 1000 - 3 * 50  # UNIVERSITÀ halves the three; VASSALLAGGIO is free
    assert "contessa" not in hungary.cards and "contessa" in after(resolution).discards
    played = [e for e in resolution.events if isinstance(e, CardPlayed)]
    assert played[0].effect == "VASSALLAGGIO acquired free"
    assert money(after(resolution)) == money(state)


def test_ospitaliere_example_L2701_the_free_technology_counts_without_universita() -> None:
    """Ex L2701 gives a 4th technology without UNIVERSITÀ; the card text (L2728-2729) lets only
    UNIVERSITÀ pass the 3 a turn (L807): the free one counts, so the third BUY TECH fails."""
    state = economy(*techs("hungary", "MONOTEISMO", "INVESTITURA"), "GRANT hungary card OSPITALIERE")
    lines = (
        "PLAY Ospitaliere FOR Vassallaggio",
        "BUY TECH Matematica",
        "BUY TECH Commercio",
        "BUY TECH Agricoltura",
    )
    assert rejected(state, "hungary", *lines)[3] == "at most 3 technologies a turn (L807)"  # on arrival too
    orders = RULES.parse(state, "hungary", list(enumerate(lines, 1)), strict=False).orders
    resolution = purchases(state, {"hungary": orders})
    hungary = after(resolution).powers["hungary"]
    assert {"vassallaggio", "matematica", "commercio"} <= set(hungary.techs)
    assert "agricoltura" not in hungary.techs
    assert "at most 3 technologies a turn" in notes(resolution)["BUY TECH agricoltura"]
    assert hungary.florins == 1000 - 200


def test_abate_example_L2472_monopolio_is_not_of_its_trees() -> None:
    """Ex L2472 gives MONOPOLIO (indigo); the card (L2494) gives blue or violet: refused, with the
    trees' colours from the data (R13)."""
    state = economy(*techs("hungary", "MEDICINA", "ARSENALE", "UNIVERSITA"), "GRANT hungary card ABATE")
    reasons = rejected(state, "hungary", "PLAY Abate FOR Monopolio", "PLAY Abate FOR Teologia")
    assert reasons[0] == (
        "ABATE gives a technology of the blue (Istruzione e Medicina) or violet (Religione) tree, "
        "not MONOPOLIO"
    )
    assert "TEOLOGIA needs MONOTEISMO" in reasons[1]  # eligible to buy (L803)
    ok = purchases(state, {"hungary": mail(state, "hungary", "PLAY Abate FOR Misticismo")})
    assert "misticismo" in after(ok).powers["hungary"].techs


def test_architetto_example_L2474_half_price_after_other_discounts() -> None:
    """Ex L2474: LT II with MATEMATICA, ARCHITETTURA and INGEGNERIA: 2 Torri (100/2), 2 Fortilizi
    raised from Torri (200/2) and 1 Cattedrale (1000/2) cost 800 instead of 1600."""
    state = economy(
        *techs("hungary", *LT2[:5], "MATEMATICA", "ARCHITETTURA", "INGEGNERIA"),
        "GRANT hungary card ARCHITETTO",
        "BUILD Banato village",
        "BUILD Bihar village",
        "SET hungary florins 900",
    )
    assert state.powers["hungary"].tech_level == 2
    lines = [
        "PLAY Architetto",
        "BUILD Torre IN Banato",
        "BUILD Torre IN Bihar",
        "BUILD Fortilizio IN Slovacchia",
        "BUILD Fortilizio IN Transilvania",
        "BUILD Cattedrale IN Croazia",
    ]
    resolution = purchases(state, {"hungary": mail(state, "hungary", *lines)})
    assert after(resolution).powers["hungary"].florins == 900 - 800
    assert after(resolution).bank == state.bank + 800
    assert notes(resolution)["BUILD cathedral IN croazia"] == "paid 500 florins"
    assert notes(resolution)["BUILD fort IN slovacchia"] == "paid 100 florins"
    # the same mail without the card: the lines above pay 600 of the 900 first (L801)
    assert (
        rejected(state, "hungary", *lines[1:])[-1]
        == "a Cattedrale in Croazia costs 1000 florins and you have 300"
    )


def test_mecenate_example_L2689_lt2_and_banche_make_20_percent() -> None:
    """Ex L2689: LT II with BANCHE: 2 Torri and 2 level-I technologies, 400 florins, cost 320. LT III
    counts once, as LT II (ruling on L2710: "LT 2/3" is one item)."""
    state = economy(
        *techs("hungary", *LT2[:7], "BANCHE"),
        "GRANT hungary card MECENATE",
        "BUILD Banato village",
        "BUILD Bihar village",
    )
    lines = ["PLAY Mecenate", "BUILD Torre IN Banato", "BUILD Torre IN Bihar", "BUY TECH Matematica"]
    resolution = purchases(state, {"hungary": mail(state, "hungary", *lines, "BUY TECH Scuola militare")})
    assert after(resolution).powers["hungary"].florins == 1000 - 320
    lt3 = economy(*techs("hungary", *LT3[:15], "BANCHE"))
    assert lt3.powers["hungary"].tech_level == 3
    assert mecenate_pct(DATA, lt3.powers["hungary"].techs) == 20


def test_architetto_halves_after_misticismo_L2500() -> None:
    """L2500: the price is halved after the other reductions: MISTICISMO's 50 off a Cattedrale
    (technologies.toml), then half: 475."""
    state = economy(*techs("hungary", "ARCHITETTURA", "MISTICISMO"), "GRANT hungary card ARCHITETTO")
    resolution = purchases(
        state, {"hungary": mail(state, "hungary", "PLAY Architetto", "BUILD Cattedrale IN Banato")}
    )
    assert notes(resolution)["BUILD cathedral IN banato"] == "paid 475 florins"


def test_mecenate_with_nothing_to_discount_is_refused() -> None:
    state = economy("GRANT hungary card MECENATE")
    assert rejected(state, "hungary", "PLAY Mecenate") == [
        "MECENATE gives you no discount: it needs LT II, MERCATO, BANCHE or MONOPOLIO"
    ]


def test_capomastro_example_L2492_level_one_builds_and_one_level_upgrades() -> None:
    """Card L2522 (R13): at LT III three free buildings, each of level I or raised one level; the
    example's free City on an empty site (L2492) is refused, the Fortilizio raised to Castello is not."""
    state = economy(
        *techs("hungary", *LT3),
        "GRANT hungary card CAPOMASTRO",
        "BUILD Banato village fort",
        "BUILD Bihar tower",
        "BUILD Slovacchia village",
    )
    assert state.powers["hungary"].tech_level == 3
    assert rejected(state, "hungary", "PLAY Capomastro: Citta IN Bihar") == [
        "CAPOMASTRO builds level-I buildings or raises one a level, not a Città (L2522)"
    ]
    orders = mail(
        state, "hungary", "PLAY Capomastro: Castello IN Banato, Villaggio IN Bihar, Torre IN Slovacchia"
    )
    assert orders == (
        PlayPurchaseCard(
            "capomastro", builds=(("castle", "banato"), ("village", "bihar"), ("tower", "slovacchia"))
        ),
    )
    resolution = purchases(state, {"hungary": orders})
    land = after(resolution).territories
    assert land["banato"].buildings == ("village", "castle")
    assert set(land["bihar"].buildings) == {"tower", "village"}
    assert after(resolution).powers["hungary"].florins == 1000
    assert "capomastro" in after(resolution).discards


def test_capomastro_counts_by_lt_and_needs_the_technology_of_the_line() -> None:
    state = economy("GRANT hungary tech INGEGNERIA", "GRANT hungary card CAPOMASTRO")
    reasons = rejected(state, "hungary", "PLAY Capomastro: Torre IN Pest, Torre IN Bihar")
    assert reasons == ["CAPOMASTRO builds 1 at your LT (L2522)"]
    assert rejected(state, "hungary", "PLAY Capomastro: Villaggio IN Bihar") == [
        "CAPOMASTRO builds civil buildings with ARCHITETTURA, fortification buildings with INGEGNERIA "
        "(L2522), not a Villaggio"
    ]


def test_taccagno_example_L2776_no_purchases_for_lt_turns() -> None:
    """Ex L2776: at LT III a TACCAGNO handed to Byzantium stops its purchases for 3 turns, this one
    included; played later in the turn order, it still acts on this turn's purchases (cards
    first); Byzantium gets the fire CB (L764)."""
    state = economy(
        *techs("france", *LT3),
        "GRANT france card TACCAGNO",
        "TURNORDER byzantium hungary holy_roman_empire france",
    )
    assert state.acting_order().index("france") > state.acting_order().index("byzantium")
    orders = {
        "france": mail(state, "france", "PLAY Taccagno ON byzantium"),
        "byzantium": mail(state, "byzantium", "BUY TECH Matematica", "BUY TECH Legge"),
    }
    resolution = purchases(state, orders)
    later = after(resolution)
    effect = later.effects_on("byzantium", "taccagno")[0]
    assert (effect.played_by, effect.until) == ("france", 3)
    assert later.powers["byzantium"].florins == 1000
    assert "france handed you TACCAGNO: you buy nothing until turn 3 (L2750)" in notes(resolution).values()
    assert any(isinstance(e, GrievanceChanged) for e in resolution.events)
    # on turn 3 the mail is refused on arrival; on turn 4 it is free again
    assert rejected(later.evolve(turn=3), "byzantium", "BUY TECH Legge")[0].startswith("france handed you")
    assert rejected(later.evolve(turn=4), "byzantium", "BUY TECH Legge") == [""]


def test_taccagno_needs_matematica_and_a_target() -> None:
    state = economy("GRANT hungary card TACCAGNO")
    assert rejected(state, "hungary", "PLAY Taccagno ON france", "PLAY Taccagno") == [
        "TACCAGNO needs MATEMATICA",
        "TACCAGNO is handed to another power: PLAY TACCAGNO ON <power>",
    ]


def test_purchase_card_plays_refused_on_arrival() -> None:
    state = economy("GRANT hungary card ABATE", "GRANT hungary card ARCHITETTO")
    reasons = rejected(
        state,
        "hungary",
        "PLAY Abate",
        "PLAY Architetto",
        "PLAY Contessa FOR Legge",
        "PLAY Architetto FOR Legge",
    )
    assert reasons == [
        "expected PLAY ABATE FOR <technology>, e.g. PLAY ABATE FOR Medicina",
        "ARCHITETTO needs one of ARCHITETTURA, INGEGNERIA",
        "CONTESSA is not in your hand",
        "ARCHITETTO takes no FOR or list: PLAY ARCHITETTO [ON <power>]",
    ]


def test_a_failed_free_technology_keeps_the_card_in_hand() -> None:
    """R50: a play that fails when the phase resolves stays in hand (here the GM granted the
    technology after the mail arrived)."""
    state = economy("GRANT hungary card CONTESSA")
    orders = mail(state, "hungary", "PLAY Contessa FOR Legge")
    granted, _ = RULES.gm_edit(state, "GRANT hungary tech LEGGE")
    resolution = purchases(cast(MedioevoState, granted), {"hungary": orders})
    assert after(resolution).powers["hungary"].cards == ("contessa",)
    assert notes(resolution)["PLAY contessa FOR legge"] == "you already have LEGGE"
