"""CONGIURA, the conspiracy (seed 002 L1244-1250, ex L1232).

Every power bids, as in the auction of the turn order, to hire the Nizari; the winner names a
primary victim, and the Nizari try to kill every Captain of the victim and of each of its allies
(ex L1232: A, B, C allied and C, D allied: naming C strikes A, B, C and D), never the winner's
own (A39). For each Captain the Nizari roll 1d8 against the owner's 1d4/1d6/1d8 by LT, +1 each
for INVESTITURA and VASSALLAGGIO; the Captain dies only if the Nizari roll higher (ties save it,
L1248); FEUDALESIMO makes its owner immune (L1250).

The bids and the victim are the powers' standing ``NIZARI BID <florins> ON <power>`` lines
(calamity/choices.py, R319): the auction is the turn order's by proxy bids (L468, R1): the highest
bid wins, paying the runner-up's +5 (never more than its own), ties to the earlier in the turn
order, the florins to the bank; a bid above the florins held counts as all of them. No bid, no
conspiracy (A39, R281). :func:`assassins` resolves the Nizari for the winner and its victim."""

from __future__ import annotations

from adjudicator.core.dice import Dice
from adjudicator.rulesets.medioevo.calamity.choices import choices_of
from adjudicator.rulesets.medioevo.calamity.common import Work, immune, lt, mod_parts, signed, techs
from adjudicator.rulesets.medioevo.calamity.registry import CalamityStrike, Outcome, effect
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.phases.turn_order import MIN_RAISE
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, label
from adjudicator.rulesets.medioevo.state import MedioevoState

CONGIURA = "congiura"


@effect(CONGIURA)
def conspiracy(state: MedioevoState, strike: CalamityStrike, dice: Dice, data: DataSet) -> Outcome:
    work = Work(state, data, dice, CONGIURA)
    bids = {}
    for power in state.acting_order():
        mine = choices_of(state, power)
        victim = mine.nizari_victim
        if mine.nizari_bid and victim in state.powers and victim != power:
            bids[power] = min(mine.nizari_bid, state.powers[power].florins)
    ranked = sorted((p for p in bids if bids[p] > 0), key=lambda p: -bids[p])  # stable: turn order
    if not ranked:
        work.notice("the Nizari are for hire, but nobody bids (NIZARI BID): no conspiracy (L1246, A39, R281)")
        return work.done()
    winner = ranked[0]
    price = min(bids[winner], (bids[ranked[1]] if len(ranked) > 1 else 0) + MIN_RAISE)
    victim = str(choices_of(state, winner).nizari_victim)
    state = state.with_power(winner, florins=state.powers[winner].florins - price)
    state = state.evolve(bank=state.bank + price)
    others = f" against {len(ranked) - 1} other bid(s)" if len(ranked) > 1 else ""
    work.notice(f"{winner} hires the Nizari for {price} florins{others} (L1246, R319)")
    hired, told = assassins(state, data, dice, winner, victim)
    return hired, (*work.events, *told)


def assassins(state: MedioevoState, data: DataSet, dice: Dice, winner: str, victim: str) -> Outcome:
    """The Nizari hired by ``winner`` against ``victim`` and its allies (L1246-1250)."""
    work = Work(state, data, dice, CONGIURA)
    targets = [p for p in (victim, *state.allies(victim)) if p != winner]
    work.notice(
        f"{winner} hires the Nizari against {victim}: the Captains of {', '.join(targets)} (L1246, ex L1232)"
    )
    params = data.calamities[CONGIURA].params
    for power in targets:
        owned = techs(work.state, power)
        spared = immune(data, owned, CONGIURA)
        if spared:
            work.notice(f"{power} is immune: it has {spared} (L1250)")
            continue
        sides = int(params["victim_die_by_lt"][lt(work.state, power) - 1])
        for captain in work.state.pieces_of(power, CAPTAIN):
            name = f"{power}'s {label(data, CAPTAIN, captain.number)}"
            nizari = dice.roll(int(params["nizari_die"]), f"nizari {name}")
            roll = dice.roll(sides, f"guard {name}")
            parts = mod_parts(data, owned, CONGIURA, "victim_roll")
            guard = roll + sum(n for _, n in parts)
            told = f"Nizari {nizari} against {signed([(f'on 1d{sides}', roll), *parts])} = {guard}"
            if nizari > guard:
                work.state = work.state.evolve(pieces=tuple(p for p in work.state.pieces if p != captain))
                work.notice(f"{name} is murdered ({told}, L1248)")
            else:
                work.notice(f"{name} survives ({told}, L1248)")
    return work.done()
