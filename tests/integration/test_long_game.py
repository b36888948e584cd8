"""A six-power game from the shipped board, played by bots through the mail path for five turns,
with everything accounted for after every window: florins (powers + bank), Empire cards (deck +
hands + draws + discards), VF (on the map + waiting), honor and CB (each power's against the sum
of the changes its events report), technologies, buildings and pieces (the start plus what the
events report bought or raised), and each window's replay. The bots give no combat order here
(none is offered them): this game accounts for the economy; the war's own accounting, with bots
that fight, is tests/integration/test_war_bots.py."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import cast

from adjudicator.bots import medioevo_orders
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import catalogue, label
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.service.judge import Judge
from adjudicator.store.db import make_engine, migrate

POWERS = ("holy_roman_empire", "hungary", "france", "byzantium", "golden_horde", "mamluks")


def test_six_powers_five_turns_everything_accounted_for(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'long.db'}")
    migrate(engine)
    judge = Judge(engine)
    secrets = judge.create_game("long", "medioevo", POWERS, {"turns": 5}, seed=b"L" * 32)
    deck = Counter(default_dataset().empire_deck.deck_for(len(POWERS)))
    start = cast(MedioevoState, judge.state("long"))
    money = sum(p.florins for p in start.powers.values()) + start.bank
    windows = 0
    while not judge.state("long").over:
        state = cast(MedioevoState, judge.state("long"))
        ruleset = judge.ruleset(judge.game("long")[0])
        for power in POWERS:
            peaceful = [o for o in ruleset.legal_orders(state, power) if o.phase != "combat"]
            lines = medioevo_orders(judge.view("long", power), peaceful)
            receipt = judge.submit("\n".join([f"GAME long POWER {power} SECRET {secrets[power]}", *lines]))
            assert receipt.rejected == (), receipt.rejected
        before_vf = _vf(state)
        told = len(judge.events("long"))
        judge.adjudicate("long", force=True)
        windows += 1
        after = cast(MedioevoState, judge.state("long"))
        assert sum(p.florins for p in after.powers.values()) + after.bank == money
        cards = Counter(after.deck)
        for held in after.powers.values():
            cards.update(held.cards)
            cards.update(held.drawn)
        cards.update(after.discards)
        assert cards == deck
        _honor_and_cb_accounted(judge, after)
        _assets_accounted(judge, start, after)
        now = judge.events("long")[told:]  # the window just resolved
        raised = sum(e.total for e in now if e.kind == "mu-reinforcements")
        lost = sum(e.amount for e in now if e.kind == "mu-reinforcements-lost")
        # a PRINCIPESSA that wins a barbarian Small Kingdom puts 5 VF in each of its territories
        won = sum(e.placed for e in judge.events("long")[told:] if e.kind == "mu-small-kingdom")
        assert _vf(after) == before_vf + raised - lost + won
    assert windows == 5 * 5 - 1  # five windows a turn (commerce, R285); turn 1's bids resolves by itself
    assert judge.replay_check("long") == []
    final = cast(MedioevoState, judge.state("long"))
    assert any(p.techs for p in final.powers.values()) and any(p.cards for p in final.powers.values())
    kinds = Counter(e.kind for e in judge.events("long"))
    assert final.pacts and kinds["mu-war-declared"]
    # (no piece is bought: at LT I the starting kit already fills every limit, L835, L870, L872)
    assert kinds["mu-building-bought"] and kinds["mu-tech-bought"], kinds


def _honor_and_cb_accounted(judge: Judge, state: MedioevoState) -> None:
    """Every PO and CB a power holds is the sum of the changes reported to it (all start at 0)."""
    honor: Counter[str] = Counter()
    grievances: Counter[tuple[str, str]] = Counter()
    for event in judge.events("long"):
        data = event.payload()
        if event.kind == "mu-honor":
            honor[data["power"]] += data["delta"]
        elif event.kind == "mu-cb":
            grievances[data["holder"], data["against"]] += data["delta"]
    for pid, held in state.powers.items():
        assert held.honor == honor[pid], pid
        for other in state.powers:
            assert held.casus_belli.get(other, 0) == grievances[pid, other], (pid, other)


def _assets_accounted(judge: Judge, start: MedioevoState, state: MedioevoState) -> None:
    """Technologies, buildings and pieces are the start's plus what the events report bought,
    raised, sold, lost for want of repair or lost in a war's forced exit (the bots give no
    combat orders here, so a transport caught in enemy land when a war begins is lost)."""
    data = default_dataset()
    items = catalogue(data)
    techs = {p: set(held.techs) for p, held in start.powers.items()}
    buildings = {t: Counter(terr.buildings) for t, terr in start.territories.items()}
    levels = {(p.owner, label(data, p.kind, p.number)): p.level for p in start.pieces}
    for event in judge.events("long"):
        data_ = event.payload()
        if event.kind == "mu-tech-bought":
            techs[data_["power"]].add(data_["tech"])
        elif event.kind == "mu-building-bought":
            if data_["replaced"]:
                buildings[data_["territory"]][data_["replaced"]] -= 1
            buildings[data_["territory"]][data_["building"]] += 1
        elif event.kind == "mu-piece-bought":
            levels[data_["power"], data_["piece"]] = items[data_["item"]].level
        elif event.kind == "mu-piece-upgraded":
            levels[data_["power"], data_["piece"]] = data_["level"]
        elif event.kind == "mu-asset-sold" and data_["asset"] in data.buildings:
            buildings[data_["territory"]][data_["asset"]] -= 1
        elif event.kind == "mu-asset-sold":
            del levels[data_["power"], data_["asset"]]
        elif event.kind == "mu-building-reduced":
            buildings[data_["territory"]][data_["building"]] -= 1
            if data_["to"]:
                buildings[data_["territory"]][data_["to"]] += 1
        elif event.kind == "mu-transport-lost":  # a forced exit not made (L1570, R109)
            del levels[data_["power"], data_["piece"]]
            for carried in data_["carried"]:
                del levels[data_["power"], carried]
        elif event.kind == "mu-piece-reduced" and data_["level"] == 0:
            del levels[data_["power"], data_["piece"]]
        elif event.kind == "mu-piece-reduced":
            levels[data_["power"], data_["piece"]] = data_["level"]
    assert {p: set(held.techs) for p, held in state.powers.items()} == techs
    assert {t: Counter(terr.buildings) for t, terr in state.territories.items()} == {
        t: +counts for t, counts in buildings.items()
    }
    assert {(p.owner, label(data, p.kind, p.number)): p.level for p in state.pieces} == levels


def _vf(state: MedioevoState) -> int:
    """VF on the map (on the ground and aboard) plus VF raised and not placed yet, those behind the
    screen (LOGISTICA) and those held prisoner (freed ones go back to the reinforcements)."""
    on_map = sum(sum(t.armies.values()) for t in state.territories.values()) + sum(p.vf for p in state.pieces)
    held = sum(sum(p.prisoners.values()) for p in state.powers.values())
    return on_map + sum(p.reinforcements + p.reserve for p in state.powers.values()) + held
