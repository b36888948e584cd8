"""The script steps of phase 9 from their grammar trees (``war/grammar.lark``), and the name
look-ups every combat line uses: places (territories and sea zones), pieces by label (an own
``cart 1``, another power's ``venice galley 2``), cards and powers, each through a ``NameIndex``
so an unknown name is refused with its "did you mean"."""

from __future__ import annotations

from lark import Token, Tree

from adjudicator.core.orders import IssueKind
from adjudicator.orders.names import NameIndex, did_you_mean
from adjudicator.rulesets.medioevo.board import Board
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.order_names import card_index, piece_class_index, power_index
from adjudicator.rulesets.medioevo.parse_support import Reject, resolve
from adjudicator.rulesets.medioevo.pieces_state import CAPTAIN, SIEGE, label
from adjudicator.rulesets.medioevo.state import MedioevoState
from adjudicator.rulesets.medioevo.war.orders import (
    DEFAULT_PLAN,
    Action,
    Assault,
    Attack,
    Claim,
    LiftSiege,
    Load,
    Move,
    NavalAttack,
    PlayCombatCard,
    Siege,
    SurpriseWar,
    Unload,
)

Node = Tree[Token] | Token
TAKEN_KINDS = ("captain", "transport", "engine", "settlement", "fortification", "cathedral", "fair")
"""What a plan's ``TAKEN kind …`` may name besides one piece's label (§3.2, L1848-1856)."""
_PLACES: dict[int, tuple[Board, NameIndex]] = {}


def place_index(board: Board, land: bool = False) -> NameIndex:
    """Territories and sea zones by id or name (a ship's place may be either); ``land``: only
    territories. Built once per board."""
    key = id(board) * 2 + land
    cached = _PLACES.get(key)
    if cached is None or cached[0] is not board:
        entries = [(tid, t.name) for tid, t in board.territories.items()]
        if not land:
            entries += [(sid, s.name) for sid, s in board.seas.items()]
        cached = (board, NameIndex(entries, "territory" if land else "territory or sea zone"))
        _PLACES[key] = cached
    return cached[1]


def _text(node: Node) -> str:
    return str(node) if isinstance(node, Token) else " ".join(str(t) for t in node.children)


class Names:
    """Name look-ups for one power's lines; ``strict`` adds the checks against the state."""

    def __init__(self, state: MedioevoState, power: str, data: DataSet, strict: bool) -> None:
        self.state, self.power, self.data, self.strict = state, power, data, strict
        self.powers = power_index(state, data.board)
        self.transports = {t.kind for t in data.transports.values()}
        self.ships = {t.kind for t in data.transports.values() if t.domain == "sea"}

    def place(self, node: Node, land: bool = False) -> str:
        return resolve(place_index(self.data.board, land), _text(node))

    def places(self, node: Node) -> tuple[str, ...]:
        assert isinstance(node, Tree)
        return tuple(self.place(n) for n in node.children)

    def power_of(self, node: Node) -> str:
        return resolve(self.powers, _text(node))

    def card(self, node: Node, held: bool) -> str:
        """A card id; ``held`` (a play this turn) refuses in strict mode a card not in hand."""
        card = resolve(card_index(self.data), _text(node))
        if held and self.strict and card not in self.state.powers[self.power].cards:
            raise Reject(IssueKind.ILLEGAL, f"{self.power} does not hold {self.data.cards[card].name}")
        return card

    def _split(self, words: list[str]) -> tuple[str, str]:
        """(owner, numbering class) of a label's words: ``cart`` or ``venice galley``."""
        classes = piece_class_index(self.data)
        for i in range(len(words)):
            owner = self.powers.exact(" ".join(words[:i])) if i else self.power
            kind = classes.exact(" ".join(words[i:]))
            if owner is not None and kind is not None:
                return owner, kind
        return self.power, resolve(classes, " ".join(words))  # refused with its "did you mean"

    def piece(
        self,
        node: Node,
        *,
        transport: bool = False,
        captain: bool = False,
        cargo: bool = False,
        foreign: bool = False,
        check: bool = True,
    ) -> str:
        """A piece's label: an own piece unless ``foreign`` (then another power's, with its id).
        ``check``: in strict mode, refuse a piece that is not on the map (a claim's is a wreck)."""
        assert isinstance(node, Tree)
        *words, number_token = [str(t) for t in node.children]
        owner, kind = self._split(words)
        number = int(number_token)
        name = label(self.data, kind, number)
        if foreign != (owner != self.power):
            whose = "another power's (venice galley 2)" if foreign else "your own (cart 1)"
            raise Reject(IssueKind.ILLEGAL, f"{' '.join(words)} {number}: a piece of {whose} goes here")
        if transport and kind not in self.transports:
            raise Reject(IssueKind.ILLEGAL, f"{name} is not a transport")
        if captain and kind != CAPTAIN:
            raise Reject(IssueKind.ILLEGAL, f"{name} is not a captain: captains lead attacks (L1726)")
        if cargo and (kind in self.ships or kind not in (*self.transports, CAPTAIN, SIEGE)):
            why = "VF, captains, engines and carts go aboard (L1564)"
            raise Reject(IssueKind.ILLEGAL, f"{name} cannot be loaded: {why}")
        if (
            check
            and self.strict
            and self.state.piece(owner, kind, number) is None
            and not self._levy(kind, number)
        ):
            raise Reject(IssueKind.ILLEGAL, f"{owner} has no {name}")
        return f"{owner} {name}" if foreign else name

    def _levy(self, kind: str, number: int) -> bool:
        """A captain CONESTABILE may make in this script (R239): the next numbers of its class,
        one a CONESTABILE held."""
        held = self.state.powers[self.power]
        levies = sum(1 for c in held.cards if self.data.cards[c].hook == "conestabile_captain")
        serial = held.piece_serials.get(CAPTAIN, 0)
        return kind == CAPTAIN and serial < number <= serial + levies

    def pieces(self, node: Node, *, transport: bool = False, captain: bool = False) -> tuple[str, ...]:
        assert isinstance(node, Tree)
        found = tuple(self.piece(n, transport=transport, captain=captain) for n in node.children)
        twice = sorted({p for p in found if found.count(p) > 1})
        if twice:
            raise Reject(IssueKind.SYNTAX, f"{', '.join(twice)} named twice")
        return found

    def target(self, node: Node) -> str:
        """A territory, or another power's transport."""
        assert isinstance(node, Tree)
        if node.data == "piece":
            return self.piece(node, transport=True, foreign=True)
        return self.place(node, land=True)

    def play_target(self, node: Node) -> str:
        """What a ``PLAY`` is played on: a power (LADRO, ASSASSINO), a piece, own or another
        power's (SICARIO on ``byzantium captain 2``), or a place."""
        assert isinstance(node, Tree)
        if node.data == "piece":
            owner, _ = self._split([str(t) for t in node.children[:-1]])
            return self.piece(node, foreign=owner != self.power)
        power = self.powers.exact(_text(node))
        return power if power is not None else self.place(node)

    def taken(self, node: Node) -> str:
        """A plan's ``TAKEN`` subject: a kind of thing, or one enemy piece's label."""
        assert isinstance(node, Tree)
        if node.data == "piece":
            return self.piece(node, foreign=True, check=False)
        word = _text(node).lower()
        if word not in TAKEN_KINDS:
            raise Reject(
                IssueKind.ILLEGAL,
                f"TAKEN takes {', '.join(TAKEN_KINDS)} or a piece{did_you_mean(word, TAKEN_KINDS)}",
            )
        return word


