"""Decoding documents and checking their common parts.

Every reader (card sets, boards, stealth decks, fog cards, queries, game setups) takes a
decoded document (plain dicts, lists and scalars from YAML or JSON), checks it against its
definition (:mod:`deduce.schema`) and reports each problem with its path. The pieces before
and around that live here: safe YAML decoding that refuses alias bombs, type names for
messages, and the ids of a list's entries, found before the document is read (what its other
parts may name). :func:`read_text` is the only function
here that reads a file (through :func:`open_regular`, which refuses what is not a regular file).

The designers write their results back as documents a person can read and diff:
:func:`dump_yaml` is the one writer of that YAML (block style at the top, one flow-style
line per entry).
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, TypeGuard, TypeVar

import yaml

from deduce.errors import InputError, Loc, Problem, Problems, problem_words, shown
from deduce.text.catalog import Phrase

T = TypeVar("T")

#: Largest document text any reader accepts.
MAX_DOCUMENT_BYTES = 1 << 20
#: Most values (scalars, lists and mappings, counted as a tree) a decoded document may hold.
#: No document within the size limit comes near it unless YAML aliases multiply its parts.
MAX_VALUES = MAX_DOCUMENT_BYTES
#: Deepest nesting of lists and mappings a document may have; real documents nest a few levels.
MAX_DEPTH = 100
#: PyYAML's safe loader, in C (libyaml) when PyYAML was built with it: about four times faster
#: than the pure-Python one on the largest documents accepted.
SAFE_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


#: The words for a decoded value's type, by Python type (YAML and JSON decode to these).
_TYPE_WORDS = {dict: "mapping", list: "list", str: "string", int: "number", float: "number"}


def type_name(value: Any) -> Phrase:
    """What a decoded value is, as a problem says it ("a mapping", "nothing" ...), in any language."""
    if value is None:
        return problem_words("type.nothing")
    if isinstance(value, bool):
        return problem_words("type.boolean")
    word = _TYPE_WORDS.get(type(value))
    return problem_words(f"type.{word}") if word else problem_words("type.named", name=type(value).__name__)


def is_int(value: object) -> TypeGuard[int]:
    """True for real integers (YAML/JSON booleans are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


#: Most digits of a number read from text (a command-line flag, a batch line). Python itself
#: refuses to convert a longer decimal number, and none of the engine's numbers comes near it.
MAX_NUMBER_DIGITS = 4300


def typed_number(text: str) -> int | str:
    """A whole number typed on the command line (``3``, ``-1``), or the text as typed if it is not one.

    Only ASCII digits make a number (``int`` would also take ``٣``, and refuse ``²`` that
    ``isdigit`` takes), of at most :data:`MAX_NUMBER_DIGITS`. Anything else is passed on as
    text, so the reader names what is wrong with it in its own words.
    """
    text = text.strip()
    digits = text.removeprefix("-")
    if digits.isascii() and digits.isdigit() and len(digits) <= MAX_NUMBER_DIGITS:
        return int(text)
    return text


def key_text(key: object) -> str:
    """A mapping key as a problem's path names it: a string as it is, another key (a number,
    a date, null) as text as the document writes it, and an integer too long to print by its size
    (see :func:`shown`; in English, as a path is written the same in every language)."""
    if isinstance(key, str):
        return key
    return str(shown(key)) if is_int(key) or key is None or isinstance(key, bool) else str(key)


def list_field(doc: Mapping[str, Any], field: str, problems: Problems, limit: int, required: bool = True,
               at_least: int = 0) -> list[Any]:
    value = doc.get(field)
    if value is None:
        if required:
            problems.add((field,), problem_words("required"))
        return []
    if not isinstance(value, list):
        problems.add((field,), problem_words("expected.list", got=type_name(value)))
        return []
    if len(value) > limit:
        problems.add((field,), problem_words("limit.entries", n=len(value), most=limit), code="limit")
        return []
    if len(value) < at_least:
        problems.add((field,), problem_words("at-least", n=at_least))
    return value


def entry_id(item: Any, loc: Loc, problems: Problems) -> str | None:
    """The ``id`` of a list entry, which must be a mapping with a non-empty string id."""
    if not isinstance(item, Mapping):
        problems.add(loc, problem_words("expected.entry", got=type_name(item)))
        return None
    ident = item.get("id")
    if not isinstance(ident, str) or not ident.strip():
        problems.add((*loc, "id"), problem_words("expected.nonempty" if ident is not None else "required"))
        return None
    return ident


def parse_unique(items: list[Any], field: str, problems: Problems, parse: Callable[[Any, Loc, Problems], T | None],
                 key: Callable[[T], str], noun: str = "id", at: str = "id") -> list[T]:
    """Each entry of a list read by ``parse``, keeping the first of any that share a ``key``.

    A repeat is a ``duplicate-id`` problem at ``field[i].at``, naming the first holder.
    """
    seen: dict[str, int] = {}
    out = []
    for i, item in enumerate(items):
        value = parse(item, (field, i), problems)
        if value is None:
            continue
        k = key(value)
        if k in seen:
            first = f"{field}[{seen[k]}]"
            said = problem_words("duplicate", kind=problem_words(f"kind.{noun}"), got=shown(k), first=first)
            problems.add((field, i, at), said, code="duplicate-id")
            continue
        seen[k] = i
        out.append(value)
    return out


def unique_entries(items: list[Any], field: str, problems: Problems) -> list[tuple[int, str, Mapping[str, Any]]]:
    """(index, id, entry) for every entry that is a mapping with an id, reporting duplicate ids."""
    def read(item: Any, loc: Loc, problems: Problems) -> tuple[int, str, Mapping[str, Any]] | None:
        ident = entry_id(item, loc, problems)
        index = loc[-1]
        return None if ident is None or not isinstance(index, int) else (index, ident, item)

    return parse_unique(items, field, problems, read, key=lambda entry: entry[1])


def tree_size(doc: Any, limit: int = MAX_VALUES) -> int:
    """How many values ``doc`` holds when shared parts are counted every time they occur.

    YAML anchors and aliases let a small text decode to a graph whose tree is enormous
    ("billion laughs"), or even cyclic. Anything that walks or prints such a document
    expands it, so it is measured first, without expanding: each distinct list or mapping
    is sized once (iteratively, so deep nesting cannot overflow the stack). Returns a
    number above ``limit`` as soon as the size is known to pass it, and for cycles.
    """
    sizes: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[Any, bool]] = [(doc, False)]
    while stack:
        node, done = stack.pop()
        if not isinstance(node, (list, dict)):
            continue
        key = id(node)
        children = list(node.values()) + list(node.keys()) if isinstance(node, dict) else node
        if done:
            on_path.discard(key)
            total = 1 + sum(sizes.get(id(c), 1) for c in children)
            sizes[key] = total
            if total > limit:
                return total
            continue
        if key in sizes:
            continue
        if key in on_path:  # a cycle: the tree is infinite
            return limit + 1
        on_path.add(key)
        stack.append((node, True))
        stack.extend((c, False) for c in children if isinstance(c, (list, dict)) and id(c) not in sizes)
    return sizes.get(id(doc), 1)


