"""How often each fog card's action cannot be carried out when it is revealed (issue 10's fairness check).

The bot plays seeded games on every on-card sequence (positions 1-8) in each mode asked
for. Whenever a fog card lies on top, so that the player could use it, every fog card is
tried in turn as if it were that card (:meth:`Game.fog_cards_impossible_now`, the engine's
own rules on a copy of the game). A card's rate is the share of those moments at which its
action could not be carried out, which would lose the game. The goal is at most 10 % for
every card.

    .venv/bin/python -m bench.fog [--games 6] [--mode normal ...] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from dataclasses import dataclass

from deduce.game.bot import Bot
from deduce.game.game import Game
from deduce.game.material import Rules
from deduce.game.setup import parse_setup
from deduce.shipped import load_rules

#: The most a card's action may be impossible when revealed.
GOAL = 0.10


@dataclass(frozen=True)
class FogRates:
    """Moments at which a fog card could be used, and per card how many of them it could not be carried out."""

    moments: int
    impossible: Counter[str]

    def rate(self, card: str) -> float:
        return self.impossible[card] / self.moments if self.moments else 0.0


def measure(rules: Rules, modes: list[str], games: int, seed: int = 0, max_actions: int = 2000) -> FogRates:
    """Play ``games`` bot games per mode and on-card position, and count impossible fog actions."""
    rng = random.Random(seed)
    moments = 0
    impossible: Counter[str] = Counter()
    for mode in modes:
        for position in range(1, 9):
            for _ in range(games):
                doc = {"mode": mode, "sequence": {"position": position}, "seed": rng.randrange(2 ** 32)}
                game = Game.new(rules, parse_setup(rules, doc))
                bot = Bot(rules)
                while not game.over and game.version < max_actions:
                    if "fog" in game.legal_actions():
                        moments += 1
                        impossible.update(game.fog_cards_impossible_now())
                    game.act(bot.choose(game.player_view(), game.legal_actions(), game.pending))
    return FogRates(moments, impossible)


def main() -> None:
    parser = argparse.ArgumentParser(prog="bench.fog", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per mode and position (default 6)")
    parser.add_argument("--mode", action="append", help="modes to play (default: normal and expert)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rules = load_rules()
    modes = args.mode or ["normal", "expert"]
    rates = measure(rules, modes, args.games, args.seed)
    print(f"{args.games} bot games per mode ({', '.join(modes)}) and on-card position; "
          f"{rates.moments} moments with a fog card on top")
    print(f"{'fog card':36} {'impossible':>10} {'rate':>7}")
    for card in rules.fog:
        print(f"{card.name.get('en'):36} {rates.impossible[card.id]:>10} {rates.rate(card.id):>6.1%}")
    worst = max(rates.rate(card.id) for card in rules.fog)
    print(f"goal: every card at most {GOAL:.0%} -> {'met' if worst <= GOAL else 'NOT met'}")


if __name__ == "__main__":
    main()
