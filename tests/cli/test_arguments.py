"""argparse's own words (usage:, options:, -h, its errors) are the catalog's, in the command's language.

English stays argparse's byte for byte; Italian and Russian are the catalog's ``arguments`` words;
every message this Python's argparse can say to a person is known to the catalog; and argparse is
left alone outside a command's parsing, in other threads too.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import re
import threading
from collections.abc import Iterator

import pytest

from deduce.cli import build_parser, main
from deduce.cli import design_stealth as stealth_cli
from deduce.cli.arguments import MESSAGES, SECTION, said, speaking
from deduce.text.catalog import LANGS, Phrase, section

OTHERS = [lang for lang in LANGS if lang != "en"]

#: What argparse says only to a programmer who builds a parser wrong (raised as ValueError, TypeError
#: or ArgumentError while options are added), never on a person's command line: left in English, as
#: the engine's own internal exceptions are.
PROGRAMMERS = {
    ".__call__() not defined",
    "'required' is an invalid argument for positionals",
    "mutually exclusive arguments must be optional",
    "%r is not callable",
    "cannot merge actions - two groups are named %r",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r",
    "dest= is required for options like %r",
    "invalid conflict_resolution value: %r",
    "cannot have multiple subparser arguments",
    "conflicting subparser: %s",
    "conflicting subparser alias: %s",
    "conflicting option string: %s",
}

FIELD = re.compile(r"%(?:\((\w+)\))?([rs])")


def argparse_messages() -> Iterator[tuple[str, str | None]]:
    """Every message this Python's argparse asks gettext for (and its plural, if it has one), read
    from its source: the literal first arguments of its ``_`` and ``ngettext`` calls."""
    for node in ast.walk(ast.parse(inspect.getsource(argparse))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "ngettext"):
            texts = [arg.value for arg in node.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
            if texts:
                yield texts[0], texts[1] if node.func.id == "ngettext" else None


def sample_values(msgid: str, n: int = 2) -> dict[str, object] | tuple[object, ...]:
    """Values to fill ``msgid`` with, as argparse would: a mapping for named fields, else a tuple."""
    names = [name for name, _ in FIELD.findall(msgid)]
    if any(names):
        return {name: f"<{name}>" for name in names}
    return tuple(n if "%s argument" in msgid else f"<{i}>" for i in range(len(names)))


def filled(msgid: str, lang: str, n: int = 2) -> str:
    """``msgid`` as argparse's ``_`` (or ``ngettext``) answers it in ``lang``, filled as argparse fills it."""
    with speaking(lang):
        plural = [p for m, p in argparse_messages() if m == msgid and p]
        message = argparse.ngettext(msgid, plural[0], n) if plural else argparse._(msgid)  # type: ignore[attr-defined]
        return message % sample_values(msgid, n) if FIELD.search(msgid) else str(message)


def test_every_message_a_person_can_meet_is_in_the_catalog() -> None:
    said_to_people = {msgid for msgid, _ in argparse_messages()} - PROGRAMMERS
    assert len(said_to_people) >= 20
    assert said_to_people <= set(MESSAGES), f"not in the catalog: {sorted(said_to_people - set(MESSAGES))}"


def test_every_known_message_has_its_words() -> None:
    english = section(SECTION)["en"]
    for msgid, (key, names) in MESSAGES.items():
        assert key in english or f"{key}.one" in english, f"{msgid!r}: no words for {key}"
        assert len(names) == sum(1 for name, _ in FIELD.findall(msgid) if not name), msgid


@pytest.mark.parametrize(("msgid", "plural"), sorted((m, p or "") for m, p in argparse_messages() if m in MESSAGES))
def test_english_is_argparses_own(msgid: str, plural: str) -> None:
    for n in (1, 2, 5):
        expected = (plural if plural and n != 1 else msgid)
        values = sample_values(msgid, n)
        assert filled(msgid, "en", n) == (expected % values if FIELD.search(msgid) else expected)


@pytest.mark.parametrize("lang", OTHERS)
def test_every_message_is_said_in_the_language(lang: str) -> None:
    for msgid in MESSAGES:
        text = filled(msgid, lang)
        if msgid != "%(heading)s:":  # nothing but its field: the heading itself is said
            assert text != filled(msgid, "en"), f"{lang}: {msgid!r} is still English"
        for name, _ in FIELD.findall(msgid):
            assert not name or f"<{name}>" in text, f"{lang}: {msgid!r} lost its {name}"
        assert "{" not in text and "%" not in text, text


def test_plurals_follow_the_language() -> None:
    assert filled("expected %s argument", "ru", 1) == "ожидался 1 аргумент"
    assert filled("expected %s argument", "ru", 3) == "ожидалось 3 аргумента"
    assert filled("expected %s argument", "ru", 5) == "ожидалось 5 аргументов"
    assert filled("expected %s argument", "it", 2) == "attesi 2 argomenti"


def refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """What ``deduce ARGV``, which argparse refuses, prints on stderr (exit 2)."""
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    return capsys.readouterr().err