#: A JSON escape that may stand for half of a UTF-16 surrogate pair (``\\ud800`` .. ``\\udfff``).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def check_surrogates(text: str, doc: Any, what: str) -> None:
    """Refuse a JSON document whose text escapes a lone UTF-16 surrogate (``"\\ud800"``).

    JSON's ``\\u`` escapes can make such a string, but no UTF-8 text can hold it: every
    answer that quoted it (an unknown key named in a problem, a name read back) would fail
    to encode. ``text`` must have been decoded strictly (a surrogate encoded in UTF-8 or UTF-16
    bytes is an undecodable byte there); only a text with such an escape is walked (iteratively),
    so ordinary documents cost one scan. Raises :class:`InputError` at the string's place.
    """
    if not _SURROGATE_ESCAPE.search(text):
        return
    stack: list[tuple[Loc, Any]] = [((), doc)]
    while stack:
        loc, node = stack.pop()
        if isinstance(node, str):
            if _SURROGATE.search(node):
                raise InputError.at(loc, problem_words("surrogate", what=document_words(what)))
        elif isinstance(node, dict):
            for key, value in node.items():
                if isinstance(key, str) and _SURROGATE.search(key):
                    raise InputError.at(loc, problem_words("surrogate.key", what=document_words(what)))
                stack.append(((*loc, key), value))
        elif isinstance(node, list):
            stack.extend(((*loc, i), item) for i, item in enumerate(node))


