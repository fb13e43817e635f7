"""Every example in the README and the guides in ``docs/`` prints what they show, and they name
no file that is not there.

The documents are ``README.md`` and every ``docs/*.md``. How an example is read from a
```console block:

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
``python -m deduce``. A ```python block is a program: it must be followed by a line ``prints``
and a ```text block, what the program prints (read as a command's output), and it runs under
this interpreter. Each example runs in a scratch directory holding a copy of ``docs/`` and a
link to ``data/``, so relative paths such as ``data/clues.yaml`` and ``docs/track-example.json``
work and files the examples write (``deduce board --svg docs/london.svg``) land there, not in
the repository. Examples that need a running server (``deduce serve``, ``curl``) go in ```sh
blocks, which are not run.

The documents name no file that is not there: every path they quote in backticks exists, every
relative link (``[the guide](docs/playing.md#the-simulator)``, ``![a page](screenshots/x.png)``)
reaches a file, and its ``#anchor`` a heading of that file. The tree under "Project layout" in
``docs/architecture.md`` lists every module of both packages, ``deduce`` and ``api``
(``__init__.py`` and ``__main__.py`` optional), and nothing that does not exist. The README is
one a newcomer reads in five minutes: at most 300 lines, with a link to every guide; the HTTP
API's guide names every route of the service (``GET /v1/games/{id}``) and none it does not have.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastapi.routing import APIRoute

from api import app, page
from deduce.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
GUIDES = sorted((ROOT / "docs").glob("*.md"))
LAYOUT = ROOT / "docs" / "architecture.md"
API_GUIDE = ROOT / "docs" / "api.md"
#: The routes FastAPI itself adds, beside those of the service's routers.
FASTAPI_ROUTES = {"GET /openapi.json"}
PACKAGES = ("deduce", "api")
README_LINES = 300
ELISION = {"...", "…"}
EXIT = re.compile(r"\[exit (\d+)\]")
PROGRESS = re.compile(r"deduce [a-z-]+: \d+%")
SHELL_OPERATORS = {"|", "||", "&", "&&", ";", "<", ">", ">>", "<<", "(", ")"}
FENCE = re.compile(r"```(\w*)")
#: A path quoted in backticks: under one of the repository's folders, or one of its top-level files.
QUOTED_PATH = re.compile(r"`((?:deduce|api|data|docs|tests|bench|\.ci)/[^`\s*]*|pyproject\.toml|Makefile)`")
#: The target of a Markdown link or image, ``[text](target)``.
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
#: A route named in backticks, ``GET /v1/games/{id}``, and a parameter in its path.
ROUTE = re.compile(r"`(GET|HEAD|POST|PUT|PATCH|DELETE) (/[^`\s]*)`")
PATH_PARAMETER = re.compile(r"\{[^}]*\}")


def name(path: Path) -> str:
    """A document's name in messages and test ids: its path in the repository."""
    return path.relative_to(ROOT).as_posix()


@dataclass(frozen=True)
class Block:
    """A fenced block of a document: its language, the lines of its fences, the lines between."""

    language: str
    line: int  # the opening fence (1-based)
    end: int  # the closing fence
    lines: list[tuple[int, str]]  # (line number, text)


@dataclass(frozen=True)
class Document:
    """A Markdown document, read as its fenced blocks and the prose around them."""

    source: str
    blocks: list[Block]
    prose: list[tuple[int, str]]


def parse(source: str, text: str) -> Document:
    """Split ``text`` into its fenced blocks and its prose lines."""
    blocks: list[Block] = []
    prose: list[tuple[int, str]] = []
    opened: tuple[int, str] | None = None  # the line and language of the block being read
    lines: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if opened is None:
            if m := FENCE.fullmatch(line.strip()):
                opened, lines = (number, m.group(1)), []
            else:
                prose.append((number, line))
        elif line.strip() == "```":
            blocks.append(Block(opened[1], opened[0], number, lines))
            opened = None
        else:
            lines.append((number, line))
    assert opened is None, f"{source} line {opened[0]}: a ``` block is never closed"
    return Document(source, blocks, prose)


@dataclass(frozen=True)
class Example:
    """One command of a console block (or one python program), what it prints, and how it ends."""

    source: str  # the document, e.g. docs/playing.md
    line: int  # where the command starts in it (1-based)
    command: str
    expected: list[str]
    exit_code: int
    python: bool = False  # a program run by this interpreter, not a command

    @property
    def id(self) -> str:
        shown = "python: " + self.command.splitlines()[0] if self.python else self.command
        return f"{self.source}:L{self.line}: {shown[:70]}"

    @property
    def where(self) -> str:
        return f"{self.source} line {self.line}"


def examples(document: Document) -> list[Example]:
    """The commands of every ```console block and the programs of every ```python block, in order."""
    found: list[Example] = []
    for i, block in enumerate(document.blocks):
        if block.language == "console":
            found.extend(block_examples(document.source, block))
        elif block.language == "python":
            found.append(program(document, block, document.blocks[i + 1] if i + 1 < len(document.blocks) else None))
    return found


