"""The tracker (SPEC 7): exact walk counts and odds, cross-checked three ways.

Independent references: python-constraint enumeration (deduce.pathcsp), a brute force
over every sequence of locations, and closed forms for complete graphs.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterable, Iterator
from dataclasses import replace
from fractions import Fraction
from itertools import pairwise, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce.shipped import load_board
from deduce.where import tracker
from deduce.where.board import Board
from deduce.where.csp import enumerate_walks, walks
from deduce.where.query import SlotObservation, TrackQuery, parse_track_query
from deduce.where.tracker import track, track_slots
from tests.track_strategies import boards, make_board, track_queries


def query(board: Board, length: int, moves: str = "always", now: int = 0,
          observations: Iterable[dict[str, object]] = ()) -> TrackQuery:
    return parse_track_query(board, {"length": length, "moves": moves, "now": now,
                                     "observations": list(observations)})


def complete(n: int) -> Board:
    ids = [f"l{i}" for i in range(n)]
    return make_board(dict.fromkeys(ids, "m"), [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:]])


def line(n: int, landmarks: str = "abcdefghijk") -> Board:
    """l0 - l1 - ... - l{n-1}, location i showing landmark landmarks[i]."""
    ids = [f"l{i}" for i in range(n)]
    return make_board({loc: landmarks[i] for i, loc in enumerate(ids)}, list(pairwise(ids)))


def brute_force(board: Board, q: TrackQuery) -> list[tuple[str, ...]]:
    """Every sequence of locations, kept when it is a consistent closed walk."""
    def fits(obs: SlotObservation, loc: str) -> bool:
        if obs.kind == "landmark":
            return board.landmark_of(loc) == obs.landmark
        if obs.kind == "searched":
            return (loc == obs.location) is obs.found
        return True

    out = []
    for w in product(board.location_ids, repeat=q.length):
        steps = all(board.step_allowed(w[i], w[(i + 1) % q.length], q.may_stay) for i in range(q.length))
        if steps and all(fits(o, w[o.slot % q.length]) for o in q.observations):
            out.append(w)
    return out


# -- cross-checks ------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(st.data())
def test_tracker_agrees_with_constraint_enumeration(data: st.DataObject) -> None:
    board = data.draw(boards(max_locations=5))
    q = data.draw(track_queries(board, max_length=8))
    result = track(board, q)
    enum = enumerate_walks(board, q)
    assert result.paths == enum.paths
    assert result.now.counts == enum.now
    assert result.next.counts == enum.next
    assert result.status == ("ok" if enum.paths else "contradiction")
    for loc in board.location_ids:
        expected = Fraction(enum.now[loc], enum.paths) if enum.paths else 0
        assert result.now.chance(loc) == expected


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_tracker_and_enumeration_agree_with_brute_force(data: st.DataObject) -> None:
    board = data.draw(boards(max_locations=4))
    q = data.draw(track_queries(board, max_length=5))
    found = brute_force(board, q)
    assert sorted(walks(board, q)) == sorted(found)
    result = track(board, q)
    assert result.paths == len(found)
    for loc in board.location_ids:
        assert result.now.counts[loc] == sum(w[q.now % q.length] == loc for w in found)
        assert result.next.counts[loc] == sum(w[(q.now + 1) % q.length] == loc for w in found)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_counts_at_now_and_next_both_sum_to_paths(data: st.DataObject) -> None:
    board = data.draw(boards(max_locations=6))
    q = data.draw(track_queries(board, max_length=30, max_observations=8))
    result = track(board, q)
    assert sum(result.now.counts.values()) == result.paths == sum(result.next.counts.values())
    if result.paths:
        assert sum(result.now.probabilities().values()) == pytest.approx(1.0)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_now_gives_the_same_number_of_walks(data: st.DataObject) -> None:
    """The cycle has no start: moving ``now`` changes the odds reported, never the count."""
    board = data.draw(boards(max_locations=5))
    q = data.draw(track_queries(board, max_length=12))
    other = data.draw(st.integers(0, 3 * q.length))
    moved = TrackQuery(q.length, q.moves, other, q.observations)
    assert track(board, moved).paths == track(board, q).paths
    # now + 1 of one query is now of the next one
    following = TrackQuery(q.length, q.moves, q.now + 1, q.observations)
    assert track(board, following).now.counts == track(board, q).next.counts


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_odds_on_several_slots_at_once_are_those_of_each_slot(data: st.DataObject) -> None:
    """``track_slots`` (what the advisor reads: now and the slots after) gives, slot by slot, the
    enumeration's counts for that slot, also past the end of the deck (slots are taken mod L)."""
    board = data.draw(boards(max_locations=5))
    q = data.draw(track_queries(board, max_length=8))
    count = data.draw(st.integers(1, 2 * q.length + 1))
    slots = track_slots(board, q, count)
    assert [s.slot for s in slots] == [q.now + k for k in range(count)]
    for k, odds in enumerate(slots):
        enum = enumerate_walks(board, replace(q, now=q.now + k))
        assert (odds.counts, odds.total) == (enum.now, enum.paths)