def _nested_deeper(text: str | bytes, limit: int) -> bool:
    """Whether the YAML ``text`` nests lists and mappings more than ``limit`` levels deep.

    libyaml composes nested nodes by recursion in C: a document nested some 30,000 levels
    deep (``[[[[...``, 60 KB) crashes the whole process, with no RecursionError to catch.
    Every nested list or mapping opens with an indicator of its own (``[ { - ? :``), so
    their count bounds the depth and settles almost every document at once; only the
    others are parsed to events (in C, flat, without composing) to find their real depth.
    """
    bound = (sum(text.count(c.encode()) for c in "[{-?:") if isinstance(text, bytes)
             else sum(text.count(c) for c in "[{-?:"))
    if bound <= limit:
        return False
    depth = 0
    for event in yaml.parse(text, Loader=SAFE_LOADER):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > limit:
                return True
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return False


def decode_yaml(text: str | bytes, what: str = "document") -> Any:
    """Decode YAML (a superset of JSON) safely: syntax errors and alias bombs become :class:`InputError`."""
    if len(text) > MAX_DOCUMENT_BYTES:
        raise InputError.at((), problem_words("yaml.large", what=document_words(what), most=MAX_DOCUMENT_BYTES),
                            code="limit")
    try:
        if _nested_deeper(text, MAX_DEPTH):
            raise InputError.at((), problem_words("yaml.deep", what=document_words(what), most=MAX_DEPTH), code="limit")
        doc = yaml.load(text, Loader=SAFE_LOADER)  # a safe loader: plain data only
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        reason = getattr(exc, "problem", None) or str(exc)  # PyYAML's own words: English
        said = (problem_words("yaml.invalid.at", what=document_words(what), line=mark.line + 1, column=mark.column + 1,
                              reason=reason) if mark else problem_words("yaml.invalid", what=document_words(what),
                                                                        reason=reason))
        raise InputError.at((), said) from None
    except InputError:
        raise
    except (ValueError, RecursionError) as exc:  # e.g. undecodable bytes, absurd nesting
        if "integer string conversion" in str(exc):  # PyYAML reads decimal digits with int()
            raise InputError.at((), problem_words("yaml.digits", what=document_words(what), most=MAX_NUMBER_DIGITS),
                                code="limit") from None
        raise InputError.at((), problem_words("yaml.undecodable", what=document_words(what), reason=str(exc))) from None
    if tree_size(doc) > MAX_VALUES:
        raise InputError.at((), problem_words("yaml.aliases", what=document_words(what), most=MAX_VALUES), code="limit")
    return doc


#: What :func:`open_regular` calls a file that is not a regular file, by its ``stat`` type.
_KINDS = ((stat.S_ISDIR, "directory"), (stat.S_ISFIFO, "fifo"), (stat.S_ISCHR, "character-device"),
          (stat.S_ISBLK, "block-device"), (stat.S_ISSOCK, "socket"))


def document_words(what: str) -> Phrase:
    """The words for a kind of document or file (``card set``, ``board file`` ...: the ``document.*``
    keys of the ``problems`` words, with hyphens for spaces), said in any language."""
    return problem_words(f"document.{what.replace(' ', '-')}")


def _refuse(what: str, path: str | Path, reason: Phrase) -> InputError:
    """The problem for a file that cannot be read; code ``unreadable``, its message names the file."""
    return InputError.at((), problem_words("file", what=document_words(what), path=repr(str(path)), reason=reason),
                         code="unreadable")


def _check_regular(info: os.stat_result, what: str, path: str | Path) -> None:
    if not stat.S_ISREG(info.st_mode):
        kind = next((name for test, name in _KINDS if test(info.st_mode)), "irregular")
        raise _refuse(what, path, problem_words("file.kind", kind=problem_words(f"file.{kind}")))


def open_regular(path: str | Path, what: str) -> BinaryIO:
    """Open a file the user named for reading bytes, only if it is a regular file.

    A directory, a FIFO, a device (``/dev/zero``) or a socket is refused before anything
    is read from it: such a "file" may never end, or block the reader forever. The file is
    checked by name first (for a clear message), then opened without blocking and checked
    again by its descriptor, so a file swapped in between is refused too. Failures are
    :class:`InputError` with the code ``unreadable``, their message naming the file.
    """
    try:
        _check_regular(os.stat(path), what, path)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise _refuse(what, path, problem_words("file.missing")) from None
    except OSError as exc:
        raise _refuse(what, path, problem_words("file.unreadable", reason=str(exc.strerror or exc))) from None
    try:
        _check_regular(os.fstat(fd), what, path)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


