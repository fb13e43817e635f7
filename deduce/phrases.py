"""The words the human-facing renderers use, in English, Italian and Russian.

Trait, suit and lady names come from the card set; everything else a player reads
comes from here, so a renderer never hard-codes English.
"""

from __future__ import annotations

LANGS = ("en", "it", "ru")

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "status.open": "still open",
        "status.solved": "solved",
        "status.contradiction": "contradiction",
        "state.certain": "certain",
        "state.excluded": "ruled out",
        "state.open": "open",
        "heading.result": "Dark Lady: {status}",
        "heading.suit": "Her suit: {suit}",
        "heading.suit_unknown": "Her suit: unknown",
        "heading.candidates": "{n} possible Dark Ladies",
        "heading.traits": "Traits",
        "heading.why": "Why",
        "column.trait": "Trait",
        "column.state": "State",
        "column.suit": "Suit",
        "column.traits": "Traits",
        "more": "… and {n} more (use --json for all)",
        "solved": "She is: {traits}.",
        "clue.card": "clue {n} ({name})",
        "clue.typed": "clue {n} ({traits})",
        "clue.entry": "{suit} {counts}",
        "and": "and",
        "why.certain": "{trait} is certain: with {clues}, every possible Dark Lady has it.",
        "why.excluded": "{trait} is ruled out: with {clues}, no possible Dark Lady has it.",
        "why.always": "{trait} is {state} for every possible Dark Lady, whatever the clues.",
        "why.conflict": "These clues contradict each other: {clues}. Check that they were entered as printed.",
        "note.suit-card-needed": "You will need the suit card (the other card of her suit, under the location keys) to prove her traits.",
        "note.explain-timeout": "The explanation took too long and was left out.",
    },
    "it": {
        "status.open": "ancora aperto",
        "status.solved": "risolto",
        "status.contradiction": "contraddizione",
        "state.certain": "certo",
        "state.excluded": "escluso",
        "state.open": "aperto",
        "heading.result": "Dama Nera: {status}",
        "heading.suit": "Il suo seme: {suit}",
        "heading.suit_unknown": "Il suo seme: sconosciuto",
        "heading.candidates": "{n} possibili Dame Nere",
        "heading.traits": "Tratti",
        "heading.why": "Perché",
        "column.trait": "Tratto",
        "column.state": "Stato",
        "column.suit": "Seme",
        "column.traits": "Tratti",
        "more": "… e altre {n} (usa --json per vederle tutte)",
        "solved": "È lei: {traits}.",
        "clue.card": "indizio {n} ({name})",
        "clue.typed": "indizio {n} ({traits})",
        "clue.entry": "{suit} {counts}",
        "and": "e",
        "why.certain": "{trait}: certo. Con {clues} ogni possibile Dama Nera ha questo tratto.",
        "why.excluded": "{trait}: escluso. Con {clues} nessuna possibile Dama Nera ha questo tratto.",
        "why.always": "{trait}: {state} per ogni possibile Dama Nera, qualunque siano gli indizi.",
        "why.conflict": "Questi indizi si contraddicono: {clues}. Controlla di averli inseriti come stampati.",
        "note.suit-card-needed": "Per dimostrare i suoi tratti servirà la carta del seme (l'altra carta del suo seme, sotto le chiavi dei luoghi).",
        "note.explain-timeout": "La spiegazione ha richiesto troppo tempo ed è stata omessa.",
    },
    "ru": {
        "status.open": "не решено",
        "status.solved": "решено",
        "status.contradiction": "противоречие",
        "state.certain": "точно есть",
        "state.excluded": "исключено",
        "state.open": "неизвестно",
        "heading.result": "Тёмная леди: {status}",
        "heading.suit": "Её масть: {suit}",
        "heading.suit_unknown": "Её масть: неизвестна",
        "heading.candidates": "Возможных Тёмных леди: {n}",
        "heading.traits": "Черты",
        "heading.why": "Почему",
        "column.trait": "Черта",
        "column.state": "Состояние",
        "column.suit": "Масть",
        "column.traits": "Черты",
        "more": "… и ещё {n} (все — с --json)",
        "solved": "Это она: {traits}.",
        "clue.card": "улика {n} ({name})",
        "clue.typed": "улика {n} ({traits})",
        "clue.entry": "{suit} {counts}",
        "and": "и",
        "why.certain": "{trait} — точно есть: при {clues} эта черта есть у каждой возможной Тёмной леди.",
        "why.excluded": "{trait} — исключено: при {clues} этой черты нет ни у одной возможной Тёмной леди.",
        "why.always": "{trait} — {state} для любой возможной Тёмной леди, при любых уликах.",
        "why.conflict": "Эти улики противоречат друг другу: {clues}. Проверьте, что они введены как напечатано.",
        "note.suit-card-needed": "Чтобы доказать её черты, понадобится карта масти (вторая карта её масти, под ключами локаций).",
        "note.explain-timeout": "Объяснение заняло слишком много времени и опущено.",
    },
}


def phrase(lang: str, key: str, **fields: object) -> str:
    """The phrase ``key`` in ``lang`` (English when missing), with ``fields`` filled in."""
    table = PHRASES.get(lang, PHRASES["en"])
    return table.get(key, PHRASES["en"][key]).format(**fields)


def join(lang: str, items: list[str]) -> str:
    """``a, b and c`` in the given language."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {phrase(lang, 'and')} " + items[-1]
