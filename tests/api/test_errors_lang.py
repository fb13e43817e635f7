"""HTTP errors in the person's language (SPEC 6, "Names and languages"; issue 26 item 3).

An error's messages follow ``?lang=``, then ``Accept-Language`` (q-values honoured, a region read as
its language, a language the API does not speak skipped), else English; its ``code``, ``path``,
``loc`` (and a refusal's ``refusal`` and ``params``) are the same in every language, and the answer
names its language (``Content-Language``, ``Vary: Accept-Language``). The same bad requests are sent
as English, Italian and Russian readers would send them, and each answer is compared with the
English one and with the words the catalog gives in that language.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient

from api import quotas as api_quotas
from api.app import MAX_BODY_BYTES, create_app
from api.jobs import Busy
from api.middleware import request_lang, service_words
from api.quotas import ClientQuotas, QuotaExceeded
from api.service import SMALL_BODY
from deduce.errors import InputError
from deduce.game.events import Words
from deduce.game.game import ACTION_FIELDS
from deduce.game.refusals import refusal_text
from deduce.game.store import GameStore
from deduce.shipped import load_rules
from deduce.text.names import Named, names_beside_ids
from deduce.where.query import board_words
from deduce.who import cardfile
from deduce.who.query import parse_query
from tests.api.serving import CARDS
from tests.game_fixtures import game_client, game_store, truthful_cards

#: How a reader asks for a language, and the language the answer must be in.
ASKED: list[tuple[str, dict[str, str], str]] = [
    ("", {}, "en"),
    ("", {"Accept-Language": "ru"}, "ru"),
    ("", {"Accept-Language": "it-IT,it;q=0.9"}, "it"),
    ("?lang=ru", {}, "ru"),
    ("", {"Accept-Language": "de"}, "en"),  # a language the API does not speak: English
    ("", {"Accept-Language": "ru;q=0, it"}, "it"),  # q=0 is "not Russian"
]
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
#: A card set with two problems (a number out of range, a list that is a string).
BAD_CARD_SET = {"schema": 1, "name": "x", "traits": [{"id": "a"}], "suits": "x", "ladies": []}
BAD_QUERY = {"suit": "rose", "clues": [{"card": "jaqueline-field"}, {"traits": ["court"], "counts": [5]}]}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with game_client(tmp_path_factory.mktemp("games"), truthful_cards()) as c:
        yield c


@pytest.fixture(scope="module")
def game(client: TestClient) -> tuple[str, str]:
    """A new game's id and token: the move refused below leaves it as it is, in every language."""
    created = client.post("/v1/games", json={"start": "globe", "seed": 5}).json()
    return created["id"], created["token"]


@dataclass(frozen=True)
class Bad:
    """A bad request, its status, and the messages the catalog gives for it in a language."""

    name: str
    send: Callable[[TestClient, tuple[str, str], str, dict[str, str]], httpx2.Response]
    status: int
    said: Callable[[GameStore, str], list[str]]


def far_move(games: GameStore) -> tuple[str, list[str]]:
    """A place not next to the Globe (where the game starts), and those that are."""
    board = games.rules.board
    near = [x for x in board.location_ids if board.adjacent("globe", x)]
    return next(x for x in board.location_ids if x not in [*near, "globe"]), near


def library_problems(parse: Callable[[], object], lang: str) -> list[str]:
    """The library's problems as the service says them: the game's things they list named, ids beside."""
    with pytest.raises(InputError) as caught:
        parse()
    with names_beside_ids():
        return [p.said(lang) for p in caught.value.problems]


def act(c: TestClient, g: tuple[str, str], query: str, headers: dict[str, str],
        action: dict[str, Any]) -> httpx2.Response:
    return c.post(f"/v1/games/{g[0]}/actions{query}", json={"version": 0, **action},
                  headers={**headers, "Authorization": f"Bearer {g[1]}"})


def move(c: TestClient, g: tuple[str, str], query: str, headers: dict[str, str]) -> httpx2.Response:
    to, _ = far_move(game_store(c))
    return act(c, g, query, headers, {"action": "move", "to": to})


def refused_move(games: GameStore, lang: str) -> list[str]:
    to, near = far_move(games)
    return [refusal_text(Words(games.rules, lang), "not-adjacent", {"to": to, "here": "globe", "choices": near})]


