"""What the service prepares once at start-up and shares between requests.

:class:`Service` holds the card set, its warmed candidate space, the board, and the
place where slow work runs, so that no request can stall the others:

- **deductions** run on the worker threads, never on the event loop. They use the fast
  evaluator only, explanations and conflicts included (SPEC 3's smallest reasons, whose
  search is bounded: past it a subset-minimal reason is given and noted), so the service
  runs no z3 work at all: z3 stays the reference model of the tests and the CLI's
  ``--engine z3``.
- **audits** (YAML decoding and the exact subset enumeration) run one at a time on a
  dedicated thread, and the service refuses card sets whose enumeration would exceed
  ``max_audit_subsets`` (the CLI ``deduce audit`` has no such limit). Waiting for that
  thread holds no worker thread, so a queue of audits cannot starve fast requests.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio.to_thread

from deduce.document import in_file
from deduce.errors import InputError
from deduce.shipped import data_path, load_board, load_cards
from deduce.where.board import Board
from deduce.who import cardfile
from deduce.who.audit import AuditReport, audit, case_decks, check_limits
from deduce.who.cardfile import CardSetJSON
from deduce.who.cards import CardSet
from deduce.who.deduction import EXPLAIN_TIMEOUT_MS, Deduction, deduce
from deduce.who.evaluator import CandidateSpace, space_for
from deduce.who.query import ROLES, Query, observe_lady

#: Most (case, deck subset) pairs one audit over HTTP may enumerate: a few seconds of work
#: and a few hundred MB at most. The rulebook's 12 cards need 12·2^10 + 24·2^8 ≈ 18,000;
#: 18 ladies (decks of 16) fit, 20 (decks of 18) do not.
MAX_AUDIT_SUBSETS = 1 << 22


@dataclass
class Service:
    """The state of one running service (``app.state.service``)."""

    cards: CardSet
    board: Board
    explain_timeout_ms: int = EXPLAIN_TIMEOUT_MS
    max_audit_subsets: int = MAX_AUDIT_SUBSETS
    space: CandidateSpace = field(init=False)
    cards_json: CardSetJSON = field(init=False)
    _pools: dict[str, ThreadPoolExecutor] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        self.space = space_for(self.cards)
        for lady in self.cards.ladies:  # every named card's masks, so no request pays for them
            for role in ROLES:
                for distinct in (True, False):
                    self.space.observation_mask(observe_lady(self.cards, lady.id, role), distinct)
        self.cards_json = cardfile.to_json(self.cards)

    @classmethod
    def load(cls, cards_path: str | Path | None = None, board_path: str | Path | None = None,
             **options: Any) -> Service:
        """Read the card set and the board (the shipped ones by default).

        A bad file raises :class:`InputError` whose problems name the file
        (``FILE: ladies[3].key.rose: ...``), so the start-up error says which one.
        """
        cards_file = cards_path or data_path("clues.yaml")
        board_file = board_path or data_path("board.yaml")
        with in_file(cards_file):
            cards = load_cards(cards_file)
        with in_file(board_file):
            board = load_board(board_file)
        return cls(cards, board, **options)

    def _pool(self, name: str) -> ThreadPoolExecutor:
        """The dedicated thread for ``name`` work (started again after :meth:`close`)."""
        if name not in self._pools:
            self._pools[name] = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)
        return self._pools[name]

    def close(self) -> None:
        """Stop the dedicated threads (at the app's shutdown); queued work is dropped."""
        while self._pools:
            self._pools.popitem()[1].shutdown(wait=False, cancel_futures=True)

    # -- deductions -------------------------------------------------------------

    def _deduce(self, query: Query) -> Deduction:
        return deduce(self.cards, query, explain_timeout_ms=self.explain_timeout_ms)

    async def deduce(self, query: Query) -> Deduction:
        """Answer a query off the event loop, on a worker thread (the fast evaluator, no z3)."""
        return await anyio.to_thread.run_sync(self._deduce, query)

    # -- audits -----------------------------------------------------------------

    def check_audit_size(self, cards: CardSet) -> None:
        """Refuse, before any work, an audit larger than this service runs (code ``limit``)."""
        check_limits(cards)
        work = sum(1 << len(deck) for _, _, deck in case_decks(cards))
        if work > self.max_audit_subsets:
            raise InputError.at(("ladies",), f"auditing this card set means enumerating {work} deck subsets; this "
                                             f"service audits at most {self.max_audit_subsets} (use `deduce audit "
                                             f"FILE` for larger card sets)", code="limit")

    def _audit(self, decode: Callable[[], Any]) -> AuditReport:
        cards = cardfile.parse(decode())
        self.check_audit_size(cards)
        return audit(cards)

    async def audit(self, decode: Callable[[], Any]) -> AuditReport:
        """Decode a card set document, check it and audit it: one audit at a time, off the event loop."""
        return await asyncio.wrap_future(self._pool("audit").submit(self._audit, decode))
