"""WHERE: the board, the stealth deck, tracking her over it, and advice on where to search."""
