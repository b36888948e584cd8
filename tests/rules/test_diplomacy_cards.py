"""The Empire cards of the diplomacy phase other than DIPLOMATICO (seed 002 L2518-2756): each test
cites the card text and the worked example it checks."""

from __future__ import annotations

from typing import cast

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.orders.text import split_order_text
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.orders import DIPLOMACY, TAXES
from adjudicator.rulesets.medioevo.orders_diplomacy import PlayDiplomacyCard
from adjudicator.rulesets.medioevo.state import CardEffect, MedioevoState
from tests.rules.test_diplomacy import RULES, SEED, Outcome, act, at_diplomacy

DATA = default_dataset()
TECHS = list(DATA.technologies)


def with_techs(state: MedioevoState, power: str, *techs: str, count: int = 0) -> MedioevoState:
    """The power holds ``techs`` and enough others to reach ``count`` technologies (LT, L446)."""
    held = list(dict.fromkeys((*state.powers[power].techs, *techs)))
    held += [t for t in TECHS if t not in held][: max(0, count - len(held))]
    return state.with_power(power, techs=tuple(sorted(held)))


def act_with_dice(state: MedioevoState, mails: dict[str, str], dice: list[int]) -> Outcome:
    orders = {}
    for power, text in mails.items():
        submission = RULES.parse(state, power, split_order_text(text).lines)
        assert submission.issues == (), submission.issues
        orders[power] = submission.orders
    resolution = RULES.resolve(state, DIPLOMACY, orders, Dice(SEED, "T1.diplomacy", loaded=list(dice)))
    notes = {
        (r.power, r.order): (r.note if r.ok else f"FAILED: {r.reason.message if r.reason else ''}")
        for r in resolution.results
    }
    return Outcome(cast(MedioevoState, resolution.state), notes, resolution.events)


