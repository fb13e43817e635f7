"""Shared words: the phrase tables in every language the game speaks."""
