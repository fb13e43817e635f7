"""Hostile input to the command line (issue 11): every reader and every batch ends with a
message and an exit code (2 for a file or flag that cannot be read, 1 for failed batch
lines), never a traceback, a crash or a hang.

The files are the shipped data files with one part made hostile: integers too long for
Python to print (YAML reads hexadecimal of any size), documents nested past what a parser
survives, non-regular files, files past the size limit; and batch lines of the same kinds.
"""

from __future__ import annotations

import io
import json
import os
import select
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce.cli import main
from deduce.cli.common import MAX_LINE_BYTES, batch_lines, run_batch
from deduce.document import MAX_DEPTH, MAX_DOCUMENT_BYTES
from deduce.errors import InputError
from deduce.shipped import data_path

#: Stands for an integer of 6,021 digits in a document: :func:`yaml_text` writes it in hex.
HUGE = object()
HEX = "0x" + "f" * 5000
DIGITS = "a number of about 6021 digits"


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def yaml_text(value: Any) -> str:
    """A document as one line of flow YAML, with :data:`HUGE` written as :data:`HEX` (keys too)."""
    if value is HUGE:
        return HEX
    if isinstance(value, dict):
        return "{" + ", ".join(f"? {yaml_text(k)} : {yaml_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(yaml_text(v) for v in value) + "]"
    return json.dumps(value)


def shipped(name: str) -> Any:
    return yaml.safe_load(data_path(name).read_text(encoding="utf-8"))


def with_value(name: str, path: tuple[Any, ...], value: Any) -> Any:
    """A shipped document with the value at ``path`` replaced (or added, for a new key)."""
    doc = shipped(name)
    parent = doc
    for part in path[:-1]:
        parent = parent[part]
    parent[path[-1]] = value
    return doc


def with_key(name: str, path: tuple[Any, ...], key: Any, value: Any) -> Any:
    """A shipped document with one more ``key: value`` in the mapping at ``path``."""
    doc = shipped(name)
    mapping = doc
    for part in path:
        mapping = mapping[part]
    mapping[key] = value
    return doc


# -- part 1: huge integers anywhere in a file ------------------------------------------

