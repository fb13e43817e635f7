"""Renderers for people: plain-text reports and the map as SVG, over the core's results."""
