"""Commerce's report section and its bots (commerce/report.py, bots_commerce.py; seed 002
L2103-2107; R7, R285): a trade is its power's, a move everyone's; the bot buys low and carries
its goods to where they sell high, and what it sends resolves. Pure."""

from __future__ import annotations

from adjudicator.bots_commerce import commerce_orders
from adjudicator.core.events import Visibility
from adjudicator.core.view import PlayerView
from adjudicator.rulesets.medioevo.commerce.events import GoodsTraded, LotSettled, MonopolyShare, TradeMoved
from adjudicator.rulesets.medioevo.commerce.legal import legal_commerce_orders
from adjudicator.rulesets.medioevo.commerce.parse import build
from adjudicator.rulesets.medioevo.commerce.report import commerce_section
from adjudicator.rulesets.medioevo.commerce.resolve import resolve
from adjudicator.rulesets.medioevo.dataset import default_dataset
from adjudicator.rulesets.medioevo.pieces_state import Piece
from adjudicator.rulesets.medioevo.report_ledger import ledger
from adjudicator.rulesets.medioevo.state import MedioevoState, TerritoryState
from adjudicator.rulesets.medioevo.view import view
from tests.rules.war_states import war_state

DATA = default_dataset()


def test_a_trade_is_private_to_its_power_a_move_is_public_and_the_section_tables_the_trades() -> None:
    sold = GoodsTraded(
        power="mamluks",
        transport="merchant 2",
        action="sell",
        good="Spezie",
        amount=10,
        territory="Sicilia",
        unit=51,
        total=510,
        florins=1210,
    )
    moved = TradeMoved(power="mamluks", transport="merchant 2", path=("alessandria", "sicilia"), pm=6)
    assert sold.visibility == Visibility.to("mamluks") and moved.visibility == Visibility.public()
    section = commerce_section([moved, sold], "mamluks", {"mamluks": "Mamelucchi"})
    assert section is not None and section.title == "Commerce"
    assert section.lines[0].text == "Mamelucchi moves merchant 2 via alessandria - sicilia (6 PM)"
    assert section.tables[0].rows == (
        ("Mamelucchi", "merchant 2", "Sicilia", "sold", "10 Spezie", "51", "+510", "1210"),
    )
    assert commerce_section([], "mamluks", {}) is None


def _state(*pieces: Piece) -> MedioevoState:
    towns = {
        "sicilia": TerritoryState(owner="hungary", buildings=("city",)),
        "campania": TerritoryState(owner="hungary", buildings=("town",)),
        "damasco": TerritoryState(owner="venice", buildings=("city",)),
    }
    return war_state(("hungary", "venice"), towns, (), pieces).with_power("hungary", florins=2000)


def _bot(state: MedioevoState) -> list[str]:
    seen = PlayerView(
        viewer="hungary",
        game="g",
        ruleset="medioevo",
        turn=3,
        window="T3.commerce",
        data=view(state, "hungary"),
    )
    return commerce_orders(seen, legal_commerce_orders(state, "hungary", DATA))


def test_the_bot_buys_what_is_cheap_here_and_carries_goods_to_where_they_sell_high() -> None:
    """Palermo: cereals 10 against a mean of ~14 (L2134): the empty caravan buys them; a caravan
    with 10 SPEZIE, which Palermo pays 51 for (the mean is ~46), sells them there; one with 10
    SCHIAVI (34 here, ~37 on the mean) moves to Naples, which pays 38, and sells them there.
    Every line resolves."""
    empty = Piece(owner="hungary", kind="caravan", number=1, level=1, location="sicilia")
    lines = _bot(_state(empty))
    assert lines == ["BUY 10 cereali WITH caravan 1"]
    spices = empty.model_copy(update={"wares": {"spezie": 10}})
    assert _bot(_state(spices)) == ["SELL ALL spezie WITH caravan 1"]
    grain = empty.model_copy(update={"wares": {"schiavi": 10}})
    lines = _bot(_state(grain))
    assert lines == ["MOVE caravan 1 TO campania", "SELL ALL schiavi WITH caravan 1"]
    orders = [build(line.split()[0].lower(), line.split(None, 1)[1], _state(grain), DATA) for line in lines]
    done = resolve(_state(grain), {"hungary": [o for o in orders if o is not None]}, DATA)
    assert all(r.ok for r in done.results) and len(done.results) == 2


def test_the_sheets_florins_count_trades_the_monopoly_and_the_auction() -> None:
    """The sheet's ledger (report_ledger.py) reconciles: each trade, MONOPOLIO's share and a card
    sold at auction are lines of the florins brought forward to the florins now."""
    bought = GoodsTraded(
        power="hungary", transport="caravan 1", action="buy", good="Sale", amount=10, territory="Sicilia",
        unit=10, total=100, florins=900,
    )  # fmt: skip
    share = MonopolyShare(power="hungary", good="Sale", territory="Sicilia", trade=100, florins=10)
    sale = LotSettled(seller="venice", card="GABELLIERE", buyer="hungary", price=255, bids=2)
    table = ledger([bought, share, sale], "hungary", 655)
    assert [row[1:] for row in table.rows] == [
        ("brought forward", "1000"),
        ("10 Sale bought at Sicilia", "-100"),
        ("MONOPOLIO on Sale (bank)", "+10"),
        ("GABELLIERE at auction (venice to hungary)", "-255"),
    ]
    assert ledger([sale], "venice", 255).rows[0][2] == "0"
