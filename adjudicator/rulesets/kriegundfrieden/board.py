"""The board as an SVG picture for reports (L9): the cathedral in the middle, piece by piece, a
fief on each side with its six outer and three inner sites and the houses on them, each noble's
seals and privileges, the agenda card on the table and the bids. Drawn from a view's public part
only, so every viewer of a window gets the same picture."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

COLOURS = ("#c0392b", "#2471a3", "#d4ac0d", "#1e8449")
"""The houses' colours (L10), by seat."""
SIZE = 560
SITE = 26
LABELS = ((SIZE / 2, SIZE - 24), (110, 150), (SIZE / 2, 126), (SIZE - 110, 150))
"""Where each seat's name, seals and privileges are written (bottom, left, top, right)."""


@dataclass(frozen=True)
class BoardDrawing:
    svg: str
    width: int
    height: int = SIZE


def _text(
    x: float, y: float, words: str, size: int = 13, anchor: str = "middle", weight: str = "normal"
) -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-family="sans-serif" font-size="{size}" '
        f'text-anchor="{anchor}" font-weight="{weight}">{escape(words)}</text>'
    )


def _fief(data: dict[str, Any], power: str, seat: int, colour: str) -> list[str]:
    """A fief along one side: a row of 6 outer sites, a row of 3 inner sites towards the middle."""
    me = data["nobles"][power]
    out: list[str] = []
    # lay the fief out along the bottom edge, then rotate it onto its side
    cx, base = SIZE / 2, SIZE - 40
    parts = []
    for i in range(6):
        x = cx - 3 * (SITE + 6) + i * (SITE + 6)
        fill = colour if i < me["outer"] else "#f4ecd8"
        parts.append(
            f'<rect x="{x:.0f}" y="{base - SITE:.0f}" width="{SITE}" height="{SITE}" '
            f'fill="{fill}" stroke="#555"/>'
        )
    for i in range(3):
        x = cx - 1.5 * (SITE + 6) + i * (SITE + 6)
        fill = colour if i < me["inner"] else "#efe3c2"
        parts.append(
            f'<rect x="{x:.0f}" y="{base - 2 * SITE - 12:.0f}" width="{SITE}" height="{SITE}" '
            f'fill="{fill}" stroke="#555" rx="6"/>'
        )
    counsellor = " (Counsellor)" if data["counsellor"] == power else ""
    label = f"{power}{counsellor}: {me['vp']} VP, {me['cards']} cards"
    scrolls = ", ".join(me["privileges"]) or "no privilege"
    out.append(f'<g transform="rotate({90 * seat} {SIZE / 2} {SIZE / 2})">{"".join(parts)}</g>')
    x, y = LABELS[seat % 4]  # the words stay upright, beside the fief
    out.append(_text(x, y, label, 12, weight="bold"))
    out.append(_text(x, y + 14, scrolls, 11))
    return out


def _cathedral(data: dict[str, Any]) -> list[str]:
    cathedral = data["cathedral"]
    built, pieces = cathedral["built"], cathedral["pieces"]
    out = []
    w, h = 44, 22
    x0, y0 = SIZE / 2 - 1.5 * w, SIZE / 2 - 1.0 * h - 24
    for i, piece in enumerate(pieces):
        x = x0 + (i % 3) * w
        y = y0 + (i // 3) * (h + 4)
        fill = "#8e7cc3" if i < built else "#ffffff"
        out.append(
            f'<rect x="{x:.0f}" y="{y:.0f}" width="{w - 3}" height="{h}" fill="{fill}" stroke="#444"/>'
        )
        out.append(_text(x + w / 2 - 1, y + 15, piece.split("_")[-1], 9))
    out.append(_text(SIZE / 2, y0 - 8, f"Cathedral: {built} of {len(pieces)} pieces", 12, weight="bold"))
    agenda = data.get("agenda") or "no agenda card on the table"
    out.append(_text(SIZE / 2, y0 + 2 * (h + 4) + 18, f"Agenda: {agenda}", 12, weight="bold"))
    auction = data.get("auction")
    if auction and auction.get("high"):
        out.append(
            _text(SIZE / 2, y0 + 2 * (h + 4) + 34, f"High bid {auction['high']} by {auction['leader']}", 11)
        )
    return out


def draw(data: dict[str, Any], title: str) -> BoardDrawing:
    """The board of ``data`` (a view's data: only its public part is read)."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" '
        f'viewBox="0 0 {SIZE} {SIZE}">',
        f'<rect width="{SIZE}" height="{SIZE}" fill="#fbf6e9"/>',
        _text(8, 14, title, 11, anchor="start"),
    ]
    for seat, power in enumerate(data["seats"]):
        parts += _fief(data, power, seat, COLOURS[seat % len(COLOURS)])
    parts += _cathedral(data)
    parts.append("</svg>")
    return BoardDrawing("".join(parts), SIZE)
