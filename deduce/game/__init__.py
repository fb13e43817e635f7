"""The game engine (SPEC 8).

- :mod:`~deduce.game.material`: what a game is played with (:class:`Rules`, stealth orders);
- :mod:`~deduce.game.setup`: the player's choices (:class:`Setup`) and the deal;
- :mod:`~deduce.game.rules`: :class:`Game`, the rules, one action at a time;
- :mod:`~deduce.game.view`: what the player knows (:class:`PlayerView`), the VIEW JSON, hints;
- :mod:`~deduce.game.trail`: the player's trail, and the tracking query built from it alone;
- :mod:`~deduce.game.events`: events, a stable code and parameters, and their words;
- :mod:`~deduce.game.refusals`: why the rules refuse an action, a stable code and parameters, and their words;
- :mod:`~deduce.game.scoring`: score and rank;
- :mod:`~deduce.game.fog` and :mod:`~deduce.game.fogfile`: the fog cards and their file;
- :mod:`~deduce.game.store`: games kept in SQLite;
- :mod:`~deduce.game.bot` and :mod:`~deduce.game.simulate`: a bot, and many games played by it.
"""
