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
        "heading.candidate": "1 possible Dark Lady",
        "heading.traits": "Traits",
        "heading.why": "Why",
        "column.trait": "Trait",
        "column.state": "State",
        "column.suit": "Suit",
        "column.traits": "Traits",
        "more": "… and {n} more (use --json for all)",
        "solved": "She is: {traits}.",
        "clue.card": "clue {n} ({name})",
        "clue.suit_card": "the suit card ({name})",
        "clue.typed": "clue {n} ({traits})",
        "clue.entry": "{suit} {counts}",
        "and": "and",
        "why.certain": "{trait} is certain: with {clues}, every possible Dark Lady has it.",
        "why.excluded": "{trait} is ruled out: with {clues}, no possible Dark Lady has it.",
        "why.always": "{trait} is {state} for every possible Dark Lady, whatever the clues.",
        "why.conflict": "These clues contradict each other: {clues}. Check that they were entered as printed.",
        "note.suit-card-needed": "You will need the suit card (the other card of her suit, under the location keys) "
                                 "to prove her traits.",
        "note.explain-timeout": "The explanation took too long and was left out.",
        "thousands": ",",
        "column.location": "Location",
        "column.landmark": "Landmark",
        "column.id": "Id",
        "column.neighbours": "Paths to",
        "board.heading": "{name}: {locations} locations, {paths} paths",
        "track.heading": "Stealth deck of {length} cards, {moves}: {paths} of her paths fit what you saw.",
        "track.moves.always": "she moves every turn",
        "track.moves.may_stay": "she may stay put",
        "fog.warning.risk": ("Careful: a fog card whose action cannot be carried out loses the"
                             " game. Now that would be: {cards}."),
        "fog.warning.safe": ("A fog card whose action cannot be carried out loses the game; every"
                             " fog card can be carried out now."),
        "track.contradiction": "No path of hers fits what you saw: check the slots, landmarks and searches.",
        "track.column.now": "Now (slot {slot})",
        "track.column.next": "Next turn (slot {slot})",
        "track.caption": "Her odds on slot {slot} ({which}), {paths} paths",
        "track.which.now": "now",
        "track.which.next": "next turn",
        "advice.here": "Your pawn is at {location}: she is there now with {chance}.",
        "advice.best": "Best within reach next turn: {location} ({chance}).",
        "advice.fog": "A fog card is showing: no search this turn.",
        "advice.search": "Advice: search here now.",
        "advice.move": "Advice: move to {location}.",
        "advice.stay": "Advice: stay where you are (pass) and search next turn.",
        "plan.over": "The game is over: there is nothing left to advise.",
        "plan.contradiction": "No path of hers fits the trail: there is no advice.",
        "plan.no-fog": "No fog card is left: a search or a fog action would lose the game. Wait.",
        "plan.resolve.wherry": "Take the boat along {path}: it claims the keys on the way and brings you nearer her.",
        "plan.resolve.keyhole": "Hold the next card to the key of {location}: she will be there with {chance}.",
        "plan.resolve.linkboy": "Send the boy for the key of {location}: moves it saves on your route: {steps}.",
        "plan.resolve.crowd": "Let the crowd carry you to {location}.",
        "plan.reveal.may-prove": ("Reveal the suit card first: it proves her traits with {proves}, and then you "
                                  "can confront her here."),
        "plan.reveal.proves": "Reveal the suit card: with your clues it proves her traits.",
        "plan.reveal.deck-empty": "Reveal the suit card: the clue deck is empty and only it can tell you more.",
        "plan.reveal.guess": "Reveal the suit card before naming her traits: it narrows the guess.",
        "plan.confront.proven": ("Confront her here with {traits}: your clues prove them, and she is here with "
                                 "{chance}."),
        "plan.confront.guess": ("Confront her here with {traits}, a guess right {guess}: going on to prove them would "
                                "win only {prove_in_time} before time or the fog cards run out. She is here with "
                                "{chance}."),
        "plan.search.odds": "Search here at {location}: she is here with {chance}.",
        "plan.search.cost": ("A search spends a fog card (fog cards left after it: {fog}); she then flees one card "
                             "per clue held ({cards}), one more if you find her."),
        "plan.move.chase": ("Move to {location}, towards where she is likeliest in the turns ahead: {target} "
                            "({chance})."),
        "plan.move.keys": ("Move to {location}: it is on the shortest route through the keys still to claim for "
                           "the suit card (keys: {keys}; moves: {route})."),
        "plan.move.search": "Move to {location} and search there: she is there with {chance}.",
        "plan.stay": "Stay at {location} (pass): she may come here next turn, with {chance}.",
        "plan.fog.use": ("Use the fog card on top: over the cards it may be, it is worth {value} cards more than "
                         "the best move."),
        "plan.fog.skip": "Leave the fog card on top: over the cards it may be, it is worth {value} cards less.",
        "plan.fog.top": "A fog card is on top: no search this turn.",
        "plan.wait.odds": "Do not search here yet: she is here with only {chance}.",
        "plan.time": "Cards before the countdown runs out: {slots}; fog cards left: {fog}; clues held: {clues}.",
    },
    "it": {
        "status.open": "ancora aperto",
        "status.solved": "risolto",
        "status.contradiction": "contraddizione",
        "state.certain": "certo",
        "state.excluded": "escluso",
        "state.open": "aperto",
        "heading.result": "Dama Bruna: {status}",
        "heading.suit": "Il suo seme: {suit}",
        "heading.suit_unknown": "Il suo seme: sconosciuto",
        "heading.candidates": "{n} possibili Dame Brune",
        "heading.candidate": "1 possibile Dama Bruna",
        "heading.traits": "Tratti",
        "heading.why": "Perché",
        "column.trait": "Tratto",
        "column.state": "Stato",
        "column.suit": "Seme",
        "column.traits": "Tratti",
        "more": "… e altre {n} (usa --json per vederle tutte)",
        "solved": "È lei: {traits}.",
        "clue.card": "l'indizio {n} ({name})",
        "clue.suit_card": "la carta del seme ({name})",
        "clue.typed": "l'indizio {n} ({traits})",
        "clue.entry": "{suit} {counts}",
        "and": "e",
        "why.certain": "{trait}: certo. Con {clues} ogni possibile Dama Bruna ha questo tratto.",
        "why.excluded": "{trait}: escluso. Con {clues} nessuna possibile Dama Bruna ha questo tratto.",
        "why.always": "{trait}: {state} per ogni possibile Dama Bruna, qualunque siano gli indizi.",
        "why.conflict": "Questi indizi si contraddicono: {clues}. Controlla di averli inseriti come stampati.",
        "note.suit-card-needed": "Per dimostrare i suoi tratti servirà la carta del seme (l'altra carta del suo "
                                 "seme, sotto le chiavi dei luoghi).",
        "note.explain-timeout": "La spiegazione ha richiesto troppo tempo ed è stata omessa.",
        "thousands": ".",
        "column.location": "Luogo",
        "column.landmark": "Simbolo",
        "column.id": "Id",
        "column.neighbours": "Strade verso",
        "board.heading": "{name}: {locations} luoghi, {paths} strade",
        "track.heading": "Mazzo furtivo di {length} carte, {moves}: {paths} dei suoi percorsi concordano con ciò che "
                         "hai visto.",
        "track.moves.always": "si sposta a ogni turno",
        "track.moves.may_stay": "può restare ferma",
        "fog.warning.risk": ("Attenzione: una carta Nebbia la cui azione non si può compiere fa"
                             " perdere la partita. Ora sarebbe: {cards}."),
        "fog.warning.safe": ("Una carta Nebbia la cui azione non si può compiere fa perdere la"
                             " partita; ora ogni carta Nebbia si può compiere."),
        "track.contradiction": "Nessun suo percorso concorda con ciò che hai visto: controlla posizioni, simboli e "
                               "ricerche.",
        "track.column.now": "Ora (posizione {slot})",
        "track.column.next": "Turno dopo (posizione {slot})",
        "track.caption": "Le sue probabilità alla posizione {slot} ({which}), {paths} percorsi",
        "track.which.now": "ora",
        "track.which.next": "turno dopo",
        "advice.here": "La tua pedina è a {location}: lei è lì ora con {chance}.",
        "advice.best": "Il migliore a portata il prossimo turno: {location} ({chance}).",
        "advice.fog": "È scoperta una carta nebbia: niente ricerca in questo turno.",
        "advice.search": "Consiglio: cerca qui ora.",
        "advice.move": "Consiglio: spostati a {location}.",
        "advice.stay": "Consiglio: resta dove sei (passa) e cerca il prossimo turno.",
        "plan.over": "La partita è finita: non c'è più nulla da consigliare.",
        "plan.contradiction": "Nessun suo percorso concorda con la traccia: nessun consiglio.",
        "plan.no-fog": "Non resta nessuna carta Nebbia: una ricerca o un'azione Nebbia farebbe perdere. Aspetta.",
        "plan.resolve.wherry": ("Prendi la barca lungo {path}: prende le chiavi lungo la strada e ti avvicina "
                                "a lei."),
        "plan.resolve.keyhole": "Metti la prossima carta dietro la chiave di {location}: lei sarà lì con {chance}.",
        "plan.resolve.linkboy": ("Manda il ragazzo a prendere la chiave di {location}: mosse risparmiate sul tuo "
                                 "percorso: {steps}."),
        "plan.resolve.crowd": "Lasciati portare dalla folla a {location}.",
        "plan.reveal.may-prove": ("Scopri prima la carta del seme: dimostra i suoi tratti con {proves}, e poi puoi "
                                  "smascherarla qui."),
        "plan.reveal.proves": "Scopri la carta del seme: con i tuoi indizi dimostra i suoi tratti.",
        "plan.reveal.deck-empty": ("Scopri la carta del seme: il mazzo degli indizi è vuoto e solo lei può dirti "
                                   "di più."),
        "plan.reveal.guess": "Scopri la carta del seme prima di nominare i suoi tratti: restringe l'ipotesi.",
        "plan.confront.proven": ("Smascherala qui con {traits}: i tuoi indizi li dimostrano, ed è qui con "
                                 "{chance}."),
        "plan.confront.guess": ("Smascherala qui con {traits}, un'ipotesi giusta {guess}: continuare per "
                                "dimostrarli vincerebbe solo {prove_in_time} prima che finiscano il tempo o le "
                                "carte Nebbia. È qui con {chance}."),
        "plan.search.odds": "Cerca qui, a {location}: è qui con {chance}.",
        "plan.search.cost": ("Una ricerca spende una carta Nebbia (carte Nebbia rimaste dopo: {fog}); poi lei fugge "
                             "di una carta per indizio in mano ({cards}), una in più se la trovi."),
        "plan.move.chase": ("Vai a {location}, verso dove è più probabile che sia nei prossimi turni: {target} "
                            "({chance})."),
        "plan.move.keys": ("Vai a {location}: è sul percorso più breve tra le chiavi ancora da prendere per la "
                           "carta del seme (chiavi: {keys}; mosse: {route})."),
        "plan.move.search": "Vai a {location} e cerca lì: è lì con {chance}.",
        "plan.stay": "Resta a {location} (passa): può arrivare qui il prossimo turno, con {chance}.",
        "plan.fog.use": ("Usa la carta Nebbia in cima: tra le carte che può essere, vale {value} carte più "
                         "della mossa migliore."),
        "plan.fog.skip": "Lascia la carta Nebbia in cima: tra le carte che può essere, vale {value} carte meno.",
        "plan.fog.top": "In cima c'è una carta Nebbia: niente ricerca in questo turno.",
        "plan.wait.odds": "Non cercare ancora qui: è qui solo con {chance}.",
        "plan.time": ("Carte prima che scada il conto alla rovescia: {slots}; carte Nebbia rimaste: {fog}; "
                      "indizi in mano: {clues}."),
    },
    "ru": {
        "status.open": "не решено",
        "status.solved": "решено",
        "status.contradiction": "противоречие",
        "state.certain": "точно есть",
        "state.excluded": "исключено",
        "state.open": "неизвестно",
        "heading.result": "Смуглая дама: {status}",
        "heading.suit": "Её масть: {suit}",
        "heading.suit_unknown": "Её масть: неизвестна",
        "heading.candidates": "Возможных Смуглых дам: {n}",
        "heading.candidate": "Возможная Смуглая дама: одна",
        "heading.traits": "Черты",
        "heading.why": "Почему",
        "column.trait": "Черта",
        "column.state": "Состояние",
        "column.suit": "Масть",
        "column.traits": "Черты",
        "more": "… и ещё {n} (все — с --json)",
        "solved": "Это она: {traits}.",
        "clue.card": "улика {n} ({name})",
        "clue.suit_card": "карта масти ({name})",
        "clue.typed": "улика {n} ({traits})",
        "clue.entry": "{suit} {counts}",
        "and": "и",
        "why.certain": "{trait} — точно есть у каждой возможной Смуглой дамы. Это доказывают: {clues}.",
        "why.excluded": "{trait} — нет ни у одной возможной Смуглой дамы. Это доказывают: {clues}.",
        "why.always": "{trait} — {state} для любой возможной Смуглой дамы, при любых уликах.",
        "why.conflict": "Эти улики противоречат друг другу: {clues}. Проверьте, что они введены как напечатано.",
        "note.suit-card-needed": "Чтобы доказать её черты, понадобится карта масти (вторая карта её масти, под "
                                 "ключами локаций).",
        "note.explain-timeout": "Объяснение заняло слишком много времени и опущено.",
        "thousands": "\u00a0",
        "column.location": "Место",
        "column.landmark": "Ориентир",
        "column.id": "Id",
        "column.neighbours": "Пути к",
        "board.heading": "{name}: мест — {locations}, путей — {paths}",
        "track.heading": "Колода скрытности из {length} карт, {moves}: с увиденным согласуются её пути — {paths}.",
        "track.moves.always": "она ходит каждый ход",
        "track.moves.may_stay": "она может оставаться на месте",
        "fog.warning.risk": ("Осторожно: карта тумана, действие которой нельзя выполнить, означает"
                             " поражение. Сейчас это: {cards}."),
        "fog.warning.safe": ("Карта тумана, действие которой нельзя выполнить, означает поражение;"
                             " сейчас можно выполнить действие любой карты тумана."),
        "track.contradiction": "Ни один её путь не согласуется с увиденным: проверьте номера карт, ориентиры и поиски.",
        "track.column.now": "Сейчас (карта {slot})",
        "track.column.next": "Следующий ход (карта {slot})",
        "track.caption": "Её шансы на карте {slot} ({which}), путей: {paths}",
        "track.which.now": "сейчас",
        "track.which.next": "следующий ход",
        "advice.here": "Ваша фишка в месте «{location}»: она там сейчас с вероятностью {chance}.",
        "advice.best": "Лучшее место в пределах хода на следующий ход: «{location}» ({chance}).",
        "advice.fog": "Открыта карта тумана: в этот ход искать нельзя.",
        "advice.search": "Совет: ищите здесь сейчас.",
        "advice.move": "Совет: перейдите в «{location}».",
        "advice.stay": "Совет: оставайтесь на месте (пас) и ищите на следующем ходу.",
        "plan.over": "Партия окончена: советовать больше нечего.",
        "plan.contradiction": "Ни один её путь не согласуется со следом: совета нет.",
        "plan.no-fog": "Карт тумана не осталось: поиск или действие тумана проиграет партию. Ждите.",
        "plan.resolve.wherry": "Плывите на лодке через {path}: ключи по пути ваши, и вы ближе к ней.",
        "plan.resolve.keyhole": "Приложите следующую карту к ключу места {location}: она будет там с шансом {chance}.",
        "plan.resolve.linkboy": "Пошлите мальчика за ключом места {location}: ходов сбережено на маршруте: {steps}.",
        "plan.resolve.crowd": "Пусть толпа унесёт вас в место {location}.",
        "plan.reveal.may-prove": ("Сначала откройте карту масти: она доказывает её черты с шансом {proves}, и тогда "
                                  "её можно разоблачить здесь."),
        "plan.reveal.proves": "Откройте карту масти: вместе с вашими уликами она доказывает её черты.",
        "plan.reveal.deck-empty": "Откройте карту масти: колода улик пуста, и больше узнать можно только из неё.",
        "plan.reveal.guess": "Откройте карту масти, прежде чем называть черты: она сужает догадку.",
        "plan.confront.proven": ("Разоблачите её здесь с чертами {traits}: улики их доказывают, а она здесь с шансом "
                                 "{chance}."),
        "plan.confront.guess": ("Разоблачите её здесь с чертами {traits}, догадка верна с шансом {guess}: поиск "
                                "доказательства выиграл бы лишь с шансом {prove_in_time}, пока не кончатся время или "
                                "карты тумана. Она здесь с шансом {chance}."),
        "plan.search.odds": "Ищите здесь, в месте {location}: она здесь с шансом {chance}.",
        "plan.search.cost": ("Поиск тратит карту тумана (после него их останется: {fog}); затем она убегает на "
                             "одну карту за каждую улику на руках ({cards}) и ещё на одну, если вы её найдёте."),
        "plan.move.chase": ("Идите в место {location}, туда, где она вероятнее всего будет в ближайшие ходы: "
                            "{target} ({chance})."),
        "plan.move.keys": ("Идите в место {location}: это кратчайший маршрут через ключи, которые ещё нужны для "
                           "карты масти (ключей: {keys}; ходов: {route})."),
        "plan.move.search": "Идите в место {location} и ищите там: она там с шансом {chance}.",
        "plan.stay": "Оставайтесь в месте {location} (пас): она может прийти сюда на следующем ходу, шанс {chance}.",
        "plan.fog.use": ("Используйте карту тумана сверху: в среднем по картам, которыми она может быть, это на "
                         "{value} карт лучше лучшего хода."),
        "plan.fog.skip": ("Не используйте карту тумана сверху: в среднем по картам, которыми она может быть, это на "
                          "{value} карт хуже."),
        "plan.fog.top": "Сверху карта тумана: в этот ход искать нельзя.",
        "plan.wait.odds": "Пока не ищите здесь: она здесь лишь с шансом {chance}.",
        "plan.time": "Карт до конца отсчёта: {slots}; карт тумана осталось: {fog}; улик на руках: {clues}.",
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
