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
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from difflib import get_close_matches
from typing import Any, BinaryIO, TypeAlias

from deduce.document import MAX_DOCUMENT_BYTES, MAX_NUMBER_DIGITS, check_surrogates, in_file, open_regular
from deduce.errors import MAX_KEY_SHOWN, InputError, Loc, Problem, problem_words, render_loc, shown
from deduce.text.catalog import LANGS, Phrase, PhraseParam
from deduce.text.names import Names, fold, named_ids

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


def words(key: str, **params: PhraseParam) -> Phrase:
    """The CLI's own words (``data/words/commands.json``), said in the command's ``--lang`` when printed."""
    return Phrase("commands", key, params)


def say(lang: str, key: str, **params: PhraseParam) -> str:
    """The CLI's own words said now, in ``lang``."""
    return words(key, **params).said(lang)


def cards_option(lang: str) -> argparse.ArgumentParser:
    """``--cards``, its help said in ``lang``."""
    return parent("--cards", metavar="FILE", help=say(lang, "help.option.cards"))


def board_option(lang: str) -> argparse.ArgumentParser:
    """``--board``, its help said in ``lang``."""
    return parent("--board", metavar="FILE", help=say(lang, "help.option.board"))


def json_option(lang: str, command: str) -> argparse.ArgumentParser:
    """``--json``, described for the subcommand at hand (``help.COMMAND.json``) in ``lang``."""
    return parent("--json", action="store_true", help=say(lang, f"help.{command}.json"))


#: The fewest characters of a name that :func:`nearest` takes for part of it.
MIN_PART = 3


def by_name(typed: Any, named: Mapping[str, Names], loc: Loc, kind: str, lang: str) -> Any:
    """The id a person typed by its id (any case) or its name in any language (case, accents and extra
    spaces ignored). A name that could mean several things is refused, listing them; one that means
    nothing is refused with the names to choose from in ``lang``, and the nearest, if one is near."""
    if not isinstance(typed, str):
        return typed
    found = named_ids(typed, named)
    if len(found) == 1:
        return found[0]
    if found:
        raise InputError.at(loc, words("ambiguous", got=shown(typed), choices=listed(found, named, lang)))
    near = nearest(typed, named)
    what = problem_words(f"kind.{kind}")
    wrong = (problem_words("unknown.close", kind=what, got=shown(typed), close=repr(named[near].get(lang)))
             if near is not None else problem_words("unknown", kind=what, got=shown(typed)))
    raise InputError.at(loc, problem_words("expected.one-of", what=wrong, choices=listed(named, named, lang)))


