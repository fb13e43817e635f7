"""Per-query cost of the tracker (transfer matrices) against python-constraint path enumeration.

Random tracking queries on the shipped board (seeded, so every run measures the same
work) as a player would build them: a hidden closed walk of her moves, then one
observation per card seen so far (mostly landmarks, some fog, some searches with their
true outcome), over one to two passes through the deck. Both engines answer the same
queries: the tracker counts walks with transfer matrices (:mod:`deduce.tracker`), the
peer enumerates every consistent walk with python-constraint (:mod:`deduce.pathcsp`),
so deck lengths stay small enough for the enumeration to finish. Every answer is
checked to agree; figures are microseconds per query and the peer's cost as a ratio.

    .venv/bin/python -m bench.track [--board FILE] [--queries 200] [--lengths 6,8,10,12]
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from bench import per_query
from deduce.shipped import load_board
from deduce.where.board import Board
from deduce.where.csp import enumerate_walks
from deduce.where.query import TrackQuery, parse_track_query
from deduce.where.stealth import MOVES
from deduce.where.tracker import track


def hidden_walk(board: Board, length: int, may_stay: bool, rng: random.Random) -> list[str] | None:
    """A random closed walk of ``length`` slots (by rejection), or None if none turned up."""
    ids = board.location_ids
    for _ in range(1000):
        walk = [rng.choice(ids)]
        for _ in range(length - 1):
            walk.append(rng.choice([b for b in ids if board.step_allowed(walk[-1], b, may_stay)] or ids))
        if all(board.step_allowed(walk[i], walk[(i + 1) % length], may_stay) for i in range(length)):
            return walk
    return None


def random_queries(board: Board, length: int, count: int, rng: random.Random) -> list[TrackQuery]:
    """Consistent queries: one observation per card seen so far, of the hidden walk."""
    out: list[TrackQuery] = []
    while len(out) < count:
        moves = rng.choice(MOVES)
        walk = hidden_walk(board, length, moves == "may_stay", rng)
        if walk is None:
            continue
        now = rng.randrange(length // 2, 2 * length)
        observations: list[dict[str, Any]] = []
        for slot in range(now + 1):
            where = walk[slot % length]
            roll = rng.random()
            if roll < 0.75:
                observations.append({"slot": slot, "landmark": board.landmark_of(where)})
            elif roll < 0.9:
                observations.append({"slot": slot, "fog": True})
            else:
                guess = rng.choice([where, *board.neighbours(where)])
                observations.append({"slot": slot, "searched": guess, "found": guess == where})
        out.append(parse_track_query(board, {"length": length, "moves": moves, "now": now,
                                             "observations": observations}))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", metavar="FILE", help="board file (default: the shipped data/board.yaml)")
    parser.add_argument("--queries", type=int, default=200, help="queries per deck length")
    parser.add_argument("--lengths", default="6,8,10,12", help="deck lengths, comma-separated")
    args = parser.parse_args()
    board = load_board(args.board)
    rng = random.Random(1600)
    print(f"board: {board.name}; {args.queries} queries per deck length, one observation per card seen")
    print(f"{'length':>6} {'walks/query':>12} {'tracker us':>11} {'python-constraint us':>21} {'ratio':>8}")
    for length in (int(x) for x in args.lengths.split(",")):
        queries = random_queries(board, length, args.queries, rng)
        for q in queries:
            mine, peer = track(board, q), enumerate_walks(board, q)
            assert (mine.paths, mine.now.counts, mine.next.counts) == (peer.paths, peer.now, peer.next), q
        walks = sum(track(board, q).paths for q in queries) / len(queries)
        tracker_us = per_query(lambda q: track(board, q).to_json(), queries)
        csp_us = per_query(lambda q: enumerate_walks(board, q), queries)
        print(f"{length:>6} {walks:>12.1f} {tracker_us:>11.1f} {csp_us:>21.1f} {csp_us / tracker_us:>7.1f}x")
    deck = random_queries(board, 26, args.queries, rng)
    print(f"{26:>6} {sum(track(board, q).paths for q in deck) / len(deck):>12.1f} "
          f"{per_query(lambda q: track(board, q).to_json(), deck):>11.1f} {'(not enumerated)':>21}")


if __name__ == "__main__":
    main()
