"""Run every benchmark in turn: `python -m bench`."""

import importlib
import pkgutil
import sys

import bench

for info in sorted(pkgutil.iter_modules(bench.__path__), key=lambda m: m.name):
    if info.name.startswith("_"):
        continue
    module = importlib.import_module(f"bench.{info.name}")
    print(f"\n== bench.{info.name} ==", flush=True)
    sys.argv = [f"bench.{info.name}"]
    module.main()