#: (file kind, document, command line with F for the file, the message's end)
READERS: list[tuple[str, Any, list[object], str]] = [
    ("clues.yaml", with_value("clues.yaml", ("schema",), HUGE), ["audit", "F"],
     f"schema: unsupported schema {DIGITS}; expected 1"),
    ("clues.yaml", with_value("clues.yaml", ("traits_per_lady",), HUGE), ["hint", "--cards", "F", "--suit", "rose"],
     f"traits_per_lady: expected a whole number in 1..7, got {DIGITS}"),
    ("clues.yaml", with_value("clues.yaml", ("ladies", 0, "key", "rose"), HUGE), ["audit", "F", "--json"],
     f"ladies[0].key.rose: {DIGITS} is outside 0..3"),
    ("clues.yaml", with_value("clues.yaml", ("ladies", 0, "key", "acorn"), [0, HUGE]), ["audit", "F"],
     f"ladies[0].key.acorn[1]: {DIGITS} is outside 0..3"),
    ("clues.yaml", with_value("clues.yaml", ("ladies", 0, "id"), HUGE), ["audit", "F"],
     "ladies[0].id: expected a non-empty string"),
    ("clues.yaml", with_value("clues.yaml", ("ladies", 0, "suit"), HUGE), ["audit", "F"],
     f"ladies[0].suit: unknown suit {DIGITS}; expected one of: rose, acorn"),
    ("clues.yaml", with_key("clues.yaml", ("ladies", 0, "key"), HUGE, 1), ["audit", "F"],
     f"ladies[0].key.{DIGITS}: unknown suit {DIGITS}; expected one of: rose"),
    ("clues.yaml", with_key("clues.yaml", ("modes",), HUGE, {}), ["audit", "F"],
     f"modes.{DIGITS}: unknown mode {DIGITS}; expected one of: easy, advanced"),
    ("clues.yaml", with_value("clues.yaml", ("modes", "easy", "rose"), HUGE), ["audit", "F"],
     f"modes.easy.rose: unknown suit {DIGITS}"),
    ("clues.yaml", with_value("clues.yaml", ("ladies", 1, "traits"), ["literary", HUGE, "court"]), ["audit", "F"],
     f"ladies[1].traits[1]: unknown trait {DIGITS}"),
    ("clues.yaml", with_key("clues.yaml", ("traits", 0, "name"), HUGE, "x"), ["audit", "F"],
     f"traits[0].name.{DIGITS}: expected a string"),
    ("board.yaml", with_value("board.yaml", ("schema",), HUGE), ["board", "--board", "F"],
     f"schema: unsupported schema {DIGITS}; expected 1"),
    ("board.yaml", with_value("board.yaml", ("locations", 0, "at"), [HUGE, 1]), ["track", "--board", "F", "--now", 1],
     f"locations[0].at[0]: expected a finite number, got {DIGITS}"),
    ("board.yaml", with_value("board.yaml", ("locations", 0, "landmark"), HUGE), ["audit-deck", "--board", "F"],
     f"locations[0].landmark: unknown landmark {DIGITS}; expected one of: "),
    ("board.yaml", with_value("board.yaml", ("paths", 0), ["globe", HUGE]), ["board", "--board", "F", "--svg", "-"],
     f"paths[0][1]: unknown location {DIGITS}"),
    ("stealth.yaml", with_value("stealth.yaml", ("cards", 0, "id"), HUGE), ["audit-deck", "--stealth", "F"],
     f"cards[0].id: is {DIGITS} but the positions give the id 'A'"),
    ("stealth.yaml", with_value("stealth.yaml", ("schema",), HUGE), ["simulate", "--games", 1, "--stealth", "F"],
     f"schema: unsupported schema {DIGITS}; expected 1"),
    ("sequences.json", with_value("sequences.json", ("sequences", 0, "moves"), HUGE),
     ["audit-deck", "--sequences", "F"], f"sequences[0].moves: expected one of: always, may_stay; got {DIGITS}"),
    ("query.yaml", {"length": 26, "moves": "always", "now": HUGE}, ["board", "--svg", "-", "--track", "F"],
     f"now: {DIGITS} is beyond the 1000000000 cards a query may count"),
    ("query.yaml", {"length": HUGE, "moves": "always", "now": 1}, ["board", "--svg", "-", "--track", "F"],
     f"length: {DIGITS} is longer than the 1000 slots supported"),
    ("clues.yaml", with_value("clues.yaml", ("schema",), HUGE), ["serve", "--cards", "F"],
     f"schema: unsupported schema {DIGITS}; expected 1"),
    ("board.yaml", with_value("board.yaml", ("schema",), HUGE), ["serve", "--board", "F"],
     f"schema: unsupported schema {DIGITS}; expected 1"),
]


@pytest.mark.parametrize("name, doc, argv, expected", READERS,
                         ids=[f"{argv[0]}-{expected.partition(':')[0]}" for _, _, argv, expected in READERS])
def test_huge_integers_are_named_by_their_size(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, doc: Any,
                                               argv: list[object], expected: str) -> None:
    path = tmp_path / name
    path.write_text(yaml_text(doc), encoding="utf-8")
    code, out, err = run(capsys, *[path if a == "F" else a for a in argv])
    assert code == 2 and out == ""
    named = argv[0] not in ("serve", "simulate")  # these read several files at once, and say what is wrong
    assert err.startswith(f"deduce: {path}: " if named else "deduce: ") and expected in err, err
    assert "Traceback" not in err and "4300" not in err


