"""The package's one exception tree, and the problems that bad input reports.

:class:`DeduceError` is the root of every error this package raises on purpose:
:class:`InputError` (a document or query that cannot be interpreted), :class:`Illegal`
(an action the rules refuse now), the game store's :class:`GameNotFound`,
:class:`Unauthorized` and :class:`Conflict`, :class:`ExplainTimeout` and :class:`Infeasible`.

Every reader of user input (card set files, queries, boards, stealth decks) reports
problems as :class:`Problem` values collected into one :class:`InputError`, so that a
person sees *all* that is wrong with a document at once, each with its path
(``ladies[3].key.rose``), and never a traceback.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from typing_extensions import TypedDict

Loc = tuple[str | int, ...]


class ProblemJSON(TypedDict):
    """One thing wrong with a request or document: where (``path``, and ``loc`` as a list) and what."""

    code: str
    path: str
    loc: list[str | int]
    message: str


def render_loc(loc: Loc) -> str:
    """Render a location in a document as ``ladies[3].key.rose``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a document, at ``loc``."""

    loc: Loc
    message: str
    code: str = "schema"

    @property
    def path(self) -> str:
        return render_loc(self.loc)

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.loc else self.message

    def to_json(self) -> ProblemJSON:
        return {"code": self.code, "path": self.path, "loc": list(self.loc), "message": self.message}


class DeduceError(Exception):
    """Base class of the errors this package raises on purpose."""


class InputError(DeduceError, ValueError):
    """A document or query could not be interpreted; carries every problem found."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("; ".join(str(p) for p in self.problems) or "invalid input")

    @classmethod
    def at(cls, loc: Loc, message: str, code: str = "schema") -> InputError:
        return cls([Problem(loc, message, code)])

    def to_json(self) -> list[ProblemJSON]:
        return [p.to_json() for p in self.problems]


class Illegal(DeduceError):
    """A well-formed action that the rules do not allow now (HTTP 409); nothing changed."""


class GameNotFound(DeduceError):
    """No game with this id, or the token does not open it (the caller cannot tell which)."""


class Unauthorized(DeduceError):
    """No token was given."""


class Conflict(DeduceError):
    """The action was made on another version of the game than the current one."""


class ExplainTimeout(DeduceError):
    """z3 did not finish within the time allowed."""


class Infeasible(DeduceError):
    """A design problem (board paths, stealth deck) has no solution under its constraints."""


class Problems:
    """Collects problems while a document is checked, then raises them together."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, loc: Loc, message: str, code: str = "schema") -> None:
        self.items.append(Problem(tuple(loc), message, code))

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise InputError(self.items)


def unknown(kind: str, value: object, choices: Iterable[str]) -> str:
    """``unknown trait 'maried' (did you mean 'married'?); expected one of: ...``.

    Players type ids from the cards on the table; a near miss is named so the fix is
    obvious. Long lists of choices are cut short.
    """
    from difflib import get_close_matches

    choices = list(choices)
    message = f"unknown {kind} {shown(value)}"
    if isinstance(value, str):
        close = get_close_matches(value, choices, n=1, cutoff=0.6)
        if close:
            message += f" (did you mean {close[0]!r}?)"
    listed = ", ".join(choices[:12]) + (", ..." if len(choices) > 12 else "")
    return f"{message}; expected one of: {listed}" if choices else message


def shown(value: object, limit: int = 60) -> str:
    """A bad value as a message quotes it: its repr, cut short so a huge value stays readable."""
    text = repr(value) if isinstance(value, (str, int, float, bool, type(None))) else f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."
