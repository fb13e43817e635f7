"""argparse's own words (``usage:``, ``options:``, ``-h``'s help, its errors) said from the catalog.

argparse asks gettext for every message it prints: it calls its module's ``_`` and ``ngettext``
with its English text (a gettext msgid, such as ``invalid choice: %(value)r (choose from
%(choices)s)``) and fills the answer with ``%``. While a command's parser is built and parses
(inside :func:`speaking`), those two answer from the catalog's ``arguments`` section
(``data/words/arguments.json``) in the command's language; outside it, in any other thread or
context, and for a message the catalog does not know, gettext answers as it always did. The
English of the catalog is argparse's own, so English output is the same byte for byte.

The messages known are those a person can meet on a command line, in Python 3.11 to 3.13
(:data:`MESSAGES`); the ones argparse raises when a program builds a parser wrong stay English,
as the engine's own internal exceptions do. ``tests/cli/test_arguments.py`` reads argparse's
source and fails when it says something to a person that the catalog does not know.
"""

from __future__ import annotations

import argparse
import gettext
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

from deduce.text.catalog import Phrase, PhraseParam, section

__all__ = ["MESSAGES", "SECTION", "said", "speaking"]

#: The catalog's section of argparse's words.
SECTION = "arguments"

#: argparse's messages a person can read (its msgids, as Python 3.11 to 3.13 write them), each with
#: its key in the catalog and the names its positional fields (``%s``) take there, in order. A
#: message with a plural (``ngettext``) is known by its singular; its key has one entry per plural form.
MESSAGES: dict[str, tuple[str, tuple[str, ...]]] = {
    "usage: ": ("usage", ()),
    "options": ("options", ()),
    "positional arguments": ("positional", ()),
    "subcommands": ("subcommands", ()),
    "%(heading)s:": ("heading", ()),
    " (default: %(default)s)": ("default", ()),
    "show this help message and exit": ("help", ()),
    "show program's version number and exit": ("version", ()),
    "%(prog)s: error: %(message)s\n": ("error", ()),
    "%(prog)s: warning: %(message)s\n": ("warning", ()),
    "argument %(argument_name)s: %(message)s": ("argument", ()),
    "unrecognized arguments: %s": ("unrecognized", ("arguments",)),
    "ambiguous option: %(option)s could match %(matches)s": ("ambiguous", ()),
    "unexpected option string: %s": ("unexpected-option", ("option",)),
    "invalid choice: %(value)r (choose from %(choices)s)": ("invalid-choice", ()),
    "invalid %(type)s value: %(value)r": ("invalid-value", ()),
    "expected one argument": ("expected-one", ()),
    "expected at most one argument": ("expected-at-most-one", ()),
    "expected at least one argument": ("expected-at-least-one", ()),
    "expected %s argument": ("expected-n", ("n",)),
    "the following arguments are required: %s": ("required", ("arguments",)),
    "one of the arguments %s is required": ("one-required", ("arguments",)),
    "not allowed with argument %s": ("not-allowed-with", ("argument",)),
    "ignored explicit argument %r": ("ignored", ("value",)),
    "unknown parser %(parser_name)r (choices: %(choices)s)": ("unknown-command", ()),
    "can't open '%(filename)s': %(error)s": ("cannot-open", ()),
    'argument "-" with mode %r': ("dash-mode", ("mode",)),
    "command '%(parser_name)s' is deprecated": ("deprecated-command", ()),
    "option '%(option)s' is deprecated": ("deprecated-option", ()),
    "argument '%(argument_name)s' is deprecated": ("deprecated-argument", ()),
}

#: A field of a printf-style msgid: ``%(name)s``, ``%(name)r``, or a positional ``%s``/``%r``.
_FIELD = re.compile(r"%(?:\((\w+)\))?([rs])")

#: The language argparse speaks in this context; None: gettext's, as if this module were not there.
_LANG: ContextVar[str | None] = ContextVar("deduce_arguments_lang", default=None)


class _Unfilled(str):
    """A message of argparse with fields, as its ``_`` answers it: the English msgid for whoever reads
    it as it is, said from the catalog in ``lang`` once argparse fills it (``message % values``)."""

    key: str
    names: tuple[str, ...]
    lang: str

    def __new__(cls, msgid: str, key: str, names: tuple[str, ...], lang: str) -> _Unfilled:
        message = super().__new__(cls, msgid)
        message.key, message.names, message.lang = key, names, lang
        return message

    def __mod__(self, values: object) -> str:
        """The message said in its language, each field converted as the msgid asks (``%r``: repr)."""
        given = _fields(values, self.names)
        params: dict[str, PhraseParam] = {}
        positional = iter(self.names)
        for name, conversion in _FIELD.findall(self):
            field = name or next(positional)
            params[field] = _param(field, given[field], conversion)
        return Phrase(SECTION, self.key, params).said(self.lang)


def _fields(values: object, names: tuple[str, ...]) -> Mapping[str, object]:
    """What argparse fills a message with, by field name: a mapping as it is, else the positional
    values (one, or a tuple) named in order."""
    if isinstance(values, Mapping):
        return values
    return dict(zip(names, values if isinstance(values, tuple) else (values,), strict=True))


def _param(field: str, value: object, conversion: str) -> PhraseParam:
    """One field's value as the phrase takes it: ``%r`` as repr, a number as a number (for its plural),
    a type's name as the catalog words it (``type.int``: *numero intero*) when it has words for it."""
    if conversion == "r":
        return repr(value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    if field == "type" and f"type.{value}" in section(SECTION)["en"]:
        return Phrase(SECTION, f"type.{value}")
    return str(value)


def _gettext(message: str) -> str:
    """argparse's ``_``: the catalog's words for ``message`` in the language of the context, if any."""
    lang, known = _LANG.get(), MESSAGES.get(message)
    if lang is None or known is None:
        return gettext.gettext(message)
    key, names = known
    if _FIELD.search(message):
        return _Unfilled(message, key, names, lang)
    return Phrase(SECTION, key).said(lang)


def _ngettext(singular: str, plural: str, n: int) -> str:
    """argparse's ``ngettext``: the catalog's words, in the plural form of ``n`` once filled."""
    lang, known = _LANG.get(), MESSAGES.get(singular)
    if lang is None or known is None:
        return gettext.ngettext(singular, plural, n)
    key, names = known
    return _Unfilled(singular if n == 1 else plural, key, names, lang)


def _install() -> None:
    """Have argparse ask this module for its words. Idempotent; a Python whose argparse does not look
    its words up by these two names keeps its English (the tests then fail, saying so)."""
    if hasattr(argparse, "_") and hasattr(argparse, "ngettext"):
        argparse._ = _gettext
        argparse.ngettext = _ngettext  # type: ignore[attr-defined]


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """argparse speaks ``lang`` inside this block, in this thread or task only: build the command's
    parser and parse its command line here, so that its help and its errors are in ``lang``."""
    _install()
    token = _LANG.set(lang)
    try:
        yield
    finally:
        _LANG.reset(token)


def said(phrase: Phrase) -> str:
    """``phrase`` in the language argparse speaks now (English outside :func:`speaking`): the words of
    an ``argparse.ArgumentTypeError``, which argparse prints as they are."""
    return phrase.said(_LANG.get() or "en")
