"""The spring auction and its rewards: seed 001 L52-58 (the worked example) and L60-74."""

from __future__ import annotations

from adjudicator.rulesets.kriegundfrieden import cards as cd
from tests.kriegundfrieden.kuf_support import card_of, hands, in_spring, kuf, new_game, play, told

C = cd.counts


def _example(peter_wins: bool) -> tuple[list[str], object]:
    """L58: Famine; Fritz is Counsellor, Klaus on his left bids first (option auction_start)."""
    state = new_game(auction_start="left_of_counsellor")
    state = hands(
        state,
        fritz=C(shield=2),
        klaus=C(cup=2, hammer=3, grain=3),
        wolfgang=C(shield=1),
        peter=C(hammer=1, grain=3, shield=5),
    )
    state = in_spring(state, card_of(state, "famine", "privilege"), "fritz")
    out = play(state, {"klaus": "BID 3 hammer", "wolfgang": "PASS", "fritz": "PASS", "peter": "BID 3 grain"})
    log = told(out)
    state = kuf(out)
    # L58: Klaus 9, Wolfgang passes, Peter 12, Fritz passes; now Klaus to raise
    assert state.pending is not None and state.pending.powers == ("klaus",)
    state = kuf(out := play(state, {"klaus": "BID 2 cup"}))  # 13
    log += told(out)
    state = kuf(out := play(state, {"peter": "BID 1 hammer"}))  # 15
    log += told(out)
    if peter_wins:
        state = kuf(out := play(state, {"klaus": "PASS"}))
    else:
        state = kuf(out := play(state, {"klaus": "BID 3 grain"}))  # 25
        log += told(out)
        state = kuf(out := play(state, {"peter": "PASS"}))
    return log + told(out), out


def test_auction_example_klaus_wins_with_25_and_discards_his_8_cards() -> None:
    """001 L58: 9, 12, 13, 15, 25; Peter passes, takes back his last hammer, discards the rest;
    Klaus wins, discards all eight cards and becomes the King's Counsellor (L55)."""
    log, out = _example(peter_wins=False)
    state = kuf(out)  # type: ignore[arg-type]
    assert "klaus bids 3 hammer: 9 in all (L53)" in log
    assert "peter bids 3 grain: 12 in all (L53)" in log
    assert "klaus bids 2 cup: 13 in all (L53)" in log
    assert "peter bids 1 hammer: 15 in all (L53)" in log
    assert "klaus bids 3 grain: 25 in all (L53)" in log
    assert "peter passes: takes back 1 hammer, discards 3 grain (L54-56)" in log
    assert state.counsellor == "klaus"
    assert state.player("klaus").hand == cd.NONE
    assert state.player("peter").hand == C(hammer=1, shield=5)
    assert cd.size(state.discards) == 8 + 3  # Klaus's eight, Peter's three grain


def test_auction_example_had_peter_won_klaus_recovers_his_3_grain() -> None:
    """001 L58, last sentence: had Peter won, Klaus would take back the 3 grain he bid last and
    discard the 3 hammers and 2 cups."""
    log, out = _example(peter_wins=True)
    state = kuf(out)  # type: ignore[arg-type]
    assert "klaus passes: takes back 2 cup, discards 3 hammer (L54-56)" in log
    assert state.counsellor == "peter"
    assert state.player("klaus").hand == C(cup=2, grain=3)


def test_counsellor_opens_by_default_and_a_pass_is_final() -> None:
    """001 L52: the Counsellor opens; L54: a pass is for the year (never asked again)."""
    state = new_game()
    state = hands(state, fritz=C(grain=2), klaus=C(grain=1), wolfgang=C(grain=1), peter=C(grain=1))
    state = in_spring(state, card_of(state, "famine", "cathedral"), "fritz")
    assert state.auction is not None and state.auction.order[0] == "fritz"
    out = play(
        state,
        {"fritz": "BID 1 grain", "klaus": "PLAN PASS", "wolfgang": "PLAN PASS", "peter": "PLAN UP TO 100"},
    )
    state = kuf(out)
    # Peter's plan cannot beat 4 with one grain (4, not above 4): it passes; Fritz wins
    assert state.counsellor == "fritz" and state.season == "summer"
    assert "peter passes (L54-56)" in told(out)


