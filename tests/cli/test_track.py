"""`deduce track` and `deduce board` as a player and a script use them."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from deduce.cli import main
from deduce.shipped import data_path
from deduce.where import boardfile
from deduce.where.csp import enumerate_walks
from deduce.where.query import parse_track_query
from deduce.where.tracker import track

# l0 - l1 - l2; l0 and l1 show landmark a, l2 shows b. On a 4-card deck where she moves
# every turn she alternates l1 with an end; seeing b on slot 1 leaves l1 ? l1 ? with
# l2 on slot 1: two walks, l1 certain on slot 0 and l2 on slot 1.
LINE = """
schema: 1
name: Line
landmarks: [{id: a, name: {en: Arch, it: Arco}}, {id: b, name: Bell}]
locations:
  - {id: l0, name: {en: Left, it: Sinistra}, landmark: a}
  - {id: l1, name: Middle, landmark: a}
  - {id: l2, name: Right, landmark: b}
paths: [[l0, l1], [l1, l2]]
"""


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def line_file(tmp_path: Path) -> Path:
    path = tmp_path / "line.yaml"
    path.write_text(LINE, encoding="utf-8")
    return path


def write_lines(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# -- deduce track --batch -------------------------------------------------------------

def test_batch_one_result_per_line_and_errors_in_place(line_file: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    good = {"length": 4, "moves": "always", "now": 0, "observations": [{"slot": 1, "landmark": "b"}]}
    batch = write_lines(tmp_path / "q.jsonl", [
        json.dumps(good),
        json.dumps({"length": 0, "moves": "always", "now": 0}),
        "{not json",
        json.dumps({**good, "observations": [{"slot": "1", "landmark": "b"}]}),
        json.dumps({"length": 5, "moves": "always", "now": 0}),
    ])
    code, out, _ = run(capsys, "track", "--board", line_file, "--batch", batch)
    lines = [json.loads(x) for x in out.splitlines()]
    assert code == 1 and len(lines) == 5
    assert lines[0] == {"status": "ok", "paths": "2",
                        "now": {"slot": 0, "locations": {"l0": 0.0, "l1": 1.0, "l2": 0.0}},
                        "next": {"slot": 1, "locations": {"l0": 0.0, "l1": 0.0, "l2": 1.0}}}
    assert lines[1]["error"]["problems"][0]["path"] == "length"
    assert lines[2]["error"]["line"] == 3
    assert lines[3]["error"]["message"] == "observations[0].slot: expected a whole number, got a string"
    assert lines[4]["status"] == "contradiction" and lines[4]["paths"] == "0"  # odd deck on a line


def test_batch_exit_zero_when_every_line_is_good(line_file: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    batch = write_lines(tmp_path / "q.jsonl", [json.dumps({"length": 2, "moves": "may_stay", "now": 5})] * 3)
    code, out, _ = run(capsys, "track", "--board", line_file, "--batch", batch)
    assert code == 0 and len(out.splitlines()) == 3


def test_batch_on_the_shipped_board_agrees_with_the_path_enumeration(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    board = boardfile.load(data_path("board.yaml"))
    landmarks = board.landmark_ids
    docs = [{"length": length, "moves": moves, "now": now,
             "observations": [{"slot": s, "landmark": landmarks[(s * 7 + length) % len(landmarks)]}
                              for s in range(0, length, 2)]
             + [{"slot": 1, "searched": board.location_ids[length % 11], "found": False}]}
            for length in (4, 6, 8) for moves in ("always", "may_stay") for now in (0, 3)]
    code, out, _ = run(capsys, "track", "--batch", write_lines(tmp_path / "q.jsonl", [json.dumps(d) for d in docs]))
    assert code == 0
    for doc, line in zip(docs, out.splitlines(), strict=True):
        result = json.loads(line)
        enum = enumerate_walks(board, parse_track_query(board, doc))
        assert int(result["paths"]) == enum.paths
        for loc in board.location_ids:
            assert result["now"]["locations"][loc] == (enum.now[loc] / enum.paths if enum.paths else 0.0)
            assert result["next"]["locations"][loc] == (enum.next[loc] / enum.paths if enum.paths else 0.0)
    assert any(json.loads(line)["status"] == "ok" for line in out.splitlines())


def test_batch_does_not_mix_with_flags(line_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    batch = write_lines(tmp_path / "q.jsonl", ["{}"])
    code, _, err = run(capsys, "track", "--board", line_file, "--batch", batch, "--now", "2")
    assert code == 2 and err.startswith("deduce: --batch: takes its queries from the file")


# -- deduce track, typed by a player ---------------------------------------------------------

def test_readable_table(line_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "track", "--board", line_file, "--length", 4, "--now", 0, "--landmark", "1:b")
    assert code == 0
    assert "Stealth deck of 4 cards, she moves every turn: 2 of her paths fit what you saw." in out
    rows = {line.split()[0]: line.split()[-2:] for line in out.splitlines()
            if line.startswith(("Left", "Middle", "Right"))}
    assert rows == {"Middle": ["100.0%", "0.0%"], "Right": ["0.0%", "100.0%"], "Left": ["0.0%", "0.0%"]}


def test_flags_mean_the_same_as_the_json_query(line_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "track", "--board", line_file, "--length", 6, "--moves", "may_stay", "--now", 8,
                       "--landmark", "0:a", "--fog", 1, "--searched", "2:l1:no", "--landmark", "9:b", "--json")
    board = boardfile.load(line_file)
    query = parse_track_query(board, {"length": 6, "moves": "may_stay", "now": 8, "observations": [
        {"slot": 0, "landmark": "a"}, {"slot": 1, "fog": True}, {"slot": 2, "searched": "l1", "found": False},
        {"slot": 9, "landmark": "b"}]})
    assert code == 0 and json.loads(out) == track(board, query).to_json()


def test_advice_for_the_pawn(line_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "track", "--board", line_file, "--length", 4, "--now", 0, "--landmark", "1:b",
                       "--pawn", "l1")
    assert code == 0
    assert "Your pawn is at Middle: she is there now with 100.0%." in out
    assert "Best within reach next turn: Right (100.0%)." in out
    assert "Advice: search here now." in out
    code, out, _ = run(capsys, "track", "--board", line_file, "--length", 4, "--now", 0, "--landmark", "1:b",
                       "--fog", 4, "--pawn", "l1")
    assert "A fog card is showing: no search this turn." in out and "Advice: move to Right." in out
    code, out, _ = run(capsys, "track", "--board", line_file, "--length", 4, "--now", 0, "--landmark", "1:b",
                       "--pawn", "l0", "--json")
    # from l0 she is out of reach now and next turn (l1, then l2): nothing to gain, stay
    assert json.loads(out)["advice"] == {"pawn": "l0", "action": "stay", "here_now": 0.0, "can_search": True,
                                         "best": "l0", "reach": {"l0": 0.0, "l1": 0.0}}


def test_other_languages(line_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "track", "--board", line_file, "--length", 4, "--now", 0, "--landmark", "1:b",
                    "--lang", "it")
    assert "si sposta a ogni turno" in out and "Sinistra" in out and "Arco" in out
    _, out, _ = run(capsys, "track", "--board", line_file, "--length", 4, "--now", 0, "--lang", "ru")
    assert "она ходит каждый ход" in out


def test_contradiction_is_an_answer_not_an_error(line_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "track", "--board", line_file, "--length", 4, "--now", 0,
                       "--landmark", "0:b", "--landmark", "1:b")
    assert code == 0 and out.startswith("No path of hers fits what you saw")


@pytest.mark.parametrize("argv, expected", [
    (["--now", 0, "--landmark", "0:zzz"],
     "deduce: --landmark \"0:zzz\" landmark: unknown landmark 'zzz'; expected one of: Arch, Bell"),
    (["--now", 0, "--searched", "1:l9:yes"], "deduce: --searched \"1:l9:yes\" searched: unknown location 'l9'"),
    (["--now", 0, "--searched", "1:l1:perhaps"], "deduce: --searched \"1:l1:perhaps\" found: expected true or false"),
    (["--now", 0, "--fog", "x"], "deduce: --fog \"x\" slot: expected a whole number, got a string"),
    (["--now", 0, "--length", 0], "deduce: --length: expected a whole number of at least 1, got 0"),
    (["--now", -1], "deduce: --now: expected a whole number of 0 or more"),
    (["--now", 0, "--pawn", "nowhere"], "deduce: --pawn: unknown location 'nowhere'"),
    ([], "deduce: --now: is required"),
])
def test_bad_flags(line_file: Path, capsys: pytest.CaptureFixture[str], argv: list[object], expected: str) -> None:
    code, out, err = run(capsys, "track", "--board", line_file, *argv)
    assert code == 2 and out == "" and err.startswith(expected)
    assert "Traceback" not in err


def test_unreadable_board(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "track", "--board", tmp_path / "missing.yaml", "--now", 0)
    assert code == 2 and "does not exist" in err


# -- deduce board --------------------------------------------------------------------------

def test_board_table_lists_ids_and_paths(line_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "board", "--board", line_file)
    assert code == 0 and out.startswith("Line: 3 locations, 2 paths")
    assert any(line.split()[:2] == ["l1", "Middle"] and line.endswith("l0, l2") for line in out.splitlines())


def test_shipped_board_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "board")
    assert code == 0 and "11 locations" in out


def test_board_svg_to_stdout_is_xml(line_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "board", "--board", line_file, "--svg", "-")
    root = ET.fromstring(out.encode("utf-8"))
    assert code == 0 and root.tag.endswith("svg")


def test_board_svg_shaded_by_a_tracking_query(line_file: Path, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    query = tmp_path / "query.json"
    query.write_text(json.dumps({"length": 4, "moves": "always", "now": 0,
                                 "observations": [{"slot": 1, "landmark": "b"}]}), encoding="utf-8")
    svg = tmp_path / "map.svg"
    for flags, expected in (([], {"l0": 0.0, "l1": 1.0, "l2": 0.0}), (["--next"], {"l0": 0.0, "l1": 0.0, "l2": 1.0})):
        code, _, _ = run(capsys, "board", "--board", line_file, "--svg", svg, "--track", query, *flags)
        root = ET.parse(svg).getroot()
        odds = {g.get("data-location"): float(g.attrib["data-odds"]) for g in root.iter("{http://www.w3.org/2000/svg}g")
                if g.get("class") == "location"}
        assert code == 0 and odds == expected


def test_board_svg_refuses_a_query_no_walk_fits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No map at 0 %: a query that contradicts itself exits 1, says so, and writes nothing."""
    query = tmp_path / "query.json"
    query.write_text(json.dumps({"length": 26, "moves": "always", "now": 1, "observations": [
        {"slot": 0, "searched": "globe", "found": True}, {"slot": 1, "searched": "globe", "found": True}]}),
        encoding="utf-8")
    svg = tmp_path / "map.svg"
    code, out, err = run(capsys, "board", "--svg", svg, "--track", query)
    assert code == 1 and out == ""
    assert f"deduce: {query}: No path of hers fits what you saw" in err and "No map drawn." in err
    assert not svg.exists()


