"""The fog effects: one registered unit per fog action, whose descriptions are the repertoire of
actions (``deduce.game.fog.ACTIONS``), and what each one does.

Each unit is tested with its card staged on top of the stealth deck (``fog_on_top`` of
tests/game/test_game.py, on the ring world); the recorded games (tests/game/test_recorded_games.py)
play every one of them too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
import yaml

from deduce.errors import Illegal, InputError
from deduce.game import fogeffects, fogfile
from deduce.game.fog import ACTIONS, FogAction, FogCard
from deduce.game.fogeffects import FOG_EFFECTS, AskingEffect, FogEffect, Steps, register
from deduce.game.plan import FOG_WORTH
from deduce.shipped import data_path, load_rules
from deduce.text.catalog import LANGS, section
from tests.game.test_game import RULES, end_of, fog_on_top
from tests.game_fixtures import RING, WALK


def units() -> list[type[FogEffect]]:
    """Every unit of :mod:`deduce.game.fogeffects`, registered or not (a subclass of the two bases)."""
    found: list[type[FogEffect]] = []
    todo = [FogEffect]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if sub.__module__ == fogeffects.__name__ and sub is not AskingEffect:
                found.append(sub)
    return found


def test_every_action_of_the_fog_file_has_exactly_one_unit_and_the_actions_are_the_units() -> None:
    doc = yaml.safe_load(data_path("fog.yaml").read_text(encoding="utf-8"))  # as written, not as fogfile reads it
    shipped = [card["action"] for card in doc["cards"]]
    per_action = Counter(unit.action for unit in units())
    assert {action: per_action[action] for action in shipped} == dict.fromkeys(shipped, 1)
    assert set(shipped) == set(FOG_EFFECTS) == set(per_action)  # no unit without a card to carry it
    assert {action: type(effect).description() for action, effect in FOG_EFFECTS.items()} == ACTIONS
    assert list(ACTIONS) == list(FOG_EFFECTS)
    for action, effect in FOG_EFFECTS.items():
        assert effect.action == action
        assert isinstance(effect, AskingEffect) == (ACTIONS[action].asks is not None), action
    assert all(card.kind is ACTIONS[card.action] for card in load_rules().fog)


def test_the_advisor_weighs_every_fog_action() -> None:
    assert set(FOG_WORTH) == set(ACTIONS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_fog_action_says_what_it_does_in_every_language(lang: str) -> None:
    """Its summary is words of the catalog (``fog-action.<id>``), one for each action, in each language."""
    words = section("phrases")[lang]
    assert {action: f"fog-action.{action}" in words for action in ACTIONS} == dict.fromkeys(ACTIONS, True)
    assert {key for key in words if key.startswith("fog-action.")} == {f"fog-action.{a}" for a in ACTIONS}
    summaries = {action.summary.said(lang) for action in ACTIONS.values()}
    assert len(summaries) == len(ACTIONS) and all(summaries)


def test_a_fog_card_without_words_says_its_actions_summary_in_each_language() -> None:
    (bare, own) = fogfile.parse({"schema": 1, "cards": [{"id": "mist", "action": "glimpse"},
                                                        {"id": "fen", "action": "damp", "text": {"it": "Palude."}}]})
    assert bare.text.get("en") == "see the landmark on the back of the stealth card after next"
    assert bare.text.get("it") == "guarda il simbolo sul dorso della carta Discrezione dopo la prossima"
    assert bare.text.get("ru") == "посмотрите на ориентир на рубашке карты перемещения, идущей через одну"
    assert own.text.get("ru") == own.text.get("it") == "Palude."  # its own words, in the one language it gives


@pytest.fixture
def repertoire() -> Iterator[None]:
    """The registered units and the repertoire as they were, after a test that registers its own."""
    effects, actions = dict(FOG_EFFECTS), dict(ACTIONS)
    yield
    FOG_EFFECTS.clear()
    FOG_EFFECTS.update(effects)
    ACTIONS.clear()
    ACTIONS.update(actions)


@pytest.mark.usefixtures("repertoire")
def test_an_action_is_registered_once_and_only_with_its_whole_description() -> None:
    class Again(FogEffect):
        action = "glimpse"
        helps = True

    class Bare(FogEffect):
        action = "fly"

    class Silent(AskingEffect):  # asks without naming what
        action = "fly"
        helps = True

    class Saying(FogEffect):  # names a parameter it never asks for
        action = "fly"
        asks = "to"
        helps = True

    for unit in (Again, Bare, Silent, Saying):
        with pytest.raises(AssertionError):
            register(unit)
    assert type(FOG_EFFECTS["glimpse"]).__name__ == "Glimpse"
    assert "fly" not in FOG_EFFECTS and "fly" not in ACTIONS


@pytest.mark.usefixtures("repertoire")
def test_a_new_fog_action_is_its_unit_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registered, the unit is an action fog card files may name, with its description (and its words,
    in the catalog)."""
    card = {"schema": 1, "cards": [{"id": "gale", "action": "gust"}]}
    with pytest.raises(InputError, match=r"unknown action 'gust'; expected one of: glimpse, wherry, .*, crowd$"):
        fogfile.parse(card)

    @register
    class Gust(FogEffect):
        action = "gust"
        helps = False

        def use(self, state: Steps, card: FogCard) -> None:
            raise NotImplementedError

    for lang, said in (("en", "she is blown one card further"), ("it", "è spinta una carta più avanti")):
        monkeypatch.setitem(section("phrases")[lang], "fog-action.gust", said)
    (gale,) = fogfile.parse(card)
    assert gale.kind == ACTIONS["gust"] == FogAction("gust", None, False)
    assert gale.text.get("it") == "è spinta una carta più avanti"
    assert gale.text.get("ru") == "she is blown one card further"  # words it lacks are said in English
    assert list(ACTIONS)[-1] == "gust" and isinstance(FOG_EFFECTS["gust"], Gust)


