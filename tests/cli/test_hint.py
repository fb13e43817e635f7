"""`deduce hint` as a player and a script use it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from deduce.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_rulebook_example_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hint", "--suit", "rose", "--clue", "jacqueline-field", "--json")
    result = json.loads(out)
    assert code == 0 and result["status"] == "open" and len(result["candidates"]) == 18


def test_rulebook_example_typed_from_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    by_id = json.loads(run(capsys, "hint", "--suit", "rose", "--clue", "jacqueline-field", "--json")[1])
    typed = json.loads(run(capsys, "hint", "--suit", "rose", "--obs", "literary,married,children:1", "--json")[1])
    assert typed["candidates"] == by_id["candidates"]


def test_readable_output_in_three_languages(capsys: pytest.CaptureFixture[str]) -> None:
    for lang, words in (("en", "18 possible Dark Ladies"), ("it", "18 possibili Dame Brune"),
                        ("ru", "Возможных Смуглых дам: 18")):
        code, out, _ = run(capsys, "hint", "--suit", "rose", "--clue", "jacqueline-field", "--lang", lang)
        assert code == 0 and words in out


def test_explain_prints_sentences(tiny_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hint", "--cards", str(tiny_file), "--suit", "red",
                       "--obs", "c,d:0", "--clue", "l3", "--explain")
    assert code == 0
    assert "She is: a, b." in out
    assert "c is ruled out: with clue 1 (c, d: red 0), no possible Dark Lady has it." in out


def test_contradiction_names_the_conflicting_clues(tiny_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hint", "--cards", str(tiny_file), "--clue", "l1", "--clue", "l3", "--json")
    assert code == 0 and json.loads(out)["conflict"] == [0, 1]
    code, out, _ = run(capsys, "hint", "--cards", str(tiny_file), "--clue", "l1", "--clue", "l3")
    assert "These clues contradict each other: clue 1 (l1) and clue 2 (l3)" in out


@pytest.mark.parametrize("argv, expected", [
    (["--obs", "a,b:1"], '--obs "a,b:1" counts: needs the Dark Lady\'s suit'),
    (["--suit", "red", "--obs", "a,zz:1"], '--obs "a,zz:1" traits[1]: unknown trait \'zz\''),
    (["--suit", "red", "--obs", "a,b:7"], '--obs "a,b:7" counts[0]: 7 is outside 0..2'),
    (["--suit", "red", "--obs", "a,b,c:1"], '--obs "a,b,c:1" traits: expected 2 traits, got 3'),
    (["--clue", "nobody"], '--clue "nobody" card: unknown card \'nobody\''),
    (["--clue", "l1:boss"], '--clue "l1:boss" role: expected one of: clue, suit_card'),
    (["--suit", "pink"], "--suit: unknown suit 'pink'"),
])
def test_bad_flags_are_named(tiny_file: Path, capsys: pytest.CaptureFixture[str], argv: list[str],
                             expected: str) -> None:
    code, out, err = run(capsys, "hint", "--cards", str(tiny_file), *argv)
    assert code == 2 and out == "" and expected in err and "Traceback" not in err


def test_missing_card_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "hint", "--cards", str(tmp_path / "none.yaml"))
    assert code == 2 and "does not exist" in err


def test_batch_answers_line_by_line(tiny_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = [
        {"suit": "red", "clues": [{"card": "l3"}]},
        "not json",
        {"clues": [{"traits": ["a", "b"], "counts": [1]}]},
        {"clues": [{"card": "l1"}, {"card": "l3"}]},
    ]
    batch = tmp_path / "queries.jsonl"
    batch.write_text("\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n")
    code, out, _ = run(capsys, "hint", "--cards", str(tiny_file), "--batch", str(batch))
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and len(results) == 4
    assert results[0]["status"] == "open"
    assert results[1]["error"]["line"] == 2 and "not valid JSON" in results[1]["error"]["message"]
    assert results[2]["error"]["problems"][0]["path"] == "clues[0].counts"
    assert results[3]["status"] == "contradiction" and results[3]["conflict"] == [0, 1]


def test_clean_batch_exits_zero_and_reads_stdin(tiny_file: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "deduce.cli", "hint", "--cards", str(tiny_file), "--batch", "-"],
                          input='{"suit": "blue"}\n', capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0 and json.loads(proc.stdout)["status"] == "open"


def test_batch_refuses_extra_flags(tiny_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "hint", "--cards", str(tiny_file), "--batch", str(tmp_path / "q"), "--suit", "red")
    assert code == 2 and "--batch" in err


def test_batch_line_that_is_not_utf8(tiny_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    batch = tmp_path / "queries.jsonl"
    batch.write_bytes(b'{"suit": "red"}\n{"suit": "\xff"}\n{"suit": "blue"}\n')
    code, out, _ = run(capsys, "hint", "--cards", str(tiny_file), "--batch", str(batch))
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and [("error" in r) for r in results] == [False, True, False]
    assert "not UTF-8" in results[1]["error"]["message"]



def test_explanations_read_in_italian_and_russian(tiny_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["hint", "--cards", str(tiny_file), "--suit", "red", "--obs", "c,d:0", "--clue", "l3", "--explain"]
    out = run(capsys, *argv, "--lang", "it")[1]
    assert "c: escluso. Con l'indizio 1 (c, d: red 0) nessuna possibile Dama Bruna ha questo tratto." in out
    out = run(capsys, *argv, "--lang", "ru")[1]
    assert "c — нет ни у одной возможной Смуглой дамы. Это доказывают: подсказка 1 (c, d: red 0)." in out
