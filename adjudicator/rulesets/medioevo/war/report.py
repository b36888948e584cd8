"""The war in a turn report (docs/war.md §6; seed 002 L1596-L2083; R115): a "War" section told
from the viewer's events only, never the state.

Every battle is public, round by round (the dice are thrown in the open, L1754): for each side
the die, its value, the modifiers by source, the total and the cards played; the VF lost and the
card given up (L1768); then the outcome. A power reads its own battles first, then each power's
sub-turn in the order the events came (its moves, its failed steps when they are its own, its
battles), then the sieges, the conquests and the aftermath. A report without war events has no
War section at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from adjudicator.core.events import Event
from adjudicator.core.view import GM, PUBLIC
from adjudicator.report.document import Line, Section, Table
from adjudicator.rulesets.medioevo.war.events import (
    BattleFought,
    CargoLoaded,
    CargoUnloaded,
    RoundShown,
    ScriptStepFailed,
    TerritoryConquered,
    TransportAbandoned,
    TransportClaimed,
    TransportMoved,
)
from adjudicator.rulesets.medioevo.war.events_aftermath import AFTERMATH_EVENTS
from adjudicator.rulesets.medioevo.war.events_conquest import (
    CONQUEST_EVENTS,
    AttackAnnounced,
    BarbariansAppear,
    CapitalTaken,
    SpoilsTaken,
)
from adjudicator.rulesets.medioevo.war.events_sieges import (
    AssaultFought,
    RetreatBarred,
    SiegeDeclared,
    SiegeGoesOn,
    SiegeLifted,
)

MOVES = (TransportMoved, CargoLoaded, CargoUnloaded, TransportAbandoned, TransportClaimed)
SIEGES = (SiegeDeclared, SiegeGoesOn, SiegeLifted, RetreatBarred)
ROUND_COLUMNS = ("round", "side", "die", "roll", "modifiers", "total", "cards played", "VF lost", "card lost")
RAM_COLUMNS = ("rams", "galley level", "d4", "VF sunk")
CONQUEST_COLUMNS = ("territory", "taken by", "from", "VF left in it")
ENDS = {
    "defenders_eliminated": "the defenders are wiped out",
    "attackers_eliminated": "the attackers are wiped out",
    "attackers_withdrew": "the attackers withdraw (L1721)",
    "defenders_retreated": "the defenders retreat (L2059)",
    "round_limit": "the attackers break off at the round limit (R143)",
    "undefended": "nobody defended",
}


@dataclass
class _SubTurn:
    """One power's part of the phase, as the viewer may see it."""

    lines: list[Line] = field(default_factory=list)
    battles: list[Section] = field(default_factory=list)


def is_war_event(event: Event) -> bool:
    return isinstance(
        event,
        (
            *MOVES,
            ScriptStepFailed,
            BattleFought,
            AssaultFought,
            *SIEGES,
            TerritoryConquered,
            *CONQUEST_EVENTS,
            *AFTERMATH_EVENTS,
        ),
    )


def fought_by(event: Event) -> set[str]:
    """The powers that fought a battle or an assault (attacker, defenders, those who lost VF)."""
    if isinstance(event, BattleFought):
        return {event.attacker, event.defender, *event.lost}
    if isinstance(event, AssaultFought):
        return {event.power, event.defender}
    return set()


