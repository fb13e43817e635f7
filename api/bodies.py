"""Decoding request bodies into plain documents for :mod:`deduce`'s parsers.

Every way a body can be unreadable (empty, not UTF-8, not JSON, absurdly nested, a YAML
alias bomb) becomes an :class:`~deduce.errors.InputError`, answered 422 like any other
bad input. The size limit itself is enforced earlier, by :class:`api.middleware.BodyLimit`.
The problems are in the service's words (:func:`api.middleware.service_words`), said in the
request's language; the kind of document expected (``what``) is named in it too.
"""

from __future__ import annotations

import json
from typing import Any

from api.middleware import service_words
from deduce.document import check_surrogates, decode_yaml, document_words
from deduce.errors import InputError
from deduce.text.catalog import Phrase, section
from deduce.who import cardfile
from deduce.who.cards import CardSet

#: Media types read as YAML; everything else is read as JSON.
YAML_TYPES = ("application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml")


def media_type(content_type: str | None) -> str:
    return (content_type or "").split(";", 1)[0].strip().lower()


def is_yaml(content_type: str | None) -> bool:
    return media_type(content_type) in YAML_TYPES


def expected(what: str) -> Phrase | str:
    """The words for the document a body should hold, said in any language: a request of the service's own
    (``a query``, ``an action``: the ``what.*`` keys of its words), else a document every reader names (``card
    set``, ``board``: :func:`deduce.document.document_words`); one the catalog lacks, as written."""
    key = what.replace(" ", "-")
    if f"what.{key}" in section("service")["en"]:
        return service_words(f"what.{key}")
    return document_words(what) if f"document.{key}" in section("problems")["en"] else what


def whole_number(text: str) -> int | float:
    """A JSON number written with a fraction or an exponent: the integer it is when it is whole.

    JSON has one kind of number, and JSON Schema's ``integer`` is any whole one, ``9.0`` and ``1e3``
    included: so a count, a slot or a seed the OpenAPI document calls an integer is read as one
    however it is written (the parsers take Python ints only).
    """
    value = float(text)
    return int(value) if value.is_integer() else value


def decode_json(body: bytes, what: str) -> Any:
    """A JSON document from a request body (whole numbers as integers: :func:`whole_number`)."""
    if not body.strip():
        raise InputError.at((), service_words("body.empty", what=expected(what)))
    encoding = json.detect_encoding(body)  # JSON's own rule: UTF-8, or UTF-16/32 by the zero bytes
    try:
        text = body.decode(encoding)  # strictly: json.loads(bytes) would let encoded surrogates through
    except UnicodeDecodeError as exc:
        raise InputError.at((), service_words("body.encoding", encoding=encoding, byte=f"{body[exc.start]:02x}",
                                              offset=exc.start)) from None
    try:
        doc = json.loads(text, parse_float=whole_number)
    except json.JSONDecodeError as exc:
        raise InputError.at((), service_words("body.invalid", reason=exc.msg, line=exc.lineno,
                                              column=exc.colno)) from None
    except RecursionError:
        raise InputError.at((), service_words("body.deep"), code="limit") from None
    except ValueError as exc:  # not UTF-8/16/32, or an integer literal with too many digits
        raise InputError.at((), service_words("body.undecodable", reason=str(exc))) from None
    check_surrogates(text, doc, "request body")
    return doc


def decode_document(body: bytes, content_type: str | None, what: str) -> Any:
    """A JSON or YAML document (by content type) from a request body (YAML checked for alias bombs)."""
    if not is_yaml(content_type):
        return decode_json(body, what)
    if not body.strip():
        raise InputError.at((), service_words("body.empty.yaml", what=expected(what)))
    return decode_yaml(body, what)


def card_set_body(body: bytes, content_type: str | None) -> CardSet:
    """The card set a body holds (JSON, or YAML by its content type), read as ``deduce audit`` reads a file."""
    return cardfile.parse(decode_document(body, content_type, "card set"))