def _force(node: Node | None, names: Names) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if node is None:
        return (), ()
    assert isinstance(node, Tree)
    pieces, captains = node.children
    return names.pieces(pieces, transport=True), names.pieces(captains, captain=True)


def _optional(kids: list[Node], data: str) -> Node | None:
    return next((k for k in kids if isinstance(k, Tree) and k.data == data), None)


def _plan(kids: list[Node]) -> str:
    found = _optional(kids, "plan_ref")
    return _text(found).lower() if found is not None else DEFAULT_PLAN


def _cargo(node: Node, names: Names) -> int | str:
    assert isinstance(node, Tree)
    if node.data == "vf":
        vf = int(str(node.children[0]))
        if vf < 1:
            raise Reject(IssueKind.SYNTAX, "load or unload 1 VF or more")
        return vf
    return names.piece(node, cargo=True)


def build_step(tree: Tree[Token], names: Names) -> Action:
    """The action of one script step's tree."""
    kids = list(tree.children)
    match tree.data:
        case "load":
            coast = names.place(kids[2], land=True) if len(kids) > 2 else None
            return Load(_cargo(kids[0], names), names.piece(kids[1], transport=True), coast)
        case "unload":
            to = names.place(kids[2], land=True) if len(kids) > 2 else None
            return Unload(_cargo(kids[0], names), names.piece(kids[1], transport=True), to)
        case "move_to":
            return Move(names.pieces(kids[0], transport=True), to=names.place(kids[1]))
        case "move_via":
            return Move(names.pieces(kids[0], transport=True), via=names.places(kids[1]))
        case "attack":
            pieces, captains = _force(Tree("force", kids[1:3]), names)
            return Attack(names.target(kids[0]), pieces, captains, _plan(kids))
        case "naval":
            pieces, captains = _force(Tree("force", kids[2:4]), names)
            enemy = names.power_of(kids[0])
            if enemy == names.power:
                raise Reject(IssueKind.ILLEGAL, "a power does not attack its own ships")
            return NavalAttack(enemy, names.place(kids[1]), pieces, captains, _plan(kids))
        case "siege":
            pieces, captains = _force(_optional(kids, "force"), names)
            route = _optional(kids, "route")
            way = _text(route.children[0]).upper() if isinstance(route, Tree) else None
            return Siege(names.place(kids[0], land=True), pieces, captains, way, _plan(kids))
        case "assault":
            pieces, captains = _force(_optional(kids, "force"), names)
            return Assault(names.place(kids[0], land=True), pieces, captains, _plan(kids))
        case "lift":
            return LiftSiege(names.place(kids[0], land=True))
        case "claim":
            vf = int(str(kids[1]))
            if vf < 1:
                raise Reject(IssueKind.SYNTAX, "a claim puts 1 VF or more aboard (L1630)")
            return Claim(names.piece(kids[0], transport=True, foreign=True, check=False), vf)
        case "play":
            on_node, for_node = _optional(kids, "play_on"), _optional(kids, "play_for")
            on = names.play_target(on_node.children[0]) if isinstance(on_node, Tree) else None
            take = names.card(for_node.children[0], held=False) if isinstance(for_node, Tree) else None
            return PlayCombatCard(names.card(kids[0], held=True), on, take)
        case "war":
            enemy = names.power_of(kids[0])
            if enemy == names.power:
                raise Reject(IssueKind.ILLEGAL, "a power does not declare war on itself")
            return SurpriseWar(enemy)
    raise Reject(IssueKind.SYNTAX, f"unknown step {tree.data!r}")
