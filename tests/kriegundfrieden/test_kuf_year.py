"""Setup, winter, autumn and the end: seed 001 L18-46, L114-130."""

from __future__ import annotations

from adjudicator.rulesets.kriegundfrieden import cards as cd
from adjudicator.rulesets.kriegundfrieden.common import Ctx, end_game
from adjudicator.rulesets.kriegundfrieden.state import SEASONS, KufState
from adjudicator.rulesets.kriegundfrieden.winter import open_winter
from tests.kriegundfrieden.kuf_support import card_of, ctx, hands, in_summer, kuf, new_game, play, told

C = cd.counts


def test_setup_four_nobles() -> None:
    """001 L20-27: 8 cards each, 4 agenda cards each, the keystone's holder Counsellor with the
    keystone on the table, 2 houses out, the inner sites empty."""
    state = new_game()
    assert all(cd.size(state.player(p).hand) == 8 for p in state.seats)
    assert len(state.deck) == 68 - 32
    assert state.agenda_card == cd.KEYSTONE and state.placer == state.counsellor
    assert len(state.player(state.counsellor).agenda) == 3
    assert sorted(len(state.player(p).agenda) for p in state.seats) == [3, 4, 4, 4]
    assert all((state.player(p).outer, state.player(p).inner) == (2, 0) for p in state.seats)


def test_setup_three_nobles_deals_five_after_the_keystone() -> None:
    """001 L25: three nobles: the keystone's receiver is Counsellor; the other 15 cards, 5 each."""
    state = new_game(("anna", "bruno", "carla"))
    assert all(len(state.player(p).agenda) == 5 for p in state.seats)


def test_year_one_has_no_swap_and_goes_straight_to_the_auction() -> None:
    """001 L37: no privileges in the first year, so the keystone Revolt is the agenda."""
    state = new_game()
    out = play(state)  # the winter's automatic step
    state = kuf(out)
    assert state.season == "spring" and state.agenda_card == cd.KEYSTONE
    assert state.pending is not None and state.pending.kind == "plans"


def _winter(state: KufState) -> KufState:
    state = state.evolve(window=SEASONS.index("winter"), counsellor="fritz", agenda_card="")
    return open_winter(state, ctx())


def test_swap_loop_conditional_orders_and_a_second_chance_after_a_change() -> None:
    """001 L41-44: from the Counsellor's left, a swap costs a privilege and takes the old card
    back; a noble who passed may swap again once someone changed the card; digest §8 #4."""
    state = new_game()
    war, famine, taxes = (
        card_of(state, "war", "privilege"),
        card_of(state, "famine", "cathedral"),
        card_of(state, "taxes", "cathedral"),
    )
    players = {p: me.model_copy(update={"agenda": ()}) for p, me in state.players.items()}
    state = state.evolve(players=players)
    state = state.with_player("fritz", agenda=(war,)).with_player(
        "klaus", agenda=(famine,), privileges=("cup",)
    )
    state = state.with_player("peter", agenda=(taxes,), privileges=("shield",))
    state = _winter(state)
    assert state.pending is not None and state.pending.kind == "plans"
    out = play(
        state,
        {
            "fritz": "PLAY war",
            "klaus": "IF AGENDA war: SWAP famine PAYING cup",
            "peter": "IF AGENDA famine: SWAP taxes\nIF AGENDA any: PASS",
        },
    )
    state = kuf(out)
    log = told(out)
    assert log[:3] == [
        "fritz plays the agenda card war/privilege",
        "klaus pays a cup privilege and swaps famine/cathedral for war/privilege (L42)",
        "peter pays a shield privilege and swaps taxes/cathedral for famine/cathedral (L42)",
    ]
    assert state.season == "spring" and state.agenda_card == taxes
    assert state.player("klaus").agenda == (war,) and state.player("peter").agenda == (famine,)
    assert state.scrolls == C(shield=3, cup=3, hammer=2, grain=2)  # spent scrolls go back (K8)


