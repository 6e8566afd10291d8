"""Raid Mode of Dire Alliance: Horror (``dire-alliance-raid``): one to four heroes against a
villain and its minions, whose every choice the rules make. Built on the shared pieces of
the package (board, dice, attacks, card piles, healing, movement, the special-action
vocabulary), with Raid's own setup, round, heroes, enemies and goals in this subpackage."""
