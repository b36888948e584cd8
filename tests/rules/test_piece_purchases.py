"""Phase 4, purchases of pieces: transports (MdT), siege engines (MdA) and captains (seed 002
L775-890, technology texts L2938, L2954, L3174 and their examples)."""

from __future__ import annotations

from typing import cast

from adjudicator.core.dice import Dice
from adjudicator.core.engine import resolve_window, window_label
from adjudicator.orders.text import split_order_text
from adjudicator.rulesets.medioevo.orders import PURCHASES, BuyPiece, UpgradePiece
from adjudicator.rulesets.medioevo.ruleset import MedioevoRuleset
from adjudicator.rulesets.medioevo.state import MedioevoState

RULES = MedioevoRuleset()
SEED = b"q" * 32
POWERS = ["byzantium", "mamluks", "hungary"]
# sixteen technologies that unlock nothing about pieces: 8 make LT II, 16 LT III (L446)
FILLER = [
    "matematica",
    "architettura",
    "commercio",
    "conio",
    "misticismo",
    "monoteismo",
    "legge",
    "investitura",
    "istruzione",
    "letteratura",
    "agricoltura",
    "allevamento",
    "caccia",
    "forgiatura",
    "tessitura",
    "mulino",
]


def economy(power: str, lt: int, techs: tuple[str, ...] = (), *edits: str) -> MedioevoState:
    """Turn 1's economy window; ``power`` holds ``techs`` and enough filler for LT ``lt``."""
    state, _ = RULES.initial_state("g", POWERS, {}, Dice(SEED, "T0.setup"))
    while window_label(RULES, state) != "T1.economy":
        state = resolve_window(RULES, state, {}, SEED).state
    # start from no pieces, so each test sets up its own (the starting kit: tests/rules/test_setup.py)
    bare = {
        p: held.model_copy(update={"piece_serials": {}})
        for p, held in cast(MedioevoState, state).powers.items()
    }
    state = state.evolve(pieces=(), powers=bare)
    filler = [t for t in FILLER if t not in techs][: max(0, {1: 0, 2: 8, 3: 16}[lt] - len(techs))]
    lines = [f"SET {power} florins 5000", *(f"GRANT {power} tech {t}" for t in (*techs, *filler)), *edits]
    for line in lines:
        state, _ = RULES.gm_edit(state, line)
    mu = cast(MedioevoState, state)
    assert mu.powers[power].tech_level == lt
    return mu


def buy(state: MedioevoState, power: str, text: str) -> tuple[MedioevoState, dict[str, str]]:
    """Parse the lines as a mail (non-strict, like the deadline does) and resolve the purchases."""
    submission = RULES.parse(state, power, split_order_text(text).lines, strict=False)
    assert submission.issues == ()
    resolution = RULES.resolve(state, PURCHASES, {power: submission.orders}, Dice(SEED, "T1.purchases"))
    notes = {r.order: (r.note if r.ok else r.reason.message if r.reason else "") for r in resolution.results}
    return cast(MedioevoState, resolution.state), notes


def test_upgrades_pay_the_difference() -> None:
    """L787: a Mercantile I becomes a II for 250-200 = 50 and a Galea I a III for 100 (the example
    writes 350-250, the table 300-200: A16, the table rules); ships need CARPENTERIA (L2938)."""
    state = economy(
        "byzantium",
        3,
        ("carpenteria",),
        "PIECE byzantium Mercantile IN Tracia",  # a Village: no free upgrade
        "PIECE byzantium Galea IN Lidia",
    )
    after, notes = buy(state, "byzantium", "UPGRADE merchant 1 TO 2\nUPGRADE galley 1 TO III")
    assert notes["UPGRADE merchant 1 TO 2"] == "paid 50 florins"
    assert notes["UPGRADE galley 1 TO 3"] == "paid 100 florins"
    assert [p.level for p in after.pieces_of("byzantium")] == [2, 3]
    assert after.powers["byzantium"].florins == 5000 - 150


def test_a_level_needs_the_same_lt() -> None:
    """L791, L825: a Galea II needs LT II; L888: a Trabucco needs LT II."""
    state = economy("byzantium", 1, ("carpenteria",))
    _, notes = buy(state, "byzantium", "BUY Galea II IN Costantinopoli\nBUY Trabucco IN Costantinopoli")
    assert notes["BUY galley_2 IN costantinopoli"] == "a Galea II needs LT 2"
    assert notes["BUY trebuchet IN costantinopoli"] == "a Trabucco needs LT 2"


