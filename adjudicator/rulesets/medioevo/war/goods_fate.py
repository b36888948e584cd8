"""The goods aboard a commercial transport the winner destroys or sacks (seed 002 L1862; R231).

"In caso di MdT commerciali distrutti o saccheggiati, le merci trasportate dal nemico vengono
scaricate nel territorio e caricate entro il turno successivo; le merci trasportate dalle navi
possono essere caricate dai Mercantili del vincitore se presenti nella zona di mare della battaglia
navale; in caso contrario vengono perse definitivamente." ``conquest.goods_fate`` decides; this
module writes it on the state: a conquered transport keeps its goods (it changes owner with them);
on land, or a ship in port, they are set down in the territory as ``LooseGoods`` until the end of
the next turn (anyone may load them: commerce, issue 19); at sea the winner's merchant ships in
the zone take what their free room holds, first made first, and the rest is lost.
"""

from __future__ import annotations

from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import Piece, label
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.cargo_state import mover_in
from adjudicator.rulesets.medioevo.war.conquest import Fate, goods_fate
from adjudicator.rulesets.medioevo.war.records import LooseGoods
from adjudicator.rulesets.medioevo.war.transport import COMMERCIAL, stats


def wares_words(data: DataSet, wares: dict[str, int]) -> str:
    """``20 TESSUTI, 10 SALE``: goods as the rulebook names them."""
    return ", ".join(
        f"{n} {(data.goods[g].name if g in data.goods else g).upper()}" for g, n in sorted(wares.items())
    )


def merchants_at(state: MedioevoState, data: DataSet, power: str, place: str) -> list[tuple[Piece, int]]:
    """``power``'s commercial ships at ``place`` with the goods they still have room for."""
    kinds = {t.kind for t in data.transports.values()}
    out: list[tuple[Piece, int]] = []
    for p in state.pieces:
        if p.owner != power or p.location != place or p.aboard is not None or p.kind not in kinds:
            continue
        s = stats(data, mover_in(state, data, p))
        if s.role == COMMERCIAL and s.domain == "sea":
            out.append((p, s.goods_capacity - sum(p.wares.values())))
    return out


def unload(
    state: MedioevoState, data: DataSet, power: str, piece: Piece, fate: Fate
) -> tuple[MedioevoState, str]:
    """What becomes of ``piece``'s goods when ``power`` takes it with ``fate`` (already off the
    board unless conquered), and the words for the spoils' line ("" when it carried none)."""
    if not piece.wares:
        return state, ""
    carried = wares_words(data, piece.wares)
    at_sea = piece.location in data.board.seas
    room = [(m, free) for m, free in merchants_at(state, data, power, piece.location) if free > 0]
    how = goods_fate(fate, at_sea, bool(room))
    if how == "conquered":
        return state, f"with its {carried}"
    if how == "dropped":
        until = state.turn + 1
        loose = tuple(
            LooseGoods(territory=piece.location, good=g, amount=n, was=piece.owner, until=until)
            for g, n in sorted(piece.wares.items())
        )
        state = state.evolve(loose_goods=(*state.loose_goods, *loose))
        return state, f"its {carried} set down in {piece.location}, to be loaded by the end of turn {until}"
    if how == "lost":
        return state, f"its {carried} lost at sea (no merchant ship of {power} there)"
    left = dict(piece.wares)
    taken: list[str] = []
    for ship, free in room:
        load: dict[str, int] = {}
        for good in sorted(left):
            n = min(left[good], free)
            if n:
                load[good], left[good], free = n, left[good] - n, free - n
        if load:
            wares = {g: ship.wares.get(g, 0) + load.get(g, 0) for g in {*ship.wares, *load}}
            state = state.with_piece(ship, wares=wares)
            taken.append(f"{wares_words(data, load)} onto {label(data, ship.kind, ship.number)}")
    lost = {g: n for g, n in left.items() if n}
    words = f"its {'; '.join(taken)}" if taken else ""
    return state, words + (f", {wares_words(data, lost)} lost at sea" if lost else "")
