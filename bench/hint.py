"""Per-query cost of `deduce hint --batch` on typed cards, cold, against a plain z3 enumeration and python-constraint.

The workload is one whose answers seldom repeat (about four in five answers differ): for
each query a hidden Dark Lady of any suit and any trait set, and one to six cards typed
with her suit, each any three traits with any truthful key entry (her count, maybe others);
one line in eight holds a misread entry, which mostly makes the clues contradict each other
(that line's answer carries the smallest conflicting set), and one in four asks for the
explanations (the smallest set of clues behind each proven trait). The queries are seeded,
so every run measures the same work. They go through the batch path of the CLI in-process,
JSON line in and JSON line out: decoding, checking, the fast evaluator, the smallest
reasons and the answer's text. No answer is reused: what is kept is per card set (its
pieces of answer text) and per typed card (its reading and its mask). The peers answer a
sample of the same queries: a fresh z3 solver per query enumerating every model with
blocking clauses, and python-constraint's backtracking solver. Then the same batch with one
mistake in each line (an unknown trait or suit, a count out of range or of the wrong type,
a card short of a trait, a field too many, a cut line), which must cost no more than a good
line, and the earlier workload of printed cards only (where answers often repeat). Figures
are microseconds of CPU time per query (the machine is shared) and the ratio to the cold batch.

    .venv/bin/python -m bench.hint [--queries 5000] [--sample 300] [--rounds 3]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import tempfile
import time
from collections.abc import Callable, Iterator
from typing import Any

from deduce.cli.common import run_batch
from deduce.cli.who import hint_answer
from deduce.shipped import load_cards
from deduce.who.cards import CardSet
from deduce.who.deduction import Engine, candidates
from deduce.who.query import Query, parse_query


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


def hidden_ladies(cards: CardSet, count: int, seed: int) -> Iterator[tuple[random.Random, str, set[str]]]:
    """A hidden Dark Lady of any suit and any trait set for each of ``count`` queries (her suit and
    her traits), with the seeded generator that the query's clues are then drawn from: the
    generators of varied and of shaped queries start each query alike."""
    rng = random.Random(seed)
    for _ in range(count):
        suit = rng.choice(cards.suit_ids)
        yield rng, suit, set(rng.sample(cards.trait_ids, cards.traits_per_lady))


def varied_queries(cards: CardSet, count: int, seed: int = 2100, misread_every: int = 8,
                   explain_every: int = 4) -> list[dict[str, Any]]:
    """Queries whose answers seldom repeat: a hidden Dark Lady of any suit and any trait set,
    each clue any ``traits_per_lady`` traits with any truthful key entry (her count, and
    maybe others), typed with her suit; one line in ``misread_every`` holds a misread entry
    (one without her count), and one in ``explain_every`` asks for the explanations."""
    k = cards.traits_per_lady
    out = []
    for rng, suit, dark in hidden_ladies(cards, count, seed):
        clues: list[dict[str, Any]] = []
        for _ in range(rng.randint(1, 6)):
            traits = rng.sample(cards.trait_ids, k)
            count_ = len(dark.intersection(traits))
            others = [c for c in range(k + 1) if c != count_ and rng.random() < 0.3]
            clues.append({"traits": traits, "counts": sorted([count_, *others])})
        if rng.randrange(misread_every) == 0:
            wrong = clues[rng.randrange(len(clues))]
            truth = len(dark.intersection(wrong["traits"]))
            wrong["counts"] = sorted(rng.sample([c for c in range(k + 1) if c != truth], rng.randint(1, 2)))
        doc: dict[str, Any] = {"suit": suit, "clues": clues}
        if rng.randrange(explain_every) == 0:
            doc["explain"] = True
        out.append(doc)
    return out


def malformed_lines(cards: CardSet, docs: list[dict[str, Any]], seed: int = 2200) -> list[str]:
    """One bad line per query: the query with one mistake a person or a program makes (an
    unknown trait, a count out of range, a wrong type, a field too many, a cut line)."""
    rng = random.Random(seed)
    k = cards.traits_per_lady
    out = []
    for original in docs:
        doc = json.loads(json.dumps(original))
        clue = rng.choice(doc["clues"])
        match rng.randrange(7):
            case 0:
                clue["traits"][rng.randrange(k)] = "witty"
            case 1:
                clue["counts"] = [k + 1 + rng.randrange(3)]
            case 2:
                clue["counts"] = "2"
            case 3:
                doc["suit"] = "clubs"
            case 4:
                clue["traits"] = clue["traits"][:-1]
            case 5:
                doc["colour"] = "red"
            case _:
                out.append(json.dumps(doc)[: rng.randrange(1, 40)])
                continue
        out.append(json.dumps(doc))
    return out


def shaped_queries(cards: CardSet, count: int, seed: int = 2300) -> list[dict[str, Any]]:
    """Queries of every other shape SPEC 6 allows, for the equivalence test: cards named by
    id (some as the suit card), whole keys, no suit, the distinct rule off, explanations,
    and now and then many clues (past the exact search of the smallest reasons)."""
    k = cards.traits_per_lady
    out = []
    for rng, suit, dark in hidden_ladies(cards, count, seed):
        known = rng.randrange(4) != 0
        clues: list[dict[str, Any]] = []
        for _ in range(rng.randint(8, 40) if rng.randrange(25) == 0 else rng.randint(0, 6)):
            kind = rng.randrange(3 if known else 2)
            if kind == 0:
                lady = rng.choice(cards.ladies)
                clues.append({"card": lady.id, **({"role": "suit_card"} if rng.randrange(5) == 0 else {})})
                continue
            traits = rng.sample(cards.trait_ids, k)
            truth = len(dark.intersection(traits))
            if kind == 1:
                key = {s: sorted({truth if s == suit else rng.randrange(k + 1), rng.randrange(k + 1)})
                       for s in cards.suit_ids}
                clues.append({"traits": traits, "key": key})
            else:
                clues.append({"traits": traits, "counts": [truth]})
        doc: dict[str, Any] = {"suit": suit if known else None, "clues": clues,
                               "distinct": rng.randrange(6) != 0, "explain": rng.randrange(2) == 0}
        out.append(doc)
    return out


def recorded_lines(cards: CardSet) -> list[str]:
    """The input lines of the equivalence test's fixture (tests/who/test_cold_equivalence.py)."""
    docs = varied_queries(cards, 1500) + random_queries(cards, 300) + shaped_queries(cards, 500)
    bad = malformed_lines(cards, varied_queries(cards, 300, seed=2400))
    return [json.dumps(d) for d in docs] + bad


