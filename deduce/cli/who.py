"""WHO she is: ``deduce hint`` (the deduction), ``deduce audit`` and ``deduce design`` (card sets)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from deduce.cli.common import (
    ByName,
    InOrder,
    Subparsers,
    cards_option,
    emit_json,
    flag_labels,
    in_range,
    json_option,
    lang_option,
    named_file,
    refuse_with_batch,
    relabel,
    run_batch,
    say,
    stderr_progress,
    words,
    write_file,
)
from deduce.document import in_file
from deduce.errors import InputError
from deduce.game.setup import MAX_SEED
from deduce.render.who import hint_text
from deduce.shipped import load_brief, load_cards
from deduce.who import cardfile
from deduce.who.cards import CardSet
from deduce.who.deduction import ENGINES, Engine, deduce, writer_for
from deduce.who.query import parse_obs_text, parse_query

# -- deduce hint ----------------------------------------------------------------


def hint_answer(cards: CardSet, engine: Engine = "fast") -> Callable[[Any], str]:
    """The batch answer of ``deduce hint``: a query document to the JSON text of its result.

    The fast engine writes the text straight from its masks (:class:`~deduce.who.deduction.AnswerWriter`);
    the others build the :class:`~deduce.who.deduction.Deduction` and encode it.
    """
    if engine == "fast":
        writer = writer_for(cards)
        return lambda doc: writer.text(parse_query(cards, doc))
    return lambda doc: deduce(cards, parse_query(cards, doc), engine).json_text


def clue_from_flag(flag: str, value: str) -> dict[str, Any]:
    """A clue object from ``--clue ID[:role]`` or ``--obs "t1,t2,t3:0/2"``."""
    if flag == "--obs":
        return parse_obs_text(value)
    card, sep, role = value.partition(":")
    return {"card": card.strip(), **({"role": role.strip()} if sep else {})}


def with_ids(cards: CardSet, doc: dict[str, Any], lang: str) -> dict[str, Any]:
    """A query typed on the command line with the suit, the cards and the traits named by id or by name
    (every name nothing or several things bear is refused in ``lang``)."""
    ids = ByName(lang)
    ladies = {lady.id: lady.name for lady in cards.ladies}
    traits = {t: cards.trait(t).name for t in cards.trait_ids}
    doc["suit"] = ids(doc["suit"], {s: cards.suit(s).name for s in cards.suit_ids}, ("suit",), "suit")
    for i, clue in enumerate(doc["clues"]):
        if "card" in clue:
            clue["card"] = ids(clue["card"], ladies, ("clues", i, "card"), "card")
        else:
            clue["traits"] = [ids(t, traits, ("clues", i, "traits", j), "trait") for j, t in enumerate(clue["traits"])]
    ids.raise_if_any()
    return doc


def cmd_hint(args: argparse.Namespace) -> int:
    with named_file(args.cards):
        cards = load_cards(args.cards)
    if args.batch:
        refuse_with_batch(bool(args.clues or args.suit), "--suit", "--clue", "--obs")
        return run_batch(args.batch, hint_answer(cards, args.engine))
    flags = args.clues or []
    doc = {
        "suit": args.suit,
        "clues": [clue_from_flag(flag, value) for flag, value in flags],
        "distinct": not args.no_distinct,
        "explain": args.explain,
    }
    try:
        query = parse_query(cards, with_ids(cards, doc, args.lang))
    except InputError as exc:
        raise relabel(exc, "clues", flag_labels(flags), {"suit": "--suit"}) from None
    result = deduce(cards, query, args.engine)
    if args.json:
        emit_json(result.to_json())
    else:
        print(hint_text(cards, query, result, args.lang))
    return 0


def add_hint_parser(sub: Subparsers, lang: str) -> None:
    p = sub.add_parser("hint", parents=[cards_option(lang), json_option(lang, "hint"), lang_option(lang)],
                       help=say(lang, "help.hint"), description=say(lang, "help.hint.about"))
    p.add_argument("--suit", metavar="S", help=say(lang, "help.hint.suit"))
    p.add_argument("--clue", action=InOrder, dest="clues", metavar="ID[:suit_card]", help=say(lang, "help.hint.clue"))
    p.add_argument("--obs", action=InOrder, dest="clues", metavar='"t1,t2,t3:0/2"', help=say(lang, "help.hint.obs"))
    p.add_argument("--no-distinct", action="store_true", help=say(lang, "help.hint.no-distinct"))
    p.add_argument("--explain", action="store_true", help=say(lang, "help.hint.explain"))
    p.add_argument("--batch", metavar="FILE", help=say(lang, "help.hint.batch"))
    p.add_argument("--engine", choices=ENGINES, default="fast", help=say(lang, "help.hint.engine"))
    p.set_defaults(handler=cmd_hint, clues=None)


# -- deduce audit -----------------------------------------------------------------

#: The most steps ``deduce design`` takes (a few minutes on one core).
MAX_STEPS = 1_000_000
#: The most independent searches ``deduce design --restarts`` runs.
MAX_RESTARTS = 1000

#: The longest audit `deduce audit` runs without --max-seconds (the service's bound is shorter).
AUDIT_SECONDS = 120.0

def cmd_audit(args: argparse.Namespace) -> int:
    from deduce.render.audit import audit_text
    from deduce.who.audit import audit
    with in_file(args.file):
        cards = cardfile.load(args.file)
        with stderr_progress("deduce audit") as tick:
            report = audit(cards, progress=tick, max_seconds=args.max_seconds or None,
                           advice=words("audit.more-seconds"))
    if args.json:
        emit_json(report.to_json())
    else:
        sys.stdout.write(audit_text(cards, report, args.lang))
    return 0 if report.ok else 1


def add_audit_parser(sub: Subparsers, lang: str) -> None:
    p = sub.add_parser("audit", parents=[json_option(lang, "audit"), lang_option(lang)],
                       help=say(lang, "help.audit"), description=say(lang, "help.audit.about"))
    p.add_argument("file", metavar="FILE", help=say(lang, "help.audit.file"))
    p.add_argument("--max-seconds", type=float, default=AUDIT_SECONDS, metavar="S",
                   help=say(lang, "help.audit.max-seconds", seconds=f"{AUDIT_SECONDS:g}"))
    p.set_defaults(handler=cmd_audit)


# -- deduce design ----------------------------------------------------------------

def cmd_design(args: argparse.Namespace) -> int:
    """Search a card set; print it (or write it to --out), with its audit for the designer.

    The card set goes to stdout unless --out names a file, so the shipped data is never
    overwritten by accident; the audit report goes to stderr when stdout holds the set. The
    set's comments are in --lang, as the audit is (the shipped file's are English).
    """
    from deduce.cli.executors import executor_for
    from deduce.render.audit import audit_text
    from deduce.who.design import render_yaml, search
    in_range("--steps", args.steps, 1, MAX_STEPS)
    in_range("--seed", args.seed, 0, MAX_SEED)
    in_range("--restarts", args.restarts, 1, MAX_RESTARTS)
    brief = load_brief()
    try:
        with (executor_for(args, "design --scheduler") as executor,
              stderr_progress("deduce design", after=0.0) as tick):
            design = search(brief, seed=args.seed, steps=args.steps, restarts=args.restarts, executor=executor,
                            progress=lambda step, steps, _: tick(step, steps))
            tick(args.steps * args.restarts, args.steps * args.restarts)
    except KeyboardInterrupt:
        print(f"deduce design: {say(args.lang, 'design.interrupted')}", file=sys.stderr)
        return 130
    report = sys.stdout if args.out else sys.stderr
    report.write(audit_text(design.cards, design.report, args.lang))
    if design.unmet:
        for problem in design.unmet:
            print(f"deduce: design: {say(args.lang, 'design.unmet', target=problem)}", file=sys.stderr)
        print(f"deduce: design: {say(args.lang, 'design.nothing')}", file=sys.stderr)
        return 1
    restarts = f" --restarts {args.restarts}" if args.restarts > 1 else ""
    text = render_yaml(design, brief, f"deduce design --seed {args.seed} --steps {args.steps}{restarts}", args.lang)
    if args.out:
        write_file(args.out, text)
        print(say(args.lang, "design.wrote", file=args.out, score=design.history, seed=args.seed), file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def add_design_parser(sub: Subparsers, lang: str) -> None:
    from deduce.cli.executors import workers_options
    from deduce.who.design import DEFAULT_SEED, DEFAULT_STEPS
    p = sub.add_parser("design", parents=[workers_options(lang), lang_option(lang)],
                       help=say(lang, "help.design"), description=say(lang, "help.design.about"))
    p.add_argument("--seed", type=int, default=DEFAULT_SEED, help=say(lang, "help.design.seed", seed=str(DEFAULT_SEED)))
    p.add_argument("--steps", type=int, default=DEFAULT_STEPS,
                   help=say(lang, "help.design.steps", most=f"{MAX_STEPS:,}", steps=str(DEFAULT_STEPS)))
    p.add_argument("--restarts", type=int, default=1, help=say(lang, "help.design.restarts", most=str(MAX_RESTARTS)))
    p.add_argument("--out", metavar="FILE", help=say(lang, "help.design.out"))
    p.set_defaults(handler=cmd_design)
