"""Names in: a suit, a card or a trait typed on the command line by its id in any case or its name in
any language of the set, case, accents and extra spaces ignored, gives the answer its id gives."""

from __future__ import annotations

import json

import pytest

from deduce.cli import main
from deduce.text.names import Names, fold, named_ids

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
