"""Names in: a suit, a card, a trait, a landmark or a location typed on the command line or in the terminal
game by its id in any case or its name in any language of the set, case, accents and extra spaces ignored,
gives the answer its id gives; a name two things bear lists both, and one that names nothing gets the nearest,
in the person's language."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from deduce.cli import main
from deduce.cli.play import Say, parse_command
from deduce.game.game import Game
from deduce.game.material import Rules
from deduce.game.setup import parse_setup
from deduce.shipped import data_path, load_rules
from deduce.text.names import Names, fold, named_ids
from deduce.text.play import play_phrase

BY_ID = ["--suit", "rose", "--clue", "jacqueline-field", "--obs", "married,children,lover:0/2"]
TYPED = {
    "en": ["--suit", "ROSE", "--clue", "  jacqueline   field", "--obs", "Married, Has children, LOVER:0/2"],
    "it": ["--suit", "Rosa", "--clue", "Jacqueline Field", "--obs", "sposata,madre,amante:0/2"],
    "ru": ["--suit", "Роза", "--clue", "Жаклин Филд", "--obs", "Замужем, Есть дети, Влюбчивая:0/2"],
}


def answer(capsys: pytest.CaptureFixture[str], argv: list[str]) -> object:
    assert main(["hint", "--json", *argv]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("lang", TYPED)
def test_names_in_any_language_answer_as_ids(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    assert answer(capsys, TYPED[lang]) == answer(capsys, BY_ID)


def test_fold_ignores_case_accents_and_spaces() -> None:
    assert fold("  Città   VECCHIA ") == fold("citta vecchia") == "citta vecchia"


def test_a_name_that_means_two_things_lists_both() -> None:
    named = {"a": Names({"en": "Rose"}), "b": Names({"it": "rose"}), "c": Names({"en": "Oak"})}
    assert named_ids("ROSE", named) == ["a", "b"]
    assert named_ids("c", named) == ["c"]  # an id comes first
    assert named_ids("elm", named) == []


def test_an_unknown_name_is_still_said_with_the_ids(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", "--suit", "Ружа"]) == 2
    assert "--suit: unknown suit 'Ружа'" in capsys.readouterr().err


TRACK_BY_ID = ["--now", "1", "--landmark", "0:playhouse", "--searched", "1:the-rose:no", "--pawn", "globe"]
TRACK_TYPED = {
    "en": ["--now", "1", "--landmark", "0:PLAYHOUSE", "--searched", "1:the rose:no", "--pawn", "the  globe"],
    "it": ["--now", "1", "--landmark", "0:teatro", "--searched", "1:Teatro Rose:no", "--pawn", "Teatro Globe"],
    "ru": ["--now", "1", "--landmark", "0:Театр", "--searched", "1:театр «роза»:no", "--pawn", "Театр «Глобус»"],
}


@pytest.mark.parametrize("lang", TRACK_TYPED)
def test_places_and_landmarks_by_name_track_as_ids(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    def tracked(argv: list[str]) -> object:
        assert main(["track", "--json", *argv]) == 0
        return json.loads(capsys.readouterr().out)

    assert tracked(TRACK_TYPED[lang]) == tracked(TRACK_BY_ID)


def test_a_name_that_means_nothing_gets_the_nearest_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", "--lang", "ru", "--suit", "Роз", "--clue", "jacqueline-field"]) == 2
    assert capsys.readouterr().err == ("deduce: --suit: неизвестно (масть): 'Роз' (может быть, 'Роза'?); ожидалось "
                                       "одно из: Роза, Жёлудь, Дуб, Чертополох, Колокольчик, Шалфей\n")
    assert main(["track", "--lang", "ru", "--now", "1", "--pawn", "boar's head"]) == 2  # part of one name
    assert "--pawn: неизвестно (место): \"boar's head\" (может быть, 'Таверна «Кабанья голова»'?)" in \
        capsys.readouterr().err
    assert main(["hint", "--lang", "it", "--suit", "rose", "--clue", "Jaqueline Feld"]) == 2
    said = capsys.readouterr().err
    assert said.startswith('deduce: --clue "Jaqueline Feld" card: ') and "(forse 'Jacqueline Field'?)" in said


def test_a_name_two_things_bear_lists_both(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Here the Italian name of Married is the English name of Musician."""
    cards = tmp_path / "cards.yaml"
    cards.write_text(data_path("clues.yaml").read_text(encoding="utf-8").replace('"Sposata"', '"Musician"'),
                     encoding="utf-8")
    assert main(["hint", "--cards", str(cards), "--lang", "it", "--suit", "rose",
                 "--obs", "court,  MUSICIAN ,lover:1"]) == 2
    assert capsys.readouterr().err == ("deduce: --obs \"court,  MUSICIAN ,lover:1\" traits[1]: 'MUSICIAN' può "
                                       "indicare uno qualsiasi tra: Musician, Musicista\n")


def game(lang: str, rules: Rules | None = None) -> Game:
    rules = rules or load_rules()
    return Game.new(rules, parse_setup(rules, {"start": "tower", "seed": 11}), lang=lang)


