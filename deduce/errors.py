"""The package's one exception tree, and the problems that bad input reports.

:class:`DeduceError` is the root of every error this package raises on purpose:
:class:`InputError` (a document or query that cannot be interpreted), :class:`Illegal`
(an action the rules refuse now), the game store's :class:`GameNotFound`,
:class:`Unauthorized` and :class:`Conflict`, :class:`ExplainTimeout` and :class:`Infeasible`.
The store's errors and :class:`Infeasible` carry their words (:class:`Worded`), said in any language.

Every reader of user input (card set files, queries, boards, stealth decks) reports
problems as :class:`Problem` values collected into one :class:`InputError`, so that a
person sees *all* that is wrong with a document at once, each with its path
(``ladies[3].key.rose``), and never a traceback. A problem's words come from the catalog
(:class:`~deduce.text.catalog.Phrase`): its ``message`` is English, and :meth:`Problem.said`
says it in the person's language, with the same code and path.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import NotRequired, Protocol, overload

from typing_extensions import TypedDict

from deduce.text.catalog import LANGS, Phrase, PhraseParam
from deduce.text.names import MOST_LISTED, Choices, saying_names

Loc = tuple[str | int, ...]
#: A refusal's parameter: an id (a location, a trait, a fog card ...), a number, or a list of ids.
RefusalParam = str | int | list[str]

#: Most problems one error reports; past it, one more problem says how many were left out.
#: It keeps an error answer near the size of its request, however broken the request is.
MAX_PROBLEMS = 50
#: Longest name a path shows of a document's key (a key can be any string the sender likes).
MAX_KEY_SHOWN = 60


class ProblemJSON(TypedDict):
    """One thing wrong with a request or document: where (``path``, and ``loc`` as a list) and what.

    A game action the rules refuse adds ``refusal``, why as a stable code, and its ``params``
    (ids, numbers, lists of ids, never words), so that a front end can say it in its own language
    from the refusal phrases (``GET /v1/phrases/{lang}``); ``message`` says it in English.
    """

    code: str
    path: str
    loc: list[str | int]
    message: str
    refusal: NotRequired[str]
    params: NotRequired[dict[str, RefusalParam]]


def render_loc(loc: Loc) -> str:
    """Render a location in a document as ``ladies[3].key.rose``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


class Sayable(Protocol):
    """Words that can be said in a language: a :class:`~deduce.text.catalog.Phrase`, or a game's
    refusal, whose names (places, traits) come from the game's own material."""

    def said(self, lang: str = "en") -> str: ...


#: What a problem says: words of the catalog, or (for what has no words of its own, such as a
#: message quoted from a library) a plain English string.
Wording = str | Sayable


@dataclass(frozen=True)
class KeptWords:
    """Words said once in each language, then kept.

    The problems of a typed card and of a typo are kept and met again line after line of a
    batch; each time they are said (as the error's text, then as its JSON), so their sentences
    are kept with them rather than made again from the catalog.
    """

    words: Sayable
    _said: dict[tuple[str, bool], str] = field(default_factory=dict, compare=False, repr=False)

    def said(self, lang: str = "en") -> str:
        """The words in ``lang`` (English for a language the catalog lacks, kept once as English's), kept
        apart for things listed by id and by name (:func:`deduce.text.names.names_beside_ids`)."""
        key = (lang if lang in LANGS else "en", saying_names())
        text = self._said.get(key)
        if text is None:
            text = self._said[key] = self.words.said(key[0])
        return text

    def __str__(self) -> str:
        return self.said("en")


def kept(problems: Iterable[Problem]) -> tuple[Problem, ...]:
    """``problems`` to keep (in a cache): their words said once in each language (:class:`KeptWords`)."""
    return tuple(p if isinstance(p.words, (str, KeptWords)) else replace(p, words=KeptWords(p.words))
                 for p in problems)


