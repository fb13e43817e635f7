"""Every ``$ deduce …`` example in the README prints what the README shows.

How an example is read from a ```console block of README.md:

- a line starting with ``$ `` is a command; a command line ending in ``\\`` goes on on the
  next line, as in a shell;
- the lines after it, up to the next ``$ `` line or the end of the block, are what it prints
  (stdout, then stderr), compared line by line with trailing whitespace ignored; progress
  reports on stderr (``deduce simulate: 40%``) depend on the machine's speed and are left out;
- a line that is exactly ``...`` (or ``…``) stands for any number of lines, none included;
  ``...`` inside a line stands for any text on that line (long JSON lines are shown cut);
- a last line ``[exit N]`` is the exit code the command must end with; without one it must
  end with 0.

A command made only of ``deduce`` and its arguments runs in-process (``deduce.cli.main``);
one that needs the shell (a pipe) runs under ``sh`` with ``deduce`` meaning
``python -m deduce``. Each runs in a scratch directory holding a copy of ``docs/`` and a link
to ``data/``, so relative paths such as ``data/clues.yaml`` and ``docs/track-example.json``
work and files the examples write (``deduce board --svg docs/london.svg``) land there, not in
the repository. Examples that need a running server (``deduce serve``, ``curl``) go in ```sh
blocks, which are not run.

The README names no file that is not there: every path it quotes exists, and the tree under
"Project layout" lists every module of the package (``__init__.py`` and ``__main__.py``
optional) and nothing else.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from deduce.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
ELISION = {"...", "…"}
EXIT = re.compile(r"\[exit (\d+)\]")
PROGRESS = re.compile(r"deduce [a-z-]+: \d+%")
SHELL_OPERATORS = {"|", "||", "&", "&&", ";", "<", ">", ">>", "<<", "(", ")"}


@dataclass(frozen=True)
class Example:
    """One command of a console block, what it prints, and how it ends."""

    line: int  # where the command starts in README.md (1-based)
    command: str
    expected: list[str]
    exit_code: int

    @property
    def id(self) -> str:
        return f"L{self.line}: {self.command[:70]}"


def examples(text: str) -> list[Example]:
    """The commands of every ```console block in ``text``, in order."""
    found: list[Example] = []
    block: list[tuple[int, str]] | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if block is None:
            if line.strip() == "```console":
                block = []
        elif line.strip() == "```":
            found.extend(block_examples(block))
            block = None
        else:
            block.append((number, line))
    return found


def block_examples(block: list[tuple[int, str]]) -> list[Example]:
    """Split one console block into its commands, each with the lines up to the next."""
    found: list[Example] = []
    i = 0
    while i < len(block):
        start, line = block[i]
        assert line.startswith("$ "), f"README.md line {start}: a console block must start with a '$ ' command"
        command = line[2:]
        while command.endswith("\\"):
            i += 1
            command = command[:-1].rstrip() + " " + block[i][1].strip()
        i += 1
        output: list[str] = []
        while i < len(block) and not block[i][1].startswith("$ "):
            output.append(block[i][1].rstrip())
            i += 1
        while output and not output[-1]:
            output.pop()
        exit_code = 0
        if output and (m := EXIT.fullmatch(output[-1])):
            exit_code = int(m.group(1))
            output.pop()
        found.append(Example(start, command, output, exit_code))
    return found