PLAY_BY_ID = ["m boars-head", "r the-rose", "c married lover children"]
PLAY_TYPED = {
    "en": ["m  the boar's head,  EASTCHEAP", "r THE ROSE", "c Married, lover, has CHILDREN"],
    "it": ["m Taverna della Testa di Cinghiale", "r teatro rose", "c sposata, Amante, madre"],
    "ru": ["m таверна «кабанья голова»", "r Театр «Роза»", "c Замужем, Влюбчивая, Есть дети"],
}


@pytest.mark.parametrize("typed_in", PLAY_TYPED)
@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_the_terminal_game_takes_names_in_any_language(typed_in: str, lang: str) -> None:
    """Whatever the game's language, a place or a trait typed by its name in any language of the set
    (case, accents and extra spaces ignored) is the command its id gives."""
    played = game(lang)
    for typed, by_id in zip(PLAY_TYPED[typed_in], PLAY_BY_ID, strict=True):
        assert parse_command(played, typed) == parse_command(played, by_id)
    assert parse_command(played, "m 6") == parse_command(played, "m BOARS-HEAD") == {"action": "move",
                                                                                     "to": "boars-head"}


def test_the_terminal_game_lists_what_a_name_could_mean() -> None:
    rules = load_rules()
    locations = tuple(replace(loc, name=Names({**loc.name.by_lang, "it": "Ponte"})) if loc.id == "globe" else
                      replace(loc, name=Names({**loc.name.by_lang, "en": "Ponte"})) if loc.id == "the-rose" else loc
                      for loc in rules.board.locations)
    played = game("it", replace(rules, board=replace(rules.board, locations=locations)))
    assert parse_command(played, "m  PONTE") == Say(
        "PONTE può indicare: 9 Ponte, 10 Teatro Rose. Indica il suo numero.")


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("ru", "m Тауер", "Нет места Тауер: может быть, 8 Тауэр? Укажите номер (от 1 до 11) или название."),
    ("ru", "m Boars Haed", "Нет места Boars Haed: может быть, 6 Таверна «Кабанья голова»? Укажите номер (от 1 до 11) "
                           "или название."),
    ("ru", "c Замужм, 6, 5", "Нет черты Замужм: может быть, 2 Замужем? Укажите номер (от 1 до 7) или название."),
    ("en", "c marryed 6 5", "No trait marryed: did you mean 2 Married? Give its number (1 to 7) or its name."),
    ("it", "m xyzzy", "Nessun luogo xyzzy: indica il suo numero (da 1 a 11) o il suo nome."),
])
def test_the_terminal_game_suggests_the_nearest_in_its_language(lang: str, typed: str, said: str) -> None:
    assert parse_command(game(lang), typed) == Say(said)


def test_the_terminal_game_starts_where_a_name_says(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    lines = iter(["q", "y"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(lines))
    assert main(["play", "--seed", "3", "--start", "  тауэр ", "--lang", "it"]) == 0
    assert "Sei a 8 Torre di Londra" in capsys.readouterr().out
    assert main(["play", "--start", "Tawer", "--lang", "ru"]) == 2
    assert capsys.readouterr().err.startswith("deduce: --start: неизвестно (место): 'Tawer' (может быть, 'Тауэр'?)")


def waiting_fog_card(lang: str) -> Game:
    """A game of the shipped material where a fog card waits for a place (searching slides them under)."""
    rules = load_rules()
    for seed in range(40):
        played = Game.new(rules, parse_setup(rules, {"seed": seed, "start": "tower"}), lang=lang)
        while not played.over and played.pending is None and played.version < 80:
            legal, fog_left = played.legal_actions(), played.view()["fog_deck"]
            played.act(parse_command(played, "f" if "fog" in legal else "s" if "search" in legal and fog_left > 4
                                     else "p"))
        if played.pending is not None:
            return played
    raise AssertionError("no fog card asking for a place in 40 games")


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_a_fog_cards_answer_takes_names_in_any_language(lang: str) -> None:
    played = waiting_fog_card(lang)
    assert played.pending is not None
    choice = played.pending.choices[-1]
    names = played.board.location(choice).name.by_lang
    for typed in (choice.upper(), f"  {names['en'].lower()} ", names["it"], names["ru"]):
        assert parse_command(played, f"r {typed}") == parse_command(played, f"r {choice}")
    number = played.board.index(choice) + 1
    assert parse_command(played, f"r {names['ru'][:-1]}") == Say(play_phrase(
        lang, "unknown.location.close", word=names["ru"][:-1], n=11, close=f"{number} {names[lang]}"))


def test_every_name_that_fails_is_said_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["track", "--lang", "ru", "--now", "1", "--landmark", "0:театор", "--pawn", "Глобс"]) == 2
    said = capsys.readouterr().err.splitlines()
    assert [line.split(" (может быть, ")[0] for line in said] == [
        "deduce: --pawn: неизвестно (место): 'Глобс'",  # a near spelling of a word only one name has
        "deduce: --landmark \"0:театор\" landmark: неизвестно (ориентир): 'театор'"]
    assert said[0].split(" (может быть, ")[1].startswith("'Театр «Глобус»'?)")
