"""What the conformance suite needs to know of each ruleset, and nothing about how it plays.

A kit names a small game (powers, options), a bot that writes a power's orders from what that
power may see (its view and its legal orders), and how to change what a viewer must not see (the
leak property). Everything else the suite asks of a ruleset goes through the Ruleset protocol and
the judge's public API, so a new ruleset joins the suite by adding a kit here; the suite fails
while a ruleset of the registry has none (``test_every_ruleset_of_the_registry_has_a_kit``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import cast

from adjudicator.core.state import GameState
from adjudicator.demo import RULESET_DEMOS
from adjudicator.rulesets.kriegundfrieden.state import KufState
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.service.judge import Judge
from tests.kriegundfrieden.kuf_support import hide_secrets_of
from tests.report.leak_perturb import perturb_state
from tests.turnbased.relay import RelayRuleset

Bot = Callable[[Judge, str, str], list[str]]
"""(judge, game, power) -> the order lines the power mails now (no envelope)."""

Hide = Callable[[GameState, str, random.Random], GameState]
"""(state, viewer, rng) -> a state that differs from ``state`` only in what ``viewer`` may not see."""


@dataclass(frozen=True)
class Kit:
    ruleset: str
    powers: tuple[str, ...]
    options: Mapping[str, object]
    bot: Bot
    hide: Hide | None
    """None: the ruleset hides nothing, so every viewer's view is the public one."""
    extra: str = ""
    """The ``module:Class`` entry of a ruleset the judge does not ship (a test's), else ''."""
    min_windows: int = field(default=3)
    """At least this many windows in the kit's game, so the properties see more than the setup."""


def _demo_bot(judge: Judge, game: str, power: str) -> list[str]:
    """The bot the demo plays the game's ruleset with (demo.RULESET_DEMOS), from the power's view."""
    ruleset = judge.ruleset(judge.game(game)[0])
    _, bot = RULESET_DEMOS[ruleset.name]
    return bot(judge.view(game, power), ruleset.legal_orders(judge.state(game), power))


def _medioevo_hide(state: GameState, viewer: str, rng: random.Random) -> GameState:
    """Every other power's private fields, the deck's order, the bank, the secret pacts."""
    mu = cast(MedioevoState, state)
    others = [p for p in mu.powers if p != viewer]
    cards = sorted(default_dataset().cards)
    return perturb_state(mu, viewer, others, rng, cards, hidden=True)


def _kuf_hide(state: GameState, viewer: str, rng: random.Random) -> GameState:
    """Every other noble's hand, defence cards, agenda cards and standing orders; the deck's order."""
    kuf = cast(KufState, state)
    for noble in kuf.seats:
        if noble != viewer:
            kuf = hide_secrets_of(kuf, noble)
    return kuf


def _first_legal_bot(judge: Judge, game: str, power: str) -> list[str]:
    """The first legal order (a ruleset whose choices are all equal to a bot)."""
    legal = judge.ruleset(judge.game(game)[0]).legal_orders(judge.state(game), power)
    return [legal[0].canonical()] if legal else []


KITS: dict[str, Kit] = {
    "medioevo": Kit(
        "medioevo",
        ("holy_roman_empire", "hungary", "france", "byzantium"),
        {"turns": 1},
        _demo_bot,
        _medioevo_hide,
    ),
    "kriegundfrieden": Kit(
        "kriegundfrieden",
        ("anna", "bruno", "carla"),
        {"turns": 1},
        _demo_bot,
        _kuf_hide,
    ),
    "relay": Kit(
        "relay",
        ("venice", "genoa", "milan"),
        {"turns": 2},
        _first_legal_bot,
        None,
        extra=f"{RelayRuleset.__module__}:{RelayRuleset.__name__}",
    ),
}
