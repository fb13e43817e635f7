"""The parts of the request bodies the service reads itself: an object of documents and settings.

``POST /v1/advice``, ``/v1/hint`` and ``/v1/audit-deck`` take one JSON object whose fields are documents
the engine reads (a board, a card set, a stealth deck, a query, a situation at the table) and a few
settings of the route's own (a language, a mode). Each body is defined once, beside its route
(:mod:`api.table`, :mod:`api.workbench`), as a TypedDict of the body as it is read, validated with
:func:`deduce.schema.validated`:

- :func:`object_body` words a body that is not an object at all (``an advice query must be a JSON object``);
- :func:`document` reads a field that holds a document: an object, or its YAML or JSON text, read by the
  document's own reader, whose problems are said under the field (``board.paths[0][1]``); null, or no
  field, is none (the route's default: the server's own, or the shipped one);
- :func:`read_by` reads a field with a reader of the engine that needs what the body gave before it (a
  tracking query is read on the body's board);
- :func:`document_schema` is the OpenAPI schema of a document field: the document's own, its text, or null;
  :func:`component` that of a field holding a document the OpenAPI document lists among its components;
- :data:`BOARD_DOCUMENT` reads a board given with a body (the table's and the workbench's routes take one),
  :func:`given_or` falls back to the route's default for a document left out.

The fields are read in turn (:func:`deduce.schema.in_turn`): the first one found wrong is said, and none
after it, since those are read with what it gives (a query on the board given before it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from pydantic import PlainValidator, ValidationInfo, WrapValidator

from api.bodies import expected
from api.middleware import service_words
from deduce.document import decode_yaml, type_name
from deduce.errors import InputError
from deduce.schema import Definition, problem, refused
from deduce.where import boardfile

T = TypeVar("T")


def object_body(what: str) -> WrapValidator:
    """A request body that must be a JSON object holding ``what`` (``an advice query``), else said so."""
    def check(doc: Any, handler: Callable[[Any], Any]) -> Any:
        if not isinstance(doc, Mapping):
            raise problem(service_words("body.object", what=expected(what), got=type_name(doc)))
        return handler(doc)
    return WrapValidator(check)


def read_by(reader: Callable[[Any, ValidationInfo], Any]) -> PlainValidator:
    """A field read by ``reader(value, info)`` (a reader of the engine: its result is the field's value), its
    problems said under the field."""
    def read(value: Any, info: ValidationInfo) -> Any:
        try:
            return reader(value, info)
        except InputError as exc:
            raise refused(*((p.loc, p.words, p.code) for p in exc.problems)) from None
    return PlainValidator(read)


def document(parse: Callable[[Any], Any], what: str) -> PlainValidator:
    """A field holding a ``what`` document (``board``), as an object or as YAML or JSON text, read by ``parse``;
    null is none."""
    return read_by(lambda value, info: None if value is None else
                   parse(decode_yaml(value, what) if isinstance(value, str) else value))


def given_or(given: T | None, default: Callable[[], T]) -> T:
    """The document a body gave, else the default one."""
    return given if given is not None else default()


#: A board given with a body: its schema, and how its field reads it.
BOARD = boardfile.BOARD.inline_schema()
BOARD_DOCUMENT = document(boardfile.parse, "board")


#: The key that names, in a field's schema, the OpenAPI component it is: pydantic looks up every reference it
#: sees among the definitions it made, and this one is the OpenAPI document's (:func:`body_schema` makes it one).
COMPONENT = "x-component"


def component(name: str) -> dict[str, Any]:
    """The schema of a field holding a document that the OpenAPI document describes as its component ``name``."""
    return {COMPONENT: name}


def document_schema(schema: dict[str, Any], absent: str) -> dict[str, Any]:
    """A document in a request body: an object as ``schema`` says, its YAML or JSON text, or null for ``absent``."""
    return {"anyOf": [{"type": "string", "description": "YAML or JSON text", "contentMediaType": "application/yaml"},
                      schema, {"type": "null", "description": absent}]}


def body_schema(definition: Definition[Any]) -> dict[str, Any]:
    """``openapi_extra`` for a JSON object body that the route reads itself, as its ``definition`` says: its parts
    written out in place, but for the documents that are the OpenAPI document's components (:func:`component`)."""
    def referred(node: Any) -> Any:
        if isinstance(node, dict):
            if COMPONENT in node:
                return {"$ref": f"#/components/schemas/{node[COMPONENT]}"}
            return {key: referred(value) for key, value in node.items()}
        return [referred(item) for item in node] if isinstance(node, list) else node

    schema = referred(definition.inline_schema())
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}
