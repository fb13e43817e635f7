"""Shared test set-up: hypothesis profiles and card set fixtures."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from deduce.cli.common import LANG_VARIABLE
from deduce.shipped import data_path
from deduce.who import cardfile
from deduce.who.cards import CardSet

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.register_profile("ci", parent=settings.get_profile("default"), derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")

# The commands speak the language of DEDUCE_LANG or the locale: the tests, and the examples of the
# README they run, expect English unless they ask for another language with --lang.
os.environ[LANG_VARIABLE] = "en"

TINY = """
schema: 1
name: tiny
traits_per_lady: 2
traits: [{id: a}, {id: b}, {id: c}, {id: d}]
suits: [{id: red}, {id: blue}]
ladies:
  - {id: l1, suit: red, traits: [a, b], key: {red: 1, blue: [0, 2]}}
  - {id: l2, suit: red, traits: [a, c], key: {red: 1, blue: 1}}
  - {id: l3, suit: blue, traits: [c, d], key: {red: [0, 1], blue: 0}}
  - {id: l4, suit: blue, traits: [a, d], key: {red: [1], blue: 0}}
"""


@pytest.fixture(scope="session")
def tiny() -> CardSet:
    """A four-lady, four-trait card set small enough to reason about by hand."""
    return cardfile.loads(TINY)


@pytest.fixture(scope="session")
def shipped() -> CardSet:
    """The shipped card set, data/clues.yaml."""
    return cardfile.load(data_path("clues.yaml"))


@pytest.fixture
def tiny_file(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.yaml"
    path.write_text(TINY, encoding="utf-8")
    return path