def cpu_us(work: Callable[[], object], count: int) -> float:
    """Microseconds of this process's CPU time per item of ``work`` (``count`` items).

    CPU time, not the wall clock: on a shared machine the time spent waiting for a core
    would count against whichever engine happened to run then.
    """
    started = time.process_time()
    work()
    return (time.process_time() - started) / count * 1e6


def batch_per_query(path: str, cards: CardSet, count: int) -> float:
    """CPU microseconds per line of the CLI's batch loop, output discarded."""
    def run() -> None:
        with contextlib.redirect_stdout(io.StringIO()):
            run_batch(path, hint_answer(cards))
    return cpu_us(run, count)


def peer_per_query(engine: Engine, cards: CardSet, queries: list[Query]) -> float:
    """CPU microseconds per query of a peer engine finding the candidates."""
    return cpu_us(lambda: [candidates(cards, q, engine) for q in queries], len(queries))


def batch_file(lines: list[str]) -> str:
    """A temporary batch file holding ``lines``, one per line."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as f:
        f.write("".join(line + "\n" for line in lines))
    return f.name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=5000)
    parser.add_argument("--sample", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3,
                        help="interleaved rounds; each engine's best round is reported (noise only slows)")
    args = parser.parse_args()
    cards = load_cards()
    docs = varied_queries(cards, args.queries)
    printed = random_queries(cards, args.queries)
    files = {"cold": batch_file([json.dumps(d) for d in docs]),
             "malformed": batch_file(malformed_lines(cards, docs)),
             "printed": batch_file([json.dumps(d) for d in printed])}
    queries = [parse_query(cards, d) for d in docs]
    share = sum(not candidates(cards, q) for q in queries) / len(queries)
    answers = len({hint_answer(cards)(d) for d in docs}) / len(docs)
    sample = queries[: args.sample]
    printed_sample = [parse_query(cards, d) for d in printed[: args.sample]]
    assert all(sorted(candidates(cards, q, "z3")) == sorted(candidates(cards, q, "fast")) for q in sample[:50])

    measures: dict[str, Callable[[], float]] = {
        "cold": lambda: batch_per_query(files["cold"], cards, len(docs)),
        "z3": lambda: peer_per_query("z3", cards, sample),
        "csp": lambda: peer_per_query("csp", cards, sample),
        "malformed": lambda: batch_per_query(files["malformed"], cards, len(docs)),
        "printed": lambda: batch_per_query(files["printed"], cards, len(printed)),
        "z3 printed": lambda: peer_per_query("z3", cards, printed_sample),
    }
    best: dict[str, float] = {}
    for _ in range(args.rounds):
        for name, measure in measures.items():
            best[name] = min(best.get(name, float("inf")), measure())
    cold, z3 = best["cold"], best["z3"]

    print(f"card set: {cards.name}; {len(docs)} typed queries through hint --batch ({answers:.0%} different "
          f"answers, {share:.1%} contradictions, one in four explained), {len(sample)} through each peer; "
          f"CPU time, best of {args.rounds} interleaved rounds")
    print(f"{'engine':38} {'us/query':>10} {'ratio':>8}")
    for name, us in (("deduce hint --batch, cold (fast)", cold),
                     ("plain z3 enumeration, fresh solver", z3),
                     ("python-constraint", best["csp"])):
        print(f"{name:38} {us:10.1f} {us / cold:7.1f}x")
    print(f"{'same batch, each line malformed':38} {best['malformed']:10.1f} {best['malformed'] / cold:7.1f}x")
    print("printed cards only (the earlier workload, where answers often repeat), ratio to its own batch:")
    for name, us in (("deduce hint --batch (fast)", best["printed"]), ("plain z3 enumeration", best["z3 printed"])):
        print(f"{name:38} {us:10.1f} {us / best['printed']:7.1f}x")
    print(f"goal: z3 / cold batch at least 300x -> {'met' if z3 / cold >= 300 else 'NOT met'}; "
          f"a malformed line no dearer than a good one -> {'met' if best['malformed'] <= cold else 'NOT met'}")


if __name__ == "__main__":
    main()
