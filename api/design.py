"""``POST /v1/design``: the designer search (``deduce design``) as a job, with progress and a cancel.

The designer's page asks for a set (a seed, the number of steps, what to aim at) and reads the
answer as it comes: newline-delimited JSON, one ``{"progress": ...}`` line now and then while the
search runs, then one ``{"design": ...}`` line with the set found (its document, its card set
file and its audit), or ``{"errors": [...]}`` if the job failed after the answer had begun. The
job runs in a child process like an audit (:mod:`api.jobs`: a bounded queue of its own, so a
design never holds up an audit; 503 with ``Retry-After`` past it, a time limit, a lower CPU
priority), and closing the answer (the page's **Cancel**) stops it at once.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from typing_extensions import TypedDict

from api.bodies import decode_json
from api.deps import ServiceDep
from api.errors import problems_json, validation_problem
from api.jobs import JobFailed
from api.middleware import request_lang, service_words
from api.routes import ERRORS
from api.service import DESIGN_MAX_STEPS
from deduce.errors import InputError, Problem
from deduce.shipped import load_brief
from deduce.who.audit import AuditReportJSON
from deduce.who.cardfile import CardSetJSON, to_json
from deduce.who.design import DEFAULT_SEED, DEFAULT_STEPS, Targets, search
from deduce.who.export import card_set_yaml

router = APIRouter()
log = logging.getLogger("api")

#: The media type of the answer: one JSON document a line.
NDJSON = "application/x-ndjson"


#: The most expected clues a band may name: more than any deck holds cards (a band past it could only be
#: missed, and a huge one overflowed the search's score).
MAX_EXPECTED = 100
#: A mean number of expected clues, as the request writes it: a JSON number (not a string, not ``true``) of 0 to
#: :data:`MAX_EXPECTED`.
Clues = Annotated[float, Field(strict=True, ge=0, le=MAX_EXPECTED, allow_inf_nan=False)]


# Every value is taken as the schema types it, and only so (``strict``): ``"5"`` is not a seed, nor ``true`` a
# count, so that the route refuses what its schema refuses. ``steps`` is bounded by the service
# (:func:`document_bound`), and ``expected``'s order (low end first) is the one rule JSON Schema cannot state: it
# is named in the route's description and refused with ``code: range``. (The docstring is the document's words.)
class DesignRequest(BaseModel):
    """What to design: the search's seed and length, and the targets it aims at (SPEC 5's measures)."""

    model_config = ConfigDict(extra="forbid")

    seed: Annotated[int, Field(strict=True, ge=0, le=2**32 - 1)] = DEFAULT_SEED
    steps: Annotated[int, Field(strict=True, ge=1, le=DESIGN_MAX_STEPS)] = DEFAULT_STEPS
    min_clues: Annotated[int, Field(strict=True, ge=1, le=3,
                                    description="the fewest clues besides the suit card, every case")] = 2
    expected: Annotated[tuple[Clues, Clues], Field(
        description="the band of the mean expected clues, normal mode: [low, high], low at most high")] = (2.5, 5.0)


class DesignProgressJSON(TypedDict):
    """How far the search has got: steps done of all, and the best score so far (lower is better;
    None before the first)."""

    step: int
    steps: int
    best: float | None


class DesignJSON(TypedDict):
    """The set found: its document, its card set file, its audit, and the targets it misses (none when met)."""

    cards: CardSetJSON
    yaml: str
    report: AuditReportJSON
    unmet: list[str]


def design_job(request: dict[str, Any], progress: Callable[[DesignProgressJSON], None]) -> DesignJSON:
    """A job for :class:`api.jobs.Jobs`: run the search, reporting its progress (step 0 first, so
    that the answer begins as soon as the job has started)."""
    ask = DesignRequest.model_validate(request)
    progress({"step": 0, "steps": ask.steps, "best": None})
    lo, hi = ask.expected
    targets = Targets(min_clues=ask.min_clues, expected=(lo, hi), aim=(lo, hi))
    found = search(load_brief(), targets=targets, seed=ask.seed, steps=ask.steps,
                   progress=lambda step, steps, best: progress({"step": step, "steps": steps, "best": best}))
    return {"cards": to_json(found.cards), "yaml": card_set_yaml(found.cards), "report": found.report.to_json(),
            "unmet": [str(target) for target in found.unmet]}  # JSON for programs: English


def read_request(body: bytes, max_steps: int) -> dict[str, Any]:
    """The design request in ``body`` (an empty body asks for the defaults, the steps no more than ``max_steps``),
    or 422 naming each problem's path; a design of more than ``max_steps`` (the service's bound, which the
    OpenAPI document states: :func:`document_bound`) is refused, ``code: limit``."""
    doc = decode_json(body, "a design request") if body.strip() else {}
    defaults = {"steps": min(DEFAULT_STEPS, max_steps)}
    try:
        ask = DesignRequest.model_validate({**defaults, **doc} if isinstance(doc, dict) else doc)
    except ValidationError as exc:
        raise InputError(validation_problem(error) for error in exc.errors()) from None
    if ask.expected[0] > ask.expected[1]:
        raise InputError.at(("expected",), service_words("design.band"), code="range")
    if ask.steps > max_steps:
        raise InputError.at(("steps",), service_words("design.steps", most=max_steps), code="limit")
    return ask.model_dump(mode="json")


def document_bound(openapi: dict[str, Any], max_steps: int) -> None:
    """State this service's bound on a design's steps (and the default it makes) in its OpenAPI document,
    which the request's model gives as the most any service may allow (:data:`~api.service.DESIGN_MAX_STEPS`)."""
    steps = openapi["paths"]["/v1/design"]["post"]["requestBody"]["content"]["application/json"]["schema"][
        "properties"]["steps"]
    steps.update(maximum=max_steps, default=min(DEFAULT_STEPS, max_steps))


