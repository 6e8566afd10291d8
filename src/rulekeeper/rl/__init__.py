"""The standard reinforcement-learning interfaces for every ruleset (``pip install
'rulekeeper[rl]'``).

- :func:`env`: a PettingZoo AEC environment, one agent per seat.
- :func:`single_env`: a Gymnasium environment, one seat against bots.

Both drive games through the decision contract only (views, pending options, results);
see docs/rl.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rulekeeper.core.errors import UsageError
from rulekeeper.rl.encoding import Encoder, HashingEncoder
from rulekeeper.rl.games import DEFAULT_ACTIONS, GameMaker

if TYPE_CHECKING:
    from rulekeeper.rl.aec import RulekeeperEnv
    from rulekeeper.rl.single import SingleSeatEnv

__all__ = ["Encoder", "HashingEncoder", "env", "single_env"]


def env(ruleset: str, *, scenario: str | None = None, options: Mapping[str, Any] | None = None,
        rulings: Mapping[str, str] | None = None, content: str | None = None,
        content_set: Mapping[str, Any] | None = None, actions: int = DEFAULT_ACTIONS,
        encoder: Encoder | None = None, log: bool = False,
        render_mode: str | None = None) -> RulekeeperEnv:
    """A PettingZoo AEC environment playing ``ruleset``'s games.

    Args:
        ruleset: a registered ruleset id (``NAME`` for its newest version, or ``NAME-vN``).
        scenario, options, rulings, content, content_set: the games' settings, as
            ``new_game`` takes them.
        actions: the size of the action space: the most options one decision may offer.
        encoder: makes observations from views; None: the generic :class:`HashingEncoder`.
        log: record the games' events (slower).
        render_mode: ``"ansi"`` for a text picture of the game, or None.
    """
    _check_installed()
    from rulekeeper.rl.aec import RulekeeperEnv

    maker = GameMaker(ruleset, scenario, options, rulings, content, content_set, actions,
                      encoder, log)
    return RulekeeperEnv(maker, _render_mode(render_mode))


def single_env(ruleset: str, *, seat: str | None = None, opponent: str | None = None,
               scenario: str | None = None, options: Mapping[str, Any] | None = None,
               rulings: Mapping[str, str] | None = None, content: str | None = None,
               content_set: Mapping[str, Any] | None = None, actions: int = DEFAULT_ACTIONS,
               encoder: Encoder | None = None, log: bool = False,
               render_mode: str | None = None) -> SingleSeatEnv:
    """A Gymnasium environment: the learner plays ``seat`` (default: the first), an agent
    spec plays every other seat (``opponent``, default the ruleset's bot: ``heuristic``,
    ``random``, ``mcts:budget=50``...). Other arguments as :func:`env`."""
    _check_installed()
    from rulekeeper.rl.single import SingleSeatEnv

    maker = GameMaker(ruleset, scenario, options, rulings, content, content_set, actions,
                      encoder, log)
    return SingleSeatEnv(maker, seat, opponent, _render_mode(render_mode))


def _render_mode(mode: str | None) -> str | None:
    if mode not in (None, "ansi"):
        raise UsageError(f"render_mode {mode!r}: the environments render 'ansi' text or nothing")
    return mode


def _check_installed() -> None:
    try:
        import gymnasium  # noqa: F401
        import pettingzoo  # noqa: F401
    except ImportError:
        raise UsageError("rulekeeper.rl needs the rl extra: pip install 'rulekeeper[rl]'") from None
