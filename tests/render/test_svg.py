"""The SVG map: well-formed XML, every location and path drawn, shading that follows the odds."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from deduce.render.svg import board_svg, layout
from deduce.text.catalog import LANGS, Phrase
from deduce.where.board import Board, Location
from tests.track_strategies import make_board

NS = {"svg": "http://www.w3.org/2000/svg"}
BOARD = make_board({"a": "inn", "b": "inn", "c": "church & <spire>", "d": "stairs"},
                   [("a", "b"), ("b", "c"), ("c", "d"), ("d", "a")], name='Tom\'s "London" & co')


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def groups(root: ET.Element) -> dict[str, ET.Element]:
    return {g.attrib["data-location"]: g for g in root.iterfind(".//svg:g[@class='location']", NS)}


def find(element: ET.Element, path: str) -> ET.Element:
    """The first element at ``path`` (``svg:`` names the SVG namespace) under ``element``; it must be there."""
    found = element.find(path, NS)
    assert found is not None, f"no {path} in {element.tag}"
    return found


def test_well_formed_with_every_location_and_path() -> None:
    root = parse(board_svg(BOARD))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert set(groups(root)) == {"a", "b", "c", "d"}
    lines = root.findall(".//svg:g[@class='paths']/svg:line", NS)
    assert {(line.get("data-from"), line.get("data-to")) for line in lines} == set(BOARD.paths)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "church & <spire>" in texts  # landmark labels, escaped in the file and read back intact
    assert 'Tom\'s "London" & co' in texts
    assert not root.findall(".//svg:circle[@class='odds']", NS)


def test_shading_follows_the_odds() -> None:
    odds = {"a": 0.5, "b": 0.25, "c": 0.25, "d": 0.0}
    found = groups(parse(board_svg(BOARD, odds, caption="now")))
    opacity = {loc: float(find(g, "svg:circle[@class='odds']").attrib["fill-opacity"]) for loc, g in found.items()}
    assert opacity == {"a": 1.0, "b": 0.5, "c": 0.5, "d": 0.0}
    assert {loc: float(g.attrib["data-odds"]) for loc, g in found.items()} == odds
    assert find(found["a"], "svg:title").text == "a (inn): 50.0%"


def test_all_zero_odds_shade_nothing() -> None:
    found = groups(parse(board_svg(BOARD, dict.fromkeys(BOARD.location_ids, 0.0))))
    assert {float(find(g, "svg:circle[@class='odds']").attrib["fill-opacity"]) for g in found.values()} == {0.0}


def centre(group: ET.Element) -> tuple[float, float]:
    circle = find(group, "svg:circle")
    return float(circle.attrib["cx"]), float(circle.attrib["cy"])


def test_uses_the_boards_coordinates_when_it_has_them() -> None:
    placed = Board(BOARD.name, BOARD.landmarks, tuple(
        Location(loc.id, loc.name, loc.landmark, at) for loc, at in
        zip(BOARD.locations, [(0, 0), (10, 0), (10, 5), (0, 5)], strict=True)), BOARD.paths)
    assert layout(placed)["c"] == (10, 5)
    pos = {loc: centre(g) for loc, g in groups(parse(board_svg(placed))).items()}
    assert pos["a"][0] == pos["d"][0] < pos["b"][0] == pos["c"][0]  # x east
    assert pos["a"][1] == pos["b"][1] < pos["c"][1] == pos["d"][1]  # y south
    assert (pos["b"][0] - pos["a"][0]) == 2 * (pos["d"][1] - pos["a"][1])  # aspect kept


def test_falls_back_to_a_circle() -> None:
    pos = layout(BOARD)
    assert len(set(pos.values())) == 4
    assert all(abs(x * x + y * y - 1) < 1e-9 for x, y in pos.values())
    drawn = {loc: centre(g) for loc, g in groups(parse(board_svg(BOARD))).items()}
    assert len(set(drawn.values())) == 4


def test_single_location_board() -> None:
    one = make_board({"x": "m"}, [])
    assert set(groups(parse(board_svg(one, {"x": 1.0})))) == {"x"}


def label_box_from_svg(first: ET.Element, second: ET.Element) -> tuple[float, float, float, float]:
    """A two-line label's box, estimated from the SVG alone, as conservatively as the renderer documents:
    a bold character at most 0.62 em wide, a plain one 0.58 em, 2 px of halo, 13 px text."""
    from deduce.render.svg import BOLD_EM, FONT, HALO_PX, PLAIN_EM

    width = max(len(first.text or "") * BOLD_EM, len(second.text or "") * PLAIN_EM) * FONT + 2 * HALO_PX
    x, top = float(first.attrib["x"]), float(first.attrib["y"]) - FONT - HALO_PX + 1
    bottom = float(second.attrib["y"]) + 4 + HALO_PX
    left = {"start": x - HALO_PX, "end": x - width + HALO_PX}.get(first.get("text-anchor", ""), x - width / 2)
    return left, top, left + width, bottom


def segment_meets_box(box: tuple[float, float, float, float], x1: float, y1: float, x2: float, y2: float, *,
                      steps: int = 400) -> bool:
    """Whether the segment passes through the box, by sampling it finely (independent of the renderer's clipping)."""
    return any(box[0] <= x1 + (x2 - x1) * i / steps <= box[2] and box[1] <= y1 + (y2 - y1) * i / steps <= box[3]
               for i in range(steps + 1))


def test_no_label_on_the_shipped_map_is_crossed_by_a_path() -> None:
    from deduce.shipped import load_board

    board = load_board()
    for lang in ("en", "it", "ru"):
        root = parse(board_svg(board, lang=lang))
        lines = [tuple(float(line.attrib[k]) for k in ("x1", "y1", "x2", "y2"))
                 for line in root.findall(".//svg:g[@class='paths']/svg:line", NS)]
        for location, group in groups(root).items():
            first, second = group.findall("svg:text[@class='label']", NS)
            box = label_box_from_svg(first, second)
            crossed = [line for line in lines if segment_meets_box(box, *line)]
            assert not crossed, f"{lang}: the label of {location} is crossed by {len(crossed)} path(s)"


def test_the_legend_is_headed_in_the_language() -> None:
    """The legend's heading is the catalog's word for landmarks, as the page's board editor says it."""
    for lang in LANGS:
        legend = find(parse(board_svg(BOARD, lang=lang)), ".//svg:g[@class='legend']/svg:text")
        assert legend.text == Phrase("page", "board.landmarks").said(lang)
    assert find(parse(board_svg(BOARD, lang="ru")), ".//svg:g[@class='legend']/svg:text").text == "Ориентиры"