class ByName:
    """:func:`by_name` for every name typed on one command line, each refusal kept to be said with
    the others (:meth:`raise_if_any`), so that a person sees all that is wrong at once."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.problems: list[Problem] = []

    def __call__(self, typed: Any, named: Mapping[str, Names], loc: Loc, kind: str) -> Any:
        """The id ``typed`` names, or ``typed`` itself when it names none or several (kept as a problem)."""
        try:
            return by_name(typed, named, loc, kind, self.lang)
        except InputError as exc:
            self.problems += exc.problems
            return typed

    def raise_if_any(self) -> None:
        if self.problems:
            raise InputError(self.problems)


def listed(ids: Iterable[str], named: Mapping[str, Names], lang: str) -> str:
    """Things named for a person in ``lang``; the id beside a name two of them share."""
    things = list(ids)
    names = [named[thing].get(lang) for thing in things]
    return ", ".join(name if names.count(name) == 1 else f"{name} ({thing})"
                     for thing, name in zip(things, names, strict=True))


def nearest(typed: str, named: Mapping[str, Names]) -> str | None:
    """The thing whose id or name in any language is nearest to what was typed (both folded:
    :func:`~deduce.text.names.fold`), for a "did you mean": a near spelling of a whole name, else of
    a word only its name has (``Globs`` of ``The Globe``), else the one thing whose name holds what was
    typed (``Boar's Head`` of ``The Boar's Head, Eastcheap``); None when none is near."""
    key = fold(typed)
    spelled = {fold(form): thing for thing, names in named.items() for form in (thing, *names.by_lang.values())}
    owners: dict[str, set[str]] = {}
    for form, thing in spelled.items():
        for word in form.split():
            owners.setdefault(word.strip("«»\"',.()"), set()).add(thing)
    own_words = {word: things.pop() for word, things in owners.items() if len(things) == 1 and len(word) >= MIN_PART}
    for choices in (spelled, own_words):
        close = get_close_matches(key, list(choices), n=1, cutoff=0.6)
        if close:
            return choices[close[0]]
    holding = {thing for form, thing in spelled.items() if len(key) >= MIN_PART and key in form}
    return holding.pop() if len(holding) == 1 else None


#: The environment variable that chooses the language of every command (before the locale).
LANG_VARIABLE = "DEDUCE_LANG"


def default_lang(environ: Mapping[str, str] = os.environ) -> str:
    """The language a command speaks when ``--lang`` is not given: ``DEDUCE_LANG``, then the
    locale's (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``ru_RU.UTF-8`` is Russian), else English.
    A ``DEDUCE_LANG`` the engine does not speak is an error that names it."""
    chosen = environ.get(LANG_VARIABLE, "").strip()
    if chosen:
        if chosen not in LANGS:
            raise InputError.at((), words("lang.unknown", variable=LANG_VARIABLE, got=repr(chosen),
                                         choices=", ".join(LANGS)))
        return chosen
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if value:  # the first one set decides, as the C library's lookup does
            code = value.split("_")[0].split(".")[0].lower()
            return code if code in LANGS else "en"
    return "en"


def lang_option(lang: str, what: str = "help.option.lang") -> argparse.ArgumentParser:
    """``--lang``: the language of what is printed for a person (by default :func:`default_lang`); its
    help, ``what`` it chooses the language of, said in ``lang``."""
    return parent("--lang", choices=LANGS, default=None,
                  help=say(lang, "help.option.lang.default", what=words(what), variable=LANG_VARIABLE))


def help_lang(argv: Sequence[str]) -> str:
    """The language a command's help is said in, known before its parser is built: the ``--lang`` on
    its command line, else :func:`default_lang`; English when neither names a language the engine
    speaks (the command itself then refuses the name, as without ``--help``). Of two ``--lang``, the
    last (the subcommand's) is the command's."""
    chosen = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        flag, equals, value = arg.partition("=")
        if flag == "--lang":
            chosen = value if equals else (argv[i + 1] if i + 1 < len(argv) else "")
    if chosen is not None:
        return chosen if chosen in LANGS else "en"
    try:
        return default_lang()
    except InputError:
        return "en"


def problem_line(problem: Problem, lang: str) -> str:
    """A problem as a command prints it: where (a flag, a file, a path in it), then what, in ``lang``."""
    return f"{problem.path}: {problem.said(lang)}" if problem.loc else problem.said(lang)


def refused(problems: Iterable[Problem], lang: str) -> int:
    """Say why a command stops, as every command does: each problem on stderr as ``deduce: <place>:
    <message>`` in ``lang``; the exit code, 2."""
    for problem in problems:
        print(f"deduce: {problem_line(problem, lang)}", file=sys.stderr)
    return 2


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
            problems.append(p.at((f"{labels[p.loc[1]]}{' ' + rest if rest else ''}",)))
        elif p.loc and p.loc[0] in flags:
            problems.append(p.at((flags[str(p.loc[0])],)))
        else:
            problems.append(p)
    return InputError(problems)


def flag_labels(flags: list[tuple[str, str]]) -> list[str]:
    """How :func:`relabel` names each flag of an :class:`InOrder` list: the flag and its value
    (cut to :data:`~deduce.errors.MAX_KEY_SHOWN` characters, as a document's keys are)."""
    return [f'{flag} "{value if len(value) <= MAX_KEY_SHOWN else value[:MAX_KEY_SHOWN - 3] + "..."}"'
            for flag, value in flags]


def named_file(path: str | None) -> AbstractContextManager[None]:
    """:func:`~deduce.document.in_file` for a file flag that may be left out (``--cards``,
    ``--board``): problems of a file the person named start with its name; the shipped data's need none."""
    return in_file(path) if path else nullcontext()


def write_file(path: str, text: str) -> None:
    """Write an output file named on the command line; failures name it (exit 2)."""
    try:
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(text)
    except OSError as exc:
        raise InputError.at((path,), words("file.unwritable", reason=exc.strerror or str(exc))) from None


# -- output ----------------------------------------------------------------------------

def as_json_text(value: Any) -> str:
    """One result as a line of JSON (UTF-8 kept readable)."""
    return json.dumps(value, ensure_ascii=False)


def emit_json(value: Any) -> None:
    sys.stdout.write(as_json_text(value) + "\n")


#: Longest line ``--batch`` reads, in bytes without its newline: a query is a document, and
#: no document may be larger. A longer line is skipped (never held whole) and answered with an error.
MAX_LINE_BYTES = MAX_DOCUMENT_BYTES
#: Bytes read at a time while a line too long to answer is skipped.
_SKIP_CHUNK = 1 << 16


def batch_error(line: int, problems: Iterable[Problem], message: str) -> dict[str, Any]:
    return {"error": {"line": line, "message": message, "problems": [p.to_json() for p in problems]}}


class _LineError(Exception):
    """Why one batch line cannot be answered: the words of its error object's message."""

    def __init__(self, why: Phrase):
        super().__init__(str(why))
        self.why = why


def batch_lines(stream: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[bytes | int]:
    """Each line of ``stream`` as bytes, or, for a line of more than ``limit`` bytes, its length.

    Lines are read with a bounded ``readline``, so a line of any length (a file with no
    newline at all) never has to fit in memory: past ``limit`` bytes the rest of it is
    skipped a chunk at a time and only counted.
    """
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if line.endswith(b"\n") or len(line) <= limit:
            yield line
            continue
        size = len(line)
        while True:
            part = stream.readline(_SKIP_CHUNK)
            size += len(part)
            if not part or part.endswith(b"\n"):
                yield size - part.endswith(b"\n")
                break


def _json_int(digits: str) -> int:
    """``parse_int`` for batch lines: a number too long to read is named by its size, not converted."""
    count = len(digits.lstrip("-"))
    if count > MAX_NUMBER_DIGITS:
        raise _LineError(words("batch.line.digits", n=count, most=MAX_NUMBER_DIGITS))
    return int(digits)


#: One decoder for every batch line (``json.loads`` with a hook builds a new one at each call).
_LINE_DECODER = json.JSONDecoder(parse_int=_json_int)


def decode_line(line: bytes | int) -> Any:
    """One batch line (from :func:`batch_lines`) as a JSON document; :class:`_LineError` says why not."""
    if isinstance(line, int):
        raise _LineError(words("batch.line.long", n=line, most=MAX_LINE_BYTES))
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _LineError(words("batch.line.not-utf8", byte=f"0x{line[exc.start]:02x}", column=exc.start + 1)) from None
    try:
        if text.startswith("\ufeff"):  # as json.loads says it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        doc = _LINE_DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise _LineError(words("batch.line.json", reason=exc.msg, column=exc.colno)) from None
    except RecursionError:
        raise _LineError(words("batch.line.deep")) from None
    check_surrogates(text, doc, "line")
    return doc


def answer_line(number: int, line: bytes | int, answer: Callable[[Any], str]) -> tuple[str, bool]:
    """The output line for one input line, and whether it is an answer (not an error object).

    Whatever the line holds, the result is a line of JSON: a query the engine cannot take
    (nested too deeply, too large to answer in memory) is an error like any bad query.
    """
    try:
        return answer(decode_line(line)), True
    except _LineError as exc:
        why = exc.why
    except InputError as exc:
        return as_json_text(batch_error(number, exc.problems, str(exc))), False
    except RecursionError:
        why = words("batch.answer.deep")
    except MemoryError:
        why = words("batch.answer.memory")
    except ValueError as exc:  # a value the engine cannot take, e.g. a number too long to convert to text
        reason = str(words("batch.answer.number")) if "integer string conversion" in str(exc) else str(exc)
        why = words("batch.answer.failed", reason=reason[:200])
    # JSON lines are for programs: their messages are English, as every --json output's
    return as_json_text(batch_error(number, [], str(words("batch.line", number=number, why=why)))), False


def open_batch(path: str) -> BinaryIO:
    """The batch file: stdin for ``-``, else a regular file (of any size; it is read a line at a time)."""
    if path == "-":
        return sys.stdin.buffer
    return open_regular(path, "batch file")


def run_batch(path: str, answer: Callable[[Any], str]) -> int:
    """Answer one JSON query per input line with one JSON result per output line.

    ``answer`` turns a decoded query into the JSON text of its result. Every line gets its
    output line, in order: a line that is not UTF-8 JSON, is too long (over
    :data:`MAX_LINE_BYTES`), holds a number too long to read, is nested too deeply, or
    whose query is bad, yields ``{"error": {...}}`` in its place and the run goes on; the
    exit code is 1 if any line failed. ``-`` reads stdin. Each output line is written and
    flushed as soon as it is answered, so the answers given before a run is stopped stay.
    """
    failed = False
    with open_batch(path) as stream:
        for number, line in enumerate(batch_lines(stream), 1):
            text, ok = answer_line(number, line, answer)
            failed = failed or not ok
            sys.stdout.write(text + "\n")
            sys.stdout.flush()
    return 1 if failed else 0


def refuse_with_batch(given: bool, *others: str) -> None:
    """``--batch`` reads every query from its file: refuse it beside the flags of a single query."""
    if given:
        flags = words("or", first=", ".join(others[:-1]), last=others[-1])
        raise InputError.at(("--batch",), words("batch.alone", flags=flags))


def in_range(option: str, value: int, low: int, high: int) -> int:
    """``value`` of ``option`` when it is within ``low..high``, else a clear error naming the bounds."""
    if not low <= value <= high:
        raise InputError.at((option,), words("range", low=f"{low:,}", high=f"{high:,}", got=f"{value:,}"))
    return value


@contextmanager
def stderr_progress(label: str, after: float = 1.0) -> Iterator[Progress]:
    """A progress callback that reports on stderr, only once a run has lasted ``after`` seconds,
    for the work done in the ``with`` block.

    On a terminal, a bar redrawn in place (rich's, with the time left; a plain line without the
    ``[play]`` extra), taken down when the block ends, finished or not (Ctrl-C); anywhere else (a
    log, CI) a line at each tenth, so the output stays readable. The same figure is never
    written twice.
    """
    start = time.monotonic()
    terminal = sys.stderr.isatty()
    last = [-1]
    bar = terminal_bar(label) if terminal else None

    def report(done: int, total: int) -> None:
        if last[0] < 0 and time.monotonic() - start < after:
            return
        if bar is not None:
            bar(done, total)
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

    with bar or nullcontext():
        yield report


class TerminalBar:
    """A rich progress bar on stderr (the ``[play]`` extra), shown from the first report until
    the ``with`` block that holds it ends."""

    def __init__(self, label: str) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn

        self._bar = Progress(TextColumn(label), BarColumn(), TaskProgressColumn(), TimeRemainingColumn(),
                             console=Console(stderr=True), auto_refresh=False)
        self._task = self._bar.add_task(label, total=None)

    def __call__(self, done: int, total: int) -> None:
        if not self._bar.live.is_started:
            self._bar.start()
        self._bar.update(self._task, completed=done, total=total, refresh=True)

    def __enter__(self) -> TerminalBar:
        return self

    def __exit__(self, *exc: object) -> None:
        self._bar.stop()


def terminal_bar(label: str) -> TerminalBar | None:
    """A progress bar for a terminal, or None without rich."""
    try:
        return TerminalBar(label)
    except ImportError:
        return None


# -- optional extras ---------------------------------------------------------------------

#: The package's extras, each with the top-level modules it installs (``extra.NAME`` in the words names it).
EXTRAS: dict[str, tuple[str, ...]] = {
    "api": ("fastapi", "starlette", "uvicorn", "anyio"),
    "play": ("rich",),
    "dask": ("dask", "distributed"),
}


@contextmanager
def needs_extra(command: str, extra: str) -> Iterator[None]:
    """Import the modules of an optional extra inside this block.

    When one of them is not installed, ``deduce COMMAND`` stops with exit 2 and says which
    extra to install, instead of a traceback. Other import errors are left alone.
    """
    try:
        yield
    except ImportError as exc:
        if (exc.name or "").partition(".")[0] not in EXTRAS[extra]:
            raise
        raise InputError.at((), words("extra.missing", command=command, what=words(f"extra.{extra}"), extra=extra),
                            code="missing-extra") from None
