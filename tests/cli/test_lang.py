"""Every command takes --lang (without it: DEDUCE_LANG, then the locale, then English), and says in it
what it prints for a person: its readable output with names, never ids alone, and its own messages.
--json output keeps ids, whatever the language."""

from __future__ import annotations

import argparse
import io
from collections.abc import Callable

import pytest

from deduce.cli import build_parser, main
from deduce.cli.address import announce
from deduce.cli.common import default_lang, in_range, refuse_with_batch
from deduce.cli.design_stealth import main as design_stealth
from deduce.errors import InputError
from deduce.text.catalog import LANGS


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


def subcommands() -> dict[str, argparse.ArgumentParser]:
    """Every subcommand ``deduce --help`` lists, by name."""
    actions = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(actions[0].choices)


@pytest.mark.parametrize("command", sorted(subcommands()))
def test_every_command_takes_lang(command: str) -> None:
    lang = next(a for a in subcommands()[command]._actions if "--lang" in a.option_strings)
    assert lang.choices == LANGS and lang.default is None  # None: DEDUCE_LANG, then the locale


def test_the_subcommands_are_all_there() -> None:
    assert set(subcommands()) == {"hint", "track", "board", "audit", "design", "audit-deck", "serve", "play",
                                  "simulate"}


def output(capsys: pytest.CaptureFixture[str], argv: list[str], code: int = 0) -> str:
    assert main(argv) == code
    return capsys.readouterr().out


def test_the_audit_report_names_ladies_and_suits_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    said = output(capsys, ["audit", "data/clues.yaml", "--lang", "ru"])
    assert said.startswith("Проверка 'Sonnet set': всё в порядке, ошибок нет, 4 предупреждения, 36 случаев.\n")
    table = said.splitlines()[2:5]
    assert table[0].split()[:3] == ["Смуглая", "дама", "масть"]
    assert table[2].split()[:4] == ["Жаклин", "Филд", "Дуб", "обычный"]
    italian = output(capsys, ["audit", "data/clues.yaml", "--lang", "it"])
    assert italian.splitlines()[4].split()[:4] == ["Jacqueline", "Field", "Quercia", "standard"]
    assert "Avvisi:" in italian
    english = output(capsys, ["audit", "data/clues.yaml", "--lang", "en"])
    assert english.splitlines()[4].split()[:4] == ["Jacqueline", "Field", "Oak", "normal"]


def test_json_output_keeps_ids_in_every_language(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["audit", "data/clues.yaml", "--json"], ["track", "--now", "2", "--pawn", "globe", "--json"],
                 ["hint", "--suit", "rose", "--clue", "jacqueline-field", "--json"],
                 ["simulate", "--games", "1", "--position", "1", "--seed", "3", "--workers", "1", "--json"]):
        assert output(capsys, [*argv, "--lang", "ru"]) == output(capsys, [*argv, "--lang", "en"])


def test_board_and_track_name_places_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert "Уайтхолл" in output(capsys, ["board", "--lang", "ru"])
    said = output(capsys, ["track", "--now", "1", "--landmark", "0:playhouse", "--pawn", "globe", "--lang", "it"])
    assert "Teatro Globe" in said and "globe" not in said


def test_simulate_says_its_table_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    said = output(capsys, ["simulate", "--games", "2", "--position", "1", "--seed", "3", "--workers", "1",
                           "--reverse", "--lang", "ru"])
    assert "Сыгранные ботом партии" in said and "обычный" in said and "побед" in said
    assert "Позиция 1 на картах, в обратном порядке" in said
    assert "normal" not in said and "win rate" not in said and "position" not in said and "reversed" not in said


def test_serve_says_where_the_page_is_in_the_language() -> None:
    out = io.StringIO()
    announce("127.0.0.1", 8123, out, "ru")
    assert out.getvalue().splitlines() == [
        "Веб-страница: http://127.0.0.1:8123/",
        "Только этот компьютер: `deduce serve --host 0.0.0.0` позволит открыть её с телефона в той же сети."]


