"""Decoding request bodies into plain documents for :mod:`deduce`'s parsers.

Every way a body can be unreadable (empty, not UTF-8, not JSON, absurdly nested, a YAML
alias bomb) becomes an :class:`~deduce.errors.InputError`, answered 422 like any other
bad input. The size limit itself is enforced earlier, by :class:`api.middleware.BodyLimit`.
"""

from __future__ import annotations

import json
from typing import Any

from deduce.cardfile import MAX_DOCUMENT_BYTES, decode_yaml
from deduce.errors import InputError

#: Media types read as YAML; everything else is read as JSON.
YAML_TYPES = ("application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml")
#: Most values (scalars, lists and mappings, counted as a tree) a decoded document may hold.
#: No document within the size limit comes near it unless YAML aliases multiply its parts.
MAX_VALUES = MAX_DOCUMENT_BYTES


def media_type(content_type: str | None) -> str:
    return (content_type or "").split(";", 1)[0].strip().lower()


def is_yaml(content_type: str | None) -> bool:
    return media_type(content_type) in YAML_TYPES


def decode_json(body: bytes, what: str) -> Any:
    """A JSON document from a request body."""
    if not body.strip():
        raise InputError.at((), f"the request body is empty; expected {what} as JSON")
    try:
        return json.loads(body)
    except json.JSONDecodeError as exc:
        raise InputError.at((), f"the request body is not valid JSON: {exc.msg} at line {exc.lineno}, "
                                f"column {exc.colno}") from None
    except RecursionError:
        raise InputError.at((), "the request body is nested too deeply", code="limit") from None
    except ValueError as exc:  # not UTF-8/16/32, or an integer literal with too many digits
        raise InputError.at((), f"the request body could not be decoded as JSON: {exc}") from None


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


def decode_document(body: bytes, content_type: str | None, what: str) -> Any:
    """A JSON or YAML document (by content type) from a request body, checked for alias bombs."""
    if not is_yaml(content_type):
        return decode_json(body, what)
    if not body.strip():
        raise InputError.at((), f"the request body is empty; expected {what} as YAML")
    doc = decode_yaml(body, what)
    if tree_size(doc) > MAX_VALUES:
        raise InputError.at((), f"the {what} expands to more than {MAX_VALUES} values through YAML "
                                f"anchors and aliases (or refers to itself); write it out plainly",
                            code="limit")
    return doc