# -- what each unit does ------------------------------------------------------------------

def test_glimpse_shows_the_landmark_after_next() -> None:
    game = fog_on_top("glimpse")
    events = game.act({"action": "fog"})
    assert events[0]["card"] == "glimpse"
    landmark = RULES.board.landmark_of(WALK[29 % 26])
    assert events[1] == {"event": "glimpse", "text": f"The card after next shows the landmark {landmark.title()}.",
                         "slot": 29, "landmark": landmark,
                         "code": "glimpse.landmark", "params": {"slot": 29, "landmark": landmark}}
    assert game.view()["fog_deck"] == 3  # one slid under, this one back at the bottom


def test_wherry_moves_two_steps_and_is_discarded() -> None:
    game = fog_on_top("wherry")
    game.act({"action": "fog"})
    view = game.view()
    assert view["pending"] is not None
    assert view["pending"]["asks"] == "path" and view["actions"] == ["resolve"]
    with pytest.raises(Illegal, match="waits for its action"):
        game.act({"action": "pass"})
    with pytest.raises(Illegal):
        game.act({"action": "resolve", "path": ["l7", "l9"]})
    with pytest.raises(InputError):
        game.act({"action": "resolve", "path": ["l6", "l7", "l8"]})
    assert game.view() == view
    game.act({"action": "resolve", "path": ["l6", "l7"]})
    view = game.view()
    assert view["pawn"] == "l7" and {"l6", "l7"} <= set(view["visited"]) and view["pending"] is None
    assert view["slot"] == 28 and "wherry" in game.table.fog_discarded and view["fog_deck"] == 2


def test_keyhole_tells_whether_she_will_be_there() -> None:
    game = fog_on_top("keyhole")
    game.act({"action": "fog"})
    events = game.act({"action": "resolve", "location": WALK[28 % 26]})
    assert events[0]["found"] is True and events[0]["slot"] == 28
    game = fog_on_top("keyhole")
    game.act({"action": "fog"})
    events = game.act({"action": "resolve", "location": "l9"})
    assert events[0]["found"] is False


def test_linkboy_claims_a_key_and_brings_word_with_every_key() -> None:
    game = fog_on_top("linkboy")
    game.act({"action": "fog"})
    with pytest.raises(Illegal):
        game.act({"action": "resolve", "location": "l5"})  # already visited
    game.act({"action": "resolve", "location": "l8"})
    assert "l8" in game.view()["visited"] and game.view()["pawn"] == "l5"
    game = fog_on_top("linkboy")
    game.table.visited = set(RING)
    assert "linkboy" not in game.fog_cards_impossible_now()
    slot = game.view()["slot"]
    events = game.act({"action": "fog"})
    assert game.view()["end"] is None and game.pending is None
    assert events[1]["code"] in ("glimpse.landmark", "glimpse.fog") and events[1]["params"]["slot"] == slot + 2
    assert any(e["slot"] == slot + 2 and e["kind"] in ("landmark", "fog")  # what he said, on its slot
               for e in game.view()["trail"])


