"""Your games (issue 20, item 5) in a real browser: a game the play page sees end is kept in this
browser once, with its result, score and rank, in a table and a chart of scores; it replays turn
by turn from its stored trail alone, with the buttons and the keyboard; the history survives a
reload, stays bounded, and a store that cannot be read is said, not a crash. On a phone too.
Fixtures are in conftest.py."""

from __future__ import annotations

import json
import random
import re
from functools import cache
from typing import Any

import pytest
from playwright.sync_api import Page, Request, expect

from api.browser import DESKTOP, PHONE
from deduce.game.bot import ActionDoc, Bot
from deduce.game.game import Game
from deduce.game.setup import parse_setup
from deduce.game.trail import TrailEntryJSON
from deduce.shipped import load_rules
from tests.web.pages import (
    accessibility_violations,
    bot_win,
    click_action,
    nav_link,
    shows_version,
    start_game,
    unnamed_controls,
)
from tests.web.watch import Pages, Watch

HISTORY = "bs.history"


@cache
def a_win() -> tuple[dict[str, Any], tuple[ActionDoc, ...]]:
    """The bot's shortest win among a few seeds (normal mode), worked out once for the module."""
    setup, actions = bot_win()
    return setup, tuple(actions)


def win_in_the_page(page: Page) -> dict[str, Any]:
    """Start the quick win in the page, play it through the API up to the confrontation, and
    confront in the page (which then sees the game end); the finished view, as the API gives it."""
    setup, actions = a_win()
    start_game(page, setup["seed"])
    current = page.evaluate("localStorage.getItem('bs.current')")
    game = next(g for g in page.evaluate("JSON.parse(localStorage.getItem('bs.games'))") if g["id"] == current)
    auth = {"Authorization": f"Bearer {game['token']}"}
    *before, confront = actions
    assert confront["action"] == "confront"
    version = 0
    for action in before:
        answer = page.request.post(f"/v1/games/{current}/actions", headers=auth, data={"version": version, **action})
        assert answer.ok, answer.text()
        version = answer.json()["view"]["version"]
    page.reload()
    shows_version(page, version)
    names = {t.id: t.name.get("en") for t in load_rules().cards.traits}
    for trait in confront["traits"]:
        page.get_by_role("button", name=f"{names[trait]}: unknown").click()
        page.get_by_role("button", name=f"{names[trait]}: hers").wait_for()
    click_action(page, "Confront")
    expect(page.get_by_role("region", name="You won")).to_be_visible()
    view: dict[str, Any] = page.request.get(f"/v1/games/{current}", headers=auth).json()
    assert view["state"] == "won"
    return view


