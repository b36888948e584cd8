"""The calamities' decisions by mail (R319): the standing NIZARI, HERESY and CIVIL WAR lines of the
Reinforcements, read, checked, recorded, and used by CONGIURA (seed 002 L1246-1250, ex L1232),
ERESIA (L1284) and GUERRA CIVILE (L1294, ex L1304-1308); silent, the defaults of R279-R282."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.calamity.choices import CalamityChoices, NizariBid
from adjudicator.rulesets.medioevo.legal_orders import legal_orders
from adjudicator.rulesets.medioevo.orders import REINFORCEMENTS
from adjudicator.rulesets.medioevo.pacts import Pact, PactKind
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.view import view
from tests.rules import economy_window as ew
from tests.rules.calamities.board import DATA, board, land, strike, told


def test_the_lines_are_read_and_checked_on_arrival_quoting_the_reason() -> None:
    state = ew.economy()
    assert ew.refused(
        state,
        "hungary",
        "NIZARI BID 100 ON france",
        "NIZARI BID 100 ON hungary",
        "NIZARI BID 5000 ON france",
        "NIZARI BID lots",
        "HERESY INQUISITORE IN Pest",
        "HERESY NONE",
        "CIVIL WAR KEEP Pest, Mar Adriatico centrale",
        "CIVIL WAR KEEP",
    ) == [
        "",
        "the Nizari's victim must be another power (L1246): you cannot name yourself",
        "you bid 5000 but hold 1000 florins",
        "expected NIZARI BID <florins> ON <power>, or NIZARI NONE",
        "",
        "",
        "",
        "expected CIVIL WAR KEEP <territory or sea>[, …], or CIVIL WAR KEEP NONE",
    ]


def test_the_choices_stand_until_replaced_and_stay_private() -> None:
    state = ew.economy()
    mails = {"hungary": ["NIZARI BID 50 ON france", "NIZARI BID 80 ON france", "CIVIL WAR KEEP Pest"]}
    outcome = ew.play(state, mails)
    after = ew.after(outcome, REINFORCEMENTS)
    assert after.powers["hungary"].calamity == CalamityChoices(
        nizari_bid=80, nizari_victim="france", civil_war_keep=("pest",)
    )
    got = ew.results(outcome, "hungary")
    assert got["NIZARI BID 50 ON france"].reason.message == "a later line replaces it"
    assert got["NIZARI BID 80 ON france"].success
    assert "calamity" not in view(after, "france")["powers"]["hungary"]
    assert view(after, "hungary")["powers"]["hungary"]["calamity"]["nizari_bid"] == 80
    assert "calamity" not in after.to_json()["powers"]["france"]  # a default is left out of the JSON
    withdrawn = ew.after(ew.play(after, {"hungary": ["NIZARI NONE"]}), REINFORCEMENTS)
    assert withdrawn.powers["hungary"].calamity == CalamityChoices(civil_war_keep=("pest",))


def test_the_template_offers_the_standing_choice_and_its_other_forms() -> None:
    state = ew.economy()
    lines = [o.canonical() for o in legal_orders(state, (REINFORCEMENTS,), "hungary", DATA)]
    assert {"NIZARI NONE", "NIZARI BID 100 ON byzantium", "HERESY NONE", "CIVIL WAR KEEP NONE"} <= set(lines)
    held = state.with_power("hungary", calamity=CalamityChoices(nizari_bid=70, nizari_victim="france"))
    lines = [o.canonical() for o in legal_orders(held, (REINFORCEMENTS,), "hungary", DATA)]
    assert "NIZARI BID 70 ON france" in lines and NizariBid().canonical() not in lines
    notes = ew.RULES.order_notes(held, "hungary")
    assert notes["NIZARI BID 70 ON france"].startswith("standing now: a CONGIURA")
    assert notes["HERESY NONE"] == "standing now: no INQUISITORE against an ERESIA (R279)"
    assert ew.RULES.order_notes(held, "gm") == {}  # the GM's and the public report have no template


def _conspirators(bids: dict[str, tuple[int, str]]):
    """Ex L1232: A, B, C allied, C and D allied, E alone; each power 200 florins, one Captain."""
    alliances = [("a", "b"), ("a", "c"), ("b", "c"), ("c", "d")]
    pacts = tuple(
        Pact(id=i + 1, kind=PactKind.ALLIANCE, parties=pair, made=1) for i, pair in enumerate(alliances)
    )
    captains = [Piece(owner=p, kind="captain", number=1, level=1, location="pest") for p in "abcde"]
    state = board({p: () for p in "abcde"}, {}, pieces=captains, pacts=pacts)
    for power in "abcde":
        state = state.with_power(power, florins=200)
    for power, (amount, victim) in bids.items():
        state = state.with_power(power, calamity=CalamityChoices(nizari_bid=amount, nizari_victim=victim))
    return state


def test_conspiracy_the_highest_standing_bid_hires_the_nizari_ex_L1232() -> None:
    """L1246 (the auction as the turn order's, L468): E bids 150 on C, A 60 on E: E wins and pays
    65 (60 + 5) to the bank; the Nizari strike C and its allies A, B, D (ex L1232), not E."""
    state = _conspirators({"e": (150, "c"), "a": (60, "e")})
    (after, events), dice = strike("congiura", "e16", state, 8, 1, 8, 1, 8, 1, 8, 1)
    assert after.powers["e"].florins == 135 and after.bank == state.bank + 65
    assert after.powers["a"].florins == 200
    assert [p.owner for p in after.pieces] == ["e"]
    lines = told(events)
    assert "CONGIURA: e hires the Nizari for 65 florins against 1 other bid(s) (L1246, R319)" in lines
    assert [r.purpose for r in dice.rolls][:2] == ["nizari c's captain 1", "guard c's captain 1"]


def test_conspiracy_a_tie_goes_to_the_earlier_in_the_turn_order_and_a_bid_is_capped() -> None:
    """Ties to the earlier in the turn order (R1); a standing bid above the florins held counts as
    all of them: B's 900 is 200, A's 200 is 200: A (earlier) wins and pays 200."""
    state = _conspirators({"b": (900, "e"), "a": (200, "e")})
    (after, events), _ = strike("congiura", "e16", state, 1, 1)
    assert after.powers["a"].florins == 0 and after.powers["b"].florins == 200
    assert any("a hires the Nizari for 200 florins" in line for line in told(events))


def test_conspiracy_silent_powers_leave_no_conspiracy_A39_R281() -> None:
    state = _conspirators({})
    (after, events), _ = strike("congiura", "e16", state)
    assert after == state
    assert any("nobody bids" in line for line in told(events))


def _heresy(choice: CalamityChoices | None, cards: tuple[str, ...] = ("inquisitore",)):
    state = board(
        {"hungary": ()},
        {"pest": land("hungary", "town", "cathedral", vf=3), "bihar": land("hungary", "cathedral", vf=3)},
    )
    return state.with_power("hungary", cards=cards, calamity=choice)


def test_heresy_the_standing_inquisitore_takes_one_heretic_off_the_named_territory_L1284() -> None:
    """L1284: heretics 4 in Pest, 5 in Bihar; the INQUISITORE named for Pest leaves 3 there."""
    choice = CalamityChoices(inquisitore=True, inquisitore_in="pest")
    (after, events), dice = strike(
        "eresia", "e16", _heresy(choice), 4, 5, *[6, 1] * 20, red=("pest", "bihar")
    )
    assert [r.purpose for r in dice.rolls][:2] == ["heretics pest", "heretics bihar"]
    assert after.powers["hungary"].cards == () and after.discards == ("inquisitore",)
    assert "ERESIA: hungary plays an INQUISITORE in Pest: 3 heretic VF left there (L1284, R319)" in told(
        events
    )


def test_heresy_unnamed_the_inquisitore_goes_where_the_heretics_are_most_and_silence_plays_none() -> None:
    choice = CalamityChoices(inquisitore=True)
    (after, events), _ = strike("eresia", "e16", _heresy(choice), 4, 5, *[6, 1] * 20, red=("pest", "bihar"))
    assert any("INQUISITORE in Bihar: 4 heretic VF left" in line for line in told(events))
    (after, events), _ = strike("eresia", "e16", _heresy(None), 4, 5, *[6, 1] * 20, red=("pest", "bihar"))
    assert after.powers["hungary"].cards == ("inquisitore",)
    assert any("plays no INQUISITORE (no HERESY INQUISITORE standing, R279)" in line for line in told(events))
    (after, events), _ = strike(
        "eresia", "e16", _heresy(choice, ()), 4, 5, *[6, 1] * 20, red=("pest", "bihar")
    )
    assert any("holds none" in line for line in told(events))


def test_civil_war_the_standing_list_keeps_armenia_before_the_richer_persia_ex_L1304() -> None:
    """L1294, ex L1304-1308: three items kept (MISTICISMO, ISTRUZIONE, LEGGE). The Mamluk names
    Armenia and the fleet at Sicilia; the third goes by most VF (Persia, 10): Mesopotamia and
    Caucaso turn rebel."""
    home = {t: land("mamluks", vf=5) for t in DATA.board.territories_of("mamluks")}
    pieces = [Piece(owner="mamluks", kind="galley", number=1, level=1, location="sicilia", vf=5)]
    state = board(
        {"mamluks": ("misticismo", "istruzione", "legge")},
        {
            **home,
            "persia": land("mamluks", vf=10),
            "mesopotamia": land("mamluks", vf=8),
            "armenia": land("mamluks", vf=3),
            "caucaso": land("mamluks", vf=2),
        },
        pieces=pieces,
    )
    choice = CalamityChoices(civil_war_keep=("armenia", "sicilia"))
    state = state.with_power("mamluks", kingdom="mamluks", calamity=choice)
    (after, events), _ = strike("guerra_civile", "e28", state)
    kept = {t for t in DATA.board.territories if after.territories[t].owner == "mamluks"}
    assert kept == {*home, "armenia", "persia"}
    assert after.territories["mesopotamia"].armies == {"barbarians": 8}
    assert [p.owner for p in after.pieces] == ["mamluks"]
    assert any(
        "Persia, Armenia, the fleet at Sicilia, chosen by mamluks (CIVIL WAR KEEP, R319)" in line
        for line in told(events)
    )


def test_the_receipt_says_the_choices_stand() -> None:
    from adjudicator.rulesets.medioevo.receipt_summary import summary

    state = ew.economy()
    orders = ew.mail(state, "hungary", "HERESY INQUISITORE")
    assert (
        "calamity choices: standing from this turn's Reinforcements until you replace them (R319)"
        in summary(state, "hungary", orders, DATA)
    )
    warned = ew.RULES.parse(state, "hungary", [(1, "HERESY INQUISITORE")]).warnings
    assert [w.message for w in warned] == [
        "you hold no INQUISITORE now: the choice stands and is used once you hold one"
    ]
