"""An audit's findings in the person's language over HTTP (issue 25 item 3).

``POST /v1/audit`` and ``/v1/audit-deck`` say each finding's ``message`` as the API says its errors:
in the language of ``?lang=``, then ``Accept-Language``, else English, naming it (``Content-Language``,
``Vary: Accept-Language``). Everything else in the report (codes, ids, figures) is the same in every
language, and the answer is the library's report said in that language.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient

from api.app import create_app
from api.service import audit_card_set
from deduce.shipped import data_path
from deduce.where import boardfile, stealthfile
from deduce.where.audit import audit_deck, report_json
from deduce.who import cardfile
from deduce.who.audit import audit
from tests.api.serving import CARDS

#: How a reader asks for a language, and the language the answer must be in.
ASKED: list[tuple[str, dict[str, str], str]] = [
    ("", {}, "en"),
    ("", {"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8"}, "ru"),
    ("?lang=it", {"Accept-Language": "ru"}, "it"),
    ("", {"Accept-Language": "de"}, "en"),
]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(games_db=":memory:")) as c:
        yield c


def lying_card_set() -> dict[str, Any]:
    """The test card set with rosamund-hale's key lying about her partner."""
    doc: dict[str, Any] = json.loads(json.dumps(cardfile.to_json(cardfile.load(CARDS))))
    doc["ladies"][1]["key"]["rose"] = [3]
    return doc


def without_messages(findings: Iterable[Mapping[str, object]]) -> list[dict[str, object]]:
    """The findings with everything but their words."""
    return [{k: v for k, v in f.items() if k != "message"} for f in findings]


@pytest.mark.parametrize("query, headers, lang", ASKED)
def test_a_card_audits_findings_are_said_in_the_readers_language(client: TestClient, query: str,
                                                                 headers: dict[str, str], lang: str) -> None:
    doc = lying_card_set()
    answer = client.post(f"/v1/audit{query}", json=doc, headers=headers)
    assert answer.status_code == 200
    assert answer.headers["content-language"] == lang and "Accept-Language" in answer.headers["vary"]
    report = audit(cardfile.parse(doc))
    assert answer.json() == report.to_json(lang)
    english = report.to_json()
    assert without_messages(answer.json()["errors"]) == without_messages(english["errors"])
    said = [e["message"] for e in answer.json()["errors"] + answer.json()["warnings"]]
    assert (said == [e["message"] for e in english["errors"] + english["warnings"]]) == (lang == "en")


def test_a_card_audit_in_a_child_process_is_said_in_the_readers_language() -> None:
    """The job that audits a large set in a child process is given the language too."""
    body = json.dumps(lying_card_set()).encode()
    report = audit(cardfile.parse(lying_card_set()))
    assert audit_card_set(body, "application/json", 60, "ru") == report.to_json("ru") != report.to_json()


@pytest.mark.parametrize("query, headers, lang", ASKED)
def test_a_deck_audits_findings_are_said_in_the_readers_language(client: TestClient, query: str,
                                                                 headers: dict[str, str], lang: str) -> None:
    doc = yaml.safe_load(data_path("board.yaml").read_text(encoding="utf-8"))
    doc["paths"] = doc["paths"][1:]  # one path fewer: some walks jump
    answer = client.post(f"/v1/audit-deck{query}", json={"board": doc}, headers=headers)
    assert answer.status_code == 200
    assert answer.headers["content-language"] == lang and "Accept-Language" in answer.headers["vary"]
    board = boardfile.parse(doc)
    deck = stealthfile.load(data_path("stealth.yaml"))
    seqs = stealthfile.load_sequences(data_path("sequences.json"))
    findings = audit_deck(board, deck, seqs)
    assert answer.json() == report_json(board, deck, seqs, findings, lang)
    english = report_json(board, deck, seqs, findings)
    assert without_messages(answer.json()["findings"]) == without_messages(english["findings"])
    assert ([f["message"] for f in answer.json()["findings"]] == [f["message"] for f in english["findings"]]) == \
        (lang == "en")
