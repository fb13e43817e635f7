"""Per-query cost of `deduce hint --batch` on typed cards, against a plain z3 enumeration and python-constraint.

The workload is what a player at the table types: her suit, and the clue cards revealed
so far typed as printed (three traits and her suit's key entry), a few per query; about
one line in twelve holds a misread card (a wrong key entry), which mostly makes the
clues contradict each other, so that line's answer carries the smallest conflicting set.
The queries are seeded, so every run measures the same work. They go through the batch
path of the CLI in-process: JSON decoding, checking, the fast evaluator (candidates,
conflicts) and JSON encoding, each round starting with no answer kept; answers the batch
has already given are reused (different queries often leave the same candidates), and
the "cold" line clears that cache before every query to show the cost without it. The
peers answer a sample of the same queries: a fresh z3 solver per query enumerating every
model with blocking clauses, and python-constraint's backtracking solver. Figures are
microseconds per query and the ratio to the batch path.

    .venv/bin/python -m bench.hint [--queries 5000] [--sample 300]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import tempfile
import time
from typing import Any

from bench import per_query
from deduce.cli.common import run_batch
from deduce.cli.who import hint_answer
from deduce.shipped import load_cards
from deduce.who.cards import CardSet
from deduce.who.deduction import candidates, deduce, plain_answer
from deduce.who.query import parse_query


def random_queries(cards: CardSet, count: int, seed: int = 1600, misread_every: int = 8) -> list[dict[str, Any]]:
    """Queries as players type them mid-game: a hidden Dark Lady, her suit, and some of the
    other cards revealed, typed with her suit's key entry; one line in ``misread_every``
    holds a card whose key entry was misread."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        dark = rng.choice(cards.ladies)
        deck = [lady for lady in cards.ladies if lady.suit != dark.suit]
        shown = rng.sample(deck, rng.randint(1, min(6, len(deck))))
        counts = [sorted(lady.key[dark.suit]) for lady in shown]
        if rng.randrange(misread_every) == 0:
            wrong = rng.randrange(len(counts))
            counts[wrong] = [rng.choice([c for c in range(cards.traits_per_lady + 1) if c not in counts[wrong]])]
        clues = [{"traits": list(lady.traits), "counts": c} for lady, c in zip(shown, counts, strict=True)]
        out.append({"suit": dark.suit, "clues": clues})
    return out


def batch_per_query(path: str, cards: CardSet, count: int) -> float:
    """Microseconds per line of the CLI's batch loop, output discarded."""
    started = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        run_batch(path, hint_answer(cards))
    return (time.perf_counter() - started) / count * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=5000)
    parser.add_argument("--sample", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3,
                        help="interleaved rounds; each engine's best round is reported (noise only slows)")
    args = parser.parse_args()
    cards = load_cards()
    docs = random_queries(cards, args.queries)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("\n".join(json.dumps(d) for d in docs) + "\n")
    deduce(cards, parse_query(cards, docs[0]))  # build the candidate space once, as a server does
    queries = [parse_query(cards, d) for d in docs]
    share = sum(deduce(cards, q).status == "contradiction" for q in queries) / len(queries)
    sample = queries[: args.sample]
    answer = hint_answer(cards)
    lines = [json.dumps(d) for d in docs[: args.sample * 4]]
    assert all(sorted(candidates(cards, q, "z3")) == sorted(candidates(cards, q, "fast")) for q in sample[:50])

    def batch() -> float:
        plain_answer.cache_clear()
        return batch_per_query(f.name, cards, len(docs))

    def cold(line: str) -> str:
        plain_answer.cache_clear()
        return answer(json.loads(line))

    best: dict[str, float] = {}
    for _ in range(args.rounds):
        for name, measure in (
            ("batch", batch),
            ("z3", lambda: per_query(lambda q: candidates(cards, q, "z3"), sample)),
            ("csp", lambda: per_query(lambda q: candidates(cards, q, "csp"), sample)),
            ("cold", lambda: per_query(cold, lines)),
        ):
            best[name] = min(best.get(name, float("inf")), measure())
    batch_us, z3_us, csp_us, cold_us = best["batch"], best["z3"], best["csp"], best["cold"]

    print(f"card set: {cards.name}; {len(docs)} typed queries ({share:.1%} contradictions) through "
          f"hint --batch, {len(sample)} through each peer; best of {args.rounds} interleaved rounds")
    print(f"{'engine':34} {'us/query':>10} {'ratio':>8}")
    for name, us in (("deduce hint --batch (fast)", batch_us),
                     ("plain z3 enumeration, fresh solver", z3_us),
                     ("python-constraint", csp_us)):
        print(f"{name:34} {us:10.1f} {us / batch_us:7.1f}x")
    print(f"{'same path, no answer reused (cold)':34} {cold_us:10.1f}   (z3 is {z3_us / cold_us:.0f}x this)")
    print(f"goal: z3 / batch at least 300x -> {'met' if z3_us / batch_us >= 300 else 'NOT met'}")


if __name__ == "__main__":
    main()
