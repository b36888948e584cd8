"""Summer: workers, farmsteads, challenges and bribes (seed 001 L78-112)."""

from __future__ import annotations

from adjudicator.rulesets.kriegundfrieden import cards as cd
from tests.kriegundfrieden.kuf_support import hands, in_summer, kuf, new_game, play, told

C = cd.counts


def _summer(**by_power: cd.Counts):  # type: ignore[no-untyped-def]
    state = hands(new_game(), **by_power)
    return in_summer(state, "fritz")


def test_workers_move_outer_houses_inside_never_more_inside_than_out() -> None:
    """001 L89-92: a hammer a house; more inner than outer houses is refused."""
    state = _summer(fritz=C(hammer=3))
    state = state.with_player("fritz", outer=4, inner=0)
    out = play(state, {"fritz": "WORKERS 2"})
    me = kuf(out).player("fritz")
    assert (me.outer, me.inner, me.hand) == (2, 2, C(hammer=1))
    read = kuf(out)  # the next noble's turn is open: Fritz's turn is over
    assert read.pending is not None and read.pending.powers == ("klaus",)
    state = state.with_player("fritz", outer=2, inner=0)
    from tests.kriegundfrieden.kuf_support import RULESET

    sub = RULESET.parse(state, "fritz", [(1, "WORKERS 2")])
    assert "more inner than outer (L92)" in sub.issues[0].message


def test_farmsteads_cost_a_grain_each_and_go_outside() -> None:
    """001 L96-98: a grain a house, from the unused ones, on an outer site."""
    state = _summer(fritz=C(grain=3))
    out = play(state, {"fritz": "BUILD 3\nBUILD 1"}, strict=False)
    me = kuf(out).player("fritz")
    assert (me.outer, me.inner, me.hand) == (5, 0, cd.NONE)
    assert any(not r.ok and "1 grain needed" in (r.reason.message if r.reason else "") for r in out.results)


def test_actions_in_any_order_interleaved() -> None:
    """001 L85: build, bribe, build again in one turn."""
    state = _summer(fritz=C(grain=2, cup=1), klaus=C(shield=1))
    out = play(state, {"fritz": "BUILD 1\nBRIBE klaus\nBUILD 1"})
    assert kuf(out).player("fritz").outer == 4
    assert kuf(out).player("klaus").hand == cd.NONE


def test_a_shield_against_a_challenge_cancels_it() -> None:
    """001 L104: both shields are discarded, nothing happens; the attacker may go on."""
    state = _summer(fritz=C(shield=2), klaus=C(shield=1))
    state = state.with_player("klaus", defend=1)
    out = play(state, {"fritz": "CHALLENGE klaus\nCHALLENGE klaus"})
    klaus = kuf(out).player("klaus")
    assert "klaus plays a shield against fritz's challenge: both cards cancel (L104)" in told(out)
    assert klaus.outer == 1 and klaus.hand == cd.NONE  # the second challenge burnt a house
    assert kuf(out).discards[0] == 3


def test_fritz_with_two_and_two_must_lose_an_inner_house() -> None:
    """001 L105, the example: Fritz has 2 farmsteads and 2 workers; Klaus's challenge burns an
    inner house, whatever Fritz prefers, since an outer one would leave more inside than out."""
    state = _summer(klaus=C(shield=1), fritz=C())
    state = in_summer(state, "klaus").with_player("fritz", outer=2, inner=2, burn="outer", defend=0)
    out = play(state, {"klaus": "CHALLENGE fritz"})
    fritz = kuf(out).player("fritz")
    assert (fritz.outer, fritz.inner) == (2, 1)


def test_a_won_challenge_pays_two_cards_for_defence_only_once_a_victim() -> None:
    """001 L107: two cards, usable only to defend; attacking the same noble again pays nothing."""
    state = _summer(fritz=C(shield=2), klaus=C())
    state = state.with_player("klaus", outer=3, defend=0)
    out = play(state, {"fritz": "CHALLENGE klaus\nCHALLENGE klaus"})
    fritz = kuf(out).player("fritz")
    assert cd.size(fritz.hand) == 2 and fritz.guard == fritz.hand  # only the two cards won
    assert kuf(out).player("klaus").outer == 1
    assert "fritz has had its cards for klaus this turn already (L107)" in told(out)


