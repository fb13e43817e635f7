"""One Finding shape for both audits, each writing the JSON layout its report has always had."""

from __future__ import annotations

import json

from deduce.findings import Finding
from deduce.who import cardfile
from deduce.who.audit import audit
from tests.conftest import TINY


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
