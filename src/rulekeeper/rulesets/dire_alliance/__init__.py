"""Dire Alliance: Horror. Battle Mode (``dire-alliance-battle``) is played by
``battle.play_battle``; the pieces it is built from (board state, dice, attacks,
damage, cards, healing, movement, actions and the special-action vocabulary) do not
depend on Battle Mode's turn flow and serve Raid Mode as well."""
