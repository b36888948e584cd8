"""The EPIDEMIA holds other powers' transports where it still strikes (seed 002 L1271: "i MdT non
possono abbandonare il territorio infetto fino a quando l'EPIDEMIA termina di causare danni in quel
territorio"; ``World.infected``, ``movement._legal_step``). Pure: states built by hand, paths
judged by the movement calculator that the war's moves, attacks and commerce all ask."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.calamity.records import Epidemic, Ongoing
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.war.cargo_state import mover_in
from adjudicator.rulesets.medioevo.war.movement import check_path
from adjudicator.rulesets.medioevo.war.movement_state import world_of
from tests.rules.war_states import war_state

DATA = default_dataset()


def game(epidemic: Epidemic | None) -> MedioevoState:
    """Hungary's Pest and Banato, Venice's Bihar next door; a level I war cart of each in Pest."""
    lands = {t: TerritoryState(owner="hungary", armies={"hungary": 5}) for t in ("pest", "banato")}
    lands["bihar"] = TerritoryState(owner="venice", armies={"venice": 5})
    carts = [
        Piece(owner=p, kind="war_wagon", number=1, level=1, location="pest", vf=2)
        for p in ("hungary", "venice")
    ]
    state = war_state(("hungary", "venice"), lands, (), carts)
    return state.evolve(ongoing=Ongoing(epidemic=epidemic) if epidemic else None)


def judged(state: MedioevoState, owner: str) -> tuple[bool, str]:
    """Venice's cart home to Bihar, Hungary's to its Banato."""
    piece = state.piece(owner, "war_wagon", 1)
    assert piece is not None
    to = "bihar" if owner == "venice" else "banato"
    check = check_path(world_of(DATA, state), mover_in(state, DATA, piece), (to,))
    return check.ok, check.reason


def test_another_power_s_transport_may_not_leave_a_territory_the_epidemic_strikes_L1271() -> None:
    """L1271: the epidemic under way in Pest (3 VF lost there last time, still active) holds Venice's
    cart there, with the line; Hungary's own cart, in its own land, is not held (the rule speaks of
    "MdT di altri giocatori"). Once Pest is spent (no more losses there, R270) or with no
    epidemic, Venice's cart leaves as before."""
    state = game(Epidemic(since=2, active={"pest": 3}))
    ok, why = judged(state, "venice")
    assert not ok and "the EPIDEMIA strikes" in why and "(L1271)" in why
    assert judged(state, "hungary")[0]
    spent = game(Epidemic(since=2, active={"pest": 3}, spent=("pest",)))
    assert judged(spent, "venice") == judged(game(None), "venice") == (True, "")
