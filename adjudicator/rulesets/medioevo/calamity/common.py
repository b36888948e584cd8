"""What every calamity shares (seed 002 L1134-1140): the technologies' modifiers, CASTELLANO's
protection (card L2538), buildings destroyed or damaged, VF lost, and the general rules of L1138
(no army left: its captains, transports and siege engines go too; in the Papal State the Pope
dies) and L1140 (the Pope's roll when a calamity strikes the Papal State).

An effect works on a :class:`Work`: it carries the state as it changes and the events told, so each
calamity module says only what its calamity does."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event
from adjudicator.rulesets.medioevo.calamity.events import (
    CalamityHit,
    CalamityNotice,
    PiecesSwept,
    PopeDied,
    PopeSpared,
)
from adjudicator.rulesets.medioevo.calamity.registry import Outcome
from adjudicator.rulesets.medioevo.church import papacy
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.pieces_state import Piece, label
from adjudicator.rulesets.medioevo.state import BARBARIANS, SETTLEMENTS, MedioevoState

PHASE = "events"
PAPAL_STATE = "stato_della_chiesa"  # the territory of Rome (kingdoms.toml papal_state, L1138)
CASTELLANO = "castellano"
NONE, DAMAGED, DESTROYED = "none", "damaged", "destroyed"
HARM = (NONE, DAMAGED, DESTROYED)  # in rising order
FORTIFICATIONS = ("tower", "fort", "castle")


def techs(state: MedioevoState, who: str | None) -> tuple[str, ...]:
    """A power's technologies; the barbarians and nobody have none (L1272)."""
    return state.powers[who].techs if who in state.powers else ()


def lt(state: MedioevoState, who: str | None) -> int:
    """A power's LT; 0 for the barbarians, who roll with no reduction (ex L1318)."""
    return state.powers[who].tech_level if who in state.powers else 0


def mods(data: DataSet, owned: Iterable[str], calamity: str) -> list[tuple[str, dict[str, Any]]]:
    """(technology, its modifiers) for each owned technology that changes ``calamity``
    (technologies.toml ``params.calamity_mods``)."""
    found = []
    for tech in owned:
        info = data.technologies.get(tech)
        mod = info.params.get("calamity_mods", {}).get(calamity) if info else None
        if mod:
            found.append((tech, mod))
    return found


def mod_sum(data: DataSet, owned: Iterable[str], calamity: str, key: str) -> tuple[int, tuple[str, ...]]:
    """The sum of one numeric modifier over the owned technologies, and which gave it."""
    hits = [(t, int(m[key])) for t, m in mods(data, owned, calamity) if key in m]
    return sum(v for _, v in hits), tuple(data.technologies[t].name for t, _ in hits)


def mod_parts(data: DataSet, owned: Iterable[str], calamity: str, key: str) -> list[tuple[str, int]]:
    """(technology name, its value) for each owned technology with a numeric ``key``."""
    return [(data.technologies[t].name, int(m[key])) for t, m in mods(data, owned, calamity) if key in m]


def has_mod(data: DataSet, owned: Iterable[str], calamity: str, key: str) -> str | None:
    """The name of an owned technology that sets ``key`` for ``calamity``, or None."""
    return next((data.technologies[t].name for t, m in mods(data, owned, calamity) if m.get(key)), None)


def immune(data: DataSet, owned: Iterable[str], calamity: str) -> str | None:
    """The name of an owned technology that makes its owner immune (``calamity_immune``)."""
    for tech in owned:
        info = data.technologies.get(tech)
        if info and calamity in info.params.get("calamity_immune", ()):
            return info.name
    return None


def castellan_of(state: MedioevoState, territory: str) -> str | None:
    """The power whose CASTELLANO protects ``territory`` this turn (card L2538, ex L2570): the
    protection holds while the territory is still the card player's (R266)."""
    owner = state.territories[territory].owner
    for effect in state.effects_on(owner or "", CASTELLANO):
        if territory in effect.territories:
            return owner
    return None


def level(data: DataSet, building: str) -> int:
    """A building's level; the Cathedral and the Fairs count as level 1 (ex L1118)."""
    return data.buildings[building].level


def settlement_level(state: MedioevoState, territory: str, data: DataSet) -> int:
    """The level of the civil building standing there, damaged or not (0: none)."""
    return max(
        (level(data, b) for b in state.territories[territory].buildings if b in SETTLEMENTS), default=0
    )