def read_text(path: str | Path, what: str, limit: int = MAX_DOCUMENT_BYTES) -> str:
    """Read a document the user named, as UTF-8 text, turning every failure into :class:`InputError`.

    Only regular files (:func:`open_regular`) of at most ``limit`` bytes are read: the size
    is checked before reading, and no more than ``limit + 1`` bytes are ever read, so a file
    that grows meanwhile cannot exhaust memory. The problem has the code ``unreadable`` and
    its message names the file.
    """
    with open_regular(path, what) as stream:
        try:
            size = os.fstat(stream.fileno()).st_size
            data = b"" if size > limit else stream.read(limit + 1)
        except OSError as exc:
            raise _refuse(what, path, problem_words("file.unreadable", reason=str(exc.strerror or exc))) from None
    if size > limit or len(data) > limit:
        raise _refuse(what, path, problem_words("file.large", size=size, most=limit) if size > limit
                      else problem_words("file.grew", most=limit))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _refuse(what, path, problem_words("file.not-utf8", byte=f"0x{data[exc.start]:02x}",
                                                offset=exc.start)) from None


@contextmanager
def in_file(path: str | Path) -> Iterator[None]:
    """Prefix every problem raised inside with the file it is in: ``FILE: ladies[3].key.rose: ...``.

    For front ends that read a file the user named. A file that could not be read at all is
    already named by its message (code ``unreadable``), and left as it is.
    """
    def place(p: Problem) -> Problem:
        if p.code == "unreadable":
            return p
        return p.at((f"{path}: {p.path}" if p.loc else str(path),))

    try:
        yield
    except InputError as exc:
        raise InputError(place(p) for p in exc.problems) from None


# -- writing documents -----------------------------------------------------------


class Quoted(str):
    """A string :func:`flow` always double-quotes, whatever it holds (names, titles)."""

    __slots__ = ()


@dataclass(frozen=True)
class Commented:
    """A list entry :func:`dump_yaml` writes under comment lines, as a block mapping (one field a line)."""

    fields: Mapping[str, object]
    comment: Sequence[str] = ()


def flow(value: object) -> str:
    """A value in YAML flow style, quoting only what needs it (and every :class:`Quoted` string).

    Keys are written the same way, so a key such as ``no`` stays a string when read back.
    """
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{flow(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if isinstance(value, str):
        if _reads_back_plain(value) and not isinstance(value, Quoted):
            return value
        return yaml.safe_dump(str(value), default_style='"', allow_unicode=True, width=math.inf).rstrip("\n")
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return yaml.safe_dump(value).split("\n")[0]
    return json.dumps(value)


def _reads_back_plain(text: str) -> bool:
    """Whether a string can be written unquoted inside a flow collection."""
    if not text or any(ch in text for ch in ",[]{}\"'#") or text != text.strip():
        return False
    try:
        return bool(yaml.safe_load(f"[{text}]") == [text])
    except yaml.YAMLError:
        return False


def dump_yaml(doc: Mapping[str, object], header: str = "") -> str:
    """A document as block YAML under a ``#`` comment ``header``: each entry of a top-level list or
    mapping on a line of its own in flow style, or as a block under its comment if :class:`Commented`."""
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    for key, value in doc.items():
        if isinstance(value, list) and value:
            lines.append(f"{key}:")
            for item in value:
                lines += _list_entry(item)
        elif isinstance(value, Mapping) and value:
            lines.append(f"{key}:")
            lines += [f"  {flow(k)}: {flow(v)}" for k, v in value.items()]
        else:
            lines.append(f"{key}: {flow(value)}")
    return "\n".join(lines) + "\n"


def _list_entry(item: object) -> list[str]:
    if not isinstance(item, Commented):
        return [f"  - {flow(item)}"]
    fields = [f"{k}: {flow(v)}" for k, v in item.fields.items()]
    return [f"  # {line}" for line in item.comment] + [f"  - {fields[0]}"] + [f"    {f}" for f in fields[1:]]
