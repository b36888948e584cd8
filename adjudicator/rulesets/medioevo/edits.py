"""The GM's edit language: SET, GRANT, GIVE, PLACE, BUILD, PIECE, DAMAGE, SIEGE (scenarios and
`adjudicator gm edit`).

``SIEGE territory BY power|barbarians`` records a siege (L1908-1998) until combat is played by
mail; ``SIEGE territory LIFTED`` ends it. A besieged territory counts for neither taxes nor
reinforcements and takes no reinforcements (L2266, ex L2280, L1534; ``holdings.py``).

``SET captor prisoners owner N`` sets the VF of ``owner`` that ``captor`` holds prisoner (combat
will take prisoners itself, L978, L1772).

``WARES hungary caravan 1 20 tessuti`` puts goods aboard a commercial transport, within its room,
until commerce (issue 19) loads them by orders; ``… 0 tessuti`` takes them off (L1862)."""

from __future__ import annotations

from adjudicator.core.events import Visibility
from adjudicator.core.view import PUBLIC
from adjudicator.errors import EditError
from adjudicator.orders.names import NameIndex
from adjudicator.rulesets.medioevo.dataset import DataSet
from adjudicator.rulesets.medioevo.diplomacy_table import Ledger
from adjudicator.rulesets.medioevo.order_names import item_index, territory_index
from adjudicator.rulesets.medioevo.pacts import Pact, PactKind, Truce, pair
from adjudicator.rulesets.medioevo.pieces_state import catalogue, piece_named
from adjudicator.rulesets.medioevo.state import BARBARIANS, MedioevoState, Siege
from adjudicator.rulesets.medioevo.view import view
from adjudicator.rulesets.medioevo.war.cargo_state import mover_in
from adjudicator.rulesets.medioevo.war.declaration import declare_war
from adjudicator.rulesets.medioevo.war.parse_steps import place_index
from adjudicator.rulesets.medioevo.war.transport import COMMERCIAL, stats

USAGE = (
    "expected one of: SET power florins|honor|reinforcements N, SET power cb other N, "
    "SET captor prisoners owner N, "
    "GRANT power tech|card NAME, GIVE power territory..., PLACE power|barbarians N IN territory, "
    "BUILD territory building...|NOTHING, TURNORDER power..., ALLY power power, PACT power power..., "
    "WAR power power, SURPRISE attacker defender, TRUCE power power UNTIL turn, SET power pope 0|1, "
    "PIECE power item IN territory (a ship: or sea zone), WARES power transport N good, "
    "DAMAGE territory building..., DAMAGE PIECE power piece, "
    "SIEGE territory BY power|barbarians, SIEGE territory LIFTED"
)


def who_sees(before: MedioevoState, after: MedioevoState) -> Visibility:
    """Who is told of an edit: everyone when it changed what the public sees; else the powers whose
    own view it changed (florins, cards, reserve are behind the screen: R7, 002 L113); else the GM.
    An edit's words name what it set, so they go no further than what it changed."""
    if view(before, PUBLIC) != view(after, PUBLIC):
        return Visibility.public()
    told = tuple(p for p in after.powers if view(before, p) != view(after, p))
    return Visibility.to(*told) if told else Visibility.gm()


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise EditError(f"{what}: expected a whole number, not {text!r}") from None


def _lookup(index: NameIndex, typed: str) -> str:
    try:
        return index.resolve(typed)
    except LookupError as exc:
        raise EditError(str(exc)) from None