def block_examples(source: str, block: Block) -> list[Example]:
    """Split one console block into its commands, each with the lines up to the next."""
    lines = block.lines
    found: list[Example] = []
    i = 0
    while i < len(lines):
        start, line = lines[i]
        assert line.startswith("$ "), f"{source} line {start}: a console block must start with a '$ ' command"
        command = line[2:]
        while command.endswith("\\"):
            i += 1
            command = command[:-1].rstrip() + " " + lines[i][1].strip()
        i += 1
        output: list[str] = []
        while i < len(lines) and not lines[i][1].startswith("$ "):
            output.append(lines[i][1])
            i += 1
        expected, exit_code = printed(output)
        found.append(Example(source, start, command, expected, exit_code))
    return found


def printed(output: list[str]) -> tuple[list[str], int]:
    """What an example shows it prints, trailing blank lines dropped, and the exit code it shows."""
    expected = [line.rstrip() for line in output]
    while expected and not expected[-1]:
        expected.pop()
    if expected and (m := EXIT.fullmatch(expected[-1])):
        return expected[:-1], int(m.group(1))
    return expected, 0


def program(document: Document, block: Block, following: Block | None) -> Example:
    """A ```python block, with the ```text block after the line ``prints`` as what it prints."""
    between = [line.strip() for number, line in document.prose
               if block.end < number and (following is None or number < following.line)]
    assert following is not None and following.language == "text" and [s for s in between if s] == ["prints"], (
        f"{document.source} line {block.line}: a python block must be followed by a line 'prints' and a text block")
    expected, exit_code = printed([line for _, line in following.lines])
    code = "\n".join(line for _, line in block.lines) + "\n"
    return Example(document.source, block.line + 1, code, expected, exit_code, python=True)


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


