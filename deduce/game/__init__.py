"""The game engine (SPEC 8): the rules, the player's view of them, and the plan.

The rules and their own vocabulary:

- :mod:`~deduce.game.material`: what a game is played with (:class:`Rules`, stealth orders);
- :mod:`~deduce.game.setup`: the player's choices (:class:`Setup`) and the deal;
- :mod:`~deduce.game.modes`: what each mode changes, in one table;
- :mod:`~deduce.game.actions`: the typed actions, and the fog card waiting for an answer;
- :mod:`~deduce.game.parse`: action documents read into typed actions;
- :mod:`~deduce.game.outcome`: how a game stands and how it ended (state, end, verdict);
- :mod:`~deduce.game.hand`: the cards in hand as a WHO question, asked by the state, the view and the plan;
- :mod:`~deduce.game.turn`: what may be done now, the one rule for the legal actions;
- :mod:`~deduce.game.table`: everything on the table, hidden and visible alike;
- :mod:`~deduce.game.state`: the rules' state, one typed action applied at a time;
- :mod:`~deduce.game.fogeffects`: each fog action's effect, a registered unit;
- :mod:`~deduce.game.fog` and :mod:`~deduce.game.fogfile`: the fog cards and their file;
- :mod:`~deduce.game.scoring`: score and rank;
- :mod:`~deduce.game.events`: events, a stable code and parameters, and their words;
- :mod:`~deduce.game.refusals`: why the rules refuse an action, a stable code and parameters, and their words;
- :mod:`~deduce.game.trail`: the player's trail, and the tracking query built from it alone;
- :mod:`~deduce.game.replay`: games rebuilt from their actions, and those recorded under older rules;
- :mod:`~deduce.game.game`: :class:`Game`, the facade: an action document parsed, then applied.

What the player knows, and what to do about it:

- :mod:`~deduce.game.view`: what the player knows (:class:`PlayerView`), observed from the state, and the VIEW JSON;
- :mod:`~deduce.game.situation`: a game at the table as its player describes it, read into the plan's input;
- :mod:`~deduce.game.plan`: the plan, the one action to take now and why (and :class:`PlanBot`, which plays by it);
- :mod:`~deduce.game.hints`: WHO, WHERE, WHO progress and the plan from a view;
- :mod:`~deduce.game.steps`: hints in three steps, a nudge, the focus, then the answer;
- :mod:`~deduce.game.standing`: how the game stands, the chance of winning and the points if the plan is
  followed, by playouts over hidden states drawn given the view;
- :mod:`~deduce.game.bot` and :mod:`~deduce.game.simulate`: the baseline bot, and many games played by a bot;
- :mod:`~deduce.game.store`: games kept in SQLite.
"""
