"""The language a command speaks without --lang: DEDUCE_LANG, then the locale, then English."""

from __future__ import annotations

import pytest

from deduce.cli import main
from deduce.cli.common import default_lang
from deduce.errors import InputError


@pytest.mark.parametrize(("environ", "lang"), [
    ({}, "en"),
    ({"DEDUCE_LANG": "ru"}, "ru"),
    ({"DEDUCE_LANG": "it", "LANG": "ru_RU.UTF-8"}, "it"),  # the variable before the locale
    ({"LANG": "ru_RU.UTF-8"}, "ru"),
    ({"LC_ALL": "it_IT.UTF-8", "LANG": "ru_RU.UTF-8"}, "it"),  # LC_ALL before LANG, as the C library reads them
    ({"LC_ALL": "C.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),  # the first one set decides
    ({"LANG": "fr_FR.UTF-8"}, "en"),  # a locale the engine does not speak
    ({"DEDUCE_LANG": "  "}, "en"),
])
def test_the_default_language(environ: dict[str, str], lang: str) -> None:
    assert default_lang(environ) == lang


def test_a_language_the_engine_does_not_speak_is_named() -> None:
    with pytest.raises(InputError, match="DEDUCE_LANG='fr': expected one of en, it, ru"):
        default_lang({"DEDUCE_LANG": "fr"})


def test_a_command_speaks_deduce_lang(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DEDUCE_LANG", "it")
    assert main(["hint", "--suit", "rose", "--clue", "jacqueline-field"]) == 0
    assert "Dama Bruna" in capsys.readouterr().out
    assert main(["hint", "--lang", "en", "--suit", "rose", "--clue", "jacqueline-field"]) == 0  # --lang first
    assert "Dark Lady" in capsys.readouterr().out


def test_a_wrong_deduce_lang_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DEDUCE_LANG", "fr")
    assert main(["hint", "--suit", "rose"]) == 2
    assert capsys.readouterr().err == "deduce: DEDUCE_LANG='fr': expected one of en, it, ru\n"