BAD = [
    Bad("card set with problems", lambda c, g, q, h: c.post(f"/v1/audit{q}", json=BAD_CARD_SET, headers=h), 422,
        lambda games, lang: library_problems(lambda: cardfile.parse(BAD_CARD_SET), lang)),
    Bad("bad query", lambda c, g, q, h: c.post(f"/v1/deduce{q}", json=BAD_QUERY, headers=h), 422,
        lambda games, lang: library_problems(lambda: parse_query(games.rules.cards, BAD_QUERY), lang)),
    Bad("illegal move", move, 409, refused_move),
    Bad("malformed action", lambda c, g, q, h: act(c, g, q, h, {"action": "teleport"}), 422,
        lambda games, lang: [refusal_text(Words(games.rules, lang), "unknown-action",
                                          {"got": "'teleport'", "actions": list(ACTION_FIELDS)})]),
    Bad("unknown path", lambda c, g, q, h: c.get(f"/v1/nowhere{q}", headers=h), 404,
        lambda games, lang: [service_words("http.404").said(lang)]),
    Bad("unknown game", lambda c, g, q, h: c.get(f"/v1/games/nope{q}", headers={**h, "Authorization": "Bearer x"}),
        404, lambda games, lang: [board_words("store.not-found").said(lang)]),
    Bad("body over the limit", lambda c, g, q, h: c.post(f"/v1/deduce{q}", content=b" " * (MAX_BODY_BYTES + 1),
                                                         headers=h), 413,
        lambda games, lang: [service_words("body.large", most=MAX_BODY_BYTES).said(lang)]),
    Bad("game body over its limit", lambda c, g, q, h: c.post(f"/v1/games{q}", content=b" " * (SMALL_BODY + 1),
                                                              headers=h), 413,
        lambda games, lang: [service_words("game.body", most=SMALL_BODY).said(lang)]),
    Bad("empty body", lambda c, g, q, h: c.post(f"/v1/deduce{q}", content=b"", headers=h), 422,
        lambda games, lang: [service_words("body.empty", what=service_words("what.a-query")).said(lang)]),
    Bad("not JSON", lambda c, g, q, h: c.post(f"/v1/track{q}", content=b"{1", headers=h), 422,
        lambda games, lang: [service_words("body.invalid", reason="Expecting property name enclosed in double quotes",
                                           line=1, column=2).said(lang)]),
    Bad("null game setup", lambda c, g, q, h: c.post(f"/v1/games{q}", content=b"null", headers=h), 422,
        lambda games, lang: [service_words("game.null").said(lang)]),
    Bad("unknown mode", lambda c, g, q, h: c.post(f"/v1/games{q}", json={"mode": "nope"}, headers=h), 422,
        lambda games, lang: []),  # the engine's words: checked against English and for real words only
]


