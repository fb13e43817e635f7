"""Documents defined once: validation, JSON Schema and static type from one TypedDict.

Each document a reader takes (a tracking query, a game setup, an action ...) is one TypedDict:
mypy reads it as the document's static type, pydantic validates a decoded document against it
(:func:`validated`, strict: no ``"3"`` for 3 and no ``true`` for 1), and the same pydantic makes its
JSON Schema, which the HTTP service puts in its OpenAPI document. So what the OpenAPI document
calls valid and what the readers accept cannot drift apart.

The problems keep the readers' words (the catalog's, said in any language) and their paths. The
words are declared where the field is:

- :func:`said` on a field: its own words for a value it refuses, by pydantic's kind of error
  (``int_type``, ``less_than_equal`` ...) or one for all;
- :func:`entry` on a mapping: the words for a field it misses or does not know, or for something
  that is not a mapping at all;
- :func:`known_in` on an id: a check against what the reader was given (a board's locations, the
  card set's traits), which pydantic passes to every field as the validation's ``context``.

What no single field can say (each id of a list at most once, a key for every suit the set has)
the readers check in code on the validated document.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from functools import cached_property
from typing import Any, Generic, TypeVar

from pydantic import ConfigDict, JsonValue, TypeAdapter, ValidationError, ValidationInfo, WrapValidator
from pydantic_core import ErrorDetails, InitErrorDetails, PydanticCustomError

from deduce.document import type_name
from deduce.errors import InputError, Problems, Wording, problem_words, unknown

__all__ = ["Definition", "Said", "entry", "known_in", "problem", "refusals", "said", "strict", "tagged", "validated"]

T = TypeVar("T")



def strict(title: str, *examples: JsonValue) -> ConfigDict:
    """The configuration of a document's mapping called ``title`` in the JSON Schema, with its ``examples``:
    unknown fields are refused, and values are not converted (no ``"3"`` for 3, no ``true`` for 1)."""
    config = ConfigDict(strict=True, extra="forbid", title=title)
    if examples:
        config["json_schema_extra"] = {"examples": list(examples)}
    return config
#: The kind of pydantic error that already holds its problem's words (and its code) in its context.
SAID = "said"

#: Words, or a function that makes them only if the problem is kept (a "did you mean" search).
Said = Wording | Callable[[], Wording]
#: How a field says what is wrong with the value it was given.
SayValue = Callable[[Any], Said]


def problem(words: Said, code: str = "schema") -> PydanticCustomError:
    """A validation error that is already a problem: its words and its code (``schema``, ``limit``)."""
    return PydanticCustomError(SAID, "{code}", {"words": words, "code": code})


def said(otherwise: SayValue | None = None, /, *, limit: Collection[str] = (), **by_kind: SayValue) -> WrapValidator:
    """A field's own words for a value it refuses, by pydantic's kind of error, else ``otherwise``.

    Only a refusal of the field's value itself is said so: one of an item inside it (a list's entry)
    keeps its own words. The kinds named in ``limit`` are problems with the code ``limit`` (a value past
    what is supported, rather than a wrong one).
    """
    def check(value: Any, handler: Callable[[Any], Any]) -> Any:
        try:
            return handler(value)
        except ValidationError as exc:
            first = exc.errors(include_url=False, include_context=False, include_input=False)[0]
            kind = first["type"]
            say = by_kind.get(kind, otherwise)
            if kind == SAID or first["loc"] or say is None:
                raise
            raise problem(say(value), "limit" if kind in limit else "schema") from None
    return WrapValidator(check)


def entry(shape: type, *, fields: Sequence[str] | None = None, missing: Mapping[str, Wording] | None = None,
          extra: Mapping[str, Wording] | None = None, not_mapping: SayValue | None = None) -> WrapValidator:
    """The words of a mapping of the ``shape`` TypedDict for what is wrong with it as a whole.

    A field it lacks is ``required`` unless ``missing`` words it; a field it does not know is
    ``field.unknown``, listing ``fields`` (by default the shape's own), unless ``extra`` words it;
    a value that is not a mapping at all gets the ``not_mapping`` words. As the readers always did,
    the fields it does not know come first.
    """
    known = tuple(fields if fields is not None else shape.__annotations__)
    order = {field: i for i, field in enumerate(known)}

    def place(err: ErrorDetails) -> tuple[bool, int]:
        """Unknown fields first, then the others in the order of ``fields``."""
        field = err["loc"][0] if err["loc"] else None
        return (err["type"] != "extra_forbidden" or len(err["loc"]) != 1, order.get(str(field), len(known)))

    missing_words = dict(missing or {})
    extra_words = dict(extra or {})

    def reworded(err: ErrorDetails) -> InitErrorDetails:
        field = str(err["loc"][0]) if len(err["loc"]) == 1 else None
        if field is not None and err["type"] == "missing":
            return _again(err, problem(missing_words.get(field) or problem_words("required")))
        if field is not None and err["type"] == "extra_forbidden":
            words = extra_words.get(field) or problem_words("field.unknown", fields=", ".join(known))
            return _again(err, problem(words))
        return _again(err)

    def check(value: Any, handler: Callable[[Any], Any]) -> Any:
        if not_mapping is not None and not isinstance(value, Mapping):
            raise problem(not_mapping(value))
        try:
            return handler(value)
        except ValidationError as exc:
            errors = exc.errors(include_url=False)
            errors.sort(key=place)
            raise ValidationError.from_exception_data(exc.title, [reworded(err) for err in errors]) from None
    return WrapValidator(check)


def tagged(kind: Callable[[Any], str | None], refused: SayValue) -> WrapValidator:
    """The words of a union of shapes told apart by ``kind`` (the tag pydantic's ``Discriminator`` reads).

    A value of no kind is ``refused`` in those words. pydantic puts the tag first in the path of
    a problem inside a shape: it is taken out, so that the path is the document's.
    """
    def check(value: Any, handler: Callable[[Any], Any]) -> Any:
        tag = kind(value)
        if tag is None:
            raise problem(refused(value))
        try:
            return handler(value)
        except ValidationError as exc:
            errors = exc.errors(include_url=False)
            for err in errors:
                if err["loc"][:1] == (tag,):
                    err["loc"] = err["loc"][1:]
            raise ValidationError.from_exception_data(exc.title, [_again(err) for err in errors]) from None
    return WrapValidator(check)


def _again(err: ErrorDetails, kind: PydanticCustomError | None = None) -> InitErrorDetails:
    """``err`` as it can be raised again, with another kind when given (a problem already said)."""
    ctx = err.get("ctx", {})
    if kind is None:
        kind = problem(ctx["words"], ctx["code"]) if err["type"] == SAID else None
    details = InitErrorDetails(type=kind or err["type"], loc=err["loc"], input=err["input"])
    if kind is None and ctx:
        details["ctx"] = ctx
    return details


def known_in(kind: str, has: Callable[[Any, str], bool], choices: Callable[[Any], Sequence[str]]) -> WrapValidator:
    """An id that must be one of those the reader was given (``has(context, value)``), else an ``unknown``
    ``kind`` ("unknown location 'globb' (did you mean 'globe'?)", listing ``choices(context)``); a value
    that is not even a string is an unknown one too.

    Without a context (a document validated on its own, as the HTTP service's answers are) only
    the shape is checked.
    """
    def check(value: Any, handler: Callable[[Any], Any], info: ValidationInfo) -> Any:
        context = info.context
        if context is None:
            return handler(value)
        if not isinstance(value, str) or not has(context, value):
            raise problem(lambda: unknown(kind, value, choices(context)))
        return handler(value)
    return WrapValidator(check)


#: The words of pydantic's kinds of error that no field or mapping words itself.
_DEFAULT_WORDS: dict[str, Callable[[ErrorDetails], Wording]] = {
    "missing": lambda err: problem_words("required"),
    "list_type": lambda err: problem_words("expected.list", got=type_name(err["input"])),
    "string_type": lambda err: problem_words("expected.string", got=type_name(err["input"])),
}


class Definition(Generic[T]):
    """One document's definition: its shape (a TypedDict, or a union of them, with their words).

    pydantic's validator and JSON Schema for it are made on first use: each costs milliseconds,
    and a command reads few kinds of document.
    """

    def __init__(self, shape: Any):
        self.shape = shape

    @cached_property
    def adapter(self) -> TypeAdapter[T]:
        return TypeAdapter(self.shape)

    def json_schema(self, ref_template: str) -> dict[str, Any]:
        """The document's JSON Schema, its parts referred to by ``ref_template`` (``#/components/schemas/{model}``)."""
        return self.adapter.json_schema(ref_template=ref_template)


def refusals(definition: Definition[Any], doc: Any, context: object = None) -> list[ErrorDetails]:
    """What pydantic finds wrong with ``doc`` against its definition (nothing: it is one, as it is, since
    nothing is converted), for a reader that says it its own way (a game action's refusals, one at a time)."""
    try:
        definition.adapter.validate_python(doc, strict=True, context=context)
    except ValidationError as exc:
        return exc.errors(include_url=False)
    return []


def validated(definition: Definition[T], doc: Any, context: object = None) -> T:
    """``doc`` checked against its definition, with ``context`` for the ids it names (:func:`known_in`).

    Raises :class:`InputError` with every problem found, each at its path, in the readers' words.
    """
    try:
        return definition.adapter.validate_python(doc, strict=True, context=context)
    except ValidationError as exc:
        problems = Problems()
        for err in exc.errors(include_url=False):
            if err["type"] == SAID:
                problems.add(err["loc"], err["ctx"]["words"], err["ctx"]["code"])
            else:
                words = _DEFAULT_WORDS.get(err["type"])
                problems.add(err["loc"], words(err) if words else problem_words("invalid", reason=err["msg"]))
        raise InputError(problems.items, problems.more) from None
