"""Phase 7, Events (seed 002 L1030-1116): the calamity trigger and table, the hand-over of a
calamity to its effect, the Event card and its four icons, relics and rebellions."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.core.view import PUBLIC
from adjudicator.rulesets.medioevo.barbarians.news import BarbarianAttack
from adjudicator.rulesets.medioevo.calamity import registry
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike
from adjudicator.rulesets.medioevo.events_phase import calamity, event, rebellions, relics
from adjudicator.rulesets.medioevo.events_phase.news import (
    CalamityStruck,
    CalamityTrigger,
    EventDrawn,
    RelicTaken,
    TerritoryRebelled,
    TroopsLost,
)
from adjudicator.rulesets.medioevo.events_phase.phase import EVENTS
from adjudicator.rulesets.medioevo.events_phase.records import RelicMarker
from adjudicator.rulesets.medioevo.phases import repairs
from adjudicator.rulesets.medioevo.state import CardEffect, MedioevoState
from adjudicator.rulesets.medioevo.war import moves
from adjudicator.rulesets.medioevo.war.cargo_state import Refused
from adjudicator.rulesets.medioevo.war.movement_state import mover_of
from adjudicator.rulesets.medioevo.war.orders import Move
from adjudicator.rulesets.medioevo.war.transport import stats
from tests.rules.economy_window import DATA, RULES, SEED, economy


def events_phase(
    state: MedioevoState, dice: Sequence[int], turn: int | None = None
) -> tuple[MedioevoState, list[Event]]:
    """Phase 7 played on ``state`` (at ``turn``) with these dice loaded first."""
    if turn is not None:
        state = state.evolve(turn=turn)
    resolution = RULES.resolve(state, EVENTS, {}, Dice(SEED, f"T{state.turn}.events", loaded=list(dice)))
    assert isinstance(resolution.state, MedioevoState)
    return resolution.state, list(resolution.events)


def of(kind: type[Event], told: list[Event]) -> list:  # type: ignore[type-arg]
    return [e for e in told if isinstance(e, kind)]


def quiet(state: MedioevoState) -> list[int]:
    """An icon roll that picks a market slump on the top card (no die of its own, nobody hurt)."""
    card = DATA.events[state.omens.deck[0]]
    return [2 * card.icons.index("crisi_mercati") + 1] if "crisi_mercati" in card.icons else []


def test_trigger_window_grows_each_turn_and_skips_the_turn_after_a_calamity_L1034_L1040(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """002 L1034-1040: no roll on turn 1; double 1 on turn 2, doubles up to 2 on turn 3 ...; after
    a calamity no roll, then double 1 again. The window is kept in the state."""
    registry.effect_for("eresia")
    monkeypatch.setitem(registry.EFFECTS, "eresia", lambda s, hit, d, data: (s, ()))
    state = economy()
    state, told = events_phase(state, quiet(state), turn=1)
    assert of(CalamityTrigger, told) == [] and state.omens.window == 1
    state, told = events_phase(state, [2, 2, *quiet(state)], turn=2)  # double 2 > window 1
    assert [(t.dice, t.window, t.struck) for t in of(CalamityTrigger, told)] == [((2, 2), 1, False)]
    assert state.omens.window == 2
    state, told = events_phase(state, [2, 2, 1, 6], turn=3)  # double 2 <= 2: A6, ERESIA
    assert of(CalamityTrigger, told)[0].struck and of(CalamityStruck, told)[0].calamity == "eresia"
    assert state.omens.window == 0 and of(EventDrawn, told) == []  # no event with a calamity (L1048)
    state, told = events_phase(state, quiet(state), turn=4)
    assert of(CalamityTrigger, told) == [] and state.omens.window == 1
    state = state.evolve(omens=state.omens.model_copy(update={"window": 6}))
    state, told = events_phase(state, [6, 5, *quiet(state)], turn=9)
    assert state.omens.window == 6  # it stops growing at 6 (L1038)


def test_the_table_rerolls_b8_and_a_crusade_under_way_L1100_L1116(monkeypatch: pytest.MonkeyPatch) -> None:
    """L1100-1116: 1d4 3-4 is group B (R15); B8 rolls the 1d8 again, and so does a second
    CROCIATA while one is under way (the data's note, digest A33)."""
    state = economy()
    dice = Dice(SEED, "t", loaded=[3, 8, 7])
    assert calamity.table(state, dice, DATA) == "crociata"
    monkeypatch.setitem(calamity.UNDER_WAY, "crociata", lambda s: True)
    dice = Dice(SEED, "t", loaded=[4, 8, 7, 1])
    assert calamity.table(state, dice, DATA) == "incendio"
    assert [r.purpose for r in dice.rolls] == [
        "calamity group",
        "calamity entry",
        "calamity entry",
        "calamity entry",
    ]


def test_the_strike_handed_to_the_effect_names_the_card_its_red_area_and_the_first_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """L1036, L1048, L1100: the Event card drawn locates the calamity; the first player rolls.
    A test-local effect shows what the sub-phase hands over, and its events follow the strike's."""
    seen: list[CalamityStrike] = []

    def effect(
        state: MedioevoState, hit: CalamityStrike, dice: Dice, data: object
    ) -> tuple[MedioevoState, tuple[Event, ...]]:
        seen.append(hit)
        return state.with_power(hit.first_player, honor=7), (
            CalamityTrigger(power="x", dice=(1, 1), window=1, struck=True),
        )

    registry.effect_for("alluvione")  # the calamity modules register first
    monkeypatch.setitem(registry.EFFECTS, "alluvione", effect)
    state = economy()
    top = state.omens.deck[0]
    after, told = events_phase(state, [1, 1, 2, 1], turn=2)
    first = state.acting_order()[0]
    assert seen == [
        CalamityStrike(
            calamity="alluvione",
            card=top,
            red_area=DATA.events[top].areas,
            land_zone=DATA.events[top].land_zone,
            first_player=first,
        )
    ]
    struck = of(CalamityStruck, told)
    assert struck[0].played and after.powers[first].honor == 7 and after.omens.card == top
    assert told.index(struck[0]) < told.index(of(CalamityTrigger, told)[-1])


def test_a_calamity_without_an_effect_is_announced_where_it_strikes(monkeypatch: pytest.MonkeyPatch) -> None:
    """R250: with no effect registered, everyone is told which calamity struck where."""
    registry.effect_for("alluvione")
    monkeypatch.delitem(registry.EFFECTS, "alluvione", raising=False)
    state = economy()
    top = DATA.events[state.omens.deck[0]]
    after, told = events_phase(state, [1, 1, 1, 1], turn=2)
    struck = of(CalamityStruck, told)[0]
    assert not struck.played and struck.visibility.allows(PUBLIC)
    assert struck.summary() == (
        f"Calamity: Alluvione strikes {top.name} ({', '.join(top.areas)}), rolled by "
        f"{state.acting_order()[0]}; the judge does not play its effects yet (the GM may edit them in)"
    )
    assert after.territories == state.territories


def test_the_icon_by_1d6_and_the_deck_reshuffled_when_empty_L1050_L1052() -> None:
    """L1052: 1-2 the first icon, 3-4 the second, 5-6 the third. R252: an empty deck is its
    discards shuffled again."""
    state = economy()
    for roll, icon in ((2, 0), (3, 1), (6, 2)):
        card = DATA.events[state.omens.deck[0]]
        loaded = [roll, 1, 1, 1, 1, 1, 1, 1, 1]
        _, told = events_phase(state, loaded, turn=1)
        assert of(EventDrawn, told)[0].icon == card.icons[icon]
    empty = state.evolve(omens=state.omens.model_copy(update={"deck": (), "discards": ("e01", "e02")}))
    after, told = events_phase(empty, [1, 6, 1, 1, 1, 1, 1], turn=1)
    assert (
        after.omens.card in ("e01", "e02")
        and len(after.omens.deck) == 1
        and after.omens.discards == (after.omens.card,)
    )


def test_the_view_hides_the_event_deck_but_not_its_size() -> None:
    state = economy()
    seen = RULES.view(state, "hungary")
    assert seen["omens"]["deck"] is None and seen["omens"]["deck_size"] == 30
    assert RULES.view(state, "gm")["omens"]["deck"] == list(state.omens.deck)


def test_every_roll_of_the_phase_is_declared(monkeypatch: pytest.MonkeyPatch) -> None:
    """The GM's dice tools see the new rolls (``phase_dice``): a calamity's trigger and table, an
    event's icon, territory and losses, a relic's site, a rebellion's dice."""
    registry.effect_for("alluvione")
    monkeypatch.delitem(registry.EFFECTS, "alluvione", raising=False)
    state = economy().evolve(turn=2)
    state = state.with_territory("banato", armies={"hungary": 1}, buildings=())
    grail = next(cid for cid, c in DATA.events.items() if c.grail and "perdite_truppe" in c.icons)
    icon = 2 * DATA.events[grail].icons.index("perdite_truppe") + 1
    with_grail = state.evolve(omens=state.omens.model_copy(update={"deck": (grail, "e16")}))
    declared = RULES.phase_dice(state, EVENTS) or ()
    purposes = set()
    for loaded in ([1, 1, 1, 1], [1, 2, icon], [1, 2, 1, 2]):
        dice = Dice(SEED, "T2.events", loaded=list(loaded))
        RULES.resolve(with_grail if loaded[-1] == icon else state, EVENTS, {}, dice)
        for roll in dice.rolls:
            purpose = roll.purpose.replace("banato", "TERRITORY")
            for power in state.seats():
                purpose = purpose.replace(power, "POWER")
            purposes.add(purpose)
            assert any(u.purpose == purpose and roll.sides in u.sides for u in declared), roll
    assert len(purposes) >= 8, purposes


def test_a_relic_is_found_taken_once_for_a_po_and_kept_in_a_cathedral_L1072_L1080() -> None:
    """L1074-1080, R254: the first captain there takes it (+1 PO, once); laid in its power's
    Cathedral; dropped where its captain falls."""
    state = economy("PIECE hungary captain 2 IN Bosnia", "GIVE hungary Bosnia")
    grail = next(cid for cid, c in DATA.events.items() if c.grail)
    state, told = relics.place(state, grail, Dice(SEED, "r", loaded=[3]), DATA)
    site = DATA.events[grail].relic_sites[2]
    assert state.relics == (RelicMarker(relic="santo_graal", territory=site),)
    state = state.evolve(relics=(RelicMarker(relic="santo_graal", territory="bosnia"),))
    honor = state.powers["hungary"].honor
    state, told = relics.pick_up(state, "hungary", DATA)
    taken = of(RelicTaken, list(told))
    assert [(t.po, t.captain) for t in taken] == [(1, "captain 2")]
    assert state.powers["hungary"].honor == honor + 1 and state.relics[0].carrier == "hungary/captain/2"
    captain = state.piece("hungary", "captain", 2)
    assert captain is not None
    state = state.with_piece(captain, location="pest")  # Pest holds Hungary's Cathedral at setup
    state, _ = relics.pick_up(state, "hungary", DATA)
    assert state.relics[0].model_dump() == {
        "relic": "santo_graal",
        "territory": "pest",
        "carrier": None,
        "cathedral": True,
        "taken_by": "hungary",
    }
    lying = RelicMarker(relic="vera_croce", territory="pest", carrier="hungary/captain/2", taken_by="hungary")
    state = state.evolve(relics=(lying,), pieces=tuple(p for p in state.pieces if p.kind != "captain"))
    state, _ = relics.follow(state, DATA)
    assert state.relics[0].carrier is None and state.relics[0].territory == "pest"


def test_rebellion_example_L1092_the_two_vf_territory_rebels_on_a_2() -> None:
    """Ex L1092-1096: 3 and 2 VF, 1d4 = 2: 3 needed; the 2-VF territory rebels and 1d6 barbarian
    VF replace its armies; the other stays."""
    state = economy()
    state = state.with_territory("bihar", armies={"hungary": 3}, buildings=())
    state = state.with_territory("banato", armies={"hungary": 2}, buildings=())
    after, told = events_phase(state, [*quiet(state), 2, 4], turn=1)
    rebelled = of(TerritoryRebelled, told)
    assert [(r.territory, r.vf_lost, r.barbarians) for r in rebelled] == [("banato", 2, 4)]
    assert after.territories["banato"].owner is None
    # then the barbarians' sub-phase (R258): the levy adds 1 (hungary holds part of the kingdom,
    # ex L2372, R260), 5 VF are more than Bihar's 3 (L2310) and all but 1 attack (L2320)
    attacked = [(a.origin, a.target, a.vf) for a in of(BarbarianAttack, told)]
    assert attacked == [("banato", "bihar", 4)]


def test_rebellion_example_L1098_legge_and_fortifications_lower_the_need() -> None:
    """Ex L1098: with LEGGE a Torre lowers the need by 2 (3 VF always enough), a Castello by 4
    (1 VF enough), even on a 1d4 of 4."""
    state = economy(
        "BUILD Cirenaica tower",
        "BUILD Sinai castle",
        "GRANT mamluks tech LEGGE",
        powers=["hungary", "mamluks"],
    )
    state = state.with_territory("cirenaica", armies={"mamluks": 3})
    state = state.with_territory("sinai", armies={"mamluks": 1})
    _after, told = events_phase(state, [*quiet(state), 4], turn=1)
    assert of(TerritoryRebelled, told) == []
    needs = {t: n for e in told if e.kind == "mu-rebellion-roll" for t, n in e.payload()["needs"].items()}
    assert needs["cirenaica"] == 3 and needs["sinai"] == 1


HUNGARIAN_PLAIN = DATA.events["e16"].areas  # Pest, Bihar, Banato, Transilvania, Slavonia, Croazia


def test_buildings_damaged_are_reduced_unless_repaired_by_the_next_purchases_L1056() -> None:
    """L1056 (E1): every building of one territory drawn among the card's is damaged, due by the
    next turn's purchases; ``phases/repairs.py`` lowers what is still damaged then."""
    state = economy()
    state, _told = event.damage(state, HUNGARIAN_PLAIN, Dice(SEED, "d", loaded=[1]), DATA)
    pest = state.territories["pest"]
    assert pest.damaged == dict.fromkeys(pest.buildings, 2) and pest.usable() == ()
    events: list[Event] = []
    assert repairs.reduce_unrepaired(state, DATA, events) == state  # not due on turn 1
    reduced = repairs.reduce_unrepaired(state.evolve(turn=2), DATA, events).territories["pest"]
    assert reduced.damaged == {} and "town" not in reduced.buildings and "village" in reduced.buildings


def test_transports_stopped_cannot_move_and_astronomia_cartografia_halve_L1060() -> None:
    """L1060 (E2): the transports in the card's territories and the seas next to them stand still
    this turn; with CARTOGRAFIA a power's land transports move at half PM instead."""
    state = economy("GRANT byzantium tech CARTOGRAFIA", "PIECE byzantium cart IN Transilvania")
    state, told = event.stop(state, HUNGARIAN_PLAIN, Dice(SEED, "s"), DATA)
    cart = state.pieces_of("hungary", "war_wagon")[0]
    theirs = state.pieces_of("byzantium", "war_wagon")[-1]
    assert stats(DATA, mover_of(state, cart)).pm == 0
    full = stats(DATA, mover_of(state.evolve(turn=2), theirs)).pm  # next turn: free again
    assert stats(DATA, mover_of(state, theirs)).pm == full // 2 and full > 0
    refused = moves.move(state, "hungary", Move(pieces=("cart 1",), to="bihar"), DATA)
    assert isinstance(refused, Refused) and "cannot move this turn" in refused.reason
    assert "byzantium cart" in told[0].summary()


def test_troop_losses_come_off_the_largest_stacks_first_L1064() -> None:
    """L1064 (E3), R251: each power with troops there rolls 1d6 and loses one VF at a time from
    its largest stack."""
    state = economy()
    for territory, vf in zip(HUNGARIAN_PLAIN, (4, 6, 5, 0, 0, 0), strict=True):
        state = state.with_territory(territory, armies={"hungary": vf} if vf else {})
    state, told = event.losses(state, HUNGARIAN_PLAIN, Dice(SEED, "l", loaded=[3]), DATA)
    lost = of(TroopsLost, list(told))
    assert [(t.power, t.rolled, t.losses) for t in lost] == [("hungary", 3, {"bihar": 2, "banato": 1})]
    assert [state.territories[t].armies.get("hungary", 0) for t in HUNGARIAN_PLAIN[:3]] == [4, 4, 4]


def test_the_market_slump_is_recorded_for_this_turn_only_L1068() -> None:
    """L1068 (E4): ``slumped_markets`` names the card's territories until the next events phase."""
    state = economy()
    state, _ = event.slump(state, HUNGARIAN_PLAIN, Dice(SEED, "m"), DATA)
    assert state.slumped_markets == HUNGARIAN_PLAIN
    state, _ = events_phase(state, [1, 2, *quiet(state)], turn=2)
    assert state.slumped_markets in ((), DATA.events[state.omens.card or ""].areas)
    assert MedioevoState.from_json(state.to_json()) == state


def test_a_building_bought_this_turn_is_not_damaged_before_it_is_placed_L1534() -> None:
    """L1534, R80: what is bought in phase 4 reaches the map in phase 8, after the event."""
    state = economy()
    bihar = state.territories["bihar"]
    state = state.with_territory(
        "bihar", **bihar.raise_building("town", "village").model_dump(exclude={"owner", "armies"})
    )
    state, told = event.damage(state, ("bihar",), Dice(SEED, "d"), DATA)
    assert (
        state.territories["bihar"].damaged == dict.fromkeys(bihar.buildings, 2)
        and "town" not in told[0].summary()
    )


def test_a_castellano_spares_its_territories_from_the_event_and_rebellion_L2538() -> None:
    """L2538: a CASTELLANO's territories are protected from events (and barbarians) this turn."""
    state = economy()
    guard = CardEffect(
        card="castellano", holder="hungary", played_by="hungary", until=1, territories=("banato",)
    )
    state = state.evolve(card_effects=(guard,)).with_territory("banato", armies={"hungary": 1})
    spared, told = event.damage(state, ("banato",), Dice(SEED, "d"), DATA)
    assert spared.territories["banato"].damaged == {} and "CASTELLANO" in told[0].summary()
    _, told = rebellions.rebellions(state, Dice(SEED, "r", loaded=[4]), DATA)
    assert told == ()
    _, told = rebellions.rebellions(state.evolve(card_effects=()), Dice(SEED, "r", loaded=[4, 2]), DATA)
    assert [e.territory for e in of(TerritoryRebelled, list(told))] == ["banato"]
