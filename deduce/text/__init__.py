"""Shared words: names in several languages and the phrase tables the renderers speak."""