def kinds(events: tuple[Event, ...], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


# ---- CONCESSIONE ------------------------------------------------------------------------------------


def test_concessione_trade_and_passage_ex_L2578() -> None:
    """L2556-2560, ex L2578-2580: A hands the CONCESSIONE to B and gets a trade and a passage pact
    for free; B gains 4 CB against A (2 a pact, the offensive card's CB included). The pacts are
    one-sided and without end; the card spends no diplomatic action."""
    state = at_diplomacy(["france", "hungary", "castile"], "GRANT france card CONCESSIONE")
    out = act(
        state,
        {
            "france": "PLAY Concessione ON hungary BOTH\nPACT WITH castile FOREVER: trade",
            "castile": "ACCEPT PACT FROM france",
        },
    )
    trade, passage, pact = out.state.pacts
    for concession in (trade, passage):
        assert concession.concession and concession.parties == ("france", "hungary")
        assert concession.until is None
    assert trade.terms.startswith("trade") and passage.terms.startswith("passage")
    assert not pact.concession and pact.parties == ("france", "castile")  # the action was still there
    assert out.cb("hungary", "france") == 4
    assert out.po("france") == 0 and out.po("hungary") == 0
    assert "concessione" in out.state.discards
    assert trade.label().startswith("Concession 1")


def test_concessione_not_with_a_power_at_war_L2556() -> None:
    """L2556: the pacts are obtained from a player not at war with you."""
    state = at_diplomacy(["france", "hungary"], "GRANT france card CONCESSIONE", "WAR france hungary")
    submission = RULES.parse(state, "france", [(1, "PLAY Concessione ON hungary TRADE")])
    assert submission.issues[0].message.startswith("you are at war with hungary")


# ---- TARGA D'ORO -----------------------------------------------------------------------------------


def test_targa_doro_peace_with_an_alliance_ex_L2778() -> None:
    """L2752-2756, ex L2778: A and B are at war with C and D; A plays the TARGA D'ORO, has peace with
    C and D and leaves its military alliance with B without losing PO (the CB are counted)."""
    state = at_diplomacy(
        ["france", "hungary", "mamluks", "hafsids"],
        "GRANT france card TARGA D'ORO",
        "ALLY france hungary",
        "ALLY mamluks hafsids",
        "WAR france mamluks",
        "WAR france hafsids",
        "WAR hungary mamluks",
        "WAR hungary hafsids",
    )
    out = act(state, {"france": "PLAY Targa d'oro ON mamluks"})
    assert not out.state.at_war("france", "mamluks") and not out.state.at_war("france", "hafsids")
    assert out.state.at_war("hungary", "mamluks") and out.state.at_war("hungary", "hafsids")
    assert out.state.alliance("france", "hungary") is None
    assert out.state.alliance("mamluks", "hafsids") is not None
    assert out.po("france") == 0  # no PO lost (L2754)
    assert out.po("mamluks") == 1 and out.po("hafsids") == 1  # the peace cell's lui shield
    # CB counted: the alliance revoked between Catholics (+5 lui), the peace's others_io (+1 each)
    assert out.cb("hungary", "france") == 5 + 1 + 1
    assert out.cb("mamluks", "france") == 1  # the offensive card's CB (L764)
    assert (
        kinds(out.events, "mu-peace")
        and "leaves its alliance with hungary" in out.notes["france", "PLAY targa_doro ON mamluks"]
    )


def test_targa_doro_needs_a_war_L2752() -> None:
    state = at_diplomacy(["france", "hungary"], "GRANT france card TARGA D'ORO")
    submission = RULES.parse(state, "france", [(1, "PLAY Targa d'oro ON hungary")])
    assert submission.issues[0].message == "you are not at war with hungary (L2752)"


# ---- SPIA ---------------------------------------------------------------------------------------------


def test_spia_sees_secret_pacts_privately_ex_L2774() -> None:
    """L2746-2748, ex L2774: the Mamluk plays the SPIA on the Byzantine and reads every clause of
    its pacts, the secret ones too, and its Objective card; nobody else learns them."""
    state = at_diplomacy(["mamluks", "byzantium", "hungary"], "GRANT mamluks card SPIA")
    secret = act(
        state,
        {
            "byzantium": "PACT WITH hungary FOREVER SECRET: Hungary's fleet guards the Bosphorus",
            "hungary": "ACCEPT PACT FROM byzantium",
        },
    ).state
    out = act(secret, {"mamluks": "PLAY Spia ON byzantium"})
    (report,) = kinds(out.events, "mu-spy-report")
    assert "Hungary's fleet guards the Bosphorus" in report.summary() and "SECRET" in report.summary()
    assert "not dealt" in report.summary()  # no Objective cards in the state yet
    assert report.visibility.allows("mamluks")
    assert not report.visibility.allows("byzantium") and not report.visibility.allows("hungary")
    assert out.cb("byzantium", "mamluks") == 1  # an offensive card (L764)
    assert RULES.view(out.state, "mamluks")["pacts"] == []  # the view itself still hides the pact


# ---- PRINCIPESSA -------------------------------------------------------------------------------------


def test_principessa_doubles_po_between_spouses_ex_L2705() -> None:
    """L2734-2736, ex L2705: A hands the PRINCIPESSA to B; B breaks their trade pact and pays 2 PO,
    A breaks their passage pact and pays 2 PO; B declares war on A, loses 6 PO (same religion)
    and the PRINCIPESSA is discarded."""
    state = at_diplomacy(
        ["france", "hungary"], "GRANT france card PRINCIPESSA", "PACT france hungary", "PACT france hungary"
    )
    wed = act(state, {"france": "PLAY Principessa ON hungary"})
    assert wed.state.marriage("france", "hungary") is not None
    assert wed.cb("hungary", "france") == 1  # offensive in this mode
    broken = act(wed.state, {"hungary": "REVOKE 1 USING 0 CB", "france": "REVOKE 2 USING 0 CB"})
    assert broken.po("hungary") == -2 and broken.po("france") == -2
    war = act(broken.state.evolve(turn=state.turn + 1), {"hungary": "WAR ON france USING 0 CB"})
    assert war.po("hungary") == -2 - 6
    assert war.state.marriages == ()
    assert kinds(war.events, "mu-marriage-ended")


def test_principessa_takes_bohemia_at_lt_two_ex_L2770() -> None:
    """L2736-2738, ex L2770: Blue, at LT II, plays the PRINCIPESSA on the barbarian Kingdom of
    Bohemia, rolls 4 (3+ needed): the barbarians leave Boemia and Stiria and 5 VF of Blue stand in
    each. The other Catholic players gain 1 CB against it."""
    state = at_diplomacy(["hungary", "france", "mamluks"], "GRANT hungary card PRINCIPESSA")
    state = with_techs(state, "hungary", count=8)
    before = sum(sum(t.armies.values()) for t in state.territories.values())
    out = act_with_dice(state, {"hungary": "PLAY Principessa IN Boemia"}, [4])
    for tid in ("boemia", "stiria"):
        assert out.state.territories[tid].owner == "hungary"
        assert out.state.territories[tid].armies == {"hungary": 5}
    (taken,) = kinds(out.events, "mu-small-kingdom")
    after = sum(sum(t.armies.values()) for t in out.state.territories.values())
    assert after - before == taken.payload()["placed"] == 10
    assert out.cb("france", "hungary") == 1 and out.cb("mamluks", "hungary") == 0
    assert "principessa" in out.state.discards


def test_principessa_fails_below_the_roll_of_its_lt_L2736() -> None:
    """L2736: at LT I the roll must be 5 or more; the card is discarded all the same (L2738)."""
    state = at_diplomacy(["hungary", "france"], "GRANT hungary card PRINCIPESSA")
    out = act_with_dice(state, {"hungary": "PLAY Principessa IN Boemia"}, [4])
    assert out.state.territories["boemia"].owner is None
    assert "not won: die 4, 5 or more needed" in out.notes["hungary", "PLAY principessa IN bohemia"]
    assert "principessa" in out.state.discards and out.cb("france", "hungary") == 0


# ---- BARDO -----------------------------------------------------------------------------------------


def test_bardo_takes_the_largest_gift_ex_L2490() -> None:
    """L2518-2520, ex L2490: A plays the BARDO; B and C, not at war with A, attend: B puts 100
    florins, C 250; D is at war with A and does not attend. A takes C's 250 and C gains 1 PO; B
    keeps its 100."""
    state = at_diplomacy(
        ["france", "hungary", "castile", "england"], "GRANT france card BARDO", "WAR france england"
    )
    out = act(
        state,
        {
            "france": "PLAY Bardo",
            "hungary": "GIFT 100 TO france",
            "castile": "GIFT 250 TO france",
            "england": "GIFT 400 TO france",
        },
    )
    florins = {p: out.state.powers[p].florins for p in ("france", "hungary", "castile", "england")}
    start = {p: state.powers[p].florins for p in florins}
    assert florins["france"] == start["france"] + 250 and florins["castile"] == start["castile"] - 250
    assert florins["hungary"] == start["hungary"] and florins["england"] == start["england"]
    assert out.po("castile") == 1 and out.po("hungary") == 0
    assert out.notes["england", "GIFT 400 TO france"].startswith("FAILED: at war with france")
    assert out.notes["hungary", "GIFT 100 TO france"].startswith("not taken")
    (taken,) = kinds(out.events, "mu-gift-taken")
    assert taken.visibility.allows("castile") and not taken.visibility.allows("hungary")


def test_bardo_tie_goes_earlier_in_turn_order_and_no_bardo_no_gift() -> None:
    """Ruling (the seed has no tie): equal largest gifts, the earlier giver in the turn order."""
    state = at_diplomacy(
        ["france", "hungary", "castile"], "GRANT france card BARDO", "TURNORDER france castile hungary"
    )
    out = act(
        state,
        {"france": "PLAY Bardo", "hungary": "GIFT 200 TO france", "castile": "GIFT 200 TO france"},
    )
    assert out.po("castile") == 1 and out.po("hungary") == 0
    quiet = act(state, {"hungary": "GIFT 200 TO france"})
    assert (
        quiet.notes["hungary", "GIFT 200 TO france"]
        == "FAILED: france played no BARDO this turn: nothing given"
    )
    assert quiet.state.powers["hungary"].florins == state.powers["hungary"].florins


# ---- GIULLARE --------------------------------------------------------------------------------------


def test_giullare_places_a_free_castle_ex_L2675() -> None:
    """L2649-2650, ex L2675: the Mamluk plays the GIULLARE and places a Castle in Cirenaica for free
    (placed as a purchase would be: the Castle needs INGEGNERIA and LT III)."""
    state = at_diplomacy(["mamluks", "byzantium"], "GRANT mamluks card GIULLARE")
    state = with_techs(state, "mamluks", "ingegneria", count=16)
    out = act(state, {"mamluks": "PLAY Giullare FOR Castello IN Cirenaica"})
    assert "castle" in out.state.territories["cirenaica"].buildings
    assert "tower" not in out.state.territories["cirenaica"].buildings  # the Castle replaces it
    assert out.state.powers["mamluks"].florins == state.powers["mamluks"].florins
    low = at_diplomacy(["mamluks", "byzantium"], "GRANT mamluks card GIULLARE")
    refused = RULES.parse(low, "mamluks", [(1, "PLAY Giullare FOR Castello IN Cirenaica")])
    assert refused.issues[0].message == "a Castello needs INGEGNERIA"


def test_giullare_transport_card_and_double_taxes_L2649() -> None:
    """L2649: 1 MdT, 1 MdA, 1 fortification, 1 Empire card, or double taxes; the piece within the
    limits of a purchase (L870: at LT II a second siege engine)."""
    state = at_diplomacy(["hungary", "france"], "GRANT hungary card GIULLARE", "GRANT france card GIULLARE")
    refused = RULES.parse(state, "hungary", [(1, "PLAY Giullare FOR Catapulta IN Pest")])
    assert refused.issues[0].message == "your LT allows 1 siege engines and you have 1 (L870)"
    state = with_techs(state, "hungary", count=8)
    out = act(state, {"hungary": "PLAY Giullare FOR Catapulta IN Pest", "france": "PLAY Giullare FOR CARD"})
    engines = out.state.pieces_of("hungary", "siege")
    assert len(engines) == len(state.pieces_of("hungary", "siege")) + 1 and engines[-1].location == "pest"
    assert out.state.powers["france"].cards == (state.deck[0],)
    assert out.state.deck == state.deck[1:]
    drawn = kinds(out.events, "mu-cards-drawn")[0]
    assert drawn.visibility.allows("france") and not drawn.visibility.allows("hungary")
    taxed = at_diplomacy(["hungary", "france"], "GRANT hungary card GIULLARE")
    doubled = act(taxed, {"hungary": "PLAY Giullare FOR TAXES"}).state
    assert doubled.card_effects == (
        CardEffect(card="giullare", holder="hungary", played_by="hungary", until=1),
    )
    taxes = RULES.resolve(doubled, TAXES, {}, Dice(SEED, "T1.taxes"))
    (collected,) = [e for e in taxes.events if e.kind == "mu-taxes" and e.payload()["power"] == "hungary"]
    items = collected.payload()["items"]
    assert items["GIULLARE"] == sum(v for k, v in items.items() if k != "GIULLARE")


# ---- CASTELLANO ------------------------------------------------------------------------------------


def test_castellano_protects_three_territories_with_filosofia_ex_L2570() -> None:
    """L2538, ex L2570: the Mamluk holds FILOSOFIA, plays the CASTELLANO and protects Cirenaica,
    Marmarica and Egitto for this turn."""
    state = at_diplomacy(["mamluks", "france"], "GRANT mamluks card CASTELLANO")
    state = with_techs(state, "mamluks", "istruzione", "letteratura", "filosofia")
    out = act(state, {"mamluks": "PLAY Castellano IN Cirenaica, Marmarica, Egitto"})
    (effect,) = out.state.card_effects
    assert effect.card == "castellano" and effect.until == state.turn
    assert effect.territories == ("cirenaica", "marmarica", "egitto")
    lower = with_techs(
        at_diplomacy(["mamluks", "france"], "GRANT mamluks card CASTELLANO"), "mamluks", "istruzione"
    )
    refused = RULES.parse(lower, "mamluks", [(1, "PLAY Castellano IN Cirenaica, Marmarica")])
    assert refused.issues[0].message == "your technologies let a CASTELLANO protect 1 territory (L2538)"


def test_castellano_cancelled_at_one_po_a_territory_L2540() -> None:
    """L2540: any player may cancel the protection, 1 PO per territory; it generates 3 CB per PO
    spent (ruling: held by the card's player against the canceller)."""
    state = at_diplomacy(["mamluks", "france"], "GRANT mamluks card CASTELLANO")
    state = with_techs(state, "mamluks", "istruzione", "letteratura", "filosofia")
    out = act(
        state,
        {
            "mamluks": "PLAY Castellano IN Cirenaica, Marmarica, Egitto",
            "france": "CANCEL CASTELLANO OF mamluks IN Cirenaica, Egitto, Sinai",
        },
    )
    assert out.po("france") == -2 and out.cb("mamluks", "france") == 6
    (effect,) = out.state.card_effects
    assert effect.territories == ("marmarica",)
    note = out.notes["france", "CANCEL CASTELLANO OF mamluks IN cirenaica, egitto, sinai"]
    assert (
        note
        == "protection cancelled in cirenaica, egitto: 2 PO paid; sinai not protected, nothing paid for them"
    )
    nothing = act(state, {"france": "CANCEL CASTELLANO OF mamluks IN Cirenaica"})
    assert nothing.po("france") == 0


# ---- the order language ----------------------------------------------------------------------------


def test_card_orders_parse_back_from_their_canonical_form() -> None:
    """Each canonical text reads back as the same order (design §8)."""
    state = at_diplomacy(["hungary", "france"])
    lines = [
        "PLAY Concessione ON france TRADE",
        "PLAY Spia ON Francia",
        "PLAY Targa d'oro ON france",
        "PLAY Principessa ON france",
        "PLAY Principessa IN Regno di Boemia",
        "PLAY Bardo",
        "PLAY Giullare FOR TAXES",
        "PLAY Giullare FOR Galea IN Pest",
        "PLAY Castellano IN Pest, Banato",
        "PLAY Diplomatico ON france CB",
        "GIFT 100 TO france",
        "CANCEL CASTELLANO OF france IN Parigi",
    ]
    read = RULES.parse(state, "hungary", list(enumerate(lines, 1)), strict=False).orders
    assert len(read) == len(lines)
    again = RULES.parse(state, "hungary", [(1, o.canonical()) for o in read], strict=False).orders
    assert again == read
    assert read[4] == PlayDiplomacyCard("principessa", places=("bohemia",))
