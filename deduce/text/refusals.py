"""The words of the game's refusals, in English, Italian and Russian (SPEC 8).

When the rules refuse an action they raise it as a stable code and parameters
(:mod:`deduce.game.refusals`), as they emit events; this table turns them into words. Fields
in braces are filled with names in the same language (places, traits, fog cards) or with
what was sent (``{got}``, quoted as sent; ``{action}``, ``{field}`` and ``{asks}`` are the
API's own words, kept as they are). A refusal is said as a reason, with no capital and no
full stop, so that a front end can put it after its own "Not possible: ". The English
phrase is also the refusal's message (``str()`` of the exception, the API's ``message``).
"""

from __future__ import annotations

REFUSAL_PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "not-an-action": "an action must be an object with an 'action' field; got {got}",
        "unknown-action": "unknown action {got}; expected one of: {actions}",
        "unexpected-field": "'{action}' takes no field '{field}'; it takes: {fields}",
        "takes-no-fields": "'{action}' takes no field '{field}'",
        "resolve-field": "this fog action asks for '{asks}', not '{field}'",
        "bad-location": "expected a location id such as '{example}', got {got}",
        "bad-path": "expected a list of one or two location ids",
        "bad-path-step": "unknown location {got}",
        "bad-traits": "name exactly {count} different traits from: {traits}",
        "game-over": "the game is over; no more actions",
        "fog-card-waiting": "the fog card “{card}” waits for its action first",
        "no-fog-card-waiting": "there is no fog action waiting to be resolved",
        "already-moved": "you have already moved this turn",
        "already-searched": "you have already searched this turn",
        "fog-on-top": "the top card is a fog card: you cannot search this turn",
        "not-fog-on-top": "the top card is not a fog card",
        "fog-after-action": "in Training a fog action cannot follow a move or a search",
        "suit-card-revealed": "the suit card is already revealed",
        "suit-card-keys": "the suit card is revealed only once every location key is claimed",
        "no-suit-card": "her suit has no suit card in this card set",
        "not-adjacent": "{to} is not next to {here}; you can move to: {choices}",
        "not-a-choice": "{value} is not one of the choices: {choices}",
        "replay-refused": "this game cannot be resumed under the current rules",
    },
    "it": {
        "not-an-action": "un'azione deve essere un oggetto con il campo 'action'; ricevuto: {got}",
        "unknown-action": "azione sconosciuta {got}; attesa una tra: {actions}",
        "unexpected-field": "'{action}' non prevede il campo '{field}'; prevede: {fields}",
        "takes-no-fields": "'{action}' non prevede il campo '{field}'",
        "resolve-field": "quest'azione Nebbia chiede '{asks}', non '{field}'",
        "bad-location": "atteso l'id di un luogo, come '{example}'; ricevuto: {got}",
        "bad-path": "attesa una lista di uno o due id di luoghi",
        "bad-path-step": "luogo sconosciuto {got}",
        "bad-traits": "indica esattamente {count} tratti diversi tra: {traits}",
        "game-over": "la partita è finita; non si possono compiere altre azioni",
        "fog-card-waiting": "la carta Nebbia «{card}» aspetta prima la sua azione",
        "no-fog-card-waiting": "nessuna azione Nebbia aspetta una risposta",
        "already-moved": "in questo turno hai già mosso la tua Pedina",
        "already-searched": "in questo turno hai già cercato la Dama Bruna",
        "fog-on-top": "la prima carta è una carta Nebbia: in questo turno non puoi cercare la Dama Bruna",
        "not-fog-on-top": "la prima carta non è una carta Nebbia",
        "fog-after-action": "in modalità Allenamento non puoi usare la carta Nebbia dopo aver mosso la Pedina "
                            "o cercato la Dama Bruna",
        "suit-card-revealed": "la carta del seme è già scoperta",
        "suit-card-keys": "la carta del seme si scopre solo dopo aver preso le chiavi di tutti i luoghi",
        "no-suit-card": "in questo mazzo il suo seme non ha una carta del seme",
        "not-adjacent": "il luogo «{to}» non è collegato al luogo «{here}»; puoi andare a: {choices}",
        "not-a-choice": "il luogo «{value}» non è tra le scelte: {choices}",
        "replay-refused": "questa partita non si può riprendere con le regole attuali",
    },
    "ru": {
        "not-an-action": "действие должно быть объектом с полем 'action'; получено: {got}",
        "unknown-action": "неизвестное действие {got}; ожидается одно из: {actions}",
        "unexpected-field": "у действия '{action}' нет поля '{field}'; его поля: {fields}",
        "takes-no-fields": "у действия '{action}' нет поля '{field}'",
        "resolve-field": "это действие тумана ждёт '{asks}', а не '{field}'",
        "bad-location": "ожидается id места, например '{example}'; получено: {got}",
        "bad-path": "ожидается список из одного или двух id мест",
        "bad-path-step": "неизвестное место {got}",
        "bad-traits": "назовите разные черты, ровно {count}, из этих: {traits}",
        "game-over": "партия окончена; действий больше нет",
        "fog-card-waiting": "сначала выполните действие карты тумана «{card}»",
        "no-fog-card-waiting": "ни одна карта тумана не ждёт ответа",
        "already-moved": "в этот ход вы уже переходили",
        "already-searched": "в этот ход вы уже искали Смуглую даму",
        "fog-on-top": "верхняя карта — карта тумана: в этот ход искать нельзя",
        "not-fog-on-top": "верхняя карта — не карта тумана",
        "fog-after-action": "в режиме обучения нельзя разыграть карту тумана после перехода или поиска",
        "suit-card-revealed": "карта масти уже открыта",
        "suit-card-keys": "карту масти можно открыть, только когда у вас ключи всех мест",
        "no-suit-card": "в этом наборе карт у её масти нет карты масти",
        "not-adjacent": "{to} и {here} не соединены путём; можно перейти: {choices}",
        "not-a-choice": "{value}: этого места нет среди предложенных: {choices}",
        "replay-refused": "эту партию нельзя продолжить по текущим правилам",
    },
}


def refusal_phrase(lang: str, code: str) -> str:
    """The phrase for a refusal code in ``lang`` (English when the language is unknown)."""
    return REFUSAL_PHRASES.get(lang, REFUSAL_PHRASES["en"])[code]
