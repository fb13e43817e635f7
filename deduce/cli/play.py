"""Terminal front ends of the game: ``deduce play`` (one player, rich) and the table of
``deduce simulate``. A front end: the rules are in :mod:`deduce.game.rules`, the bot and
the simulator in :mod:`deduce.game.bot` and :mod:`deduce.game.simulate`; this module only
reads commands and draws.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from deduce.errors import Illegal, InputError
from deduce.game.bot import ActionDoc
from deduce.game.material import Rules
from deduce.game.rules import Game
from deduce.game.setup import parse_setup
from deduce.game.simulate import Summary
from deduce.who.keys import key_entry_text

HELP = """Commands (a location or trait may be given by its number):
  m LOC            move to a neighbouring location        s        search here
  c T1 T2 T3       confront her here with three traits    f        use the fog card on top
  r VALUE [VALUE]  answer a fog card (a place, or a path)  p        pass
  u                reveal the suit card (all keys claimed) h        hints (who and where)
  t                the whole trail                         ?        this help
  q                quit"""

#: Trail entries shown under the board after every action (``t`` shows them all).
TRAIL_SHOWN = 5

SHORT = {"m": "move", "s": "search", "c": "confront", "f": "fog", "r": "resolve", "p": "pass",
         "u": "reveal_suit_card"}


def _pick(options: tuple[str, ...], word: str) -> str:
    """An option by id or by its 1-based number in the list shown."""
    if word.isdigit() and 1 <= int(word) <= len(options):
        return options[int(word) - 1]
    return word


def parse_command(game: Game, line: str) -> ActionDoc | str:
    """A typed command as an action document, or one of ``help``, ``hints``, ``quit``, ``""``."""
    words = line.split()
    if not words:
        return ""
    head, rest = words[0].lower(), words[1:]
    if head in ("?", "help"):
        return "help"
    if head in ("h", "hints"):
        return "hints"
    if head in ("q", "quit", "exit"):
        return "quit"
    if head in ("t", "trail"):
        return "trail"
    name = SHORT.get(head, head)
    locations = game.board.location_ids
    action: ActionDoc = {"action": name}
    if name == "move" and rest:
        action["to"] = _pick(locations, rest[0])
    elif name == "confront":
        action["traits"] = [_pick(game.cards.trait_ids, w) for w in rest]
    elif name == "resolve" and game.pending is not None:
        asks = game.pending.asks
        action[asks] = [_pick(locations, w) for w in rest] if asks == "path" else (
            _pick(locations, rest[0]) if rest else None)
    return action


def render(game: Game, console: Console) -> None:
    """The table as the player sees it: map, top card, counters, clues, what can be done."""
    view = game.view()
    board = game.board
    places = Table(title=f"London — you are at {board.location(view['pawn']).name.get()}", show_lines=False)
    for col in ("#", "location", "landmark", "key", "paths to"):
        places.add_column(col)
    for i, loc in enumerate(board.locations, 1):
        here = "► " if loc.id == view["pawn"] else ""
        places.add_row(str(i), here + loc.name.get(), loc.landmark, "✓" if loc.id in view["visited"] else "",
                       ", ".join(str(board.index(n) + 1) for n in sorted(board.neighbours(loc.id), key=board.index)))
    console.print(places)
    top = "a fog card" if view["top"].get("fog") else f"the landmark [bold]{view['top'].get('landmark')}[/bold]"
    console.print(f"Top stealth card: {top}   slot {view['slot']} of a {view['length']}-card deck "
                  f"({view['moves'].replace('_', ' ')})   countdown {view['countdown']}   "
                  f"fog deck {view['fog_deck']}   her suit: {view['suit']}")
    clues = view["clues"] + ([view["suit_card"]] if view["suit_card"] else [])
    if clues:
        table = Table(title="Clues")
        for col in ("card", "traits", f"key for {view['suit']}"):
            table.add_column(col)
        for clue in clues:
            table.add_row(clue["name"], ", ".join(clue["traits"]), key_entry_text(clue["key"][view["suit"]]))
        console.print(table)
    if view["pending"]:
        p = view["pending"]
        console.print(f"[yellow]Fog card waiting:[/yellow] {p['text']}  (r + {p['asks']}; choices: "
                      f"{', '.join(str(board.index(c) + 1) for c in p['choices'])})")
    console.print("Traits: " + "  ".join(f"{i}={t}" for i, t in enumerate(game.cards.trait_ids, 1)))
    render_trail(game, console)
    if view["fog_warning"] is not None:
        console.print(f"[yellow]{escape(view['fog_warning']['text'])}[/yellow]")
    console.print("You may: " + ", ".join(view["actions"]))


def trail_line(game: Game, entry: Mapping[str, Any]) -> str:
    """One trail entry as the player's notebook would have it."""
    words, kind = game.words, entry["kind"]
    phrases: dict[str, Callable[[], str]] = {
        "landmark": lambda: f"the top card shows {words.landmark(entry['landmark'])}",
        "fog": lambda: "a fog card is on top",
        "search": lambda: f"searched {words.place(entry['location'])}: "
                          f"{'she was there' if entry['found'] else 'not there'}",
        "flee": lambda: f"she fled {entry['cards']} card(s) unseen",
        "countdown": lambda: f"the countdown card now shows {entry['value']}",
        "fog_card": lambda: f"fog card {game.rules.fog_card(entry['card']).name.get(game.lang)} used",
        "key": lambda: f"key of {words.place(entry['location'])} claimed",
        "clue": lambda: f"clue gained: {words.lady(entry['card'])}"
                        + (" (the suit card)" if entry.get("suit_card") else ""),
    }
    said = phrases[kind]()
    return f"  card {entry['slot']:>3}  {said}"


