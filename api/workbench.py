"""The designer's workbench: the routes its page edits, audits and exports a game's material with.

- ``GET /v1/stealth``: the shipped stealth deck and extra sequences as documents, for the deck
  editor to edit and send back to ``POST /v1/audit-deck``.
- ``POST /v1/audit-deck``: the board, stealth deck and sequences audit of ``deduce audit-deck``.
- ``POST /v1/cards/export``: a card set as a card set file (SPEC 4, YAML in the shipped file's
  style), for the card editor's Export: what it writes, ``deduce audit`` reads back to the same set.

The workbench also designs card sets, a job with progress of its own (``POST /v1/design``,
:mod:`api.design`), and reads a set or a board, and audits a set, with the core routes
(:mod:`api.routes`), as any client does. Bodies are decoded, read and answered in a time-limited
child process (:meth:`api.service.Service.answer`), as the core routes' are.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Request
from pydantic import ConfigDict, WithJsonSchema, with_config
from typing_extensions import TypedDict

from api.bodies import YAML_TYPES, card_set_body, decode_json
from api.deps import ServiceDep
from api.documents import BOARD, BOARD_DOCUMENT, body_schema, document, document_schema, given_or, object_body
from api.middleware import request_lang
from api.routes import ERRORS, TRAITS_PER_LADY_RULE, body_doc, own_document
from api.service import said_in
from deduce.document import decode_yaml
from deduce.schema import Definition, in_turn, validated
from deduce.shipped import data_path
from deduce.where import boardfile, stealthfile
from deduce.where.audit import DeckAuditJSON, audit_deck, report_json
from deduce.where.board import Board
from deduce.where.stealth import Sequence, StealthDeck
from deduce.where.stealthfile import SequencesJSON, StealthDeckJSON
from deduce.who.export import card_set_yaml

router = APIRouter()
T = TypeVar("T")


# -- the stealth deck's documents ---------------------------------------------------------

class StealthDocumentsJSON(TypedDict):
    """The stealth deck and the extra sequences, as the documents ``POST /v1/audit-deck`` reads."""

    stealth: StealthDeckJSON
    sequences: SequencesJSON


@cache
def shipped_stealth() -> StealthDocumentsJSON:
    """The shipped stealth deck and the rulebook's extra sequences, as documents."""
    return {"stealth": stealthfile.to_json(stealthfile.load(data_path("stealth.yaml"))),
            "sequences": stealthfile.sequences_to_json(stealthfile.load_sequences(data_path("sequences.json")))}


@router.get("/v1/stealth", response_model=StealthDocumentsJSON, tags=["tracking"],
            summary="The stealth deck and its extra sequences, as documents",
            description="The shipped stealth deck (each card's location, the landmark on its back and its eight "
                        "positions as printed) and the rulebook's extra sequences (card ids in deck order): the "
                        "documents `POST /v1/audit-deck` takes as `stealth` and `sequences`, so that a client can "
                        "edit them and audit its own.")
async def get_stealth() -> Any:
    return shipped_stealth()


# -- a card set written as a file -----------------------------------------------------------

class CardSetFileJSON(TypedDict):
    """``POST /v1/cards/export``: the card set file's text, and a file name made from the set's name."""

    filename: str
    yaml: str


@router.post(
    "/v1/cards/export", response_model=CardSetFileJSON, responses=ERRORS, tags=["deduction"],
    summary="Write a card set as a card set file",
    description="The body is a card set document, as JSON or as YAML (`Content-Type: application/yaml`). "
                "Answers the card set file (SPEC 4) as YAML text in the shipped file's style, fields in SPEC 4's "
                "order, with a file name to save it as; `deduce audit` reads the file back to the same set. An "
                "unreadable document gets 422 with the path of every problem." + TRAITS_PER_LADY_RULE,
    openapi_extra=body_doc("CardSetDocument", {}, ("application/json", YAML_TYPES[0])),
)
async def export_cards(request: Request, svc: ServiceDep) -> Any:
    return await own_document(request, svc, card_set_file_answer)


