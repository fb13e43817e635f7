"""WHO: the card set, queries over the clues seen, the three engines, deductions and audits."""