@pytest.mark.parametrize("lang, expected", [
    ("en", "traits_per_lady: expected a whole number in 1..7, got a number of about 201 digits\n"),
    ("it", "traits_per_lady: atteso un numero intero in 1..7, trovato un numero di circa 201 cifre\n"),
    ("ru", "traits_per_lady: ожидалось целое число в 1..7, получено: число примерно из 201 цифры\n"),
])
def test_a_huge_integer_is_described_in_the_language_of_the_message(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, expected: str) -> None:
    path = tmp_path / "clues.yaml"
    path.write_text(yaml_text(with_value("clues.yaml", ("traits_per_lady",), 10**200)), encoding="utf-8")
    code, _, err = run(capsys, "audit", path, "--lang", lang)
    assert code == 2 and err == f"deduce: {path}: {expected}"


def test_a_decimal_number_too_long_to_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """PyYAML reads decimal digits with int(), which refuses more than 4,300 of them."""
    path = tmp_path / "clues.yaml"
    path.write_text("schema: " + "9" * 5000 + "\n", encoding="utf-8")
    code, _, err = run(capsys, "audit", path)
    assert code == 2
    assert err == f"deduce: {path}: the card set holds a number of more than 4300 digits, more than can be read\n"


@pytest.mark.parametrize("argv, expected", [
    (["hint", "--suit", "rose", "--obs", "literary,married,court:²"],
     '--obs "literary,married,court:²" counts[0]: expected a whole number in 0..3, got a string'),
    (["hint", "--suit", "rose", "--obs", "literary,married,court:--1"],
     'counts[0]: expected a whole number in 0..3, got a string'),
    (["hint", "--suit", "rose", "--obs", "literary,married,court:" + "9" * 4300],
     'digits is outside 0..3'),
    (["hint", "--suit", "rose", "--obs", "literary,married,court:" + "9" * 5000],
     'counts[0]: expected a whole number in 0..3, got a string'),
    (["track", "--now", 3, "--landmark", "²:playhouse"], '--landmark "²:playhouse" slot: expected a whole number'),
    (["track", "--now", 3, "--fog", "9" * 5000], "slot: expected a whole number, got a string"),
    (["track", "--now", 3, "--fog", "9" * 4000], "is beyond the 1000000000 cards a query may count"),
])
def test_numbers_typed_on_the_command_line(capsys: pytest.CaptureFixture[str], argv: list[object],
                                           expected: str) -> None:
    """A flag's number is ASCII digits, at most 4,300 of them; anything else is named as text."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and expected in err and "Traceback" not in err


# -- part 1: nesting no parser survives --------------------------------------------------

@pytest.mark.parametrize("text", [
    "schema: 1\ntraits: " + "[" * 100_000 + "]" * 100_000 + "\n",
    "schema: 1\ntraits: " + "{a: " * 50_000 + "1" + "}" * 50_000 + "\n",
    "schema: 1\ntraits:\n  " + "- " * 60_000 + "x\n",
])
def test_deep_nesting_is_refused_before_it_is_parsed(tmp_path: Path, text: str) -> None:
    """libyaml's composer recurses in C: this used to kill the process (SIGSEGV), so run it in one."""
    path = tmp_path / "deep.yaml"
    path.write_text(text, encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "deduce.cli", "audit", str(path)], capture_output=True, text=True,
                          timeout=120, check=False)
    assert proc.returncode == 2, proc.stderr[-500:]
    assert proc.stderr == f"deduce: {path}: the card set nests lists and mappings more than {MAX_DEPTH} levels deep\n"