def card_set_file_answer(content_type: str | None, body: bytes) -> CardSetFileJSON:
    """``POST /v1/cards/export``, from its body."""
    cards = card_set_body(body, content_type)
    return {"filename": file_name(cards.name or ""), "yaml": card_set_yaml(cards)}


def file_name(title: str) -> str:
    """A file name for a document titled ``title``: its letters and digits, lower case, joined by dashes."""
    words = "".join(c.lower() if c.isalnum() else " " for c in title).split()
    return "-".join(words or ["cards"]) + ".yaml"


# -- the deck audit -------------------------------------------------------------------------

#: The stealth deck and the sequences an audit may be given (the shipped ones without them).
SHIPPED_STEALTH = document_schema(stealthfile.STEALTH_DECK.inline_schema(), "the shipped one")
SHIPPED_SEQUENCES = document_schema(stealthfile.SEQUENCES.inline_schema(), "the shipped one")


@with_config(ConfigDict(strict=True, extra="allow", title="DocumentsToAudit"))
class DocumentsToAudit(TypedDict, total=False):
    """``POST /v1/audit-deck``'s body, as read: each document in turn, the shipped one for any left out (or
    null). Other fields are ignored."""

    board: Annotated[Board | None, BOARD_DOCUMENT, WithJsonSchema(document_schema(BOARD, "the shipped one"))]
    stealth: Annotated[StealthDeck | None, document(stealthfile.parse, "stealth deck"),
                       WithJsonSchema(SHIPPED_STEALTH)]
    sequences: Annotated[tuple[Sequence, ...] | None, document(stealthfile.parse_sequences, "sequences"),
                         WithJsonSchema(SHIPPED_SEQUENCES)]


DOCUMENTS_TO_AUDIT: Definition[DocumentsToAudit] = Definition(Annotated[
    DocumentsToAudit, in_turn(DocumentsToAudit, *DocumentsToAudit.__annotations__),
    object_body("the documents to audit")])


def deck_audit_answer(lang: str, body: bytes) -> DeckAuditJSON:
    """``POST /v1/audit-deck``, from its body, the findings said in ``lang`` (the request's language)."""
    docs = validated(DOCUMENTS_TO_AUDIT, decode_json(body, "the documents to audit"))

    def shipped(parse: Callable[[Any], T], file: str, what: str) -> Callable[[], T]:
        return lambda: parse(decode_yaml(data_path(file).read_bytes(), what))

    board = given_or(docs.get("board"), shipped(boardfile.parse, "board.yaml", "board"))
    deck = given_or(docs.get("stealth"), shipped(stealthfile.parse, "stealth.yaml", "stealth deck"))
    sequences = given_or(docs.get("sequences"), shipped(stealthfile.parse_sequences, "sequences.json", "sequences"))
    return report_json(board, deck, sequences, audit_deck(board, deck, sequences), lang)


@router.post(
    "/v1/audit-deck", response_model=DeckAuditJSON, response_model_exclude_unset=True, responses=ERRORS,
    tags=["audit"], summary="Audit a board, a stealth deck and its sequences",
    description="Body: `{\"board\": ..., \"stealth\": ..., \"sequences\": ...}`, each a document (an object, or "
                "YAML or JSON text); the shipped one for any left out. Answers what `deduce audit-deck --json` "
                "prints: a connected map drawn without crossing paths, cards that match their locations, every "
                "walk legal. Findings answer 200 with `ok: false`, each `message` in the request's language (`?lang=`, "
                "then `Accept-Language`); an unreadable document gets 422 with its path.",
    openapi_extra=body_schema(DOCUMENTS_TO_AUDIT),
)
async def post_audit_deck(request: Request, svc: ServiceDep) -> Any:
    lang = request_lang(request.scope)
    return said_in(lang, await svc.answer(deck_audit_answer, await request.body(), request.is_disconnected, lang,
                                          isolate=True))
