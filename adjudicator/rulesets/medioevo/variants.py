"""The optional rules of the rulebook (VARIANTI, seed 002 L3190-3336, examples L3228-3304) as game
options: each is off unless the game is created with it (L3192: "se tutti i giocatori
concordano"), ``--options '{"variant_start_bonus": true}'`` of ``game create`` or ``options:`` of a
scenario. The setup records the variants on in ``MedioevoState.variants`` (left out of the JSON
when empty, so a game without them keeps its digests), and every report's header names them.

Built here or where the rule acts (docs/variants.md lists them all, built or not):

* ``variant_start_bonus``, BONUS INIZIO PARTITA (L3306-3308, ex L3284): ``start_bonus.py``;
* ``variant_fortification_cap``, BILANCIAMENTO FORTIFICAZIONI (L3334-3336): :func:`fortification_problem`;
* ``variant_war_balance``, BILANCIAMENTO DICHIARAZIONI DI GUERRA (L3224-3226, ex L3242-3244):
  :func:`balance_penalty`, applied by ``war/declaration.py``;
* ``variant_siege_without_engines``, ASSEDIO SENZA MACCHINE DI ASSEDIO (L3220-3222, ex
  L3238-3240): ``war/siege.py`` and ``war/aftermath.py``;
* ``variant_difficult_landing``, ATTRACCO DIFFICOLTOSO (L3194-3198, ex L3228): ``war/loading.py``
  (``landing_pm``, ``attack_entry_pm``), set on the movement's ``World`` by ``war/movement_state.py``;
* ``variant_terrain_modifiers``, MODIFICATORI TERRENO PER BATTAGLIE (L3260-3280):
  ``war/terrain_battle.py``, applied by ``war/attacks.py``, the desert's toll by ``war/battle.py``;
* ``variant_combat_reserves``, RISERVE DI COMBATTIMENTO (L3200-3210, ex L3230-3232):
  ``war/reserves.py``, the ``RESERVES n`` clause of PLAN and DOCTRINE lines;
* ``variant_khanate_religion`` and ``variant_byzantine_religion``, RELIGIONE KHANATO and RELIGIONE
  BIZANTINO (L3212-3218, ex L3246): ``church/conversion.py``;
* ``variant_guarantee``, OPZIONE DIPLOMATICA: GARANTIRE (L3320-3332, ex L3296-3304):
  ``guarantees.py``;
* ``variant_two_player``, PARTITA A 2 GIOCATORI (L3248-3258, ex L3282): ``two_player.py``.
* ``variant_barbarians_every_phase``, ATTIVAZIONE BARBARI A FINE FASE (L3310-3312):
  ``barbarians/activation.py`` (``variant_attacks``), run by ``phase_table.py`` (R264).

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from adjudicator.core.options import OptionSpec
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.state import MedioevoState


@dataclass(frozen=True)
class Variant:
    """One optional rule: its title in the rulebook, its lines and what it does, in a line."""

    title: str
    lines: str
    summary: str


START_BONUS = "variant_start_bonus"
FORTIFICATION_CAP = "variant_fortification_cap"
WAR_BALANCE = "variant_war_balance"
SIEGE_WITHOUT_ENGINES = "variant_siege_without_engines"
DIFFICULT_LANDING = "variant_difficult_landing"
TERRAIN_MODIFIERS = "variant_terrain_modifiers"
COMBAT_RESERVES = "variant_combat_reserves"
KHANATE_RELIGION = "variant_khanate_religion"
BYZANTINE_RELIGION = "variant_byzantine_religion"
GUARANTEE = "variant_guarantee"
TWO_PLAYER = "variant_two_player"
BARBARIANS_EVERY_PHASE = "variant_barbarians_every_phase"

VARIANTS: dict[str, Variant] = {
    START_BONUS: Variant(
        "BONUS INIZIO PARTITA",
        "L3306-3308",
        "each power starts with 3 level-I technologies of its choice (BONUS orders at setup) and "
        "100 florins more for each player",
    ),
    FORTIFICATION_CAP: Variant(
        "BILANCIAMENTO FORTIFICAZIONI",
        "L3334-3336",
        "at most 3/6/9 fortification levels built or raised a turn by LT (one more with CARPENTERIA)",
    ),
    WAR_BALANCE: Variant(
        "BILANCIAMENTO DICHIARAZIONI DI GUERRA",
        "L3224-3226",
        "when war breaks out, each power of the side with more players loses as many PO as the "
        "sides differ by",
    ),
    SIEGE_WITHOUT_ENGINES: Variant(
        "ASSEDIO SENZA MACCHINE DI ASSEDIO",
        "L3220-3222",
        "a siege may be laid without siege engines: only attrition wears the besieged down",
    ),
    DIFFICULT_LANDING: Variant(
        "ATTRACCO DIFFICOLTOSO",
        "L3194-3198",
        "a galley loading or unloading outside a port, or attacking from the sea, pays the PM of "
        "the coast's terrain (plain 1, hill/forest/desert 2, mountain 3)",
    ),
    TERRAIN_MODIFIERS: Variant(
        "MODIFICATORI TERRENO PER BATTAGLIE",
        "L3260-3280",
        "an ATTACK's field battle: +1/-1 to the attacker's die from higher/lower ground, the wood "
        "cancelling the bonus, -1 across a river, -2 landing or across a strait; 1 VF more lost a "
        "roll from the 2nd in the desert",
    ),
    COMBAT_RESERVES: Variant(
        "RISERVE DI COMBATTIMENTO",
        "L3200-3210",
        "with LOGISTICA, up to 5/10/15 VF by LT from the reserve join an ATTACK's field battle near "
        "an own settlement (PLAN … RESERVES n, DOCTRINE … RESERVES n)",
    ),
    KHANATE_RELIGION: Variant(
        "RELIGIONE KHANATO",
        "L3212-3214",
        "the Golden Horde may once a game become Catholic, Muslim or Orthodox for 2 PO (CONVERT <religion>)",
    ),
    BYZANTINE_RELIGION: Variant(
        "RELIGIONE BIZANTINO",
        "L3216-3218",
        "the Byzantine may become Catholic for 1 PO; its territories' rebellion level rises by its "
        "LT (CONVERT catholic)",
    ),
    GUARANTEE: Variant(
        "OPZIONE DIPLOMATICA: GARANTIRE",
        "L3320-3332",
        "a diplomatic action makes a power the protector of a kingdom nobody plays (GUARANTEE "
        "<territory>): 1 VF a territory a turn and a Torre may be sent there, an attack on it gives "
        "the protector 1-2 CB, and each of its territories taken costs the protector 0.5 PO at the end",
    ),
    TWO_PLAYER: Variant(
        "PARTITA A 2 GIOCATORI",
        "L3248-3258",
        "two contiguous kingdoms and the barbarian kingdoms around and between them in play; no "
        "Pope, no calamities, no Diplomacy; the score is the lowest of the PO of battles and "
        "conquests, of technologies and of florins",
    ),
    BARBARIANS_EVERY_PHASE: Variant(
        "ATTIVAZIONE BARBARI A FINE FASE",
        "L3310-3312",
        "the barbarians attack at the end of every phase where they may, not only in the Events",
    ),
}
"""The variants built, by option name, in the rulebook's order of the header."""