def first_turn(trail: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The trail's entries on the first top card (slot 0)."""
    return [e for e in trail if e["slot"] == 0]


def fits_the_width(page: Page) -> bool:
    """No sideways scrolling, and every link and button of the view within the screen and at least
    24 px each way (WCAG 2.2's least target size), to be tapped on a phone."""
    return bool(page.evaluate("""document.documentElement.scrollWidth <= window.innerWidth
      && [...document.querySelectorAll("main a[href], main button")].filter((e) => e.checkVisibility())
        .map((e) => e.getBoundingClientRect())
        .every((r) => r.left >= 0 && r.right <= window.innerWidth && r.width >= 24 && r.height >= 24)"""))


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_finished_game_is_kept_with_its_result_and_replays_turn_by_turn(open_pages: Pages, viewport: Any) -> None:
    page = open_pages(viewport)
    view = win_in_the_page(page)
    end = view["end"]
    page.goto("/#/games")
    row = page.locator(f'tr[data-game="{view["id"]}"]')
    expect(row.locator('[data-col="result"]')).to_have_text("won")
    expect(row.locator('[data-col="score"]')).to_have_text(str(end["score"]))
    expect(row.locator('[data-col="rank"]')).to_have_text(end["rank_name"])
    expect(row.locator('[data-col="mode"]')).to_have_text("Normal")
    expect(row.locator('[data-col="sequence"]')).to_have_text("Movement sequence 1 (she always moves)")
    chart = page.get_by_role("img", name="Chart of your scores, game by game")
    expect(chart).to_be_visible()
    expect(chart.locator("circle.hc-won")).to_have_count(1)
    assert fits_the_width(page)
    assert not unnamed_controls(page)
    assert not accessibility_violations(page)

    # the play page showing the finished game again does not keep it twice
    page.goto("/#/play")
    expect(page.get_by_role("region", name="You won")).to_be_visible()
    nav_link(page, "Your games").click()
    expect(page.locator("tr[data-game]")).to_have_count(1)

    # the replay reads the stored game alone: no game route of the server is asked
    asked: list[str] = []

    def game_route(request: Request) -> None:
        if "/v1/games" in request.url:
            asked.append(request.url)

    page.on("request", game_route)
    page.get_by_role("link", name=re.compile(r"^Replay the game of ")).click()
    turn = page.get_by_role("heading", name=re.compile(r"^Turn \d+ of \d+$"))
    expect(turn).to_have_text(re.compile(r"^Turn 1 of \d+$"))
    shown = turn.inner_text()
    total = int(shown.rsplit(" ", 1)[1])
    assert total >= 3, shown
    board = load_rules().board
    start = first_turn(view["trail"])
    events = page.locator(".replay-events li")
    expect(events).to_have_count(len(start))
    key = next(e for e in start if e["kind"] == "key")
    top = next(e for e in start if e["kind"] == "landmark")
    expect(events.filter(has_text=f"key of {board.location(key['location']).name.get('en')}")).to_have_count(1)
    # where she can be, as the player could know it then: the places of the top card's landmark
    expect(page.locator('.replay-odds[data-odds="shown"]')).to_be_visible()
    places = page.locator(".candidates li")
    expect(places.first).to_be_visible()
    for place in places.all():
        location = place.get_attribute("data-location")
        assert location is not None and board.landmark_of(location) == top["landmark"], location
    expect(page.get_by_role("group", name=re.compile(r"^Map of London after turn 1"))).to_be_visible()

    steps = page.get_by_role("group", name="Turn by turn")
    expect(steps.get_by_role("button", name="Previous turn")).to_be_disabled()
    steps.get_by_role("button", name="Next turn").click()
    expect(turn).to_have_text(f"Turn 2 of {total}")
    page.keyboard.press("ArrowRight")  # the keys step too
    expect(turn).to_have_text(f"Turn 3 of {total}")
    page.keyboard.press("ArrowLeft")
    expect(turn).to_have_text(f"Turn 2 of {total}")
    steps.get_by_role("button", name="Previous turn").click()
    expect(turn).to_have_text(f"Turn 1 of {total}")
    page.keyboard.press("End")
    expect(turn).to_have_text(f"Turn {total} of {total}")
    expect(page.locator(".replay-end")).to_contain_text("You won. You unmasked her.")
    expect(steps.get_by_role("button", name="Next turn")).to_be_disabled()
    expect(page.locator('.replay-odds[data-odds="shown"]')).to_be_visible()
    assert fits_the_width(page)
    assert not unnamed_controls(page)
    assert not accessibility_violations(page)

    # a reload keeps the history, and the replay
    page.reload()
    expect(turn).to_have_text(f"Turn 1 of {total}")
    page.get_by_role("link", name="Back to your games").click()
    expect(page.locator(f'tr[data-game="{view["id"]}"] [data-col="score"]')).to_have_text(str(end["score"]))
    assert not asked, asked


def test_the_history_keeps_the_last_200_games(page: Page) -> None:
    view = win_in_the_page(page)
    kept = page.evaluate(f"JSON.parse(localStorage.getItem('{HISTORY}'))")
    assert [g["id"] for g in kept] == [view["id"]]
    older = [{**kept[0], "id": f"old-{i}", "ended": f"2026-01-01T00:{i // 60:02d}:{i % 60:02d}Z"} for i in range(200)]
    page.evaluate(f"localStorage.setItem('{HISTORY}', {json.dumps(json.dumps(older))})")
    page.reload()  # the play page shows the finished game again: kept, as the newest, the oldest dropped
    expect(page.get_by_role("region", name="You won")).to_be_visible()
    page.get_by_role("link", name="Your games").click()
    rows = page.locator("tr[data-game]")
    expect(rows).to_have_count(200)
    expect(rows.first).to_have_attribute("data-game", view["id"])
    expect(page.locator('tr[data-game="old-0"]')).to_have_count(0)
    expect(rows.last).to_have_attribute("data-game", "old-1")
    # in Italian
    page.get_by_label("Language").select_option("it")
    expect(page.get_by_role("heading", name="Le tue partite", level=1)).to_be_visible()
    expect(rows.first.locator('[data-col="result"]')).to_have_text("vinta")
    expect(page.get_by_role("img", name="Grafico dei tuoi punteggi, partita per partita")).to_be_visible()


def test_no_game_yet_says_what_to_do(page: Page) -> None:
    page.goto("/#/games")
    expect(page.get_by_role("heading", name="Your games", level=1)).to_be_visible()
    expect(page.get_by_text("No finished game in this browser yet.")).to_be_visible()
    page.get_by_role("link", name="Start a game").click()
    expect(page.get_by_role("heading", name="Start a game")).to_be_visible()


@pytest.mark.parametrize(("stored", "said"), [
    ("{not json", "The games kept in this browser could not be read"),
    ('{"games": 3}', "The games kept in this browser could not be read"),
    ('[{"id": 3}, null, {"id": "x", "ended": "then", "view": {}}]', "3 game(s) kept in this browser could not be read"),
], ids=["not-json", "not-a-list", "bad-games"])
def test_a_history_that_cannot_be_read_is_said_not_a_crash(page: Page, stored: str, said: str) -> None:
    page.goto("/")
    page.evaluate(f"localStorage.setItem('{HISTORY}', {json.dumps(stored)})")
    page.goto("/#/games")
    expect(page.get_by_role("alert")).to_contain_text(said)
    expect(page.get_by_text("No finished game in this browser yet.")).to_be_visible()
    page.get_by_role("button", name="Clear the kept games").click()
    expect(page.get_by_role("alert")).to_have_count(0)
    assert page.evaluate(f"localStorage.getItem('{HISTORY}')") is None


def test_a_game_not_kept_here_is_said(page: Page) -> None:
    page.goto("/#/games/nothing-here")
    expect(page.get_by_text("This game is not among the games kept in this browser.")).to_be_visible()
    page.get_by_role("link", name="Back to your games").click()
    expect(page.get_by_text("No finished game in this browser yet.")).to_be_visible()



def test_the_replay_goes_on_when_her_odds_cannot_be_worked_out(page: Page, watch: Watch) -> None:
    """The server out of reach: each turn is still said from the stored trail, and the map drawn."""
    view = win_in_the_page(page)
    watch.expected_aborts.add("/v1/track")
    page.route("**/v1/track", lambda route: route.abort("aborted"))  # as a dropped connection
    page.goto(f"/#/games/{view['id']}")
    expect(page.get_by_role("heading", name=re.compile(r"^Turn 1 of \d+$"))).to_be_visible()
    failed = page.locator('.replay-odds[data-odds="failed"]')
    expect(failed).to_contain_text("Her odds could not be worked out; the turn's notes are above. "
                                   "The server cannot be reached.")
    expect(page.locator(".replay-events li")).to_have_count(len(first_turn(view["trail"])))
    expect(page.get_by_role("group", name=re.compile(r"^Map of London after turn 1"))).to_be_visible()
    page.unroute("**/v1/track")  # back in reach: the next turn's odds, and this one's again when shown
    page.get_by_role("button", name="Next turn").click()
    expect(page.locator('.replay[data-turn="2"] .replay-odds[data-odds="shown"]')).to_be_visible()
    page.get_by_role("button", name="Previous turn").click()
    expect(page.locator('.replay[data-turn="1"] .replay-odds[data-odds="shown"]')).to_be_visible()


def fog_player_trails(seeds: range) -> list[tuple[list[TrailEntryJSON], int]]:
    """Games that use fog cards (glimpses ahead, flights, the countdown coming up mid-flight): a
    player that takes the fog card on top one time in two and else does anything the rules allow
    but confront (the bot resolves what a fog card asks for); each game's trail and how many top
    cards it saw: one at setup, one per round (the engine's count), and one per flight."""
    rules = load_rules()
    bot = Bot(rules)
    found: list[tuple[list[TrailEntryJSON], int]] = []
    for seed in seeds:
        rng = random.Random(seed)
        game = Game.new(rules, parse_setup(rules, {"mode": "normal", "seed": seed}))
        while not game.over:
            legal = [a for a in game.legal_actions() if a != "confront"]
            if game.pending is not None or not legal:
                doc: ActionDoc = bot.choose(game.player_view(), game.legal_actions(), game.pending)
            else:
                action = "fog" if "fog" in legal and rng.random() < 0.5 else rng.choice(legal)
                doc = {"action": action}
                if action == "move":
                    doc["to"] = rng.choice(sorted(rules.board.neighbours(game.player_view().pawn)))
            game.act(doc)
        trail = game.view()["trail"]
        found.append((trail, game.round + 1 + sum(e["kind"] == "flee" for e in trail)))
    return found


def test_a_replay_has_a_turn_per_top_card_seen(page: Page) -> None:
    games = fog_player_trails(range(24))
    seen_ahead = [t for t, _ in games if any(e["kind"] == "fog_card" and e["result"].startswith(("glimpse", "keyhole"))
                                              for e in t)]
    assert seen_ahead, "no game saw a card ahead of time: pick other seeds"
    page.goto("/#/games")
    page.get_by_role("heading", name="Your games", level=1).wait_for()
    counted = page.evaluate("""async (trails) => {
      const {turns} = await import("/static/js/games/replay.js");
      return trails.map((trail) => turns(trail).length);
    }""", [t for t, _ in games])
    assert counted == [n for _, n in games]


def test_a_game_lost_is_kept_without_a_score(page: Page) -> None:
    """A game lost elsewhere (searching or passing through the API till the countdown runs out),
    then opened on the play page, which sees it has ended: kept as lost, with no score and no rank;
    the page did not start it, so its sequence is said from the view."""
    made = page.request.post("/v1/games", data={"mode": "normal", "seed": 1}).json()
    view, auth = made["view"], {"Authorization": f"Bearer {made['token']}"}
    while view["state"] == "playing":
        action = "search" if "search" in view["actions"] else "pass"
        answer = page.request.post(f"/v1/games/{made['id']}/actions", headers=auth,
                                   data={"version": view["version"], "action": action})
        assert answer.ok, answer.text()
        view = answer.json()["view"]
    assert view["state"] == "lost"
    entry = {"id": made["id"], "token": made["token"], "mode": "normal", "started": "2026-11-01T10:00:00Z"}
    page.goto("/")
    page.evaluate("(entry) => { localStorage.setItem('bs.games', JSON.stringify([entry]));"
                  " localStorage.setItem('bs.current', entry.id); }", entry)
    page.goto("/#/play")
    expect(page.get_by_role("region", name="You lost")).to_be_visible()
    page.get_by_role("link", name="Your games").click()
    row = page.locator(f'tr[data-game="{made["id"]}"]')
    expect(row.locator('[data-col="result"]')).to_have_text("lost")
    expect(row.locator('[data-col="score"]')).to_have_text("—")
    expect(row.locator('[data-col="rank"]')).to_have_text("—")
    expect(row.locator('[data-col="sequence"]')).to_have_text(f"{view['length']} cards, she always moves")
    expect(page.get_by_text("No score yet: a won game has a score.")).to_be_visible()
    row.get_by_role("link", name=re.compile(r"^Replay the game of ")).click()
    page.get_by_role("button", name="Last turn").wait_for()  # the replay is drawn: its keys listen
    page.keyboard.press("End")  # the focus is on the view: the keys step through it from there too
    expect(page.locator(".replay-end")).to_contain_text("You lost.")


def test_the_play_form_names_the_stealth_sequences_as_the_rulebook_does(page: Page) -> None:
    """The new-game form lists the sequences on the stealth cards, then the extra ones by level and number,
    as the table page does: never an id such as easy-1."""
    page.goto("/#/play")
    choice = page.locator('[data-focus="sequence"]')
    expect(choice.locator("optgroup")).to_have_count(4)
    names = choice.locator("option").all_inner_texts()
    assert names[0] == "Movement sequence 1 (she always moves)"
    assert "Easy sequence 1" in " ".join(names)
    assert not [n for n in names if re.search(r"\b(easy|moderate|hard)-\d", n)], names
