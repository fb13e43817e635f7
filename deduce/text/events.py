"""The words of the game's events, in English, Italian and Russian (SPEC 8).

The rules emit events as a stable code and parameters (:mod:`deduce.game.events`); this
table turns them into words. Fields in braces are filled with names in the same language
(places, landmarks, ladies, traits, fog cards). A phrase that depends on a number has one
entry per plural form, ``code.one``, ``code.few``, ``code.many`` or ``code.other``
(:func:`plural`).
"""

from __future__ import annotations

EVENT_PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "pass": "You wait.",
        "move": "You go to {location}.",
        "key": "You claim the key of {location}; {left} to go.",
        "key.last": "You claim the key of {location}; every key is yours: the suit card can be revealed.",
        "not-found": "She is not at {location}.",
        "found": "She is here, at {location}, but the clue deck is empty.",
        "clue.found": "She is here, at {location}! Clue: {lady} ({traits}).",
        "clue.suit-card": "You turn over the suit card from under the keys: {lady} ({traits}).",
        "fog": "Fog card: {card}. {text}",
        "glimpse.fog": "The card after next is a fog card.",
        "glimpse.landmark": "The card after next shows the landmark {landmark}.",
        "lantern.here": "In the lantern's light: she is here, at {location}.",
        "lantern.not-here": "In the lantern's light: she is not at {location}.",
        "slip": "She slips one card further along her path.",
        "damp": "The top card of the fog deck is discarded.",
        "lost-key": "The key of {location} goes back on the stack.",
        "lost-key.moot": "The suit card is already yours: the keys no longer matter.",
        "keyhole.fog": "The next card is a fog card: the keyhole shows nothing.",
        "keyhole.there": "Next turn she will be at {location}.",
        "keyhole.not-there": "Next turn she will not be at {location}.",
        "flee.one": "She flees {cards} card along her path, unseen.",
        "flee.other": "She flees {cards} cards along her path, unseen.",
        "countdown": "The countdown card comes up and is turned to {countdown}.",
        "top.fog": "The top card is a fog card.",
        "top.landmark": "The top card shows the landmark {landmark}.",
        "end.unmasked": "You unmask the Dark Lady: {lady}. You win!",
        "end.wrong-traits": "The Dark Lady is {lady}; your traits do not match.",
        "end.countdown": "The countdown card comes up showing 0: time has run out.",
        "end.no-fog-card.search": "No fog card was left to slide under the stealth card: the Lady is lost.",
        "end.no-fog-card.fog": "No fog card was left to slide under the fog card: the Lady is lost.",
        "end.fog-impossible.damp": "There is no fog card to discard: the action cannot be carried out.",
        "end.fog-impossible.lost-key": "You do not hold the key of your location: the action cannot be carried out.",
        "end.fog-impossible.no-choice": "There is no way to carry out this fog action.",
    },
    "it": {
        "pass": "Aspetti.",
        "move": "Vai al luogo «{location}».",
        "key": "Prendi la chiave del luogo «{location}»; ne mancano {left}.",
        "key.last": "Prendi la chiave del luogo «{location}»; hai tutte le chiavi: puoi scoprire la carta del seme.",
        "not-found": "Non è nel luogo «{location}».",
        "found": "È qui, nel luogo «{location}», ma il mazzo degli indizi è vuoto.",
        "clue.found": "È qui, nel luogo «{location}»! Indizio: {lady} ({traits}).",
        "clue.suit-card": "Scopri la carta del seme da sotto le chiavi: {lady} ({traits}).",
        "fog": "Carta Nebbia: {card}. {text}",
        "glimpse.fog": "La carta dopo la prossima è una carta Nebbia.",
        "glimpse.landmark": "La carta dopo la prossima mostra il simbolo {landmark}.",
        "lantern.here": "Alla luce della lanterna: lei è qui, nel luogo «{location}».",
        "lantern.not-here": "Alla luce della lanterna: lei non è nel luogo «{location}».",
        "slip": "Lei scivola di una carta più avanti lungo il suo percorso.",
        "damp": "La prima carta del mazzo Nebbia viene scartata.",
        "lost-key": "La chiave del luogo «{location}» torna nella pila.",
        "lost-key.moot": "La carta del seme è già tua: le chiavi non contano più.",
        "keyhole.fog": "La prossima carta è una carta Nebbia: dalla serratura non si vede nulla.",
        "keyhole.there": "Al prossimo turno lei sarà nel luogo «{location}».",
        "keyhole.not-there": "Al prossimo turno lei non sarà nel luogo «{location}».",
        "flee.one": "Lei fugge di {cards} carta lungo il suo percorso, senza essere vista.",
        "flee.other": "Lei fugge di {cards} carte lungo il suo percorso, senza essere vista.",
        "countdown": "Esce la carta del conto alla rovescia e viene girata su {countdown}.",
        "top.fog": "La prima carta è una carta Nebbia.",
        "top.landmark": "La prima carta mostra il simbolo {landmark}.",
        "end.unmasked": "Smascheri la Dama Bruna: {lady}. Hai vinto!",
        "end.wrong-traits": "La Dama Bruna è {lady}; i tuoi tratti non corrispondono.",
        "end.countdown": "Esce la carta del conto alla rovescia e mostra 0: il tempo è scaduto.",
        "end.no-fog-card.search": "Non restava nessuna carta Nebbia da infilare sotto la carta Discrezione: "
                                  "la Dama è perduta.",
        "end.no-fog-card.fog": "Non restava nessuna carta Nebbia da infilare sotto la carta Nebbia: "
                               "la Dama è perduta.",
        "end.fog-impossible.damp": "Non c'è nessuna carta Nebbia da scartare: l'azione non si può compiere.",
        "end.fog-impossible.lost-key": "Non hai la chiave del luogo in cui ti trovi: l'azione non si può compiere.",
        "end.fog-impossible.no-choice": "Non c'è modo di compiere l'azione di questa carta Nebbia.",
    },
    "ru": {
        "pass": "Вы ждёте.",
        "move": "Вы переходите: {location}.",
        "key": "Вы забираете ключ: {location}; осталось ключей: {left}.",
        "key.last": "Вы забираете ключ: {location}; все ключи ваши: можно открыть карту масти.",
        "not-found": "Её здесь нет: {location}.",
        "found": "Она здесь ({location}), но колода улик пуста.",
        "clue.found": "Она здесь ({location})! Улика: {lady} ({traits}).",
        "clue.suit-card": "Вы переворачиваете карту масти из-под ключей: {lady} ({traits}).",
        "fog": "Карта тумана: {card}. {text}",
        "glimpse.fog": "Карта через одну — карта тумана.",
        "glimpse.landmark": "На карте через одну — ориентир {landmark}.",
        "lantern.here": "В свете фонаря: она здесь ({location}).",
        "lantern.not-here": "В свете фонаря: её здесь нет ({location}).",
        "slip": "Она незаметно продвигается по своему пути ещё на одну карту.",
        "damp": "Верхняя карта колоды тумана сбрасывается.",
        "lost-key": "Ключ возвращается в стопку: {location}.",
        "lost-key.moot": "Карта масти уже у вас: ключи больше не важны.",
        "keyhole.fog": "Следующая карта — карта тумана: в замочную скважину ничего не видно.",
        "keyhole.there": "На следующем ходу она будет там: {location}.",
        "keyhole.not-there": "На следующем ходу её там не будет: {location}.",
        "flee.one": "Она незаметно уходит по своему пути на {cards} карту.",
        "flee.few": "Она незаметно уходит по своему пути на {cards} карты.",
        "flee.many": "Она незаметно уходит по своему пути на {cards} карт.",
        "countdown": "Выходит карта обратного отсчёта, её переворачивают на {countdown}.",
        "top.fog": "Верхняя карта — карта тумана.",
        "top.landmark": "На верхней карте — ориентир {landmark}.",
        "end.unmasked": "Вы разоблачили Смуглую даму: {lady}. Вы победили!",
        "end.wrong-traits": "Смуглая дама — {lady}; ваши черты не совпадают.",
        "end.countdown": "Выходит карта обратного отсчёта с 0: время вышло.",
        "end.no-fog-card.search": "Не осталось карты тумана, чтобы подложить под карту скрытности: дама потеряна.",
        "end.no-fog-card.fog": "Не осталось карты тумана, чтобы подложить под карту тумана: дама потеряна.",
        "end.fog-impossible.damp": "Нет карты тумана, которую можно сбросить: действие невыполнимо.",
        "end.fog-impossible.lost-key": "У вас нет ключа места, где вы стоите: действие невыполнимо.",
        "end.fog-impossible.no-choice": "Действие этой карты тумана выполнить невозможно.",
    },
}


def plural(lang: str, n: int) -> str:
    """The plural form a number takes in ``lang``: ``one``/``other``, or for Russian ``one``/``few``/``many``."""
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        return "few" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else "many"
    return "one" if n == 1 else "other"


def event_phrase(lang: str, key: str, count: int | None = None) -> str:
    """The phrase for an event code in ``lang`` (English when the language is unknown);
    with ``count``, the entry for its plural form."""
    table = EVENT_PHRASES.get(lang, EVENT_PHRASES["en"])
    if count is not None:
        key = f"{key}.{plural(lang if lang in EVENT_PHRASES else 'en', count)}"
    return table[key]