def render_trail(game: Game, console: Console, last: int | None = TRAIL_SHOWN) -> None:
    """The trail (SPEC 8), the last ``last`` entries or all of it."""
    trail = game.view()["trail"]
    shown = trail if last is None else trail[-last:]
    title = "Trail" if last is None or len(trail) <= last else f"Trail (last {last} of {len(trail)}; t for all)"
    console.print(f"[bold]{title}[/bold]")
    for entry in shown:
        console.print(escape(trail_line(game, entry)))


def render_hints(game: Game, console: Console) -> None:
    hints = game.hints()
    who, where = hints["who"], hints["where"]
    traits = "  ".join(f"{t}: {state}" for t, state in who["traits"].items())
    console.print(f"[bold]Who[/bold] ({who['status']}, {len(who['candidates'])} candidate(s)): {traits}")
    if who["dark_lady"]:
        console.print(f"  Her traits are proven: {', '.join(who['dark_lady'])}")
    for label, odds in (("now", where["now"]), ("next turn", where["next"])):
        likely = sorted(((p, loc) for loc, p in odds["locations"].items() if p > 0), reverse=True)[:4]
        console.print(f"[bold]Where {label}[/bold]: " + ", ".join(f"{loc} {p:.0%}" for p, loc in likely))


def play_session(rules: Rules, setup_doc: Mapping[str, Any], lines: Iterable[str], console: Console,
                 lang: str = "en") -> Game:
    """Play one game from typed lines until it ends, the lines run out, or the player quits;
    what happens is told in ``lang``."""
    game = Game.new(rules, parse_setup(rules, setup_doc), lang=lang)
    console.print(f"Game seed {game.setup.seed}: the same seed and options replay this deal.")
    console.print(HELP)
    render(game, console)
    commands: Iterator[str] = iter(lines)
    while not game.over:
        try:
            line = next(commands)
        except StopIteration:
            break
        command = parse_command(game, line)
        if command == "quit":
            break
        if command == "help":
            console.print(HELP)
            continue
        if command == "hints":
            render_hints(game, console)
            continue
        if command == "trail":
            render_trail(game, console, last=None)
            continue
        if not command:
            continue
        try:
            events = game.act(command)
        except (InputError, Illegal) as exc:
            console.print(f"[red]Not possible:[/red] {exc}")
            continue
        for event in events:
            console.print(f"  • {event['text']}")
        if not game.over:
            render(game, console)
    end = game.view()["end"]
    if end is not None:
        lady = end["dark_lady"]
        console.print(f"[bold]{'You win' if game.state == 'won' else 'You lose'}[/bold]: {end['message']}")
        console.print(f"The Dark Lady was {lady['name']} ({', '.join(lady['traits'])}).")
        if end["score"] is not None and end["confronted"] is not None:
            console.print(f"Score {end['score']}: {end['rank_name']}; your traits were "
                          f"{end['confronted']['verdict'].replace('-', ' ')}.")
    return game


def simulate_table(summaries: list[Summary]) -> Table:
    """The simulator's results, one row per mode and sequence."""
    table = Table(title="Simulated games (bot)")
    for col in ("mode", "sequence", "games", "win rate", "mean score", "ranks (won games)", "losses"):
        table.add_column(col, justify="right" if col in ("games", "win rate", "mean score") else "left")
    for s in summaries:
        ranks = ", ".join(f"{k} {v}" for k, v in sorted(s.ranks.items()))
        losses = ", ".join(f"{k} {v}" for k, v in sorted(s.reasons.items()) if k != "unmasked")
        mean = f"{s.mean_score:.1f}" if s.mean_score is not None else "-"
        table.add_row(s.mode, s.sequence, str(s.games), f"{s.win_rate:.0%}", mean, ranks or "-", losses or "-")
    return table
