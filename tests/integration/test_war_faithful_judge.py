"""The faithful combat mode through the judge (war/turns.py, docs/war.md §4.3, R200; issue 16's
steps, docs/turn-by-turn.md §6-§7), on SQLite and PostgreSQL (the ``judge`` fixture): the war
window opens as a round with a step per power in turn order (seed 002 L458, L1596); the first
power mails its script into its step, the second mails early (its lines wait on the round's row and
are copied into its step when it opens, checked on the board the first left; not READY, its
step waits for its deadline); the closing step runs the aftermath
and the next turn opens; the log replays step by step."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlmodel import Session, col, select

from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.events import BattleFought
from adjudicator.service.judge import Judge
from adjudicator.store.models import Window
from tests.conftest import order_mail
from tests.rules.economy_window import SEED

T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
POWERS = ("hungary", "byzantium")  # two, so the windows before the war render few reports
WAR = (  # ex L1560's first attack (seed 002 L1560), as tests/rules/test_war_faithful.py
    "GIVE byzantium transilvania valacchia",
    "PLACE hungary -5 IN transilvania",
    "PLACE byzantium 3 IN transilvania",
    "BUILD transilvania NOTHING",
    "WAR hungary byzantium",
)


def labels(judge: Judge) -> list[str]:
    with Session(judge.engine) as session:
        rows = session.exec(select(Window).where(Window.game_id == "w1").order_by(col(Window.id)))
        return [w.label for w in rows if w.label.startswith("T1.war")]


def test_a_faithful_war_window_played_by_mail_step_by_step(judge: Judge) -> None:
    options = {"turns": 2, "combat_mode": "faithful"}
    secrets = judge.create_game("w1", "medioevo", POWERS, options, seed=SEED, now=T0)
    while judge.game("w1")[1].label.split(".")[1] != "war":
        judge.adjudicate("w1", force=True, now=T0)
    assert judge.game("w1")[1].label == "T1.war.1-hungary"
    for edit in WAR:
        judge.gm_edit("w1", edit)
    judge.load_dice("w1", "T1.combat.1-hungary", [6, 1])

    def send(power: str, *lines: str):  # type: ignore[no-untyped-def]
        return judge.submit(order_mail("w1", power, secrets[power], *lines), now=T0)

    early = send("byzantium", "IF transilvania HELD BY hungary: LOAD 5 VF ON cart 1", "DOCTRINE ASK")
    assert early.window == "T1.war" and "early orders for your step" in early.render()
    mine = send(
        "hungary",
        "LOAD captain 1 ON cart 1",
        "LOAD 15 VF ON cart 1",
        "MOVE cart 1 VIA bihar",
        "ATTACK transilvania FROM cart 1 WITH captain 1",
        "READY",
    )
    assert mine.window == "T1.war.1-hungary" and not mine.rejected and mine.ready
    judge.adjudicate("w1", now=T0)  # everyone in the step is READY: not forced
    assert judge.game("w1")[1].label == "T1.war.2-byzantium"
    copied = judge.current_orders("w1")["byzantium"]  # read strictly on the board hungary left
    assert copied.source.startswith("early") and not copied.ready and not copied.issues
    assert copied.orders == ["IF transilvania HELD BY hungary: LOAD 5 VF ON cart 1", "DOCTRINE ASK"]
    judge.adjudicate("w1", force=True, now=T0)  # byzantium's step at its deadline, then the close
    state = judge.state("w1")
    assert isinstance(state, MedioevoState)
    assert state.territories["transilvania"].owner == "hungary"
    cart = state.piece("byzantium", "war_wagon", 1)
    assert cart is not None and cart.vf == 5  # its guard held on the board hungary's step left
    assert labels(judge) == ["T1.war", "T1.war.1-hungary", "T1.war.2-byzantium", "T1.war.3-close"]
    yourmove = [m.recipient for m in judge.outbox("w1") if m.kind == "notice" and "T1.war." in m.subject]
    assert yourmove == ["hungary", "byzantium"]
    assert judge.game("w1")[1].label == "T1.commerce"  # phase 10 after the war (R285)
    after = judge.state("w1")
    assert isinstance(after, MedioevoState) and after.war is None  # the aftermath closed the phase
    assert judge.replay_check("w1") == []


def test_a_defence_step_by_mail_its_doctrine_decides_the_battle_R101(judge: Judge) -> None:
    """Byzantium (first in the turn order here) says ASK for transilvania in its own step;
    hungary's attack there stops before its first round, byzantium's defence step opens with its
    "your move" mail, and its DOCTRINE by mail decides: it retreats before the first round (L2059).
    Rolled back to the defence step, silence fights by its doctrine with the step's dice."""
    options = {"turns": 2, "combat_mode": "faithful"}
    secrets = judge.create_game("w1", "medioevo", POWERS, options, seed=SEED, now=T0)
    while judge.game("w1")[1].label.split(".")[1] != "war":
        if judge.game("w1")[1].label.startswith("T1.") and "bids" not in judge.game("w1")[1].label:
            judge.gm_edit("w1", "TURNORDER byzantium hungary")  # before the war's steps are laid out
        judge.adjudicate("w1", force=True, now=T0)
    for edit in WAR:
        judge.gm_edit("w1", edit)

    def send(power: str, *lines: str):  # type: ignore[no-untyped-def]
        return judge.submit(order_mail("w1", power, secrets[power], *lines), now=T0)

    assert judge.game("w1")[1].label == "T1.war.1-byzantium"
    assert not send("byzantium", "DOCTRINE IN transilvania ASK", "READY").rejected
    judge.adjudicate("w1", now=T0)
    attack = ("LOAD captain 1 ON cart 1", "LOAD 15 VF ON cart 1", "MOVE cart 1 VIA bihar")
    send("hungary", *attack, "ATTACK transilvania FROM cart 1 WITH captain 1", "READY")
    judge.adjudicate("w1", now=T0)
    assert judge.game("w1")[1].label == "T1.war.3-byzantium"
    state = judge.state("w1")
    assert isinstance(state, MedioevoState) and state.territories["transilvania"].owner == "byzantium"
    notices = [m for m in judge.outbox("w1") if m.kind == "notice" and "T1.war.3" in m.subject]
    assert [m.recipient for m in notices] == ["byzantium"]  # its "your move" tells the attack (L1717)
    assert (
        "hungary attacks transilvania with 14 VF led by captain 1: byzantium to answer"
        in notices[0].body_text
    )
    refused = send("byzantium", "LOAD 5 VF ON cart 1")
    assert refused.rejected and "DOCTRINE lines" in refused.render()
    assert send("byzantium", "DOCTRINE IN transilvania RETREAT BEFORE ALWAYS", "READY").ready
    judge.adjudicate("w1", now=T0)
    after = judge.state("w1")
    assert isinstance(after, MedioevoState)
    assert after.territories["transilvania"].owner == "hungary"
    assert "byzantium" not in after.territories["transilvania"].armies  # it retreated: no round
    assert labels(judge)[-2:] == ["T1.war.3-byzantium", "T1.war.4-close"]
    assert judge.replay_check("w1") == []
    (retreat,) = [e for e in judge.events("w1") if isinstance(e, BattleFought)]
    assert not retreat.rounds and "retreat before the battle" in " ".join(retreat.notes)
    judge.rollback("w1", "T1.war.3-byzantium", now=T0)  # byzantium answers otherwise: it stands
    assert send("byzantium", "DOCTRINE IN transilvania RETREAT BEFORE NEVER", "READY").ready
    judge.load_dice("w1", "T1.combat.3-byzantium", [6, 1])  # the defence step's dice (§5)
    judge.adjudicate("w1", now=T0)
    (fought,) = [e for e in judge.events("w1") if isinstance(e, BattleFought)]
    assert fought.rounds and fought.lost["byzantium"] and fought.winner == "attacker"
    assert judge.replay_check("w1") == []
