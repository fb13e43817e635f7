"""The game engine (SPEC 8).

- :mod:`~deduce.game.material`: what a game is played with (:class:`Rules`, stealth orders);
- :mod:`~deduce.game.setup`: the player's choices (:class:`Setup`) and the deal;
- :mod:`~deduce.game.rules`: :class:`Game`, the facade: an action document parsed, then applied;
- :mod:`~deduce.game.actions` and :mod:`~deduce.game.parse`: the typed actions, and documents read into them;
- :mod:`~deduce.game.state`: the rules' state, its legal actions, one typed action applied;
- :mod:`~deduce.game.fogeffects`: each fog action's effect, a registered unit;
- :mod:`~deduce.game.replay`: games rebuilt from their actions, and those recorded under older rules;
- :mod:`~deduce.game.view`: what the player knows (:class:`PlayerView`), built from the state, and the VIEW JSON;
- :mod:`~deduce.game.trail`: the player's trail, and the tracking query built from it alone;
- :mod:`~deduce.game.events`: events, a stable code and parameters, and their words;
- :mod:`~deduce.game.refusals`: why the rules refuse an action, a stable code and parameters, and their words;
- :mod:`~deduce.game.scoring`: score and rank;
- :mod:`~deduce.game.fog` and :mod:`~deduce.game.fogfile`: the fog cards and their file;
- :mod:`~deduce.game.store`: games kept in SQLite;
- :mod:`~deduce.game.bot` and :mod:`~deduce.game.simulate`: a bot, and many games played by it.
"""