def test_a_noble_without_orders_is_asked_in_a_swap_step() -> None:
    """001 L42-43 by mail: no standing order for the card on the table: a swap step of its own."""
    state = new_game()
    state = state.with_player("wolfgang", privileges=("grain",))
    state = _winter(state)
    out = play(
        state, {"fritz": f"PLAY {cd.card_name(sorted(state.player('fritz').agenda)[0], state.tables)}"}
    )
    state = kuf(out)
    assert state.pending is not None and (state.pending.kind, state.pending.powers) == ("swap", ("wolfgang",))
    state = kuf(play(state, {"wolfgang": "PASS"}))
    assert state.season == "spring"


def test_take_without_cards_forces_the_next_noble_to_play() -> None:
    """001 L46: a noble with privileges but no agenda card takes the card back into hand; the
    first noble to its left holding cards must play one in its place."""
    state = new_game()
    war, famine = card_of(state, "war", "privilege"), card_of(state, "famine", "privilege")
    players = {p: me.model_copy(update={"agenda": ()}) for p, me in state.players.items()}
    state = (
        state.evolve(players=players)
        .with_player("fritz", agenda=(war,))
        .with_player("peter", agenda=(famine,))
    )
    state = state.with_player("klaus", privileges=("hammer",))
    state = _winter(state)
    state = kuf(play(state, {"fritz": "PLAY war"}))
    assert state.pending is not None and (state.pending.kind, state.pending.powers) == ("swap", ("klaus",))
    state = kuf(play(state, {"klaus": "TAKE"}))
    assert state.player("klaus").agenda == (war,)
    assert state.pending is not None and (state.pending.kind, state.pending.powers) == ("play", ("peter",))
    state = kuf(play(state, {"peter": "PLAY famine"}))
    assert state.agenda_card == famine and state.season == "spring"


def _after_summer(state: KufState) -> KufState:
    """Four silent summer turns: the last one draws the autumn's income (flow.py)."""
    state = in_summer(state, "fritz")
    for _ in range(4):
        state = kuf(play(state))
    return state


def _autumn_from_summer(state: KufState) -> KufState:
    return kuf(play(_after_summer(state)))  # the autumn's automatic step: up to the first appeal or discard


def test_income_one_card_and_one_for_each_two_farmsteads_and_privileges_from_the_discards() -> None:
    """001 L118-120: 1 + 1 per 2 outer houses (inner ones do not count); a card of each
    privilege's type from the discard pile."""
    state = new_game()
    state = hands(state, fritz=C(), klaus=C(), wolfgang=C(cup=6), peter=C(cup=6))
    state = state.with_player("fritz", outer=5, inner=1, privileges=("hammer", "hammer"))
    state = state.evolve(discards=C(hammer=1))
    state = _after_summer(state)
    fritz = state.player("fritz")
    assert fritz.income == 1 + 2 + 1  # the second hammer privilege finds none left (K9)
    assert cd.size(fritz.hand) == 4 and fritz.hand[2] >= 1


def test_appeal_takes_half_the_cards_blind_and_the_victim_takes_a_privilege() -> None:
    """001 L122: one card of income, fewer than 5 cards: appeal to a noble with at least as many
    seals; half its cards (rounded down) taken blind; the victim chooses a privilege."""
    state = new_game()
    state = hands(state, fritz=C(), klaus=C(shield=4, cup=3), wolfgang=C(grain=9), peter=C(grain=9))
    state = state.with_player("fritz", outer=1).with_player("klaus", vp=2, outer=2)
    state = state.with_player("wolfgang", outer=4).with_player("peter", outer=4)
    state = _autumn_from_summer(state)
    assert state.pending is not None and (state.pending.kind, state.pending.powers) == ("appeal", ("fritz",))
    klaus_before = cd.size(state.player("klaus").hand)
    out = play(state, {"fritz": "APPEAL klaus"})
    state = kuf(out)
    assert cd.size(state.player("klaus").hand) == klaus_before - klaus_before // 2
    assert cd.size(state.player("fritz").hand) == 1 + klaus_before // 2
    assert state.pending is not None and (state.pending.kind, state.pending.powers) == (
        "privilege",
        ("klaus",),
    )
    state = kuf(play(state, {"klaus": "PRIVILEGE grain"}))
    assert state.player("klaus").privileges == ("grain",)


