"""What each transport has done in this commerce phase, and the shared refusals (seed 002
L2091, L2108, ex L2132, L1602-1604; rulings R285, R286). Lives only while the phase resolves."""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import Piece, piece_named
from adjudicator.rulesets.medioevo.state import MedioevoState

MOVE, BUY, SELL = "move", "buy", "sell"


class Refusal(Exception):
    """An order the board does not allow when its turn comes, with the reason in words."""


@dataclass
class Doings:
    """One transport's phase: PM spent, the actions taken (two of move, buy, sell, L2091), where
    it bought and sold, and whether a trade has ended its movement (L2108, ex L2132)."""

    spent: int = 0
    actions: list[str] = field(default_factory=list)
    traded_at: dict[str, str] = field(default_factory=dict)  # buy|sell -> territory
    stopped: bool = False
    start: str = ""  # where it stood when the phase first touched it (the drought's half PM, L1348)

    def take(self, action: str, name: str, where: str | None = None) -> None:
        """Count ``action`` (once a phase; a buy or sell at one place only), or refuse it."""
        if action in self.actions:
            if action == MOVE and self.stopped:
                raise Refusal(f"{name} traded after moving: its movement is over (L2108, ex L2132)")
            if action != MOVE and self.traded_at.get(action) != where:
                raise Refusal(f"{name} already made its {action} this phase at {self.traded_at[action]}")
            return
        if len(self.actions) >= 2:
            raise Refusal(f"{name} already did two of move, buy and sell ({', '.join(self.actions)}; L2091)")
        if action == MOVE and self.stopped:
            raise Refusal(f"{name} traded after moving: its movement is over (L2108, ex L2132)")
        self.actions.append(action)
        if action != MOVE:
            self.traded_at[action] = where or ""

    def traded(self) -> None:
        """A trade after the transport moved ends its movement (L2108; loading is still allowed)."""
        if MOVE in self.actions:
            self.stopped = True


@dataclass
class Ledger:
    """The phase's bookkeeping: each transport's doings, and the goods each power bought where
    (the rule of two settlements of one controller, L2113-2114, R289)."""

    doings: dict[tuple[str, str, int], Doings] = field(default_factory=dict)
    bought: dict[tuple[str, str], set[str]] = field(default_factory=dict)  # (power, good) -> territories

    def of(self, piece: Piece) -> Doings:
        return self.doings.setdefault(piece.key(), Doings(start=piece.location))


def own_transport(state: MedioevoState, data: DataSet, power: str, name: str) -> Piece:
    """The power's transport named ``name``, free to act by itself, or a refusal."""
    piece = piece_named(data, state, power, name)
    if piece is None or piece.kind not in {t.kind for t in data.transports.values()}:
        raise Refusal(f"{power} has no {name}")
    if piece.aboard is not None:
        raise Refusal(f"{name} rides aboard {piece.aboard.replace('/', ' ')}: unload it first")
    return piece


def market(state: MedioevoState, data: DataSet, piece: Piece, name: str) -> str:
    """The territory whose settlement ``piece`` trades at: where it stands (a ship in its port),
    with a working settlement (L2112, L783)."""
    where = piece.location
    ts = state.territories.get(where)
    if ts is None:
        sea = data.board.seas.get(where)
        raise Refusal(f"{name} is at sea in {sea.name if sea else where}: trade is made in a port (L2112)")
    if ts.settlement() is None:
        raise Refusal(f"{data.board.territories[where].name} has no working settlement to trade at (L2112)")
    return where