def test_board_svg_bad_input(line_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "board", "--board", line_file, "--track", tmp_path / "q.json")
    assert code == 2 and err.startswith("deduce: --track: shades the picture")
    bad = tmp_path / "q.json"
    bad.write_text('{"length": -2, "moves": "always", "now": 0}', encoding="utf-8")
    code, _, err = run(capsys, "board", "--board", line_file, "--svg", tmp_path / "m.svg", "--track", bad)
    assert code == 2 and err.strip() == f"deduce: {bad}: length: expected a whole number of at least 1, got -2"
    code, _, err = run(capsys, "board", "--board", line_file, "--svg", tmp_path / "no" / "such" / "m.svg")
    assert code == 2 and "cannot be written" in err


def test_pictures_in_docs_are_current(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/ shows the shipped board; regenerate with the commands in docs/where.md when it changes:
    deduce board --svg docs/london.svg; deduce board --svg docs/london-odds.svg --track docs/track-example.json"""
    docs = Path(__file__).resolve().parents[2] / "docs"
    for name, extra in (("london.svg", []), ("london-odds.svg", ["--track", docs / "track-example.json"])):
        fresh = tmp_path / name
        assert run(capsys, "board", "--svg", fresh, *extra)[0] == 0
        assert fresh.read_text(encoding="utf-8") == (docs / name).read_text(encoding="utf-8"), f"docs/{name} is stale"
