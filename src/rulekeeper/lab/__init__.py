"""The simulation lab: batches of games, their results and statistics."""
