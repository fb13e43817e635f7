"""The game: rules, setup, the player's view and trail, fog cards, the store and the bot."""