def apply_edit(state: MedioevoState, command: str, data: DataSet) -> MedioevoState:
    """One edit line applied to the state; raises EditError naming what was wrong."""
    words = command.split()
    if len(words) < 2:
        raise EditError(f"{command!r}: {USAGE}")
    verb = words[0].upper()
    powers = NameIndex(((p, p) for p in state.powers), "power")
    lands = territory_index(data.board)
    if verb == "BUILD":
        tid = _lookup(lands, words[1])
        wanted = tuple(w.lower() for w in words[2:])
        if wanted == ("nothing",):  # a site razed (a calamity's doing, L1546)
            wanted = ()
        bad = [w for w in wanted if w not in data.buildings]
        if bad or not words[2:]:
            raise EditError(f"{command!r}: expected buildings among {', '.join(data.buildings)}, or NOTHING")
        left = {b: t for b, t in state.territories[tid].damaged.items() if b in wanted}
        return state.with_territory(tid, buildings=wanted, damaged=left)
    if verb == "DAMAGE":
        return _damage(state, words[1:], powers, data)
    if verb == "SIEGE":
        return _siege(state, command, words[1:], powers, data)
    if verb == "PLACE" and words[1].lower() == BARBARIANS and len(words) >= 5 and words[3].upper() == "IN":
        tid = _lookup(lands, " ".join(words[4:]))  # barbarian VF in any territory (L2304-2374)
        total = state.territories[tid].armies.get(BARBARIANS, 0) + _int(words[2], "PLACE")
        if total < 0:
            raise EditError(f"{command!r}: that would leave {total} VF")
        armies = {**state.territories[tid].armies, BARBARIANS: total}
        return state.with_territory(tid, armies={p: n for p, n in armies.items() if n})
    power = _lookup(powers, words[1])
    held = state.powers[power]
    match verb, words[2:]:
        case "SET", [field, value] if field.lower() in ("florins", "honor", "reinforcements"):
            return state.with_power(power, **{field.lower(): _int(value, f"SET {field}")})
        case "SET", [field, value] if field.lower() == "pope":
            return state.with_power(power, pope=bool(_int(value, "SET pope")))
        case "SURPRISE", [other]:
            # an attack in combat without a declaration, judged by the GM until combat is played by
            # mail: the war's table plus 2 PO (L600, L636), allies choosing sides as in a war
            target = _lookup(powers, other)
            if target == power or state.at_war(power, target):
                raise EditError(f"{command!r}: name another power, not at war with {power}")
            ledger = Ledger(state, data)
            declare_war(ledger, power, target, [0], surprise=True)
            return ledger.state
        case "TURNORDER", others:
            order = (power, *(_lookup(powers, o) for o in others))
            if sorted(order) != sorted(state.powers):
                raise EditError(f"{command!r}: name every power once")
            return state.evolve(turn_order=order)
        case (("ALLY" | "PACT"), [_, *_] as others):
            parties = (power, *(_lookup(powers, o) for o in others))
            if len(set(parties)) != len(parties) or (verb == "ALLY" and len(parties) != 2):
                raise EditError(f"{command!r}: an alliance joins two powers, a pact two or more, each once")
            kind = PactKind.ALLIANCE if verb == "ALLY" else PactKind.PACT
            pact = Pact(id=state.new_pact_id(secret=False), kind=kind, parties=parties, made=state.turn)
            return state.with_pact(pact)  # a GM edit is public: so is the pact it makes
        case "WAR", [other]:
            return state.evolve(wars=tuple(sorted({*state.wars, pair(power, _lookup(powers, other))})))
        case "TRUCE", [other, keyword, until] if keyword.upper() == "UNTIL":
            truce = Truce(
                parties=pair(power, _lookup(powers, other)), until=_int(until, "TRUCE"), imposed_by=power
            )
            return state.evolve(truces=(*(t for t in state.truces if t.parties != truce.parties), truce))
        case "SET", [field, other, value] if field.lower() in ("prisoners", "prigionieri"):
            owner = _lookup(powers, other)
            count = _int(value, "SET prisoners")
            if owner == power or count < 0:
                raise EditError(f"{command!r}: a power holds 0 or more VF of another power prisoner")
            kept = {p: n for p, n in held.prisoners.items() if p != owner}
            return state.with_power(power, prisoners={**kept, owner: count} if count else kept)
        case "SET", [field, other, value] if field.lower() in ("cb", "casus_belli"):
            target = _lookup(powers, other)
            return state.with_power(power, casus_belli={**held.casus_belli, target: _int(value, "SET cb")})
        case "GRANT", [kind, *name] if kind.lower() in ("tech", "card") and name:
            if kind.lower() == "tech":
                ident = _lookup(
                    NameIndex(((t, x.name) for t, x in data.technologies.items()), "technology"),
                    " ".join(name),
                )
                return state.with_power(power, techs=tuple(sorted({*held.techs, ident})))
            ident = _lookup(NameIndex(((c, x.name) for c, x in data.cards.items()), "card"), " ".join(name))
            return state.with_power(power, cards=(*held.cards, ident))
        case "GIVE", [_, *_] as names:
            for typed in names:
                tid = _lookup(lands, typed)
                state = state.with_territory(tid, owner=power)
            return state
        case "WARES", [*what] if len(what) >= 4:
            return _wares(state, power, what, data)
        case "PIECE", [*what] if any(w.upper() == "IN" for w in what):
            cut = next(i for i, w in enumerate(what) if w.upper() == "IN")
            item = catalogue(data)[_lookup(item_index(data), " ".join(what[:cut]))]
            places = place_index(data.board) if item.domain == "sea" else lands  # a ship: at sea too
            where = _lookup(places, " ".join(what[cut + 1 :]))
            return state.add_piece(power, item.kind, item.level, where)
        case "PLACE", [amount, keyword, *where] if keyword.upper() == "IN" and where:
            tid = _lookup(lands, " ".join(where))
            terr = state.territories[tid]
            count = _int(amount, "PLACE")
            total = terr.armies.get(power, 0) + count
            if total < 0:
                raise EditError(f"{command!r}: that would leave {total} VF")
            armies = {**terr.armies, power: total}
            return state.with_territory(tid, armies={p: n for p, n in armies.items() if n})
    raise EditError(f"{command!r}: {USAGE}")