def test_at_least_one_slot_is_asked_for() -> None:
    board = line(3)
    with pytest.raises(ValueError, match="at least one slot"):
        track_slots(board, query(board, 4), 0)


@pytest.mark.parametrize("moves", ["always", "may_stay"])
def test_a_game_asked_turn_after_turn_gets_the_answers_of_a_fresh_tracker(moves: str) -> None:
    """A game asks about one deck at every turn, a card more seen each time (and sometimes a
    search): the products kept from the last call give the same odds as a tracker that kept
    nothing (a board of its own: products are kept per board)."""
    kept = load_board(None)
    a = kept.location_ids[0]
    b = sorted(kept.neighbours(a))[0]
    length = 12
    walk = [a, b] * (length // 2)   # there and back: a closed walk of the deck's length
    seen: list[dict[str, object]] = []
    for now in range(2 * length + 3):
        where = walk[now % length]
        seen.append({"slot": now, "landmark": kept.landmark_of(where)})
        q = query(kept, length, moves, now, seen)
        assert track_slots(kept, q, 4) == track_slots(load_board(None), q, 4)
        assert track_slots(kept, q, 4)[0].total > 0
        if now % 4 == 2:   # a search: at her place (found) or a neighbour (missed)
            guess = where if now % 8 == 2 else sorted(kept.neighbours(where) - {where})[0]
            seen.append({"slot": now, "searched": guess, "found": guess == where})
            q = query(kept, length, moves, now, seen)
            assert track_slots(kept, q, 4) == track_slots(load_board(None), q, 4)


# -- closed forms ---------------------------------------------------------------------

@pytest.mark.parametrize("n,length", [(3, 1), (3, 2), (4, 7), (11, 26), (11, 200)])
def test_complete_graph_closed_walks(n: int, length: int) -> None:
    """Closed walks of length L on K_n: (n-1)^L + (n-1)(-1)^L; with staying allowed: n^L."""
    board = complete(n)
    moving = track(board, query(board, length))
    assert moving.paths == (n - 1) ** length + (n - 1) * (-1) ** length
    staying = track(board, query(board, length, "may_stay"))
    assert staying.paths == n ** length
    if moving.paths:
        assert all(moving.now.chance(loc) == Fraction(1, n) for loc in board.location_ids)


def test_counts_beyond_two_to_the_53_are_exact_in_json() -> None:
    board = complete(11)
    result = track(board, query(board, 200, "may_stay"))
    assert result.to_json()["paths"] == str(11 ** 200)
    assert int(result.to_json()["paths"]) > 2 ** 53


# -- hand-checked cases ----------------------------------------------------------------

def test_line_board_by_hand() -> None:
    """On l0-l1-l2 a closed walk of length 4 alternates l1 with an end: l1 ? l1 ? (8 walks)."""
    board = line(3, "aab")
    result = track(board, query(board, 4))
    # walks: l1 at even slots (2*2 choices of ends) or at odd slots (2*2): 8 in all
    assert result.paths == 8
    assert result.now.counts == {"l0": 2, "l1": 4, "l2": 2}
    # seeing landmark b (only l2) on slot 1 leaves l1 ? at slots 0, 2 and l2 at 1: 2 walks
    seen = track(board, query(board, 4, now=0, observations=[{"slot": 1, "landmark": "b"}]))
    assert seen.paths == 2
    assert seen.now.counts == {"l0": 0, "l1": 2, "l2": 0}
    assert seen.next.counts == {"l0": 0, "l1": 0, "l2": 2}
    assert seen.to_json() == {
        "status": "ok", "paths": "2",
        "now": {"slot": 0, "locations": {"l0": 0.0, "l1": 1.0, "l2": 0.0}},
        "next": {"slot": 1, "locations": {"l0": 0.0, "l1": 0.0, "l2": 1.0}},
    }


def test_searches_filter_the_slot() -> None:
    board = line(3, "aab")
    missed = track(board, query(board, 4, now=2, observations=[{"slot": 2, "searched": "l1", "found": False}]))
    # l1 not at slot 2: l1 is on odd slots, ends on even slots
    assert missed.paths == 4
    assert missed.now.counts == {"l0": 2, "l1": 0, "l2": 2}
    hit = track(board, query(board, 4, now=2, observations=[{"slot": 2, "searched": "l0", "found": True}]))
    assert hit.paths == 2 and hit.now.counts["l0"] == 2


def test_slots_are_taken_mod_length_and_reported_as_given() -> None:
    board = line(3, "aab")
    a = track(board, query(board, 4, now=9, observations=[{"slot": 5, "landmark": "b"}]))
    b = track(board, query(board, 4, now=1, observations=[{"slot": 1, "landmark": "b"}]))
    assert a.paths == b.paths == 2
    assert a.now.counts == b.now.counts
    assert (a.now.slot, a.next.slot) == (9, 10)


def test_observations_on_one_slot_combine() -> None:
    board = line(3, "aab")
    # landmark a (l0 or l1) and a failed search at l1: only l0
    q = query(board, 4, observations=[{"slot": 0, "landmark": "a"}, {"slot": 4, "searched": "l1", "found": False}])
    result = track(board, q)
    assert result.paths == 2 and result.now.counts == {"l0": 2, "l1": 0, "l2": 0}


def test_fog_changes_nothing() -> None:
    board = line(4)
    plain = track(board, query(board, 6, now=2))
    fogged = track(board, query(board, 6, now=2, observations=[{"slot": s, "fog": True} for s in range(6)]))
    assert (fogged.paths, fogged.now, fogged.next) == (plain.paths, plain.now, plain.next)


def test_contradiction() -> None:
    board = line(3, "aab")
    # on a line with odd length she cannot close a walk moving every turn
    odd = track(board, query(board, 5))
    assert odd.status == "contradiction" and odd.paths == 0
    assert odd.to_json()["paths"] == "0"
    assert set(odd.to_json()["now"]["locations"].values()) == {0.0}
    # she may stay: fine
    assert track(board, query(board, 5, "may_stay")).status == "ok"
    # two landmarks for one slot
    both = track(board, query(board, 4, observations=[{"slot": 0, "landmark": "a"}, {"slot": 4, "landmark": "b"}]))
    assert both.status == "contradiction"


def test_deck_of_one_card() -> None:
    board = line(3)
    assert track(board, query(board, 1)).paths == 0  # she must move, and cannot
    stay = track(board, query(board, 1, "may_stay", observations=[{"slot": 3, "landmark": "b"}]))
    assert stay.paths == 1 and stay.now.counts["l1"] == 1 and stay.next.counts["l1"] == 1


def test_board_without_paths_only_allows_staying() -> None:
    board = make_board({"x": "m", "y": "m"}, [])
    assert track(board, query(board, 3)).paths == 0
    assert track(board, query(board, 3, "may_stay")).paths == 2


@pytest.mark.parametrize("kept", [True, False])
@pytest.mark.parametrize("moves", ["always", "may_stay"])
@pytest.mark.parametrize("now", [0, 3, 7, 11])
def test_long_unobserved_runs_between_observations(monkeypatch: pytest.MonkeyPatch, kept: bool, moves: str,
                                                   now: int) -> None:
    """Runs of many unseen slots: stepped through and kept for the next call on a short deck, or
    (as on a deck too long to keep, forced here) taken at once by a power of the step matrix."""
    if not kept:
        monkeypatch.setattr(tracker, "CACHED_LENGTH", 0)
    board = line(4, "abab")
    q = query(board, 12, moves, now, [{"slot": 1, "landmark": "b"}, {"slot": 2, "searched": "l2", "found": False}])
    result, enum = track(board, q), enumerate_walks(board, q)
    assert (result.paths, result.now.counts, result.next.counts) == (enum.paths, enum.now, enum.next)
    assert result.paths > 0


@pytest.mark.parametrize("moves", ["always", "may_stay"])
@pytest.mark.parametrize("length", [1, 2, 3])
def test_shortest_decks_enumerated_walk_by_walk(moves: str, length: int) -> None:
    """Decks of one to three cards, where the walk closes on itself quickly: all three agree."""
    board = line(3, "aab")
    q = query(board, length, moves)
    found = brute_force(board, q)
    assert sorted(walks(board, q)) == sorted(found)
    assert track(board, q).paths == len(found)
    if moves == "may_stay" and length == 1:
        assert sorted(found) == [("l0",), ("l1",), ("l2",)]
    if moves == "always" and length == 2:
        assert sorted(found) == [("l0", "l1"), ("l1", "l0"), ("l1", "l2"), ("l2", "l1")]


Key = tuple[bool, int, int, tuple[int, ...]]


class _Crowded(dict[Key, list[int]]):
    """A full product cache whose oldest key two threads must both have found before either goes on."""

    def __init__(self, meet: threading.Barrier):
        super().__init__({(True, 0, 0, (i,)): [] for i in range(tracker.CACHED_PRODUCTS)})
        self.meet = meet

    def __iter__(self) -> Iterator[Key]:
        oldest = next(super().__iter__())
        with contextlib.suppress(threading.BrokenBarrierError):  # broken: one thread held the cache alone
            self.meet.wait(timeout=1)
        yield oldest


def test_threads_sharing_a_boards_steps_keep_products_one_at_a_time() -> None:
    """Two threads finding the cache full both dropped its oldest product, and the second failed (KeyError)."""
    steps = tracker._Steps(make_board({"a": "x", "b": "y"}, [("a", "b")]), may_stay=False)
    steps._products = _Crowded(threading.Barrier(2))
    failures: list[BaseException] = []

    def keep(n: int) -> None:
        try:
            steps._keep((False, n, 0, ()), [n])
        except BaseException as exc:  # a thread's failure is reported by the test, not lost
            failures.append(exc)

    threads = [threading.Thread(target=keep, args=(n,)) for n in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == [] and len(dict(steps._products)) == tracker.CACHED_PRODUCTS
