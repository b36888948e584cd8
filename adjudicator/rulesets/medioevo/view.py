"""What each viewer may see of a Medioevo state.

Public: the map (owners, armies, buildings), honor, technologies and LT (L341, L450), the turn
order, the Pope, the size of the Empire deck, wars, truces, disputes and every pact but the secret
ones, which only their parties see (L633), and the card effects but a CORSARO's secret note
(L2618). Private to the power: its florins, cards in hand
and just drawn, its keep priority, loans, reinforcements waiting and its reserve, casus belli and standing
alliance policies (florins are behind the screen, A52: we keep them private). The GM sees
everything, the decks' order included (the Event deck's too).
"""

from __future__ import annotations

from typing import Any

from adjudicator.core.view import GM
from adjudicator.rulesets.medioevo.barbarians.corsaro import hidden
from adjudicator.rulesets.medioevo.state import MedioevoState

PRIVATE_FIELDS = (
    "florins",
    "cards",
    "drawn",
    "keep_priority",
    "loans",
    "reinforcements",
    "reserve",
    "casus_belli",
    "bankruptcy_used",
    "alliance_policy",
    "objective",  # the objective card (L2404): its holder's until the end's standings show it
    "doctrines",  # standing defence choices: a plan the others must not read (R115)
    "calamity",  # standing answers to the calamities (R319): a bid and a victim, like a doctrine
)


def view(state: MedioevoState, viewer: str) -> dict[str, Any]:
    full = state.to_json()
    if viewer == GM:
        return full
    powers: dict[str, Any] = {}
    for pid, data in full["powers"].items():
        if pid == viewer:
            powers[pid] = data
        else:
            powers[pid] = {k: v for k, v in data.items() if k not in PRIVATE_FIELDS}
    pacts = [p for p in full["pacts"] if not p["secret"] or viewer in p["parties"]]
    del full["next_pact"]  # the GM's: a player sees pact numbers only on the pacts it may see
    return {
        **full,
        **({"war": _war_seen(full["war"], viewer)} if "war" in full else {}),
        **({"omens": _omens_seen(full["omens"])} if "omens" in full else {}),
        "powers": powers,
        "pacts": pacts,
        **({"card_effects": hidden(full["card_effects"], viewer)} if "card_effects" in full else {}),
        "bank": None,
        "deck": None,
        "deck_size": len(state.deck),
    }


def _omens_seen(omens: Any) -> Any:
    """Phase 7's records without the Event deck's order (its size instead), which only the GM sees."""
    return {**omens, "deck": None, "deck_size": len(omens.get("deck") or ())}


ANNOUNCED = ("power", "target", "captains", "force", "defenders")
"""What the table hears of an attack waiting for a defence step (L1717, R101): the rest of the
pending record (its line, the script after it, the plans) is the attacker's."""


def _war_seen(war: Any, viewer: str) -> Any:
    pending = war.get("pending") if isinstance(war, dict) else None
    if not pending or pending.get("power") == viewer:
        return war
    return {**war, "pending": {k: v for k, v in pending.items() if k in ANNOUNCED}}
