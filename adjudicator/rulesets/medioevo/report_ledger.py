"""A power's florins over one window, a line per income and expense, from the events it may see.

Every event that moves a power's florins says how many (the bank's side of each is in the same
event), so the ledger is a sum of the window's events; the balance brought forward is the florins
now minus that sum.
"""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.core.events import Event
from adjudicator.report.document import Table
from adjudicator.report.sections import phase_of


def _entries(event: Event, power: str) -> list[tuple[str, int]]:
    """(what, florins) for ``power`` in one event: positive in, negative out."""
    p = event.payload()
    kind = event.kind
    mine = p.get("power") == power
    simple_costs = {
        "mu-tech-bought": lambda: f"technology {p['tech']}",
        "mu-building-bought": lambda: f"{p['building']} in {p['territory']}",
        "mu-piece-bought": lambda: f"{p['piece']} ({p['item']}) in {p['territory']}",
        "mu-piece-upgraded": lambda: f"{p['piece']} to level {p['level']}",
        "mu-piece-customised": lambda: f"{p['piece']}: {p['discs']}",
        "mu-repaired": lambda: f"repair of {p['what']}",
        "mu-vf-bought": lambda: f"{p['vf']} VF with {p['tech']}",
        "mu-port-bought": lambda: f"distant port for {p['territory']}",
    }
    if mine and kind in simple_costs:
        return [(simple_costs[kind](), -int(p["cost"]))]
    if mine and kind == "mu-place-won":
        return [(f"bid for place {p['place']} in the turn order", -int(p["price"]))]
    if mine and kind == "mu-cards-kept" and p["paid"]:
        return [("second Empire card kept", -int(p["paid"]))]
    if mine and kind == "mu-asset-sold":
        return [(f"{p['asset']} in {p['territory']} sold to the bank", int(p["price"]))]
    if mine and kind == "mu-taxes":
        return [("taxes (see the breakdown)", int(p["total"]))]
    if mine and kind == "mu-loan":
        return [(f"loan from the bank (die {p['die']})", int(p["amount"]))]
    if mine and kind == "mu-loan-repaid":
        return [(f"loan of {p['principal']} repaid", -int(p["paid"]))]
    if mine and kind == "mu-bankruptcy":
        return [("bankruptcy: paid by the bank", int(p["florins"]))]
    if kind == "mu-ransom-paid":
        if p["payer"] == power:
            return [(f"ransom to {p['captor']} for {p['amount']} VF", -int(p["florins"]))]
        if p["captor"] == power:
            return [(f"ransom from {p['payer']} for {p['amount']} VF", int(p["florins"]))]
    if mine and kind == "mu-trade":  # commerce (L2103-2107)
        sign = -1 if p["action"] == "buy" else 1
        verb = "bought" if sign < 0 else "sold"
        return [(f"{p['amount']} {p['good']} {verb} at {p['territory']}", sign * int(p["total"]))]
    if mine and kind == "mu-trade-toll":  # ESATTORE (L2636)
        return [(f"ESATTORE on {p['goods']} goods of {p['payer']}", int(p["goods"]) * int(p["rate"]))]
    if mine and kind == "mu-monopoly-share":
        return [(f"MONOPOLIO on {p['good']} (bank)", int(p["florins"]))]
    if kind == "mu-lot-settled" and p["buyer"] is not None and power in (p["buyer"], p["seller"]):
        sign = -1 if p["buyer"] == power else 1
        return [(f"{p['card']} at auction ({p['seller']} to {p['buyer']})", sign * int(p["price"]))]
    if kind == "mu-gift-taken":
        if p["bard"] == power:
            return [(f"gift of {p['giver']} (BARDO)", int(p["amount"]))]
        if p["giver"] == power:
            return [(f"gift to {p['bard']} (BARDO)", -int(p["amount"]))]
    return []


def ledger(events: Iterable[Event], power: str, florins_now: int) -> Table:
    """The window's florins for ``power``: brought forward, each line, the balance now."""
    rows: list[tuple[str, str, str]] = []
    moved = 0
    for event in events:
        for what, amount in _entries(event, power):
            moved += amount
            rows.append((phase_of(event.phase), what, f"{amount:+d}"))
    return Table(
        columns=("phase", "income or expense", "florins"),
        rows=(("", "brought forward", str(florins_now - moved)), *rows),
        caption="Florins",
        total=("", "florins now", str(florins_now)),
    )