def fortification_level(state: MedioevoState, territory: str, data: DataSet) -> int:
    """The level of the working fortification (a damaged one protects nothing: digest A53)."""
    usable = state.territories[territory].usable()
    return max((level(data, b) for b in usable if b in FORTIFICATIONS), default=0)


def milder(a: str, b: str) -> str:
    return a if HARM.index(a) <= HARM.index(b) else b


def step_down(harm: str, steps: int) -> str:
    """INGEGNERIA's 'one level less of damage' (L1449): destroyed -> damaged -> none."""
    return HARM[max(0, HARM.index(harm) - steps)]


@dataclass
class Work:
    """One calamity's resolution under way: the state as it changes and what is told."""

    state: MedioevoState
    data: DataSet
    dice: Dice
    calamity: str
    events: list[Event] = field(default_factory=list)
    papal_turns: int = 1
    """The turns in a row this calamity has damaged the Papal State (L1140, digest A50)."""
    pope_rolled: bool = False

    @property
    def name(self) -> str:
        return self.data.calamities[self.calamity].name.upper()

    def land(self, territory: str) -> str:
        return self.data.board.territories[territory].name

    def building(self, building: str) -> str:
        return self.data.buildings[building].name

    def notice(self, text: str) -> None:
        self.events.append(CalamityNotice(phase=PHASE, calamity=self.name, text=text))

    def done(self) -> Outcome:
        return self.state, tuple(self.events)

    def shielded(self, territory: str) -> bool:
        """True (and told) when a CASTELLANO protects ``territory`` from this calamity (L2538)."""
        holder = castellan_of(self.state, territory)
        if holder is not None:
            self.notice(f"{self.land(territory)} is protected by {holder}'s CASTELLANO (L2538): unharmed")
        return holder is not None

    def harm_buildings(
        self, territory: str, by_level: Sequence[str]
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Destroy or damage each building there as ``by_level`` says for its level (1..3);
        (destroyed, damaged). A damaged building is to be repaired by the next turn's purchases
        (L1024, L1056; phases/repairs.py)."""
        terr = self.state.territories[territory]

        def fate(building: str) -> str:
            return by_level[level(self.data, building) - 1]

        destroyed = tuple(b for b in terr.buildings if fate(b) == DESTROYED)
        damaged = tuple(b for b in terr.buildings if fate(b) == DAMAGED)
        if not destroyed and not damaged:
            return (), ()
        kept = tuple(b for b in terr.buildings if b not in destroyed)
        due = self.state.turn + 1
        marks = {b: t for b, t in terr.damaged.items() if b in kept}
        marks.update({b: min(marks.get(b, due), due) for b in damaged})
        over = None if terr.built_over is None else tuple(b for b in terr.built_over if b not in destroyed)
        self.state = self.state.with_territory(territory, buildings=kept, damaged=marks, built_over=over)
        return destroyed, damaged

    def victims(self, territory: str) -> tuple[str, ...]:
        """Who has armies there, the owner first, then the powers in turn order, then the barbarians:
        the order losses are taken in (R267)."""
        terr = self.state.territories[territory]
        order = [terr.owner or BARBARIANS, *self.state.acting_order(), BARBARIANS]
        seen: list[str] = []
        for who in order:
            if who not in seen and terr.armies.get(who, 0) > 0:
                seen.append(who)
        return tuple(seen)

    def kill(self, territory: str, vf: int, only: str | None = None) -> dict[str, int]:
        """Remove ``vf`` VF there (of ``only``, or of everyone in the order of :meth:`victims`);
        what each side lost. No army left: the general rule of L1138."""
        armies = dict(self.state.territories[territory].armies)
        before = sum(armies.values())
        lost: dict[str, int] = {}
        left = max(0, vf)
        for who in (only,) if only else self.victims(territory):
            take = min(left, armies.get(who, 0))
            if take:
                lost[who] = take
                armies[who] -= take
                left -= take
        if not lost:
            return {}
        self.state = self.state.with_territory(territory, armies={w: n for w, n in armies.items() if n > 0})
        if before and not any(armies.values()):
            self.sweep(territory)
        return lost

    def sweep(self, territory: str) -> None:
        """L1138: every army there killed, so its captains, transports and siege engines are
        eliminated, and in the Papal State the Pope dies."""
        gone = tuple(p for p in self.state.pieces if p.location == territory)
        if gone:
            self.state = self.state.evolve(pieces=tuple(p for p in self.state.pieces if p not in gone))
            names = tuple(f"{p.owner}'s {label(self.data, p.kind, p.number)}" for p in gone)
            self.events.append(
                PiecesSwept(phase=PHASE, calamity=self.name, territory=self.land(territory), pieces=names)
            )
        if territory == PAPAL_STATE:
            self.pope_dies("every army in the Papal State was killed (L1138)")

    def pope_dies(self, cause: str) -> None:
        pope = next((p for p in self.state.seats() if self.state.powers[p].pope), None)
        if pope is None:
            return
        self.events.append(PopeDied(phase=PHASE, power=pope, calamity=self.name, cause=cause))
        # the Church schedules the election (L2180) for the next Events (church/papacy.py)
        self.state = papacy.pope_dies(self.state, self.data, cause, self.events)

    def pope_roll(self) -> None:
        """L1140: the calamity damaged the Papal State; the Pope dies on 6 in its 1st turn of damage,
        5+ in the 2nd, 4+ in the 3rd … (once per turn)."""
        pope = papacy.pope_at_risk(self.state, self.data)
        if pope is None or self.pope_rolled:
            return
        self.pope_rolled = True
        roll, needed = papacy.pope_die(self.dice, self.papal_turns)  # the Church's die (L1140)
        if roll >= needed:
            self.pope_dies(
                f"rolled {roll} ({needed}+ kills him in turn {self.papal_turns} of the damage, L1140)"
            )
        else:
            self.events.append(
                PopeSpared(phase=PHASE, power=pope, calamity=self.name, roll=roll, needed=needed)
            )

    def report(
        self,
        territory: str,
        destroyed: tuple[str, ...] = (),
        damaged: tuple[str, ...] = (),
        losses: dict[str, int] | None = None,
        detail: str = "",
    ) -> None:
        """Tell one territory's harm (nothing when it suffered none); in the Papal State, the Pope
        rolls (L1140)."""
        if not (destroyed or damaged or any((losses or {}).values())):
            return
        self.events.append(
            CalamityHit(
                phase=PHASE,
                calamity=self.name,
                territory=self.land(territory),
                owner=self.state.territories[territory].owner,
                destroyed=tuple(self.building(b) for b in destroyed),
                damaged=tuple(self.building(b) for b in damaged),
                losses=losses or {},
                detail=detail,
            )
        )
        if territory == PAPAL_STATE:
            self.pope_roll()

    def to_barbarians(self, territory: str, vf: int) -> None:
        """The territory passes to the barbarians, ``vf`` barbarian VF more (L1212, L1276, L1408):
        its owner's VF there go, other powers' stay."""
        terr = self.state.territories[territory]
        armies = {w: n for w, n in terr.armies.items() if w not in (terr.owner, BARBARIANS)}
        armies[BARBARIANS] = terr.armies.get(BARBARIANS, 0) + vf
        self.state = self.state.with_territory(territory, owner=None, armies=armies)


def signed(parts: Iterable[tuple[str, int]]) -> str:
    """'3 buildings +1 plain -1 LEGGE': how losses were counted, for a report (the first part
    always, the others when they count)."""
    kept = [(what, n) for i, (what, n) in enumerate(parts) if n or i == 0]
    return " ".join(
        (f"{n} {what}" if what else str(n)) if i == 0 else f"{'+' if n >= 0 else '-'}{abs(n)} {what}"
        for i, (what, n) in enumerate(kept)
    )


def barbarise(state: MedioevoState, pieces: Iterable[Piece]) -> MedioevoState:
    """The pieces pass to the barbarians (GUERRA CIVILE L1296, RIVOLTE ex L1430): each takes the
    barbarians' next number of its class (they keep no serials); a piece riding in a ship that
    passes with it keeps its seat under the ship's new number."""
    moving = {p.key(): p for p in pieces}
    numbers: dict[tuple[str, str, int], int] = {}
    for key, piece in moving.items():
        taken = [p.number for p in state.pieces if p.owner == BARBARIANS and p.kind == piece.kind]
        taken += [n for k, n in numbers.items() if k[1] == piece.kind]
        numbers[key] = max(taken, default=0) + 1
    seats = {f"{k[1]}/{k[2]}": f"{k[1]}/{n}" for k, n in numbers.items()}
    out = []
    for p in state.pieces:
        if p.key() in moving:
            seat = seats.get(p.aboard or "", p.aboard)
            p = p.model_copy(update={"owner": BARBARIANS, "number": numbers[p.key()], "aboard": seat})
        out.append(p)
    return state.evolve(pieces=tuple(out))
