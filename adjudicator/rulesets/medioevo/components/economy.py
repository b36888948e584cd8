"""The numbers of the fire sale and of bankruptcy (seed 002 L921-931; digest §4.7-4.8, A26-A27)."""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from adjudicator.rulesets.medioevo.board import Record


class BankruptcyTrigger(StrEnum):
    """When a power may declare bankruptcy ("se un giocatore non riesce a sanare i suoi debiti", L927)."""

    DEBTS = "debts"  # only while its open loans, with interest, come to more than its florins
    ANY = "any"  # whenever it likes, once a game


class EconomyRules(Record):
    fire_sale_pct: int = Field(ge=0, le=100, description="share of the list price a fire sale pays (L923)")
    fire_sale_damaged_less_pct: int = Field(
        ge=0, le=100, description="share of the value a damaged piece sells for less: its repair (L1024, A27)"
    )
    bankruptcy_florins: int = Field(ge=0, description="florins the bank pays a bankrupt power (L929)")
    bankruptcy_po: int = Field(ge=0, description="PO a bankrupt power loses (L930)")
    bankruptcy_trigger: BankruptcyTrigger = Field(description="debts (default, A26) or any")