@pytest.mark.parametrize(("argv", "said"), [
    (["serve", "--workers", "0"], "deduce: --workers: должно быть от 1 до 64, получено 0"),
    (["design", "--steps", "0"], "deduce: --steps: должно быть от 1 до 1,000,000, получено 0"),
    (["simulate", "--games", "0"], "deduce: --games: должно быть от 1 до 100,000, получено 0"),
    (["simulate", "--workers", "0", "--games", "1"], "deduce: --workers: должно быть не меньше 1, получено 0"),
    (["track", "--pawn", "globe"], "deduce: --now: обязателен: ячейка, на которой она сейчас (карт сдвинуто с начала)"),
    (["track", "--batch", "-", "--now", "1"], "deduce: --batch: берёт запросы из файла; не сочетайте его с --now, "
                                              "--landmark, --fog, --searched или --pawn"),
    (["board", "--track", "docs/track-example.json"], "deduce: --track: закрашивает картинку: укажите и --svg FILE"),
    (["audit", "no-such-file.yaml"], "deduce: файл набора карт 'no-such-file.yaml': не существует"),
])
def test_the_commands_own_messages_are_in_the_language(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                         said: str) -> None:
    assert main([*argv, "--lang", "ru"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(said) and err.count("\n") == 1


def test_deduce_lang_is_the_default_of_every_command(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DEDUCE_LANG", "ru")
    assert output(capsys, ["audit", "data/clues.yaml"]).startswith("Проверка 'Sonnet set'")
    assert "Уайтхолл" in output(capsys, ["board"])
    assert main(["design", "--steps", "0"]) == 2
    assert capsys.readouterr().err == "deduce: --steps: должно быть от 1 до 1,000,000, получено 0\n"
    assert output(capsys, ["board", "--lang", "en"]).count("Whitehall Palace") == 1  # --lang first


def test_the_audits_findings_are_said_with_names_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    said = output(capsys, ["audit", "docs/broken-clues.yaml", "--lang", "ru"], code=1)
    findings = said.split("Ошибки:\n")[1]
    assert ("  - [misleading] Пенелопа Рич: Когда Смуглая дама — она (Обычный), Люси Негро, Элизабет Вернон и карта "
            "масти оставляют один ответ — Литературно одарённая, Замужем, Есть связи при дворе, — и он не её"
            ) in findings
    assert "  - [key-says-nothing] Люси Негро: Её ключ для масти «Дуб» допускает любое число (0/1/2/3)" in findings
    assert not any(lady in findings for lady in ("penelope-rich", "lucy-negro", "mary-fitton", " oak", " rose"))


def test_the_deck_audit_names_places_and_landmarks_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    said = output(capsys, ["audit-deck", "--board", "docs/broken-board.yaml", "--stealth", "docs/broken-stealth.yaml",
                           "--sequences", "docs/my-sequences.json", "--lang", "ru"], code=1)
    assert said.splitlines() == [
        "London, around 1600: локаций 11, путей 16, карт перемещений 32; верных последовательностей 8 из 9.",
        "Ошибка [crossing] Путь «Таверна «Русалка»» – «Таверна «Кабанья голова»» пересекает путь «Рынок Чипсайд» – "
        "«Лондонский мост».",
        "Ошибка [landmark-mismatch] На рубашке карты C ориентир «Церковь», но у локации «Таверна «Русалка»» ориентир "
        "«Таверна».",
        "Ошибка [stay] mine: Карта 1: A → K остаётся в локации «Собор Святого Павла», но в этой последовательности она "
        "должна двигаться.",
        "Ошибка [stay] mine: Карта 2: K → X остаётся в локации «Собор Святого Павла», но в этой последовательности она "
        "должна двигаться.",
        "Ошибка [jump] mine: Карта 5: -K → A перескакивает из локации «Театр «Куртина»» в «Собор Святого Павла», "
        "а пути между ними нет.",
        "Ошибок: 5. Предупреждений: 0."]
    assert output(capsys, ["audit-deck", "--lang", "it"]).splitlines()[1] == (
        "Nessun rilievo: la mappa è connessa e disegnata senza incroci, e ogni percorso è valido.")


def test_the_stealth_designer_says_what_it_did_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert design_stealth(["--check", "--keep-paths", "--lang", "ru"]) == 0
    assert capsys.readouterr().out == "путей: 15, карт: 32; файлы не изменились\n"


@pytest.mark.parametrize(("refused", "said"), [
    (lambda: in_range("--games", 0, 1, 100_000),
     {"en": "must be 1 to 100,000, got 0", "it": "deve essere da 1 a 100,000, ricevuto 0",
      "ru": "должно быть от 1 до 100,000, получено 0"}),
    (lambda: refuse_with_batch(True, "--suit", "--clue", "--obs"),
     {"en": "takes its queries from the file; do not combine it with --suit, --clue or --obs",
      "it": "prende le richieste dal file; non va combinato con --suit, --clue o --obs",
      "ru": "берёт запросы из файла; не сочетайте его с --suit, --clue или --obs"}),
])
def test_a_commands_problem_has_one_code_and_path_in_every_language(refused: Callable[[], object],
                                                                     said: dict[str, str]) -> None:
    with pytest.raises(InputError) as caught:
        refused()
    problem, = caught.value.problems
    assert {lang: problem.said(lang) for lang in LANGS} == said
    assert problem.message == said["en"]
    assert [problem.to_json(lang)["path"] for lang in LANGS] == [problem.path] * 3
    assert [problem.to_json(lang)["code"] for lang in LANGS] == ["schema"] * 3


def test_an_audit_too_long_to_run_says_so_and_how_to_allow_more_in_the_language(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "data/clues.yaml", "--max-seconds", "0.0000001", "--lang", "ru"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("deduce: data/clues.yaml: ladies: проверка этого набора карт заняла бы около ")
    assert err.endswith("с (--max-seconds позволяет больше)\n")
