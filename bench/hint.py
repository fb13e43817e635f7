"""Per-query cost of `deduce hint --batch` against a plain z3 enumeration and python-constraint.

Thousands of random queries on the shipped card set (seeded, so every run measures the
same work) go through the batch path of the CLI in-process: JSON decoding, checking,
the fast evaluator and JSON encoding, each round starting with no answer kept. Answers
the batch has already given are reused
(different queries often leave the same candidates); the "cold" line clears that cache
before every query to show the cost without it. The peers answer a sample of the same queries:
a fresh z3 solver per query enumerating every model with blocking clauses, and
python-constraint's backtracking solver. Figures are microseconds per query and the
ratio to the batch path.

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


def random_queries(cards: CardSet, count: int, seed: int = 1600) -> list[dict[str, Any]]:
    """Queries as players send them mid-game: a hidden Dark Lady, her suit, and some of
    the other cards revealed, by id or typed from the table with her suit's key entry."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        dark = rng.choice(cards.ladies)
        partner = cards.partner(dark)
        deck = [lady for lady in cards.ladies if lady.suit != dark.suit]
        clues: list[dict[str, Any]] = []
        for lady in rng.sample(deck, rng.randint(0, min(6, len(deck)))):
            if rng.random() < 0.3:
                clues.append({"traits": list(lady.traits), "counts": sorted(lady.key[dark.suit])})
            else:
                clues.append({"card": lady.id})
        if partner is not None and rng.random() < 0.3:
            clues.append({"card": partner.id, "role": "suit_card"})
        rng.shuffle(clues)
        out.append({"suit": dark.suit, "clues": clues})
    return out


def contradicting(cards: CardSet, docs: list[dict[str, Any]], seed: int = 1601) -> list[dict[str, Any]]:
    """The same queries with one typed card whose counts were misread (mostly contradictions)."""
    rng = random.Random(seed)
    out = []
    for doc in docs:
        misread = {"traits": rng.sample(cards.trait_ids, cards.traits_per_lady),
                   "counts": [rng.randint(0, cards.traits_per_lady)]}
        out.append({**doc, "clues": [*doc["clues"], misread]})
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
    bad = contradicting(cards, docs[: args.sample])
    share = sum(deduce(cards, parse_query(cards, d)).status == "contradiction" for d in bad) / len(bad)
    sample = [parse_query(cards, d) for d in docs[: args.sample]]
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
            ("bad", lambda: per_query(lambda d: deduce(cards, parse_query(cards, d)), bad)),
            ("cold", lambda: per_query(cold, lines)),
        ):
            best[name] = min(best.get(name, float("inf")), measure())
    batch_us, z3_us, csp_us, contradiction_us = best["batch"], best["z3"], best["csp"], best["bad"]
    cold_us = best["cold"]

    print(f"card set: {cards.name}; {len(docs)} queries through hint --batch, {len(sample)} through each peer; "
          f"best of {args.rounds} interleaved rounds")
    print(f"{'engine':34} {'us/query':>10} {'ratio':>8}")
    for name, us in (("deduce hint --batch (fast)", batch_us),
                     ("plain z3 enumeration, fresh solver", z3_us),
                     ("python-constraint", csp_us)):
        print(f"{name:34} {us:10.1f} {us / batch_us:7.1f}x")
    print(f"{'same path, no answer reused (cold)':34} {cold_us:10.1f}   (z3 is {z3_us / cold_us:.0f}x this)")
    print(f"with a misread card ({share:.0%} contradictions, conflict sets from z3): "
          f"{contradiction_us:.1f} us/query")


if __name__ == "__main__":
    main()