def _wares(state: MedioevoState, power: str, words: list[str], data: DataSet) -> MedioevoState:
    """``WARES hungary caravan 1 20 tessuti``: the goods aboard, within the transport's room."""
    cut = next((i for i, w in enumerate(words) if w.isdigit()), len(words)) + 1
    piece = piece_named(data, state, power, " ".join(words[:cut]))
    goods = NameIndex(((g, g) for g in data.goods), "good")
    if piece is None or cut + 1 >= len(words):
        raise EditError(
            f"WARES: expected WARES power transport N good, e.g. WARES {power} caravan 1 20 tessuti"
        )
    good = _lookup(goods, "_".join(words[cut + 1 :]).lower())
    wares = {**piece.wares, good: _int(words[cut], "WARES")}
    wares = {g: n for g, n in wares.items() if n > 0}
    room = (
        stats(data, mover_in(state, data, piece))
        if piece.kind in {t.kind for t in data.transports.values()}
        else None
    )
    if room is None or room.role != COMMERCIAL or sum(wares.values()) > room.goods_capacity:
        why = "not a commercial transport" if room is None or room.role != COMMERCIAL else "over its room"
        raise EditError(f"WARES: {' '.join(words[:cut])} of {power}: {why}")
    return state.with_piece(piece, wares=wares)


def _damage(state: MedioevoState, words: list[str], powers: NameIndex, data: DataSet) -> MedioevoState:
    """``DAMAGE Pest cathedral town`` or ``DAMAGE PIECE hungary galley 1``: damaged, to be repaired
    in this turn's purchases phase or lose a level at its end (L1024, L1056, L1420). Combat and
    the calamities will damage by themselves once they exist."""
    if words[0].upper() == "PIECE" and len(words) >= 3:
        power = _lookup(powers, words[1])
        piece = piece_named(data, state, power, " ".join(words[2:]))
        if piece is None:
            raise EditError(f"DAMAGE PIECE: {power} has no {' '.join(words[2:])!r}")
        return state.with_piece(piece, damaged=True, repair_by=state.turn)
    tid = _lookup(territory_index(data.board), words[0])
    terr = state.territories[tid]
    wanted = [w.lower() for w in words[1:]]
    bad = [w for w in wanted if w not in terr.buildings]
    if bad or not wanted:
        raise EditError(
            f"DAMAGE {words[0]}: expected buildings standing there, among {', '.join(terr.buildings)}"
        )
    return state.with_territory(tid, damaged={**terr.damaged, **dict.fromkeys(wanted, state.turn)})


def _siege(
    state: MedioevoState, command: str, words: list[str], powers: NameIndex, data: DataSet
) -> MedioevoState:
    """``SIEGE Pest BY mamluks`` or ``SIEGE Pest LIFTED``: a siege is an attack, so the besieger
    is at war with the owner (a declaration or ``SURPRISE``), or is the barbarians (L1170)."""
    upper = [w.upper() for w in words]
    if upper[-1:] == ["LIFTED"] and len(words) >= 2:
        tid = _lookup(territory_index(data.board), " ".join(words[:-1]))
        return state.with_siege(tid, None)
    if "BY" not in upper[1:-1] or upper[-2] != "BY":
        raise EditError(
            f"{command!r}: expected SIEGE territory BY power|barbarians, or SIEGE territory LIFTED"
        )
    tid = _lookup(territory_index(data.board), " ".join(words[:-2]))
    owner = state.territories[tid].owner
    by = BARBARIANS if upper[-1] == BARBARIANS.upper() else _lookup(powers, words[-1])
    if by != BARBARIANS and (by == owner or (owner is not None and not state.at_war(by, owner))):
        raise EditError(
            f"{command!r}: {by} must be at war with {owner} to besiege its territory (WAR or SURPRISE first)"
        )
    return state.with_siege(tid, Siege(territory=tid, by=by, since=state.turn))
