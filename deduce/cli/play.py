"""Terminal front ends of the game: ``deduce play`` (one player, rich) and the table of
``deduce simulate``. A front end: the rules are in :mod:`deduce.game.game`, the bot and
the simulator in :mod:`deduce.game.bot` and :mod:`deduce.game.simulate`; this module only
reads commands and draws.

Every screen fits the console (80×24 is the target): after each command the whole table is
drawn again, the parts that must stay in sight first (the status line, the events of the
last action, what can be done) and the rest as room allows (the map, the clues, the last
entries of the trail). Help, hints and the whole trail come a screen at a time. Locations
are numbered in board order everywhere (the map, the trail, a fog card's choices) and any
command takes a location or a trait by its number, its id or its name in any language of the set
(a name two things bear lists both; one that names nothing says the nearest). Every word comes
from the phrase tables in the game's language (:mod:`deduce.text.play` for the terminal's
own labels; the events, hint reports and names from theirs).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from deduce.cli.common import nearest, say
from deduce.errors import Illegal, InputError
from deduce.game.bot import ActionDoc
from deduce.game.game import Game
from deduce.game.hand import who, who_progress
from deduce.game.material import Rules
from deduce.game.plan import make_plan, reason_text
from deduce.game.refusals import reason
from deduce.game.scoring import ScoreTermJSON
from deduce.game.setup import parse_setup
from deduce.game.simulate import Summary
from deduce.game.trail import TrailEntryJSON
from deduce.game.view import EndJSON
from deduce.render.where import sequence_text, track_text
from deduce.render.who import hint_text
from deduce.text.names import Names, named_ids
from deduce.text.play import play_phrase
from deduce.where.tracker import track
from deduce.who.deduction import deduce
from deduce.who.keys import key_entry_text
from deduce.who.progress import Progress

#: Trail entries shown under the map at most, as room allows (``t`` shows them all, a screen at a time).
TRAIL_SHOWN = 8
#: Trail entries the landmarks' line gives way to when the screen is full.
TRAIL_KEPT = 3

#: One-letter commands and the actions they send.
SHORT = {"m": "move", "s": "search", "c": "confront", "f": "fog", "r": "resolve", "p": "pass",
         "u": "reveal_suit_card"}
#: Commands that only show something (or leave), by their letters and words.
LOCAL = {"?": "help", "help": "help", "h": "hints", "hints": "hints", "t": "trail", "trail": "trail",
         "q": "quit", "quit": "quit", "exit": "quit"}


@dataclass(frozen=True)
class Say:
    """A command that cannot be sent as typed: what to tell the player instead."""

    text: str


Command = ActionDoc | Say | str


def place(game: Game, location: str) -> str:
    """A location as the terminal names it everywhere: its number in board order and its name."""
    return f"{game.board.index(location) + 1} {game.words.place(location)}"


def places(game: Game, locations: Iterable[str]) -> str:
    return ", ".join(place(game, loc) for loc in sorted(locations, key=game.board.index))


def find(game: Game, word: str, kind: str, named: Mapping[str, Names], shown: Callable[[str], str]) -> str | Say:
    """What the player named, of ``kind`` (``location`` or ``trait``): by its number (1-based, in
    ``named``'s order), its id in any case or its name in any language of the set (case, accents and
    extra spaces ignored). A name several things bear lists them, one that names nothing says the
    nearest (each as ``shown``, in the game's language)."""
    options = list(named)
    if word.strip().isdecimal():
        number = int(word)
        return options[number - 1] if 1 <= number <= len(options) else Say(
            play_phrase(game.lang, f"unknown.{kind}", word=word, n=len(options)))
    found = named_ids(word, named)
    if len(found) == 1:
        return found[0]
    if found:
        return Say(play_phrase(game.lang, "ambiguous", word=word, choices=", ".join(map(shown, found))))
    near = nearest(word, named)
    if near is None:
        return Say(play_phrase(game.lang, f"unknown.{kind}", word=word, n=len(options)))
    return Say(play_phrase(game.lang, f"unknown.{kind}.close", word=word, n=len(options), close=shown(near)))


def find_location(game: Game, word: str) -> str | Say:
    """A location by its number on the map, its id or its name."""
    named = {loc.id: loc.name for loc in game.board.locations}
    return find(game, word, "location", named, lambda loc: place(game, loc))


def find_traits(game: Game, words: list[str]) -> list[str] | Say:
    """Traits by number, id or name; names of several words are separated by commas."""
    ids = game.cards.trait_ids
    named = {t: game.cards.trait(t).name for t in ids}
    typed = " ".join(words)
    out = []
    for word in ([w.strip() for w in typed.split(",") if w.strip()] if "," in typed else words):
        found = find(game, word, "trait", named,
                     lambda t: f"{ids.index(t) + 1} {game.cards.trait(t).name.get(game.lang)}")
        if isinstance(found, Say):
            return found
        out.append(found)
    return out


def numbered_traits(game: Game) -> str:
    return " · ".join(f"{i} {game.cards.trait(t).name.get(game.lang)}"
                      for i, t in enumerate(game.cards.trait_ids, 1))


def wherry_path(game: Game, to: str) -> list[str]:
    """The path a wherry takes to ``to``: one step, or two through a neighbour (one whose key
    is still to claim first, as the player would choose)."""
    here = game.table.pawn
    if game.board.adjacent(here, to):
        return [to]
    via = [x for x in game.board.location_ids if game.board.adjacent(here, x) and game.board.adjacent(x, to)]
    via.sort(key=lambda x: x in game.table.visited)
    return [via[0], to] if via else [to]


def parse_command(game: Game, line: str) -> Command:
    """A typed command: an action document, a :class:`Say` (a problem, or a list to choose
    from), one of ``help``, ``hints``, ``trail``, ``quit``, or ``""`` for an empty line."""
    words = line.split()
    if not words:
        return ""
    head, rest = words[0].lower(), words[1:]
    if head in LOCAL:
        return LOCAL[head]
    name = SHORT.get(head, head)
    if name == "move":
        return _move_command(game, rest)
    if name == "confront":
        return _confront_command(game, rest)
    if name == "resolve" and game.pending is not None:
        return _resolve_command(game, rest)
    if name in SHORT.values():
        return {"action": name}
    return Say(play_phrase(game.lang, "unknown.command", word=words[0]))


def _move_command(game: Game, rest: list[str]) -> Command:
    """A move to the place named (the choices when none is named, or one too far)."""
    here, lang = game.table.pawn, game.lang
    if not rest:
        return Say(play_phrase(lang, "pick.move", choices=places(game, game.board.neighbours(here))))
    to = find_location(game, " ".join(rest))
    if isinstance(to, Say):
        return to
    if not game.board.adjacent(here, to) and "move" in game.legal_actions():
        return Say(play_phrase(lang, "not-next", place=place(game, to), here=place(game, here),
                               choices=places(game, game.board.neighbours(here))))
    return {"action": "move", "to": to}


def _confront_command(game: Game, rest: list[str]) -> Command:
    """A confrontation naming her traits (the numbered traits when they are not right)."""
    traits = find_traits(game, rest)
    if isinstance(traits, Say):
        return traits
    if len(traits) != game.cards.traits_per_lady:
        return Say(play_phrase(game.lang, "pick.traits", choices=numbered_traits(game)))
    return {"action": "confront", "traits": traits}


def _resolve_command(game: Game, rest: list[str]) -> Command:
    """The answer to the fog card waiting: one of the places it offers (or, for a path, one
    or two steps)."""
    pending = game.pending
    assert pending is not None
    if not rest:
        return Say(pending_text(game))
    whole = find_location(game, " ".join(rest))
    steps = [whole] if not isinstance(whole, Say) or len(rest) == 1 else [find_location(game, w) for w in rest]
    if any(isinstance(step, Say) for step in steps):
        return whole  # the words do not name steps either: what is wrong with the name they make
    chosen = [str(s) for s in steps]
    if chosen[-1] not in pending.choices:  # not a place it offers: offer them again
        return Say(pending_text(game))
    if pending.asks == "path":
        return {"action": "resolve", "path": wherry_path(game, chosen[0]) if len(chosen) == 1 else chosen}
    return {"action": "resolve", pending.asks: chosen[0]}


# -- the screen -----------------------------------------------------------------

def status_line(game: Game) -> str:
    view, lang = game.view(), game.lang
    return play_phrase(lang, "status", mode=play_phrase(lang, f"mode.{view['mode']}"), round=game.round,
                       card=view["slot"] % view["length"] + 1, length=view["length"], countdown=view["countdown"],
                       fog=view["fog_deck"], keys=len(view["visited"]), total=len(game.board.location_ids),
                       seed=game.setup.seed)


def where_lines(game: Game) -> list[str]:
    """Where the pawn is, her suit, and the top card (with the places that show its landmark)."""
    view, lang = game.view(), game.lang
    pawn = play_phrase(lang, "pawn", place=place(game, view["pawn"]))
    suit = play_phrase(lang, "suit", suit=game.cards.suit(view["suit"]).name.get(lang))
    mark = view["top"].get("landmark")
    if mark is None:
        top = play_phrase(lang, "top.fog")
    else:
        showing = [x for x in game.board.location_ids if game.board.landmark_of(x) == mark]
        top = play_phrase(lang, "top.landmark", landmark=game.words.landmark(mark), places=places(game, showing))
    return [f"{pawn} · {suit}", top]


def map_grid(game: Game) -> Table:
    """The locations in two columns: number (► for the pawn), name, ✓ for a claimed key, paths."""
    view, board = game.view(), game.board
    grid = Table.grid(padding=(0, 1))
    for _ in range(2):
        grid.add_column(justify="right", no_wrap=True)
        grid.add_column()
        grid.add_column(no_wrap=True)
        grid.add_column(no_wrap=True)

    def cells(i: int) -> list[str]:
        if i >= len(board.locations):
            return ["", "", "", ""]
        loc = board.locations[i].id
        paths = " ".join(str(board.index(n) + 1) for n in sorted(board.neighbours(loc), key=board.index))
        return [("►" if loc == view["pawn"] else "") + str(i + 1), game.words.place(loc),
                "✓" if loc in view["visited"] else "", f"→ {paths}"]

    rows = -(-len(board.locations) // 2)
    for i in range(rows):
        grid.add_row(*cells(i), *cells(i + rows))
    return grid


def landmarks_line(game: Game) -> str:
    board = game.board
    marks = " ".join(
        f"{game.words.landmark(m)} " + ",".join(str(board.index(x) + 1) for x in board.location_ids
                                                  if board.landmark_of(x) == m)
        for m in board.landmark_ids)
    return play_phrase(game.lang, "landmarks", landmarks=marks)


def clues_line(game: Game) -> str:
    """The clues in hand, compact: each lady and her key's entry for the Dark Lady's suit."""
    view, lang = game.view(), game.lang
    held = [f"{c['name']} ({key_entry_text(c['key'][view['suit']])})" for c in view["clues"]]
    if view["suit_card"] is not None:
        held.append(play_phrase(lang, "clue.suit-card", lady=view["suit_card"]["name"]))
    return play_phrase(lang, "clues", clues=", ".join(held)) if held else play_phrase(lang, "clues.none")


def trail_line(game: Game, entry: TrailEntryJSON) -> str:
    """One trail entry as the player's notebook would have it: the slot, then what happened."""
    lang, kind = game.lang, entry["kind"]
    if kind == "landmark":
        said = play_phrase(lang, "trail.landmark", landmark=game.words.landmark(entry["landmark"]))
    elif kind == "search":
        how = "seen" if "fog_card" in entry else "search"
        said = play_phrase(lang, f"trail.{how}.{'found' if entry['found'] else 'not-found'}",
                           place=place(game, entry["location"]))
    elif kind == "flee":
        said = play_phrase(lang, "trail.flee", entry["cards"], cards=entry["cards"])
    elif kind == "countdown":
        said = play_phrase(lang, "trail.countdown", value=entry["value"])
    elif kind == "fog_card":
        said = play_phrase(lang, "trail.fog_card", card=game.rules.fog_card(entry["card"]).name.get(lang))
    elif kind == "key":
        said = play_phrase(lang, "trail.key", place=place(game, entry["location"]))
    elif kind == "clue":
        said = play_phrase(lang, "trail.suit_card" if entry.get("suit_card") else "trail.clue",
                           lady=game.words.lady(entry["card"]))
    else:
        said = play_phrase(lang, "trail.fog")
    return f"{entry['slot']:>3}  {said}"


def pending_text(game: Game) -> str:
    """The fog card waiting for an answer, and the places it offers, numbered as on the map."""
    view, lang = game.view(), game.lang
    p = view["pending"]
    assert p is not None
    card = game.rules.fog_card(p["card"]).name.get(lang)
    return (play_phrase(lang, "pending", card=card, text=p["text"]) + "\n"
            + play_phrase(lang, f"pending.{p['asks']}", choices=places(game, p["choices"])))


def actions_line(game: Game) -> str:
    legal = game.legal_actions()
    return play_phrase(game.lang, "actions", actions="  ".join(play_phrase(game.lang, f"action.{a}") for a in legal))


def height(console: Console, renderable: RenderableType) -> int:
    """The lines a renderable takes on this console."""
    return len(console.render_lines(renderable, console.options, pad=False))


def screen(game: Game, console: Console, notes: Sequence[str]) -> list[RenderableType]:
    """The table after an action, fitted to the console's height less the prompt's line.

    Always shown: the status line, where you are, the notes (the events of the last action,
    or what the terminal has to say), a fog card waiting, the fog warning, and what you may
    do. As room allows: the map, the clues, the last trail entries (up to
    :data:`TRAIL_SHOWN`), and the landmarks' line unless it would leave fewer than
    :data:`TRAIL_KEPT` of them."""
    view = game.view()
    fixed_top: list[RenderableType] = [Text(status_line(game), style="bold"), *map(Text, where_lines(game))]
    fixed_bottom: list[RenderableType] = [Text(f"• {n}") for n in notes]
    if view["pending"] is not None:
        fixed_bottom.append(Text(pending_text(game), style="yellow"))
    if view["fog_warning"] is not None:
        fixed_bottom.append(Text(view["fog_warning"]["text"], style="yellow"))
    fixed_bottom.append(Text(actions_line(game), style="cyan"))
    room = console.size.height - 1 - sum(height(console, r) for r in fixed_top + fixed_bottom)
    middle: list[RenderableType] = []
    for part in (map_grid(game), Text(clues_line(game))):
        if height(console, part) <= room:
            middle.append(part)
            room -= height(console, part)
    legend = Text(landmarks_line(game), style="dim")
    trail = view["trail"]
    if room - height(console, legend) > min(TRAIL_KEPT, len(trail)):  # the legend gives way to the trail
        middle.append(legend)
        room -= height(console, legend)
    return fixed_top + middle + trail_tail(game, console, trail, room) + fixed_bottom


def trail_tail(game: Game, console: Console, trail: Sequence[TrailEntryJSON], room: int) -> list[RenderableType]:
    """The last trail entries that fit in ``room`` lines under their title (at most :data:`TRAIL_SHOWN`)."""
    lines = [Text(trail_line(game, e)) for e in trail[-TRAIL_SHOWN:]]
    while lines and 1 + sum(height(console, x) for x in lines) > room:  # a long entry may wrap
        lines = lines[1:]
    if not lines:
        return []
    title = play_phrase(game.lang, "trail.title.last", shown=len(lines), total=len(trail))
    return [Text(title, style="bold"), *lines]


def hints_text(game: Game) -> str:
    """The hints, with the same renderers as ``deduce hint`` and ``deduce track``: who she can
    be (candidates and the reasons in words), how far her traits are from proven, her odds now
    and next turn; then the plan, the one voice of advice (as in the game's hints, the play page
    and ``POST /v1/advice``): what to do now, the command that does it, and why."""
    view = game.player_view()
    query = view.hand.query(game.cards, explain=True)
    tracking = track(game.board, view.track_query())
    return (hint_text(game.cards, query, deduce(game.cards, query), game.lang) + "\n\n"
            + "\n".join(progress_lines(game, who_progress(game.cards, view.hand, view.mode))) + "\n\n"
            + track_text(game.board, tracking, None, game.lang).rstrip("\n") + "\n\n"
            + "\n".join(plan_lines(game)))


def standing_line(game: Game) -> str:
    """How the game stands if the plan is followed (:mod:`deduce.game.standing`): the chance of winning and the
    points to expect, each with its 95 % interval, and the playouts behind them."""
    figures = game.standing()
    win, points = figures.win, figures.points
    return play_phrase(game.lang, "standing", win=round(100 * win.chance), win_low=round(100 * win.low),
                       win_high=round(100 * win.high), points=round(points.mean), points_low=round(points.low),
                       points_high=round(points.high), playouts=figures.playouts)


def plan_lines(game: Game) -> list[str]:
    """The advisor's plan (:mod:`deduce.game.plan`, the hints' ``plan``) in words: the action
    with the command that sends it (places and traits by their numbers), then its reasons."""
    plan = make_plan(game.rules, game.player_view(), game.legal_actions(), game.pending)
    send = plan.send
    lang = game.lang

    def number(location: str) -> str:
        return str(game.board.index(location) + 1)

    if send is None:
        action = play_phrase(lang, "plan.do.none")
    elif send["action"] == "move":
        action = play_phrase(lang, "plan.do.move", place=place(game, send["to"]), command=f"m {number(send['to'])}")
    elif send["action"] == "confront":
        names = ", ".join(game.cards.trait(t).name.get(lang) for t in send["traits"])
        numbers = " ".join(str(game.cards.trait_ids.index(t) + 1) for t in send["traits"])
        action = play_phrase(lang, "plan.do.confront", traits=names, command=f"c {numbers}")
    elif send["action"] == "resolve":
        chosen = send.get("path") or [send.get("location") or send["to"]]
        action = play_phrase(lang, "plan.do.resolve", places=" → ".join(place(game, x) for x in chosen),
                             command="r " + " ".join(number(x) for x in chosen))
    else:
        action = play_phrase(lang, f"plan.do.{send['action']}")
    return [play_phrase(lang, "plan.title", action=action),
            *(f"- {reason_text(game.rules, lang, r)}" for r in plan.reasons)]


def chance_text(lang: str, chance: float) -> str:
    """A chance as a whole percentage ("less than 1 %" and "more than 99 %" near the ends)."""
    whole = round(100 * chance)
    shown = "<1" if chance > 0 and whole == 0 else ">99" if chance < 1 and whole == 100 else str(whole)
    return f"{shown}%" if lang == "en" else f"{shown} %"


def progress_lines(game: Game, progress: Progress) -> list[str]:
    """WHO progress in words (:mod:`deduce.who.progress`): proven, or where the suit card stands
    (still needed: claim every key, or, every key claimed, reveal it), the chance the next clue
    proves her traits and which cards would, the clues still to find on average, and the
    chances of confronting her now with the likeliest traits."""
    lang = game.lang

    def say(key: str, **fields: object) -> str:
        return play_phrase(lang, key, None, **fields)

    lines = [say("progress.title")]
    if progress.proven:
        return [*lines, say("progress.proven")]
    every_key = game.player_view().visited >= set(game.board.location_ids)
    lines.append(say("progress.suit-card.ready" if progress.suit_card == "needed" and every_key
                     else f"progress.suit-card.{progress.suit_card}"))
    with_card = say("progress.with") if progress.suit_card != "revealed" else ""
    proving = [game.words.lady(card) for card in progress.proving]
    lines.append(say("progress.next", with_=with_card, chance=chance_text(lang, progress.next_clue),
                     cards=say("progress.or").join(proving)) if proving
                 else say("progress.next.none", with_=with_card))
    if progress.expected_clues is None:
        lines.append(say("progress.expected.never"))
    else:
        mean = f"{progress.expected_clues:.1f}"
        lines.append(say("progress.expected", with_=with_card, n=mean if lang == "en" else mean.replace(".", ",")))
    guess = progress.guess
    if not guess.traits:
        return [*lines, say("progress.guess.none")]
    traits = ", ".join(game.cards.trait(t).name.get(lang) for t in guess.traits)
    lines.append(say("progress.guess", traits=traits, chance=chance_text(lang, guess.chance)))
    return lines


def end_lines(game: Game, end: EndJSON) -> list[str]:
    """How it ended: lost (a win says so in its event), her card, the verdict on your traits,
    and the score term by term."""
    lang = game.lang
    lady = end["dark_lady"]
    out = [play_phrase(lang, "end.lost")] if game.state == "lost" else []  # a win's event says so already
    out.append(play_phrase(lang, "end.lady", lady=lady["name"], traits=game.words.traits(lady["card"])))
    if end["confronted"] is not None:
        out.append(play_phrase(lang, f"verdict.{end['confronted']['verdict']}"))
    if end["score"] is not None and end["rank"] is not None and end["breakdown"] is not None:
        out.append(play_phrase(lang, "score.title"))
        out += score_lines(game, end["breakdown"])
        out.append(play_phrase(lang, "score.total", score=end["score"], rank=play_phrase(lang, f"rank.{end['rank']}")))
    return out


def score_lines(game: Game, terms: Sequence[ScoreTermJSON]) -> list[str]:
    """Each term of the score as the rulebook's example lays it out, points right-aligned."""
    said = [play_phrase(game.lang, f"score.{t['term']}", n=t["count"], length=game.length) for t in terms]
    width = max(len(s) for s in said)
    return [f"  {s.ljust(width)}  {t['points']:>+4}" for s, t in zip(said, terms, strict=True)]


class Terminal:
    """One game at the terminal: reads commands from ``lines``, draws on ``console``."""

    def __init__(self, game: Game, console: Console, lines: Iterator[str]):
        self.game = game
        self.console = console
        self.lines = lines
        self.typed_ahead: str | None = None  # a command typed at a "more" prompt
        self.hinted: tuple[int, int] = (-1, 0)  # the game's version and the hint steps given at it

    def say(self, key: str, **fields: object) -> str:
        return play_phrase(self.game.lang, key, None, **fields)

    def read(self) -> str | None:
        """The next line typed, or None at the end of input."""
        line, self.typed_ahead = self.typed_ahead, None
        return line if line is not None else next(self.lines, None)

    def draw(self, notes: Sequence[str]) -> None:
        self.console.clear()
        for part in screen(self.game, self.console, notes):
            self.console.print(part)

    def page(self, text: str) -> None:
        """Long text a screen at a time; Enter shows more, ``q`` stops, and any other command
        stops and is carried out."""
        lines = Text(text).wrap(self.console, self.console.width)
        size = max(1, self.console.size.height - 2)
        for start in range(0, len(lines), size):
            self.console.clear()
            for line in lines[start:start + size]:
                self.console.print(line)
            if start + size < len(lines):
                self.console.print(Text(self.say("more"), style="dim"))
                answer = self.read()
                if answer is None or answer.strip():
                    self.typed_ahead = None if answer is None or answer.strip().lower() == "q" else answer
                    return

    def confirm(self, key: str, **fields: object) -> bool:
        """Ask a yes/no question; anything but yes (or the end of input) is no."""
        self.console.print(Text(self.say(key, **fields), style="bold yellow"))
        answer = self.read()
        return answer is not None and answer.strip().casefold() in self.say("yes").split()

    def unproven(self, traits: list[str]) -> bool:
        """Whether the clues in hand fall short of proving these are her traits."""
        proven = who(self.game.cards, self.game.player_view().hand)
        return proven.status != "solved" or set(proven.dark_lady or ()) != set(traits)

    def play(self) -> None:
        game = self.game
        self.draw([self.say("seed", seed=game.setup.seed)])
        while not game.over:
            line = self.read()
            if line is None or not self.obey(parse_command(game, line)):
                return

    def obey(self, command: Command) -> bool:
        """Carry out one typed command; False when the player quits."""
        if command == "quit":
            if self.confirm("confirm.quit"):
                self.console.print(self.say("left", seed=self.game.setup.seed))
                return False
            self.draw([])
        elif command == "hints":
            self.hint()
        elif command in ("help", "trail"):
            self.page(self.screen(str(command)))
        elif isinstance(command, Say):
            self.draw([command.text])
        elif isinstance(command, Mapping):
            self.act(command)
        elif command:
            self.draw([])
        return True

    def hint(self) -> None:
        """The next step of the hint for this turn (SPEC 10): a nudge, then the focus, then the whole
        answer, a screen at a time; the steps start again once an action is taken."""
        game = self.game
        version, given = self.hinted
        step = min(3, given + 1) if version == game.version else 1
        self.hinted = (game.version, step)
        if step == 3:  # the whole answer, and while the game is played, how it stands under the plan
            self.page(hints_text(game) + ("" if game.over else "\n\n" + standing_line(game)))
            return
        text = game.hint_step(1 if step == 1 else 2)["hint"]["text"]
        self.draw([self.say(f"hint.step.{step}", text=text), self.say("hint.again")])

    def screen(self, name: str) -> str:
        """The text of a screen the player asked for: the help or the trail."""
        game = self.game
        if name == "trail":
            return "\n".join([self.say("trail.title")] + [trail_line(game, e) for e in game.view()["trail"]])
        return self.say("help")

    def act(self, action: ActionDoc) -> None:
        """Send an action; a refusal is said in the game's language, from its code (places numbered)."""
        game = self.game
        if (action["action"] == "confront" and "confront" in game.legal_actions()
                and self.unproven(action["traits"])):
            traits = ", ".join(game.cards.trait(t).name.get(game.lang) for t in action["traits"])
            if not self.confirm("confirm.confront", traits=traits):
                self.draw([])
                return
        try:
            events = game.act(action)
        except (InputError, Illegal) as exc:
            self.draw([self.say("not-possible", reason=reason(game.words, exc, lambda loc: place(game, loc)))])
            return
        notes = [e["text"] for e in events]
        end = game.view()["end"]
        if end is None:
            self.draw(notes)
            return
        self.console.clear()
        self.console.print(Text(status_line(game), style="bold"))
        for line in [f"• {n}" for n in notes] + end_lines(game, end):
            self.console.print(Text(line))


def play_session(rules: Rules, setup_doc: Mapping[str, Any], lines: Iterable[str], console: Console,
                 lang: str = "en") -> Game:
    """Play one game from typed lines until it ends, the lines run out, or the player quits;
    everything is said in ``lang``."""
    game = Game.new(rules, parse_setup(rules, setup_doc), lang=lang)
    Terminal(game, console, iter(lines)).play()
    return game


def simulate_table(summaries: list[Summary], lang: str = "en") -> Table:
    """The simulator's results, one row per mode and sequence, in ``lang``."""
    table = Table(title=say(lang, "simulate.title"))
    for col in ("mode", "sequence", "games", "win-rate", "mean-score", "ranks", "losses"):
        table.add_column(say(lang, f"simulate.column.{col}"),
                         justify="right" if col in ("games", "win-rate", "mean-score") else "left")
    for s in summaries:
        ranks = ", ".join(f"{play_phrase(lang, f'rank.{k}')} {v}" for k, v in sorted(s.ranks.items()))
        losses = ", ".join(f"{say(lang, f'simulate.reason.{k}')} {v}" for k, v in sorted(s.reasons.items())
                           if k != "unmasked")
        mean = f"{s.mean_score:.1f}" if s.mean_score is not None else "-"
        table.add_row(say(lang, f"mode.{s.mode}"), sequence_text(s.chosen, s.reverse, lang), str(s.games),
                      f"{s.win_rate:.0%}", mean, ranks or "-", losses or "-")
    return table
