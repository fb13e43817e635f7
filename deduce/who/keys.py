"""Key entries and trait lists, as documents and queries write them and as cards print them.

A key entry is the set of counts a card allows for one suit: one number (``1``) or a list
(``[0, 2]``) in a document, ``0/2`` on the printed card. Card set files
(:mod:`deduce.who.cardfile`) and queries (:mod:`deduce.who.query`) read entries and trait
lists with the same checks and words, so both live here, in the core, where a reader may
import them and the core never needs a reader.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from functools import lru_cache

from deduce.document import is_int, type_name
from deduce.errors import MAX_KEY_SHOWN, KeptWords, Loc, Problems, shown, unknown
from deduce.who.cards import card_words


def parse_key_entry(value: object, loc: Loc, problems: Problems, k: int) -> frozenset[int] | None:
    """A key entry: one count or a non-empty list of distinct counts, each in 0..k."""
    values = value if isinstance(value, list) else [value]
    if isinstance(value, list) and not 0 < len(value) <= k + 1:
        problems.add(loc, card_words("entry.size", most=k + 1, got=len(value)))
        return None
    counts = set()
    for j, count in enumerate(values):
        where = (*loc, j) if isinstance(value, list) else loc
        if not is_int(count):
            problems.add(where, card_words("whole.expected", least=0, most=k, got=type_name(count)))
        elif not 0 <= count <= k:
            problems.add(where, card_words("count.outside", got=shown(count), most=k))
        elif count in counts:
            problems.add(where, card_words("count.repeated", got=count))
        else:
            counts.add(count)
    return frozenset(counts) if len(counts) == len(values) else None


def parse_trait_list(value: object, loc: Loc, problems: Problems, known: Collection[str],
                     k: int) -> tuple[str, ...] | None:
    """A list of exactly ``k`` distinct known trait ids."""
    if not isinstance(value, list):
        problems.add(loc, card_words("traits.expected", k=k, got=type_name(value)))
        return None
    if len(value) != k:
        problems.add(loc, card_words("traits.count", k=k, got=len(value)))
        return None
    ok = True
    for j, trait in enumerate(value):
        if not isinstance(trait, str) or trait not in known:
            unknown_id(problems, (*loc, j), "trait", trait, known)
            ok = False
    if ok and len(set(value)) != len(value):
        problems.add(loc, card_words("traits.twice"))
        ok = False
    return tuple(value) if ok else None


def unknown_id(problems: Problems, loc: Loc, kind: str, value: object, choices: Collection[str]) -> None:
    """Report an id that is none of ``choices``, as :meth:`~deduce.errors.Problems.unknown` does.

    The words for a short string are kept (:func:`_unknown_message`), and their sentences
    (:class:`KeptWords`): the "did you mean" search costs more than answering a good query,
    and the typos of a batch repeat.
    """
    if type(value) is str and len(value) <= MAX_KEY_SHOWN:
        options = tuple(choices)
        problems.add(loc, lambda: _unknown_message(kind, value, options))
    else:
        problems.unknown(loc, kind, value, choices)


@lru_cache(maxsize=4096)
def _unknown_message(kind: str, value: str, choices: tuple[str, ...]) -> KeptWords:
    return KeptWords(unknown(kind, value, choices))


def key_entry_text(counts: Iterable[int]) -> str:
    """A key entry as printed on a card: ``1`` or ``0/2``."""
    return "/".join(str(c) for c in sorted(counts))


def key_to_json(key: Mapping[str, frozenset[int]], suit_order: Iterable[str]) -> dict[str, list[int]]:
    """A whole key as JSON: each suit's counts as a sorted list, suits in card-set order."""
    return {s: sorted(key[s]) for s in suit_order if s in key}
