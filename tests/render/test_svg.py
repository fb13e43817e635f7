"""The SVG map: well-formed XML, every location and path drawn, shading that follows the odds."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from deduce.render.svg import board_svg, layout
from deduce.where.board import Board, Location
from tests.track_strategies import make_board

NS = {"svg": "http://www.w3.org/2000/svg"}
BOARD = make_board({"a": "inn", "b": "inn", "c": "church & <spire>", "d": "stairs"},
                   [("a", "b"), ("b", "c"), ("c", "d"), ("d", "a")], name='Tom\'s "London" & co')


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def groups(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-location"): g for g in root.iterfind(".//svg:g[@class='location']", NS)}


def test_well_formed_with_every_location_and_path():
    root = parse(board_svg(BOARD))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert set(groups(root)) == {"a", "b", "c", "d"}
    lines = root.findall(".//svg:g[@class='paths']/svg:line", NS)
    assert {(line.get("data-from"), line.get("data-to")) for line in lines} == set(BOARD.paths)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "church & <spire>" in texts  # landmark labels, escaped in the file and read back intact
    assert 'Tom\'s "London" & co' in texts
    assert not root.findall(".//svg:circle[@class='odds']", NS)


def test_shading_follows_the_odds():
    odds = {"a": 0.5, "b": 0.25, "c": 0.25, "d": 0.0}
    found = groups(parse(board_svg(BOARD, odds, caption="now")))
    opacity = {loc: float(g.find("svg:circle[@class='odds']", NS).get("fill-opacity")) for loc, g in found.items()}
    assert opacity == {"a": 1.0, "b": 0.5, "c": 0.5, "d": 0.0}
    assert {loc: float(g.get("data-odds")) for loc, g in found.items()} == odds
    assert found["a"].find("svg:title", NS).text == "a (inn): 50.0%"


def test_all_zero_odds_shade_nothing():
    found = groups(parse(board_svg(BOARD, dict.fromkeys(BOARD.location_ids, 0.0))))
    assert {float(g.find("svg:circle[@class='odds']", NS).get("fill-opacity")) for g in found.values()} == {0.0}


def centre(group: ET.Element) -> tuple[float, float]:
    circle = group.find("svg:circle", NS)
    return float(circle.get("cx")), float(circle.get("cy"))


def test_uses_the_boards_coordinates_when_it_has_them():
    placed = Board(BOARD.name, BOARD.landmarks, tuple(
        Location(loc.id, loc.name, loc.landmark, at) for loc, at in
        zip(BOARD.locations, [(0, 0), (10, 0), (10, 5), (0, 5)], strict=True)), BOARD.paths)
    assert layout(placed)["c"] == (10, 5)
    pos = {loc: centre(g) for loc, g in groups(parse(board_svg(placed))).items()}
    assert pos["a"][0] == pos["d"][0] < pos["b"][0] == pos["c"][0]  # x east
    assert pos["a"][1] == pos["b"][1] < pos["c"][1] == pos["d"][1]  # y south
    assert (pos["b"][0] - pos["a"][0]) == 2 * (pos["d"][1] - pos["a"][1])  # aspect kept


def test_falls_back_to_a_circle():
    pos = layout(BOARD)
    assert len(set(pos.values())) == 4
    assert all(abs(x * x + y * y - 1) < 1e-9 for x, y in pos.values())
    drawn = {loc: centre(g) for loc, g in groups(parse(board_svg(BOARD))).items()}
    assert len(set(drawn.values())) == 4


def test_single_location_board():
    one = make_board({"x": "m"}, [])
    assert set(groups(parse(board_svg(one, {"x": 1.0})))) == {"x"}