def test_caravan_upgrade_and_a_second_caravan() -> None:
    """L793: with LT II, Carovana I → II for 50, then a second Carovana I for 100 or II for 150."""
    state = economy("hungary", 2, (), "PIECE hungary Carovana IN Bihar")
    after, notes = buy(state, "hungary", "UPGRADE caravan 1 TO 2\nBUY Carovana II IN Banato")
    assert notes == {
        "UPGRADE caravan 1 TO 2": "paid 50 florins",
        "BUY caravan_2 IN banato": "paid 150 florins",
    }
    other, notes = buy(state, "hungary", "BUY Carovana IN Banato")
    assert notes["BUY caravan_1 IN banato"] == "paid 100 florins"
    assert [(p.kind, p.number, p.level, p.location) for p in after.pieces_of("hungary")] == [
        ("caravan", 1, 2, "bihar"),
        ("caravan", 2, 2, "banato"),
    ]
    assert other.pieces_of("hungary")[-1].bought == state.turn


def test_at_most_lt_transports_of_a_kind() -> None:
    """L835, ex L878: with LT II at most 2 Galee, 2 Carri, 2 Carovane and 2 Mercantili, whatever
    their level."""
    state = economy("hungary", 2, (), "PIECE hungary Carro da guerra II IN Pest")
    after, notes = buy(
        state,
        "hungary",
        "BUY Carro IN Banato\nBUY Carro IN Bihar\nBUY Carovana IN Bihar\nBUY Carovana IN Pest",
    )
    assert notes["BUY war_wagon_1 IN banato"] == "paid 100 florins"
    assert notes["BUY war_wagon_1 IN bihar"] == "your LT allows 2 carts and you have 2 (L835)"
    assert notes["BUY caravan_1 IN bihar"] == notes["BUY caravan_1 IN pest"] == "paid 100 florins"
    assert len(after.pieces_of("hungary")) == 4


def test_free_upgrades_at_constantinople() -> None:
    """Ex L874: LT III Byzantium at Costantinopoli (City and Castle, level 3): Carovana I → II free,
    Galea II → III free, and with ALCHIMIA Trabucco → Bombarda free (L831-833)."""
    state = economy(
        "byzantium",
        3,
        ("carpenteria", "ingegneria", "alchimia"),
        "BUILD Costantinopoli city castle cathedral",
        "PIECE byzantium Carovana IN Costantinopoli",
        "PIECE byzantium Galea II IN Costantinopoli",
        "PIECE byzantium Trabucco IN Costantinopoli",
    )
    after, notes = buy(
        state, "byzantium", "UPGRADE caravan 1 TO 2\nUPGRADE galley 1 TO 3\nUPGRADE engine 1 TO Bombarda"
    )
    assert set(notes.values()) == {"paid 0 florins"}
    assert [p.level for p in after.pieces_of("byzantium")] == [2, 3, 3]
    assert after.powers["byzantium"].florins == 5000


def test_free_upgrades_at_jerusalem() -> None:
    """Ex L876: LT III Mamluks at Gerusalemme (Borgo and Fortilizio, level 2): Carro I → II free;
    Trabucco → Bombarda with ALCHIMIA is not free. The example says 50 florins; the table's
    difference is 300-200 = 100, which we charge (A17, rulings)."""
    state = economy(
        "mamluks",
        3,
        ("ingegneria", "alchimia"),
        "GIVE mamluks Giudea",
        "BUILD Giudea town fort",
        "PIECE mamluks Carro IN Giudea",
        "PIECE mamluks Trabucco IN Giudea",
    )
    after, notes = buy(state, "mamluks", "UPGRADE cart 1 TO 2\nUPGRADE engine 1 TO 3")
    assert notes["UPGRADE cart 1 TO 2"] == "paid 0 florins"
    assert notes["UPGRADE engine 1 TO 3"] == "paid 100 florins"
    assert after.powers["mamluks"].florins == 4900


def test_one_free_level_a_turn() -> None:
    """L831-833: the free upgrade is one level a turn; Carovana I → III in a City pays for II → III."""
    state = economy(
        "hungary",
        3,
        (),
        "BUILD Pest city fort",
        "PIECE hungary Carovana IN Pest",
        "PIECE hungary Carro IN Pest",
    )
    after, notes = buy(state, "hungary", "UPGRADE caravan 1 TO 3\nUPGRADE cart 1 TO 2\nUPGRADE cart 1 TO 3")
    assert notes["UPGRADE caravan 1 TO 3"] == "paid 50 florins"
    assert notes["UPGRADE cart 1 TO 2"] == "paid 0 florins"  # the Fortilizio (level 2) frees I → II
    assert notes["UPGRADE cart 1 TO 3"] == "paid 50 florins"
    assert after.powers["hungary"].florins == 4900


