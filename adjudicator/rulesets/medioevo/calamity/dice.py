"""Every roll the calamities make, for the Events phase's ``phase_dice`` (ruleset.py): the purpose
as the effects name it (``T`` a territory id, ``POWER`` a power, ``CARD`` a card id, ``PIECE`` a
piece's owner and label) and every die size it may use. A die "among N" (a river, a centre, a
victim) has N sides, so those list every N the board can give. The heretics' battles roll the
combat's purposes (``battle heresy T round R …``, war/battle_dice.py)."""

from __future__ import annotations

from adjudicator.core.ruleset import DieUse
from adjudicator.rulesets.medioevo.church.papacy import POPE_DIE
from adjudicator.rulesets.medioevo.dataset import DataSet


def calamity_dice_uses(data: DataSet, powers: int) -> tuple[DieUse, ...]:
    """The calamities' rolls on a board with ``powers`` players."""
    board = data.board
    red = max((len(e.areas) for e in data.events.values()), default=1)
    rivers = max(
        (
            sum(1 for r in board.rivers.values() if set(r.territories) & set(e.areas))
            for e in data.events.values()
        ),
        default=1,
    )
    seas = max(
        (
            len({s for t in e.areas if t in board.territories for s in board.territories[t].seas})
            for e in data.events.values()
        ),
        default=1,
    )

    def among(n: int) -> tuple[int, ...]:
        return tuple(range(2, max(2, n) + 1))

    params = {cid: c.params for cid, c in data.calamities.items()}
    return (
        DieUse("flood river", among(rivers)),
        DieUse("drought river", among(rivers)),
        DieUse("famine centre", among(red)),
        DieUse("famine radius", (int(params["carestia"]["radius_die"]),)),
        DieUse("quake centre", among(red)),
        DieUse("quake", (int(params["terremoto"]["die"]),)),
        DieUse("fire T", (int(params["incendio"]["die"]),)),
        DieUse("epidemic victim", among(powers)),
        DieUse("epidemic settlement", among(red)),
        DieUse(
            "epidemic losses", tuple(int(s) for s in params["epidemia"]["initial_die_by_settlement_level"])
        ),
        DieUse("storm sea", among(seas)),
        DieUse("revolt T", (int(params["rivolte"]["rebel_barbarian_die"]),)),
        DieUse("heresy victim", among(powers)),
        DieUse("heretics T", (int(params["eresia"]["heretic_die"]),)),
        DieUse("inquisition POWER", (int(params["inquisizione"]["victim_die"]),)),
        DieUse("trial POWER CARD inquisitor", (int(params["inquisizione"]["trial_die"]),)),
        DieUse("trial POWER CARD", (int(params["inquisizione"]["trial_die"]),)),
        DieUse("nizari PIECE", (int(params["congiura"]["nizari_die"]),)),
        DieUse("guard PIECE", tuple(int(s) for s in params["congiura"]["victim_die_by_lt"])),
        DieUse("civil war victim", among(powers)),
        DieUse(POPE_DIE, (6,)),  # L1140, the Church's die (church/papacy.py)
    )
