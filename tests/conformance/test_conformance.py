"""The conformance suite: what every ruleset of the judge must do, whatever game it is (issue 20).

Each property runs over every ruleset the registry ships (and Relay, the turn-by-turn test
ruleset), through the Ruleset protocol and the judge's public API only; tests/conformance/kits.py
says per ruleset which small game to play and how its bots write. The game of a kit is played once
per module (its bots write every window through ``Judge.submit``; one power stays silent) and the
properties read what was recorded:

- every order a power may give (``legal_orders``) has a canonical text that parses back to it;
- a silent power's default orders are legal, and the game plays on with them to its end;
- the bots play the game to its end without a refused order;
- the same seed and the same orders give the same game (a second store, the same mails);
- replay from the log rebuilds every window's state (``replay_check``);
- a rollback to an earlier window, resolved again, gives the same game;
- each viewer's view does not change when what it may not see changes (the leak property, at the
  view every report is rendered from); a ruleset that hides nothing gives every viewer one view.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from adjudicator.core.events import OrdersDefaulted
from adjudicator.core.view import GM, PUBLIC
from adjudicator.rulesets.registry import get_ruleset, ruleset_names
from tests.conformance.kits import KITS, Kit
from tests.conformance.played import GAME, Played, extra_ruleset, play, play_on

NAMES = sorted(KITS)


def test_every_ruleset_of_the_registry_has_a_kit() -> None:
    missing = [name for name in ruleset_names() if name not in KITS]
    assert not missing, f"rulesets with no conformance kit (tests/conformance/kits.py): {missing}"


@pytest.fixture(scope="module", params=NAMES)
def kit(request: pytest.FixtureRequest) -> Iterator[Kit]:
    chosen = KITS[request.param]
    with extra_ruleset(chosen):
        yield chosen


@pytest.fixture(scope="module")
def played(kit: Kit, tmp_path_factory: pytest.TempPathFactory) -> Played:
    return play(kit, tmp_path_factory.mktemp(f"conform-{kit.ruleset}") / "game.db")


@pytest.fixture(scope="module")
def again(kit: Kit, tmp_path_factory: pytest.TempPathFactory) -> Played:
    """The same game played again in a second store: the same seed, the bots' same mails."""
    return play(kit, tmp_path_factory.mktemp(f"again-{kit.ruleset}") / "game.db")


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def test_the_bots_play_the_game_to_its_end_without_a_refused_order(kit: Kit, played: Played) -> None:
    assert played.judge.state(GAME).over
    assert len(played.open_states) >= kit.min_windows, [label for label, _ in played.open_states]
    assert played.submissions and all(lines for _, _, lines in played.submissions[:1])
    assert played.refused == []


def test_every_legal_order_s_canonical_text_parses_back_to_it(kit: Kit, played: Played) -> None:
    ruleset = get_ruleset(kit.ruleset)
    checked = 0
    for label, state in played.open_states:
        for power in kit.powers:
            legal = list(ruleset.legal_orders(state, power))
            for order in random.Random(f"{label}{power}").sample(legal, min(len(legal), 60)):
                text = order.canonical()
                parsed = ruleset.parse(state, power, [(1, text)], strict=False)
                assert parsed.issues == () and parsed.orders == (order,), (label, power, text, parsed)
                checked += 1
    assert checked, "no legal order in the whole game"


def test_a_silent_power_s_default_orders_are_legal_and_the_game_plays_on(kit: Kit, played: Played) -> None:
    ruleset = get_ruleset(kit.ruleset)
    phases = {p.id: p for p in ruleset.phases()}
    defaults = 0
    for label, state in played.open_states:
        for phase in phases:
            if not ruleset.takes_orders(state, phase):
                continue
            for order in ruleset.default_orders(state, phase, played.silent):
                parsed = ruleset.parse(state, played.silent, [(1, order.canonical())], strict=False)
                assert parsed.issues == () and parsed.orders == (order,), (label, phase, order)
                defaults += 1
    events = played.judge.events(GAME)
    told = [e for e in events if isinstance(e, OrdersDefaulted) and e.power == played.silent]
    assert told, f"{played.silent} wrote nothing and no window said its defaults were used"
    assert defaults == 0 or any(e.orders for e in told)
    assert played.judge.state(GAME).over


def test_the_same_seed_and_orders_give_the_same_game(played: Played, again: Played) -> None:
    assert again.submissions == played.submissions
    assert _json(again.judge.state(GAME).model_dump(mode="json")) == _json(
        played.judge.state(GAME).model_dump(mode="json")
    )
    first = [(e.kind, _json(e.payload())) for e in played.judge.events(GAME)]
    second = [(e.kind, _json(e.payload())) for e in again.judge.events(GAME)]
    assert first == second


def test_replay_from_the_log_rebuilds_every_window(kit: Kit, played: Played) -> None:
    assert len(played.judge.snapshots(GAME)) >= kit.min_windows
    assert played.judge.replay_check(GAME) == []


def test_each_viewer_s_view_hides_what_it_may_not_see(kit: Kit, played: Played) -> None:
    ruleset = get_ruleset(kit.ruleset)
    rng = random.Random(7)
    for label, state in played.open_states:
        public = _json(ruleset.view(state, PUBLIC))
        for viewer in kit.powers:
            seen = _json(ruleset.view(state, viewer))
            if kit.hide is None:
                assert seen == public, (label, viewer)
                continue
            changed = kit.hide(state, viewer, rng)
            assert _json(ruleset.view(changed, GM)) != _json(ruleset.view(state, GM)), "hide changed nothing"
            assert _json(ruleset.view(changed, viewer)) == seen, (label, viewer)


def test_a_rollback_resolved_again_gives_the_same_game(again: Played) -> None:
    """(Last in the module: it rolls ``again`` back.)"""
    final = _json(again.judge.state(GAME).model_dump(mode="json"))
    label, state = again.open_states[len(again.open_states) // 2]
    again.judge.rollback(GAME, label)
    assert _json(again.judge.state(GAME).model_dump(mode="json")) == _json(state.model_dump(mode="json"))
    assert again.judge.game(GAME)[1].label == label
    play_on(again)  # the bots write again from the window rolled back to
    assert _json(again.judge.state(GAME).model_dump(mode="json")) == final
    assert again.judge.replay_check(GAME) == []
