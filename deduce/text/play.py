"""The words of the terminal game (``deduce play``), in English, Italian and Russian.

The events come from :mod:`deduce.text.events` and the hint reports from
:mod:`deduce.text.phrases`; this table holds the terminal's own labels: the status line,
the trail, the prompts and confirmations, and the score as the rulebook tallies it. The
editions' words are used throughout: the Dark Lady is the *Dama Bruna* and the *Смуглая
дама*; the countdown card the *carta Contatore* and the *карта отсчёта*; the ranks as
printed in each rulebook. Names of places, landmarks, traits, suits, ladies and fog cards
come from their :class:`~deduce.text.names.Names`. A phrase that depends on a number has
one entry per plural form (``key.one``, ``key.few``, ``key.many``, ``key.other``).
"""

from __future__ import annotations

from deduce.text.events import plural

PLAY_PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "seed": "Game seed {seed}: the same seed and options replay this deal.",
        "status": "{mode} · round {round} · card {card} of {length} · countdown {countdown} · "
                  "fog {fog} · keys {keys}/{total} · seed {seed}",
        "mode.training": "Training", "mode.easy": "Easy", "mode.normal": "Normal",
        "mode.advanced": "Advanced", "mode.expert": "Expert",
        "top.landmark": "Top card: {landmark} ({places})",
        "top.fog": "Top card: a fog card",
        "pawn": "You are at {place}",
        "suit": "her suit: {suit}",
        "clues": "Clues: {clues}",
        "clues.none": "Clues: none yet",
        "clue.suit-card": "suit card {lady}",
        "landmarks": "Landmarks: {landmarks}",
        "trail.title": "Trail (slot: what you saw or did)",
        "trail.title.last": "Trail, last {shown} of {total} (t: all of it)",
        "trail.landmark": "top card: {landmark}",
        "trail.fog": "top card: a fog card",
        "trail.search.found": "searched {place}: she was there",
        "trail.search.not-found": "searched {place}: not there",
        "trail.seen.found": "fog card: she is at {place}",
        "trail.seen.not-found": "fog card: she is not at {place}",
        "trail.flee.one": "she fled {cards} card, unseen",
        "trail.flee.other": "she fled {cards} cards, unseen",
        "trail.countdown": "the countdown card turned to {value}",
        "trail.fog_card": "fog card used: {card}",
        "trail.key": "key claimed: {place}",
        "trail.clue": "clue: {lady}",
        "trail.suit_card": "the suit card: {lady}",
        "actions": "{actions} │ h hints  t trail  ? help  q quit",
        "action.move": "m move", "action.search": "s search", "action.confront": "c confront",
        "action.fog": "f fog card", "action.resolve": "r answer", "action.pass": "p pass",
        "action.reveal_suit_card": "u suit card",
        "plan.title": "What to do now: {action}",
        "plan.do.move": "move to {place} ({command})",
        "plan.do.search": "search here (s)",
        "plan.do.confront": "confront her with {traits} ({command})",
        "plan.do.fog": "use the fog card on top (f)",
        "plan.do.resolve": "answer the fog card with {places} ({command})",
        "plan.do.pass": "pass (p)",
        "plan.do.reveal_suit_card": "reveal the suit card (u)",
        "plan.do.none": "nothing: the game is over",
        "progress.title": "Progress towards proving her traits",
        "progress.proven": "Your clues prove her traits: confront her where you find her.",
        "progress.suit-card.needed": "The suit card is still needed: claim every key to reveal it.",
        "progress.suit-card.not-needed": "Her traits can be proven without the suit card.",
        "progress.suit-card.revealed": "The suit card is in hand.",
        "progress.with": " (with the suit card)",
        "progress.or": " or ",
        "progress.next": "Chance the next clue proves them{with_}: {chance} (it can if it is {cards}).",
        "progress.next.none": "The next clue cannot prove them yet, whichever it is{with_}.",
        "progress.expected": "Clues still to find, on average{with_}: {n}.",
        "progress.expected.never": "The clues left may not prove them.",
        "progress.guess": "Confronting now with {traits} is right {chance}, by your clues.",
        "progress.guess.none": ("Your clues contradict each other: no three traits fit them all "
                                "(a key of this card set lies)."),
        "pending": "Fog card {card}: {text}",
        "pending.location": "Answer r NUMBER, one of: {choices}",
        "pending.to": "Answer r NUMBER, one of: {choices}",
        "pending.path": "Answer r NUMBER (or r STEP STEP), one of: {choices}",
        "help": "Commands (a location or a trait may be given by its number or its name):\n"
                "  m NUMBER    move to a neighbouring location (m alone lists them)\n"
                "  s           search here\n"
                "  c T1 T2 T3  confront her here with three traits (c alone lists them)\n"
                "  f           use the fog card on top\n"
                "  r NUMBER    answer a fog card (r STEP STEP for a path)\n"
                "  p           pass\n"
                "  u           reveal the suit card (once every key is claimed)\n"
                "  h           hints: who she can be and why, her odds and advice\n"
                "  t           the whole trail\n"
                "  ?           this help\n"
                "  q           quit",
        "more": "-- Enter for more, q to stop (or type a command) --",
        "pick.move": "Where to? m NUMBER: {choices}",
        "pick.traits": "Name three traits: c NUMBER NUMBER NUMBER. {choices}",
        "unknown.command": "Unknown command {word}: type ? for the commands.",
        "unknown.location": "No location {word}: give its number (1 to {n}) or its name.",
        "unknown.trait": "No trait {word}: give its number (1 to {n}) or its name.",
        "not-possible": "Not possible: {reason}",
        "not-next": "{place} is not next to {here}; paths lead to: {choices}.",
        "yes": "y yes",
        "confirm.confront": "Your clues do not prove {traits}. Confront her anyway? (y/n)",
        "confirm.quit": "Quit this game? (y/n)",
        "left": "Game left (seed {seed}).",
        "end.lost": "You lose.",
        "end.lady": "The Dark Lady was {lady} ({traits}).",
        "verdict.proven": "Your clues proved her traits.",
        "verdict.lucky-guess": "Your traits were a lucky guess: the clues did not prove them.",
        "verdict.wrong": "Your traits were wrong.",
        "score.title": "Score, as the rulebook counts it:",
        "score.cards-above": "Cards on top of the countdown card: {n}",
        "score.countdown": "Number {n} on the countdown card: {n} × {length}",
        "score.fog-left": "Cards left in the fog deck: {n} × 2",
        "score.training": "Played in Training mode: halved, rounding up",
        "score.easy": "Played in Easy mode",
        "score.advanced": "Played in Advanced mode",
        "score.expert": "Played in Expert mode",
        "score.discarded": "Fog cards discarded at setup: {n} × 5",
        "score.total": "Total score {score} ({rank})",
        "rank.chimney-sweeper": "chimney-sweeper", "rank.golden-lad": "golden lad/girl",
        "rank.fair-youth": "fair youth/maid", "rank.immortal-bard": "immortal bard",
    },
    "it": {
        "seed": "Seed della partita {seed}: lo stesso seed e le stesse opzioni rigiocano questa partita.",
        "status": "{mode} · turno {round} · carta {card}/{length} · Contatore {countdown} · "
                  "Nebbia {fog} · chiavi {keys}/{total} · seed {seed}",
        "mode.training": "Allenamento", "mode.easy": "Facile", "mode.normal": "Standard",
        "mode.advanced": "Avanzata", "mode.expert": "Esperto",
        "top.landmark": "Prima carta: {landmark} ({places})",
        "top.fog": "Prima carta: una carta Nebbia",
        "pawn": "Sei a {place}",
        "suit": "il suo seme: {suit}",
        "clues": "Indizi: {clues}",
        "clues.none": "Indizi: ancora nessuno",
        "clue.suit-card": "carta del seme {lady}",
        "landmarks": "Simboli: {landmarks}",
        "trail.title": "Tracce (posizione: ciò che hai visto o fatto)",
        "trail.title.last": "Tracce, ultime {shown} di {total} (t: tutte)",
        "trail.landmark": "prima carta: {landmark}",
        "trail.fog": "prima carta: una carta Nebbia",
        "trail.search.found": "cercato a {place}: era lì",
        "trail.search.not-found": "cercato a {place}: non c'era",
        "trail.seen.found": "carta Nebbia: lei è a {place}",
        "trail.seen.not-found": "carta Nebbia: lei non è a {place}",
        "trail.flee.one": "è fuggita di {cards} carta, senza essere vista",
        "trail.flee.other": "è fuggita di {cards} carte, senza essere vista",
        "trail.countdown": "la carta Contatore è girata su {value}",
        "trail.fog_card": "carta Nebbia usata: {card}",
        "trail.key": "chiave presa: {place}",
        "trail.clue": "indizio: {lady}",
        "trail.suit_card": "la carta del seme: {lady}",
        "actions": "{actions} │ h aiuti  t tracce  ? guida  q esci",
        "action.move": "m muovi", "action.search": "s cerca", "action.confront": "c smaschera",
        "action.fog": "f carta Nebbia", "action.resolve": "r rispondi", "action.pass": "p passa",
        "action.reveal_suit_card": "u carta del seme",
        "plan.title": "Cosa fare ora: {action}",
        "plan.do.move": "vai a {place} ({command})",
        "plan.do.search": "cerca qui (s)",
        "plan.do.confront": "smascherala con {traits} ({command})",
        "plan.do.fog": "usa la carta Nebbia in cima (f)",
        "plan.do.resolve": "rispondi alla carta Nebbia con {places} ({command})",
        "plan.do.pass": "passa (p)",
        "plan.do.reveal_suit_card": "scopri la carta del seme (u)",
        "plan.do.none": "nulla: la partita è finita",
        "progress.title": "A che punto è la prova dei suoi tratti",
        "progress.proven": "I tuoi indizi dimostrano i suoi tratti: smascherala dove la trovi.",
        "progress.suit-card.needed": "Serve ancora la carta del seme: prendi tutte le chiavi per scoprirla.",
        "progress.suit-card.not-needed": "I suoi tratti si possono dimostrare senza la carta del seme.",
        "progress.suit-card.revealed": "La carta del seme è in mano.",
        "progress.with": " (con la carta del seme)",
        "progress.or": " o ",
        "progress.next": "Probabilità che il prossimo indizio li dimostri{with_}: {chance} (può farlo se è {cards}).",
        "progress.next.none": "Il prossimo indizio non può ancora dimostrarli, qualunque sia{with_}.",
        "progress.expected": "Indizi ancora da trovare, in media{with_}: {n}.",
        "progress.expected.never": "Gli indizi rimasti potrebbero non dimostrarli.",
        "progress.guess": "Smascherarla ora con {traits} è giusto {chance}, secondo i tuoi indizi.",
        "progress.guess.none": ("I tuoi indizi si contraddicono: nessuna terna di tratti li rispetta tutti "
                                "(una chiave di questo mazzo mente)."),
        "pending": "Carta Nebbia {card}: {text}",
        "pending.location": "Rispondi r NUMERO, uno tra: {choices}",
        "pending.to": "Rispondi r NUMERO, uno tra: {choices}",
        "pending.path": "Rispondi r NUMERO (o r PASSO PASSO), uno tra: {choices}",
        "help": "Comandi (un luogo o un tratto si indica col suo numero o col suo nome):\n"
                "  m NUMERO    muovi in un luogo vicino (m da solo li elenca)\n"
                "  s           cerca qui\n"
                "  c T1 T2 T3  smaschera la Dama Bruna qui con tre tratti (c da solo li elenca)\n"
                "  f           usa la carta Nebbia in cima\n"
                "  r NUMERO    rispondi a una carta Nebbia (r PASSO PASSO per un percorso)\n"
                "  p           passa\n"
                "  u           scopri la carta del seme (quando hai tutte le chiavi)\n"
                "  h           aiuti: chi può essere e perché, dove può essere, consiglio\n"
                "  t           tutte le tracce\n"
                "  ?           questi comandi\n"
                "  q           esci",
        "more": "-- Invio per continuare, q per smettere (o un comando) --",
        "pick.move": "Dove? m NUMERO: {choices}",
        "pick.traits": "Indica tre tratti: c NUMERO NUMERO NUMERO. {choices}",
        "unknown.command": "Comando sconosciuto {word}: scrivi ? per i comandi.",
        "unknown.location": "Nessun luogo {word}: indica il suo numero (da 1 a {n}) o il suo nome.",
        "unknown.trait": "Nessun tratto {word}: indica il suo numero (da 1 a {n}) o il suo nome.",
        "not-possible": "Non è possibile: {reason}",
        "not-next": "{place} non è vicino a {here}; le strade portano a: {choices}.",
        "yes": "s si sì y",
        "confirm.confront": "I tuoi indizi non dimostrano {traits}. Smascherarla comunque? (s/n)",
        "confirm.quit": "Uscire da questa partita? (s/n)",
        "left": "Partita lasciata (seed {seed}).",
        "end.lost": "Hai perso.",
        "end.lady": "La Dama Bruna era {lady} ({traits}).",
        "verdict.proven": "I tuoi indizi dimostravano i suoi tratti.",
        "verdict.lucky-guess": "I tuoi tratti erano un'ipotesi fortunata: gli indizi non li dimostravano.",
        "verdict.wrong": "I tuoi tratti erano sbagliati.",
        "score.title": "Punteggio, come lo conta il regolamento:",
        "score.cards-above": "Carte dalla cima del mazzo alla carta Contatore: {n}",
        "score.countdown": "Numero {n} sulla carta Contatore: {n} × {length}",
        "score.fog-left": "Carte rimaste nel mazzo Nebbia: {n} × 2",
        "score.training": "Modalità Allenamento: dimezzato, arrotondando per eccesso",
        "score.easy": "Modalità Facile",
        "score.advanced": "Modalità Avanzata",
        "score.expert": "Modalità Esperto",
        "score.discarded": "Carte Nebbia scartate durante la preparazione: {n} × 5",
        "score.total": "Totale {score} ({rank})",
        "rank.chimney-sweeper": "Spazzacamino", "rank.golden-lad": "Ragazzo d'Oro / Ragazza d'Oro",
        "rank.fair-youth": "Bel Giovane / Bella Fanciulla", "rank.immortal-bard": "Bardo immortale",
    },
    "ru": {
        "seed": "Сид партии {seed}: тот же сид и те же параметры повторят эту раздачу.",
        "status": "{mode} · ход {round} · карта {card} из {length} · отсчёт {countdown} · "
                  "туман {fog} · ключи {keys}/{total} · сид {seed}",
        "mode.training": "Обучение", "mode.easy": "Лёгкий", "mode.normal": "Обычный",
        "mode.advanced": "Сложный", "mode.expert": "Экспертный",
        "top.landmark": "Верхняя карта: {landmark} ({places})",
        "top.fog": "Верхняя карта: карта тумана",
        "pawn": "Вы здесь: {place}",
        "suit": "её масть: {suit}",
        "clues": "Улики: {clues}",
        "clues.none": "Улики: пока нет",
        "clue.suit-card": "карта масти {lady}",
        "landmarks": "Ориентиры: {landmarks}",
        "trail.title": "След (карта: что вы видели или делали)",
        "trail.title.last": "След, последние {shown} из {total} (t: весь)",
        "trail.landmark": "верхняя карта: {landmark}",
        "trail.fog": "верхняя карта: карта тумана",
        "trail.search.found": "поиск ({place}): она была там",
        "trail.search.not-found": "поиск ({place}): её там нет",
        "trail.seen.found": "карта тумана: она там ({place})",
        "trail.seen.not-found": "карта тумана: её там нет ({place})",
        "trail.flee.one": "она незаметно ушла на {cards} карту",
        "trail.flee.few": "она незаметно ушла на {cards} карты",
        "trail.flee.many": "она незаметно ушла на {cards} карт",
        "trail.countdown": "карту отсчёта перевернули на {value}",
        "trail.fog_card": "карта тумана: {card}",
        "trail.key": "ключ взят: {place}",
        "trail.clue": "улика: {lady}",
        "trail.suit_card": "карта масти: {lady}",
        "actions": "{actions} │ h подсказки  t след  ? помощь  q выход",
        "action.move": "m идти", "action.search": "s искать", "action.confront": "c разоблачить",
        "action.fog": "f туман", "action.resolve": "r ответить", "action.pass": "p пас",
        "action.reveal_suit_card": "u карта масти",
        "plan.title": "Что делать сейчас: {action}",
        "plan.do.move": "идите в {place} ({command})",
        "plan.do.search": "ищите здесь (s)",
        "plan.do.confront": "разоблачите её с чертами {traits} ({command})",
        "plan.do.fog": "используйте карту тумана сверху (f)",
        "plan.do.resolve": "ответьте на карту тумана: {places} ({command})",
        "plan.do.pass": "пас (p)",
        "plan.do.reveal_suit_card": "откройте карту масти (u)",
        "plan.do.none": "ничего: партия окончена",
        "progress.title": "Насколько близко доказательство её черт",
        "progress.proven": "Ваши улики доказывают её черты: разоблачите её там, где найдёте.",
        "progress.suit-card.needed": "Карта масти ещё нужна: соберите все ключи, чтобы открыть её.",
        "progress.suit-card.not-needed": "Её черты можно доказать и без карты масти.",
        "progress.suit-card.revealed": "Карта масти у вас.",
        "progress.with": " (с картой масти)",
        "progress.or": " или ",
        "progress.next": "Шанс, что следующая улика докажет их{with_}: {chance} (может, если это {cards}).",
        "progress.next.none": "Следующая улика, какой бы она ни была, ещё не докажет их{with_}.",
        "progress.expected": "Сколько ещё улик найти, в среднем{with_}: {n}.",
        "progress.expected.never": "Оставшихся улик может не хватить, чтобы их доказать.",
        "progress.guess": "Разоблачить сейчас с чертами {traits}: верно {chance}, по вашим уликам.",
        "progress.guess.none": ("Ваши улики противоречат друг другу: ни одна тройка черт не подходит ко всем "
                                "(ключ этого набора карт лжёт)."),
        "pending": "Карта тумана {card}: {text}",
        "pending.location": "Ответ: r НОМЕР, один из: {choices}",
        "pending.to": "Ответ: r НОМЕР, один из: {choices}",
        "pending.path": "Ответ: r НОМЕР (или r ШАГ ШАГ), один из: {choices}",
        "help": "Команды (место или черту можно назвать номером или названием):\n"
                "  m НОМЕР     перейти в соседнее место (m без номера — список)\n"
                "  s           искать здесь\n"
                "  c Ч1 Ч2 Ч3  разоблачить Смуглую даму здесь по трём чертам (c — список)\n"
                "  f           применить карту тумана сверху\n"
                "  r НОМЕР     ответить карте тумана (r ШАГ ШАГ для пути)\n"
                "  p           пас\n"
                "  u           открыть карту масти (когда все ключи собраны)\n"
                "  h           подсказки: кем она может быть и почему, где она, совет\n"
                "  t           весь след\n"
                "  ?           эти команды\n"
                "  q           выход",
        "more": "-- Enter: дальше, q: хватит (или введите команду) --",
        "pick.move": "Куда? m НОМЕР: {choices}",
        "pick.traits": "Назовите три черты: c НОМЕР НОМЕР НОМЕР. {choices}",
        "unknown.command": "Неизвестная команда {word}: введите ? для списка команд.",
        "unknown.location": "Нет места {word}: укажите номер (от 1 до {n}) или название.",
        "unknown.trait": "Нет черты {word}: укажите номер (от 1 до {n}) или название.",
        "not-possible": "Невозможно: {reason}",
        "not-next": "{place} — не соседнее место для «{here}»; пути ведут в: {choices}.",
        "yes": "д да y yes",
        "confirm.confront": "Ваши улики не доказывают черты: {traits}. Всё равно разоблачить? (д/н)",
        "confirm.quit": "Выйти из этой партии? (д/н)",
        "left": "Партия оставлена (сид {seed}).",
        "end.lost": "Вы проиграли.",
        "end.lady": "Смуглой дамой была {lady} ({traits}).",
        "verdict.proven": "Ваши улики доказали её черты.",
        "verdict.lucky-guess": "Ваши черты угаданы: улики их не доказывали.",
        "verdict.wrong": "Ваши черты неверны.",
        "score.title": "Очки, как их считают правила:",
        "score.cards-above": "Карты над картой отсчёта: {n}",
        "score.countdown": "На карте отсчёта цифра {n}: {n} × {length}",
        "score.fog-left": "Карты в колоде тумана: {n} × 2",
        "score.training": "Уровень сложности (режим обучения): пополам, с округлением вверх",
        "score.easy": "Уровень сложности (лёгкий режим)",
        "score.advanced": "Уровень сложности (сложный режим)",
        "score.expert": "Уровень сложности (экспертный режим)",
        "score.discarded": "Карты тумана, убранные при подготовке: {n} × 5",
        "score.total": "Итоговый счёт {score}: {rank}",
        "rank.chimney-sweeper": "трубочист", "rank.golden-lad": "белокурый юнец (белокурая девица)",
        "rank.fair-youth": "прекрасный юноша (прекрасная дама)", "rank.immortal-bard": "бессмертный поэт",
    },
}


def play_phrase(lang: str, key: str, count: int | None = None, **fields: object) -> str:
    """The terminal's phrase ``key`` in ``lang`` (English when the language is unknown), with
    ``fields`` filled in; with ``count``, the entry for its plural form."""
    table = PLAY_PHRASES.get(lang, PLAY_PHRASES["en"])
    if count is not None:
        key = f"{key}.{plural(lang if lang in PLAY_PHRASES else 'en', count)}"
    return table[key].format(**fields)