def test_the_cards_won_cannot_pay_for_an_attack() -> None:
    """001 L107: a shield won cannot open a challenge (refused at the receipt too)."""
    state = _summer(fritz=C(), klaus=C())
    state = state.with_player("fritz", hand=C(shield=2), guard=C(shield=2))
    from tests.kriegundfrieden.kuf_support import RULESET

    sub = RULESET.parse(state, "fritz", [(1, "CHALLENGE klaus")])
    assert "won cards defend only" in sub.issues[0].message


def test_a_challenge_without_a_policy_asks_the_victim_and_the_turn_goes_on() -> None:
    """Digest §8 #3: no standing policy: the victim answers in a defence step, then the
    attacker's remaining orders run."""
    state = _summer(fritz=C(shield=1, grain=1), klaus=C(shield=1))
    out = play(state, {"fritz": "CHALLENGE klaus\nBUILD 1"})
    state = kuf(out)
    assert state.pending is not None and (state.pending.kind, state.pending.powers) == ("defence", ("klaus",))
    assert state.player("fritz").outer == 2  # BUILD waits for the answer
    out = play(state, {"klaus": "DEFEND"})
    state = kuf(out)
    assert state.player("fritz").outer == 3 and state.player("klaus").hand == cd.NONE
    assert state.pending is not None and state.pending.powers == ("klaus",) and state.pending.kind == "turn"


def test_defend_while_k_shields() -> None:
    """Digest §8 #3: ``POLICY DEFEND WHILE 2`` defends with two shields, not with one."""
    state = _summer(fritz=C(shield=2), klaus=C(shield=2))
    state = state.with_player("klaus", defend=2, outer=2)
    out = play(state, {"fritz": "CHALLENGE klaus\nCHALLENGE klaus"})
    klaus = kuf(out).player("klaus")
    assert klaus.hand == C(shield=1) and klaus.outer == 1


def test_bribe_takes_a_shield_without_defence() -> None:
    """001 L110-111: a cup; the victim must discard a shield with it."""
    state = _summer(fritz=C(cup=2), klaus=C(shield=1, grain=2))
    out = play(state, {"fritz": "BRIBE klaus\nBRIBE klaus"})
    assert kuf(out).player("klaus").hand == C(grain=2)
    assert kuf(out).player("fritz").hand == cd.NONE


def test_a_bribed_noble_without_shields_shows_the_briber_its_hand_only() -> None:
    """001 L112: the hand is shown to the briber (a private event), the cup goes for nothing."""
    state = _summer(fritz=C(cup=1), klaus=C(grain=2, hammer=1))
    out = play(state, {"fritz": "BRIBE klaus"})
    shown = [e for e in out.events if e.kind == "kuf-shown"]
    assert len(shown) == 1 and shown[0].summary().endswith("1 hammer 2 grain")
    assert shown[0].visibility.allows("fritz") and not shown[0].visibility.allows("wolfgang")
    assert kuf(out).player("klaus").hand == C(grain=2, hammer=1)


def test_turns_go_clockwise_from_the_counsellor() -> None:
    """001 L78: the Counsellor first, then clockwise."""
    state = _summer()
    order = []
    for _ in range(4):
        assert state.pending is not None
        order.append(state.pending.powers[0])
        state = kuf(play(state))
    assert order == ["fritz", "klaus", "wolfgang", "peter"]
    assert state.season == "autumn"


def test_a_policy_given_in_the_defence_step_answers_it() -> None:
    """A victim asked in a defence step may answer with a standing order alone: it counts now."""
    state = _summer(fritz=C(shield=1), klaus=C(shield=1))
    state = kuf(play(state, {"fritz": "CHALLENGE klaus"}))
    state = kuf(play(state, {"klaus": "POLICY DEFEND ALWAYS"}))
    assert state.player("klaus").hand == cd.NONE and state.player("klaus").outer == 2  # defended
