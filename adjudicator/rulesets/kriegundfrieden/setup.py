"""A new game (L18-29): eight resource cards each, the agenda cards dealt, the keystone's holder
Counsellor with the keystone Revolt as the first year's agenda (L37), two houses out each."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event, Visibility
from adjudicator.core.options import OptionSpec
from adjudicator.errors import AdjudicatorError
from adjudicator.rulesets.kriegundfrieden import cards as cd
from adjudicator.rulesets.kriegundfrieden.common import Ctx
from adjudicator.rulesets.kriegundfrieden.components import RESOURCES, TABLE_OPTIONS, load, with_options
from adjudicator.rulesets.kriegundfrieden.events import Dealt, KufStarted
from adjudicator.rulesets.kriegundfrieden.state import KufState, Player
from adjudicator.rulesets.kriegundfrieden.winter import WINTER

RESOURCE_SHUFFLE = "resource deck"
AGENDA_SHUFFLE = "agenda deck"
OPTIONS: dict[str, OptionSpec] = {
    **TABLE_OPTIONS,
    "auction_start": OptionSpec(
        "choice",
        "who bids first: the Counsellor (L52) or the noble on its left (the example, L58)",
        ("counsellor", "left_of_counsellor"),
    ),
    "start_houses": OptionSpec("count", "houses each noble starts with on outer sites (L27: 2)"),
    "variant": OptionSpec("bool", "the variant of L132-139: three cards out, a privilege with each piece"),
}


def initial_state(
    name: str, version: str, game: str, powers: Sequence[str], options: Mapping[str, Any], dice: Dice
) -> tuple[KufState, tuple[Event, ...]]:
    data = load()
    if len(powers) not in data.components.players:
        raise AdjudicatorError(f"Krieg und Frieden is for 3 or 4 nobles (L24-25, K17), not {len(powers)}")
    tables = with_options(data.tables, options)
    variant = bool(options.get("variant", False))
    if not variant:
        tables = tables.model_copy(update={"removed": ()})
    seats = tuple(powers)
    ctx = Ctx(dice, "setup")
    deck = dice.shuffle(cd.full_deck(data.components.resources_per_type), RESOURCE_SHUFFLE)
    start = data.components.start_cards
    players = {}
    for i, power in enumerate(seats):
        hand = cd.of_types(deck[i * start : (i + 1) * start])
        players[power] = Player(
            hand=hand, outer=int(options.get("start_houses", data.components.start_houses))
        )
        ctx.events.append(
            Dealt(power=power, cards=cd.describe(hand), why="the deal (L20)", visibility=Visibility.to(power))
        )
    deck = deck[len(seats) * start :]
    agenda = dice.shuffle(cd.agenda_ids(tables), AGENDA_SHUFFLE)
    if len(seats) == 4 and len(agenda) % 4 == 0:  # L24: four each; the keystone's holder is Counsellor
        hands = {p: agenda[i * len(agenda) // 4 : (i + 1) * len(agenda) // 4] for i, p in enumerate(seats)}
        counsellor = next(p for p, h in hands.items() if cd.KEYSTONE in h)
    else:  # L25 (and the variant, L138): face up round the table until the keystone, the rest dealt
        counsellor = seats[agenda.index(cd.KEYSTONE) % len(seats)]
        rest = tuple(c for c in agenda if c != cd.KEYSTONE)
        per = len(rest) // len(seats)
        hands = {p: rest[i * per : (i + 1) * per] for i, p in enumerate(seats)}
    for power in seats:
        own = tuple(sorted(c for c in hands[power] if c != cd.KEYSTONE))
        players[power] = players[power].model_copy(update={"agenda": own})
        names = ", ".join(cd.card_name(c, tables) for c in own)
        ctx.events.append(
            Dealt(power=power, cards=names, why="agenda cards (L24-25)", visibility=Visibility.to(power))
        )
    scrolls = tuple(tables.privileges.get(r, 0) for r in RESOURCES)
    state = KufState(
        ruleset=name,
        ruleset_version=version,
        game=game,
        seats=seats,
        tables=tables,
        players=players,
        counsellor=counsellor,
        deck=deck,
        scrolls=scrolls,
        agenda_card=cd.KEYSTONE,
        placer=counsellor,
        season=WINTER,
        auction_start=str(options.get("auction_start", "counsellor")),
        variant=variant,
        last_year=int(options.get("turns", 0)),
    )
    started = KufStarted(seats=seats, counsellor=counsellor, agenda=cd.card_name(cd.KEYSTONE, tables))
    return state, (started, *ctx.events)
