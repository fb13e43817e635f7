"""The help of every command is said in the person's language (``--lang``, else DEDUCE_LANG, then the
locale): every description and option help is the catalog's words (``help.*`` in data/words/commands.json),
none left in English; argparse's own words are tested in test_arguments.py."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator

import pytest

from deduce.cli import build_parser, main
from deduce.cli import design_stealth as stealth_cli
from deduce.cli.common import help_lang
from deduce.text.catalog import LANGS, section

OTHERS = [lang for lang in LANGS if lang != "en"]


def texts(parser: argparse.ArgumentParser, where: str = "deduce") -> Iterator[tuple[str, str]]:
    """Every text a person reads in ``parser``'s help and its subcommands', each named by where it is."""
    if parser.description:
        yield where, parser.description
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                yield f"{where} {choice.dest}", str(choice.help)
            for name, sub in action.choices.items():
                yield from texts(sub, f"{where} {name}")
        elif not isinstance(action, argparse._HelpAction) and action.help not in (None, argparse.SUPPRESS):
            yield f"{where} {'/'.join(action.option_strings) or action.dest}", action.help


def every_help(lang: str) -> dict[str, str]:
    """The help texts of ``deduce`` and of the stealth designer, said in ``lang``."""
    return {**dict(texts(build_parser(lang))), **dict(texts(stealth_cli.build_parser(lang), "design-stealth"))}


def catalog_pattern(lang: str) -> re.Pattern[str]:
    """Any ``help.*`` entry of the catalog in ``lang``, its placeholders filled with anything."""
    table = section("commands")[lang]
    entries = ("(?:" + ".+".join(re.escape(part) for part in re.split(r"\{\w+\}", text)) + ")"
               for key, text in table.items() if key.startswith("help."))
    return re.compile("|".join(entries), re.DOTALL)


def test_the_english_help_is_the_catalogs() -> None:
    pattern = catalog_pattern("en")
    for where, text in every_help("en").items():
        assert pattern.fullmatch(text), f"{where}: {text!r} is not the catalog's"


@pytest.mark.parametrize("lang", OTHERS)
def test_every_help_text_is_said_in_the_language(lang: str) -> None:
    english, said, pattern = every_help("en"), every_help(lang), catalog_pattern(lang)
    assert set(said) == set(english) and len(said) > 100
    for where, text in said.items():
        assert text != english[where], f"{lang}: {where} is still English: {text!r}"
        assert pattern.fullmatch(text), f"{lang}: {where}: {text!r} is not the catalog's"


def helped(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """What ``deduce ARGV`` (with --help in it) prints."""
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 0
    return capsys.readouterr().out


def test_help_follows_lang(capsys: pytest.CaptureFixture[str]) -> None:
    italian = helped(capsys, ["--lang", "it", "hint", "--help"])
    assert "Quali Dame Brune sono coerenti con le carte Indizio viste finora." in italian
    assert "uso: deduce hint" in italian and "opzioni:" in italian  # argparse's own words too
    assert "Смуглой дамы" in helped(capsys, ["hint", "--lang=ru", "--help"])
    assert "Which Dark Ladies" in helped(capsys, ["hint", "--help", "--lang", "en"])


def test_help_follows_deduce_lang(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DEDUCE_LANG", "ru")
    assert "Какие Смуглые дамы согласуются" in helped(capsys, ["hint", "--help"])
    assert "Движок дедукции Black Sonata." in helped(capsys, ["--help"])
    assert "Which Dark Ladies" in helped(capsys, ["hint", "--lang", "en", "--help"])  # --lang before the variable


@pytest.mark.parametrize(("argv", "environ", "lang"), [
    (["hint", "--lang", "it"], {}, "it"),
    (["hint", "--lang=ru"], {"DEDUCE_LANG": "it"}, "ru"),
    (["hint"], {"DEDUCE_LANG": "it"}, "it"),
    (["hint"], {"LANG": "ru_RU.UTF-8"}, "ru"),
    (["hint"], {"DEDUCE_LANG": "fr"}, "en"),  # the command refuses it; its help is English, as before
    (["hint", "--lang", "fr"], {"DEDUCE_LANG": "ru"}, "en"),  # argparse refuses it
    (["hint", "--lang"], {"DEDUCE_LANG": "ru"}, "en"),
    (["--lang", "it", "hint", "--lang", "ru"], {}, "ru"),
    (["audit", "--", "--lang"], {"DEDUCE_LANG": "ru"}, "ru"),  # a file named --lang
])
def test_the_help_language(monkeypatch: pytest.MonkeyPatch, argv: list[str], environ: dict[str, str],
                           lang: str) -> None:
    for variable in ("DEDUCE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environ.items():
        monkeypatch.setenv(variable, value)
    assert help_lang(argv) == lang


def test_the_stealth_designer_helps_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        stealth_cli.main(["--help", "--lang", "it"])
    assert "Progettazione dei percorsi della mappa" in capsys.readouterr().out


def test_lang_before_the_subcommand_is_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "it", "hint", "--suit", "rose", "--clue", "jacqueline-field"]) == 0
    assert "Dama Bruna" in capsys.readouterr().out
    assert main(["--lang", "it", "hint", "--lang", "en", "--suit", "rose", "--clue", "jacqueline-field"]) == 0
    assert "Dark Lady" in capsys.readouterr().out  # the subcommand's --lang, the last, decides
