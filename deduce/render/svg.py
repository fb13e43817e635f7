"""A picture of the board as SVG: paths, locations, landmarks, and (optionally) her odds.

A satellite renderer: :func:`board_svg` is a pure function from a
:class:`~deduce.where.board.Board` (and optional odds per location) to an SVG document. It
places locations at their ``at`` coordinates when the board has them for every location,
otherwise evenly on a circle in board order. Each location is a circle ringed in its
landmark's colour (a legend names the landmarks); with odds, the circle is filled in red
with an opacity proportional to the location's probability relative to the likeliest
location, and the percentage is written under its name.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from xml.sax.saxutils import escape, quoteattr

from deduce.text.catalog import Phrase
from deduce.text.names import title_in
from deduce.where.board import Board, Point

WIDTH = 900
MARGIN = 90
RADIUS = 24
LEGEND_ROW = 22
#: Ring colours for landmarks, in board order (repeats past eight landmarks).
PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22")
SHADE = "#c0392b"
BACKGROUND = "#fbf8f1"
#: Labels get a halo of the background colour so that paths running under them stay readable.
HALO = f'stroke="{BACKGROUND}" stroke-width="4" stroke-linejoin="round" paint-order="stroke"'


def layout(board: Board) -> dict[str, Point]:
    """Drawing positions: the board's own ``at`` coordinates, or a circle in board order."""
    if board.drawable:
        return dict(board.points)
    n = len(board.locations)
    return {loc.id: (math.sin(2 * math.pi * i / n), -math.cos(2 * math.pi * i / n))
            for i, loc in enumerate(board.locations)}


def _fit(points: Mapping[str, Point], width: float) -> tuple[dict[str, Point], float]:
    """Scale and shift positions into a canvas ``width`` wide; return them and the height."""
    xs = [p[0] for p in points.values()] or [0.0]
    ys = [p[1] for p in points.values()] or [0.0]
    span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
    inner = width - 2 * MARGIN
    scale = inner / max(span_x, span_y, 1e-9)
    height = span_y * scale + 2 * MARGIN
    off_x = MARGIN + (inner - span_x * scale) / 2
    return {k: (off_x + (x - min(xs)) * scale, MARGIN + (y - min(ys)) * scale) for k, (x, y) in points.items()}, height


#: A label's text box is estimated, conservatively, from its characters: at 13 px a character
#: of DejaVu Sans (Chromium's usual sans-serif here) is at most 0.62 em wide in bold, 0.58 em
#: plain, plus 2 px of halo on each side; the two lines of a label are 16 and 15 px apart.
FONT = 13
BOLD_EM, PLAIN_EM, HALO_PX = 0.62, 0.58, 2
LINE_GAP = 15
#: Where a label may go around its location, in order of preference: under, over, beside, then
#: the four corners.
SIDES = ("below", "above", "right", "left", "below-right", "below-left", "above-right", "above-left")
#: How a label's text is anchored on each side: centred, or from its left or right edge.
ANCHORS = {"right": "start", "below-right": "start", "above-right": "start",
           "left": "end", "below-left": "end", "above-left": "end"}

Box = tuple[float, float, float, float]  # left, top, right, bottom


def _label_box(x: float, y: float, name: str, landmark: str, side: str) -> Box:
    """The box of a location's two-line label (name, then landmark) on one side of its circle."""
    width = max(len(name) * BOLD_EM, len(landmark) * PLAIN_EM) * FONT + 2 * HALO_PX
    height = FONT + LINE_GAP + 2 * HALO_PX + 4  # two lines with descenders
    corner = RADIUS * 0.75
    vertical, _, horizontal = side.partition("-")
    if side in ("right", "left"):
        top = y - height / 2
    elif vertical == "below":
        top = y + (corner if horizontal else RADIUS) + 3
    else:
        top = y - (corner if horizontal else RADIUS) - 3 - height
    if side == "right":
        left = x + RADIUS + 6
    elif side == "left":
        left = x - RADIUS - 6 - width
    elif horizontal == "right":
        left = x + corner
    elif horizontal == "left":
        left = x - corner - width
    else:
        left = x - width / 2
    return (left, top, left + width, top + height)