def shape(problems: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """What an error says that is the same in every language."""
    return [(p["code"], p["path"], p["loc"], p.get("refusal"), p.get("params")) for p in problems]


@pytest.mark.parametrize("bad", BAD, ids=lambda bad: bad.name)
def test_the_same_bad_request_is_answered_in_each_language_with_the_same_codes_and_paths(
        client: TestClient, game: tuple[str, str], bad: Bad) -> None:
    english = bad.send(client, game, "", {})
    assert english.status_code == bad.status, english.text
    in_english = english.json()["errors"]
    for query, headers, lang in ASKED:
        answer = bad.send(client, game, query, headers)
        assert answer.status_code == bad.status, (query, headers, answer.text)
        assert answer.headers["content-language"] == lang
        assert "accept-language" in answer.headers["vary"].lower()
        problems = answer.json()["errors"]
        assert shape(problems) == shape(in_english), (query, headers)
        messages = [p["message"] for p in problems]
        said = bad.said(game_store(client), lang)
        assert not said or messages == said, (query, headers)
        if lang == "en":
            assert messages == [p["message"] for p in in_english]
            continue
        for message, english_message in zip(messages, [p["message"] for p in in_english], strict=True):
            assert message != english_message, (lang, message)
            assert not re.fullmatch(r"[\w.-]+( \w+=.*)?", message), f"a key, not words: {message}"
            assert lang != "ru" or CYRILLIC.search(message), message


def test_an_illegal_move_is_said_with_the_games_names_in_russian(client: TestClient, game: tuple[str, str]) -> None:
    games = game_store(client)
    to, _ = far_move(games)
    [problem] = move(client, game, "", {"Accept-Language": "ru-RU"}).json()["errors"]
    assert games.rules.board.location(to).name.get("ru") in problem["message"]
    assert (problem["code"], problem["refusal"]) == ("illegal-action", "not-adjacent")


@pytest.mark.parametrize(("query", "header", "lang"), [
    ("", "", "en"),
    ("", "ru-RU", "ru"),
    ("", "RU", "ru"),
    ("", "*", "en"),
    ("", "de, *;q=0.5", "en"),
    ("", "de-CH, it;q=0.3, ru;q=0.7", "ru"),
    ("", "it;q=0.5, ru;q=0.5", "it"),  # equal weights: the first
    ("", "ru;q=abc, it;q=0.1", "it"),  # a weight that is no number: not wanted
    ("", "ru;q=0.000", "en"),
    ("lang=it", "ru", "it"),
    ("lang=de", "ru", "ru"),  # an unknown ?lang= falls back to the header
    ("lang=", "", "en"),
    ("cursor=2&lang=ru", "it", "ru"),
])
def test_the_language_of_a_request(query: str, header: str, lang: str) -> None:
    headers = [(b"accept-language", header.encode())] if header else []
    assert request_lang({"type": "http", "query_string": query.encode(), "headers": headers}) == lang


def test_a_bad_lang_where_a_route_reads_it_is_still_refused_as_before(client: TestClient) -> None:
    """``lang`` of an advice body and ``/v1/phrases/{lang}`` are read by their routes: a bad one is a
    422 there, whatever ``?lang=`` says about the error's own language."""
    answer = client.post("/v1/advice?lang=ru", json={"query": {"length": 26, "moves": "always", "now": 0,
                                                               "observations": []}, "lang": "de"})
    assert answer.status_code == 422
    [problem] = answer.json()["errors"]
    assert (problem["path"], answer.headers["content-language"]) == ("lang", "ru")
    assert CYRILLIC.search(problem["message"])
    assert client.get("/v1/phrases/de?lang=it").status_code == 422


def test_the_services_own_words_are_todays_english_and_said_in_russian() -> None:
    exceeded = QuotaExceeded("designs", service_words("quota.designs"), 5)
    assert str(exceeded) == ("quota 'designs': one design job per client at a time: wait for yours to end, "
                             "or cancel it; try again in 5 s")
    assert exceeded.words.said("ru").startswith("квота 'designs': ")
    busy = Busy(3, "design jobs")
    assert str(busy) == "the service is busy with other design jobs; try again in 3 s"
    assert busy.words.said("it") == "il servizio è occupato con altre progettazioni; riprova tra 3 s"


def test_quota_answers_are_said_in_the_readers_language(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    now = time.time()
    monkeypatch.setattr("api.quotas.time.time", lambda: now)  # every request in one instant
    quotas = ClientQuotas(games=2, requests_per_second=3)
    with TestClient(create_app(CARDS, games_db=tmp_path / "games.sqlite3", quotas=quotas)) as c:
        for _ in range(2):
            assert c.post("/v1/games", json={}).status_code == 201
        games = c.post("/v1/games", json={}, headers={"Accept-Language": "it"})
        assert games.status_code == 429 and games.headers["content-language"] == "it"
        [problem] = games.json()["errors"]
        assert problem["code"] == "quota"
        assert problem["message"].startswith("quota 'games': al massimo 2 partite non finite per client")
        answers = [c.get("/v1/cards?lang=ru") for _ in range(3 * api_quotas.RATE_WINDOW + 1)]
        assert (answers[0].status_code, answers[-1].status_code) == (200, 429)
        rate = answers[-1]
        assert rate.headers["content-language"] == "ru"
        [problem] = rate.json()["errors"]
        assert problem["code"] == "quota"
        assert problem["message"].startswith(f"квота 'rate': не более 3 запросов в секунду на клиента "
                                             f"(за {api_quotas.RATE_WINDOW} с)")


def test_why_who_progress_cannot_be_had_is_said_in_the_readers_language(client: TestClient) -> None:
    """A 200 answer of ``POST /v1/hint`` whose typed card cannot be a card of the set: the deduction
    stands, and ``progress_problems`` (same paths) is said in the request's language."""
    no_such = {"suit": "rose", "clues": [{"traits": ["literary", "married", "court"], "counts": [0, 1, 2, 3]}]}
    said = {lang: client.post(f"/v1/hint?lang={lang}", json={"query": no_such, "mode": "normal"}).json()
            for lang in ("en", "ru")}
    english, russian = (said[lang]["progress_problems"] for lang in ("en", "ru"))
    assert [p["path"] for p in russian] == [p["path"] for p in english]
    assert english[0]["path"].startswith("query.clues[0]")
    assert russian[0]["message"] != english[0]["message"]
    assert re.search("[а-яё]", russian[0]["message"]), russian


def test_a_stale_version_names_both_versions_in_every_language(client: TestClient, game: tuple[str, str]) -> None:
    """A 409 for an action made on an old version says which versions, in Russian as in English."""
    stale = {"version": 10_000, "action": "pass"}
    said = {lang: act(client, game, f"?lang={lang}", {}, stale) for lang in ("en", "ru")}
    english, russian = (said[lang].json()["errors"][0] for lang in ("en", "ru"))
    assert said["ru"].status_code == 409 and english["code"] == russian["code"] == "stale-version"
    assert english["path"] == russian["path"] == "version"
    assert "10000" in english["message"] and "10000" in russian["message"] and russian["message"].startswith("партия")


@pytest.mark.parametrize("lang, message", [("en", "expected at least 1, got '0'"),
                                           ("it", "atteso almeno 1, trovato '0'"),
                                           ("ru", "ожидалось не меньше 1, получено: '0'")])
def test_a_routes_own_parameter_is_refused_in_the_readers_language(client: TestClient, lang: str,
                                                                    message: str) -> None:
    """FastAPI's checks of declared parameters are said in the catalog's words, as every document's problems."""
    answer = client.post(f"/v1/deduce?limit=0&lang={lang}", json={})
    assert answer.status_code == 422 and answer.headers["content-language"] == lang
    assert answer.json()["errors"] == [{"code": "schema", "path": "limit", "loc": ["limit"], "message": message}]


# -- the game's things by name ---------------------------------------------------------------------------

#: A three-trait clue of the shipped set, its key entry for every suit (the key read against them).
_KEY = {"rose": 1, "acorn": 1, "oak": 1, "thistle": 1, "bluebell": 1, "sage": 1}
#: Requests naming one of the game's things wrongly (its place in the answer, and which of the shipped
#: material's things the answer lists): a suit, a lady, a trait, a suit in a key, a location, a landmark.
NAMING = [
    ("/v1/deduce", {"suit": "rosa"}, "suit", "suits"),
    ("/v1/deduce", {"clues": [{"card": "jacqueline"}]}, "clues[0].card", "ladies"),
    ("/v1/deduce", {"clues": [{"traits": ["literary", "married", "cort"], "key": _KEY}]}, "clues[0].traits[2]",
     "traits"),
    ("/v1/deduce", {"clues": [{"traits": ["literary", "married", "court"], "key": {**_KEY, "rosa": 1}}]},
     "clues[0].key.rosa", "suits"),
    ("/v1/track", {"length": 26, "moves": "always", "now": 1,
                   "observations": [{"slot": 0, "searched": "globo", "found": False}]},
     "observations[0].searched", "locations"),
    ("/v1/track", {"length": 26, "moves": "always", "now": 1, "observations": [{"slot": 0, "landmark": "teatro"}]},
     "observations[0].landmark", "landmarks"),
    ("/v1/games", {"start": "globo"}, "start", "locations"),
]


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(create_app(games_db=tmp_path_factory.mktemp("named") / "games.db")) as c:
        yield c


@pytest.mark.parametrize(("path", "body", "where", "things"), NAMING, ids=lambda v: v if isinstance(v, str) else "")
@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_an_http_error_lists_the_games_things_by_name_in_the_requests_language_ids_beside(
        shipped: TestClient, path: str, body: dict[str, Any], where: str, things: str, lang: str) -> None:
    rules = load_rules()
    every: dict[str, Sequence[Named]] = {"suits": rules.cards.suits, "ladies": rules.cards.ladies,
                                         "traits": rules.cards.traits, "locations": rules.board.locations,
                                         "landmarks": rules.board.landmarks}
    material = every[things]
    answer = shipped.post(f"{path}?lang={lang}", json=body)
    assert answer.status_code == 422, answer.text
    (problem,) = [p for p in answer.json()["errors"] if p["path"] == where]
    named = ", ".join(f"{thing.name.get(lang)} ({thing.id})" for thing in material[:12])
    assert problem["message"].endswith(named + (", ..." if len(material) > 12 else "")), problem["message"]
    assert material[0].name.get(lang) != material[0].id  # named indeed, not an id twice


def test_the_terminals_readers_of_documents_still_list_ids() -> None:
    """A document names things by id, and the command line's readers of documents list them so."""
    with pytest.raises(InputError) as caught:
        parse_query(load_rules().cards, {"suit": "rosa"})
    assert caught.value.problems[0].said("it").endswith("atteso uno tra: rose, acorn, oak, thistle, bluebell, sage")
    with names_beside_ids():
        assert caught.value.problems[0].said("it").endswith("atteso uno tra: Rosa (rose), Ghianda (acorn), "
                                                             "Quercia (oak), Cardo (thistle), Campanula (bluebell), "
                                                             "Salvia (sage)")
