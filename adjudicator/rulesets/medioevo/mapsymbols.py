"""The small marks of the map, each drawn around (0, 0), so the map and its legend draw the same.

Buildings are told apart by shape, not colour, so they read on any owner's fill: civil buildings
are white (circle, square, square with a keep), fortifications dark (triangle, house, battlements),
a cathedral purple, a fair gold. Army badges are pills in the owner's colour; pieces are squares.
"""

from __future__ import annotations

from html import escape

INK = "#222"
DARK = "#3b3024"
DAMAGED = "#c0392b"
YOU = "#1d3fbf"  # the outline of the reader's own territories (mapfocus.py)
COAST = "#2f5f80"
STRAIT_STYLE = 'stroke="#3b3024" stroke-width="1.4" stroke-dasharray="4 3"'
SYMBOL_STEP = 9.0  # pixels between the centres of two buildings in a row


def text_width(content: str, size: float) -> float:
    """About how wide ``content`` is in DejaVu Sans at ``size`` pixels (for layout only)."""
    return len(content) * size * 0.62


def at(x: float, y: float, fragment: str, css: str = "") -> str:
    """``fragment`` moved to (x, y); ``css`` names what it marks (our own words, never data)."""
    kind = f' class="{css}"' if css else ""
    return f'<g{kind} transform="translate({x:.1f},{y:.1f})">{fragment}</g>'


def site() -> str:
    return f'<circle r="2.8" fill="#fff" stroke="{INK}" stroke-width="1.2"/>'


def capital() -> str:
    return f'<circle r="4.2" fill="#fff" stroke="{INK}" stroke-width="1.2"/><circle r="1.6" fill="{INK}"/>'


def empty_site() -> str:
    return '<circle r="2.8" fill="none" stroke="#555" stroke-width="1" stroke-dasharray="1.5 1.2"/>'


def port() -> str:
    return f'<rect x="-2" y="-2" width="4" height="4" fill="{COAST}"/>'


def holy() -> str:
    """A Latin cross: a religious capital printed on the board."""
    return f'<path d="M-1,-5.5 h2 v2.5 h2.5 v2 h-2.5 v6 h-2 v-6 h-2.5 v-2 h2.5 Z" fill="{INK}"/>'


def strait() -> str:
    return f'<line x1="-7" y1="0" x2="7" y2="0" {STRAIT_STYLE}/>'


def _town() -> str:
    return f'<rect x="-3.2" y="-3.2" width="6.4" height="6.4" fill="#fff" stroke="{INK}" stroke-width="1.2"/>'


def _city() -> str:
    return (
        f'<rect x="-4" y="-4" width="8" height="8" fill="#fff" stroke="{INK}" stroke-width="1.3"/>'
        f'<rect x="-1.6" y="-1.6" width="3.2" height="3.2" fill="{INK}"/>'
    )


def _tower() -> str:
    return f'<path d="M-3.2,3.5 L0,-4 L3.2,3.5 Z" fill="{DARK}"/>'


def _fort() -> str:
    return f'<path d="M-3.6,3.8 V-1 L0,-4.2 L3.6,-1 V3.8 Z" fill="{DARK}"/>'


def _castle() -> str:
    return (
        f'<path d="M-4.2,4 V-4 h2 v2 h1.2 v-2 h2 v2 h1.2 v-2 h2 V4 Z" fill="{DARK}" stroke="{DARK}" '
        'stroke-width=".4"/>'
    )


def _cathedral() -> str:
    return (
        '<circle r="3.8" fill="#7b3294" stroke="#fff" stroke-width=".6"/>'
        '<path d="M-.7,-2.6 h1.4 v1.9 h1.9 v1.4 h-1.9 v2.5 h-1.4 v-2.5 h-1.9 v-1.4 h1.9 Z" fill="#fff"/>'
    )


def _fair() -> str:
    return '<circle r="3.2" fill="#e3b505" stroke="#6b5200" stroke-width="1"/>'


def _other() -> str:
    return '<path d="M0,-3.6 L3.6,0 L0,3.6 L-3.6,0 Z" fill="#888" stroke="#333" stroke-width=".6"/>'


BUILDINGS: dict[str, tuple[int, str]] = {
    # building id -> (order in a row: civil, fortification, religious, commercial; the mark)
    "village": (0, site()),
    "town": (0, _town()),
    "city": (0, _city()),
    "tower": (1, _tower()),
    "fort": (1, _fort()),
    "castle": (1, _castle()),
    "cathedral": (2, _cathedral()),
    "fair": (3, _fair()),
}
OTHER = "other building"