def test_nesting_up_to_the_limit_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nested.yaml"
    path.write_text("schema: 1\ntraits: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "\n", encoding="utf-8")
    code, _, err = run(capsys, "audit", path)
    assert code == 2 and "traits[0]: expected a mapping with an id, got a list" in err


# -- part 4: readers take regular files of at most 1 MiB ----------------------------------

FILE_FLAGS: list[tuple[list[object], str]] = [  # (command line with F for the file, what the reader calls the file)
    (["audit", "F"], "card set file"),
    (["hint", "--cards", "F"], "card set file"),
    (["track", "--board", "F", "--now", 1], "board file"),
    (["board", "--board", "F"], "board file"),
    (["audit-deck", "--stealth", "F"], "stealth deck file"),
    (["audit-deck", "--sequences", "F"], "sequences file"),
    (["board", "--svg", "-", "--track", "F"], "tracking query file"),
    (["serve", "--cards", "F"], "card set file"),
    (["simulate", "--games", 1, "--stealth", "F"], "stealth deck file"),
]


def not_regular(what: str, path: Path | str, kind: str) -> str:
    """What the CLI says of a file that is not a regular file."""
    return f"deduce: {what} '{path}' cannot be read: it is {kind}, not a regular file\n"


def reader_run(capsys: pytest.CaptureFixture[str], argv: list[Any], path: Path | str) -> tuple[int, str, str]:
    return run(capsys, *[path if a == "F" else a for a in argv])


@pytest.mark.parametrize("argv, what", FILE_FLAGS, ids=[" ".join(map(str, a)) for a, _ in FILE_FLAGS])
def test_a_device_is_refused_before_it_is_read(capsys: pytest.CaptureFixture[str], argv: list[object],
                                               what: str) -> None:
    """`deduce audit /dev/zero` read without end until a MemoryError."""
    code, out, err = reader_run(capsys, argv, "/dev/zero")
    assert (code, out, err) == (2, "", not_regular(what, "/dev/zero", "a character device"))


@pytest.mark.parametrize("argv, what", FILE_FLAGS[:4], ids=[" ".join(map(str, a)) for a, _ in FILE_FLAGS[:4]])
def test_a_fifo_and_a_directory_are_refused_without_blocking(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             argv: list[object], what: str) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)  # opening it to read would wait for a writer forever
    code, _, err = reader_run(capsys, argv, fifo)
    assert (code, err) == (2, not_regular(what, fifo, "a named pipe (FIFO)"))
    code, _, err = reader_run(capsys, argv, tmp_path)
    assert (code, err) == (2, not_regular(what, tmp_path, "a directory"))


def padded(text: str, size: int) -> str:
    """``text`` with a comment line that makes it ``size`` bytes of UTF-8."""
    pad = size - len(text.encode()) - 3
    return text + "#" + " " * pad + "\n\n"


@pytest.mark.parametrize("argv, what", FILE_FLAGS[:4], ids=[" ".join(map(str, a)) for a, _ in FILE_FLAGS[:4]])
def test_a_file_over_one_mebibyte_is_refused_and_one_at_the_limit_read(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str],
                                                                       argv: list[object], what: str) -> None:
    name = "clues.yaml" if what == "card set file" else "board.yaml"
    path = tmp_path / name
    text = data_path(name).read_text(encoding="utf-8")
    path.write_text(padded(text, MAX_DOCUMENT_BYTES), encoding="utf-8")
    assert path.stat().st_size == MAX_DOCUMENT_BYTES
    code, _, err = reader_run(capsys, argv, path)
    assert code == 0, err
    path.write_text(padded(text, MAX_DOCUMENT_BYTES + 1), encoding="utf-8")
    code, out, err = reader_run(capsys, argv, path)
    assert (code, out) == (2, "")
    assert err == (f"deduce: {what} '{path}' is too large: {MAX_DOCUMENT_BYTES + 1} bytes; "
                   f"a document may hold at most {MAX_DOCUMENT_BYTES} bytes\n")