def run_main(argv: list[str]) -> int:
    """``deduce`` with these arguments: its exit code (argparse's own errors and --help too, as in a terminal)."""
    try:
        return main(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 1


def run(example: Example, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Run the example in the current directory: its exit code, and stdout then stderr."""
    if example.python or needs_shell(example.command):
        if example.python:
            argv = [sys.executable, "-c", example.command]
        else:
            argv = ["sh", "-c", f'deduce() {{ "{sys.executable}" -m deduce "$@"; }}\n{example.command}\n']
        done = subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False)
        code, out, err = done.returncode, done.stdout, done.stderr
    else:
        capsys.readouterr()
        # In a thread of its own, as a command runs alone: an event loop another test left running in
        # this one (the browser tests' Playwright, in the same worker) is not the command's.
        with ThreadPoolExecutor(1) as pool:
            code = pool.submit(run_main, shlex.split(example.command)[1:]).result()
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


TEXTS = {path: path.read_text(encoding="utf-8") for path in [README, *GUIDES]}
DOCUMENTS = {path: parse(name(path), text) for path, text in TEXTS.items()}
EXAMPLES = {path: examples(document) for path, document in DOCUMENTS.items()}
ALL_EXAMPLES = [example for found in EXAMPLES.values() for example in found]


def test_the_documents_have_examples() -> None:
    """The parser finds the examples: one per capability in the README, and many more in the guides."""
    assert len(EXAMPLES[README]) >= 5
    assert len(ALL_EXAMPLES) >= 30
    assert any(example.python for example in ALL_EXAMPLES)


def test_elisions() -> None:
    """The comparison itself: ``...`` lines stand for zero or more lines, ``...`` in a line for any text."""
    assert output_matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert output_matches(["a", "...", "d"], ["a", "d"])
    assert output_matches(["a", "…"], ["a"])
    assert not output_matches(["a", "...", "d"], ["a", "b", "c"])
    assert not output_matches(["a"], ["a", "b"])
    assert output_matches(['{"x": [1, ...], "y": 2}'], ['{"x": [1, 2, 3], "y": 2}'])
    assert not output_matches(['{"x": [1, ...], "y": 2}'], ['{"x": [1, 2, 3], "y": 3}'])
    assert [(e.command, e.expected, e.exit_code) for e in examples(parse("x.md",
        "```console\n$ deduce a \\\n    --b\nout\n[exit 1]\n$ deduce c\n```\n"))] == [
        ("deduce a --b", ["out"], 1), ("deduce c", [], 0)]


def test_programs_are_read_with_what_they_print() -> None:
    """A python block is an example with the text block after ``prints``; without one it is refused."""
    [example] = examples(parse("x.md", "```python\nprint(1)\n```\n\nprints\n\n```text\n1\n```\n"))
    assert (example.line, example.command, example.expected, example.python) == (2, "print(1)\n", ["1"], True)
    with pytest.raises(AssertionError, match=r"x\.md line 1: a python block must be followed"):
        examples(parse("x.md", "```python\nprint(1)\n```\n\n```text\n1\n```\n"))


@pytest.mark.parametrize("example", ALL_EXAMPLES, ids=[e.id for e in ALL_EXAMPLES])
def test_example(example: Example, scratch: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, printed = run(example, capsys)
    actual = [line.rstrip() for line in printed.splitlines()]
    while actual and not actual[-1]:
        actual.pop()
    shown = "\n".join(example.expected)
    got = "\n".join(actual)
    what = "the program" if example.python else f"`$ {example.command}`"
    assert output_matches(example.expected, actual), (
        f"{example.where}: {what} printed\n{got}\n\nbut {example.source} shows\n{shown}")
    assert code == example.exit_code, (
        f"{example.where}: {what} exited {code}, {example.source} shows {example.exit_code}")


@pytest.mark.parametrize("path", TEXTS, ids=name)
def test_every_path_quoted_exists(path: Path) -> None:
    quoted = set(QUOTED_PATH.findall(TEXTS[path]))
    missing = sorted(quoted_path for quoted_path in quoted if not (ROOT / quoted_path).exists())
    assert not missing, f"{name(path)} quotes paths that do not exist: {missing}"


def slugs(document: Document) -> set[str]:
    """The anchors of a document's headings, as GitHub makes them (a repeated one gets ``-1``, ``-2``...)."""
    seen: Counter[str] = Counter()
    anchors = set()
    for _, line in document.prose:
        if m := re.fullmatch(r"#{1,6} +(.+?) *#*", line):
            slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
            anchors.add(f"{slug}-{seen[slug]}" if seen[slug] else slug)
            seen[slug] += 1
    return anchors


def links(path: Path) -> list[tuple[int, Path, str]]:
    """Every relative link of a document: its line, the file it reaches, and the anchor ('' for none)."""
    found = []
    for number, line in DOCUMENTS[path].prose:
        for target in LINK.findall(line):
            if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
                continue
            file, _, anchor = target.partition("#")
            found.append((number, (path.parent / file).resolve() if file else path, anchor))
    return found


@pytest.mark.parametrize("path", TEXTS, ids=name)
def test_every_link_resolves(path: Path) -> None:
    broken = []
    for number, target, anchor in links(path):
        if not target.exists():
            broken.append(f"line {number}: {target} does not exist")
        elif anchor and anchor not in slugs(DOCUMENTS.get(target) or parse(name(target), target.read_text("utf-8"))):
            broken.append(f"line {number}: {name(target)} has no heading #{anchor}")
    assert not broken, f"{name(path)} has broken links:\n" + "\n".join(broken)


def test_the_readme_is_read_in_five_minutes() -> None:
    lines = len(TEXTS[README].splitlines())
    assert lines <= README_LINES, f"README.md has {lines} lines, at most {README_LINES}: move the detail to a guide"


def test_the_readme_links_every_guide() -> None:
    linked = {target for _, target, _ in links(README)}
    unlinked = [name(guide) for guide in GUIDES if guide not in linked]
    assert not unlinked, f"README.md links no {unlinked}"


def layout_tree(text: str) -> set[str]:
    """The paths listed in the tree of the "Project layout" section, each line read as a name and its note."""
    section = text[text.index("## Project layout"):]
    block = section.split("```text\n", 1)[1].split("```", 1)[0]
    folders: list[tuple[int, str]] = []  # the enclosing folders, with their indentation
    listed = set()
    for line in block.splitlines():
        indent = len(line) - len(line.lstrip())
        entry = line.split()[0]
        while folders and folders[-1][0] >= indent:
            folders.pop()
        path = "".join(folder for _, folder in folders) + entry
        listed.add(path.rstrip("/"))
        if entry.endswith("/"):
            folders.append((indent, entry))
    return listed


def test_the_layout_lists_every_module() -> None:
    listed = layout_tree(TEXTS[LAYOUT])
    modules = {p.relative_to(ROOT).as_posix() for package in PACKAGES for p in (ROOT / package).rglob("*.py")
               if p.name not in ("__init__.py", "__main__.py")}
    assert not sorted(modules - listed), f"{name(LAYOUT)}'s layout leaves out {sorted(modules - listed)}"
    gone = sorted(path for path in listed if not (ROOT / path).exists())
    assert not gone, f"{name(LAYOUT)}'s layout lists what does not exist: {gone}"



def route(method: str, path: str) -> str:
    """A route as the guide writes it, each path parameter written ``{}``: ``GET /v1/games/{}``."""
    return f"{method} {PATH_PARAMETER.sub('{}', path)}"


def test_the_api_guide_names_every_route() -> None:
    served = {route(method, r.path) for router in (*app.ROUTERS, page.router) for r in router.routes
              if isinstance(r, APIRoute) for method in r.methods or ()}
    named = {route(method, path) for method, path in ROUTE.findall(TEXTS[API_GUIDE])}
    assert not sorted(served - named), f"{name(API_GUIDE)} leaves out {sorted(served - named)}"
    unknown = sorted(named - served - FASTAPI_ROUTES)
    assert not unknown, f"{name(API_GUIDE)} names routes the service does not have: {unknown}"