def war_section(events: Sequence[Event], viewer: str, names: Mapping[str, str]) -> Section | None:
    """The War section of ``viewer``'s report from the events it may see; None without war."""
    war = [e for e in events if is_war_event(e)]
    if not war:
        return None
    yours: list[Section] = []
    subturns: dict[str, _SubTurn] = {}
    sieges: list[Line] = []
    assaults: list[Section] = []
    conquests: list[tuple[str, ...]] = []
    after: list[Line] = []
    for n, e in enumerate(war, 1):
        mine = viewer not in (GM, PUBLIC) and viewer in fought_by(e)
        if isinstance(e, BattleFought):
            sub = subturns.setdefault(e.attacker, _SubTurn())
            (yours if mine else sub.battles).append(battle_section(e, n, names))
            if mine:
                sub.lines.append(Line(f"Battle of {e.territory}: told above, under Your battles"))
        elif isinstance(e, AssaultFought):
            (yours if mine else assaults).append(assault_section(e, n, names))
        elif isinstance(e, MOVES):
            subturns.setdefault(e.power, _SubTurn()).lines.append(Line(e.summary()))
        elif isinstance(e, ScriptStepFailed):
            subturns.setdefault(e.power, _SubTurn()).lines.append(failed_line(e, viewer))
        elif isinstance(e, SIEGES):
            sieges.append(Line(siege_text(e)))
        elif isinstance(
            e, BarbariansAppear | SpoilsTaken | CapitalTaken | AttackAnnounced
        ):  # events_conquest
            who = e.attacker if isinstance(e, BarbariansAppear) else e.power
            subturns.setdefault(who, _SubTurn()).lines.append(Line(e.summary()))
        elif isinstance(e, TerritoryConquered):
            conquests.append(
                (e.territory, _name(names, e.power), _name(names, e.taken_from), str(e.occupying))
            )
        else:
            after.append(Line(e.summary()))
    for e in war:
        if isinstance(e, AssaultFought) and e.taken:
            conquests.append((e.territory, _name(names, e.power), _name(names, e.defender), "by assault"))
    children: list[Section] = []
    if yours:
        children.append(Section(key="war-yours", title="Your battles", children=tuple(yours)))
    for power, sub in subturns.items():
        children.append(
            Section(
                key=f"war-power-{power}",
                title=f"{_name(names, power)}: moves and battles",
                lines=tuple(sub.lines),
                children=tuple(sub.battles),
            )
        )
    if sieges or assaults:
        children.append(
            Section(key="war-sieges", title="Sieges", lines=tuple(sieges), children=tuple(assaults))
        )
    if conquests:
        table = Table(CONQUEST_COLUMNS, tuple(conquests))
        children.append(Section(key="war-conquests", title="Conquests", tables=(table,)))
    if after:
        children.append(Section(key="war-aftermath", title="After the battles", lines=tuple(after)))
    return Section(key="war", title="War", children=tuple(children))


def _name(names: Mapping[str, str], power: str) -> str:
    return names.get(power, power)


def failed_line(e: ScriptStepFailed, viewer: str) -> Line:
    """A step not made (R98), told to its own power (and the GM) only: the view holds no other."""
    who = "Your" if e.power == viewer else f"{e.power}'s"
    return Line(f"{who} step {e.step} was not made: {e.line}", status="failed", detail=e.reason)


def siege_text(e: SiegeDeclared | SiegeGoesOn | SiegeLifted | RetreatBarred) -> str:
    text = e.summary()
    if isinstance(e, SiegeDeclared) and e.rolls:
        text += f" (artillery dice: {', '.join(map(str, e.rolls))})"
    return text


def roll_rows(rounds: Iterable[RoundShown], names: Mapping[str, str]) -> tuple[tuple[str, ...], ...]:
    """Two rows a round, the attacker's then the defender's: die, roll, modifiers, total, cards,
    the VF the side lost and the card it gave up (L1754-L1768)."""
    rows: list[tuple[str, ...]] = []
    for r in rounds:
        lost = dict(r.cards_lost)
        for roll, side, vf in (
            (r.attack, "attacker", r.attacker_loss),
            (r.defence, "defender", r.defender_loss),
        ):
            mods = ", ".join(f"{v:+d} {src}" for src, v in roll.modifiers)
            rows.append(
                (
                    str(r.n) if side == "attacker" else "",
                    f"{side}: {_name(names, roll.power)}",
                    f"d{roll.die}",
                    str(roll.value),
                    mods,
                    str(roll.total),
                    ", ".join(roll.cards),
                    str(vf),
                    lost.get(roll.power, ""),
                )
            )
    return tuple(rows)