def plain_argparse(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """What the same parser prints when argparse speaks for itself (no catalog)."""
    with pytest.raises(SystemExit):
        build_parser("en").parse_args(argv)
    return capsys.readouterr().err


BAD_LINES = [
    ["hint", "--bogus"],                     # unrecognized arguments
    ["hnt"],                                 # invalid choice of a subcommand
    [],                                      # the following arguments are required
    ["design", "--steps", "many"],           # invalid int value
    ["audit", "--max-seconds", "soon"],      # invalid float value
    ["hint", "--suit"],                      # expected one argument
    ["simulate", "--mode", "hard"],          # invalid choice of a value
    ["hint", "--lang", "fr"],                # invalid choice of --lang
    ["serve", "--port", "http"],             # a type's own words (ArgumentTypeError)
    ["serve", "--game", "3"],                # ambiguous option
]


@pytest.mark.parametrize("argv", BAD_LINES)
def test_english_errors_are_argparses_byte_for_byte(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert refused(capsys, ["--lang", "en", *argv]) == plain_argparse(capsys, ["--lang", "en", *argv])


@pytest.mark.parametrize(("argv", "said"), [
    (["--lang", "it", "hint", "--bogus"], "deduce: errore: argomenti non riconosciuti: --bogus"),
    (["--lang", "it", "hnt"], "deduce: errore: argomento COMMAND: scelta non valida: 'hnt' (scegli tra 'hint',"),
    (["--lang", "ru"], "deduce: ошибка: не хватает обязательных аргументов: COMMAND"),
    (["design", "--lang", "ru", "--steps", "many"], "deduce design: ошибка: аргумент --steps: 'many' — не целое число"),
    (["audit", "--lang", "it", "--max-seconds", "x"],
     "deduce audit: errore: argomento --max-seconds: 'x' non è un numero valido"),
    (["--lang", "ru", "hint", "--suit"], "deduce hint: ошибка: аргумент --suit: ожидался один аргумент"),
    (["--lang", "it", "serve", "--port", "http"], "deduce serve: errore: argomento --port: atteso un numero di porta"),
    (["--lang", "ru", "serve", "--game", "3"], "deduce serve: ошибка: неоднозначный параметр: --game может означать"),
])
def test_errors_are_said_in_the_language(capsys: pytest.CaptureFixture[str], argv: list[str], said: str) -> None:
    err = refused(capsys, argv)
    assert said in err
    usage = {"it": "uso: deduce", "ru": "использование: deduce"}[argv[argv.index("--lang") + 1]]
    assert err.startswith(usage)


def test_deduce_lang_chooses_argparses_language(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DEDUCE_LANG", "it")
    assert "argomenti non riconosciuti: --bogus" in refused(capsys, ["hint", "--bogus"])


@pytest.mark.parametrize(("lang", "words"), [
    ("it", ["uso: deduce hint [-h]", "opzioni:\n", "-h, --help", "mostra questo aiuto ed esce"]),
    ("ru", ["использование: deduce hint [-h]", "параметры:\n", "показать эту справку и выйти"]),
])
def test_help_is_said_in_the_language(capsys: pytest.CaptureFixture[str], lang: str, words: list[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", lang, "hint", "--help"])
    out = capsys.readouterr().out
    for word in words:
        assert word in out
    assert "usage:" not in out and "options:" not in out and "show this help" not in out


def test_the_stealth_designer_speaks_too(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        stealth_cli.main(["--lang", "ru", "--bogus"])
    assert "ошибка: нераспознанные аргументы: --bogus" in capsys.readouterr().err


def test_every_typed_option_has_words_for_its_type() -> None:
    """An option read by a builtin type (``int``, ``float``) is refused as *not a whole number* in
    every language; the project's own types raise their own words (:func:`said`)."""
    def options(parser: argparse.ArgumentParser) -> Iterator[argparse.Action]:
        for action in parser._actions:
            yield action
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    yield from options(sub)

    types = {action.type for action in options(build_parser()) if isinstance(action.type, type)}
    assert types == {int, float}
    for kind in types:
        assert f"type.{kind.__name__}" in section(SECTION)["en"]


def test_argparse_is_left_alone_outside_a_command() -> None:
    with speaking("it"):
        pass
    assert argparse._("usage: ") == "usage: "  # type: ignore[attr-defined]
    assert argparse._("argument %(argument_name)s: %(message)s") % {  # type: ignore[attr-defined]
        "argument_name": "-x", "message": "m"} == "argument -x: m"
    seen: list[str] = []
    with speaking("ru"):
        assert argparse._("usage: ") == "использование: "  # type: ignore[attr-defined]
        other = threading.Thread(target=lambda: seen.append(argparse._("usage: ")))  # type: ignore[attr-defined]
        other.start()
        other.join()
    assert seen == ["usage: "]  # another thread's parser keeps argparse's own words


def test_a_types_words_follow_the_language() -> None:
    phrase = Phrase("commands", "serve.positive", {"got": "'0'"})
    assert said(phrase) == phrase.said("en")
    with speaking("it"):
        assert said(phrase) == phrase.said("it") != phrase.said("en")
