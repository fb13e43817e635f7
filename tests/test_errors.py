"""Problems in the person's language (issues 25 and 26): a problem's words come from the catalog,
its ``message`` is English, and :meth:`Problem.said` says it in Italian or Russian with the same
code and path; every kind of thing and document a reader names has its words in every language."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from deduce.document import decode_yaml, list_field, read_text
from deduce.errors import MAX_PROBLEMS, InputError, Problem, Problems, shown, unknown
from deduce.text.catalog import LANGS, Phrase, section
from deduce.who import cardfile

ROOT = Path(__file__).resolve().parent.parent


def refusal(call: object) -> InputError:
    assert callable(call)
    with pytest.raises(InputError) as caught:
        call()
    return caught.value


def test_a_problem_is_said_in_each_language_with_the_same_code_and_path() -> None:
    exc = refusal(lambda: cardfile.parse({"schema": 2, "traits": "many"}))
    english = exc.to_json()
    for lang, word in (("it", "schema 2 non supportato"), ("ru", "схема 2 не поддерживается")):
        said = exc.to_json(lang)
        assert [(p["code"], p["path"], p["loc"]) for p in said] == [(p["code"], p["path"], p["loc"]) for p in english]
        assert any(word in p["message"] for p in said), said
        assert all(p["message"] != e["message"] for p, e in zip(said, english, strict=True))
    assert exc.problems[0].message == exc.problems[0].said("en") == english[0]["message"]


def test_types_and_kinds_inside_a_phrase_are_said_in_its_language() -> None:
    problems = Problems()
    list_field({"cards": {"a": 1}}, "cards", problems, limit=5)
    problem = problems.items[0]
    assert problem.message == "expected a list, got a mapping"
    assert problem.said("it") == "attesa una lista, trovato una mappa"
    assert problem.said("ru") == "ожидался список, получено: соответствие"
    near = unknown("trait", "maried", ["married", "musical"])
    assert str(near) == "unknown trait 'maried' (did you mean 'married'?); expected one of: married, musical"
    assert near.said("ru").startswith("неизвестно (черта): 'maried' (может быть, 'married'?)")


@pytest.mark.parametrize("value, english, italian", [
    (None, "unknown trait null", "tratto inesistente: null"),  # as JSON and YAML write them, not Python
    (True, "unknown trait true", "tratto inesistente: true"),
    (False, "unknown trait false", "tratto inesistente: false"),
    (10**100, "unknown trait a number of about 101 digits", "tratto inesistente: un numero di circa 101 cifre"),
    (-(10**300), "unknown trait a number of about 301 digits", "tratto inesistente: un numero di circa 301 cifre"),
    (1.5, "unknown trait 1.5", "tratto inesistente: 1.5"),
    ("x" * 100, f"unknown trait '{'x' * 56}...", f"tratto inesistente: '{'x' * 56}..."),
], ids=["null", "true", "false", "huge", "huge-negative", "float", "long-string"])
def test_a_wrong_value_is_quoted_as_the_document_writes_it_in_the_language(
        value: object, english: str, italian: str) -> None:
    said = unknown("trait", value, [])
    assert str(said) == english and said.said("it") == italian
    assert "digits" not in said.said("ru") and "None" not in said.said("ru")


def test_a_huge_integer_is_counted_in_the_plural_of_the_language() -> None:
    said = [shown(10**n) for n in (200, 201, 204)]
    assert all(isinstance(words, Phrase) for words in said)  # words of the catalog, not English text
    assert [str(words) for words in said] == [f"a number of about {n} digits" for n in (201, 202, 205)]
    assert [words.said("ru") for words in said if isinstance(words, Phrase)] == [
        "число примерно из 201 цифры", "число примерно из 202 цифр", "число примерно из 205 цифр"]


def test_a_language_the_catalog_lacks_is_said_in_english() -> None:
    problem = Problem(("x",), Phrase("problems", "required"))
    assert problem.said("de") == problem.said("en") == "is required"
    assert problem.to_json("xx")["message"] == "is required"


def test_too_many_problems_are_counted_in_the_plural_of_the_language() -> None:
    exc = InputError(Problem((i,), Phrase("problems", "required")) for i in range(MAX_PROBLEMS + 3))
    last = exc.problems[-1]
    assert last.code == "limit" and last.message == f"and 3 more problems (only the first {MAX_PROBLEMS} are reported)"
    assert last.said("ru").startswith("и ещё 3 проблемы")
    one = InputError(Problem((i,), "x") for i in range(MAX_PROBLEMS + 1)).problems[-1]
    assert one.said("en").startswith("and 1 more problem (") and one.said("ru").startswith("и ещё 1 проблема")


def test_a_file_that_cannot_be_read_is_named_in_the_language(tmp_path: Path) -> None:
    exc = refusal(lambda: read_text(tmp_path, "card set file"))
    problem = exc.problems[0]
    assert problem.code == "unreadable"
    assert problem.message == f"card set file {str(tmp_path)!r} cannot be read: it is a directory, not a regular file"
    assert problem.said("it") == f"il file del set di carte {str(tmp_path)!r}: non si può leggere: è una cartella, " \
                                 "non un file regolare"


def test_bad_yaml_is_said_in_the_language_with_the_line() -> None:
    problem = refusal(lambda: decode_yaml("a: [1, 2", "board")).problems[0]
    assert problem.message.startswith("the board is not valid YAML at line ")
    assert problem.said("ru").startswith("поле: некорректный YAML в строке ")


def test_a_key_missing_from_the_catalog_is_said_plainly_rather_than_failing() -> None:
    assert Phrase("problems", "kind.no-such-thing", {"n": 2}).said("it") == "kind.no-such-thing n=2"


#: The functions whose string arguments name a kind of thing (unknown ids) or a kind of document, with
#: the position of that argument and the catalog key it is said with.
NAMED = {"unknown": (0, "kind.{}"), "unknown_id": (2, "kind.{}"), "decode_yaml": (1, "document.{}"),
         "read_text": (1, "document.{}"), "open_regular": (1, "document.{}"), "check_surrogates": (2, "document.{}"),
         # the HTTP service's readers, which hand their ``what`` on to decode_yaml
         "decode_document": (2, "document.{}"), "document": (1, "document.{}")}
#: :meth:`Problems.unknown` takes the kind second.
METHODS = {"unknown": (1, "kind.{}")}


def named_words() -> set[str]:
    """Every ``kind.*`` and ``document.*`` key the product's sources say, from their literal arguments."""
    keys = set()
    for path in [*ROOT.joinpath("deduce").rglob("*.py"), *ROOT.joinpath("api").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            table = METHODS if isinstance(func, ast.Attribute) else NAMED
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name not in table or name is None:
                continue
            position, key = table[name]
            argument = node.args[position] if len(node.args) > position else None
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                keys.add(key.format(argument.value.replace(" ", "-")))
    return keys


def test_every_kind_and_document_the_readers_name_has_its_words() -> None:
    keys = named_words()
    assert {"kind.trait", "kind.location", "document.card-set-file", "document.board"} <= keys
    for lang in LANGS:
        missing = sorted(k for k in keys if k not in section("problems")[lang])
        assert not missing, f"{lang} lacks {missing}"
