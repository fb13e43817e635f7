"""The rules' state applies typed actions; documents are parsed into them apart (issue 25)."""

from __future__ import annotations

import copy

import pytest

from deduce.errors import Illegal, InputError
from deduce.game.actions import Confront, Move, Pass, Resolve, Search, UseFog
from deduce.game.parse import parse_action
from deduce.game.view import player_view
from tests.game.test_game import fog_on_top, new


def test_documents_parse_into_typed_actions() -> None:
    game = new()
    state = game.core
    assert parse_action(state, {"action": "move", "to": "l1", "version": 0}) == Move("l1")
    assert parse_action(state, {"action": "search"}) == Search()
    traits = list(game.cards.trait_ids[:3])
    assert parse_action(state, {"action": "confront", "traits": traits}) == Confront(tuple(traits))
    assert parse_action(state, {"action": "pass"}) == Pass()
    with pytest.raises(InputError):
        parse_action(state, {"action": "move", "to": "nowhere"})


def test_a_fog_answer_parses_by_what_the_card_asks() -> None:
    wherry = fog_on_top("wherry")
    wherry.act({"action": "fog"})
    assert parse_action(wherry.core, {"action": "resolve", "path": ["l6", "l7"]}) == Resolve(("l6", "l7"))
    keyhole = fog_on_top("keyhole")
    assert parse_action(keyhole.core, {"action": "fog"}) == UseFog()
    keyhole.act({"action": "fog"})
    assert parse_action(keyhole.core, {"action": "resolve", "location": "l9"}) == Resolve("l9")


def test_a_typed_action_plays_as_its_document() -> None:
    by_doc, typed = new(), new()
    assert typed.apply(Move("l1")) == by_doc.act({"action": "move", "to": "l1"})
    assert typed.view() == by_doc.view() and typed.version == 1


def test_the_state_refuses_a_typed_action_not_allowed_now_and_changes_nothing() -> None:
    game = new()
    before = copy.deepcopy(game.table)
    with pytest.raises(Illegal) as info:
        game.core.apply(Resolve("l1"))
    assert info.value.code == "no-fog-card-waiting" and game.table == before
    with pytest.raises(Illegal) as info:
        game.core.apply(Move("l5"))
    assert info.value.code == "not-adjacent" and game.table == before


def test_the_view_is_built_from_the_state() -> None:
    game = new()
    game.act({"action": "pass"})
    assert player_view(game.core) == game.player_view()
    assert player_view(game.core).trail == tuple(game.view()["trail"])