def test_the_view_warns_before_a_fog_card_is_used_and_names_the_cards_that_would_lose() -> None:
    game = fog_on_top("crowd")
    game.table.visited = {"l5"}  # no visited neighbour: the crowd cannot sweep the pawn anywhere
    warning = game.view()["fog_warning"]
    assert warning is not None and "loses the game" in warning["text"]
    assert "crowd" in warning["impossible"] and "lost-key" not in warning["impossible"]
    assert RULES.fog_card("crowd").name.get("en") in warning["text"]
    for card in warning["impossible"]:  # each card it names really loses the game here
        trial = fog_on_top(card)
        trial.table.visited = {"l5"}
        trial.act({"action": "fog"})
        assert end_of(trial.view())["reason"] == "fog-impossible", card
    game.table.visited = {"l5", "l4", "l6"}
    warning = game.view()["fog_warning"]
    assert warning is not None and warning["impossible"] == []
    game.act({"action": "fog"})
    assert game.view()["fog_warning"] is None  # no fog card to use now


@pytest.mark.parametrize("pawn, found", [(WALK[27 % 26], True), ("l9", False)])
def test_lantern_tells_whether_she_is_here_and_returns_nothing(pawn: str, found: bool) -> None:
    game = fog_on_top("lantern")
    game.table.pawn = pawn
    discarded = list(game.table.fog_discarded)
    events = game.act({"action": "fog"})
    assert events[1]["code"] == ("lantern.here" if found else "lantern.not-here") and events[1]["found"] is found
    assert game.table.fog_discarded == discarded and game.view()["fog_deck"] == 3  # nothing comes back
    trail = game.view()["trail"]
    used = next(i for i, e in enumerate(trail) if e["kind"] == "fog_card")
    assert trail[used:used + 2] == [
        {"slot": 27, "kind": "fog_card", "card": "lantern", "result": "lantern.here" if found else "lantern.not-here",
         "location": pawn},
        {"slot": 27, "kind": "search", "location": pawn, "found": found, "fog_card": "lantern"}]


def test_slip_and_curfew_make_her_flee() -> None:
    game = fog_on_top("slip")
    game.act({"action": "fog"})
    assert game.view()["slot"] == 27 + 1 + 1
    game = fog_on_top("curfew")
    game.table.clues = ["lady-0", "lady-2", "lady-4"]
    game.act({"action": "fog"})
    assert game.view()["slot"] == 27 + 3 + 1 and "curfew" in game.table.fog_discarded


def test_damp_discards_the_top_fog_card() -> None:
    game = fog_on_top("damp", ("slip", "glimpse"))
    game.act({"action": "fog"})
    # slip slid under, damp to the bottom, then the top card (glimpse) discarded
    assert game.table.fog_deck == ["damp"] and "glimpse" in game.table.fog_discarded


def test_lost_key_and_crowd() -> None:
    game = fog_on_top("lost-key")
    game.act({"action": "fog"})
    assert "l5" not in game.view()["visited"]
    game = fog_on_top("crowd")
    game.table.visited.add("l4")
    game.act({"action": "fog"})
    pending = game.view()["pending"]
    assert pending is not None and pending["choices"] == ["l4"]
    game.act({"action": "resolve", "to": "l4"})
    assert game.view()["pawn"] == "l4"


def test_crowd_without_a_visited_neighbour_is_impossible() -> None:
    game = fog_on_top("crowd")
    game.table.visited -= {"l4", "l6"}
    game.act({"action": "fog"})
    assert end_of(game.view())["reason"] == "fog-impossible"


def test_fog_action_with_an_empty_fog_deck_loses() -> None:
    game = fog_on_top("glimpse", ())
    game.act({"action": "fog"})
    assert end_of(game.view())["reason"] == "no-fog-card"


def test_every_fog_card_names_a_known_action_and_reads_in_three_languages() -> None:
    assert len(RULES.fog) == len({f.action for f in RULES.fog}) == len(ACTIONS)  # one card per action
    for card in RULES.fog:
        assert {"en", "it", "ru"} <= set(card.text.by_lang) and {"en", "it", "ru"} <= set(card.name.by_lang)
    helps = [card.kind.helps for card in RULES.fog]
    assert 0 < sum(helps) < len(helps)
