"""The shipped data, kept once: installed as the package ``deduce.data`` (see ``pyproject.toml``).

- ``clues.yaml``: the card set (SPEC 4), the default of every command and of the server;
- ``board.yaml``: the map of London (SPEC 7);
- ``stealth.yaml`` and ``sequences.json``: the stealth deck and the orders it is dealt in;
- ``fog.yaml``: the fog cards.

:mod:`deduce.shipped` reads them with :mod:`importlib.resources`, from a checkout or a wheel alike.
"""