def problem_words(key: str, **params: PhraseParam) -> Phrase:
    """The words of the catalog's ``problems`` section, for problems that every reader shares."""
    return Phrase("problems", key, params)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a document, at ``loc``, in ``words``; a game action the rules refuse as
    malformed also carries the ``refusal`` code and its ``params`` (see :class:`ProblemJSON`)."""

    loc: Loc
    words: Wording
    code: str = "schema"
    refusal: str | None = None
    params: Mapping[str, RefusalParam] = field(default_factory=dict, hash=False)

    @property
    def path(self) -> str:
        return render_loc(self.loc)

    @property
    def message(self) -> str:
        """What is wrong, in English (the API's ``message`` when no other language is asked for)."""
        return self.said("en")

    def said(self, lang: str = "en") -> str:
        """What is wrong, in ``lang`` (English when the catalog does not speak it)."""
        return self.words if isinstance(self.words, str) else self.words.said(lang)

    def at(self, loc: Loc) -> Problem:
        """The same problem at another place (a document read inside another, a flag for a field)."""
        return replace(self, loc=loc)

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.loc else self.message

    def to_json(self, lang: str = "en") -> ProblemJSON:
        """The problem as JSON, its ``message`` in ``lang``; ``code`` and ``path`` are the same in every language."""
        out: ProblemJSON = {"code": self.code, "path": self.path, "loc": list(self.loc), "message": self.said(lang)}
        if self.refusal is not None:
            out["refusal"] = self.refusal
            out["params"] = {k: list(v) if isinstance(v, list) else v for k, v in self.params.items()}
        return out


class DeduceError(Exception):
    """Base class of the errors this package raises on purpose."""


class InputError(DeduceError, ValueError):
    """A document or query could not be interpreted; carries the problems found.

    At most :data:`MAX_PROBLEMS` of them: past that, a last problem (code ``limit``) says
    how many more there were, ``more`` of them on top of those given.
    """

    def __init__(self, problems: Iterable[Problem], more: int = 0):
        kept: list[Problem] = []
        for problem in problems:
            if len(kept) < MAX_PROBLEMS:
                kept.append(problem)
            else:
                more += 1
        if more:
            kept.append(Problem((), problem_words("more", n=more, most=MAX_PROBLEMS), "limit"))
        self.problems: tuple[Problem, ...] = tuple(kept)
        super().__init__("; ".join(str(p) for p in self.problems) or "invalid input")

    @classmethod
    def at(cls, loc: Loc, words: Wording, code: str = "schema") -> InputError:
        return cls([Problem(loc, words, code)])

    def to_json(self, lang: str = "en") -> list[ProblemJSON]:
        return [p.to_json(lang) for p in self.problems]


class Illegal(DeduceError):
    """A well-formed action that the rules do not allow now (HTTP 409); nothing changed.

    ``code`` says why, as a stable code (a key of :data:`deduce.text.refusals.REFUSAL_PHRASES`),
    and ``params`` holds its parameters (ids, numbers, lists of ids, never words), as events do,
    so that every front end says it in the player's language; ``str()`` is the English sentence,
    for logs and the API's ``message``.
    """

    def __init__(self, message: str, code: str, params: Mapping[str, RefusalParam] | None = None):
        super().__init__(message)
        self.code = code
        self.params: dict[str, RefusalParam] = dict(params or {})

    def __reduce__(self) -> tuple[type[Illegal], tuple[str, str, dict[str, RefusalParam]]]:
        return type(self), (str(self), self.code, self.params)  # code and params survive a pickle


class Worded(DeduceError):
    """An error whose ``words`` say it in any language (``str()`` in English), so that a front end
    says it in the person's language: the game store's refusals and a design with no solution."""

    def __init__(self, words: Phrase):
        super().__init__(str(words))
        self.words = words

    def __reduce__(self) -> tuple[type[Worded], tuple[Phrase]]:
        return type(self), (self.words,)  # the words survive a pickle


class Refused(Worded):
    """An error of the game store, its ``words`` said in any language."""


class GameNotFound(Refused):
    """No game with this id, or the token does not open it (the caller cannot tell which)."""


class Unauthorized(Refused):
    """No token was given."""


class Conflict(Refused):
    """The action was made on another version of the game than the current one (both versions named)."""


class ExplainTimeout(DeduceError):
    """z3 did not finish within the time allowed."""


class Infeasible(Worded):
    """A design problem (board paths, stealth deck) has no solution under its constraints; its
    ``words`` say which, in any language."""


class Problems:
    """Collects problems while a document is checked, then raises them together.

    Only the first :data:`MAX_PROBLEMS` are kept; the rest are counted. The words may be
    given as a function, called only for a problem that is kept, so that costly words
    (a "did you mean" search) are not made for a document with a million bad keys.
    """

    def __init__(self) -> None:
        self.items: list[Problem] = []
        self.more = 0

    def add(self, loc: Loc, words: Wording | Callable[[], Wording], code: str = "schema") -> None:
        if len(self.items) >= MAX_PROBLEMS:
            self.more += 1
            return
        said = words() if callable(words) else words
        self.items.append(Problem(tuple(clip(part) for part in loc), said, code))

    def unknown(self, loc: Loc, kind: str, value: object, choices: Iterable[str]) -> None:
        """Report a value that is none of ``choices`` (see :func:`unknown`), searching for a near
        miss only if the problem is kept."""
        self.add(loc, lambda: unknown(kind, value, choices))

    def __len__(self) -> int:
        """How many problems were found, kept or not (to tell whether a part added any)."""
        return len(self.items) + self.more

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise InputError(self.items, self.more)


def clip(part: str | int) -> str | int:
    """A part of a path as a problem shows it: a key of any length cut to :data:`MAX_KEY_SHOWN`."""
    if isinstance(part, str) and len(part) > MAX_KEY_SHOWN:
        return part[: MAX_KEY_SHOWN - 3] + "..."
    return part


def unknown(kind: str, value: object, choices: Iterable[str] | Choices) -> Phrase:
    """``unknown trait 'maried' (did you mean 'married'?); expected one of: ...``.

    The choices are ids, or the game's things (:class:`~deduce.text.names.Choices`), which the HTTP
    service's errors say by name with the id beside.

    Players type ids from the cards on the table; a near miss is named so the fix is
    obvious. Long lists of choices are cut short. ``kind`` is a ``kind.*`` key of the
    ``problems`` words (``trait``, ``suit``, ``location`` ...), said in the problem's language.
    """
    from difflib import get_close_matches

    ids = list(choices.ids if isinstance(choices, Choices) else choices)
    what = problem_words(f"kind.{kind.replace(' ', '-')}")
    said = problem_words("unknown", kind=what, got=shown(value))
    if isinstance(value, str) and len(value) <= MAX_KEY_SHOWN:  # near misses of typed ids only
        close = get_close_matches(value, ids, n=1, cutoff=0.6)
        if close:
            said = problem_words("unknown.close", kind=what, got=shown(value), close=repr(close[0]))
    if not ids:
        return said
    listed = choices if isinstance(choices, Choices) else ", ".join(ids[:MOST_LISTED]) + (
        ", ..." if len(ids) > MOST_LISTED else "")
    return problem_words("expected.one-of", what=said, choices=listed)


#: JSON's own words for its constants, as a document writes them (Python would say None, True, False).
_JSON_WORDS: dict[bool | None, str] = {None: "null", True: "true", False: "false"}


@overload
def shown(value: str, limit: int = 60) -> str: ...
@overload
def shown(value: object, limit: int = 60) -> str | Phrase: ...
def shown(value: object, limit: int = 60) -> str | Phrase:
    """A bad value as a message quotes it, as the person wrote it, cut short so a huge value stays readable.

    A string is quoted (cut before it is quoted), a number shown as it is, and JSON's (and YAML's)
    ``null``, ``true`` and ``false`` as the document writes them, not as Python names them. An
    integer too long to show is described by its size, in words of the catalog said in the
    message's language (Python refuses to turn one of more than 4,300 digits into text at all).
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value).bit_length() > 4 * limit:
        return problem_words("got.digits", n=int(abs(value).bit_length() * math.log10(2)) + 1)
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]
    text = (_JSON_WORDS[value] if value is None or isinstance(value, bool)
            else repr(value) if isinstance(value, (str, int, float)) else f"<{type(value).__name__}>")
    return text if len(text) <= limit else text[: limit - 3] + "..."