def _losses(lost: Mapping[str, int], names: Mapping[str, str]) -> str:
    return ", ".join(f"{_name(names, p)} {n} VF" for p, n in sorted(lost.items())) or "none"


def outcome_text(e: BattleFought, names: Mapping[str, str]) -> str:
    """The outcome line: who won and how, every side's losses, prisoners and captives."""
    winner = e.attacker if e.winner == "attacker" else e.defender
    rounds = len(e.detail) or len(e.rounds)
    text = (
        f"{_name(names, winner)} wins after {rounds} round{'s' if rounds != 1 else ''}: "
        f"{ENDS.get(e.end, e.end.replace('_', ' '))}. VF lost: {_losses(e.lost, names)}."
    )
    caught = {p: n for p, n in e.captured.items() if n}
    if caught:
        text += f" Caught retreating: {_losses(caught, names)}."
    taken = [f"{_name(names, p)} takes {n} VF prisoner" for p, n in sorted(e.prisoners.items()) if n]
    if taken:
        text += f" {'; '.join(taken)} (L1772)."
    return text


def battle_section(e: BattleFought, n: int, names: Mapping[str, str]) -> Section:
    """One battle: the outcome, its other facts, the ramming (naval) and the rounds' table."""
    where = "in" if e.battle == "naval" else "of"
    title = f"{'Naval battle' if e.battle == 'naval' else 'Battle'} {where} {e.territory}: "
    title += f"{_name(names, e.attacker)} attacks {_name(names, e.defender)}"
    tables = []
    if e.rams:
        rows = tuple((_name(names, p), str(level), str(d4), str(hit)) for p, level, d4, hit in e.rams)
        tables.append(Table(RAM_COLUMNS, rows, "Ramming (L2010)"))
    if e.detail:
        tables.append(Table(ROUND_COLUMNS, roll_rows(e.detail, names), "Round by round"))
    lines = tuple(Line(note) for note in e.notes)
    if not e.detail:  # an event logged before the rounds were structured: their words
        lines += tuple(Line(words) for words in e.rounds)
    return Section(
        key=f"war-battle-{n}",
        title=title,
        paragraphs=(outcome_text(e, names),),
        lines=lines,
        tables=tuple(tables),
    )


def assault_section(e: AssaultFought, n: int, names: Mapping[str, str]) -> Section:
    """An assault on the walls (L1898-L1904), round by round like a battle."""
    end = "takes it" if e.taken else "is repelled"
    outcome = (
        f"{_name(names, e.power)} {end}. VF lost: {_name(names, e.power)} {e.attacker_lost} VF, "
        f"the defenders {e.defender_lost} VF."
    )
    lines = tuple(Line(note) for note in e.notes)
    if not e.detail:
        lines += tuple(Line(words) for words in e.rounds)
    tables = (Table(ROUND_COLUMNS, roll_rows(e.detail, names), "Round by round"),) if e.detail else ()
    return Section(
        key=f"war-assault-{n}",
        title=f"Assault on {e.territory}: {_name(names, e.power)} against {_name(names, e.defender)}",
        paragraphs=(outcome,),
        lines=lines,
        tables=tables,
    )


def won_and_lost(events: Iterable[Event]) -> dict[str, tuple[int, int]]:
    """Territories each power won and lost this window, from its conquests (L1844) and assaults
    that took the walls (L1898); empty when nothing changed hands."""
    out: dict[str, tuple[int, int]] = {}

    def count(winner: str, loser: str) -> None:
        won, lost = out.get(winner, (0, 0))
        out[winner] = (won + 1, lost)
        won, lost = out.get(loser, (0, 0))
        out[loser] = (won, lost + 1)

    for e in events:
        if isinstance(e, TerritoryConquered):
            count(e.power, e.taken_from)
        elif isinstance(e, AssaultFought) and e.taken:
            count(e.power, e.defender)
    return out