def needs_shell(command: str) -> bool:
    """Whether ``command`` is more than ``deduce`` and its arguments (a pipe, a redirection)."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    words = list(lexer)
    return words[0] != "deduce" or any(word in SHELL_OPERATORS for word in words)


def line_matches(expected: str, actual: str) -> bool:
    """One line, where ``...`` inside ``expected`` stands for any text."""
    if "..." not in expected and "…" not in expected:
        return expected == actual
    parts = re.split(r"\.\.\.|…", expected)
    return re.fullmatch(".*".join(map(re.escape, parts)), actual) is not None


def output_matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` fits ``expected``, an elision line standing for zero or more lines."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head in ELISION:
        return any(output_matches(rest, actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and line_matches(head, actual[0]) and output_matches(rest, actual[1:])


def run(example: Example, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Run the example in the current directory: its exit code, and stdout then stderr."""
    if needs_shell(example.command):
        script = f'deduce() {{ "{sys.executable}" -m deduce "$@"; }}\n{example.command}\n'
        done = subprocess.run(["sh", "-c", script], capture_output=True, text=True, timeout=120, check=False)
        code, out, err = done.returncode, done.stdout, done.stderr
    else:
        capsys.readouterr()
        try:
            code = main(shlex.split(example.command)[1:])
        except SystemExit as exc:  # argparse's own errors and --help, as in a terminal
            code = exc.code if isinstance(exc.code, int) else 1
        out, err = capsys.readouterr()
    return code, out + "".join(line for line in err.splitlines(keepends=True) if not PROGRESS.fullmatch(line.strip()))


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory with the repository's docs/ (a copy) and data/ (a link); no forced colours."""
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    (tmp_path / "data").symlink_to(ROOT / "data", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    return tmp_path


TEXT = README.read_text(encoding="utf-8")
EXAMPLES = examples(TEXT)


def test_the_readme_has_examples() -> None:
    assert len(EXAMPLES) >= 10


def test_elisions() -> None:
    """The comparison itself: ``...`` lines stand for zero or more lines, ``...`` in a line for any text."""
    assert output_matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert output_matches(["a", "...", "d"], ["a", "d"])
    assert output_matches(["a", "…"], ["a"])
    assert not output_matches(["a", "...", "d"], ["a", "b", "c"])
    assert not output_matches(["a"], ["a", "b"])
    assert output_matches(['{"x": [1, ...], "y": 2}'], ['{"x": [1, 2, 3], "y": 2}'])
    assert not output_matches(['{"x": [1, ...], "y": 2}'], ['{"x": [1, 2, 3], "y": 3}'])
    assert [(e.command, e.expected, e.exit_code) for e in examples(
        "```console\n$ deduce a \\\n    --b\nout\n[exit 1]\n$ deduce c\n```\n")] == [
        ("deduce a --b", ["out"], 1), ("deduce c", [], 0)]


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_example(example: Example, scratch: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, printed = run(example, capsys)
    actual = [line.rstrip() for line in printed.splitlines()]
    while actual and not actual[-1]:
        actual.pop()
    shown = "\n".join(example.expected)
    got = "\n".join(actual)
    assert output_matches(example.expected, actual), (
        f"README.md line {example.line}: `$ {example.command}` printed\n{got}\n\nbut the README shows\n{shown}")
    assert code == example.exit_code, (
        f"README.md line {example.line}: `$ {example.command}` exited {code}, the README shows {example.exit_code}")


def test_every_path_the_readme_quotes_exists() -> None:
    quoted = set(re.findall(r"`((?:deduce|docs|tests|bench)/[^`\s*]*)`", TEXT))
    missing = sorted(path for path in quoted if not (ROOT / path).exists())
    assert not missing, f"README.md quotes paths that do not exist: {missing}"


def layout_tree(text: str) -> set[str]:
    """The paths listed in the tree of the "Project layout" section, each line read as a name and its note."""
    section = text[text.index("## Project layout"):]
    block = section.split("```text\n", 1)[1].split("```", 1)[0]
    folders: list[tuple[int, str]] = []  # the enclosing folders, with their indentation
    listed = set()
    for line in block.splitlines():
        indent = len(line) - len(line.lstrip())
        name = line.split()[0]
        while folders and folders[-1][0] >= indent:
            folders.pop()
        path = "".join(folder for _, folder in folders) + name
        listed.add(path.rstrip("/"))
        if name.endswith("/"):
            folders.append((indent, name))
    return listed


def test_the_layout_lists_every_module() -> None:
    listed = layout_tree(TEXT)
    modules = {str(p.relative_to(ROOT)) for p in (ROOT / "deduce").rglob("*.py")
               if p.name not in ("__init__.py", "__main__.py")}
    assert not sorted(modules - listed), f"README.md's layout leaves out {sorted(modules - listed)}"
    gone = sorted(path for path in listed if not (ROOT / path).exists())
    assert not gone, f"README.md's layout lists what does not exist: {gone}"
