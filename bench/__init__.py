"""Benchmarks: each prints its figures against a named peer measured in the same run."""