def building_key(building: str) -> str:
    """The mark a building is drawn with: fairs of every good share one, unknown ids another."""
    if building in BUILDINGS:
        return building
    return "fair" if building.endswith("fair") else OTHER


def building(key: str, damaged: bool = False) -> str:
    mark = BUILDINGS[key][1] if key in BUILDINGS else _other()
    return mark + (damaged_mark() if damaged else "")


def damaged_mark() -> str:
    return f'<path d="M-4,-4 L4,4 M4,-4 L-4,4" stroke="{DAMAGED}" stroke-width="1.8" stroke-linecap="round"/>'


def css(key: str) -> str:
    """The class of a building's mark: ``bld bld-castle``, ``bld bld-other``."""
    return "bld bld-" + (key if key in BUILDINGS else "other")


def row_order(key: str) -> int:
    return BUILDINGS[key][0] if key in BUILDINGS else 4


def badge_width(label: str) -> float:
    return 8 + text_width(label, 10)


def army_badge(label: str, colour: str) -> str:
    """A pill in the owner's colour with the VF count: armies of one power in one place."""
    w = badge_width(label)
    # a white rim first, so the pill stands out on land of its own colour
    return (
        f'<rect x="{-w / 2 - 1:.1f}" y="-7.5" width="{w + 2:.1f}" height="15" rx="7.5" fill="#fff"/>'
        f'<rect x="{-w / 2:.1f}" y="-6.5" width="{w:.1f}" height="13" rx="6.5" fill="{colour}" '
        f'stroke="{INK}" stroke-width=".9"/><text y="3.6" class="b">{escape(label)}</text>'
    )


def piece_width(label: str) -> float:
    return max(12.0, 6 + text_width(label, 8))


def piece_badge(label: str, colour: str) -> str:
    """A white square ringed in the owner's colour with the number of pieces there."""
    w = piece_width(label)
    return (
        f'<rect x="{-w / 2:.1f}" y="-6" width="{w:.1f}" height="12" rx="1.5" fill="#fff" '
        f'stroke="{colour}" stroke-width="2.4"/><text y="3" class="p">{escape(label)}</text>'
    )


def highlight_key() -> str:
    return f'<rect x="-6" y="-5" width="12" height="10" fill="none" stroke="{DAMAGED}" stroke-width="3"/>'


def yours_key() -> str:
    return f'<rect x="-6" y="-5" width="12" height="10" fill="none" stroke="{YOU}" stroke-width="3"/>'


BATTLE = "#c0392b"  # a battle the reader fought is ringed in the highlight's red
SIEGE = "#5b1a1a"


def swords(mine: bool = False) -> str:
    """Crossed swords on a white disc: a battle or an assault; a red rim when the reader fought."""
    rim = f'stroke="{BATTLE}" stroke-width="2.4"' if mine else f'stroke="{INK}" stroke-width="1"'
    return (
        f'<circle r="8.5" fill="#fff" {rim}/>'
        f'<path d="M-5,-5 L5,5 M5,-5 L-5,5" stroke="{INK}" stroke-width="1.8" stroke-linecap="round"/>'
        f'<path d="M-5.2,1.6 L-1.6,5.2 M5.2,1.6 L1.6,5.2" stroke="{INK}" stroke-width="1.4"/>'
    )


def siege_ring(radius: float = 11) -> str:
    """A dashed ring around a besieged settlement (L1908)."""
    return (
        f'<circle r="{radius}" fill="none" stroke="#fff" stroke-width="4"/>'
        f'<circle r="{radius}" fill="none" stroke="{SIEGE}" stroke-width="2.2" stroke-dasharray="4 2.5"/>'
    )


def arrow_head(colour: str) -> str:
    """The head of a move's arrow, pointing right (along +x), its tip at (0, 0)."""
    return f'<path d="M1,0 L-8,-5 L-6,0 L-8,5 Z" fill="{colour}" stroke="{INK}" stroke-width="1.1"/>'


def arrow_key(colour: str = INK) -> str:
    """The legend's arrow: a short shaft and its head."""
    return (
        f'<line x1="-7" y1="0" x2="4" y2="0" stroke="{colour}" stroke-width="2.2"/>'
        f'<g transform="translate(7,0)">{arrow_head(colour)}</g>'
    )
