"""``python -m rulekeeper``: the ``rulekeeper`` command."""

from rulekeeper.cli import main

main()