def _crosses(box: Box, a: Point, b: Point) -> bool:
    """Whether the segment a–b meets the box (Liang–Barsky clipping)."""
    (x1, y1), (x2, y2) = a, b
    dx, dy = x2 - x1, y2 - y1
    low, high = 0.0, 1.0
    for p, q in ((-dx, x1 - box[0]), (dx, box[2] - x1), (-dy, y1 - box[1]), (dy, box[3] - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def label_boxes(board: Board, lang: str = "en") -> dict[str, tuple[str, Box]]:
    """Each location's label side and box: the first side, in :data:`SIDES` order, that no path crosses.

    When every side is crossed, the side crossed by the fewest paths. Deterministic, so the
    pictures in docs/ stay reproducible.
    """
    pos, _ = _fit(layout(board), WIDTH)
    segments = [(pos[a], pos[b]) for a, b in board.paths]
    out = {}
    for loc in board.locations:
        x, y = pos[loc.id]
        name, landmark = loc.name.get(lang), board.landmark(loc.landmark).name.get(lang)
        boxes = [(side, _label_box(x, y, name, landmark, side)) for side in SIDES]
        out[loc.id] = min(boxes, key=lambda sb: (sum(_crosses(sb[1], a, b) for a, b in segments),
                                                 SIDES.index(sb[0])))
    return out


def _num(v: float) -> str:
    return f"{v:.1f}"


def board_svg(board: Board, odds: Mapping[str, float] | None = None, caption: str | None = None,
              lang: str = "en") -> str:
    """The board as an SVG document, shaded by ``odds`` (location id → probability) if given."""
    pos, height = _fit(layout(board), WIDTH)
    colour = {m.id: PALETTE[i % len(PALETTE)] for i, m in enumerate(board.landmarks)}
    top = max((odds or {}).values(), default=0.0)
    labels = label_boxes(board, lang)
    legend_top = height
    total_height = legend_top + LEGEND_ROW * (len(board.landmarks) + 1) + (30 if caption else 0)
    title = escape(title_in(lang, board.name, "board"))
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{_num(total_height)}" '
        f'viewBox="0 0 {WIDTH} {_num(total_height)}" font-family="sans-serif" font-size="13">',
        f"<title>{title}</title>",
        f'<rect width="{WIDTH}" height="{_num(total_height)}" fill="{BACKGROUND}"/>',
        f'<text x="{WIDTH / 2:.1f}" y="32" text-anchor="middle" font-size="20">{title}</text>',
        '<g class="paths" stroke="#6b6b6b" stroke-width="3">',
    ]
    for a, b in board.paths:
        (x1, y1), (x2, y2) = pos[a], pos[b]
        out.append(f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}" '
                   f'data-from={quoteattr(a)} data-to={quoteattr(b)}/>')
    out.append("</g>")
    out.append('<g class="locations" text-anchor="middle">')
    for loc in board.locations:
        x, y = pos[loc.id]
        name = loc.name.get(lang)
        landmark = board.landmark(loc.landmark).name.get(lang)
        p = None if odds is None else float(odds.get(loc.id, 0.0))
        tip = f"{name} ({landmark})" + ("" if p is None else f": {100 * p:.1f}%")
        shade = 0.0 if not p or top <= 0 else p / top
        out.append(f'<g class="location" id={quoteattr("loc-" + loc.id)} data-location={quoteattr(loc.id)}'
                   + ("" if p is None else f' data-odds="{p:.6f}"') + ">")
        out.append(f"<title>{escape(tip)}</title>")
        out.append(f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{RADIUS}" fill="white" '
                   f'stroke={quoteattr(colour[loc.landmark])} stroke-width="5"/>')
        if p is not None:
            out.append(f'<circle class="odds" cx="{_num(x)}" cy="{_num(y)}" r="{RADIUS - 3}" fill="{SHADE}" '
                       f'fill-opacity="{shade:.3f}"/>')
            ink = "white" if shade > 0.55 else "black"
            out.append(f'<text x="{_num(x)}" y="{_num(y + 5)}" font-weight="bold" fill="{ink}">{100 * p:.0f}%</text>')
        side, (left, label_top, right, _) = labels[loc.id]
        anchor = f' text-anchor="{ANCHORS[side]}"' if side in ANCHORS else ""
        tx = {"start": left + HALO_PX, "end": right - HALO_PX}.get(ANCHORS.get(side, ""), x)
        first = label_top + HALO_PX + FONT - 1
        out.append(f'<text class="label" x="{_num(tx)}" y="{_num(first)}" font-weight="bold"{anchor} {HALO}>'
                   f'{escape(name)}</text>')
        out.append(f'<text class="label" x="{_num(tx)}" y="{_num(first + LINE_GAP)}" fill="#555"{anchor} {HALO}>'
                   f'{escape(landmark)}</text>')
        out.append("</g>")
    out.append("</g>")
    out.append(f'<g class="legend" transform="translate({MARGIN / 3:.1f},{_num(legend_top)})">')
    # the page's board editor heads its legend with the same words
    out.append(f'<text x="0" y="0" font-weight="bold">{escape(Phrase("page", "board.landmarks").said(lang))}</text>')
    for i, m in enumerate(board.landmarks):
        y = LEGEND_ROW * (i + 1)
        out.append(f'<circle cx="8" cy="{y - 4}" r="7" fill="white" stroke={quoteattr(colour[m.id])} '
                   'stroke-width="4"/>')
        out.append(f'<text x="24" y="{y}">{escape(m.name.get(lang))}</text>')
    out.append("</g>")
    if caption:
        out.append(f'<text x="{WIDTH / 2:.1f}" y="{_num(total_height - 12)}" text-anchor="middle" '
                   f'font-size="15">{escape(caption)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
