"""Krieg und Frieden (seed 001) as a :class:`~adjudicator.core.ruleset.Ruleset`.

A turn is a year (L33), its four windows the seasons, each played step by step (core/steps.py):
the state's ``pending`` names the decision the rules wait for, and :meth:`next_step` opens a step
for it. Standing orders answer most decisions without a step (docs: orders/kriegundfrieden.md),
so a season costs a mail or two per noble. A window whose first decision is not known at its
opening (the autumn, before the appeals) opens with an automatic step (``auto``) that runs it.
A decision of one noble's own (a swap, a bid, a summer turn, an appeal …) is a ``turn`` step, so
orders mailed ahead (``WINDOW T3.spring``) wait for it; a defence is out of turn and asks afresh.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from adjudicator.core.dice import Dice
from adjudicator.core.events import Event, GmEdited, Visibility
from adjudicator.core.orders import Order, Submission
from adjudicator.core.ruleset import DieUse, PhaseSpec, Resolution, WindowSpec
from adjudicator.core.state import GameState
from adjudicator.core.steps import TURN, Step
from adjudicator.core.view import PlayerView
from adjudicator.errors import EditError
from adjudicator.report.model import ReportInput
from adjudicator.report.sections import RulesetSections
from adjudicator.rulesets.kriegundfrieden import board, legal, setup
from adjudicator.rulesets.kriegundfrieden import cards as cd
from adjudicator.rulesets.kriegundfrieden import report as kuf_report
from adjudicator.rulesets.kriegundfrieden.autumn import appeal_draw
from adjudicator.rulesets.kriegundfrieden.board import BoardDrawing
from adjudicator.rulesets.kriegundfrieden.common import Ctx
from adjudicator.rulesets.kriegundfrieden.components import RESOURCES
from adjudicator.rulesets.kriegundfrieden.events import KUF_EVENTS
from adjudicator.rulesets.kriegundfrieden.flow import resolve_season
from adjudicator.rulesets.kriegundfrieden.orders import KufOrder
from adjudicator.rulesets.kriegundfrieden.parse import parse_lines, window_season
from adjudicator.rulesets.kriegundfrieden.state import SEASONS, KufState
from adjudicator.rulesets.kriegundfrieden.view import view as kuf_view

PHASES = (
    PhaseSpec("winter", 1, "Winter: the agenda (L35-46)"),
    PhaseSpec("spring", 2, "Spring: the auction and its reward (L48-74)"),
    PhaseSpec("summer", 3, "Summer: the nobles' turns (L76-112)"),
    PhaseSpec("autumn", 4, "Autumn: income, appeals, the hand limit (L114-124)"),
)
WINDOWS = tuple(WindowSpec(s, (s,)) for s in SEASONS)
AUTO = "auto"
SHUFFLE_SIDES = tuple(range(1, 69))
SECRET_ROLLS = (cd.RESHUFFLE, setup.RESOURCE_SHUFFLE, setup.AGENDA_SHUFFLE)


def _kuf(state: GameState) -> KufState:
    return cast(KufState, state)


class KriegUndFriedenRuleset:
    name = "kriegundfrieden"
    version = "1"
    game_options = setup.OPTIONS

    def state_type(self) -> type[GameState]:
        return KufState

    def phases(self) -> Sequence[PhaseSpec]:
        return PHASES

    def windows(self) -> Sequence[WindowSpec]:
        return WINDOWS

    def event_types(self) -> Sequence[type[Event]]:
        return KUF_EVENTS

    def initial_state(
        self, game: str, powers: Sequence[str], options: Mapping[str, Any], dice: Dice
    ) -> tuple[GameState, tuple[Event, ...]]:
        return setup.initial_state(self.name, self.version, game, powers, options, dice)

    def power_ids(self, state: GameState) -> tuple[str, ...]:
        return _kuf(state).seats

    # ---- steps ------------------------------------------------------------------------------
    def next_step(self, state: GameState, done: Sequence[Step]) -> Step | None:
        """The step of the decision pending in this window's season; an automatic step when the
        season has yet to run to its first decision; None once the season is over."""
        kuf = _kuf(state)
        season = window_season(kuf)
        if kuf.ending or kuf.season != season:
            return None
        pending = kuf.pending
        if pending is None:
            return None if any(s.kind == AUTO for s in done) else Step(kuf.seats, (season,), AUTO)
        one = len(pending.powers) == 1 and pending.kind != "defence"  # a decision of one's own:
        return Step(pending.powers, (season,), TURN if one else pending.kind)  # early orders go in

    def guards_in_orders(self, state: GameState) -> bool:
        """Krieg und Frieden reads its own ``IF AGENDA …:`` (a standing swap order, not a guard)."""
        return True

    def takes_orders(self, state: GameState, phase: str) -> bool:
        kuf = _kuf(state)
        return (
            kuf.pending is not None and kuf.pending.season == phase == window_season(kuf) and not kuf.ending
        )

    # ---- orders -----------------------------------------------------------------------------
    def parse(
        self, state: GameState, power: str, lines: Sequence[tuple[int, str]], *, strict: bool = True
    ) -> Submission:
        return parse_lines(_kuf(state), power, lines, strict)

    def default_orders(self, state: GameState, phase: str, power: str) -> Sequence[Order]:
        return legal.defaults(_kuf(state), power)

    def legal_orders(self, state: GameState, power: str) -> Sequence[Order]:
        return legal.legal_orders(_kuf(state), power)

    def resolve(
        self, state: GameState, phase: str, orders: Mapping[str, Sequence[Order]], dice: Dice
    ) -> Resolution:
        ctx = Ctx(dice, phase)
        mine = {p: [o for o in given if isinstance(o, KufOrder)] for p, given in orders.items()}
        new = resolve_season(_kuf(state), phase, mine, ctx)
        return Resolution(new, tuple(ctx.events), tuple(ctx.results))

    def order_notes(self, state: GameState, power: str) -> dict[str, str]:
        """Notes for the order template: a bid's worth, an agenda card's reward, what an appeal takes."""
        return legal.notes(_kuf(state), power)

    def receipt_summary(self, state: GameState, power: str, orders: Sequence[Order]) -> list[str]:
        """For the mailed receipt: the bid's total on the agenda's value table, the cards a
        summer turn spends, the standing orders the mail sets."""
        return legal.receipt_lines(_kuf(state), power, [o for o in orders if isinstance(o, KufOrder)])

    def phase_dice(self, state: GameState, phase: str) -> Sequence[DieUse]:
        """Draws reshuffle the discards when the deck runs out (L124): in the summer (a challenge's
        cards, and the autumn's income drawn as it ends) and the autumn (an appeal's blind draw)."""
        if phase in ("summer", "autumn"):
            uses = [DieUse(cd.RESHUFFLE, SHUFFLE_SIDES)]
            if phase == "autumn":
                uses.append(DieUse(appeal_draw("POWER"), SHUFFLE_SIDES))
            return tuple(uses)
        return ()

    def dice_visibility(self, purpose: str) -> Visibility:
        """Shuffles and an appeal's blind draw tell hidden cards: the GM's alone (K15)."""
        if purpose in SECRET_ROLLS or purpose.startswith(appeal_draw("")):
            return Visibility.gm()
        return Visibility.public()

    def gm_edit(self, state: GameState, command: str) -> tuple[GameState, tuple[Event, ...]]:
        """``SEALS <noble> <n>`` or ``CARDS <noble> <n> <type> …`` (the hand set to these)."""
        kuf = _kuf(state)
        words = command.split()
        head = words[0].upper() if words else ""
        if len(words) < 3 or words[1].lower() not in kuf.seats or head not in ("SEALS", "CARDS"):
            raise EditError(f"{command!r}: expected SEALS <noble> <n> or CARDS <noble> <n> <type> …")
        power = words[1].lower()
        try:
            if head == "SEALS":
                new = kuf.with_player(power, vp=int(words[2]))
            else:
                from adjudicator.rulesets.kriegundfrieden.orders import cards_of

                new = kuf.with_player(power, hand=cards_of(words[2:]), guard=cd.NONE)
        except ValueError as exc:
            raise EditError(str(exc)) from None
        return new, (GmEdited(phase="gm", command=" ".join(words), visibility=Visibility.to(power)),)

    def view(self, state: GameState, viewer: str) -> dict[str, Any]:
        return kuf_view(_kuf(state), viewer)

    def report_sections(self, report: ReportInput) -> RulesetSections:
        """The table, the cathedral, the agenda, the bids, the viewer's hand (report.py)."""
        return kuf_report.report_sections(report)

    def report_map(
        self, view: PlayerView, window: str | None = None, *, highlights: bool = True
    ) -> BoardDrawing:
        """The board (board.py): public only, the same for every viewer of a window."""
        title = f"{view.game} after {window}" if window else f"{view.game}, {view.window} open"
        return board.draw(view.data, title)

    def is_over(self, state: GameState) -> bool:
        return bool(_kuf(state).ending)


__all__ = ["RESOURCES", "KriegUndFriedenRuleset"]