def test_siege_engines_limit_and_bombards_need_alchimia() -> None:
    """Ex L888: with LT III at most 3 siege engines, e.g. 1 Catapulta and 2 Trabucchi, or 3 Bombarde
    with ALCHIMIA (A17)."""
    state = economy("hungary", 3)
    after, notes = buy(
        state,
        "hungary",
        "BUY Bombarda IN Pest\nBUY Catapulta IN Pest\nBUY Trabucco IN Pest\nBUY Trabucco IN Banato\n"
        "BUY Catapulta IN Bihar",
    )
    assert notes["BUY bombard IN pest"] == "a Bombarda needs ALCHIMIA"
    assert notes["BUY trebuchet IN banato"] == "paid 200 florins"
    assert notes["BUY catapult IN bihar"] == "your LT allows 3 siege engines and you have 3 (L870)"
    assert [p.level for p in after.pieces_of("hungary", "siege")] == [1, 2, 2]
    state = economy("hungary", 3, ("ingegneria", "alchimia"))
    after, notes = buy(state, "hungary", "BUY Bombarda IN Pest\n" * 3)
    assert after.powers["hungary"].florins == 5000 - 900


def test_captains_lt_and_scuola_militare() -> None:
    """L872, ex L890: no more captains than the LT; level II-III need SCUOLA MILITARE, and L2954 a
    level up to the LT. Ex L2984: LT III with SCUOLA MILITARE buys 2 captains of level I and 1 of III."""
    state = economy("hungary", 2)
    _, notes = buy(
        state,
        "hungary",
        "BUY Capitano II IN Pest\nBUY Capitano IN Pest\nBUY Capitano IN Banato\nBUY Captain IN Bihar",
    )
    assert notes["BUY captain_2 IN pest"] == "a Capitano II needs SCUOLA MILITARE"
    assert notes["BUY captain_1 IN banato"] == "paid 100 florins"
    assert notes["BUY captain_1 IN pest"] in (
        "paid 100 florins",
        "your LT allows 2 captains and you have 2 (L872)",
    )
    state = economy("hungary", 2, ("scuola_militare",))
    _, notes = buy(state, "hungary", "BUY Capitano III IN Pest")
    assert notes["BUY captain_3 IN pest"] == "a Capitano III needs LT 3"
    state = economy("hungary", 3, ("scuola_militare",))
    after, notes = buy(
        state, "hungary", "BUY Capitano IN Pest\nBUY Capitano IN Banato\nBUY Capitano III IN Bihar"
    )
    assert list(notes.values()) == ["paid 100 florins", "paid 100 florins", "paid 300 florins"]
    assert [p.level for p in after.pieces_of("hungary", "captain")] == [1, 1, 3]


def test_a_technology_bought_this_phase_helps_next_turn() -> None:
    """Ex L2976 (CARPENTERIA) and L2984 (SCUOLA MILITARE): bought in one purchase phase, they unlock
    ships of level II and captains of level II from the next (R10, R20)."""
    state = economy("byzantium", 2)
    after, notes = buy(
        state,
        "byzantium",
        "BUY TECH Carpenteria\nBUY TECH Scuola militare\nBUY Galea II IN Costantinopoli\n"
        "BUY Capitano II IN Costantinopoli",
    )
    assert notes["BUY galley_2 IN costantinopoli"].startswith("CARPENTERIA, bought this turn, allows")
    assert notes["BUY captain_2 IN costantinopoli"].startswith("SCUOLA MILITARE, bought this turn")
    _, notes = buy(after, "byzantium", "BUY Galea II IN Costantinopoli\nBUY Capitano II IN Costantinopoli")
    assert list(notes.values()) == ["paid 250 florins", "paid 200 florins"]


def test_arsenale_one_more_ship_of_each_kind_and_50_off() -> None:
    """L3174, ex L3186: LT III Byzantium with ARSENALE may buy a 4th Galea and a 4th Mercantile of
    level III; ships cost 50 florins less. Land transports keep the LT limit and price."""
    edits = [f"PIECE byzantium {s} IN Costantinopoli" for s in ("Galea", "Galea", "Galea", "Mercantile")]
    edits += ["PIECE byzantium Mercantile IN Lidia", "PIECE byzantium Mercantile IN Lidia"]
    state = economy("byzantium", 3, ("carpenteria", "mude", "arsenale"), *edits)
    after, notes = buy(
        state,
        "byzantium",
        "BUY Galea III IN Costantinopoli\nBUY Mercantile III IN Costantinopoli\nBUY Galea IN Lidia\n"
        "BUY Carovana IN Lidia",
    )
    assert notes["BUY galley_3 IN costantinopoli"] == "paid 250 florins"
    assert notes["BUY merchant_3 IN costantinopoli"] == "paid 250 florins"
    assert notes["BUY galley_1 IN lidia"] == "your LT allows 4 galleys and you have 4 (L835)"
    assert notes["BUY caravan_1 IN lidia"] == "paid 100 florins"
    assert [p.number for p in after.pieces_of("byzantium", "galley")] == [1, 2, 3, 4]


