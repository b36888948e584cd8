"""The diplomacy table (seed 002 L572-654): what each diplomatic act costs or gives, in CB and PO.

The table is a graphic in the rulebook, garbled by the extraction for the same-religion group
(L616-622) and clean for the different-religion group (L645-654). It lives in the data so a GM
with a clean copy of the player sheet can correct it (digest A6). Roles are the shields of L578-584:
``io`` acts (proposes, declares, revokes), ``lui`` accepts or suffers it, ``others_io`` are the
other players of io's religion, ``others_lui`` the other players of lui's religion.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field, model_validator

from adjudicator.rulesets.medioevo.board import Record


class Role(StrEnum):
    IO = "io"
    LUI = "lui"
    OTHERS_IO = "others_io"
    OTHERS_LUI = "others_lui"


class TableEffect(Record):
    """One shield of a cell: a change of CB (held against someone) or of PO for a role."""

    source: str = ""
    who: Role
    cb: int = 0
    po: int = 0
    against: Role | None = Field(
        default=None,
        description="whom the CB are held against: lui for io, io for everyone else, unless set",
    )

    @model_validator(mode="after")
    def _one_kind(self) -> TableEffect:
        if bool(self.cb) == bool(self.po):
            raise ValueError("an effect changes either cb or po, not both and not neither")
        if self.against is not None and not self.cb:
            raise ValueError("'against' only applies to a CB effect")
        return self

    def target(self) -> Role:
        """The role whose CB change: io's grievance is against lui, everyone else's against io."""
        if self.against is not None:
            return self.against
        return Role.LUI if self.who is Role.IO else Role.IO


class DiplomaticAct(Record):
    """One row of the table: approve and revoke cells for same and different religions."""

    name: str
    name_en: str
    same_approve: tuple[TableEffect, ...]
    different_approve: tuple[TableEffect, ...]
    same_revoke: tuple[TableEffect, ...] | None = None
    different_revoke: tuple[TableEffect, ...] | None = None

    def cell(self, same_religion: bool, revoke: bool = False) -> tuple[TableEffect, ...]:
        cells = (
            (self.same_revoke, self.different_revoke)
            if revoke
            else (self.same_approve, self.different_approve)
        )
        found = cells[0] if same_religion else cells[1]
        if found is None:
            raise ValueError(f"{self.name_en} cannot be revoked")
        return found


class DiplomacyRules(Record):
    """The numbers of the diplomacy text around the table (L570, L636, L744-754)."""

    actions_per_tech_level: int = Field(description="diplomatic actions per LT (L570)")
    surprise_war_po: int = Field(description="extra PO for attacking without a declaration (L636, L600)")
    cb_per_po: int = Field(description="CB held against a player that stand for 1 PO towards him (L748)")
    pope_cb_factor: int = Field(description="the Pope gains this many times the CB of the table (L752)")
    pope_doubles_reductions: bool = Field(description="whether the Pope's factor also applies to -CB")
    end_game_cb_per_po: int = Field(description="unused CB per PO lost at the end of the game (L754)")
    truce_shorten_po_per_turn: int = Field(description="PO per turn of truce removed (L746)")
    offensive_card_cb: int = Field(description="CB every offensive Empire card causes (L764)")
