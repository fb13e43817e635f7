"""Pieces every subcommand of ``deduce`` shares.

- parent parsers for the options several subcommands take (``--cards``, ``--board``,
  ``--lang``, ``--json``), passed to ``add_parser(..., parents=[...])``;
- the shipped data by default (through :mod:`deduce.shipped`), and files named in errors;
- flags kept in command-line order, and problems relabelled with the flag they came from;
- JSON output, the ``--batch`` loop, progress on stderr;
- optional extras (``[api]``, ``[play]``) imported only by the subcommands that need them.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeAlias

from deduce.errors import InputError, Problem, render_loc
from deduce.text.phrases import LANGS

#: The ``sub`` argument of the ``add_*_parser`` functions.
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
#: A subcommand: its parsed arguments to its exit code.
Handler = Callable[[argparse.Namespace], int]
#: A progress callback: work done out of the total.
Progress = Callable[[int, int], None]

# -- shared options ------------------------------------------------------------------


def parent(*flags: str, **options: Any) -> argparse.ArgumentParser:
    """A parent parser holding one option, to share it through ``parents=[...]``."""
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument(*flags, **options)
    return p


CARDS = parent("--cards", metavar="FILE", help="card set file (default: the shipped data/clues.yaml)")
BOARD = parent("--board", metavar="FILE", help="board file (default: the shipped data/board.yaml)")


def json_option(text: str) -> argparse.ArgumentParser:
    """``--json``, described for the subcommand at hand."""
    return parent("--json", action="store_true", help=text)


def lang_option(text: str = "language of the readable output") -> argparse.ArgumentParser:
    """``--lang``: the language of what is printed for a person."""
    return parent("--lang", choices=LANGS, default="en", help=text)


class InOrder(argparse.Action):
    """Collect several flags into one list of ``(flag, value)`` in command-line order.

    Items then keep the numbers the person typed them in, and errors can name the flag.
    """

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 value: str | Sequence[Any] | None, option_string: str | None = None) -> None:
        items = list(getattr(namespace, self.dest, None) or [])
        items.append((option_string, value))
        setattr(namespace, self.dest, items)


def relabel(exc: InputError, field: str, labels: list[str], flags: dict[str, str]) -> InputError:
    """Name the command-line flag a problem came from instead of its JSON path.

    ``field[i]`` problems go to ``labels[i]`` (the flag and value as typed); a problem at
    a top-level field in ``flags`` goes to that flag.
    """
    problems = []
    for p in exc.problems:
        if len(p.loc) >= 2 and p.loc[0] == field and isinstance(p.loc[1], int) and p.loc[1] < len(labels):
            rest = render_loc(p.loc[2:])
            problems.append(Problem((f"{labels[p.loc[1]]}{' ' + rest if rest else ''}",), p.message, p.code))
        elif p.loc and p.loc[0] in flags:
            problems.append(Problem((flags[str(p.loc[0])],), p.message, p.code))
        else:
            problems.append(p)
    return InputError(problems)


def flag_labels(flags: list[tuple[str, str]]) -> list[str]:
    """How :func:`relabel` names each flag of an :class:`InOrder` list: the flag and its value."""
    return [f'{flag} "{value}"' for flag, value in flags]


def write_file(path: str, text: str) -> None:
    """Write an output file named on the command line; failures name it (exit 2)."""
    try:
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(text)
    except OSError as exc:
        raise InputError.at((path,), f"cannot be written: {exc.strerror}") from None


# -- output ----------------------------------------------------------------------------

def as_json_text(value: Any) -> str:
    """One result as a line of JSON (UTF-8 kept readable)."""
    return json.dumps(value, ensure_ascii=False)


def emit_json(value: Any) -> None:
    sys.stdout.write(as_json_text(value) + "\n")


def batch_error(line: int, problems: Iterable[Problem], message: str) -> dict[str, Any]:
    return {"error": {"line": line, "message": message, "problems": [p.to_json() for p in problems]}}


def run_batch(path: str, answer: Callable[[Any], str], chunk: int = 1000) -> int:
    """Answer one JSON query per input line with one JSON result per output line.

    ``answer`` turns a decoded query into the JSON text of its result. A line that is
    not UTF-8 JSON, or whose query is bad, yields ``{"error": {...}}`` in its place and
    the run goes on; the exit code is 1 if any line failed. ``-`` reads stdin. Results
    are written as they come, a chunk at a time.
    """
    try:
        stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115 (closed below)
    except OSError as exc:
        raise InputError.at((), f"batch file {path!r} cannot be read: {exc.strerror}") from None
    failed = False
    out: list[str] = []
    with stream:
        for number, line in enumerate(stream, 1):
            try:
                doc = json.loads(line)
            except ValueError as exc:
                reason = (f"{exc.msg} (column {exc.colno})" if isinstance(exc, json.JSONDecodeError)
                          else "it is not UTF-8 text")
                text, failed = as_json_text(batch_error(number, [], f"line {number} is not valid JSON: {reason}")), True
            else:
                try:
                    text = answer(doc)
                except InputError as exc:
                    text, failed = as_json_text(batch_error(number, exc.problems, str(exc))), True
            out.append(text)
            if len(out) >= chunk:
                sys.stdout.write("\n".join(out) + "\n")
                out.clear()
    if out:
        sys.stdout.write("\n".join(out) + "\n")
    return 1 if failed else 0


def refuse_with_batch(given: bool, others: str) -> None:
    """``--batch`` reads every query from its file: refuse it beside the flags of a single query."""
    if given:
        raise InputError.at(("--batch",), f"takes its queries from the file; do not combine it with {others}")


def stderr_progress(label: str, after: float = 1.0) -> Progress:
    """A progress callback that reports on stderr, only once a run has lasted ``after`` seconds.

    On a terminal one line is redrawn in place; anywhere else (a log, CI) a line is written
    at each tenth, so the output stays readable. The same figure is never written twice.
    """
    start = time.monotonic()
    terminal = sys.stderr.isatty()
    last = [-1]

    def report(done: int, total: int) -> None:
        if last[0] < 0 and time.monotonic() - start < after:
            return
        percent = 100 * done // max(1, total)
        figure = percent if terminal else percent // 10 * 10
        if figure == last[0]:
            return
        last[0] = figure
        if terminal:
            print(f"\r{label}: {percent}%", end="\n" if done >= total else "", file=sys.stderr, flush=True)
        else:
            print(f"{label}: {figure}%", file=sys.stderr, flush=True)

    return report


# -- optional extras ---------------------------------------------------------------------

#: The package's extras: what to call each, and the top-level modules it installs.
EXTRAS: dict[str, tuple[str, tuple[str, ...]]] = {
    "api": ("the HTTP extra", ("fastapi", "starlette", "pydantic", "uvicorn", "anyio")),
    "play": ("the terminal extra", ("rich",)),
}


@contextmanager
def needs_extra(command: str, extra: str) -> Iterator[None]:
    """Import the modules of an optional extra inside this block.

    When one of them is not installed, ``deduce COMMAND`` stops with exit 2 and says which
    extra to install, instead of a traceback. Other import errors are left alone.
    """
    what, modules = EXTRAS[extra]
    try:
        yield
    except ImportError as exc:
        if (exc.name or "").partition(".")[0] not in modules:
            raise
        raise InputError.at((), f"{command} needs {what}: pip install 'black-sonata-deduce[{extra}]'",
                            code="missing-extra") from None