def test_where_pieces_can_be_bought_and_upgraded() -> None:
    """L799: only in own territories; L1534-1538: in a settlement held when the phase began; ships
    in a port; L829: an upgrade needs the piece in an own settlement."""
    state = economy(
        "byzantium",
        2,
        ("carpenteria",),
        "PIECE byzantium Galea IN Sinai",
        "BUILD Misia tower",
        "GIVE hungary Tracia",
    )
    after, notes = buy(
        state,
        "byzantium",
        "BUY Galea IN Misia\nBUY Carro IN Misia\nBUY Carro IN Tracia\nBUY Mercantile IN Bitinia\n"
        "UPGRADE galley 1 TO 2\nUPGRADE galley 7 TO 2\nUPGRADE captain 1 TO 2",
    )
    assert (
        notes["BUY galley_1 IN misia"]
        == "Misia had no settlement of yours when the phase began (L1534, L1538)"
    )
    assert notes["BUY war_wagon_1 IN misia"] == notes["BUY galley_1 IN misia"]
    assert notes["BUY war_wagon_1 IN tracia"] == "Tracia is not yours (L799)"
    assert notes["BUY merchant_1 IN bitinia"] == "paid 200 florins"
    assert (
        notes["UPGRADE galley 1 TO 2"]
        == "galley 1 must stand in one of your settlements to be upgraded (L829)"
    )
    assert notes["UPGRADE galley 7 TO 2"] == "you have no galley 7"
    assert notes["UPGRADE captain 1 TO 2"] == "you have no captain 1"
    assert len(after.pieces_of("byzantium")) == 2


def test_captains_rise_only_in_battle_and_upgrades_go_up() -> None:
    """L1776: a captain gains levels by winning battles, not in the purchase phase."""
    state = economy(
        "hungary",
        2,
        ("scuola_militare",),
        "PIECE hungary Capitano IN Pest",
        "PIECE hungary Carro da guerra II IN Pest",
    )
    _, notes = buy(state, "hungary", "UPGRADE captain 1 TO 2\nUPGRADE cart 1 TO 1")
    assert notes["UPGRADE captain 1 TO 2"] == "a captain rises in level only by winning battles (L1776)"
    assert notes["UPGRADE cart 1 TO 1"] == "cart 1 is a level-2 piece: upgrade it to a higher level"


def test_orders_parse_to_canonical_forms_and_back() -> None:
    state = economy("byzantium", 3, ("carpenteria",), "PIECE byzantium Carro IN Costantinopoli")
    lines = [
        "BUY Galea IN Costantinop",
        "buy galley 2 in costantinopoli",
        "BUY Carro da guerra III IN Costantinopoli",
        "BUY Catapulta IN Costantinopoli",
        "BUY Capitano IN Costantinopoli",
        "UPGRADE carro 1 TO III",
        "upgrade war wagon 1 to Carro da guerra II",
    ]
    # the forms only (strict=False): judged in order, the second UPGRADE would find cart 1 at level 3
    submission = RULES.parse(state, "byzantium", list(enumerate(lines, 1)), strict=False)
    assert submission.issues == ()
    assert submission.orders == (
        BuyPiece("galley_1", "costantinopoli"),
        BuyPiece("galley_2", "costantinopoli"),
        BuyPiece("war_wagon_3", "costantinopoli"),
        BuyPiece("catapult", "costantinopoli"),
        BuyPiece("captain_1", "costantinopoli"),
        UpgradePiece("cart 1", 3),
        UpgradePiece("cart 1", 2),
    )
    again = RULES.parse(state, "byzantium", [(1, o.canonical()) for o in submission.orders], strict=False)
    assert again.orders == submission.orders


def test_legal_orders_list_piece_purchases() -> None:
    state = economy("hungary", 1, (), "PIECE hungary Carro IN Pest", "SET hungary florins 150")
    legal = [
        o.canonical() for o in RULES.legal_orders(state, "hungary") if isinstance(o, BuyPiece | UpgradePiece)
    ]
    assert "BUY caravan_1 IN pest" in legal and "BUY catapult IN banato" in legal
    assert not any(o.startswith(("BUY war_wagon", "BUY merchant", "BUY galley", "UPGRADE")) for o in legal)
