"""AI opponents for every seat of every game: information-set MCTS for any game, alpha-beta where a game
offers hooks for it. Each game's own knowledge (presets, evaluation, hooks) is its AI profile, in its package.

Import what you use from the modules: ``search`` (``choose``/``decide``: pure, synchronous, deterministic for
a seed; for tests and benches), ``worker`` (``think``: async, in a worker process, JSON state in, action key
out; for the bot), ``levels``, ``profile``, ``arena``. This package imports none of them itself, so a game
package may import the AI's building blocks without pulling in the registry. See docs/ai.md.
"""
