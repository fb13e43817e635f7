"""One Finding shape for both audits, each writing the JSON layout its report has always had."""

from __future__ import annotations

import json
import pickle
import re

from deduce.findings import Finding
from deduce.text.catalog import LANGS
from deduce.where.query import board_words
from deduce.who import cardfile
from deduce.who.audit import audit
from tests.conftest import TINY

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def test_a_card_audit_finding_writes_lady_other_suit_and_mode_only_when_set() -> None:
    untruthful = Finding("key-untruthful", "l1 lies", "error", "cards", lady="l1", other="l3", suit="blue")
    assert list(untruthful.to_json().items()) == [
        ("code", "key-untruthful"), ("lady", "l1"), ("other", "l3"), ("suit", "blue"), ("message", "l1 lies")]
    unsolvable = Finding("unsolvable", "no", "error", "cards", lady="l1", suit="red", mode="normal")
    assert list(unsolvable.to_json()) == ["code", "lady", "other", "suit", "message", "mode"]
    assert unsolvable.to_json()["other"] is None and unsolvable.to_json()["mode"] == "normal"


def test_a_deck_audit_finding_writes_severity_and_where_on_the_deck() -> None:
    jump = Finding("jump", "C jumps", cards=("C", "E"), slot=1, sequence="w", locations=("a", "b"))
    assert list(jump.to_json().items()) == [
        ("code", "jump"), ("severity", "error"), ("message", "C jumps"), ("sequence", "w"), ("slot", 1),
        ("cards", ["C", "E"]), ("locations", ["a", "b"])]
    undrawn = Finding("undrawn", "no coordinates", severity="warning")
    assert undrawn.to_json() == {"code": "undrawn", "severity": "warning", "message": "no coordinates",
                                 "sequence": None, "slot": None, "cards": [], "locations": []}
    assert jump.is_error and not undrawn.is_error


def test_the_card_audit_report_keeps_its_layout() -> None:
    doc = cardfile.to_json(cardfile.loads(TINY))
    doc["ladies"][0]["key"]["blue"] = [1]  # l1 shares no trait with l3 (blue): now it lies
    report = audit(cardfile.parse(doc))
    lie = next(e for e in report.errors if e.code == "key-untruthful")
    assert lie.severity == "error" and all(w.severity == "warning" for w in report.warnings)
    first = json.loads(json.dumps(report.to_json()))["errors"][0]
    # the shared fields first, in order; then the figures of its code (a lie: the traits shared, the counts allowed)
    assert list(first) == ["code", "lady", "other", "suit", "message", "shared", "allowed"]
    figures = {"shared", "allowed", "unused", "count", "traits"}
    assert all(set(w) <= {"code", "lady", "other", "suit", "message", "mode", *figures}
               for w in report.to_json()["warnings"])


def test_a_finding_is_words_of_the_catalog_said_in_each_language_and_survives_a_pickle() -> None:
    """Audits run in child processes, and findings are kept in sets: a finding of either audit pickles
    back equal, hashes, and says its words in the person's language (English as ``message``)."""
    doc = cardfile.to_json(cardfile.loads(TINY))
    doc["ladies"][0]["key"]["blue"] = [1]
    lie = next(e for e in audit(cardfile.parse(doc)).errors if e.code == "key-untruthful")
    jump = Finding("jump", board_words("finding.jump", sequence="w", slot=1, card="C", next="E", a="a", b="b"),
                   cards=("C", "E"), slot=1, sequence="w", locations=("a", "b"))
    assert jump.message == "w slot 1: C → E jumps from a to b, which no path connects"
    for finding in (lie, jump):
        again = pickle.loads(pickle.dumps(finding))
        assert again == finding and hash(again) == hash(finding) and len({finding, again}) == 1
        said = {lang: finding.said(lang) for lang in LANGS}
        assert said["en"] == finding.message == finding.to_json()["message"] and len(set(said.values())) == 3
        assert finding.to_json("ru")["message"] == said["ru"] and CYRILLIC.search(said["ru"])
        assert finding.said("de") == finding.message  # a language the catalog lacks: English
        assert {k: v for k, v in finding.to_json("it").items() if k != "message"} == \
            {k: v for k, v in finding.to_json().items() if k != "message"}