def test_plan_up_to_raises_by_the_least_and_stops_at_its_total() -> None:
    """Digest §8 #2: a standing plan raises as little as beats the high bid, never past its stop."""
    state = new_game()
    state = hands(state, fritz=C(hammer=4), klaus=C(grain=3, shield=3), wolfgang=C(), peter=C())
    state = in_spring(state, card_of(state, "famine", "cathedral"), "fritz")
    out = play(
        state,
        {"fritz": "BID 1 hammer\nPLAN UP TO 9", "klaus": "PLAN UP TO 8", "wolfgang": "PASS", "peter": "PASS"},
    )
    log = told(out)
    assert "klaus bids 1 grain: 4 in all (L53)" in log  # 4 beats 3 by the least
    assert "fritz bids 1 hammer: 6 in all (L53)" in log
    assert "klaus bids 1 shield 1 grain: 9 in all (L53)" not in log  # 9 is past Klaus's stop of 8
    assert kuf(out).counsellor in ("fritz", "klaus")


def test_privilege_reward_gives_a_seal_and_a_scroll_and_the_card_leaves(  # 001 L62, L74
) -> None:
    state = new_game()
    state = hands(state, fritz=C(grain=1), klaus=C(), wolfgang=C(), peter=C())
    card = card_of(state, "war", "privilege")
    state = in_spring(state, card, "klaus")
    out = play(
        state,
        {p: "PASS" for p in ("klaus", "wolfgang", "peter")} | {"fritz": "BID 1 grain\nPOLICY PRIVILEGE cup"},
    )
    state = kuf(out)
    assert state.player("fritz").vp == 1 and state.player("fritz").privileges == ("cup",)
    assert card in state.removed and state.counsellor == "fritz"


def test_privilege_from_an_opponent_when_the_supply_has_none(  # 001 L62
) -> None:
    state = new_game()
    state = hands(state, fritz=C(grain=1), klaus=C(), wolfgang=C(), peter=C())
    state = state.with_player("peter", privileges=("cup", "cup")).evolve(
        scrolls=C(shield=2, hammer=2, grain=2)
    )
    state = in_spring(state, card_of(state, "war", "privilege"), "klaus")
    out = play(state, {p: "PASS" for p in ("klaus", "wolfgang", "peter")} | {"fritz": "BID 1 grain"})
    state = kuf(out)
    assert state.pending is not None and state.pending.kind == "privilege"
    state = kuf(out := play(state, {"fritz": "PRIVILEGE cup FROM peter"}))
    assert state.player("fritz").privileges == ("cup",) and state.player("peter").privileges == ("cup",)
    assert any("takes peter's cup privilege" in line for line in told(out))


def test_cathedral_reward_builds_in_order_and_pays_the_workers(  # 001 L63-72
) -> None:
    state = new_game()
    state = hands(state, fritz=C(grain=1), klaus=C(), wolfgang=C(), peter=C())
    state = state.with_player("fritz", outer=3, inner=2).evolve(cathedral=3)  # nave and aisles stand
    state = in_spring(state, card_of(state, "famine", "cathedral"), "klaus")
    out = play(state, {p: "PASS" for p in ("klaus", "wolfgang", "peter")} | {"fritz": "BID 1 grain"})
    state = kuf(out)
    me = state.player("fritz")
    assert state.cathedral == 4  # the apse: 2 VP (L69), and 1 VP per inner house (L72)
    assert me.vp == 2 + 2 and me.inner == 0 and me.outer == 3
    assert "fritz builds the apse (2 VP) and takes 2 VP for its workers, who go home (L66-72): 4 VP" in told(
        out
    )


def test_nobody_bids_no_reward_counsellor_stays(  # digest §7 #3, ruling K6
) -> None:
    state = new_game()
    state = in_spring(state, card_of(state, "famine", "cathedral"), "klaus")
    state = kuf(play(state, {p: "PASS" for p in state.seats}))
    assert state.counsellor == "klaus" and state.cathedral == 0 and state.season == "summer"