def test_a_file_that_is_not_utf8_names_the_byte(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes(b"schema: 1\nname: Caf\xe9\n")
    code, _, err = run(capsys, "audit", path)
    assert code == 2
    assert err == f"deduce: card set file '{path}' cannot be read: it is not UTF-8 text (byte 0xe9 at offset 19)\n"


def test_binary_junk_is_not_a_document(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "junk.yaml"
    path.write_bytes(bytes(range(256)) * 64)
    code, out, err = run(capsys, "hint", "--cards", path)
    assert (code, out) == (2, "") and "cannot be read: it is not UTF-8 text (byte 0x80 at offset 128)" in err


# -- part 4: batches survive anything ------------------------------------------------------

GOOD = b'{"suit": "rose", "clues": [{"card": "jacqueline-field"}]}'
BAD_LINES = [  # (line, the message of its error object)
    (b"[" * 100_000, "line 2 is nested too deeply to be read"),
    (b'{"suit": ' + b"9" * 5000 + b"}",
     "line 2 holds a number of 5000 digits; numbers of at most 4300 digits are read"),
    (b'{"suit": "' + b"x" * MAX_LINE_BYTES + b'"}', f"line 2 is too long: {MAX_LINE_BYTES + 12} bytes; "
                                                    f"a line may hold at most {MAX_LINE_BYTES} bytes"),
    (b'{"suit": "ros\xe9"}', "line 2 is not UTF-8 text (byte 0xe9 at column 14)"),
    (b"", "line 2 is not valid JSON: Expecting value (column 1)"),
    (b'{"suit": "rose", "clues": [{"traits": ["literary", "court", "married"], "counts": [' + b"9" * 4300 + b"]}]}",
     "clues[0].counts[0]: a number of about 430"),
    (b'{"suit": "\\ud800"}', "suit: the line holds a lone UTF-16 surrogate"),
]


@pytest.mark.parametrize("command", ["hint", "track"])
@pytest.mark.parametrize("line, message", BAD_LINES,
                         ids=["deep", "digits", "long", "latin1", "blank", "huge-count", "surrogate"])
def test_a_pathological_line_is_an_error_object_and_the_run_goes_on(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                    command: str, line: bytes, message: str) -> None:
    good = GOOD if command == "hint" else b'{"length": 26, "moves": "always", "now": 3}'
    batch = tmp_path / "queries.jsonl"
    batch.write_bytes(b"\n".join([good, line, good]) + b"\n")
    code, out, err = run(capsys, command, "--batch", batch)
    lines = out.splitlines()
    assert code == 1 and err == "" and len(lines) == 3
    first, error, last = (json.loads(text) for text in lines)
    assert first == last and "error" not in first
    assert error["error"]["line"] == 2
    if command == "hint" or not message.startswith("clues"):
        assert message in error["error"]["message"]


def test_the_last_line_may_lack_its_newline_and_be_exactly_the_limit(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    query = b'{"suit": "rose"}'
    batch = tmp_path / "queries.jsonl"
    batch.write_bytes(GOOD + b"\n" + query + b" " * (MAX_LINE_BYTES - len(query)))
    code, out, _ = run(capsys, "hint", "--batch", batch)
    assert code == 0 and [json.loads(text)["status"] for text in out.splitlines()] == ["open", "open"]


class Spy(io.BytesIO):
    """A stream that remembers the most bytes one read returned."""

    most = 0

    def readline(self, size: int | None = -1) -> bytes:
        line = super().readline(size)
        self.most = max(self.most, len(line))
        return line


def test_a_long_line_is_skipped_without_holding_it() -> None:
    stream = Spy(b"short\n" + b"x" * 1_000_000 + b"\n" + b"y" * 25 + b"\nlast")
    assert list(batch_lines(stream, limit=20)) == [b"short\n", 1_000_000, 25, b"last"]
    assert stream.most <= 1 << 16


@pytest.mark.parametrize("failure, message", [
    (RecursionError("maximum recursion depth exceeded"), "line 2 is nested too deeply to be answered"),
    (MemoryError(), "line 2 needs more memory than there is to be answered"),
    (ValueError("Exceeds the limit (4300 digits) for integer string conversion"),
     "line 2 could not be answered: it holds a number too long to be shown"),
    (InputError.at(("suit",), "unknown suit"), "suit: unknown suit"),
])
def test_a_line_the_engine_fails_on_is_an_error_object(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       failure: BaseException, message: str) -> None:
    def answer(doc: Any) -> str:
        if doc == 2:
            raise failure
        return json.dumps({"answer": doc})

    batch = tmp_path / "numbers.jsonl"
    batch.write_text("1\n2\n3\n")
    assert run_batch(str(batch), answer) == 1
    lines = [json.loads(text) for text in capsys.readouterr().out.splitlines()]
    assert lines[0] == {"answer": 1} and lines[2] == {"answer": 3}
    assert lines[1]["error"]["line"] == 2 and lines[1]["error"]["message"] == message


class Flushes(io.StringIO):
    """A stdout that keeps what has been flushed apart from what is only written."""

    def __init__(self) -> None:
        super().__init__()
        self.flushed = ""

    def flush(self) -> None:
        self.flushed = self.getvalue()


def test_every_answer_is_flushed_before_the_next_line_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = Flushes()
    monkeypatch.setattr(sys, "stdout", out)
    seen: list[int] = []

    def answer(doc: Any) -> str:
        seen.append(len(out.flushed.splitlines()))
        return json.dumps(doc)

    batch = tmp_path / "numbers.jsonl"
    batch.write_text("".join(f"{n}\n" for n in range(5)))
    assert run_batch(str(batch), answer) == 0
    assert seen == [0, 1, 2, 3, 4] and out.flushed == "0\n1\n2\n3\n4\n"


def test_answers_reach_the_reader_as_they_are_made(tiny_file: Path) -> None:
    """Through a pipe, the first answer comes out while the second query is not yet written,
    so a run that is killed keeps every answer it gave."""
    proc = subprocess.Popen([sys.executable, "-m", "deduce.cli", "hint", "--cards", str(tiny_file), "--batch", "-"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(b'{"suit": "red"}\n')
        proc.stdin.flush()
        ready, _, _ = select.select([proc.stdout], [], [], 60)
        assert ready, "no answer within a minute of the first query"
        assert json.loads(proc.stdout.readline())["status"] == "open"
    finally:
        proc.kill()
        proc.wait()


@pytest.mark.parametrize("command", ["hint", "track"])
def test_a_batch_file_must_be_stdin_or_a_regular_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      command: str) -> None:
    fifo = tmp_path / "queries"
    os.mkfifo(fifo)
    code, _, err = run(capsys, command, "--batch", fifo)
    assert (code, err) == (2, not_regular("batch file", fifo, "a named pipe (FIFO)"))
    code, _, err = run(capsys, command, "--batch", tmp_path)
    assert (code, err) == (2, not_regular("batch file", tmp_path, "a directory"))
    code, _, err = run(capsys, command, "--batch", tmp_path / "none")
    assert (code, err) == (2, f"deduce: batch file '{tmp_path / 'none'}' does not exist\n")


# -- any mutation of the shipped files ------------------------------------------------------

MUTATED: dict[str, list[list[object]]] = {  # each shipped file, and the commands that read it (F)
    "clues.yaml": [["audit", "F"], ["hint", "--cards", "F", "--suit", "rose", "--clue", "jacqueline-field"]],
    "board.yaml": [["board", "--board", "F"], ["track", "--board", "F", "--now", 3, "--landmark", "0:playhouse"],
                   ["audit-deck", "--board", "F"]],
    "stealth.yaml": [["audit-deck", "--stealth", "F"]],
    "sequences.json": [["audit-deck", "--sequences", "F"]],
}

hostile = st.one_of(
    st.sampled_from([HUGE, 10 ** 100, -1, 0, 2 ** 64, None, True, [], {}, "", "rose", "playhouse", "always",
                     [HUGE], {"en": HUGE}, [[[]]], 1.5, float("inf"), float("nan")]),
    st.integers(), st.text(max_size=20), st.floats(),
    st.lists(st.one_of(st.integers(), st.text(max_size=5), st.none()), max_size=4),
    st.dictionaries(st.one_of(st.text(max_size=5), st.integers(), st.just(HUGE)), st.integers(), max_size=3),
)


def places(doc: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value in a document."""
    if prefix:
        yield prefix
    children = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    for key, value in children:
        yield from places(value, (*prefix, key))


def mutation(draw: Callable[..., Any], name: str) -> Any:
    doc = shipped(name)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(places(doc))))
        parent = doc
        for part in path[:-1]:
            parent = parent[part]
        action = draw(st.sampled_from(["set", "set", "delete", "rename"]))
        if action == "set" or not isinstance(parent, dict):
            parent[path[-1]] = draw(hostile)
        elif action == "delete":
            del parent[path[-1]]
        else:
            parent[draw(st.one_of(st.just(HUGE), st.integers(), st.text(max_size=8)))] = parent.pop(path[-1])
    return doc


@settings(max_examples=60)
@given(st.data())
def test_a_mutated_shipped_file_never_gives_a_traceback(tmp_path_factory: pytest.TempPathFactory,
                                                         data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(sorted(MUTATED)))
    doc = mutation(data.draw, name)
    path = tmp_path_factory.mktemp("mutated") / name
    path.write_text(yaml_text(doc), encoding="utf-8")
    for argv in MUTATED[name]:
        out, err = io.StringIO(), io.StringIO()
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(sys, "stdout", out)
            patch.setattr(sys, "stderr", err)
            code = main([str(path) if a == "F" else str(a) for a in argv])
        assert code in (0, 1, 2), (argv, err.getvalue())
        assert "Traceback" not in err.getvalue()
        if code == 2:
            assert err.getvalue().startswith("deduce: "), err.getvalue()


def a_folder(tmp_path: Path) -> Path:
    (tmp_path / "store").mkdir()
    return tmp_path / "store"


def notes(tmp_path: Path) -> Path:
    (tmp_path / "notes.txt").write_text("my notes, not a database\n" * 100, encoding="utf-8")
    return tmp_path / "notes.txt"


def under_a_file(tmp_path: Path) -> Path:
    (tmp_path / "blocked").write_text("a file where a folder should be", encoding="utf-8")
    return tmp_path / "blocked" / "games.sqlite3"


@pytest.mark.parametrize(("store", "said"), [(a_folder, "is a folder; give the path of a file in it"),
                                             (notes, "file is not a database"),
                                             (under_a_file, "as the game store")])
def test_serve_with_a_store_that_cannot_be_one_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          store: Callable[[Path], Path], said: str) -> None:
    """``deduce serve --db`` on a folder, a file of another kind, or under a file: one line naming it,
    exit 2, and the file left as it was."""
    target = store(tmp_path)
    before = target.read_bytes() if target.is_file() else None
    assert main(["serve", "--db", str(target), "--port", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and said in err[0] and str(target) in err[0], err
    assert (target.read_bytes() if target.is_file() else None) == before


@pytest.mark.parametrize(("argv", "said"), [
    (["simulate", "--games", "99999999999999999999"],
     "deduce: --games: must be 1 to 100,000, got 99,999,999,999,999,999,999"),
    (["simulate", "--games", "0"], "deduce: --games: must be 1 to 100,000, got 0"),
    (["simulate", "--seed", "-1"], "deduce: --seed: must be 0 to 9,223,372,036,854,775,807, got -1"),
    (["design", "--steps", "0"], "deduce: --steps: must be 1 to 1,000,000, got 0"),
    (["design", "--steps", "1000001"], "deduce: --steps: must be 1 to 1,000,000, got 1,000,001"),
    (["design", "--seed", str(2**63)],
     "deduce: --seed: must be 0 to 9,223,372,036,854,775,807, got 9,223,372,036,854,775,808"),
])
def test_numbers_past_a_commands_bounds_are_refused_before_any_work(capsys: pytest.CaptureFixture[str],
                                                                    argv: list[str], said: str) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err.splitlines() == [said]


def test_the_bounds_are_named_in_help(capsys: pytest.CaptureFixture[str]) -> None:
    for command, bound in (("simulate", "1 to 100,000"), ("design", "1 to 1,000,000")):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert bound in " ".join(capsys.readouterr().out.split())
