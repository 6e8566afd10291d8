"""The ruleset-agnostic engine: dice, decisions, events, games, boards, content, rulings."""
