"""The numbers of the setup (seed 002 L369-386, completed by the alpha rules 004 L55-74)."""

from __future__ import annotations

from pydantic import Field

from adjudicator.rulesets.medioevo.board import Record


class SetupRules(Record):
    start_florins: int = Field(description="florins each power starts with (002 L371)")
    garrison_vf: int = Field(description="VF on every territory a power owns at setup (004 L55-60)")
    deploy_vf: int = Field(description="VF each power then deploys (004 L68)")
    pope_deploy_vf: int = Field(description="VF the Pope deploys instead (004 L68)")
    village_cap: int = Field(description="most VF in a territory with a village, garrison included (004 L69)")
    capital_cap: int = Field(description="most VF in the capital, garrison included (004 L69, ex L72-73)")
    cathedral_bonus: int = Field(description="more VF allowed where the cathedral stands (004 L70)")
    starting_pieces: tuple[str, ...] = Field(
        description="item ids of the starting kit (002 L372-377): land pieces in the capital, ships in a port"
    )
