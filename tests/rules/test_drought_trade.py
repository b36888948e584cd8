"""A SICCITA under way read by commerce and movement (adjudicator/rulesets/medioevo/drought.py;
seed 002 L1346-1350; ruling R297): VINO and CEREALI at double the table's price where it struck,
half PM for a transport starting from a struck territory, no PM to cross the dried river. Pure:
states built by hand, the phase resolved directly."""

from __future__ import annotations

from adjudicator.rulesets.medioevo.calamity.records import Drought, Ongoing
from adjudicator.rulesets.medioevo.commerce.orders import Trade, Voyage
from adjudicator.rulesets.medioevo.commerce.prices import quote
from adjudicator.rulesets.medioevo.commerce.resolve import resolve
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.war import moves
from adjudicator.rulesets.medioevo.war.cargo_state import Refused
from adjudicator.rulesets.medioevo.war.movement import Step, land_step
from adjudicator.rulesets.medioevo.war.movement_state import mover_of, world_of
from adjudicator.rulesets.medioevo.war.orders import Move
from adjudicator.rulesets.medioevo.war.transport import stats
from tests.rules.war_states import war_state

DATA = default_dataset()
PO_LANDS = ("piemonte", "lombardia", "emilia", "venezia")


def game(*pieces: Piece, drought: bool = True) -> MedioevoState:
    towns = {t: TerritoryState(owner="hungary", buildings=("city",)) for t in (*PO_LANDS, "toscana")}
    state = war_state(("hungary",), towns, (), pieces).with_power("hungary", florins=1000)
    if drought:
        dried = Drought(turn=state.turn, river="po", territories=PO_LANDS)
        state = state.evolve(ongoing=Ongoing(drought=dried))
    return state


def caravan(where: str, **kw: object) -> Piece:
    return Piece(owner="hungary", kind="caravan", number=1, level=1, location=where, **kw)  # type: ignore[arg-type]


def test_wine_and_cereals_cost_double_where_the_drought_struck() -> None:
    """L1346: "Prezzo raddoppiato per VINO e CEREALI negli insediamenti colpiti", to buy and to sell
    (one price, L2105); the table's price is doubled first, then the craft's +2/-2 (R297). Salt and
    the settlements outside the dried lands keep their price."""
    wet, dry = game(drought=False), game()
    for action, craft in (("buy", 2), ("sell", -2)):
        normal = quote(DATA, wet, "hungary", "lombardia", "vino", action)
        doubled = quote(DATA, dry, "hungary", "lombardia", "vino", action)
        assert normal is not None and doubled is not None
        assert doubled.unit == 2 * normal.base + craft and "x2 SICCITA" in doubled.steps
    salt = quote(DATA, dry, "hungary", "lombardia", "sale", "buy")
    assert salt is not None and salt == quote(DATA, wet, "hungary", "lombardia", "sale", "buy")
    outside = quote(DATA, dry, "hungary", "toscana", "cereali", "buy")
    assert outside == quote(DATA, wet, "hungary", "toscana", "cereali", "buy")
    done = resolve(
        dry.evolve(pieces=(caravan("lombardia"),)),
        {"hungary": [Trade("buy", 10, "cereali", "caravan 1")]},
        DATA,
    )
    bought = quote(DATA, dry, "hungary", "lombardia", "cereali", "buy")
    assert bought is not None and done.state.powers["hungary"].florins == 1000 - 10 * bought.unit  # type: ignore[attr-defined]


def test_a_transport_starting_in_the_dried_lands_has_half_its_pm() -> None:
    """L1348: "Dimezzati i PM dei MdT che iniziano a muoversi dai territori colpiti": a level I
    caravan (6 PM) in Lombardia has 3; in Toscana, outside, its 6. Commerce remembers where it
    started: after moving it keeps the half it began with."""
    assert stats(DATA, mover_of(game(), caravan("lombardia"))).pm == 3
    assert stats(DATA, mover_of(game(), caravan("toscana"))).pm == 6
    assert stats(DATA, mover_of(game(drought=False), caravan("lombardia"))).pm == 6
    done = resolve(game(caravan("venezia")), {"hungary": [Voyage("caravan 1", "marche")]}, DATA)
    (result,) = done.results
    assert (
        not result.ok
        and result.reason is not None
        and "costs 5 PM; caravan 1 has 3 left" in result.reason.message
    )
    legs = [Voyage("caravan 1", "emilia"), Voyage("caravan 1", "toscana"), Voyage("caravan 1", "marche")]
    done = resolve(game(caravan("venezia")), {"hungary": legs}, DATA)
    assert [r.ok for r in done.results] == [True, True, False]  # 1 + 2 PM of its 3, then none left
    done = resolve(game(caravan("venezia"), drought=False), {"hungary": legs}, DATA)
    assert [r.ok for r in done.results] == [True, True, True]


def test_the_dried_river_costs_no_pm_to_cross() -> None:
    """L1350: "0 PM per attraversare i FIUMI e TORRENTI colpiti": Lombardia into Emilia across the
    Po costs the terrain's PM only while the drought lasts, the river's +1 otherwise (L1592)."""
    mover = mover_of(game(drought=False), caravan("lombardia"))
    wet = land_step(world_of(DATA, game(drought=False)), mover, "lombardia", "emilia")
    dry = land_step(world_of(DATA, game()), mover, "lombardia", "emilia")
    assert isinstance(wet, Step) and isinstance(dry, Step)
    assert dry.pm == wet.pm - DATA.movement_rules.river_pm and "dried" in dry.why


def test_in_combat_too_the_half_lasts_the_whole_phase() -> None:
    """L1348 in combat (R297): a war cart starting in Venezia moves to Emilia and on to Toscana
    (out of the dried lands) on its half PM; its third leg finds none left, as it would not without
    the drought."""
    cart = Piece(owner="hungary", kind="war_wagon", number=1, level=1, location="venezia", vf=5)
    legs = [Move(pieces=("cart 1",), to=to) for to in ("emilia", "toscana", "marche")]
    for drought, last in ((True, "costs 2 PM; cart 1 has 0 left"), (False, "")):
        state: MedioevoState = game(cart, drought=drought)
        outcome = []
        for leg in legs:
            done = moves.move(state, "hungary", leg, DATA)
            outcome.append(done.reason if isinstance(done, Refused) else "")
            state = done.state if not isinstance(done, Refused) else state
        assert outcome[:2] == ["", ""] and (last in outcome[2] if last else outcome[2] == "")
