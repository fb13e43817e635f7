"""Fog cards are fair: measured with the bot, no card is impossible more than 10 % of the times it could be used."""

from __future__ import annotations

from bench.fog import GOAL, measure
from deduce.shipped import load_rules


def test_no_fog_card_is_a_near_certain_loss() -> None:
    rules = load_rules()
    rates = measure(rules, ["normal", "expert"], games=1, seed=3)
    assert rates.moments > 10, "the bot must meet fog cards on top for the measurement to mean anything"
    worst = {card.id: rates.rate(card.id) for card in rules.fog}
    assert max(worst.values()) <= GOAL, worst