VARIANT_OPTIONS = {
    name: OptionSpec("bool", f"variant {v.title} ({v.lines}): {v.summary}; off by default")
    for name, v in VARIANTS.items()
}
"""The game options of the variants (ruleset.py ``GAME_OPTIONS``)."""


def chosen(options: Mapping[str, Any]) -> tuple[str, ...]:
    """The variants the game is created with, in the order of :data:`VARIANTS`."""
    return tuple(name for name in VARIANTS if options.get(name) is True)


def on(state: MedioevoState, name: str) -> bool:
    return name in state.variants


def header_lines(variants: Any) -> tuple[str, ...]:
    """The report header's line naming the variants on (none when there are none): ``variants``
    is the view's list, so a report shows what the state holds."""
    names = [VARIANTS[v] for v in variants or () if v in VARIANTS]
    if not names:
        return ()
    listed = "; ".join(f"{v.title} ({v.lines})" for v in names)
    return (f"Variants in play (L3192): {listed}.",)


# --- BILANCIAMENTO FORTIFICAZIONI (L3334-3336)

FORTIFICATION = "fortification"
LEVELS_PER_LT = 3  # L3336: 3/6/9 by LT


def fortification_cap(state: MedioevoState, power: str, data: DataSet) -> int:
    """The fortification levels ``power`` may build or raise this turn: 3 a level of technology
    (L3336), one more with CARPENTERIA (ex L2978: "4 fortificazioni invece di 3", ruling R341).
    The LT and technologies are those of the start of the phase (L803, R10)."""
    held = state.powers[power]
    bonus = sum(int(data.technologies[t].params.get("fortification_cap_bonus", 0)) for t in held.techs)
    return LEVELS_PER_LT * held.tech_level + bonus


def _fortification_level(buildings: tuple[str, ...], data: DataSet) -> int:
    known = (data.buildings[b] for b in buildings if b in data.buildings)
    return max((b.level for b in known if b.category == FORTIFICATION), default=0)


def fortification_levels_raised(start: MedioevoState, now: MedioevoState, power: str, data: DataSet) -> int:
    """The fortification levels ``power`` has added since ``start`` (this phase), territory by
    territory (a new Torre 1, a Torre raised to Castello 2), cards' free buildings included."""
    total = 0
    for tid, terr in now.territories.items():
        if terr.owner != power:
            continue
        before = start.territories[tid].buildings if tid in start.territories else ()
        total += max(0, _fortification_level(terr.buildings, data) - _fortification_level(before, data))
    return total


def fortification_problem(
    start: MedioevoState, now: MedioevoState, power: str, building: str, replaced: str | None, data: DataSet
) -> str | None:
    """Why building ``building`` (in place of ``replaced``) passes the turn's cap of
    BILANCIAMENTO FORTIFICAZIONI, or None (also when the variant is off or it is no fortification)."""
    info = data.buildings[building]
    if not on(start, FORTIFICATION_CAP) or info.category != FORTIFICATION:
        return None
    adds = info.level - (data.buildings[replaced].level if replaced else 0)
    done = fortification_levels_raised(start, now, power, data)
    cap = fortification_cap(start, power, data)
    if done + adds > cap:
        return (
            f"a {info.name} adds {adds} fortification level(s) to the {done} raised this turn: at most "
            f"{cap} a turn at your LT (variant BILANCIAMENTO FORTIFICAZIONI, L3336)"
        )
    return None


# --- BILANCIAMENTO DICHIARAZIONI DI GUERRA (L3224-3226)


def balance_penalty(declaring: int, defending: int) -> tuple[int, int]:
    """The PO each player of the declaring side and of the defending side loses (L3226): the side
    with more players loses the difference each (ex L3242: 1 against 3, the 3 lose 2 each; ex
    L3244: 5 against 2, the 5 lose 3 each); equal sides lose nothing."""
    gap = abs(declaring - defending)
    return (gap, 0) if declaring > defending else (0, gap)