def test_hand_limit_ten_at_the_end_of_autumn() -> None:
    """001 L124: discard down to 10, by choice (a DISCARD order, else the commonest type)."""
    state = new_game()
    state = hands(state, fritz=C(shield=6, cup=6), klaus=C(grain=12), wolfgang=C(), peter=C())
    state = state.with_player("klaus", discard=("grain",))
    state = _autumn_from_summer(state)
    state = (
        kuf(play(state, {"wolfgang": "NO APPEAL"}))
        if state.pending and state.pending.kind == "appeal"
        else state
    )
    while state.pending is not None and state.pending.kind == "appeal":
        state = kuf(play(state))
    assert (
        state.pending is not None and state.pending.kind == "discard" and state.pending.powers == ("fritz",)
    )
    assert cd.size(state.player("klaus").hand) == 10  # its POLICY DISCARD decided
    excess = cd.size(state.player("fritz").hand) - 10
    out = play(state, {"fritz": f"DISCARD {excess} shield"})
    assert cd.size(kuf(out).player("fritz").hand) == 10 and kuf(out).season == "winter"


def test_most_seals_win_and_a_tie_goes_to_the_most_cards() -> None:
    """001 L130."""
    state = new_game()
    state = hands(state, fritz=C(grain=3), klaus=C(grain=5), wolfgang=C(), peter=C())
    state = state.with_player("fritz", vp=7).with_player("klaus", vp=7).with_player("peter", vp=6)
    context = Ctx(ctx().dice, "spring")
    ended = end_game(state, context, "test")
    assert ended.winners == ("klaus",)


def test_the_game_ends_in_spring_with_the_last_piece() -> None:
    """001 L128: the spring the last cathedral piece is built, the game is over."""
    from tests.kriegundfrieden.kuf_support import in_spring

    state = new_game()
    state = hands(state, fritz=C(grain=1), klaus=C(), wolfgang=C(), peter=C()).evolve(cathedral=5)
    state = in_spring(state, card_of(state, "famine", "cathedral"), "klaus")
    out = play(state, {"fritz": "BID 1 grain"} | {p: "PASS" for p in ("klaus", "wolfgang", "peter")})
    assert out.state.over and kuf(out).winners == ("fritz",)
    assert any(e.kind == "kuf-game-ended" for e in out.events)


def test_the_variant_removes_three_cards_and_gives_a_privilege_with_each_piece() -> None:
    """001 L136-139: War/cathedral, Famine/cathedral, Taxes/privilege out; 3 or 4 cards each;
    a privilege for each piece built."""
    from tests.kriegundfrieden.kuf_support import in_spring

    four = new_game(variant=True)
    assert sorted(len(four.player(p).agenda) for p in four.seats) == [3, 3, 3, 3]
    names = [cd.card_name(c, four.tables) for p in four.seats for c in four.player(p).agenda]
    assert names.count("war/cathedral") == 1 and names.count("taxes/privilege") == 1
    three = new_game(("anna", "bruno", "carla"), variant=True)
    assert [len(three.player(p).agenda) for p in three.seats] == [4, 4, 4]
    state = hands(four, fritz=C(grain=1), klaus=C(), wolfgang=C(), peter=C()).with_player(
        "fritz", prefer=("cup",)
    )
    state = in_spring(state, card_of(state, "revolt", "cathedral"), "klaus")
    state = kuf(play(state, {"fritz": "BID 1 grain"} | {p: "PASS" for p in ("klaus", "wolfgang", "peter")}))
    assert state.cathedral == 1 and state.player("fritz").privileges == ("cup",)
