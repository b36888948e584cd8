"""Medioevo states for the calamities' tests (tests/rules/calamities/): every territory of the
shipped board empty and ownerless unless given, the powers with the technologies given, and a
strike on an Event card's red area, so each test builds the seed example it checks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike, Outcome, effect_for
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pacts import pair
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, PowerState, TerritoryState

DATA = default_dataset()


def land(owner: str | None = None, *buildings: str, vf: int | Mapping[str, int] = 0) -> TerritoryState:
    """A territory: its owner, buildings and armies (``vf`` the owner's, or a mapping by side)."""
    armies = dict(vf) if isinstance(vf, Mapping) else ({owner or "barbarians": vf} if vf else {})
    return TerritoryState(owner=owner, buildings=buildings, armies=armies)


def board(
    powers: Mapping[str, Iterable[str]],
    territories: Mapping[str, TerritoryState],
    *,
    wars: Iterable[tuple[str, str]] = (),
    pieces: Iterable[Piece] = (),
    **kw: Any,
) -> MedioevoState:
    """Turn 5 unless told; ``powers`` maps each power to its technologies."""
    everywhere = {t: TerritoryState() for t in DATA.board.territories}
    return MedioevoState(
        ruleset="medioevo",
        ruleset_version="1",
        game="g",
        turn=kw.pop("turn", 5),
        powers={p: PowerState(kingdom=p, florins=0, techs=tuple(t)) for p, t in powers.items()},
        territories={**everywhere, **territories},
        wars=tuple(pair(a, b) for a, b in wars),
        turn_order=tuple(powers),
        pieces=tuple(pieces),
        **kw,
    )


def strike(
    calamity: str, card: str, state: MedioevoState, *dice: int, red: tuple[str, ...] | None = None
) -> tuple[Outcome, Dice]:
    """The calamity's effect on the card's red area (or ``red``), with the dice loaded."""
    info = DATA.events[card]
    hit = CalamityStrike(
        calamity=calamity,
        card=card,
        red_area=red or tuple(info.areas),
        land_zone=info.land_zone,
        first_player=(*state.acting_order(), "")[0],
    )
    roller = Dice(seed=b"calamity tests", namespace="T5.events", loaded=list(dice))
    function = effect_for(calamity)
    assert function is not None, calamity
    return function(state, hit, roller, DATA), roller


def told(events: Iterable[Event], kind: type[Event] | None = None) -> list[str]:
    return [e.summary() for e in events if kind is None or isinstance(e, kind)]
