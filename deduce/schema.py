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

What no single field can say is declared where it is seen, and found whatever else is wrong, so
that every problem is said in one reading:

- :func:`unique` on a list: each entry's id (or other key) at most once;
- :func:`also` on a mapping: what one field makes wrong in another (a count the list it counts
  contradicts), or what the rest of the document does (a board drawn needs every location placed).

What is left (a key for every suit the set has) the readers check in code on the validated document.
The parts many documents share close the module: ``schema: 1`` (:data:`Version`), entries' ids
(:data:`EntryId`), names in several languages (:data:`Name`) and lists with a limit (:class:`Listed`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Annotated, Any, Generic, Literal, TypeVar

from annotated_types import GroupedMetadata, MaxLen, MinLen
from pydantic import (
    ConfigDict,
    Field,
    JsonValue,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
    WrapValidator,
)
from pydantic_core import ErrorDetails, InitErrorDetails, PydanticCustomError

from deduce.document import is_int, key_text, type_name
from deduce.errors import MAX_PROBLEMS, InputError, Loc, Problem, Problems, Wording, problem_words, shown, unknown
from deduce.text.catalog import Phrase, PhraseParam
from deduce.text.names import Choices, Names

__all__ = [
    "VERSION_MISSING",
    "Definition",
    "EntryId",
    "Found",
    "Listed",
    "Name",
    "Repeated",
    "Said",
    "Version",
    "also",
    "duplicate",
    "entry",
    "entry_key",
    "first_entries",
    "in_turn",
    "known_in",
    "names",
    "not_an_entry",
    "outcome",
    "problem",
    "problem_of",
    "raised",
    "refusals",
    "refused",
    "said",
    "said_at",
    "strict",
    "tagged",
    "unique",
    "validated",
]

T = TypeVar("T")


def strict(title: str, *examples: JsonValue, extra: Literal["forbid", "allow"] = "forbid") -> ConfigDict:
    """The configuration of a document's mapping called ``title`` in the JSON Schema, with its ``examples``:
    values are not converted (no ``"3"`` for 3, no ``true`` for 1), and unknown fields are refused, or kept
    with ``extra="allow"`` (a file a person writes may carry notes of their own: a card set, a board)."""
    config = ConfigDict(strict=True, extra=extra, title=title)
    if examples:
        config["json_schema_extra"] = {"examples": list(examples)}
    return config


#: The kind of pydantic error that already holds its problem's words (and its code) in its context.
SAID = "said"
#: The kind of pydantic error that stands for the problems past :data:`~deduce.errors.MAX_PROBLEMS` of a value,
#: counted (``n`` in its context) rather than kept: a document of a million wrong entries costs what it says.
MORE = "more"

#: Words, or a function that makes them only if the problem is kept (a "did you mean" search).
Said = Wording | Callable[[], Wording]
#: How a field says what is wrong with the value it was given.
SayValue = Callable[[Any], Said]


class _Words:
    """A problem's words and code in a pydantic error's context. pydantic renders every value of a context
    as text for its own message: this one renders as its code, so that no words are said before they are kept."""

    __slots__ = ("code", "words")

    def __init__(self, words: Said, code: str):
        self.words = words
        self.code = code

    def __str__(self) -> str:
        return self.code


def problem(words: Said, code: str = "schema") -> PydanticCustomError:
    """A validation error that is already a problem: its words and its code (``schema``, ``limit``)."""
    return PydanticCustomError(SAID, "{said}", {"said": _Words(words, code)})


def _bounded(errors: list[ErrorDetails]) -> list[ErrorDetails]:
    """The first :data:`~deduce.errors.MAX_PROBLEMS` of ``errors``, in their order, and one :data:`MORE` error
    counting the others (with those already counted inside), so that no wrapper handles more than that."""
    kept = [err for err in errors if err["type"] != MORE]
    if len(kept) == len(errors) and len(kept) <= MAX_PROBLEMS:
        return errors
    more = sum(err["ctx"]["n"] for err in errors if err["type"] == MORE) + max(0, len(kept) - MAX_PROBLEMS)
    return [*kept[:MAX_PROBLEMS], ErrorDetails(type=MORE, loc=(), msg="", input=None, ctx={"n": more})]


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


def entry(shape: type, *, fields: Sequence[str] | None = None, missing: Mapping[str, Said] | None = None,
          extra: Mapping[str, Wording] | None = None, not_mapping: SayValue | None = None) -> WrapValidator:
    """The words of a mapping of the ``shape`` TypedDict for what is wrong with it as a whole.

    A field it lacks is ``required`` unless ``missing`` words it; a field it does not know is
    ``field.unknown``, listing ``fields`` (by default the shape's own), unless ``extra`` words it;
    a value that is not a mapping at all gets the ``not_mapping`` words. As the readers always did,
    the fields it does not know come first, then the others in the order of ``fields``. A shape that keeps the
    fields it does not know (``extra="allow"``) ignores those whose names are not even strings (YAML's ``5: x``),
    as the fields of its own.
    """
    known = tuple(fields if fields is not None else shape.__annotations__)
    keeps_extra = getattr(shape, "__pydantic_config__", {}).get("extra") == "allow"
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
        if keeps_extra and isinstance(value, Mapping) and not all(isinstance(key, str) for key in value):
            value = {key: item for key, item in value.items() if isinstance(key, str)}
        try:
            return handler(value)
        except ValidationError as exc:
            errors = exc.errors(include_url=False)
            errors.sort(key=place)
            raise ValidationError.from_exception_data(exc.title, [reworded(err) for err in _bounded(errors)]) from None
    return WrapValidator(check)


def not_an_entry(value: Any) -> Phrase:
    """The words for a list's entry (or a mapping's value) that is not a mapping at all, for :func:`entry`'s
    ``not_mapping``: ``expected a mapping with an id, got a list``."""
    return problem_words("expected.entry", got=type_name(value))


def tagged(kind: Callable[[Any], str | None], refused: SayValue | None = None) -> WrapValidator:
    """The words of a union of shapes told apart by ``kind`` (the tag pydantic's ``Discriminator`` reads).

    A value of no kind is ``refused`` in those words (without them, it is left to the union's own error, or a
    wrapper around it). pydantic puts the tag first in the path of a problem inside a shape: it is taken out,
    so that the path is the document's.
    """
    def check(value: Any, handler: Callable[[Any], Any]) -> Any:
        tag = kind(value)
        if tag is None and refused is not None:
            raise problem(refused(value))
        try:
            return handler(value)
        except ValidationError as exc:
            errors = exc.errors(include_url=False)
            for err in errors:
                if tag is not None and err["loc"][:1] == (tag,):
                    err["loc"] = err["loc"][1:]
            raise raised(errors) from None
    return WrapValidator(check)


def _again(err: ErrorDetails, kind: PydanticCustomError | None = None) -> InitErrorDetails:
    """``err`` as it can be raised again, with another kind when given (a problem already said)."""
    ctx = err.get("ctx", {})
    if kind is None and err["type"] in (SAID, MORE):
        kind = PydanticCustomError(err["type"], "", ctx)  # its message is never read
    details = InitErrorDetails(type=kind or err["type"], loc=err["loc"], input=err["input"])
    if kind is None and ctx:
        details["ctx"] = ctx
    return details


def known_in(kind: str, has: Callable[[Any, str], bool],
             choices: Callable[[Any], Sequence[str] | Choices]) -> WrapValidator:
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


def refused(*problems: tuple[Loc, Said, str]) -> ValidationError:
    """Problems a validator finds inside the value it checks, each at its path there, with its words and
    code (``((1,), words, "schema")``). Raised, they join the document's other problems under the value's path;
    past the first :data:`~deduce.errors.MAX_PROBLEMS` they are only counted (a key of tens of thousands of
    unknown suits costs no more than one of a few)."""
    kept = [said_at(loc, words, code) for loc, words, code in problems[:MAX_PROBLEMS]]
    if len(problems) > MAX_PROBLEMS:
        kept.append(ErrorDetails(type=MORE, loc=(), msg="", input=None, ctx={"n": len(problems) - MAX_PROBLEMS}))
    return raised(kept)


def said_at(loc: Loc, words: Said, code: str = "schema", value: Any = None) -> ErrorDetails:
    """A problem as pydantic reports an error, in its words already (to add to those a wrapper found)."""
    return ErrorDetails(type=SAID, loc=loc, msg=code, input=value, ctx={"said": _Words(words, code)})


def raised(errors: Iterable[ErrorDetails]) -> ValidationError:
    """``errors`` (pydantic's, and problems :func:`said_at`) raised again from a wrapper, in their order."""
    return ValidationError.from_exception_data("Document", [_again(err) for err in _bounded(list(errors))])


def outcome(handler: Callable[[Any], Any], value: Any) -> tuple[Any, list[ErrorDetails]]:
    """What a wrapper's ``handler`` makes of ``value``, or the errors it finds in it (to add to, or reorder)."""
    try:
        return handler(value), []
    except ValidationError as exc:
        return None, exc.errors(include_url=False)


#: What a check of a whole mapping finds: the field each problem is at, its words and its code.
Found = Iterable[tuple[str, Said, str]]


def also(shape: type, check: Callable[[Mapping[str, Any], Any], Found]) -> WrapValidator:
    """A mapping of the ``shape`` TypedDict with problems that no field finds alone, whatever else is wrong
    with it: ``check(mapping, context)`` names each (a location without the coordinates the others have, a
    count that the list it counts contradicts). All the mapping's problems are said in its fields' order."""
    order = {field: rank for rank, field in enumerate(shape.__annotations__)}

    def wrap(value: Any, handler: Callable[[Any], Any], info: ValidationInfo) -> Any:
        if not isinstance(value, Mapping):
            return handler(value)
        result, errors = outcome(handler, value)
        errors += [said_at((field,), words, code, value) for field, words, code in check(value, info.context)]
        if not errors:
            return result
        errors.sort(key=lambda err: order.get(str(err["loc"][0]), -1) if err["loc"] else -1)
        raise raised(errors)
    return WrapValidator(wrap)


def in_turn(shape: type, *fields: str) -> WrapValidator:
    """A mapping of the ``shape`` TypedDict read in the order of its fields, which stops at the first of
    ``fields`` found wrong: its problems are said, and none of the fields after it (what they hold is read
    by it: a fog card's text falls back on its action's)."""
    order = {field: rank for rank, field in enumerate(shape.__annotations__)}

    def rank(err: ErrorDetails) -> int:
        return order.get(str(err["loc"][0]), -1) if err["loc"] else -1

    def wrap(value: Any, handler: Callable[[Any], Any]) -> Any:
        result, errors = outcome(handler, value)
        if not errors:
            return result
        wrong = [order[field] for field in fields if any(err["loc"][:1] == (field,) for err in errors)]
        raise raised(err for err in errors if not wrong or rank(err) <= min(wrong))
    return WrapValidator(wrap)


#: How an entry repeats an earlier one (given the entry, the key they share and the earlier one's index): the
#: path inside the entry the problem is at, its words and its code.
Repeated = Callable[[Any, Any, int], tuple[Loc, Said, str]]


def duplicate(field: str, at: str = "id", noun: str = "id") -> Repeated:
    """The words of an entry of the list ``field`` whose ``noun`` (at its field ``at``) an earlier one has:
    ``duplicate id 'globe' (also locations[2])``, code ``duplicate-id``."""
    kind = problem_words(f"kind.{noun}")

    def repeated(item: Any, key: Any, first: int) -> tuple[Loc, Said, str]:
        return (at,), problem_words("duplicate", kind=kind, got=shown(key), first=f"{field}[{first}]"), "duplicate-id"
    return repeated


def unique(key: Callable[[Any], Hashable | None], repeated: Repeated, *, ids_first: bool = False) -> WrapValidator:
    """A list whose entries differ by ``key(entry)`` (None for an entry that has none): an entry with the key
    of an earlier one is said to repeat it, in the words of ``repeated``, and nothing else is said of it.

    An entry with a problem has no key (what it would repeat is a guess), unless ``ids_first``: then the
    key is the entry's id, read before anything else in it. The problems of the entries' ids (an entry that
    is not a mapping, its id missing, wrong or repeated) then come first, for the whole list, and an entry
    whose id is wrong or repeated is not read further: a document's entries are known by their ids first.
    """
    def of_id(err: ErrorDetails) -> bool:
        return len(err["loc"]) == 1 or err["loc"][1] == "id"

    def wrap(items: Any, handler: Callable[[Any], Any]) -> Any:
        result, errors = outcome(handler, items)
        if not isinstance(items, list) or any(not err["loc"] for err in errors):
            if errors:
                raise raised(errors)
            return result
        unread = {err["loc"][0] for err in errors if ids_first and of_id(err)}
        keyless = unread if ids_first else {err["loc"][0] for err in errors}
        first: dict[Hashable, int] = {}
        repeats: dict[int, ErrorDetails] = {}
        for i, item in enumerate(items):
            k = None if i in keyless else key(item)
            if k is not None and k in first:
                loc, words, code = repeated(item, k, first[k])
                repeats[i] = said_at((i, *loc), words, code, item)
            elif k is not None:
                first[k] = i
        kept = [err for err in errors if err["loc"][0] not in repeats and (err["loc"][0] not in unread or of_id(err))]
        if not kept and not repeats:
            return result
        kept += repeats.values()
        kept.sort(key=lambda err: (ids_first and not of_id(err), err["loc"][0]))
        raise raised(kept)
    return WrapValidator(wrap)


def _boards(key: str, **params: PhraseParam) -> Phrase:
    """Words the WHERE and game readers share with every document (``expected.whole`` ...)."""
    return Phrase("boards", key, params)


def _got(err: ErrorDetails) -> Phrase:
    return type_name(err["input"])


def _bound(err: ErrorDetails, key: str, bound: str) -> Wording:
    """A number past one of its bounds (``ge`` ...: the key pydantic gives it), with the number given."""
    return problem_words(f"expected.{key}", bound=shown(err.get("ctx", {}).get(bound)), got=shown(err["input"]))


#: The words of pydantic's kinds of error that no field or mapping words itself, and the code of their problem
#: (``limit`` for a list longer than supported). A kind not here is said with pydantic's own (English) words.
_DEFAULT_WORDS: dict[str, tuple[Callable[[ErrorDetails], Wording], str]] = {
    "missing": (lambda err: problem_words("required"), "schema"),
    "extra_forbidden": (lambda err: problem_words("field.unknown.plain"), "schema"),
    "list_type": (lambda err: problem_words("expected.list", got=_got(err)), "schema"),
    "dict_type": (lambda err: problem_words("expected.mapping", got=_got(err)), "schema"),
    "string_type": (lambda err: problem_words("expected.string", got=_got(err)), "schema"),
    "bool_type": (lambda err: _boards("expected.boolean", got=_got(err)), "schema"),
    "bool_parsing": (lambda err: _boards("expected.boolean", got=shown(err["input"])), "schema"),
    "int_type": (lambda err: _boards("expected.whole", got=_got(err)), "schema"),
    "int_parsing": (lambda err: _boards("expected.whole", got=shown(err["input"])), "schema"),
    "int_from_float": (lambda err: _boards("expected.whole", got=shown(err["input"])), "schema"),
    "float_type": (lambda err: _boards("expected.number", got=_got(err)), "schema"),
    "float_parsing": (lambda err: _boards("expected.number", got=shown(err["input"])), "schema"),
    "greater_than_equal": (lambda err: _bound(err, "at-least", "ge"), "schema"),
    "greater_than": (lambda err: _bound(err, "above", "gt"), "schema"),
    "less_than_equal": (lambda err: _bound(err, "at-most", "le"), "schema"),
    "less_than": (lambda err: _bound(err, "below", "lt"), "schema"),
    "literal_error": (lambda err: _boards("expected.one-of", choices=str(err.get("ctx", {}).get("expected")),
                                          got=shown(err["input"])), "schema"),
    "string_pattern_mismatch": (lambda err: problem_words("expected.pattern", got=shown(err["input"])), "schema"),
    "string_too_short": (lambda err: problem_words("expected.nonempty"), "schema"),
    "too_short": (lambda err: problem_words("at-least", n=err.get("ctx", {}).get("min_length", 1)), "schema"),
    "too_long": (lambda err: problem_words("limit.entries", n=err.get("ctx", {}).get("actual_length", 0),
                                           most=err.get("ctx", {}).get("max_length", 0)), "limit"),
}


def problem_of(err: ErrorDetails) -> Problem:
    """One of pydantic's errors as a problem: its path, and its words from the catalog (said in any language)."""
    if err["type"] == SAID:
        said = err["ctx"]["said"]
        return Problem(err["loc"], _words_now(said.words), said.code)
    say, code = _DEFAULT_WORDS.get(err["type"], (lambda err: problem_words("invalid", reason=err["msg"]), "schema"))
    return Problem(err["loc"], say(err), code)


def _words_now(words: Said) -> Wording:
    return words() if callable(words) else words


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

    def inline_schema(self) -> dict[str, Any]:
        """The document's JSON Schema with its parts written out in place (no ``$defs``), for a document that a
        route describes inside its own request body rather than in the OpenAPI document's shared components."""
        schema = self.json_schema(ref_template="#/$defs/{model}")
        defs = schema.pop("$defs", {})

        def resolve(node: Any) -> Any:
            if isinstance(node, dict):
                ref = node.get("$ref", "")
                return resolve(defs[ref.rsplit("/", 1)[1]]) if ref.startswith("#/$defs/") else \
                    {key: resolve(value) for key, value in node.items()}
            return [resolve(item) for item in node] if isinstance(node, list) else node

        return resolve(schema)  # type: ignore[no-any-return]


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
            if err["type"] == MORE:
                problems.more += err["ctx"]["n"]
            elif err["type"] == SAID:  # its words may be a function, made only if the problem is kept
                problems.add(err["loc"], err["ctx"]["said"].words, err["ctx"]["said"].code)
            else:
                found = problem_of(err)
                problems.add(found.loc, found.words, found.code)
        raise InputError(problems.items, problems.more) from None


# -- parts many documents share --------------------------------------------------------------------------------

def _version(value: Any, handler: Callable[[Any], Any]) -> Any:
    if value is None:
        raise problem(problem_words("schema.required"))
    if not is_int(value) or value != 1:
        raise problem(problem_words("schema.unsupported", got=shown(value)))
    return handler(value)


#: A document's ``schema: 1``, the version of its format (a document's ``entry`` words it missing
#: with :data:`VERSION_MISSING`).
Version = Annotated[Literal[1], Field(description="the version of the document's format"), WrapValidator(_version)]
VERSION_MISSING: Mapping[str, Wording] = {"schema": problem_words("schema.required")}


def _name(value: Any, handler: Callable[[Any], Any]) -> Any:
    if isinstance(value, Mapping):
        wrong = [((key_text(lang),), problem_words("expected.string", got=type_name(text)), "schema")
                 for lang, text in value.items() if not isinstance(lang, str) or not isinstance(text, str)]
        if wrong:
            raise refused(*wrong)
    elif value is not None and not isinstance(value, str):
        raise problem(problem_words("expected.names", got=type_name(value)))
    return handler(value)


#: An entry's name: one for every language, or a mapping of language to name (``{en: Globe, it: Globo}``);
#: none (null, or no field) is the entry's id.
Name = Annotated[str | dict[str, str] | None, WrapValidator(_name)]


def names(name: Name, fallback: str) -> Names:
    """A :data:`Name` as the engine says it: an unqualified one is English, and ``fallback`` (the id) stands in
    for a language it lacks."""
    if isinstance(name, str):
        return Names({"en": name}, fallback)
    return Names(name or {}, fallback)


def _entry_id(value: Any, handler: Callable[[Any], Any]) -> Any:
    if value is None:
        raise problem(problem_words("required"))
    if not isinstance(value, str) or not value.strip():
        raise problem(problem_words("expected.nonempty"))
    return handler(value)


#: The id of an entry (a landmark, a fog card): a string with more than white space in it.
EntryId = Annotated[str, Field(min_length=1, pattern=r"\S"), WrapValidator(_entry_id)]


def entry_key(item: Any) -> str | None:
    """The id of an entry as it was given, if it is a sound :data:`EntryId` (None otherwise)."""
    ident = item.get("id") if isinstance(item, Mapping) else None
    return ident if isinstance(ident, str) and ident.strip() else None


def first_entries(doc: Any, field: str, most: int) -> dict[str, Mapping[str, Any]]:
    """The entries of ``doc[field]`` (a list of at most ``most``) by their ids, the first of each id: what a
    document defines, which its other parts name (a board's locations name its landmarks), found before it
    is read; nothing for a list it cannot have."""
    items = doc.get(field) if isinstance(doc, Mapping) else None
    if not isinstance(items, list) or len(items) > most:
        return {}
    found: dict[str, Mapping[str, Any]] = {}
    for item in items:
        ident = entry_key(item)
        if ident is not None:
            found.setdefault(ident, item)
    return found


def _list_words(value: Any) -> Wording:
    return problem_words("required") if value is None else problem_words("expected.list", got=type_name(value))


@dataclass(frozen=True)
class Listed(GroupedMetadata):
    """A list of at most ``most`` entries, and at least ``least``, as every reader words it: none (or null) ``is
    required``, another value is not a list, a longer list has too many entries (code ``limit``; they are not
    read), and a shorter one too few."""

    most: int
    least: int = 0

    def __iter__(self) -> Iterator[object]:
        yield MaxLen(self.most)
        if self.least:
            yield MinLen(self.least)
        yield said(_list_words, limit=("too_long",),
                   too_long=lambda value: problem_words("limit.entries", n=len(value), most=self.most),
                   too_short=lambda value: problem_words("at-least", n=self.least))