def line(document: dict[str, Any]) -> bytes:
    """One line of the answer."""
    return json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode() + b"\n"


@router.post(
    "/v1/design", tags=["audit"], responses={**ERRORS, 200: {"content": {NDJSON: {}}, "description": (
        "Newline-delimited JSON: `{\"progress\": {\"step\", \"steps\", \"best\"}}` lines while the search "
        "runs, then `{\"design\": {\"cards\", \"yaml\", \"report\", \"unmet\"}}` (or `{\"errors\": [...]}` "
        "if the job failed once the answer had begun).")}},
    summary="Design a card set (deduce design), with progress",
    description="Runs the designer search on the shipped brief (the twelve women of the Sonnet set) as a job "
                "in a child process, in a queue of its own (one at a time, four waiting): 503 with `Retry-After` "
                "when it is full, stopped at the service's time limit or as soon as the client closes the answer. "
                "One design job per client, running or waiting: another is answered 429 (quota `designs`). "
                "An empty body asks for `deduce design`'s defaults (no more steps than the service allows). "
                "`steps` is at most this service's bound (`deduce serve`'s); and `expected` is a band whose low "
                "end is at most its high end, which JSON Schema cannot state: a band upside down is refused "
                "with 422, `code: range`.",
    openapi_extra={"requestBody": {"required": False, "content": {"application/json": {
        "schema": DesignRequest.model_json_schema()}}}},
)
async def post_design(request: Request, svc: ServiceDep) -> StreamingResponse:
    ask = await svc.run(read_request, await request.body(), svc.design_max_steps)
    events = svc.design(design_job, ask, gone=request.is_disconnected)
    first = await anext(events)  # waits for a place in the queue: Busy (503) comes before the answer begins
    lang = request_lang(request.scope)  # a failure once the answer has begun is its last line, in this language

    async def answer() -> AsyncIterator[bytes]:
        kind, value = first
        try:
            while True:
                yield line({kind if kind == "progress" else "design": value})
                kind, value = await anext(events)
        except StopAsyncIteration:
            return
        except InputError as exc:
            yield line({"errors": problems_json(exc.problems, lang)})
        except JobFailed as exc:
            log.error("design job failed: %s", exc)
            yield line({"errors": [Problem((), service_words("design.failed"), "failed").to_json(lang)]})
        finally:
            await events.aclose()

    return StreamingResponse(answer(), media_type=NDJSON, headers={"Vary": "Accept-Language"})
