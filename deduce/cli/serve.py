"""``deduce serve``: the HTTP API under uvicorn (needs the ``[api]`` extra, imported when it runs)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from deduce.cli.address import announce
from deduce.cli.arguments import said
from deduce.cli.common import (
    Subparsers,
    board_option,
    cards_option,
    in_range,
    lang_option,
    needs_extra,
    say,
    words,
)
from deduce.errors import InputError
from deduce.game.store import DEFAULT_DB, GAME_EXPIRY, MAX_LIVE_GAMES, RETENTION, open_store

#: Defaults of the quotas per client (kept equal to :mod:`api.quotas`'s, which the [api] extra brings;
#: tests/api/test_quotas.py checks they agree).
GAMES_PER_CLIENT, COSTLY_PER_CLIENT, REQUESTS_PER_SECOND = 20, 3, 100


def port_number(text: str) -> int:
    """A TCP port for ``--port``."""
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(said(words("serve.port", got=repr(text))))
    return int(text)
#: The most server processes ``--workers`` may ask for (each holds the card set and its threads).
MAX_WORKERS = 64
#: Seconds a client may leave its answer unread before it is dropped (equal to :mod:`api.protocol`'s).
WRITE_SECONDS = 30.0


def positive(kind: type[int] | type[float]) -> Callable[[str], float]:
    """An argparse type for a number above zero."""
    def read(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(said(words("serve.positive", got=repr(text)))) from None
        if not value > 0:
            raise argparse.ArgumentTypeError(said(words("serve.positive", got=repr(text))))
        return value
    return read


def ledger_for(db: str, workers: int) -> str:
    """Where the quotas are counted: this process's memory for one worker, else a SQLite file beside
    the game store ``db``, which every worker opens (:mod:`api.quotas`)."""
    return ":memory:" if workers == 1 else f"{db}-quotas"


def cmd_serve(args: argparse.Namespace) -> int:
    workers = in_range("--workers", args.workers, 1, MAX_WORKERS)
    db = args.db or str(DEFAULT_DB)
    if workers > 1 and db == ":memory:":
        raise InputError.at(("--db",), words("serve.memory"))
    with needs_extra("serve", "api"):
        from api.app import create_app, serve
        from api.quotas import ClientQuotas
    if workers > 1:
        open_store(db).close()  # a store that cannot be one is said before its quotas file is made beside it
    quotas = ClientQuotas(games=args.games_per_client, costly_in_flight=args.costly_per_client,
                          requests_per_second=args.rate, trusted_proxy=args.trusted_proxy,
                          ledger=ledger_for(db, workers),  # a bad ledger or --rate-storage: InputError
                          rate_storage=args.rate_storage)
    app = create_app(cards_path=args.cards, board_path=args.board, games_db=db,  # bad files: InputError
                     max_live_games=args.max_games, game_expiry=args.game_expiry * 3600,
                     retention=args.retention * 24 * 3600, body_seconds=args.body_timeout, quotas=quotas,
                     **({"audit_seconds": args.audit_seconds} if args.audit_seconds else {}))
    announce(args.host, args.port, sys.stdout, args.lang)
    serve(app, args.host, args.port, workers=workers, header_seconds=args.header_timeout,
          write_seconds=args.write_timeout)
    return 0


def add_serve_parser(sub: Subparsers, lang: str) -> None:
    p = sub.add_parser("serve", parents=[cards_option(lang), board_option(lang), lang_option(lang, "help.serve.lang")],
                       help=say(lang, "help.serve"), description=say(lang, "help.serve.about"))
    p.add_argument("--host", default="127.0.0.1", help=say(lang, "help.serve.host"))
    p.add_argument("--port", type=port_number, default=8000, help=say(lang, "help.serve.port"))
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help=say(lang, "help.serve.workers", most=str(MAX_WORKERS)))
    p.add_argument("--db", metavar="FILE", help=say(lang, "help.serve.db"))
    p.add_argument("--max-games", type=positive(int), default=MAX_LIVE_GAMES, metavar="N",
                   help=say(lang, "help.serve.max-games", default=str(MAX_LIVE_GAMES)))
    p.add_argument("--game-expiry", type=positive(float), default=GAME_EXPIRY / 3600, metavar="HOURS",
                   help=say(lang, "help.serve.game-expiry", default=f"{GAME_EXPIRY / 3600:g}"))
    p.add_argument("--retention", type=positive(float), default=RETENTION / 86400, metavar="DAYS",
                   help=say(lang, "help.serve.retention", default=f"{RETENTION / 86400:g}"))
    p.add_argument("--games-per-client", type=positive(int), default=GAMES_PER_CLIENT, metavar="N",
                   help=say(lang, "help.serve.games-per-client", default=str(GAMES_PER_CLIENT)))
    p.add_argument("--costly-per-client", type=positive(int), default=COSTLY_PER_CLIENT, metavar="N",
                   help=say(lang, "help.serve.costly-per-client", default=str(COSTLY_PER_CLIENT)))
    p.add_argument("--rate", type=positive(int), default=REQUESTS_PER_SECOND, metavar="N",
                   help=say(lang, "help.serve.rate", default=str(REQUESTS_PER_SECOND)))
    p.add_argument("--rate-storage", metavar="URI", help=say(lang, "help.serve.rate-storage"))
    p.add_argument("--trusted-proxy", metavar="ADDR", help=say(lang, "help.serve.trusted-proxy"))
    p.add_argument("--header-timeout", type=positive(float), default=10.0, metavar="S",
                   help=say(lang, "help.serve.header-timeout"))
    p.add_argument("--write-timeout", type=positive(float), default=WRITE_SECONDS, metavar="S",
                   help=say(lang, "help.serve.write-timeout", default=f"{WRITE_SECONDS:g}"))
    p.add_argument("--body-timeout", type=positive(float), default=30.0, metavar="S",
                   help=say(lang, "help.serve.body-timeout"))
    p.add_argument("--audit-seconds", type=positive(float), metavar="S", help=say(lang, "help.serve.audit-seconds"))
    p.set_defaults(handler=cmd_serve)
